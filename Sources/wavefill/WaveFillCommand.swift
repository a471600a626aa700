import WaveFill
import WaveFillApp
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

@main
struct WaveFillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wavefill",
        abstract: "The wave-fill loading indicator: text (or an image) filling with waves, rendered exactly.",
        discussion: """
        Frames follow docs/SCENE.md: the text "du" in DejaVu Sans Bold as a container, a sine (front) \
        and a cosine (back) wave masked by it, the phase advancing 8 degrees per frame and the waves \
        rising over 300 frames. --scene marquee|stroke|spread|morph draws the rest of the family. Every \
        scene flag is listed under each subcommand's --help.
        """,
        version: wavefillVersion,
        subcommands: [RunCommand.self, RenderCommand.self, ExportCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self)

    /// Exits 0, or 1 with one line on stderr when something written to stdout did not get there
    /// (stdout is /dev/full, a closed pipe, a full disk).
    static func exitAfterOutput() -> Never {
        if let why = StandardOutput.checkedFlush() {
            StandardError.line("wavefill: error: cannot write to standard output: \(why)")
            Glibc.exit(1)
        }
        Glibc.exit(0)
    }

    /// Parses and runs, printing errors as one line on stderr (exit 64 for bad input, 1 for failures).
    static func main() {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let drawing = ["run", "render", "export"]
            // The scene settings are taken off the command line by their declarations; the rest is
            // the subcommand's own options.
            let sub = arguments.first.flatMap { ["run", "render", "export", "bench", "help"].contains($0) ? $0 : nil }
            var rest = arguments
            if drawing.contains(sub ?? "run") {
                let split = try SettingArguments.split(arguments)
                SceneOptions.settings = split.settings
                rest = split.rest
            }
            if let sub, rest.contains("--help") || rest.contains("-h") || (sub == "help" && arguments.count > 1) {
                let name = sub == "help" ? arguments[1] : sub
                if drawing.contains(name) {
                    let command: any ParsableCommand.Type = name == "render" ? RenderCommand.self : name == "export" ? ExportCommand.self : RunCommand.self
                    print(helpMessage(for: command))
                    print(SettingArguments.help())
                    exitAfterOutput()
                }
            }
            var command = try parseAsRoot(rest)
            try command.run()
            exitAfterOutput()
        } catch let e as ParameterError {
            StandardError.line("wavefill: error: " + bounded("\(e)"))
            Glibc.exit(64)
        } catch let e as SettingError {
            StandardError.line("wavefill: error: " + bounded("\(ParameterError(e))"))
            Glibc.exit(64)
        } catch let e as CLIError {
            StandardError.line("wavefill: error: " + bounded(e.message))
            Glibc.exit(e.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                exitAfterOutput()
            }
            let text = message(for: error)
            if text.isEmpty {                       // e.g. a plain ExitCode
                Glibc.exit(code.rawValue)
            }
            let first = text.split(separator: "\n").first.map(String.init) ?? text
            StandardError.line("wavefill: error: " + bounded(first) + " (see 'wavefill --help')")
            Glibc.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// An error line of at most 400 characters: a long one keeps its start and its end (where what
    /// would be accepted is said), with "..." between, so no input echoes unbounded.
    static func bounded(_ line: String) -> String {
        guard line.count > 400 else { return line }
        return String(line.prefix(240)) + " ... " + String(line.suffix(155))
    }
}

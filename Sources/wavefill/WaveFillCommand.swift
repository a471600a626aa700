// wavefill: the command line. Parses flags into WaveParameters, wires the library modules
// together and reports; it holds no rendering logic.
import WaveFill
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The tool's version.
let wavefillVersion = "0.1.0"

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

    /// Parses and runs, printing errors as one line on stderr (exit 64 for bad input, 1 for failures).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let e as ParameterError {
            StandardError.line("wavefill: error: \(e)")
            Glibc.exit(64)
        } catch let e as SettingError {
            StandardError.line("wavefill: error: \(ParameterError(e))")
            Glibc.exit(64)
        } catch let e as CLIError {
            StandardError.line("wavefill: error: \(e.message)")
            Glibc.exit(e.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let text = message(for: error)
            if text.isEmpty {                       // e.g. a plain ExitCode
                Glibc.exit(code.rawValue)
            }
            let first = text.split(separator: "\n").first.map(String.init) ?? text
            StandardError.line("wavefill: error: \(first) (see 'wavefill --help')")
            Glibc.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }
}

/// A failure to report as one line, with an exit status.
struct CLIError: Error {
    var message: String
    var code: Int32 = 1
    init(_ message: String, code: Int32 = 1) { self.message = message; self.code = code }
}

/// Writes to file descriptor 2 (stderr) without touching C's global `stderr` from Swift 6 code.
enum StandardError {
    static func line(_ s: String) { write(s + "\n") }
    static func write(_ s: String) {
        var bytes = Array(s.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + off, $0.count - off) }
            if n <= 0 { break }
            off += n
        }
    }
    /// True when stderr is a terminal (progress lines are shown only then).
    static var isTerminal: Bool { isatty(2) != 0 }
}

/// A progress line on stderr, redrawn in place, only when stderr is a terminal.
struct Progress {
    let total: Int
    let label: String
    let enabled = StandardError.isTerminal
    private var last = -1
    init(total: Int, label: String) { self.total = total; self.label = label }
    mutating func update(_ done: Int) {
        guard enabled, total > 1 else { return }
        let pct = done * 100 / max(total, 1)
        if pct == last && done != total { return }
        last = pct
        StandardError.write("\r\(label) \(done)/\(total) (\(pct)%)")
        if done == total { StandardError.write("\n") }
    }
}

import WaveFill
import SDLHost

/// What both window sessions (the wave and the other scenes) do alike: replaying `--script` at its
/// ticks and saving `--screenshot` from the renderer's read-back.
@MainActor
enum WindowSupport {
    /// Performs the script entries due by tick `tick`, starting at `next` (advanced past them).
    static func replay(_ script: InputScript?, from next: inout Int, at tick: Int, on window: SDLWindow) {
        guard let entries = script?.entries else { return }
        while next < entries.count, entries[next].tick <= tick {
            window.perform(entries[next].action)
            next += 1
        }
    }

    /// Reads back the last presented frame and writes it to `path` (atomically); says so on stdout.
    static func saveScreenshot(_ window: SDLWindow, presented: Int, to path: String, frame: Int) throws {
        guard presented > 0 else { throw CLIError("--screenshot: no frame was presented") }
        let shot: Pixmap
        do { shot = try window.readBack() } catch { throw CLIError("cannot read the frame back: \(error)") }
        do { try PNGFile.write(shot, to: path) } catch { throw CLIError("--screenshot: \(error)") }
        StandardOutput.line("screenshot \(shot.width)x\(shot.height) of frame \(frame) saved to \(path)")
    }
}

import WaveFill
import SDLHost

/// What both window sessions (the wave and the other scenes) do alike: replaying `--script` at its
/// ticks and saving `--screenshot` from the renderer's read-back.
@MainActor
enum WindowSupport {
    /// Performs the script entries due by tick `tick`, starting at `next` (advanced past them).
    static func replay(_ script: InputScript?, from next: inout Int, at tick: Int, on window: SDLWindow) {
        guard let entries = script?.entries else { return }
        if let missing = window.performPending() {
            StandardError.line("wavefill: --script: tick \(tick): no panel control '\(missing)' was drawn in 60 ticks")
        }
        // Entries after one still waiting for its panel control wait too, so they run in order.
        while next < entries.count, entries[next].tick <= tick, !window.hasPendingInput {
            if !window.perform(entries[next].action), case .panel(let p) = entries[next].action {
                StandardError.line("wavefill: --script: tick \(entries[next].tick): no panel control '\(p.target)' on screen (Tab shows the panel; a drop-down's items exist while it is open)")
            }
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

import SDLHost
import WaveFill

/// The window's key bindings: what each key does, and the help that lists them (shown by `?` in the
/// overlay and by `wavefill run --help`), kept side by side so they cannot disagree.
public enum LiveControls {
    /// What a key asks for.
    public enum Command: Equatable {
        /// A change to the tuned state.
        case tune(WaveTuner.Action)
        /// Save the current frame as PNG.
        case save
        /// Print the equivalent command line.
        case printCommandLine
        /// Quit.
        case quit
    }

    public static func command(for key: HostKey) -> Command? {
        switch key {
        case .space: return .tune(.togglePause)
        case .up: return .tune(.amplitude(1))
        case .down: return .tune(.amplitude(-1))
        case .right: return .tune(.phaseStep(1))
        case .left: return .tune(.phaseStep(-1))
        case .rightBracket: return .tune(.frequency(1))
        case .leftBracket: return .tune(.frequency(-1))
        case .digit(let d): return .tune(.progress(Double(d) / 10))
        case .escape: return .quit
        case .character(let c):
            switch c {
            case "a": return .tune(.progress(nil))
            case "t": return .tune(.toggleTimeBased)
            case "r": return .tune(.restart)
            case "f": return .tune(.toggleStats)
            case "?", "h": return .tune(.toggleHelp)
            case "s": return .save
            case "c": return .printCommandLine
            case "q": return .quit
            default: return nil
            }
        }
    }

    public static let helpLines = [
        "space       pause / resume",
        "up / down   amplitude +1 / -1 px",
        "right/left  phase step +1 / -1 deg per frame",
        "] / [       frequency +0.05 / -0.05",
        "0 ... 9     progress 0 ... 90 %",
        "a           back to the repeating rise",
        "mouse drag  progress (up = fuller)",
        "t           frame-based / time-based stepping",
        "r           restart at frame 0",
        "s           save the frame on screen as PNG",
        "c           print the command line",
        "f           stats overlay (fps, frame time, frame, phase, progress)",
        "? or h      help overlay",
        "q, Esc      quit",
    ]

    /// The same, short enough for the overlay of the default 400x310 window.
    public static let overlayLines = [
        "space    pause / resume",
        "up/down  amplitude +-1 px",
        "<- ->    phase step -+1 deg",
        "[ ]      frequency -+0.05",
        "0-9      progress 0-90 %",
        "a        repeating rise",
        "drag     progress",
        "t        frame / time-based",
        "r        restart",
        "s        save PNG",
        "c        print command line",
        "f        stats",
        "? h      help",
        "q Esc    quit",
    ]
}

import CSDL2

/// Why the window could not be opened or used.
public enum SDLError: Error, Equatable, CustomStringConvertible {
    /// There is no display to open a window on (no X11/Wayland display, or only SDL's offscreen or
    /// dummy drivers, which were not asked for).
    case noDisplay(String)
    /// An SDL call failed: the call and SDL's own message.
    case call(String, String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .noDisplay(let why): return "no display found (\(why))"
        case .call(let fn, let message): return "\(fn) failed: \(message)"
        }
    }

    /// The failure of `function`, with `SDL_GetError()`.
    static func last(_ function: String) -> SDLError {
        .call(function, String(cString: SDL_GetError()))
    }
}

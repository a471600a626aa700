/// A key the host reports, independent of SDL's key codes.
public enum HostKey: Hashable, Sendable, CustomStringConvertible {
    /// The space bar.
    case space
    /// Tab, Enter (Return or the keypad's), Backspace.
    case tab, enter, backspace
    /// Arrow keys.
    case up, down, left, right
    /// `[` and `]`.
    case leftBracket, rightBracket
    /// Escape.
    case escape
    /// A digit key 0...9 (main row or keypad).
    case digit(Int)
    /// A printable key, lower-case (`?` for shift + slash).
    case character(Character)

    /// The name used by `--script` (`space`, `up`, `[`, `5`, `q`, `esc`, ...).
    public var description: String {
        switch self {
        case .space: return "space"
        case .tab: return "tab"
        case .enter: return "enter"
        case .backspace: return "backspace"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .escape: return "esc"
        case .digit(let d): return String(d)
        case .character(let c): return String(c)
        }
    }

    /// Parses a `--script` key name; nil when unknown.
    public init?(name: String) {
        switch name.lowercased() {
        case "space", " ": self = .space
        case "tab": self = .tab
        case "enter", "return": self = .enter
        case "backspace": self = .backspace
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "[", "leftbracket": self = .leftBracket
        case "]", "rightbracket": self = .rightBracket
        case "esc", "escape": self = .escape
        case "?", "question": self = .character("?")
        default:
            guard name.count == 1, let c = name.lowercased().first else { return nil }
            if let d = c.wholeNumberValue, c.isASCII { self = .digit(d); return }
            guard c.isASCII, c.isLetter else { return nil }
            self = .character(c)
        }
    }
}

/// Input to replay at given ticks (`--script`), so a window can be driven without a person.
///
/// Syntax: entries separated by `;`, each `TICK:ACTION` with TICK a tick number >= 0 and ACTION one
/// of `key=NAME` (space, tab, enter, backspace, up, down, left, right, [, ], 0-9, a-z, ?, esc; with
/// `ctrl+` and/or `shift+` before it), `drag=F` (0...1 of the height from the bottom), `resize=WxH`,
/// `hide`, `show`, `minimize`, `restore`, `expose`, `quit`, and for the tuning panel
/// `click=CONTROL[@F]`, `ctrl-click=CONTROL[@F]`, `press=CONTROL[@F]`, `move=CONTROL[@F]`,
/// `release=CONTROL[@F]` (F: 0...1 across the control, default 0.5), `wheel=CONTROL@N` (N notches
/// with the pointer on the control, up when positive: scrolls the panel), `ctrl-wheel=CONTROL@N`
/// (steps a slider) and `shift-wheel=CONTROL@N` (a tenth of a step), `text=STRING` (typed into the
/// focused field). Several entries may share a tick; they run in order.
public struct InputScript: Equatable, Sendable {
    /// The entries, sorted by tick (stable).
    public let entries: [(tick: Int, action: ScriptAction)]

    /// Why a script could not be read: the entry and what is accepted.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// One line.
        public var description: String
    }

    /// Parses `text`; throws a `ParseError` naming the first bad entry.
    public init(_ text: String, maxSide: Int = 8192) throws(ParseError) {
        var out: [(Int, ScriptAction)] = []
        for raw in text.split(separator: ";", omittingEmptySubsequences: true) {
            let entry = raw.trimmingSpaces
            if entry.isEmpty { continue }
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let tick = Int(parts[0].trimmingSpaces), tick >= 0, tick <= 100_000_000 else {
                throw ParseError(description: "'\(entry)' is not TICK:ACTION with a tick number >= 0, e.g. 30:key=space")
            }
            let action = parts[1].trimmingSpaces
            out.append((tick, try Self.action(action, entry: entry, maxSide: maxSide)))
        }
        entries = out.enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
        }.map { (tick: $0.element.0, action: $0.element.1) }
    }

    private static func action(_ s: String, entry: String, maxSide: Int) throws(ParseError) -> ScriptAction {
        switch s {
        case "quit": return .quit
        case "hide": return .hide
        case "show": return .show
        case "minimize": return .minimize
        case "restore": return .restore
        case "expose": return .expose
        default: break
        }
        let kv = s.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard kv.count == 2 else {
            throw ParseError(description: "'\(entry)': unknown action '\(s)'; expected \(expected)")
        }
        let value = String(kv[1])
        switch kv[0] {
        case "key":
            var name = Substring(value), ctrl = false, shift = false
            while true {
                if name.lowercased().hasPrefix("ctrl+") { ctrl = true; name = name.dropFirst(5) }
                else if name.lowercased().hasPrefix("shift+") { shift = true; name = name.dropFirst(6) }
                else { break }
            }
            guard let k = HostKey(name: String(name)) else {
                throw ParseError(description: "'\(entry)': unknown key '\(value)'; expected space, tab, enter, backspace, up, down, left, right, [, ], 0-9, a-z, ? or esc, optionally after ctrl+ or shift+")
            }
            return ctrl || shift ? .chord(k, ctrl: ctrl, shift: shift) : .key(k)
        case "locate":
            guard !value.isEmpty else { throw ParseError(description: "'\(entry)': locate needs a panel control's name") }
            return .locate(value)
        case "text":
            guard !value.isEmpty, value.utf8.count <= 1000 else {
                throw ParseError(description: "'\(entry)': text needs 1...1000 bytes of text to type")
            }
            return .text(value)
        case "click", "ctrl-click", "press", "move", "release", "wheel", "ctrl-wheel", "shift-wheel":
            let at = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let target = String(at[0])
            guard !target.isEmpty else {
                throw ParseError(description: "'\(entry)': \(kv[0]) needs a panel control's name, e.g. \(kv[0])=amplitude\(kv[0].hasSuffix("wheel") ? "@2" : "@0.5")")
            }
            let number = at.count == 2 ? Double(at[1]) : nil
            if at.count == 2 && number == nil {
                throw ParseError(description: "'\(entry)': '\(at[1])' after @ is not a number")
            }
            switch kv[0] {
            case "wheel", "ctrl-wheel", "shift-wheel":
                guard let n = number, n.isFinite, abs(n) <= 100, n != 0 else {
                    throw ParseError(description: "'\(entry)': \(kv[0]) needs CONTROL@N with N notches, -100...100 and not 0, e.g. \(kv[0])=amplitude@2")
                }
                let held: PanelPointer.WheelModifier = kv[0] == "ctrl-wheel" ? .ctrl : kv[0] == "shift-wheel" ? .shift : .none
                return .panel(PanelPointer(phase: .wheel(n, held), target: target))
            default:
                let f = number ?? 0.5
                guard f.isFinite, (0 ... 1).contains(f) else {
                    throw ParseError(description: "'\(entry)': the position after @ must be 0...1 across the control")
                }
                let phase: PanelPointer.Phase = switch kv[0] {
                case "ctrl-click": .ctrlClick
                case "press": .press
                case "move": .move
                case "release": .release
                default: .click
                }
                return .panel(PanelPointer(phase: phase, target: target, fraction: f))
            }
        case "drag":
            guard let f = Double(value), f.isFinite, (0 ... 1).contains(f) else {
                throw ParseError(description: "'\(entry)': drag needs a fraction 0...1 of the height from the bottom")
            }
            return .drag(fromBottom: f)
        case "resize":
            let wh = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]), (1 ... maxSide).contains(w), (1 ... maxSide).contains(h) else {
                throw ParseError(description: "'\(entry)': resize needs WxH with sides 1...\(maxSide), e.g. resize=300x200")
            }
            return .resize(width: w, height: h)
        default:
            throw ParseError(description: "'\(entry)': unknown action '\(kv[0])'; expected \(expected)")
        }
    }

    private static let expected = "key=NAME, drag=F, resize=WxH, hide, show, minimize, restore, expose, quit, click=CONTROL[@F], ctrl-click=, press=, move=, release=, wheel=CONTROL@N, ctrl-wheel=CONTROL@N, shift-wheel=CONTROL@N, text=STRING or locate=CONTROL"

    /// The actions due at `tick`, in order.
    public func actions(at tick: Int) -> [ScriptAction] {
        entries.filter { $0.tick == tick }.map(\.action)
    }

    /// The last tick with an action, or nil for an empty script.
    public var lastTick: Int? { entries.last?.tick }

    /// Equality of entries.
    public static func == (a: InputScript, b: InputScript) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.tick == $1.tick && $0.action == $1.action }
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

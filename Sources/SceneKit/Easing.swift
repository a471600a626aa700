import Animation
import Vector

/// A named easing curve: `linear`, `ease-in`, `ease-out`, `ease-in-out` or `cubic-bezier(a,b,c,d)`
/// (CSS's grammar; a and c in 0 ... 1, b and d in -10 ... 10).
public struct Easing: Sendable, Equatable {
    /// The text it was read from, normalised (lower case, no spaces).
    public let text: String
    /// The curve.
    public let function: TimingFunction

    /// The named curves.
    public static let names = ["linear", "ease-in", "ease-out", "ease-in-out"]
    /// The range of the control points' y coordinates in `cubic-bezier(...)`.
    public static let controlYRange: ClosedRange<Double> = -10 ... 10

    /// Reads `text`; throws a `SettingError` for `key` naming what is accepted.
    public init(_ text: String, key: String = "easing") throws {
        let t = String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        let accepted = "expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(a,b,c,d) with a and c in 0 ... 1, b and d in -10 ... 10"
        self.text = t
        switch t {
        case "linear": function = .linear
        case "ease-in": function = .easeIn
        case "ease-out": function = .easeOut
        case "ease-in-out": function = .easeInEaseOut
        default:
            guard t.hasPrefix("cubic-bezier("), t.hasSuffix(")") else {
                throw SettingError(key, "'\(text)' is not an easing; \(accepted)")
            }
            let inner = t.dropFirst("cubic-bezier(".count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            let values = parts.compactMap { Double($0) }
            guard parts.count == 4, values.count == 4, values.allSatisfy(\.isFinite) else {
                throw SettingError(key, "'\(text)' does not hold four numbers; \(accepted)")
            }
            for (i, x) in [(1, values[0]), (3, values[2])] where !(0 ... 1).contains(x) {
                throw SettingError(key, "control value \(i) of '\(text)' is \(DecimalText.shortest(x)), outside 0 ... 1; \(accepted)")
            }
            for (i, y) in [(2, values[1]), (4, values[3])] where !Self.controlYRange.contains(y) {
                throw SettingError(key, "control value \(i) of '\(text)' is \(DecimalText.shortest(y)), outside -10 ... 10; \(accepted)")
            }
            do { function = try TimingFunction.cubicBezier(values[0], values[1], values[2], values[3]) } catch {
                throw SettingError(key, "'\(text)' is not a curve; \(accepted)")
            }
        }
    }
}

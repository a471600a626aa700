import Vector

/// The ranges every setting is held to, checked before any arithmetic, so that no value a user
/// can type (1e308, 2^63, a subnormal, NaN) reaches a conversion or a loop that would trap.
public enum SceneLimits {
    /// The largest canvas side accepted, in pixels.
    public static let maxCanvasSide = 8192
    /// The largest em size accepted, in pixels.
    public static let maxFontSize = 4096.0
    /// The clock rates accepted, frames per second.
    public static let fps: ClosedRange<Double> = 0.1 ... 1000
    /// The highest frame number (frames are 0 ... maxFrame).
    public static let maxFrame = 999_999_999
    /// Lengths in pixels that are not bounded by the canvas (buffers, wave width).
    public static let length: ClosedRange<Double> = 0 ... 1_000_000
    /// Durations and times in seconds.
    public static let seconds: ClosedRange<Double> = 0 ... 1_000_000

    /// Throws a `SettingError` for `key` unless `v` is a finite number in `range` (and above its
    /// lower bound when `open`); `unit` follows numbers in the message.
    public static func check(_ v: Double, _ key: String, _ range: ClosedRange<Double>, unit: String = "", open: Bool = false) throws {
        let u = unit.isEmpty ? "" : " " + unit
        let shown = (open ? "(" : "") + DecimalText.shortest(range.lowerBound) + " ... " + DecimalText.shortest(range.upperBound) + (open ? "]" : "")
        guard v.isFinite else { throw SettingError(key, "\(v) is not a finite number; expected \(shown)\(u)") }
        guard range.contains(v), !(open && v == range.lowerBound) else {
            throw SettingError(key, "\(DecimalText.shortest(v))\(u) is outside \(shown)\(u)")
        }
    }

    /// `check` for an optional value (nil passes).
    public static func check(_ v: Double?, _ key: String, _ range: ClosedRange<Double>, unit: String = "", open: Bool = false) throws {
        if let v { try check(v, key, range, unit: unit, open: open) }
    }

    /// The longest text a text setting takes, in characters (Unicode scalars): every character is
    /// shaped and outlined, and the stroke and morph animate each one.
    public static let maxTextLength = 2000

    /// Throws a `SettingError` for `key` when `text` is longer than `maxTextLength` or holds a character no text setting may hold: a
    /// control character (newline, tab, NUL ...) or U+FFFD, which stands for bytes that were not
    /// UTF-8. The message shows it as U+XXXX.
    public static func checkText(_ text: String, _ key: String, newlines: Bool = false) throws {
        guard text.unicodeScalars.count <= maxTextLength else {
            throw SettingError(key, "is \(text.unicodeScalars.count) characters long; at most \(maxTextLength)")
        }
        for u in text.unicodeScalars {
            if u == "\n" && !newlines {
                throw SettingError(key, "contains U+000A, a newline; this setting takes one line of text")
            }
            if u.properties.generalCategory == .control && !(u == "\n" && newlines) {
                throw SettingError(key, "contains \(hex(u)), a control character; give printable text (lines separated by newlines where several are taken)")
            }
            if u.value == 0xFFFD {
                throw SettingError(key, "contains U+FFFD (bytes that are not UTF-8, or the replacement character); give UTF-8 text")
            }
        }
    }

    /// `U+000A`.
    public static func hex(_ u: Unicode.Scalar) -> String {
        let h = String(u.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}

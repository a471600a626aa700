/// Small helpers for writing JSON by hand, with a stable key order and numbers that read back exactly.
public enum JSONText {
    /// A JSON string literal for `s` (quotes, backslashes and control characters escaped).
    public static func quoted(_ s: String) -> String {
        var out = ""
        JSONValue.writeString(s, into: &out)
        return out
    }

    /// A JSON number: `60` rather than `60.0`, otherwise Swift's shortest decimal that reads back as
    /// the same Double. Not for NaN or infinities, which JSON cannot hold.
    public static func number(_ v: Double) -> String {
        DecimalText.shortest(v)
    }
}

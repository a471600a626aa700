/// Small helpers for writing JSON by hand, with a stable key order and numbers that read back exactly.
public enum JSONText {
    /// A JSON string literal for `s` (quotes, backslashes and control characters escaped).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// A JSON number: `60` rather than `60.0`, otherwise Swift's shortest decimal that reads back as
    /// the same Double. Not for NaN or infinities, which JSON cannot hold.
    public static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

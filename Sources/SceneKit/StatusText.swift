/// Numbers for status lines (stats overlays, change lines).
public enum StatusText {
    /// `v` with exactly `digits` decimals (`12.50`).
    public static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return String(v) }
        var m = 1.0
        for _ in 0 ..< digits { m *= 10 }
        let r = (v * m).rounded() / m
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < digits { s += String(repeating: "0", count: digits - have) }
        } else if digits > 0 {
            s += "." + String(repeating: "0", count: digits)
        }
        return s
    }
}

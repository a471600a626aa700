/// Numbers as text for vector formats (JSON, SVG): fixed decimals with trailing zeros dropped, never
/// an exponent, never `-0`, and never NaN or infinity (callers check `isFinite` first).
///
/// Swift's own `description` would give the shortest round-trip form, which can be `1e-05`; that is
/// valid JSON, but some SVG and Lottie parsers do not read exponents, and 17 significant digits
/// only make files larger than the 1e-4 px anyone can see.
public enum DecimalText {
    /// `v` rounded to `decimals` (0...9) places.
    public static func format(_ v: Double, decimals: Int) -> String {
        precondition(v.isFinite, "DecimalText.format: \(v) is not finite")
        let d = min(max(decimals, 0), 9)
        var scale = 1.0
        for _ in 0 ..< d { scale *= 10 }
        let scaled = (v * scale).rounded()
        // Beyond 2^53 the scaled value has no fractional digits left to show.
        guard abs(scaled) < 9.0e15 else {
            let whole = v.rounded()
            return abs(whole) < 9.0e18 ? String(Int64(whole)) : expanded(whole)
        }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let sign = units < 0 ? "-" : ""
        let magnitude = units.magnitude
        var divisor: UInt64 = 1
        for _ in 0 ..< d { divisor *= 10 }
        let whole = magnitude / divisor
        var frac = magnitude % divisor
        guard frac != 0 else { return sign + String(whole) }
        var digits = d
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        let f = String(frac)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - f.count) + f
    }

    /// The shortest text that reads back as the same Double: `60` rather than `60.0`, Swift's
    /// shortest round-trip form otherwise (exponents included). For presets and settings, where a
    /// value must survive a round trip exactly; not for NaN or infinities.
    public static func shortest(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// A huge whole number without the exponent of Swift's shortest form (`1e+20` -> `100000000000000000000`).
    private static func expanded(_ whole: Double) -> String {
        let text = "\(whole)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var mantissa = String(text[..<e])
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let intPart = String(parts[0]), fracPart = parts.count > 1 ? String(parts[1]) : ""
        let digits = intPart + fracPart
        let point = intPart.count + exponent
        return sign + digits + String(repeating: "0", count: max(0, point - digits.count))
    }
}

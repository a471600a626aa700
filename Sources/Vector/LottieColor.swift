import Raster

/// Colours as Lottie holds them: straight RGB components in 0...1.
public enum LottieColor {
    /// The component written for 8-bit value `v`: the smallest 6-decimal number above v / 255 (0 and 1
    /// exactly), so players that scale by 255 and then round, or truncate (lottie-web's SVG renderer
    /// does), in Float64 or Float32, all get v back.
    public static func component(_ v: UInt8) -> Double {
        if v == 0 { return 0 }
        if v == 255 { return 1 }
        return Double(Int(v) * 1_000_000 / 255 + 1) / 1_000_000
    }

    /// The straight RGB of `c` as written components.
    public static func rgb(_ c: Color) -> [Double] { [component(c.r), component(c.g), component(c.b)] }

    /// Components with six decimals and an alpha of 1 appended (Lottie colours carry one; opacity
    /// is a separate property).
    public static func json(_ rgb: [Double]) -> JSONValue { .array((rgb + [1]).map { .decimal($0, decimals: 6) }) }
}

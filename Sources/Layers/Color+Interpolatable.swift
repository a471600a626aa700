import Animation
import Raster

extension Color: Interpolatable {
    /// Blends straight (not premultiplied) RGBA channel by channel, as Core Animation interpolates
    /// colours, rounding each channel to the nearest 8-bit value (`Color` holds 8 bits): exactly `a`
    /// at 0 and `b` at 1, clamped to 0...255 when an overshooting timing function extrapolates.
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        if t == 1 { return b }
        if t == 0 { return a }
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let v = (Double(x) + (Double(y) - Double(x)) * t).rounded()
            return UInt8(min(max(v.isNaN ? Double(x) : v, 0), 255))
        }
        return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a))
    }
}

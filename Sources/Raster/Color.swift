/// A straight (not premultiplied) 8-bit sRGB colour, written `#RRGGBB` or `#RRGGBBAA`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, 0...255, not premultiplied.
    public var r, g, b, a: UInt8
    /// Creates a colour from straight 8-bit components.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, hex digits in either case).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF), a: 255)
        } else {
            self.init(r: UInt8(v >> 24), g: UInt8(v >> 16 & 0xFF), b: UInt8(v >> 8 & 0xFF), a: UInt8(v & 0xFF))
        }
    }

    /// `#RRGGBB` when opaque, else `#RRGGBBAA`, upper-case.
    public var hex: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return v < 16 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    /// Same as `hex`.
    public var description: String { hex }

    /// Premultiplied components in 0...1: `(r a, g a, b a, a)` with each channel scaled by 1/255.
    public var premultiplied: SIMD4<Float> {
        let al = Float(a) / 255
        return SIMD4(Float(r) / 255 * al, Float(g) / 255 * al, Float(b) / 255 * al, al)
    }

    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Fully transparent.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}

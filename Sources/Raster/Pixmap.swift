/// An image of premultiplied 8-bit RGBA pixels, stored row by row, R G B A in memory.
public struct Pixmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, premultiplied RGBA.
    public var bytes: [UInt8]

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }
    /// An image from premultiplied RGBA bytes.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4)
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// The premultiplied pixel at (x, y) as `(r, g, b, a)`.
    @inlinable public func pixel(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
        let o = (y * width + x) * 4
        return SIMD4(bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3])
    }
    /// Sets the premultiplied pixel at (x, y).
    @inlinable public mutating func setPixel(_ x: Int, _ y: Int, _ v: SIMD4<UInt8>) {
        let o = (y * width + x) * 4
        bytes[o] = v.x; bytes[o + 1] = v.y; bytes[o + 2] = v.z; bytes[o + 3] = v.w
    }

    /// Straight (un-premultiplied) RGBA bytes, each colour channel `round(c * 255 / a)`.
    public func straightBytes() -> [UInt8] {
        var out = bytes
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a != 255 {
                if a == 0 {
                    out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
                } else {
                    for k in 0 ..< 3 { out[i + k] = UInt8(min(255, (Int(out[i + k]) * 255 * 2 + a) / (2 * a))) }
                }
            }
            i += 4
        }
        return out
    }

    /// A pixmap from straight RGBA bytes (premultiplying with rounding).
    public init(width: Int, height: Int, straight: [UInt8]) {
        precondition(straight.count == width * height * 4)
        var b = straight
        var i = 0
        while i < b.count {
            let a = Int(b[i + 3])
            if a != 255 {
                for k in 0 ..< 3 { b[i + k] = UInt8((Int(b[i + k]) * a + 127) / 255) }
            }
            i += 4
        }
        self.init(width: width, height: height, bytes: b)
    }
}

/// A premultiplied RGBA image in Float32: the exact compositing reference.
///
/// Layers composite here source-over with Float32 coverage and are rounded to 8 bits once, by
/// `pixmap()`; the fast wave path is held to this result within SCENE.md's tolerance.
public struct Canvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA per pixel, 0...1.
    public var pixels: [SIMD4<Float>]

    /// A transparent canvas.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
    }

    /// Source-over of a solid colour over the whole canvas.
    public mutating func fill(_ color: Color) {
        let s = color.premultiplied
        let k = 1 - s.w
        for i in pixels.indices { pixels[i] = s + pixels[i] * k }
    }

    /// Source-over of a solid colour with per-pixel coverage (same size as the canvas).
    public mutating func fill(_ color: Color, coverage: Coverage) {
        precondition(coverage.width == width && coverage.height == height)
        let s = color.premultiplied
        for i in pixels.indices {
            let c = coverage.values[i]
            if c == 0 { continue }
            pixels[i] = s * c + pixels[i] * (1 - s.w * c)
        }
    }

    /// Source-over of another canvas (premultiplied), scaled per pixel by `coverage` (a mask) and `opacity`.
    public mutating func composite(_ src: Canvas, coverage: Coverage? = nil, opacity: Float = 1) {
        precondition(src.width == width && src.height == height)
        for i in pixels.indices {
            var k = opacity
            if let coverage { k *= coverage.values[i] }
            if k == 0 { continue }
            let s = src.pixels[i] * k
            pixels[i] = s + pixels[i] * (1 - s.w)
        }
    }

    /// The alpha channel as coverage (how a layer used as a mask masks).
    public var alphaCoverage: Coverage {
        Coverage(width: width, height: height, values: pixels.map { min(max($0.w, 0), 1) })
    }

    /// Rounds to premultiplied 8-bit: `round(255 * c)` per channel, clamped.
    public func pixmap() -> Pixmap {
        var out = Pixmap(width: width, height: height)
        out.bytes.withUnsafeMutableBufferPointer { dst in
            for i in pixels.indices {
                let v = (pixels[i] * 255).rounded(.toNearestOrAwayFromZero)
                let c = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                dst[i * 4] = UInt8(c.x); dst[i * 4 + 1] = UInt8(c.y); dst[i * 4 + 2] = UInt8(c.z); dst[i * 4 + 3] = UInt8(c.w)
            }
        }
        return out
    }
}

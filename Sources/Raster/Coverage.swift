/// Fractional coverage per pixel: the exact share (0...1) of each pixel's square inside a shape.
///
/// Float32 rather than 8 bits so that products of coverages (a wave masked by a glyph) and their
/// compositing round once, at the end, as docs/SCENE.md's exact renderer does.
public struct Coverage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major coverage values in 0...1.
    public var values: [Float]

    /// All-zero coverage.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        values = [Float](repeating: 0, count: width * height)
    }
    /// Coverage from existing values.
    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height)
        self.width = width; self.height = height; self.values = values
    }
    /// Coverage of pixel (x, y).
    @inlinable public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }
    /// Sum of all coverage: the covered area in square pixels.
    public var totalArea: Double { values.reduce(0.0) { $0 + Double($1) } }
    /// Element-wise product (masking): both must have the same size.
    public func multiplied(by other: Coverage) -> Coverage {
        precondition(width == other.width && height == other.height)
        var out = self
        for i in values.indices { out.values[i] = values[i] * other.values[i] }
        return out
    }
    /// 8-bit coverage, `round(c * 255)`.
    public var bytes: [UInt8] { values.map { UInt8(($0 * 255).rounded()) } }
}

import Geometry

/// An axial gradient on the canvas: colour stops along a parameter `t` that is an affine function
/// of the position, constant on lines perpendicular to the axis (Core Graphics' linear gradient with
/// both ends extended, as `CAGradientLayer` draws it).
///
/// Between stops the colours blend in straight (not premultiplied) RGBA, as Core Animation does, so a
/// stop at `clear` (transparent black) darkens its neighbour's half of the blend; the result is
/// premultiplied for compositing. Before the first location the first colour shows, after the last
/// the last. Where several stops share a location the colour jumps there; a pixel exactly at that
/// location takes the last of them.
public struct LinearGradient: Sendable, Equatable {
    /// Straight RGBA of each stop, 0...1.
    public let colors: [SIMD4<Float>]
    /// Where each stop sits along the axis (0 at the start point, 1 at the end point).
    public let locations: [Double]
    /// `t(x, y) = ax * x + ay * y + c` in canvas coordinates.
    public let ax: Double, ay: Double, c: Double

    /// A gradient along the canvas-space axis from `start` (t = 0) to `end` (t = 1). `locations`
    /// nil, or not one per colour, spaces the stops evenly. A zero-length axis gives nil.
    public init?(colors: [Color], locations: [Double]?, start: Point, end: Point) {
        let d = end - start
        let dd = d.x * d.x + d.y * d.y
        guard dd > 0, dd.isFinite else { return nil }
        self.init(colors: colors, locations: locations,
                  ax: d.x / dd, ay: d.y / dd, c: -(start.x * d.x + start.y * d.y) / dd)
    }

    /// A gradient whose parameter is `t = ax * x + ay * y + c`.
    public init(colors: [Color], locations: [Double]?, ax: Double, ay: Double, c: Double) {
        self.colors = colors.map { SIMD4(Float($0.r), Float($0.g), Float($0.b), Float($0.a)) / 255 }
        if let locations, locations.count == colors.count, locations.allSatisfy(\.isFinite) {
            self.locations = locations
        } else {
            let n = colors.count
            self.locations = (0 ..< n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        self.ax = ax; self.ay = ay; self.c = c
    }

    /// The gradient's parameter at canvas point `(x, y)`.
    @inlinable public func parameter(x: Double, y: Double) -> Double { ax * x + ay * y + c }

    /// Straight RGBA at parameter `t` (transparent when there are no stops).
    public func straightColor(at t: Double) -> SIMD4<Float> {
        guard let first = colors.first else { return .zero }
        // The last stop at or before t.
        var i = -1
        for k in locations.indices where locations[k] <= t { i = k }
        if i < 0 { return first }
        if i == colors.count - 1 { return colors[i] }
        // locations[i] <= t < locations[i + 1], so the span is positive.
        let f = Float((t - locations[i]) / (locations[i + 1] - locations[i]))
        return colors[i] + (colors[i + 1] - colors[i]) * f
    }

    /// Premultiplied RGBA at parameter `t`.
    @inlinable public func premultipliedColor(at t: Double) -> SIMD4<Float> {
        let s = straightColor(at: t)
        return SIMD4(s.x * s.w, s.y * s.w, s.z * s.w, s.w)
    }
}

extension Canvas {
    /// Source-over of a gradient evaluated at each pixel centre `(i + 0.5, j + 0.5)`, with per-pixel
    /// coverage (same size as the canvas).
    public mutating func fill(_ gradient: LinearGradient, coverage: Coverage) {
        precondition(coverage.width == width && coverage.height == height)
        for j in 0 ..< height {
            let y = Double(j) + 0.5
            for i in 0 ..< width {
                let k = j * width + i
                let cv = coverage.values[k]
                if cv == 0 { continue }
                let s = gradient.premultipliedColor(at: gradient.parameter(x: Double(i) + 0.5, y: y))
                pixels[k] = s * cv + pixels[k] * (1 - s.w * cv)
            }
        }
    }
}

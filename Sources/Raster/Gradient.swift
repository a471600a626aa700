import Geometry

/// A gradient on the canvas: colour stops along a parameter `t` of the position. Axial (Core
/// Graphics' linear gradient with both ends extended, as `CAGradientLayer` draws it): `t` is an
/// affine function `u(x, y) = ax * x + ay * y + c`, constant on lines perpendicular to the axis.
/// Radial (Core Graphics' radial gradient from a centre point, SVG's `radialGradient` with the
/// focus at the centre): `t = sqrt(u^2 + v^2)` with `v(x, y) = bx * x + by * y + d`, the distance
/// from the centre in radii in the paint's own space (an ellipse on the canvas under a
/// non-uniform transform).
///
/// Between stops the colours blend in straight (not premultiplied) RGBA, as Core Animation does, so a
/// stop at `clear` (transparent black) darkens its neighbour's half of the blend; the result is
/// premultiplied for compositing. Before the first location the first colour shows, after the last
/// the last. Where several stops share a location the colour jumps there; a pixel exactly at that
/// location takes the last of them.
public struct Gradient: Sendable, Equatable {
    /// Straight RGBA of each stop, 0...1.
    public let colors: [SIMD4<Float>]
    /// Where each stop sits along the axis (0 at the start point, 1 at the end point).
    public let locations: [Double]
    /// `u(x, y) = ax * x + ay * y + c` in canvas coordinates.
    public let ax: Double, ay: Double, c: Double
    /// Radial only: `v(x, y) = bx * x + by * y + d`; `t = sqrt(u^2 + v^2)`.
    public let bx: Double, by: Double, d: Double
    /// True for a radial gradient.
    public let radial: Bool

    /// An axial gradient along the canvas-space axis from `start` (t = 0) to `end` (t = 1).
    /// `locations` nil, or not one per colour, spaces the stops evenly. A zero-length axis gives nil.
    public init?(colors: [Color], locations: [Double]?, start: Point, end: Point) {
        let d = end - start
        let dd = d.x * d.x + d.y * d.y
        guard dd > 0, dd.isFinite else { return nil }
        self.init(colors: colors, locations: locations,
                  ax: d.x / dd, ay: d.y / dd, c: -(start.x * d.x + start.y * d.y) / dd)
    }

    /// An axial gradient whose parameter is `t = ax * x + ay * y + c`.
    public init(colors: [Color], locations: [Double]?, ax: Double, ay: Double, c: Double) {
        self.init(colors: colors, locations: locations, ax: ax, ay: ay, c: c, bx: 0, by: 0, d: 0, radial: false)
    }

    /// A radial gradient whose parameter is `t = sqrt(u^2 + v^2)`, `u = ax * x + ay * y + c`,
    /// `v = bx * x + by * y + d`.
    public init(colors: [Color], locations: [Double]?, ax: Double, ay: Double, c: Double,
                bx: Double, by: Double, d: Double, radial: Bool = true) {
        self.colors = colors.map { SIMD4(Float($0.r), Float($0.g), Float($0.b), Float($0.a)) / 255 }
        if let locations, locations.count == colors.count, locations.allSatisfy(\.isFinite) {
            self.locations = locations
        } else {
            let n = colors.count
            self.locations = (0 ..< n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        self.ax = ax; self.ay = ay; self.c = c
        self.bx = bx; self.by = by; self.d = d; self.radial = radial
    }

    /// The gradient's parameter at canvas point `(x, y)`.
    @inlinable public func parameter(x: Double, y: Double) -> Double {
        let u = ax * x + ay * y + c
        guard radial else { return u }
        let v = bx * x + by * y + d
        return (u * u + v * v).squareRoot()
    }

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
    public mutating func fill(_ gradient: Gradient, coverage: Coverage) {
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

import Geometry

/// One colour stop of a gradient paint: a straight RGBA colour at a location along the gradient.
public struct GradientStop: Hashable, Sendable {
    /// The colour, straight (not premultiplied).
    public var color: Color
    /// Where it sits, 0...1 (0 at the start point or centre, 1 at the end point or radius).
    public var location: Double

    /// A stop of `color` at `location`.
    public init(_ color: Color, at location: Double) { self.color = color; self.location = location }
}

/// What a fill or a stroke lays down, in the coordinates of the shape it paints: a solid colour (a
/// gradient of one stop), an axial gradient between two points, or a radial gradient about a centre.
///
/// Gradients extend their end colours beyond the ends (Core Graphics' drawing options
/// `drawsBeforeStartLocation` and `drawsAfterEndLocation`, SVG's `spreadMethod="pad"`) and blend
/// in straight RGBA (see `Gradient`). The stops must be in non-decreasing order of location within
/// 0...1 (`validStops`).
public enum Paint: Hashable, Sendable {
    /// One colour everywhere.
    case solid(Color)
    /// Colour constant on lines perpendicular to `start` → `end`: stop 0 at `start`, 1 at `end`.
    case linear(stops: [GradientStop], start: Point, end: Point)
    /// Colour constant on circles about `center`: stop 0 at the centre, 1 at `radius`.
    case radial(stops: [GradientStop], center: Point, radius: Double)

    /// The single colour when the paint is one (a solid, or a gradient whose stops are all one colour).
    public var solidColor: Color? {
        switch self {
        case .solid(let c): return c
        case .linear(let stops, _, _), .radial(let stops, _, _):
            guard let first = stops.first, stops.allSatisfy({ $0.color == first.color }) else { return nil }
            return first.color
        }
    }

    /// The stops (one at 0 for a solid colour).
    public var stops: [GradientStop] {
        switch self {
        case .solid(let c): return [GradientStop(c, at: 0)]
        case .linear(let stops, _, _), .radial(let stops, _, _): return stops
        }
    }

    /// True when no pixel it paints has any alpha.
    public var isInvisible: Bool {
        switch self {
        case .solid(let c): return c.a == 0
        case .linear(let stops, _, _), .radial(let stops, _, _): return stops.allSatisfy { $0.color.a == 0 }
        }
    }

    /// True when the stops are at least one, in non-decreasing order and within 0...1.
    public static func validStops(_ stops: [GradientStop]) -> Bool {
        guard !stops.isEmpty else { return false }
        for (k, s) in stops.enumerated() {
            guard s.location.isFinite, s.location >= 0, s.location <= 1 else { return false }
            if k > 0, s.location < stops[k - 1].location { return false }
        }
        return true
    }

    /// The gradient as it lands on the canvas when the paint's coordinates map there by `ctm`; nil
    /// for a solid colour, and for a gradient that cannot be drawn (a zero-length axis, a zero
    /// radius, a singular transform, no stops): such a paint draws its last stop's colour
    /// (`fallbackColor`), as Core Graphics pads a degenerate gradient.
    public func canvasGradient(ctm: Transform) -> Gradient? {
        guard let m = canvasMapping(ctm: ctm) else { return nil }
        let stops = self.stops
        return Gradient(colors: stops.map(\.color), locations: stops.map(\.location),
                        ax: m.ax, ay: m.ay, c: m.c, bx: m.bx, by: m.by, d: m.d, radial: m.radial)
    }

    /// The coefficients of `canvasGradient(ctm:)`'s parameter (nil when it has none); allocates nothing.
    public func canvasMapping(ctm: Transform) -> GradientMapping? {
        switch self {
        case .solid: return nil
        case .linear(let stops, let s, let e):
            guard !stops.isEmpty, let inv = ctm.inverted else { return nil }
            let d = e - s
            let dd = d.x * d.x + d.y * d.y
            guard dd > 0, dd.isFinite else { return nil }
            // t = ((inv p) - s) . d / |d|^2, an affine function of the canvas point p.
            return GradientMapping(ax: (inv.a * d.x + inv.b * d.y) / dd, ay: (inv.c * d.x + inv.d * d.y) / dd,
                                   c: ((inv.tx - s.x) * d.x + (inv.ty - s.y) * d.y) / dd, bx: 0, by: 0, d: 0, radial: false)
        case .radial(let stops, let center, let r):
            guard !stops.isEmpty, r > 0, r.isFinite, let inv = ctm.inverted else { return nil }
            // (u, v) = ((inv p) - center) / r; t = |(u, v)|.
            return GradientMapping(ax: inv.a / r, ay: inv.c / r, c: (inv.tx - center.x) / r,
                                   bx: inv.b / r, by: inv.d / r, d: (inv.ty - center.y) / r, radial: true)
        }
    }

    /// The colour a paint that has no canvas gradient draws: the solid colour, or a degenerate
    /// gradient's last stop (transparent without stops).
    public var fallbackColor: Color {
        switch self {
        case .solid(let c): return c
        case .linear(let stops, _, _), .radial(let stops, _, _): return stops.last?.color ?? .clear
        }
    }

    /// The same paint with every point moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Paint {
        switch self {
        case .solid: return self
        case .linear(let stops, let s, let e):
            return .linear(stops: stops, start: Point(s.x + dx, s.y + dy), end: Point(e.x + dx, e.y + dy))
        case .radial(let stops, let c, let r): return .radial(stops: stops, center: Point(c.x + dx, c.y + dy), radius: r)
        }
    }
}

/// How a gradient's parameter follows the canvas position (see `Gradient`).
public struct GradientMapping: Equatable, Sendable {
    /// `u = ax * x + ay * y + c`; radial: `v = bx * x + by * y + d`, `t = sqrt(u^2 + v^2)`.
    public var ax, ay, c, bx, by, d: Double
    /// True for a radial gradient.
    public var radial: Bool
}

extension Canvas {
    /// Source-over of `paint` (mapped to the canvas by `ctm`) with per-pixel coverage.
    public mutating func fill(_ paint: Paint, ctm: Transform, coverage: Coverage) {
        if let g = paint.canvasGradient(ctm: ctm) { fill(g, coverage: coverage) } else { fill(paint.fallbackColor, coverage: coverage) }
    }
}

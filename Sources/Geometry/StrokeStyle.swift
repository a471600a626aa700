/// How two segments of a stroke meet (Core Graphics' `CGLineJoin`, CA's `lineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges are extended until they meet, unless that is longer than the miter limit.
    case miter
    /// A circular arc of radius half the width, centred on the vertex.
    case round
    /// The outer corners are joined by a straight line.
    case bevel
}

/// How the ends of an open stroke look (`CGLineCap`, CA's `lineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// Squared off at the end point.
    case butt
    /// A half disc of radius half the width beyond the end point.
    case round
    /// Squared off half the width beyond the end point.
    case square
}

/// Width, joins, caps and miter limit of a stroke, with Core Animation's defaults (width 1, miter
/// joins, butt caps, miter limit 10).
public struct StrokeStyle: Hashable, Sendable {
    /// The full width of the stroke (half of it on each side of the path).
    public var width: Double
    /// How segments meet.
    public var join: LineJoin
    /// How open ends look.
    public var cap: LineCap
    /// A miter join longer than `miterLimit * width` becomes a bevel (`1 / sin(phi / 2)` for an
    /// angle `phi` between the segments, as in Core Graphics and SVG).
    public var miterLimit: Double

    /// A stroke style; the defaults are `CAShapeLayer`'s.
    public init(width: Double = 1, join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Double = 10) {
        self.width = width; self.join = join; self.cap = cap; self.miterLimit = miterLimit
    }
}

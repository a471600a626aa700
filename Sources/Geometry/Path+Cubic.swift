extension Path {
    /// The same path with every quadratic Bezier raised to the cubic that traces the identical curve
    /// (control points `p0 + 2/3 (c - p0)` and `p + 2/3 (c - p)`); lines, cubics and contours are kept.
    ///
    /// Formats whose paths have only cubics (Lottie, many players' path APIs) get the glyph outlines
    /// exactly, not approximately.
    public func elevatingQuadratics() -> Path {
        var out = Path()
        var current = Point.zero
        for e in elements {
            switch e {
            case .move(let p): out.move(to: p); current = p
            case .line(let p): out.line(to: p); current = p
            case .quad(let c, let p):
                out.cubic(to: p, control1: current + (c - current) * (2.0 / 3.0), control2: p + (c - p) * (2.0 / 3.0))
                current = p
            case .cubic(let c1, let c2, let p): out.cubic(to: p, control1: c1, control2: c2); current = p
            case .close: out.close(); current = out.currentPoint
            }
        }
        return out
    }
}

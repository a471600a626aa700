/// Polylines produced by flattening a `Path`: every contour closed, curves replaced by chords.
public struct Polylines: Sendable, Equatable {
    /// All points of all contours, back to back.
    public var points: [Point] = []
    /// Start index into `points` of each contour; contour k is `points[starts[k] ..< starts[k+1]]`.
    public var starts: [Int] = []
    /// Creates an empty set.
    public init() {}
    /// Number of contours.
    public var contourCount: Int { starts.count }
    /// The index range of contour `k`.
    public func range(of k: Int) -> Range<Int> {
        starts[k] ..< (k + 1 < starts.count ? starts[k + 1] : points.count)
    }
    /// Calls `body(p0, p1)` for every edge, including each contour's closing edge.
    @inlinable public func forEachEdge(_ body: (Point, Point) -> Void) {
        for k in 0 ..< starts.count {
            let lo = starts[k], hi = k + 1 < starts.count ? starts[k + 1] : points.count
            guard hi - lo >= 2 else { continue }
            for i in lo ..< hi - 1 { body(points[i], points[i + 1]) }
            body(points[hi - 1], points[lo])
        }
    }
    /// Signed area by the shoelace formula (positive for clockwise-on-screen contours).
    public var signedArea: Double {
        var a = 0.0
        forEachEdge { p, q in a += p.x * q.y - q.x * p.y }
        return a / 2
    }
}

extension Path {
    /// The default flattening tolerance in pixels: the largest distance between a curve and its chords.
    ///
    /// A chord deviating by at most `tol` from the curve changes the area inside any pixel by at most
    /// `tol * sqrt(2)`; 0.001 px keeps that below 0.0015 (0.36/255), so a coverage rounds to the
    /// exact curve's 8-bit value or one next to it. Finer costs chords: a curve takes `sqrt(10)`
    /// times as many at 0.0001 px, and rasterizing a glyph, a round cap or a wide pen's pieces costs
    /// about in proportion to them.
    public static let defaultTolerance = 0.001

    /// Flattens the path into closed polylines whose chords lie within `tolerance` of the curves.
    ///
    /// Curves are split uniformly in their parameter: a quadratic with second difference `d` into
    /// `ceil(sqrt(|d| / (4 tol)))` pieces, a cubic by the bound `|B''| <= 6 max|second differences|`.
    public func flattened(tolerance: Double = Path.defaultTolerance, transform: Transform = .identity) -> Polylines {
        var out = Polylines()
        flatten(into: &out, tolerance: tolerance, transform: transform)
        return out
    }

    /// Flattens into `out`, replacing what it held but keeping its capacity: no allocation once
    /// `out` has grown to the size of the largest path it has held.
    public func flatten(into out: inout Polylines, tolerance: Double = Path.defaultTolerance, transform: Transform = .identity) {
        out.points.removeAll(keepingCapacity: true)
        out.starts.removeAll(keepingCapacity: true)
        let tol = tolerance > 0 ? tolerance : Path.defaultTolerance
        var start = Point.zero, cur = Point.zero
        var open = false
        func begin(_ p: Point) {
            out.starts.append(out.points.count); out.points.append(p); start = p; cur = p; open = true
        }
        for e in elements {
            switch e {
            case .move(let p0):
                begin(transform.apply(p0))
            case .line(let p0):
                let p = transform.apply(p0)
                if !open { begin(cur) }
                out.points.append(p); cur = p
            case .quad(let c0, let p0):
                if !open { begin(cur) }
                let c = transform.apply(c0), p = transform.apply(p0)
                let dd = (cur - c * 2 + p).length
                let n = Path.segmentCount(dd / (4 * tol))
                let a = cur
                for i in 1 ... n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    out.points.append(Point(mt * mt * a.x + 2 * mt * t * c.x + t * t * p.x,
                                            mt * mt * a.y + 2 * mt * t * c.y + t * t * p.y))
                }
                out.points[out.points.count - 1] = p
                cur = p
            case .cubic(let c10, let c20, let p0):
                if !open { begin(cur) }
                let c1 = transform.apply(c10), c2 = transform.apply(c20), p = transform.apply(p0)
                let dd = max((cur - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = Path.segmentCount(6 * dd / (8 * tol))
                let a = cur
                for i in 1 ... n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
                    out.points.append(Point(w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * p.x,
                                            w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * p.y))
                }
                out.points[out.points.count - 1] = p
                cur = p
            case .close:
                open = false; cur = start
            }
        }
    }

    static func segmentCount(_ squared: Double) -> Int {
        guard squared.isFinite, squared > 0 else { return 1 }
        return Swift.min(Swift.max(Int(squared.squareRoot().rounded(.up)), 1), 1 << 16)
    }
}

// Whether a path's filled region can be rasterized by adding up its edges' signed areas alone (the
// accumulation rasterizer of font-rs), with no ordering of edges: that is exact when the winding
// number is 0 outside and one common value, +1 or -1, everywhere inside. A well-made glyph is such a
// path: its contours cross neither themselves nor each other, and its holes run against its outer
// contours.
//
// The test is made once per path, on its control points, and holds for its polylines under every
// invertible affine transform at every tolerance: `flatten` puts every point of a segment on the
// segment's curve, which lies in the convex hull of its control points, and an affine map keeps
// hulls that are apart apart.

extension Path {
    /// The most segments `simpleFillWinding` examines; a longer path is not examined (0).
    public static let simpleFillSegmentLimit = 4096

    /// +1 or -1 when the winding number of the filled path (contours implicitly closed, as `flatten`
    /// makes them) is that value at every inside point and 0 outside, in the coordinates of the
    /// path (with y down the sign is that of the shoelace sum of its outer contours); 0 when that
    /// is not shown. Shown when:
    ///
    /// - every cubic's control polygon is convex (the curve then has no loop);
    /// - the convex hulls of the control points of every two segments that do not follow each other
    ///   in a contour are apart, and those of two that do meet only at their common end (a line
    ///   through it has one hull strictly on each side): the contours then cross nowhere, and
    ///   neither do their polylines, which lie in those hulls;
    /// - the windings just outside and just inside every contour, from the contours round it
    ///   (tested on one of its points, against the control polygons, which wind round it as their
    ///   curves do), are 0 or the one common value.
    ///
    /// Zero-length segments are left out. Costs about the segments times their neighbours in x; a
    /// path of more than `simpleFillSegmentLimit` segments, or any point not finite, gives 0.
    public func simpleFillWinding() -> Int {
        var analysis = SimpleFillAnalysis()
        return analysis.run(self)
    }
}

/// The working state of `Path.simpleFillWinding`.
private struct SimpleFillAnalysis {
    /// One segment: its control points (2, 3 or 4, first and last on the curve) and their box.
    struct Segment {
        var points: [Point]
        var contour: Int
        /// Index within its contour.
        var index: Int
        var minX, minY, maxX, maxY: Double
    }

    var segments: [Segment] = []
    /// Per contour: where its segments start in `segments`, and how many it has.
    var contourFirst: [Int] = []
    var contourCount: [Int] = []
    var scale = 1.0

    mutating func run(_ path: Path) -> Int {
        guard collect(path) else { return 0 }
        guard !segments.isEmpty else { return 0 }
        var largest = 1.0
        for s in segments { largest = Swift.max(largest, abs(s.minX), abs(s.minY), abs(s.maxX), abs(s.maxY)) }
        scale = largest
        for s in segments where s.points.count == 4 { guard Self.convexCubic(s.points) else { return 0 } }
        // Contours of one or two segments meet themselves at both ends: not examined.
        for n in contourCount where n > 0 && n < 3 { return 0 }
        guard apart() else { return 0 }
        return windings()
    }

    /// The segments of `path`, contour by contour, as `flatten` walks them; false when a point is
    /// not finite or there are too many.
    mutating func collect(_ path: Path) -> Bool {
        var start = Point.zero, cur = Point.zero, open = false
        var current: [Segment] = []
        var ok = true
        func finishContour() {
            if open, cur != start { add(&current, [cur, start]) }
            if !current.isEmpty {
                contourFirst.append(segments.count); contourCount.append(current.count)
                let c = contourFirst.count - 1
                for (i, var s) in current.enumerated() { s.contour = c; s.index = i; segments.append(s) }
            }
            current.removeAll()
            open = false
        }
        func add(_ list: inout [Segment], _ pts: [Point]) {
            guard ok else { return }
            for p in pts where !(p.x.isFinite && p.y.isFinite) { ok = false; return }
            // Zero length: every control point the same.
            guard pts.contains(where: { $0 != pts[0] }) else { return }
            var s = Segment(points: pts, contour: 0, index: 0, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for p in pts { s.minX = Swift.min(s.minX, p.x); s.maxX = Swift.max(s.maxX, p.x); s.minY = Swift.min(s.minY, p.y); s.maxY = Swift.max(s.maxY, p.y) }
            list.append(s)
            if segments.count + list.count > Path.simpleFillSegmentLimit { ok = false }
        }
        func begin(_ p: Point) { finishContour(); start = p; cur = p; open = true }
        for e in path.elements {
            guard ok else { return false }
            switch e {
            case .move(let p): begin(p)
            case .line(let p):
                if !open { begin(cur) }
                add(&current, [cur, p]); cur = p
            case .quad(let c, let p):
                if !open { begin(cur) }
                add(&current, [cur, c, p]); cur = p
            case .cubic(let c1, let c2, let p):
                if !open { begin(cur) }
                add(&current, [cur, c1, c2, p]); cur = p
            case .close:
                finishContour(); cur = start
            }
        }
        finishContour()
        return ok
    }

    /// True when the cubic's control polygon, repeated points dropped, turns strictly one way at
    /// every corner, the closing ones included (a convex polygon): the curve has no loop.
    static func convexCubic(_ p: [Point]) -> Bool {
        var q: [Point] = []
        for v in p where q.last != v { q.append(v) }
        if q.count > 1, q[0] == q[q.count - 1] { q.removeLast() }
        guard q.count >= 3 else { return q.count == 2 }
        var sign = 0
        for i in 0 ..< q.count {
            let a = q[i], b = q[(i + 1) % q.count], c = q[(i + 2) % q.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            let s = cross > 0 ? 1 : (cross < 0 ? -1 : 0)
            guard s != 0, sign == 0 || s == sign else { return false }
            sign = s
        }
        return true
    }

    /// True when each two segments' hulls are apart, or meet only at their common end when they
    /// follow each other in a contour.
    func apart() -> Bool {
        let n = segments.count
        let order = (0 ..< n).sorted { segments[$0].minX < segments[$1].minX }
        let margin = 1e-12 * scale
        var detailed = 0
        for (k, i) in order.enumerated() {
            let a = segments[i]
            var m = k + 1
            while m < n, segments[order[m]].minX <= a.maxX + margin {
                let j = order[m]
                m += 1
                let b = segments[j]
                if b.minY > a.maxY + margin || a.minY > b.maxY + margin { continue }
                detailed += 1
                // The checks above and here stay within a budget of their own.
                guard detailed <= 64 * Path.simpleFillSegmentLimit else { return false }
                if let common = commonEnd(a, b) {
                    guard Self.meetOnlyAt(common, a.points, b.points) else { return false }
                } else {
                    guard Self.separated(a.points, b.points, margin: margin) else { return false }
                }
            }
        }
        // Segments that follow each other share a point, so their boxes meet: every such pair was
        // compared above.
        return true
    }

    /// The end two segments share when they follow each other in a contour (the later's first
    /// point), else nil.
    func commonEnd(_ a: Segment, _ b: Segment) -> Point? {
        guard a.contour == b.contour else { return nil }
        let n = contourCount[a.contour]
        if (a.index + 1) % n == b.index { return b.points[0] }
        if (b.index + 1) % n == a.index { return a.points[0] }
        return nil
    }

    /// True when a line through `p` has every point of `u` but `p` strictly on one side and every
    /// point of `v` but `p` strictly on the other (their hulls meet only at `p`).
    static func meetOnlyAt(_ p: Point, _ u: [Point], _ v: [Point]) -> Bool {
        func unit(_ q: Point) -> Point? {
            let d = Point(q.x - p.x, q.y - p.y), l = (d.x * d.x + d.y * d.y).squareRoot()
            return l > 0 && l.isFinite ? Point(d.x / l, d.y / l) : nil
        }
        let du = u.compactMap(unit), dv = v.compactMap(unit)
        guard !du.isEmpty, !dv.isEmpty else { return false }
        // Candidate normals: differences of a direction of each, and the perpendiculars of each.
        var candidates: [Point] = []
        for a in du { for b in dv { candidates.append(Point(a.x - b.x, a.y - b.y)) } }
        for a in du + dv { candidates.append(Point(-a.y, a.x)); candidates.append(Point(a.y, -a.x)) }
        for c in candidates {
            let l = (c.x * c.x + c.y * c.y).squareRoot()
            guard l > 0 else { continue }
            let nx = c.x / l, ny = c.y / l
            var worst = Double.infinity
            for a in du { worst = Swift.min(worst, nx * a.x + ny * a.y) }
            for b in dv { worst = Swift.min(worst, -(nx * b.x + ny * b.y)) }
            if worst > 1e-9 { return true }
        }
        return false
    }

    /// True when some axis (a normal or a direction of two points of either set, or the line
    /// between their centres) has the projections of `a` and `b` more than `margin` apart.
    static func separated(_ a: [Point], _ b: [Point], margin: Double) -> Bool {
        func test(_ dx: Double, _ dy: Double) -> Bool {
            guard dx != 0 || dy != 0 else { return false }
            var aLo = Double.infinity, aHi = -Double.infinity, bLo = Double.infinity, bHi = -Double.infinity
            for p in a { let t = p.x * dx + p.y * dy; aLo = Swift.min(aLo, t); aHi = Swift.max(aHi, t) }
            for p in b { let t = p.x * dx + p.y * dy; bLo = Swift.min(bLo, t); bHi = Swift.max(bHi, t) }
            let l = (dx * dx + dy * dy).squareRoot()
            return bLo - aHi > margin * l || aLo - bHi > margin * l
        }
        for set in [a, b] {
            for i in 0 ..< set.count {
                for j in i + 1 ..< set.count {
                    let dx = set[j].x - set[i].x, dy = set[j].y - set[i].y
                    if test(-dy, dx) || test(dx, dy) { return true }
                }
            }
        }
        var ca = Point.zero, cb = Point.zero
        for p in a { ca = Point(ca.x + p.x / Double(a.count), ca.y + p.y / Double(a.count)) }
        for p in b { cb = Point(cb.x + p.x / Double(b.count), cb.y + p.y / Double(b.count)) }
        return test(cb.x - ca.x, cb.y - ca.y) || test(1, 0) || test(0, 1)
    }

    /// The common winding inside (+1 or -1), or 0 when the windings just outside and inside the
    /// contours are not all 0 or that value.
    func windings() -> Int {
        let count = contourFirst.count
        // Each contour's control polygon (its segments' control points, the shared ends once).
        var polygons: [[Point]] = []
        for c in 0 ..< count {
            var poly: [Point] = []
            for s in segments[contourFirst[c] ..< contourFirst[c] + contourCount[c]] { poly.append(contentsOf: s.points.dropLast()) }
            polygons.append(poly)
        }
        var common = 0
        func admit(_ w: Int) -> Bool {
            if w == 0 { return true }
            guard abs(w) == 1 else { return false }
            if common == 0 { common = w }
            return w == common
        }
        for c in 0 ..< count {
            let p = polygons[c][0]
            var outside = 0
            for d in 0 ..< count where d != c { outside += Self.winding(of: p, around: polygons[d]) }
            let own = Self.orientation(polygons[c])
            guard own != 0, admit(outside), admit(outside + own) else { return 0 }
        }
        return common
    }

    /// +1 when the polygon's shoelace sum is positive, -1 when negative, 0 when zero.
    static func orientation(_ poly: [Point]) -> Int {
        var area = 0.0
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        return area > 0 ? 1 : (area < 0 ? -1 : 0)
    }

    /// The winding number of `polygon` round `p` (`p` not on it), counted so that a polygon of
    /// positive shoelace sum winds +1 round its inside.
    static func winding(of p: Point, around polygon: [Point]) -> Int {
        var w = 0
        for i in 0 ..< polygon.count {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y {
                if b.y > p.y, side > 0 { w += 1 }
            } else if b.y <= p.y, side < 0 {
                w -= 1
            }
        }
        return w
    }
}

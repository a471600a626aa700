import Geometry

// A shape of one simple closed contour (its edges meet only where consecutive edges share a vertex:
// a particle's disc or star, most single glyph strokes) has winding 0 or ±1 everywhere, the same
// sign on every inside point. Crossing one of its edges left to right then always enters (when the
// edge runs the way the contour turns) or always leaves the inside, so every piece's effective sign
// is its direction times the contour's orientation, whatever its neighbours: the row needs no order,
// no strips and no crossings, and each piece is accumulated once with that sign, which is what the
// strip sweep finds for it.

extension Rasterizer.Workspace {
    /// Contours of more vertices than this are tested for simplicity only when convex (the pairwise
    /// test is quadratic).
    static let pairwiseLimit = 24

    /// +1 or -1 when `polylines` is one closed contour known to be simple: the factor every piece's
    /// direction is multiplied by to give its effective sign. 0 when it is several contours, or not
    /// shown simple with a margin well above rounding (then the general row algorithm runs).
    ///
    /// Convex contours of any size are recognised in linear time (every turn strictly the same way
    /// and y changing direction exactly twice: a turning number of one); others of up to
    /// `pairwiseLimit` vertices by testing every pair of non-adjacent edges for strict separation.
    mutating func simpleContourSign(_ polylines: Polylines) -> Int {
        let starts = polylines.starts
        guard starts.count == 1 else { return 0 }
        let lo = starts[0], hi = polylines.points.count
        guard hi - lo >= 3 else { return 0 }
        // Orientation and, on the way, whether the contour is strictly convex, read from the points
        // in place: edges of length zero (repeated points) are skipped, every other edge is turned
        // against the one before it.
        let (n, sign, convex): (Int, Int, Bool) = polylines.points.withUnsafeBufferPointer { pts in
            var area = 0.0, left = 0, right = 0, reversals = 0, firstDY = 0.0, lastDY = 0.0, edges = 0
            var first = -1
            for i in lo ..< hi {
                let a = pts[i], b = pts[i + 1 < hi ? i + 1 : lo]
                guard a.x.isFinite, a.y.isFinite, abs(a.x) < 1e12, abs(a.y) < 1e12 else { return (0, 0, false) }
                area += a.x * b.y - b.x * a.y
                if a != b, first < 0 { first = i }
            }
            guard first >= 0, area.isFinite, area != 0 else { return (0, 0, false) }
            var ex = 0.0, ey = 0.0
            // From the first edge of non-zero length round to it again, so that every turn is seen.
            for k in 0 ... hi - lo {
                let i = lo + (first - lo + k) % (hi - lo)
                let a = pts[i], b = pts[i + 1 < hi ? i + 1 : lo]
                guard a != b else { continue }
                let fx = b.x - a.x, fy = b.y - a.y
                if k > 0 {
                    let cross = ex * fy - ey * fx
                    let margin = 1e-9 * (abs(ex) + abs(ey)) * (abs(fx) + abs(fy))
                    if cross > margin { left += 1 } else if cross < -margin { right += 1 }
                }
                if k < hi - lo {
                    edges += 1
                    if fy != 0 {
                        if firstDY == 0 { firstDY = fy }
                        if lastDY != 0, (fy > 0) != (lastDY > 0) { reversals += 1 }
                        lastDY = fy
                    }
                }
                ex = fx; ey = fy
            }
            // The wrap-around: the last non-horizontal edge against the first.
            if lastDY != 0, firstDY != 0, (firstDY > 0) != (lastDY > 0) { reversals += 1 }
            // Screen coordinates (y down): a negative shoelace sum means edges running down are on
            // the left, where crossing them enters the inside.
            return (edges, area < 0 ? 1 : -1, (left == edges || right == edges) && reversals == 2)
        }
        guard n >= 3 else { return 0 }
        if convex { return sign }
        guard n <= Self.pairwiseLimit else { return 0 }
        // The distinct vertices, in room reserved once (at most `pairwiseLimit` of them).
        if vertices.capacity < Self.pairwiseLimit + 1 { vertices.reserveCapacity(Self.pairwiseLimit + 1) }
        vertices.removeAll(keepingCapacity: true)
        for i in lo ..< hi {
            let p = polylines.points[i]
            if let last = vertices.last, last == p { continue }
            vertices.append(p)
        }
        if vertices.count > 1, vertices[0] == vertices[vertices.count - 1] { vertices.removeLast() }
        guard vertices.count == n else { return 0 }
        return vertices.withUnsafeBufferPointer { v -> Int in
            // Consecutive edges must not fold back onto each other.
            for i in 0 ..< n {
                let a = v[i], b = v[i + 1 < n ? i + 1 : 0], c = v[i + 2 < n ? i + 2 : i + 2 - n]
                let ex = b.x - a.x, ey = b.y - a.y, fx = c.x - b.x, fy = c.y - b.y
                let cross = ex * fy - ey * fx
                let margin = 1e-9 * (abs(ex) + abs(ey)) * (abs(fx) + abs(fy))
                if abs(cross) <= margin, ex * fx + ey * fy < 0 { return 0 }
            }
            // Every pair of edges that share no vertex: strictly apart.
            @inline(__always) func orient(_ p: Point, _ q: Point, _ r: Point) -> Double {
                (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
            }
            for i in 0 ..< n {
                let a = v[i], b = v[i + 1 < n ? i + 1 : 0]
                let last = i == 0 ? n - 2 : n - 1
                guard i + 2 <= last else { continue }
                for j in i + 2 ... last {
                    let c = v[j], d = v[j + 1 < n ? j + 1 : 0]
                    if Swift.max(a.x, b.x) < Swift.min(c.x, d.x) || Swift.max(c.x, d.x) < Swift.min(a.x, b.x)
                        || Swift.max(a.y, b.y) < Swift.min(c.y, d.y) || Swift.max(c.y, d.y) < Swift.min(a.y, b.y) { continue }
                    let ab = (abs(b.x - a.x) + abs(b.y - a.y)), cd = (abs(d.x - c.x) + abs(d.y - c.y))
                    let span = ab + cd
                    let m1 = 1e-9 * ab * span, m2 = 1e-9 * cd * span
                    let d1 = orient(a, b, c), d2 = orient(a, b, d)
                    if (d1 > m1 && d2 > m1) || (d1 < -m1 && d2 < -m1) { continue }
                    let d3 = orient(c, d, a), d4 = orient(c, d, b)
                    if (d3 > m2 && d4 > m2) || (d3 < -m2 && d4 < -m2) { continue }
                    return 0
                }
            }
            return sign
        }
    }

    /// A row of a simple contour (`simpleSign` not 0) with no piece left of the grid: every piece
    /// accumulated once with its direction times `simpleSign`.
    @inline(__always)
    mutating func accumulateSimpleRow(width: Int) {
        let n = pieces.count
        for k in 0 ..< n {
            let p = pieces[k]
            accumulate(x0: p.xt, y0: p.yt, x1: p.xb, y1: p.yb, sign: Double(p.dir * simpleSign), width: width)
        }
    }
}

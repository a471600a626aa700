import Geometry

/// Exact coverage of the union of convex pieces (each of positive area, as `WideStroke` makes
/// them) on a small tile, from the union's boundary alone.
///
/// A point of a piece's edge that lies inside another piece is inside the union, so the edge there
/// bounds nothing; what is left of every edge is the union's boundary, oriented as the pieces are
/// (the union's inside on its left). Each edge is clipped against each piece whose box meets it
/// (a convex piece holds one interval of a line: its half-planes clipped one by one), and its
/// visible parts are accumulated as signed areas per cell, the accumulation rasterizer of
/// font-rs; a running sum along each row gives the covered fraction of each pixel. No edge is
/// ordered against another, which is what the general rasterizer spends its time on when many
/// pieces overlap.
///
/// Only the tile matters. Of each piece only the edges that meet the tile are kept: inside the tile
/// the others' half-planes hold everywhere (a convex piece's boundary there is made of the edges
/// that meet it). An edge's part left of the tile is replaced by the union's chord along the
/// tile's left side (the union of the pieces' chords there), which winds the same round every
/// cell; parts right of it and rows above or below it change no cell.
///
/// Edges on a common line: two in opposite senses (pieces side by side, such as a segment's
/// rectangle and the join after it) both stay and cancel. Two in the same sense over a common
/// stretch (pieces repeated) would both stay and count twice: `finish` then returns false and the
/// caller rasterizes the tile in general.
///
/// A tile is drawn by `begin`, `add` for each piece that may meet it, and `finish`.
///
/// Buffers are kept between calls (no allocation once they have grown).
struct ConvexUnion {
    /// Signed area per cell, `th` rows of `tw + 2` cells.
    private var acc: [Double] = []
    /// The kept edges of every piece (tile-local): start, vector, and unit normal towards the
    /// piece with its offset (`nx x + ny y + off` is the signed distance, positive inside).
    private var edges: [Edge] = []
    /// Per piece that meets the tile, where its edges start in `edges`, and its box within the tile.
    private var first: [Int] = []
    private var boxes: [Box] = []
    /// Hidden parameter intervals of the edge at hand, or chords.
    private var hiddenLo: [Double] = [], hiddenHi: [Double] = []
    /// A point this near a line (in pixels) counts as on it.
    static let onLine = 1e-7

    private struct Edge {
        var x, y, dx, dy, nx, ny, off: Double
    }

    private struct Box {
        var minX, minY, maxX, maxY: Double
    }

    /// Writes the coverage of the union of `pieces` (closed polylines, convex, of positive area) on
    /// the `tw` x `th` tile whose top-left corner is (`x0`, `y0`) into `out` (row-major, `tw` per
    /// row), as `finish` does (allocates: for tests).
    mutating func render(_ pieces: Polylines, x0: Double, y0: Double, tw: Int, th: Int,
                         into out: UnsafeMutablePointer<Float>) -> Bool {
        begin(x0: x0, y0: y0, tw: tw, th: th)
        let held = pieces.points.withUnsafeBufferPointer { pts in
            (0 ..< pieces.starts.count).contains { add(pts, pieces.range(of: $0), chunks: UnsafeBufferPointer(start: nil, count: 0)) == .holds }
        }
        if held {
            out.update(repeating: 1, count: tw * th)
            return true
        }
        return finish(into: out)
    }

    /// Where a piece lies against the tile.
    enum Placement { case misses, holds, meets }

    /// The tile: its top-left corner and size.
    private var x0 = 0.0, y0 = 0.0, tw = 0, th = 0

    /// Starts the tile `tw` x `th` whose top-left corner is (`x0`, `y0`), with no piece.
    mutating func begin(x0: Double, y0: Double, tw: Int, th: Int) {
        self.x0 = x0; self.y0 = y0; self.tw = tw; self.th = th
        edges.removeAll(keepingCapacity: true); first.removeAll(keepingCapacity: true); boxes.removeAll(keepingCapacity: true)
    }

    /// Edges per chunk of a piece's `chunks` (see `add`).
    static let chunk = 32

    /// Adds the piece `pts[r]` (convex, of positive area) when an edge of it meets the tile (the
    /// edges that do are kept); else says whether it holds the whole tile or none of it. `chunks`
    /// are empty or the boxes of its edges `chunk` at a time (edge `i` runs from point `i - 1`, the
    /// last for the first, to point `i`): edges in a chunk whose box misses the tile are passed over.
    mutating func add(_ pts: UnsafeBufferPointer<Point>, _ r: Range<Int>, chunks: UnsafeBufferPointer<WideStroke.Box>) -> Placement {
        guard r.count >= 3 else { return .misses }
        let fw = Double(tw), fh = Double(th)
        let x0 = self.x0, y0 = self.y0
        // A hair round the tile, for the rounding of the edges' boxes.
        let m = 1e-9 * Swift.max(1, abs(x0), abs(y0))
        let before = edges.count
        var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        let n = r.count
        let chunkCount = chunks.isEmpty ? 1 : chunks.count
        for c in 0 ..< chunkCount {
            if !chunks.isEmpty {
                let b = chunks[c]
                guard b.maxX - x0 >= -m, b.minX - x0 <= fw + m, b.maxY - y0 >= -m, b.minY - y0 <= fh + m else { continue }
            }
            let lo = chunks.isEmpty ? 0 : c * Self.chunk, hi = chunks.isEmpty ? n : Swift.min(n, (c + 1) * Self.chunk)
            var a = lo == 0 ? pts[r.upperBound - 1] : pts[r.lowerBound + lo - 1]
            a = Point(a.x - x0, a.y - y0)
            for i in r.lowerBound + lo ..< r.lowerBound + hi {
                let b = Point(pts[i].x - x0, pts[i].y - y0)
                defer { a = b }
                guard Swift.max(a.x, b.x) >= -m, Swift.min(a.x, b.x) <= fw + m,
                      Swift.max(a.y, b.y) >= -m, Swift.min(a.y, b.y) <= fh + m else { continue }
                let dx = b.x - a.x, dy = b.y - a.y
                let len = (dx * dx + dy * dy).squareRoot()
                // A repeated point bounds nothing; an edge whose box meets the tile may still pass
                // it by.
                guard len > 1e-12, Self.meets(a, dx, dy, fw + m, fh + m, -m) else { continue }
                // Inside is left of the edge: dx (y - ay) - dy (x - ax) > 0.
                let nx = -dy / len, ny = dx / len
                edges.append(Edge(x: a.x, y: a.y, dx: dx, dy: dy, nx: nx, ny: ny, off: -(nx * a.x + ny * a.y)))
                box.minX = Swift.min(box.minX, a.x, b.x); box.maxX = Swift.max(box.maxX, a.x, b.x)
                box.minY = Swift.min(box.minY, a.y, b.y); box.maxY = Swift.max(box.maxY, a.y, b.y)
            }
        }
        guard edges.count > before else {
            // No edge meets the tile: the piece holds all of it or none of it, as it holds its
            // centre or not.
            let cx = x0 + fw / 2, cy = y0 + fh / 2
            var c = pts[r.upperBound - 1]
            for i in r {
                let d = pts[i]
                defer { c = d }
                if d != c, (d.x - c.x) * (cy - c.y) - (d.y - c.y) * (cx - c.x) <= 0 { return .misses }
            }
            return .holds
        }
        first.append(before)
        // The piece within the tile: its vertices there and its edges' crossings with the tile's
        // sides, on the kept edges, and the tile's corners it holds.
        box.minX = Swift.max(box.minX, 0); box.minY = Swift.max(box.minY, 0)
        box.maxX = Swift.min(box.maxX, fw); box.maxY = Swift.min(box.maxY, fh)
        for corner in 0 ..< 4 {
            let cx = corner & 1 == 0 ? 0 : fw, cy = corner < 2 ? 0 : fh
            var holds = true
            for i in before ..< edges.count where edges[i].nx * cx + edges[i].ny * cy + edges[i].off < 0 { holds = false; break }
            guard holds else { continue }
            box.minX = Swift.min(box.minX, cx); box.maxX = Swift.max(box.maxX, cx)
            box.minY = Swift.min(box.minY, cy); box.maxY = Swift.max(box.maxY, cy)
        }
        boxes.append(box)
        return .meets
    }

    /// Writes the coverage of the union of the pieces added since `begin` on the tile into `out`
    /// (row-major, `tw` per row). False, with `out` unspecified, when two pieces share a stretch
    /// of edge in the same sense. No piece given held the whole tile.
    mutating func finish(into out: UnsafeMutablePointer<Float>) -> Bool {
        let tw = self.tw, th = self.th
        let fw = Double(tw), fh = Double(th)
        let stride = tw + 2
        let cells = th * stride
        let count = boxes.count
        if acc.count < cells { acc.append(contentsOf: repeatElement(0, count: cells - acc.count)) }
        var acc: [Double] = [], edges: [Edge] = [], first: [Int] = [], boxes: [Box] = []
        var hiddenLo: [Double] = [], hiddenHi: [Double] = []
        swap(&acc, &self.acc); swap(&edges, &self.edges); swap(&first, &self.first); swap(&boxes, &self.boxes)
        swap(&hiddenLo, &self.hiddenLo); swap(&hiddenHi, &self.hiddenHi)
        defer {
            first.removeLast()
            swap(&acc, &self.acc); swap(&edges, &self.edges); swap(&first, &self.first); swap(&boxes, &self.boxes)
            swap(&hiddenLo, &self.hiddenLo); swap(&hiddenHi, &self.hiddenHi)
        }
        first.append(edges.count)
        let ok: Bool = acc.withUnsafeMutableBufferPointer { a -> Bool in
            edges.withUnsafeBufferPointer { e -> Bool in
                first.withUnsafeBufferPointer { first -> Bool in
                    boxes.withUnsafeBufferPointer { boxes -> Bool in
                        guard let a = a.baseAddress else { return false }
                        a.update(repeating: 0, count: cells)
                        for k in 0 ..< count {
                            for i in first[k] ..< first[k + 1] {
                                let pa = Point(e[i].x, e[i].y), dx = e[i].dx, dy = e[i].dy
                                // A horizontal edge adds no area.
                                guard dy != 0 else { continue }
                                // The edge's parameters within the tile's rows.
                                var ta = (0 - pa.y) / dy, tb = (fh - pa.y) / dy
                                if ta > tb { swap(&ta, &tb) }
                                ta = Swift.max(ta, 0); tb = Swift.min(tb, 1)
                                // Only its part right of the tile's left side (the chords there stand
                                // for the rest); one along that side is left to the chords.
                                if dx > 0 { ta = Swift.max(ta, -pa.x / dx) } else if dx < 0 { tb = Swift.min(tb, -pa.x / dx) } else if pa.x <= 0 { continue }
                                guard ta < tb else { continue }
                                let xa = pa.x + dx * ta, xb = pa.x + dx * tb
                                // Wholly right of the tile: it changes no cell.
                                guard Swift.min(xa, xb) < fw else { continue }
                                let ya = pa.y + dy * ta, yb = pa.y + dy * tb
                                let bx0 = Swift.min(xa, xb), bx1 = Swift.max(xa, xb), by0 = Swift.min(ya, yb), by1 = Swift.max(ya, yb)
                                hiddenLo.removeAll(keepingCapacity: true); hiddenHi.removeAll(keepingCapacity: true)
                                var wholly = false
                                for j in 0 ..< count where j != k {
                                    let b = boxes[j]
                                    guard b.minX < bx1 + Self.onLine, b.maxX > bx0 - Self.onLine,
                                          b.minY < by1 + Self.onLine, b.maxY > by0 - Self.onLine else { continue }
                                    guard let (lo, hi) = Self.inside(e, first[j] ..< first[j + 1], from: pa, dx: dx, dy: dy,
                                                                     ta: ta, tb: tb, chord: false) else { return false }
                                    guard lo < hi else { continue }
                                    if lo <= ta && hi >= tb { wholly = true; break }
                                    hiddenLo.append(lo); hiddenHi.append(hi)
                                }
                                guard !wholly else { continue }
                                // The visible parts: [ta, tb] less the hidden intervals, in order.
                                Self.sortIntervals(&hiddenLo, &hiddenHi)
                                var t = ta
                                for u in 0 ..< hiddenLo.count {
                                    if hiddenLo[u] > t {
                                        Self.line(pa.x + dx * t, pa.y + dy * t, pa.x + dx * hiddenLo[u], pa.y + dy * hiddenLo[u],
                                                  acc: a, stride: stride, tw: tw, th: th)
                                    }
                                    t = Swift.max(t, hiddenHi[u])
                                    if t >= tb { break }
                                }
                                if t < tb {
                                    Self.line(pa.x + dx * t, pa.y + dy * t, pa.x + dx * tb, pa.y + dy * tb, acc: a, stride: stride, tw: tw, th: th)
                                }
                            }
                        }
                        // The union's boundary along the tile's left side: the union of the pieces'
                        // chords on it (within its rows), upwards (the inside on its right).
                        hiddenLo.removeAll(keepingCapacity: true); hiddenHi.removeAll(keepingCapacity: true)
                        for k in 0 ..< count where boxes[k].minX <= 0 && boxes[k].maxX > 0 && first[k] < first[k + 1] {
                            guard let (lo, hi) = Self.inside(e, first[k] ..< first[k + 1], from: Point(0, 0), dx: 0, dy: fh,
                                                             ta: 0, tb: 1, chord: true), lo < hi else { continue }
                            hiddenLo.append(lo * fh); hiddenHi.append(hi * fh)
                        }
                        Self.sortIntervals(&hiddenLo, &hiddenHi)
                        var u = 0
                        while u < hiddenLo.count {
                            let lo = hiddenLo[u]
                            var hi = hiddenHi[u]
                            u += 1
                            while u < hiddenLo.count, hiddenLo[u] <= hi { hi = Swift.max(hi, hiddenHi[u]); u += 1 }
                            Self.line(0, hi, 0, lo, acc: a, stride: stride, tw: tw, th: th)
                        }
                        return true
                    }
                }
            }
        }
        guard ok else { return false }
        acc.withUnsafeBufferPointer { a in
            for j in 0 ..< th {
                var s = 0.0
                let row = j * stride
                for c in 0 ..< tw {
                    s += a[row + c]
                    let v = Swift.min(abs(s), 1)
                    out[j * tw + c] = v < 1e-9 ? 0 : (v > 1 - 1e-9 ? 1 : Float(v))
                }
            }
        }
        return true
    }

    /// True when the segment from `a` along (`dx`, `dy`) meets the box `lo ... w` x `lo ... h`
    /// (its line clipped to each side in turn).
    @inline(__always)
    private static func meets(_ a: Point, _ dx: Double, _ dy: Double, _ w: Double, _ h: Double, _ lo: Double) -> Bool {
        var t0 = 0.0, t1 = 1.0
        // Keeps the part where p t <= q.
        @inline(__always) func side(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            if p < 0 { t0 = Swift.max(t0, q / p) } else { t1 = Swift.min(t1, q / p) }
            return t0 <= t1
        }
        return side(-dx, a.x - lo) && side(dx, w - a.x) && side(-dy, a.y - lo) && side(dy, h - a.y)
    }

    /// Sorts the intervals by their low ends (an insertion sort: they are few).
    @inline(__always)
    private static func sortIntervals(_ lo: inout [Double], _ hi: inout [Double]) {
        let n = lo.count
        guard n > 1 else { return }
        for u in 1 ..< n {
            let l = lo[u], h = hi[u]
            var v = u
            while v > 0, lo[v - 1] > l { lo[v] = lo[v - 1]; hi[v] = hi[v - 1]; v -= 1 }
            lo[v] = l; hi[v] = h
        }
    }

    /// The parameters `t` in `ta ... tb` at which `p + t (dx, dy)` lies inside the convex piece whose
    /// kept edges are `e[r]`: an interval (empty when `lo >= hi`). Along one of its edges (within
    /// `onLine` over the whole range): for a boundary edge, outside when the senses are opposite,
    /// and nil (undecided) when they agree over a stretch; for a `chord` (down the tile's left
    /// side), inside when the piece lies right of it.
    @inline(__always)
    private static func inside(_ e: UnsafeBufferPointer<Edge>, _ r: Range<Int>, from p: Point, dx: Double, dy: Double,
                               ta: Double, tb: Double, chord: Bool) -> (Double, Double)? {
        var lo = ta, hi = tb
        var along = false
        for i in r {
            let f0 = e[i].nx * p.x + e[i].ny * p.y + e[i].off, f1 = e[i].nx * dx + e[i].ny * dy
            let fa = f0 + f1 * ta, fb = f0 + f1 * tb
            if fa > onLine && fb > onLine { continue }
            if fa < -onLine && fb < -onLine { return (1, 0) }
            if abs(fa) <= onLine && abs(fb) <= onLine {
                if chord {
                    if e[i].nx > 0 { continue }
                    return (1, 0)
                }
                if e[i].dx * dx + e[i].dy * dy < 0 { return (1, 0) }
                along = true
                continue
            }
            if f1 == 0 {
                if f0 <= 0 { return (1, 0) }
                continue
            }
            let t = -f0 / f1
            if f1 > 0 { lo = Swift.max(lo, t) } else { hi = Swift.min(hi, t) }
            if lo >= hi { return (1, 0) }
        }
        // Along an edge in the same sense, within the piece's other edges over a stretch.
        if along { return hi - lo > 1e-12 ? nil : (1, 0) }
        return (lo, hi)
    }

    /// Accumulates the signed areas of the line (`xa`, `ya`) to (`xb`, `yb`) (tile-local, within
    /// rows 0 ... `th`, at x >= 0 up to rounding) into `acc`: per row it crosses, per cell, the
    /// area between it and the cell's right side times its direction; right of the tile nothing.
    @inline(__always)
    private static func line(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, acc: UnsafeMutablePointer<Double>,
                             stride: Int, tw: Int, th: Int) {
        guard ya != yb else { return }
        let dir: Double = ya < yb ? 1 : -1
        let (tx, ty, bx, by) = ya < yb ? (xa, ya, xb, yb) : (xb, yb, xa, ya)
        let slope = (bx - tx) / (by - ty)
        let fw = Double(tw)
        let r0 = Swift.max(Int(ty.rounded(.down)), 0), r1 = Swift.min(Int(by.rounded(.up)), th)
        guard r0 < r1 else { return }
        for row in r0 ..< r1 {
            let ys = Swift.max(ty, Double(row)), ye = Swift.min(by, Double(row + 1))
            guard ye > ys else { continue }
            let xs = tx + (ys - ty) * slope, xe = tx + (ye - ty) * slope
            let dy = (ye - ys) * dir
            let cell = acc + row * stride
            let xl = Swift.max(Swift.min(xs, xe), 0), xr = Swift.max(xs, xe)
            if xr <= 0 { cell[0] += dy; continue }
            if xl >= fw { continue }
            if xr - xl < 1e-12 {
                let c = Int(xl.rounded(.down)), f = xl - Double(c)
                cell[c] += dy * (1 - f); cell[c + 1] += dy * f
                continue
            }
            let per = dy / (xr - xl)
            var a = xl
            let end = Swift.min(xr, fw)
            var c = Int(a.rounded(.down))
            while a < end {
                let b = Swift.min(Double(c + 1), end)
                let part = per * (b - a), m = (a + b) / 2 - Double(c)
                cell[c] += part * (1 - m); cell[c + 1] += part * m
                a = b
                c += 1
            }
        }
    }
}

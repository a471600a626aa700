import CRowKernels
import Geometry

/// Exact-area coverage of closed polylines under either fill rule.
///
/// Each pixel row `[j, j+1]` is solved on its own (nothing is carried from row to row). Its edge
/// pieces are cut into horizontal strips at every piece end and at every proper crossing of two
/// pieces. Inside a strip no two pieces cross and all of them span it, so their left-to-right order
/// is fixed, and the winding number just left of each piece is a constant `w`. A piece then adds
/// `s = inside(w + dir) - inside(w)` (-1, 0 or +1) to everything right of it, and the accumulation
/// rasterizer of font-rs / ab_glyph turns `s * dy` into exact signed areas per cell; a running sum
/// over the row gives each pixel's covered fraction. Where no piece is right of or crosses another,
/// this is plain font-rs accumulation; crossings and overlaps are why the strips exist.
///
/// Most rows of a glyph or shape need no strips: when every piece (or every y-monotone chain of
/// short pieces, as flattened curves make) crosses the whole row and none crosses or overlaps
/// another, the row is a single strip and each piece is accumulated once with the sign its place
/// in the left-to-right order gives, without searching for breaks and crossings. Contours wholly
/// left of the grid are dropped (they wind around no pixel of it), and edges are ordered by the row
/// they start in, not sorted by their exact top.
///
/// All geometry is Double. Pieces left of the canvas put their whole `s * dy` into cell 0; pieces
/// right of it are dropped, since they change nothing on the canvas. Buffers live in the instance
/// and are reused, so rendering into an existing `Coverage` allocates nothing in steady state.
/// Not thread-safe: use one instance per thread.
public final class Rasterizer {
    /// Buffers reused from render to render.
    var work = Workspace()

    /// A rasterizer with empty buffers.
    public init() {}

    /// Exact coverage of `path` (flattened with `tolerance`, after `transform`) on a width x height grid.
    public func coverage(of path: Path, width: Int, height: Int, rule: FillRule = .nonZero,
                         transform: Transform = .identity, tolerance: Double = Path.defaultTolerance) -> Coverage {
        coverage(of: path.flattened(tolerance: tolerance, transform: transform), width: width, height: height, rule: rule)
    }

    /// Same for already flattened closed polylines.
    public func coverage(of polylines: Polylines, width: Int, height: Int, rule: FillRule = .nonZero) -> Coverage {
        var out = Coverage(width: width, height: height)
        render(polylines, rule: rule, into: &out)
        return out
    }

    /// Writes into an existing Coverage (same size), reusing internal buffers: no allocation in steady state.
    ///
    /// Every value of `into` is overwritten.
    public func render(_ polylines: Polylines, rule: FillRule, into: inout Coverage) {
        // The buffers are moved out into a local for the render (which moves no elements), so the
        // hot loops work on a value the compiler can see is not shared.
        var w = Workspace()
        swap(&w, &work)
        let (width, height) = (into.width, into.height)
        into.values.withUnsafeMutableBufferPointer { out in
            w.render(polylines, rule: rule, width: width, height: height, originX: 0, originY: 0, rows: 0 ..< height, into: out)
        }
        swap(&w, &work)
    }

    /// Writes the coverage of `polylines` on the `width` x `height` grid whose top-left pixel is the
    /// canvas pixel (`originX`, `originY`) into `buffer` (row-major, `width` per row), rows `rows`
    /// only (nil: all); other rows of `buffer` are left as they are. Each row is solved on its own,
    /// so a window's rows equal the same rows of a larger grid's. No allocation in steady state.
    ///
    /// `simpleSign` (+1 or -1, else 0): the shape's winding number is known to be 0 or one common
    /// value everywhere (`Path.simpleFillWinding`), and this is the factor of each edge's direction
    /// that gives its effective sign; its edges' areas are then added up without ordering them.
    public func render(_ polylines: Polylines, rule: FillRule, width: Int, height: Int, originX: Int, originY: Int,
                       rows: Range<Int>? = nil, simpleSign: Int = 0, into buffer: UnsafeMutableBufferPointer<Float>) {
        precondition(buffer.count >= width * height)
        let rows = (rows ?? 0 ..< height).clamped(to: 0 ..< height)
        var w = Workspace()
        swap(&w, &work)
        w.render(polylines, rule: rule, width: width, height: height, originX: Double(originX), originY: Double(originY),
                 rows: rows, knownSign: simpleSign, into: buffer)
        swap(&w, &work)
    }
}

extension Rasterizer {
    /// A non-horizontal edge oriented downwards (`y0 < y1`); `dir` is +1 if it was drawn downwards.
    struct Edge {
        var x0, y0, x1, y1: Double
        var dir: Int
        /// The y-monotone chain of its contour the edge belongs to (consecutive edges drawn the same
        /// way up or down, horizontal ones between them ignored).
        var chain: Int = 0

        @inline(__always) func x(at y: Double) -> Double {
            if y <= y0 { return x0 }
            if y >= y1 { return x1 }
            return x0 + (x1 - x0) * ((y - y0) / (y1 - y0))
        }
    }

    /// An edge clipped to the current row, top `(xt, yt)` to bottom `(xb, yb)`, `yt < yb`.
    struct Piece {
        var xt, yt, xb, yb: Double
        var dir: Int
        var minX, maxX: Double
        var chain: Int
        /// Sort key: x at the current strip's mid-height.
        var key: Double = 0
        /// Effective sign since `sinceY` (not yet accumulated).
        var sign: Int = 0
        var sinceY: Double = 0

        @inline(__always) func x(at y: Double) -> Double {
            if y <= yt { return xt }
            if y >= yb { return xb }
            return xt + (xb - xt) * ((y - yt) / (yb - yt))
        }
    }

    /// The pieces `byTop[first ..< end]` of one chain (or one whole-row piece) in the current row, its
    /// direction and x extent.
    struct ChainRun {
        var first, end, dir: Int
        var minX, maxX: Double
        /// Where in the row it starts and ends.
        var top = 0.0, bottom = 0.0
        /// Its x at the mid-height of a strip (see `orderRuns`).
        var key = 0.0
    }

    /// An inclusive range of cells.
    struct CellRange { var lo, hi: Int }

    /// The rasterizer's buffers and the row algorithm.
    struct Workspace {
        var edges: [Edge] = []
        var sortedEdges: [Edge] = []
        var chainRuns: [ChainRun] = []
        var rowCounts: [Int] = []
        var activeEdges: [Int] = []
        var pieces: [Piece] = []
        var byMinX: [Int] = []
        var sweep: [Int] = []
        var byTop: [Int] = []
        var active: [Int] = []
        var breaks: [Double] = []
        /// Proper crossings of the row's pieces: where, and which two.
        var crossings: [(y: Double, a: Int, b: Int)] = []
        /// Where pieces start or end inside the row, and left-of-grid winding events, sorted: the
        /// breaks at which more than two pieces may change order.
        var events: [Double] = []
        /// Per piece, its place in the strip's left-to-right order; per place, the winding left of it.
        var place: [Int] = []
        var windAt: [Int] = []
        /// Pieces wholly left of the grid (x <= 0) as winding events (y, +-dir), sorted by y: they
        /// only shift the winding of everything right of them and put their area into cell 0.
        var leftEvents: [(y: Double, d: Int)] = []
        /// The same pieces as pieces (for the row's fast paths).
        var leftPieces: [Piece] = []
        /// Where `accumulateChains` cuts a row (chain ends), and the chains of one of its strips.
        var cuts: [Double] = []
        var stripRuns: [Int] = []
        /// The winding of pieces left of the grid over the whole row (not in `leftEvents`).
        var leftBase = 0
        /// Signed area per cell of the current row (`width + 2` entries, zero outside `spans`).
        var acc: [Double] = []
        /// Cell ranges of `acc` written since the last `finishRow`.
        var spans: [CellRange] = []
        /// While true, `accumulate` appends its pieces to `recorded` instead (see `RowProgram`).
        var recording = false
        var recorded: [RowProgram.Segment] = []
        /// When the shape is one simple closed contour: +1 or -1, the factor of a piece's direction
        /// that gives its effective sign (see `simpleContourSign`); else 0.
        var simpleSign = 0
        /// The simple-contour test's vertices.
        var vertices: [Point] = []
        /// Whether simple contours take their fast path (off: every row runs the general algorithm,
        /// which tests compare the fast path with).
        var simpleContours = true
        /// Whether rows where chains start or end inside take the chains' path, cut at those ends (off:
        /// such rows run the strip sweep, which tests compare that path with).
        var chainPairs = true
        /// Whether a row's pieces are put in chain order by `groupByChain` before falling back to a
        /// sort (off: always sorted, which tests compare it with), and its buffers.
        var chainGrouping = true
        var chainCounts: [Int] = []
        var chainOrder: [Int] = []
        /// Rows whose pieces `groupByChain` ordered (for tests).
        var rowsGroupedByChain = 0

        /// Whether one simple contour wholly right of the grid's left edge (a particle's tile) takes
        /// `renderSimpleRows` (off: it runs `solveRows`' simple path, which tests compare it with).
        var simpleRows = true
        /// Whether a row of many spans over few cells is summed through all of them rather than
        /// its spans sorted (off: sorted, which tests compare it with).
        var denseRows = true
        /// Rows finished that way (for tests).
        var denseRowsFinished = 0

        mutating func render(_ polylines: Polylines, rule: FillRule, width: Int, height: Int, originX: Double, originY: Double,
                             rows: Range<Int>, knownSign: Int = 0, into out: UnsafeMutableBufferPointer<Float>) {
            var collected = false
            if simpleRows, simpleContours, polylines.starts.count == 1 || knownSign != 0, width > 0, height > 0, !rows.isEmpty {
                collectEdges(polylines, width: width, rows: rows, originX: originX, originY: originY)
                simpleSign = edges.isEmpty ? 0 : (knownSign != 0 ? knownSign.signum() : simpleContourSign(polylines))
                collected = true
                if simpleSign != 0, renderSimpleRows(width: width, rows: rows, into: out) { return }
            }
            solveRows(polylines, rule: rule, width: width, height: height, originX: originX, originY: originY, rows: rows,
                      collected: collected) { w, j, solved in
                let row = UnsafeMutableBufferPointer(rebasing: out[j * width ..< (j + 1) * width])
                if solved { w.finishRow(row) } else { row.update(repeating: 0) }
            }
        }

        /// The rows of one simple contour (`simpleSign` not 0, `edges` collected) none of whose
        /// edges reaches x <= 0, written into `out`: what `solveRows`' simple path and `finishRow`
        /// write (the same pieces accumulated in the same order, the same running sums), without
        /// their per-row lists, for the small shapes (particles) made again every frame. False, with
        /// nothing written, when an edge reaches x <= 0.
        mutating func renderSimpleRows(width: Int, rows: Range<Int>, into out: UnsafeMutableBufferPointer<Float>) -> Bool {
            let n = edges.count
            for e in edges where Swift.min(e.x0, e.x1) <= 0 { return false }
            if acc.count < width + 2 { acc = [Double](repeating: 0, count: width + 2) }
            // Room for the active edges' indices and a row's cell ranges, one per piece at most.
            activeEdges.removeAll(keepingCapacity: true)
            activeEdges.append(contentsOf: repeatElement(0, count: Swift.max(n, 1)))
            spans.removeAll(keepingCapacity: true)
            spans.append(contentsOf: repeatElement(CellRange(lo: 0, hi: 0), count: Swift.max(n, 1)))
            edges.withUnsafeBufferPointer { es in
                acc.withUnsafeMutableBufferPointer { ab in
                    activeEdges.withUnsafeMutableBufferPointer { act in
                        spans.withUnsafeMutableBufferPointer { sp in
                            guard let a = ab.baseAddress, let base = out.baseAddress, let ap = act.baseAddress, let spp = sp.baseAddress
                            else { return }
                            // `Edge` and `CellRange` are laid out as the kernel's `wf_edge` and
                            // `wf_cell_range` (RasterTests hold them to it).
                            let ep = UnsafeRawPointer(es.baseAddress).map { $0.assumingMemoryBound(to: wf_edge.self) }
                            wf_simple_rows(ep, n, width, rows.lowerBound, rows.upperBound, Double(simpleSign), a, ap,
                                           UnsafeMutableRawPointer(spp).assumingMemoryBound(to: wf_cell_range.self), base)
                        }
                    }
                }
            }
            spans.removeAll(keepingCapacity: true)
            return true
        }

        /// Solves rows `rows` one by one, top to bottom: after each, `done(row, solved)` is called
        /// with the row's pieces accumulated into `acc` (or recorded) when `solved`, and nothing
        /// accumulated (an empty row) when not. `collected`: `edges` and `simpleSign` are already
        /// this shape's.
        @inline(__always)
        mutating func solveRows(_ polylines: Polylines, rule: FillRule, width: Int, height: Int, originX: Double, originY: Double,
                                rows: Range<Int>, collected: Bool = false, knownSign: Int = 0,
                                done: (inout Workspace, Int, Bool) -> Void) {
            guard width > 0, height > 0, !rows.isEmpty else { return }
            if !collected {
                collectEdges(polylines, width: width, rows: rows, originX: originX, originY: originY)
                simpleSign = edges.isEmpty || !simpleContours ? 0 : (knownSign != 0 ? knownSign.signum() : simpleContourSign(polylines))
            }
            if acc.count < width + 2 { acc = [Double](repeating: 0, count: width + 2) }
            activeEdges.removeAll(keepingCapacity: true)
            var nextEdge = 0
            let firstRow = edges.isEmpty ? rows.upperBound : Int(Swift.max(Double(rows.lowerBound), edges[0].y0.rounded(.down)))
            for j in rows {
                guard j >= firstRow else { done(&self, j, false); continue }
                let top = Double(j), bottom = Double(j + 1)
                while nextEdge < edges.count, edges[nextEdge].y0 < bottom {
                    activeEdges.append(nextEdge); nextEdge += 1
                }
                var kept = 0
                for k in activeEdges.indices where edges[activeEdges[k]].y1 > top {
                    activeEdges[kept] = activeEdges[k]; kept += 1
                }
                activeEdges.removeLast(activeEdges.count - kept)
                if activeEdges.isEmpty { done(&self, j, false); continue }
                collectPieces(top: top, bottom: bottom, width: width)
                if pieces.isEmpty && leftEvents.isEmpty && !rule.isInside(leftBase) { done(&self, j, false); continue }
                if simpleSign != 0, leftEvents.isEmpty, leftBase == 0 {
                    accumulateSimpleRow(width: width)
                } else {
                    accumulateRow(j, rule: rule, width: width)
                }
                done(&self, j, true)
            }
        }

        /// Keeps the edges that can matter on the grid's `rows`, moved by minus the origin, oriented
        /// downwards and sorted by top.
        mutating func collectEdges(_ polylines: Polylines, width: Int, rows: Range<Int>, originX: Double, originY: Double) {
            edges.removeAll(keepingCapacity: true)
            let w = Double(width), top = Double(rows.lowerBound), bottom = Double(rows.upperBound)
            var chain = 0, lastDir = 0
            @inline(__always) func addEdge(_ p0: Point, _ q0: Point) {
                let p = Point(p0.x - originX, p0.y - originY), q = Point(q0.x - originX, q0.y - originY)
                guard p.y != q.y, p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
                let dir = p.y < q.y ? 1 : -1
                if dir != lastDir { chain += 1; lastDir = dir }
                let e = dir == 1 ? Edge(x0: p.x, y0: p.y, x1: q.x, y1: q.y, dir: 1, chain: chain)
                                 : Edge(x0: q.x, y0: q.y, x1: p.x, y1: p.y, dir: -1, chain: chain)
                // Outside the rows, or right of the grid (where it only shifts windings of what lies
                // further right, which is off the grid too): no effect on any pixel.
                guard e.y1 > top, e.y0 < bottom, Swift.min(e.x0, e.x1) < w else { return }
                edges.append(e)
            }
            let points = polylines.points, starts = polylines.starts
            for k in 0 ..< starts.count {
                let lo = starts[k], hi = k + 1 < starts.count ? starts[k + 1] : points.count
                guard hi - lo >= 2 else { continue }
                // A contour wholly left of the grid winds around none of its points: it is dropped
                // (its edges would only be winding events that cancel).
                var maxX = -Double.infinity
                for i in lo ..< hi { maxX = Swift.max(maxX, points[i].x) }
                if maxX - originX <= 0 { continue }
                lastDir = 0
                let firstEdge = edges.count, firstChain = chain + 1
                var firstDir = 0
                for i in lo ..< hi {
                    addEdge(points[i], points[i + 1 < hi ? i + 1 : lo])
                    if firstDir == 0 { firstDir = lastDir }
                }
                // The contour's last chain runs on into its first when both go the same way.
                if chain != firstChain, lastDir == firstDir {
                    for i in firstEdge ..< edges.count where edges[i].chain == chain { edges[i].chain = firstChain }
                }
            }
            sortEdgesByRow(rows)
        }

        /// Orders `edges` by the row their top lies in (rows above `rows` first): all the row loop
        /// needs, since each row takes the edges starting before its bottom. A counting sort, linear
        /// in edges and rows, instead of sorting by the exact top.
        mutating func sortEdgesByRow(_ rows: Range<Int>) {
            let n = edges.count, nb = rows.count
            guard n > 1, nb > 1 else { return }
            rowCounts.removeAll(keepingCapacity: true)
            rowCounts.append(contentsOf: repeatElement(0, count: nb + 1))
            let r0 = Double(rows.lowerBound), last = Double(nb - 1)
            @inline(__always) func bucket(_ e: Edge) -> Int { Int(Swift.min(Swift.max((e.y0 - r0).rounded(.down), 0), last)) }
            sortedEdges.removeAll(keepingCapacity: true)
            sortedEdges.append(contentsOf: repeatElement(Edge(x0: 0, y0: 0, x1: 0, y1: 0, dir: 0), count: n))
            rowCounts.withUnsafeMutableBufferPointer { counts in
                edges.withUnsafeBufferPointer { es in
                    for e in es { counts[bucket(e) + 1] += 1 }
                    for b in 0 ..< nb { counts[b + 1] += counts[b] }
                    sortedEdges.withUnsafeMutableBufferPointer { out in
                        for e in es {
                            let b = bucket(e)
                            out[counts[b]] = e; counts[b] += 1
                        }
                    }
                }
            }
            swap(&edges, &sortedEdges)
        }

        /// Clips the active edges to the row `[top, bottom]` into `pieces`.
        mutating func collectPieces(top: Double, bottom: Double, width: Int) {
            pieces.removeAll(keepingCapacity: true)
            leftEvents.removeAll(keepingCapacity: true)
            leftPieces.removeAll(keepingCapacity: true)
            leftBase = 0
            let w = Double(width)
            for k in activeEdges {
                let e = edges[k]
                let yt = Swift.max(e.y0, top), yb = Swift.min(e.y1, bottom)
                guard yt < yb else { continue }
                let xt = e.y0 >= top ? e.x0 : e.x(at: top)
                let xb = e.y1 <= bottom ? e.x1 : e.x(at: bottom)
                let lo = Swift.min(xt, xb), hi = Swift.max(xt, xb)
                guard lo < w else { continue }
                if hi <= 0 {
                    // Left of the grid across the whole row: a constant shift of every winding.
                    if yt == top && yb == bottom { leftBase += e.dir; continue }
                    leftEvents.append((yt, e.dir)); leftEvents.append((yb, -e.dir))
                    leftPieces.append(Piece(xt: xt, yt: yt, xb: xb, yb: yb, dir: e.dir, minX: lo, maxX: hi, chain: e.chain))
                    continue
                }
                pieces.append(Piece(xt: xt, yt: yt, xb: xb, yb: yb, dir: e.dir, minX: lo, maxX: hi, chain: e.chain))
            }
        }

        /// Strip sweep of one row: finds each piece's effective sign per strip and accumulates it.
        mutating func accumulateRow(_ row: Int, rule: FillRule, width: Int) {
            let top = Double(row), bottom = top + 1
            if leftEvents.isEmpty {
                if accumulateSingleStrip(top: top, bottom: bottom, rule: rule, width: width) { return }
            } else {
                // Pieces left of the grid that start or end inside the row (a window's grid cuts
                // through the shape): as pieces, their chains may still keep one order across the
                // row (they put their area into cell 0 like the winding events do).
                let n0 = pieces.count
                pieces.append(contentsOf: leftPieces)
                if accumulateSingleStrip(top: top, bottom: bottom, rule: rule, width: width) { return }
                pieces.removeLast(pieces.count - n0)
            }
            // Strip boundaries: piece ends and proper crossings.
            breaks.removeAll(keepingCapacity: true)
            events.removeAll(keepingCapacity: true)
            breaks.append(top); breaks.append(bottom)
            for p in pieces {
                if p.yt != top { breaks.append(p.yt); events.append(p.yt) }
                if p.yb != bottom { breaks.append(p.yb); events.append(p.yb) }
            }
            for e in leftEvents where e.y != top && e.y != bottom { breaks.append(e.y); events.append(e.y) }
            leftEvents.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0.y < $1.y } }
            events.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0 < $1 } }
            findCrossings()
            crossings.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0.y < $1.y } }
            breaks.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0 < $1 } }
            var n = 0
            for k in breaks.indices where n == 0 || breaks[k] != breaks[n - 1] { breaks[n] = breaks[k]; n += 1 }

            byTop.removeAll(keepingCapacity: true)
            byTop.append(contentsOf: pieces.indices)
            pieces.withUnsafeBufferPointer { ps in
                byTop.withUnsafeMutableBufferPointer { b in sortInPlace(b) { ps[$0].yt < ps[$1].yt } }
            }
            // The sweep works on the pieces and the active list moved out into locals, through
            // unsafe buffers: it is the hot loop when many pieces overlap.
            var ps: [Piece] = [], act: [Int] = []
            swap(&ps, &pieces); swap(&act, &active)
            act.removeAll(keepingCapacity: true)
            act.append(contentsOf: repeatElement(0, count: ps.count))
            ps.withUnsafeMutableBufferPointer { ps in
                act.withUnsafeMutableBufferPointer { act in
                    sweepStrips(ps, act, rule: rule, breaks: n, width: width)
                }
            }
            swap(&ps, &pieces); swap(&act, &active)
        }

        /// The common row of a glyph or a shape away from its vertices: every piece spans the whole
        /// row and no two cross. The row is then one strip, the left-to-right order is the order of
        /// the pieces' middles, and each piece is accumulated once with its effective sign: what the
        /// strip sweep does for a single strip, without finding breaks and crossings. Returns false
        /// (having done nothing) when the row is not like that.
        mutating func accumulateSingleStrip(top: Double, bottom: Double, rule: FillRule, width: Int) -> Bool {
            let n = pieces.count
            for k in 0 ..< n where pieces[k].yt != top || pieces[k].yb != bottom {
                return accumulateChains(top: top, bottom: bottom, rule: rule, width: width)
            }
            byTop.removeAll(keepingCapacity: true)
            byTop.append(contentsOf: pieces.indices)
            let ordered: Bool = pieces.withUnsafeMutableBufferPointer { ps in
                for k in 0 ..< n { ps[k].key = ps[k].x(at: 0.5 * (top + bottom)) }
                return byTop.withUnsafeMutableBufferPointer { order in
                    sortInPlace(order) { ps[$0].key < ps[$1].key }
                    // Sorted by middle, the tops and the bottoms must be in order too, else two
                    // pieces cross inside the row.
                    for k in 1 ..< Swift.max(n, 1) {
                        let a = ps[order[k - 1]], b = ps[order[k]]
                        if a.xt > b.xt || a.xb > b.xb { return false }
                    }
                    return true
                }
            }
            guard ordered else { return false }
            chainRuns.removeAll(keepingCapacity: true)
            for k in 0 ..< n {
                let p = pieces[byTop[k]]
                chainRuns.append(ChainRun(first: k, end: k + 1, dir: p.dir, minX: p.minX, maxX: p.maxX))
            }
            accumulateRuns(top: top, bottom: bottom, rule: rule, width: width)
            return true
        }

        /// A row where pieces end inside it (curves flattened into short chords), handled as strips of
        /// chains: each y-monotone chain present is one run of pieces without gaps, and the row is
        /// cut only where a chain starts or ends (a turn of the outline). In each such strip, when
        /// the chains there keep one left-to-right order at every height (their x extents do not
        /// overlap, or they do without crossing: the two offsets of a thin stroke side by side),
        /// each chain's effective sign is one value and its pieces in the strip are accumulated
        /// once with it (what the strip sweep would do, without cutting at every piece end).
        /// Returns false (having done nothing) otherwise.
        /// Puts `order` (piece indices) in order of chain, and within a chain of top, without a
        /// comparison sort: the pieces are counted out by chain (kept in their order, the active
        /// edges' order), and each chain's run is then in order already, reversed, or in order
        /// after its first piece is followed by the rest reversed (the edges of a chain drawn upwards
        /// come in reverse; the one reaching in from the row above first). Each run is checked to be
        /// strictly in order; false (with `order` as it was) when one is not, or when the chains'
        /// numbers spread too far for counting: the caller sorts then. The order is unique, so it is
        /// the sort's.
        static func groupByChain(_ ps: UnsafeBufferPointer<Piece>, _ order: UnsafeMutableBufferPointer<Int>,
                                 _ counts: inout [Int], _ out: inout [Int]) -> Bool {
            let n = order.count
            guard n > 16 else { return false }              // the sort is an insertion sort there
            var lo = Int.max, hi = Int.min
            for i in order { lo = Swift.min(lo, ps[i].chain); hi = Swift.max(hi, ps[i].chain) }
            let range = hi - lo + 1
            guard range <= 4 * n else { return false }
            counts.removeAll(keepingCapacity: true)
            counts.append(contentsOf: repeatElement(0, count: range + 1))
            out.removeAll(keepingCapacity: true)
            out.append(contentsOf: repeatElement(0, count: n))
            let ok: Bool = counts.withUnsafeMutableBufferPointer { c in
                out.withUnsafeMutableBufferPointer { o in
                    for i in order { c[ps[i].chain - lo + 1] += 1 }
                    for k in 0 ..< range { c[k + 1] += c[k] }
                    for i in order { let k = ps[i].chain - lo; o[c[k]] = i; c[k] += 1 }
                    // Each chain's run, now `o[start ..< end]`.
                    var start = 0
                    while start < n {
                        let chain = ps[o[start]].chain
                        var end = start + 1
                        while end < n, ps[o[end]].chain == chain { end += 1 }
                        @inline(__always) func ascending(_ a: Int, _ b: Int) -> Bool { ps[a].yt < ps[b].yt }
                        var sorted = true
                        for k in start + 1 ..< Swift.max(end, start + 1) where !ascending(o[k - 1], o[k]) { sorted = false; break }
                        if !sorted {
                            // Reversed after the first piece?
                            var descending = true
                            for k in start + 2 ..< Swift.max(end, start + 2) where !ascending(o[k], o[k - 1]) { descending = false; break }
                            guard descending else { return false }
                            if ascending(o[start + 1], o[start]) {
                                // Wholly reversed.
                                var run = UnsafeMutableBufferPointer(rebasing: o[start ..< end])
                                run.reverse()
                            } else {
                                // The top piece first, the rest reversed.
                                var rest = UnsafeMutableBufferPointer(rebasing: o[start + 1 ..< end])
                                rest.reverse()
                            }
                            for k in start + 1 ..< end where !ascending(o[k - 1], o[k]) { return false }
                        }
                        start = end
                    }
                    return true
                }
            }
            guard ok else { return false }
            for k in 0 ..< n { order[k] = out[k] }
            return true
        }

        mutating func accumulateChains(top: Double, bottom: Double, rule: FillRule, width: Int) -> Bool {
            let n = pieces.count
            byTop.removeAll(keepingCapacity: true)
            byTop.append(contentsOf: pieces.indices)
            chainRuns.removeAll(keepingCapacity: true)
            var spanning = true, grouped = false
            let ok: Bool = pieces.withUnsafeBufferPointer { ps in
                byTop.withUnsafeMutableBufferPointer { order in
                    // By chain, and within a chain top to bottom (a y-monotone chain's pieces do not
                    // overlap in y, so the order is unique).
                    grouped = chainGrouping && Self.groupByChain(ps, order, &chainCounts, &chainOrder)
                    if !grouped {
                        sortInPlace(order) { ps[$0].chain < ps[$1].chain || (ps[$0].chain == ps[$1].chain && ps[$0].yt < ps[$1].yt) }
                    }
                    var k = 0
                    while k < n {
                        let first = ps[order[k]]
                        var yb = first.yb, lo = first.minX, hi = first.maxX
                        var m = k + 1
                        while m < n, ps[order[m]].chain == first.chain {
                            let p = ps[order[m]]
                            // A gap (the chain left the grid to the right, where its pieces are
                            // dropped): its place in the order is not known there.
                            guard p.yt == yb else { return false }
                            yb = p.yb
                            lo = Swift.min(lo, p.minX); hi = Swift.max(hi, p.maxX)
                            m += 1
                        }
                        if first.yt != top || yb != bottom { spanning = false }
                        chainRuns.append(ChainRun(first: k, end: m, dir: first.dir, minX: lo, maxX: hi, top: first.yt, bottom: yb))
                        k = m
                    }
                    return true
                }
            }
            if grouped { rowsGroupedByChain &+= 1 }
            guard ok else { return false }
            if spanning {
                let disjoint: Bool = chainRuns.withUnsafeMutableBufferPointer { runs in
                    sortInPlace(runs) { $0.minX < $1.minX }
                    for k in 1 ..< Swift.max(runs.count, 1) where runs[k - 1].maxX > runs[k].minX { return false }
                    return true
                }
                if disjoint {
                    accumulateRuns(top: top, bottom: bottom, rule: rule, width: width)
                    return true
                }
            }
            // The strips between chain ends: each must keep one order before anything is accumulated.
            cuts.removeAll(keepingCapacity: true)
            cuts.append(top); cuts.append(bottom)
            if !spanning {
                guard chainPairs else { return false }
                for r in chainRuns {
                    if r.top != top { cuts.append(r.top) }
                    if r.bottom != bottom { cuts.append(r.bottom) }
                }
                cuts.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0 < $1 } }
            }
            for c in 1 ..< cuts.count where cuts[c] > cuts[c - 1] {
                guard orderRuns(from: cuts[c - 1], to: cuts[c]) else { return false }
            }
            if rule.isInside(leftBase) { accumulate(x0: 0, y0: top, x1: 0, y1: bottom, sign: 1, width: width) }
            // Each piece accumulated once per run of strips with one effective sign (as the strip
            // sweep does).
            for k in pieces.indices { pieces[k].sign = 0; pieces[k].sinceY = pieces[k].yt }
            for c in 1 ..< cuts.count where cuts[c] > cuts[c - 1] {
                let ya = cuts[c - 1], yb = cuts[c]
                _ = orderRuns(from: ya, to: yb)
                var wind = leftBase, inside = rule.isInside(leftBase) ? 1 : 0
                for r in stripRuns {
                    let run = chainRuns[r]
                    wind += run.dir
                    let now = rule.isInside(wind) ? 1 : 0
                    let s = now - inside
                    inside = now
                    for k in run.first ..< run.end {
                        let i = byTop[k]
                        let y0 = Swift.max(pieces[i].yt, ya)
                        guard y0 < Swift.min(pieces[i].yb, yb), pieces[i].sign != s else { continue }
                        emitPiece(i, to: y0, width: width)
                        pieces[i].sign = s; pieces[i].sinceY = y0
                    }
                }
            }
            for i in pieces.indices { emitPiece(i, to: pieces[i].yb, width: width) }
            return true
        }

        /// Accumulates piece `i` from its `sinceY` to `y` with its effective sign (nothing for 0).
        @inline(__always)
        mutating func emitPiece(_ i: Int, to y: Double, width: Int) {
            let p = pieces[i]
            guard p.sign != 0, y > p.sinceY else { return }
            accumulate(x0: p.x(at: p.sinceY), y0: p.sinceY, x1: p.x(at: y), y1: y, sign: Double(p.sign), width: width)
        }

        /// Puts into `stripRuns` the chains of `chainRuns` present over all of `ya ... yb`, ordered
        /// by x at mid-height, and returns whether they keep that order at every height there: each
        /// chain at or left of the next wherever both have a piece (pieces are straight, so comparing
        /// them at both ends of each stretch of height they share is exact). Ties (chains touching)
        /// accumulate the same in either order.
        mutating func orderRuns(from ya: Double, to yb: Double) -> Bool {
            let ym = 0.5 * (ya + yb)
            stripRuns.removeAll(keepingCapacity: true)
            for r in chainRuns.indices where chainRuns[r].top <= ya && chainRuns[r].bottom >= yb { stripRuns.append(r) }
            return pieces.withUnsafeBufferPointer { ps in
                byTop.withUnsafeBufferPointer { order in
                    chainRuns.withUnsafeMutableBufferPointer { runs in
                        stripRuns.withUnsafeMutableBufferPointer { strip in
                            for r in strip {
                                var k = runs[r].first
                                while k + 1 < runs[r].end, ps[order[k]].yb <= ym { k += 1 }
                                runs[r].key = ps[order[k]].x(at: ym)
                            }
                            sortInPlace(strip) { runs[$0].key < runs[$1].key }
                            for q in 1 ..< Swift.max(strip.count, 1) {
                                // Walk both chains' pieces down the strip together.
                                let left = runs[strip[q - 1]], right = runs[strip[q]]
                                var i = left.first, j = right.first
                                while i < left.end, j < right.end {
                                    let a = ps[order[i]], b = ps[order[j]]
                                    let y0 = Swift.max(a.yt, b.yt, ya), y1 = Swift.min(a.yb, b.yb, yb)
                                    if y0 < y1, a.x(at: y0) > b.x(at: y0) || a.x(at: y1) > b.x(at: y1) { return false }
                                    if a.yb <= b.yb { i += 1 } else { j += 1 }
                                }
                            }
                            return true
                        }
                    }
                }
            }
        }

        /// The one strip of a row whose runs (`chainRuns`, left to right) keep their order at every
        /// height: each run's effective sign from the winding left of it, and every piece of the run
        /// accumulated once with that sign.
        mutating func accumulateRuns(top: Double, bottom: Double, rule: FillRule, width: Int) {
            var wind = leftBase, inside = rule.isInside(leftBase) ? 1 : 0
            if inside == 1 { accumulate(x0: 0, y0: top, x1: 0, y1: bottom, sign: 1, width: width) }
            for run in chainRuns {
                wind += run.dir
                let now = rule.isInside(wind) ? 1 : 0
                let s = now - inside
                inside = now
                guard s != 0 else { continue }
                for k in run.first ..< run.end {
                    let p = pieces[byTop[k]]
                    accumulate(x0: p.xt, y0: p.yt, x1: p.xb, y1: p.yb, sign: Double(s), width: width)
                }
            }
        }

        /// The strips of one row, `breaks[0 ..< n]`, top to bottom: which pieces are active, their
        /// order at the strip's mid-height, their effective signs, and accumulation of every run of
        /// a piece with one sign once that run ends.
        ///
        /// At a break where no piece starts or ends and only proper crossings happen, only the
        /// pieces that cross there change places, and only among the places from the leftmost to
        /// the rightmost of them (a piece between that crosses none of them stays between): that
        /// range alone is sorted again, and only its windings and effective signs are updated (the
        /// strips between many crossings of a wide stroke's outline cost about O(1) each instead
        /// of a pass over every piece).
        ///
        /// Where several pieces pass through nearly one point (a vertex shared by several contours,
        /// pieces nearly collinear), their crossings are computed a few units in the last place
        /// apart, and the strips between them are sorted where the pieces' x differ by rounding only:
        /// such an order may have any pair of them reversed. So the places an order was sorted over
        /// in a strip lower than `trustedStrip` are sorted again at the next break as well, until a
        /// strip is tall enough for its order to be the pieces' order (else a reversed pair would be
        /// carried on down the row, with every winding between them off).
        mutating func sweepStrips(_ ps: UnsafeMutableBufferPointer<Piece>, _ act: UnsafeMutableBufferPointer<Int>,
                                  rule: FillRule, breaks n: Int, width: Int) {
            @inline(__always) func emit(_ p: Piece, to y: Double) {
                guard p.sign != 0, y > p.sinceY else { return }
                accumulate(x0: p.x(at: p.sinceY), y0: p.sinceY, x1: p.x(at: y), y1: y, sign: Double(p.sign), width: width)
            }
            @inline(__always) func slope(_ p: Piece) -> Double { (p.xb - p.xt) / (p.yb - p.yt) }
            var count = 0, next = 0
            var left = leftBase, nextEvent = 0
            var nextCrossing = 0, nextStructural = 0
            // The places sorted in a strip too low for its order to be trusted (none: lo > hi).
            var pendingLo = Int.max, pendingHi = -1
            place.removeAll(keepingCapacity: true)
            place.append(contentsOf: repeatElement(0, count: ps.count))
            windAt.removeAll(keepingCapacity: true)
            windAt.append(contentsOf: repeatElement(0, count: ps.count + 1))
            for b in 0 ..< n - 1 {
                let ya = breaks[b], yb = breaks[b + 1]
                // The pieces left of the grid: their winding, and (what their signs add up to)
                // inside(winding) times the strip's height in cell 0.
                while nextEvent < leftEvents.count, leftEvents[nextEvent].y <= ya { left += leftEvents[nextEvent].d; nextEvent += 1 }
                let leftInside = rule.isInside(left) ? 1 : 0
                if leftInside == 1 { accumulate(x0: 0, y0: ya, x1: 0, y1: yb, sign: 1, width: width) }
                while nextStructural < events.count, events[nextStructural] < ya { nextStructural += 1 }
                let structural = b == 0 || (nextStructural < events.count && events[nextStructural] == ya)
                var lo = pendingLo, hi = pendingHi
                while nextCrossing < crossings.count, crossings[nextCrossing].y <= ya {
                    if !structural {
                        let pa = place[crossings[nextCrossing].a], pb = place[crossings[nextCrossing].b]
                        lo = Swift.min(lo, pa, pb); hi = Swift.max(hi, pa, pb)
                    }
                    nextCrossing += 1
                }
                if structural {
                    var kept = 0
                    for k in 0 ..< count {
                        let i = act[k]
                        if ps[i].yb <= ya { emit(ps[i], to: ps[i].yb) } else { act[kept] = i; kept += 1 }
                    }
                    count = kept
                    while next < byTop.count, ps[byTop[next]].yt <= ya {
                        let i = byTop[next]
                        ps[i].sign = 0; ps[i].sinceY = ps[i].yt
                        act[count] = i; count += 1; next += 1
                    }
                    lo = 0; hi = count - 1
                }
                guard lo <= hi else { continue }
                // The order at the strip's mid-height; in a strip too thin to have one (a unit in
                // the last place), the order just below its top: by x there, then by slope (at the
                // mid-height rounded onto a crossing at the bottom, the pair would come out crossed
                // already).
                var ym = 0.5 * (ya + yb)
                let thin = !(ym > ya && ym < yb)
                if thin { ym = ya }
                if yb - ya >= Self.trustedStrip { pendingLo = Int.max; pendingHi = -1 } else { pendingLo = lo; pendingHi = hi }
                for k in lo ... hi { ps[act[k]].key = ps[act[k]].x(at: ym) }
                // Insertion sort: the order only changes at crossings and where pieces start.
                for k in lo + 1 ..< hi + 1 {
                    let i = act[k], key = ps[i].key
                    var m = k
                    while m > lo, ps[act[m - 1]].key > key || (thin && ps[act[m - 1]].key == key && slope(ps[act[m - 1]]) > slope(ps[i])) {
                        act[m] = act[m - 1]; m -= 1
                    }
                    act[m] = i
                }
                // The windings and effective signs of the places sorted (those right of them keep
                // theirs: the pieces between are the same, so the winding after them is too).
                var wind = lo == 0 ? left : windAt[lo]
                var inside = rule.isInside(wind) ? 1 : 0
                for k in lo ... hi {
                    let i = act[k]
                    place[i] = k
                    windAt[k] = wind
                    wind += ps[i].dir
                    let now = rule.isInside(wind) ? 1 : 0
                    let s = now - inside
                    inside = now
                    if s != ps[i].sign {
                        emit(ps[i], to: ya)
                        ps[i].sign = s; ps[i].sinceY = ya
                    }
                }
            }
            for k in 0 ..< count { emit(ps[act[k]], to: ps[act[k]].yb) }
        }

        /// The least height of a strip whose order (sorted at its mid-height) is taken as the pieces'
        /// order: sorted in a strip at least this tall, two pieces can be out of order only when
        /// their x differ by rounding there, that is when they are all but parallel, and then they
        /// stay within (rounding / 5e-7) of each other over the row.
        static let trustedStrip = 1e-6

        /// Adds the y of every proper crossing of two pieces to `breaks`.
        ///
        /// Only pairs whose x-extents overlap are tested (sorted by left end, swept), so a row of many
        /// short segments side by side costs about linear time.
        mutating func findCrossings() {
            crossings.removeAll(keepingCapacity: true)
            byMinX.removeAll(keepingCapacity: true)
            byMinX.append(contentsOf: pieces.indices)
            pieces.withUnsafeBufferPointer { ps in
                byMinX.withUnsafeMutableBufferPointer { b in sortInPlace(b) { ps[$0].minX < ps[$1].minX } }
            }
            sweep.removeAll(keepingCapacity: true)
            for i in byMinX {
                let p = pieces[i]
                var kept = 0
                for k in sweep.indices {
                    let q = pieces[sweep[k]]
                    guard q.maxX >= p.minX else { continue }
                    sweep[kept] = sweep[k]; kept += 1
                    let ya = Swift.max(p.yt, q.yt), yb = Swift.min(p.yb, q.yb)
                    guard ya < yb else { continue }
                    let da = p.x(at: ya) - q.x(at: ya), db = p.x(at: yb) - q.x(at: yb)
                    guard (da < 0 && db > 0) || (da > 0 && db < 0) else { continue }
                    let yc = ya + (yb - ya) * (da / (da - db))
                    if yc > ya, yc < yb { breaks.append(yc); crossings.append((yc, i, sweep[k])) }
                }
                sweep.removeLast(sweep.count - kept)
                sweep.append(i)
            }
        }
    }
}

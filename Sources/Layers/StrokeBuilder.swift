import Geometry
import Raster

/// The stroke of one path in one style under one transform, kept while only its trim changes (a pen
/// drawing text): the path is flattened once, each contour kept whole by the trim is stroked once,
/// and a frame strokes only the contour the trim cuts. The outline is the one
/// `ShapeLayer.strokeOutline(of:_:ctm:)` makes (the same contours, stroked the same way, in order).
final class StrokeBuilder {
    let pathID: UInt
    let path: Path
    let style: StrokeStyle
    let transform: Transform
    private let tolerance: Double
    private let flat: FlattenedPath
    /// Each contour's length and their sum, as `FlattenedPath` measures them (measured once).
    private let lengths: [Double]
    private let total: Double
    /// Each contour's outline (kept whole) on the tile's grid, made when first needed, and the box
    /// of each of its closed loops.
    private var whole: [Polylines?]
    private var wholeBoxes: [[LoopBox]]
    private var scratch = Polylines()
    private var scratchBoxes: [LoopBox] = []
    private var stroker: PolylineStroker
    private var piecePath = Path()
    private var piece: [Point] = []
    /// How far the stroke reaches from its path (see `changedBox`).
    private let reach: Double
    /// Per contour, the arc length at each of its points (the running sums `FlattenedPath` trims
    /// with; a closed contour's last entry is after its closing segment), whether all its points are
    /// finite, and the box of each run of `chunk` segments: a window finds its segments without
    /// walking the contour.
    private let arc: [[Double]]
    private let finite: [Bool]
    private let chunkBoxes: [[LoopBox]]
    /// Segments per chunk (of a contour, or of a kept outline's loop).
    static let chunk = 32
    /// The points of the run being stroked (reused).
    private var run: [Point] = []
    /// Per contour, per loop of its kept outline, the box of each run of `chunk` edges.
    private var wholeChunks: [[[LoopBox]]]
    /// The box (in the path's coordinates) outside which no segment's stroke reaches the window of
    /// the current `outline` call; nil without a window (a property, not a captured local).
    private var near: Window?

    /// The box of one closed loop of an outline: its finite points' extent, and whether it has a
    /// point that is not finite (such a loop is never left out of a window).
    struct LoopBox {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var allFinite = true

        /// The boxes of `p`'s loops, into `out` (emptied first).
        static func boxes(of p: Polylines, into out: inout [LoopBox]) {
            out.removeAll(keepingCapacity: true)
            for k in 0 ..< p.starts.count {
                var b = LoopBox()
                for i in p.range(of: k) {
                    let q = p.points[i]
                    guard q.x.isFinite, q.y.isFinite else { b.allFinite = false; continue }
                    b.minX = min(b.minX, q.x); b.maxX = max(b.maxX, q.x); b.minY = min(b.minY, q.y); b.maxY = max(b.maxY, q.y)
                }
                out.append(b)
            }
        }

        /// True when `Rasterizer` draws no edge of a closed loop in this box on any grid inside
        /// `window`: the loop lies wholly left of it (a closed loop winds around nothing there; the
        /// sign of a difference is exact), right of it, above or below it.
        func leftOut(of w: Window) -> Bool {
            guard allFinite, minX <= maxX else { return false }
            return maxX <= w.x0 || minX >= w.x1 || maxY <= w.y0 || minY >= w.y1
        }
    }

    /// A window of the tile's grid (its pixel edges).
    struct Window { var x0, y0, x1, y1: Double }

    init(path: Path, style: StrokeStyle, transform: Transform) {
        pathID = path.storageID
        self.path = path
        self.style = style
        self.transform = transform
        tolerance = ShapeLayer.strokeTolerance(ctm: transform)
        let flat = path.flattenedContours(tolerance: tolerance)
        self.flat = flat
        lengths = flat.contours.map { flat.length(of: $0) }
        total = flat.length
        whole = [Polylines?](repeating: nil, count: flat.contours.count)
        wholeBoxes = [[LoopBox]](repeating: [], count: flat.contours.count)
        wholeChunks = [[[LoopBox]]](repeating: [], count: flat.contours.count)
        var arc: [[Double]] = [], finite: [Bool] = [], chunkBoxes: [[LoopBox]] = []
        for c in flat.contours {
            let r = c.range, n = r.count
            let segments = c.isClosed ? n : max(n - 1, 0)
            var sums = [0.0], s = 0.0, allFinite = true
            sums.reserveCapacity(segments + 1)
            for k in 0 ..< segments {
                s += (flat.points[r.lowerBound + (k + 1) % n] - flat.points[r.lowerBound + k]).length
                sums.append(s)
            }
            var boxes: [LoopBox] = []
            for c0 in stride(from: 0, to: segments, by: Self.chunk) {
                var b = LoopBox()
                for k in c0 ... min(c0 + Self.chunk, segments) {
                    let q = flat.points[r.lowerBound + k % n]
                    guard q.x.isFinite, q.y.isFinite else { b.allFinite = false; allFinite = false; continue }
                    b.minX = min(b.minX, q.x); b.maxX = max(b.maxX, q.x); b.minY = min(b.minY, q.y); b.maxY = max(b.maxY, q.y)
                }
                boxes.append(b)
            }
            for q in flat.points[r] where !(q.x.isFinite && q.y.isFinite) { allFinite = false }
            arc.append(sums); finite.append(allFinite); chunkBoxes.append(boxes)
        }
        self.arc = arc; self.finite = finite; self.chunkBoxes = chunkBoxes
        stroker = PolylineStroker(style: style, tolerance: tolerance)
        // A round join or cap stays within half the width of the path; a square cap's corners
        // within that times the square root of 2; a miter's tip within that times the miter limit.
        let join = style.join == .miter ? max(style.miterLimit, 1) : 1
        let cap = style.cap == .square ? 2.0.squareRoot() : 1
        reach = style.width / 2 * max(join, cap) * (1 + 1e-9) + 1e-9
    }

    /// True when it strokes `path` in `style` under `transform`.
    func matches(_ path: Path, _ style: StrokeStyle, _ transform: Transform) -> Bool {
        path.storageID == pathID && self.style == style && self.transform == transform
    }

    /// The outline of the stroke trimmed to `start ... end`, mapped by `local`, into `out`.
    func outline(start: Double, end: Double, local: Transform, into out: inout Polylines) {
        _ = outline(start: start, end: end, local: local, window: nil, into: &out)
    }

    /// The outline of the stroke trimmed to `start ... end`, mapped by `local`, into `out`; with a
    /// `window`, only its loops that `Rasterizer` draws an edge of on a grid inside that window (its
    /// pixels there are the whole outline's). Returns the box of the whole outline's finite points (nil
    /// when it has none). `local` must be the same from call to call (whole contours' outlines are
    /// kept mapped by it).
    func outline(start: Double, end: Double, local: Transform, window: Window?, into out: inout Polylines) -> LoopBox? {
        out.points.removeAll(keepingCapacity: true)
        out.starts.removeAll(keepingCapacity: true)
        extent = LoopBox()
        // Every contour's whole outline is made on the first call, so that a pen finishing a contour
        // later allocates nothing.
        for k in flat.contours.indices where whole[k] == nil { makeWhole(k, local: local) }
        if start <= 0 && end >= 1 {
            for k in flat.contours.indices { if let p = whole[k] { add(p, k, window: window, into: &out) } }
            return extent.minX <= extent.maxX ? extent : nil
        }
        near = window.flatMap { nearBox($0, local: local) }
        if let z = near, finite.allSatisfy({ $0 }) {
            // With a window, the contours trimming keeps are found as `forEachTrimmedContour` finds
            // them, and the cut one's segments near the window from its arc lengths and chunk boxes
            // (the same points as its cut piece, without walking or copying the contour).
            forEachTrimmedRange(start: start, end: end) { k, lo, hi, isWhole in
                if isWhole {
                    if let p = whole[k] { add(p, k, window: window, into: &out) }
                    return
                }
                piecePath.removeAll(keepingCapacity: true)
                forEachRun(contour: k, from: lo, to: hi, near: z) { run, buttStart, buttEnd in
                    stroker.outline(run, buttStart: buttStart, buttEnd: buttEnd, into: &piecePath)
                }
                addPiece(local: local, window: window, into: &out)
            }
            return extent.minX <= extent.maxX ? extent : nil
        }
        var buffer: [Point] = []
        swap(&buffer, &piece)
        defer { swap(&buffer, &piece) }
        flat.forEachTrimmedContour(from: start, to: end, lengths: lengths, total: total, buffer: &buffer) { k, piece in
            guard let piece else {
                if let p = whole[k] { add(p, k, window: window, into: &out) }
                return
            }
            // The cut contour, stroked into reused buffers.
            piecePath.removeAll(keepingCapacity: true)
            stroker.outline(piece[...], closed: false, into: &piecePath)
            addPiece(local: local, window: window, into: &out)
        }
        return extent.minX <= extent.maxX ? extent : nil
    }

    /// Calls `body(k, lo, hi, whole)` for each contour `k` the trim to `start ... end` keeps (as
    /// `forEachTrimmedContour` finds them), with the arc lengths `lo ... hi` kept of it (relative to
    /// its start), and whether it is kept whole. Nothing when the trim keeps nothing.
    private func forEachTrimmedRange(start: Double, end: Double, _ body: (Int, Double, Double, Bool) -> Void) {
        let s0 = min(max(start.isNaN ? 0 : start, 0), 1), s1 = min(max(end.isNaN ? 0 : end, 0), 1)
        guard s1 > s0, total > 0 else { return }
        let a = s0 * total, b = s1 * total
        var base = 0.0
        for k in flat.contours.indices {
            let len = lengths[k]
            defer { base += len }
            let lo = max(a - base, 0), hi = min(b - base, len)
            guard hi > lo || (len == 0 && a <= base && base < b) else { continue }
            body(k, lo, hi, (s0 == 0 && s1 == 1) || (lo == 0 && hi == len))
        }
    }

    /// Appends the stroked cut piece in `piecePath`, mapped by `local`, to `out`.
    private func addPiece(local: Transform, window: Window?, into out: inout Polylines) {
        piecePath.flatten(into: &scratch, transform: local)
        LoopBox.boxes(of: scratch, into: &scratchBoxes)
        add(scratch, scratchBoxes, nil, window: window, into: &out)
    }

    /// Runs of a cut contour that `renderWide` stroked with an end cut short of the piece's (for tests).
    private(set) var wideRunsCut = 0
    /// Pieces and tiles for a pen wide next to the path's curves (see `WideStroke`).
    private lazy var wide = WideStroke(style: style, tolerance: tolerance)
    /// Each contour's pieces when kept whole, under the `local` of the calls (made when first
    /// needed, by a second `WideStroke`).
    private var wideWhole: [WideStroke.Contour?] = []
    private lazy var wideMaker = WideStroke(style: style, tolerance: tolerance)

    /// Contour `k` kept whole, for `renderWide`.
    private func wideContour(_ k: Int, local: Transform) -> WideStroke.Contour {
        if wideWhole.count != flat.contours.count { wideWhole = [WideStroke.Contour?](repeating: nil, count: flat.contours.count) }
        if let c = wideWhole[k] { return c }
        let c = wideMaker.contour(flat.points[flat.contours[k].range], closed: flat.contours[k].isClosed, local: local)
        wideWhole[k] = c
        return c
    }

    /// How many of the whole path's inner joins go through their vertex (counted once).
    private lazy var joinsThroughVertex: Int = {
        var counter = PolylineStroker(style: style, tolerance: tolerance)
        var scratch = Path()
        for c in flat.contours {
            counter.outline(flat.points[c.range], closed: c.isClosed, into: &scratch)
            scratch.removeAll(keepingCapacity: true)
        }
        return counter.joinsThroughVertex
    }()

    /// Joins through their vertex from which a stroke is drawn as pieces (`renderWide`): below it,
    /// the outline's spokes are few and cheap to rasterize.
    static let wideJoins = 16

    /// True when `renderWide` draws this stroke under `local`: a similarity, and a pen wide enough next to the path's curves that many inner joins go through their
    /// vertex (each a pair of spokes across the stroke in the outline).
    func drawsWide(local: Transform) -> Bool {
        WideStroke.applies(style, local: local, minimumRadius: 1) && joinsThroughVertex >= Self.wideJoins
    }

    /// The coverage of the stroke trimmed to `start ... end`, mapped by `local`, on the `width` x
    /// `height` window at (`originX`, `originY`), into `out`: what rasterizing `outline`'s loops
    /// there gives (the same region, as the union of the stroke's pieces), tile by tile.
    func renderWide(start: Double, end: Double, local: Transform, width: Int, height: Int, originX: Int, originY: Int,
                    rasterizer: Rasterizer, into out: UnsafeMutableBufferPointer<Float>) {
        wide.begin()
        for k in flat.contours.indices where whole[k] == nil { makeWhole(k, local: local) }
        // A contour whose whole outline's box, widened by the pen and a tile, misses the window is
        // left out: none of its pieces reaches the window, and its path is farther from every
        // tile than a tile's outside test asks.
        let pad = (style.width / 2 * (WideStroke.similarityScale(local) ?? 1)) * (1 + 1e-6) + 2 * Double(WideStroke.tile) + 2
        let wx0 = Double(originX) - pad, wy0 = Double(originY) - pad
        let wx1 = Double(originX + width) + pad, wy1 = Double(originY + height) + pad
        @inline(__always) func reaches(_ k: Int) -> Bool {
            for b in wholeBoxes[k] where !b.allFinite || (b.maxX >= wx0 && b.minX <= wx1 && b.maxY >= wy0 && b.minY <= wy1) { return true }
            return false
        }
        if start <= 0 && end >= 1 {
            for k in flat.contours.indices where reaches(k) { wide.add(wideContour(k, local: local)) }
        } else if let z = nearBox(Window(x0: Double(originX), y0: Double(originY), x1: Double(originX + width), y1: Double(originY + height)),
                                  local: local), finite.allSatisfy({ $0 }) {
            // Only the runs of the cut contour near the window (as `outline` strokes them with a
            // window): the contour being drawn is not stroked again from its start every frame.
            // A run's ends where it was cut lie farther from the window than the pen reaches: they
            // get butt caps (no cap piece), which change no pixel of the window; the butt ends noted
            // for them only have tiles near them looked at more closely.
            forEachTrimmedRange(start: start, end: end) { k, lo, hi, isWhole in
                guard reaches(k) else { return }
                if isWhole {
                    wide.add(wideContour(k, local: local))
                    return
                }
                forEachRun(contour: k, from: lo, to: hi, near: z) { run, cutStart, cutEnd in
                    wide.add(run, closed: false, local: local, cutStart: cutStart, cutEnd: cutEnd)
                    if cutStart || cutEnd { wideRunsCut += 1 }
                }
            }
        } else {
            var buffer: [Point] = []
            swap(&buffer, &piece)
            defer { swap(&buffer, &piece) }
            flat.forEachTrimmedContour(from: start, to: end, lengths: lengths, total: total, buffer: &buffer) { k, piece in
                guard reaches(k) else { return }
                if let piece {
                    wide.add(piece[...], closed: false, local: local)
                } else {
                    wide.add(wideContour(k, local: local))
                }
            }
        }
        wide.render(local: local, width: width, height: height, originX: originX, originY: originY, rasterizer: rasterizer, into: out)
    }

    /// The box in the path's coordinates holding every point whose stroke can reach `w` (on the
    /// grid `local` maps the path onto): the box of `w`'s corners mapped back, widened by the reach.
    /// Nil when `local` has no inverse or the box is not finite.
    private func nearBox(_ w: Window, local: Transform) -> Window? {
        guard let inverse = local.inverted else { return nil }
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        for k in 0 ..< 4 {
            let p = inverse.apply(Point(k & 1 == 0 ? w.x0 : w.x1, k < 2 ? w.y0 : w.y1))
            lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        // A hair more than the reach, for the rounding of the inverse.
        let r = reach * (1 + 1e-6) + 1e-6 * max(abs(lo.x), abs(lo.y), abs(hi.x), abs(hi.y), 1)
        let z = Window(x0: lo.x - r, y0: lo.y - r, x1: hi.x + r, y1: hi.y + r)
        guard z.x0.isFinite, z.y0.isFinite, z.x1.isFinite, z.y1.isFinite else { return nil }
        return z
    }

    /// Calls `body` with the runs of consecutive segments of contour `k` cut between arc lengths
    /// `lo < hi` (relative to its start) whose boxes meet `z`, each as its own open polyline, and
    /// whether its start and its end are where a run was cut (not the piece's own ends), which the
    /// thin pen strokes with butt caps. The segments are those of the piece `FlattenedPath` cuts there, the same points
    /// made by the same operations (zero-length segments left out, the ends interpolated), found from
    /// the contour's arc lengths (bisection) and chunk boxes (a chunk that misses `z` is passed over
    /// whole) rather than by walking the contour. Inside the window `z` was made from, the runs'
    /// union is the whole piece's stroke: a segment outside `z` (and each join or cap at one of its
    /// ends) stays farther from the window than the stroke reaches, so a run's caps where it is cut
    /// lie outside the window (they are butt caps, the fewest points), as does every piece of the
    /// stroke the runs leave out. Outside the window the outline differs, which the caller does not
    /// draw. Every point of the contour must be finite.
    private func forEachRun(contour k: Int, from lo: Double, to hi: Double, near z: Window,
                            _ body: (ArraySlice<Point>, _ cutStart: Bool, _ cutEnd: Bool) -> Void) {
        let r = flat.contours[k].range, n = r.count
        let sums = arc[k], boxes = chunkBoxes[k]
        let segments = sums.count - 1
        guard segments > 0 else { return }
        // The first segment whose end reaches `lo` (the sums never decrease).
        var i = 0, j = segments
        while i < j {
            let m = (i + j) / 2
            if sums[m + 1] < lo { i = m + 1 } else { j = m }
        }
        run.removeAll(keepingCapacity: true)
        var runStartsPiece = false
        var first = true
        var last = Point.zero
        var chunkMeets = false, chunkIndex = -1
        var seg = i
        while seg < segments {
            let c = seg / Self.chunk
            if c != chunkIndex {
                chunkIndex = c
                let b = boxes[c]
                chunkMeets = b.maxX >= z.x0 && b.minX <= z.x1 && b.maxY >= z.y0 && b.minY <= z.y1
            }
            if !chunkMeets && !first {
                // No segment of this chunk meets `z`: a run ends here, and the piece goes on (if it
                // does) from the next chunk's first point.
                if !run.isEmpty { flushRun(cutStart: !runStartsPiece, cutEnd: true, body) }
                let next = min((c + 1) * Self.chunk, segments)
                if sums[next] > hi { return }
                seg = next
                last = flat.points[r.lowerBound + seg % n]
                continue
            }
            let p = flat.points[r.lowerBound + seg], q = flat.points[r.lowerBound + (seg + 1) % n]
            let len = (q - p).length
            let s = sums[seg], s2 = sums[seg + 1]
            seg += 1
            if s2 < lo || len == 0 { continue }
            if s > hi { break }
            let from = first ? (lo <= s ? p : p.lerp(q, (lo - s) / len)) : last
            let ends = hi < s2
            let to = ends ? p.lerp(q, (hi - s) / len) : q
            let meets = max(from.x, to.x) >= z.x0 && min(from.x, to.x) <= z.x1 && max(from.y, to.y) >= z.y0 && min(from.y, to.y) <= z.y1
            if meets {
                if run.isEmpty { run.append(from); runStartsPiece = first }
                run.append(to)
            } else if !run.isEmpty {
                flushRun(cutStart: !runStartsPiece, cutEnd: true, body)
            }
            first = false
            last = to
            if ends { break }
        }
        if !run.isEmpty { flushRun(cutStart: !runStartsPiece, cutEnd: false, body) }
    }

    /// Hands `run` to `body`, and empties it.
    private func flushRun(cutStart: Bool, cutEnd: Bool, _ body: (ArraySlice<Point>, Bool, Bool) -> Void) {
        body(run[...], cutStart, cutEnd)
        run.removeAll(keepingCapacity: true)
    }

    /// The box of the last `outline`'s whole outline (an instance property, so that no closure
    /// captures a local variable, which would be allocated).
    private var extent = LoopBox()

    /// Appends `p`'s loops (those that reach `window`, when given) to `out`, and every one's box
    /// to `extent`.
    private func add(_ p: Polylines, _ k: Int, window: Window?, into out: inout Polylines) {
        add(p, wholeBoxes[k], wholeChunks[k], window: window, into: &out)
    }

    /// The same for loops whose edges' chunk boxes (`chunk` edges each, the closing edge last) are
    /// `chunks`: in a window, a chunk whose box lies wholly left of it, right of it, above or below
    /// it is given as one edge from its first point to its last (within that half-plane, as the
    /// chunk is, so every pixel of the window is covered as before: the two differ by a loop that
    /// winds around none of them).
    private func add(_ p: Polylines, _ boxes: [LoopBox], _ chunks: [[LoopBox]]?, window: Window?, into out: inout Polylines) {
        for k in 0 ..< p.starts.count {
            let b = boxes[k]
            extent.minX = min(extent.minX, b.minX); extent.minY = min(extent.minY, b.minY)
            extent.maxX = max(extent.maxX, b.maxX); extent.maxY = max(extent.maxY, b.maxY)
            if let w = window, b.leftOut(of: w) { continue }
            out.starts.append(out.points.count)
            let r = p.range(of: k)
            guard let w = window, let chunks, chunks[k].count > 1 else {
                out.points.append(contentsOf: p.points[r])
                continue
            }
            let m = r.count
            out.points.append(p.points[r.lowerBound])
            for (c, box) in chunks[k].enumerated() {
                let e0 = c * Self.chunk, e1 = min(e0 + Self.chunk, m)
                if box.leftOut(of: w) {
                    if e1 < m { out.points.append(p.points[r.lowerBound + e1]) }
                } else {
                    // Edges e0 ..< e1 end at points e0 + 1 ... e1 (the last one closing back to the first).
                    out.points.append(contentsOf: p.points[r.lowerBound + e0 + 1 ..< r.lowerBound + min(e1, m - 1) + 1])
                }
            }
        }
    }

    /// The boxes of the chunks of `chunk` edges of each loop of `p` (the closing edge last).
    private static func chunkBoxes(of p: Polylines) -> [[LoopBox]] {
        (0 ..< p.starts.count).map { k in
            let r = p.range(of: k), m = r.count
            return stride(from: 0, to: m, by: chunk).map { e0 in
                var b = LoopBox()
                for i in e0 ... min(e0 + chunk, m) {
                    let q = p.points[r.lowerBound + i % m]
                    guard q.x.isFinite, q.y.isFinite else { b.allFinite = false; continue }
                    b.minX = min(b.minX, q.x); b.maxX = max(b.maxX, q.x); b.minY = min(b.minY, q.y); b.maxY = max(b.maxY, q.y)
                }
                return b
            }
        }
    }

    /// Makes contour `k`'s whole outline, mapped by `local`, its loops' boxes and their chunks' boxes.
    private func makeWhole(_ k: Int, local: Transform) {
        var one = FlattenedPath()
        one.append(flat.points[flat.contours[k].range], closed: flat.contours[k].isClosed)
        let p = one.strokeOutline(style, tolerance: tolerance).flattened(transform: local)
        whole[k] = p
        LoopBox.boxes(of: p, into: &wholeBoxes[k])
        wholeChunks[k] = Self.chunkBoxes(of: p)
    }

    /// The box of every contour's whole outline (as kept by `outline`; nil before its first call or
    /// when it has no finite point): where a growing trim's outline mostly stays.
    func wholeBox() -> LoopBox? {
        var box = LoopBox()
        for boxes in wholeBoxes {
            for b in boxes {
                box.minX = min(box.minX, b.minX); box.minY = min(box.minY, b.minY)
                box.maxX = max(box.maxX, b.maxX); box.maxY = max(box.maxY, b.maxY)
            }
        }
        return box.minX <= box.maxX ? box : nil
    }

    /// A box (in the path's coordinates) holding every point whose stroke can differ between the
    /// trims `start ... a` and `start ... b`: the path between `a` and `b`, widened by how far a
    /// stroke reaches from its path (half the width; times the miter limit for miter joins, the
    /// square root of 2 for square caps).
    func changedBox(start: Double, from a: Double, to b: Double) -> Rect? {
        guard total > 0, a.isFinite, b.isFinite else { return nil }
        let lo = min(a, b) * total, hi = max(a, b) * total
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        var base = 0.0
        for (ci, c) in flat.contours.enumerated() {
            let len = lengths[ci]
            defer { base += len }
            guard base + len >= lo, base <= hi else { continue }
            let r = c.range
            guard !r.isEmpty else { continue }
            // A contour's start matters only where a trim begins it or, closed, ends it (its caps
            // become a join): its first and closing segments, which the loop below takes then. A
            // trim ending inside the contour both times leaves its start as it was.
            let n = r.count
            if n == 1 { add(flat.points[r.lowerBound]); continue }
            // The segments between the trims, from the first whose end reaches `lo` (bisection on
            // the arc lengths), each only between the trims (a long straight segment, such as a
            // stem, is drawn a little each frame).
            let sums = arc[ci], segments = sums.count - 1
            var i = 0, j = segments
            while i < j {
                let m = (i + j) / 2
                if base + sums[m + 1] < lo { i = m + 1 } else { j = m }
            }
            for k in i ..< segments {
                let s = base + sums[k]
                guard s <= hi else { break }
                let p = flat.points[r.lowerBound + k], q = flat.points[r.lowerBound + (k + 1) % n]
                let l = (q - p).length
                if l > 0 {
                    let t0 = min(max((lo - s) / l, 0), 1), t1 = min(max((hi - s) / l, 0), 1)
                    add(p.lerp(q, t0)); add(p.lerp(q, t1))
                } else {
                    add(p); add(q)
                }
            }
        }
        guard minX <= maxX else { return nil }
        // A round join or cap stays within half the width of the path; a square cap's corners
        // within that times the square root of 2; a miter's tip within that times the miter limit.
        return Rect(minX: minX - reach, minY: minY - reach, maxX: maxX + reach, maxY: maxY + reach)
    }
}

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
            for k in flat.contours.indices { if let p = whole[k] { add(p, wholeBoxes[k], window: window, into: &out) } }
            return extent.minX <= extent.maxX ? extent : nil
        }
        near = window.flatMap { nearBox($0, local: local) }
        var buffer: [Point] = []
        swap(&buffer, &piece)
        defer { swap(&buffer, &piece) }
        flat.forEachTrimmedContour(from: start, to: end, lengths: lengths, total: total, buffer: &buffer) { k, piece in
            guard let piece else {
                if let p = whole[k] { add(p, wholeBoxes[k], window: window, into: &out) }
                return
            }
            // The cut contour, stroked into reused buffers: with a window, only the runs of its
            // segments whose stroke can reach the window.
            piecePath.removeAll(keepingCapacity: true)
            if let z = near { strokeRuns(piece, near: z) } else { stroker.outline(piece[...], closed: false, into: &piecePath) }
            piecePath.flatten(into: &scratch, transform: local)
            LoopBox.boxes(of: scratch, into: &scratchBoxes)
            add(scratch, scratchBoxes, window: window, into: &out)
        }
        return extent.minX <= extent.maxX ? extent : nil
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

    /// Strokes the runs of consecutive segments of the open polyline `piece` whose boxes meet `z`,
    /// each as its own open polyline, into `piecePath`. Inside the window `z` was made from, their
    /// union is the whole piece's stroke: a segment outside `z` (and each join or cap at one of its
    /// ends) stays farther from the window than the stroke reaches, so a run's caps where it is cut
    /// lie outside the window (they are butt caps, the fewest points), as does every piece of the
    /// stroke the runs leave out. Outside the window the outline differs, which the caller does not
    /// draw.
    private func strokeRuns(_ piece: [Point], near z: Window) {
        let n = piece.count
        guard n >= 2 else { stroker.outline(piece[...], closed: false, into: &piecePath); return }
        var first = -1
        for k in 0 ..< n - 1 {
            let p = piece[k], q = piece[k + 1]
            guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else {
                // A point that is not finite: the whole piece, as without a window.
                piecePath.removeAll(keepingCapacity: true)
                stroker.outline(piece[...], closed: false, into: &piecePath)
                return
            }
            let meets = max(p.x, q.x) >= z.x0 && min(p.x, q.x) <= z.x1 && max(p.y, q.y) >= z.y0 && min(p.y, q.y) <= z.y1
            if meets {
                if first < 0 { first = k }
            } else if first >= 0 {
                stroker.outline(piece[first ... k], buttStart: first > 0, buttEnd: true, into: &piecePath)
                first = -1
            }
        }
        if first >= 0 { stroker.outline(piece[first ..< n], buttStart: first > 0, buttEnd: false, into: &piecePath) }
    }

    /// The box of the last `outline`'s whole outline (an instance property, so that no closure
    /// captures a local variable, which would be allocated).
    private var extent = LoopBox()

    /// Appends `p`'s loops (those that reach `window`, when given) to `out`, and every one's box
    /// to `extent`.
    private func add(_ p: Polylines, _ boxes: [LoopBox], window: Window?, into out: inout Polylines) {
        for k in 0 ..< p.starts.count {
            let b = boxes[k]
            extent.minX = min(extent.minX, b.minX); extent.minY = min(extent.minY, b.minY)
            extent.maxX = max(extent.maxX, b.maxX); extent.maxY = max(extent.maxY, b.maxY)
            if let w = window, b.leftOut(of: w) { continue }
            out.starts.append(out.points.count)
            out.points.append(contentsOf: p.points[p.range(of: k)])
        }
    }

    /// Makes contour `k`'s whole outline, mapped by `local`, and its loops' boxes.
    private func makeWhole(_ k: Int, local: Transform) {
        var one = FlattenedPath()
        one.append(flat.points[flat.contours[k].range], closed: flat.contours[k].isClosed)
        let p = one.strokeOutline(style, tolerance: tolerance).flattened(transform: local)
        whole[k] = p
        LoopBox.boxes(of: p, into: &wholeBoxes[k])
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
            var s = base
            let n = r.count
            let segments = c.isClosed ? n : max(n - 1, 0)
            if n == 1 { add(flat.points[r.lowerBound]); continue }
            for k in 0 ..< segments {
                let p = flat.points[r.lowerBound + k], q = flat.points[r.lowerBound + (k + 1) % n]
                let l = (q - p).length
                if s + l >= lo && s <= hi { add(p); add(q) }
                s += l
            }
        }
        guard minX <= maxX else { return nil }
        // A round join or cap stays within half the width of the path; a square cap's corners
        // within that times the square root of 2; a miter's tip within that times the miter limit.
        return Rect(minX: minX - reach, minY: minY - reach, maxX: maxX + reach, maxY: maxY + reach)
    }
}

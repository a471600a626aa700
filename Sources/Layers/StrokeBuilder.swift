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
    /// Each contour's outline (kept whole) on the tile's grid, made when first needed.
    private var whole: [Polylines?]
    private var scratch = Polylines()
    private var stroker: PolylineStroker
    private var piecePath = Path()
    private var piece: [Point] = []

    init(path: Path, style: StrokeStyle, transform: Transform) {
        pathID = path.storageID
        self.path = path
        self.style = style
        self.transform = transform
        tolerance = ShapeLayer.strokeTolerance(ctm: transform)
        flat = path.flattenedContours(tolerance: tolerance)
        whole = [Polylines?](repeating: nil, count: flat.contours.count)
        stroker = PolylineStroker(style: style, tolerance: tolerance)
    }

    /// True when it strokes `path` in `style` under `transform`.
    func matches(_ path: Path, _ style: StrokeStyle, _ transform: Transform) -> Bool {
        path.storageID == pathID && self.style == style && self.transform == transform
    }

    /// The outline of the stroke trimmed to `start ... end`, mapped by `local`, into `out`.
    func outline(start: Double, end: Double, local: Transform, into out: inout Polylines) {
        out.points.removeAll(keepingCapacity: true)
        out.starts.removeAll(keepingCapacity: true)
        func add(_ p: Polylines) {
            let base = out.points.count
            out.points.append(contentsOf: p.points)
            for s in p.starts { out.starts.append(base + s) }
        }
        func wholeOutline(_ k: Int) -> Polylines {
            if let p = whole[k] { return p }
            var one = FlattenedPath()
            one.append(flat.points[flat.contours[k].range], closed: flat.contours[k].isClosed)
            let p = one.strokeOutline(style, tolerance: tolerance).flattened(transform: local)
            whole[k] = p
            return p
        }
        // Every contour's whole outline is made on the first call, so that a pen finishing a contour
        // later allocates nothing.
        for k in flat.contours.indices where whole[k] == nil { _ = wholeOutline(k) }
        if start <= 0 && end >= 1 {
            for k in flat.contours.indices { add(wholeOutline(k)) }
            return
        }
        var buffer: [Point] = []
        swap(&buffer, &piece)
        defer { swap(&buffer, &piece) }
        flat.forEachTrimmedContour(from: start, to: end, buffer: &buffer) { k, piece in
            guard let piece else { add(wholeOutline(k)); return }
            // The cut contour, stroked into reused buffers.
            piecePath.removeAll(keepingCapacity: true)
            stroker.outline(piece[...], closed: false, into: &piecePath)
            piecePath.flatten(into: &scratch, transform: local)
            add(scratch)
        }
    }

    /// A box (in the path's coordinates) holding every point whose stroke can differ between the
    /// trims `start ... a` and `start ... b`: the path between `a` and `b` (and the start of each
    /// contour it touches, where a finished contour's caps become a join), widened by how far a
    /// stroke reaches from its path (half the width times the miter limit, or a cap's corner).
    func changedBox(start: Double, from a: Double, to b: Double) -> Rect? {
        let total = flat.length
        guard total > 0, a.isFinite, b.isFinite else { return nil }
        let lo = min(a, b) * total, hi = max(a, b) * total
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        var base = 0.0
        for c in flat.contours {
            let len = flat.length(of: c)
            defer { base += len }
            guard base + len >= lo, base <= hi else { continue }
            let r = c.range
            guard !r.isEmpty else { continue }
            add(flat.points[r.lowerBound])
            var s = base
            let n = r.count
            let segments = c.isClosed ? n : max(n - 1, 0)
            if n == 1 { continue }
            for k in 0 ..< segments {
                let p = flat.points[r.lowerBound + k], q = flat.points[r.lowerBound + (k + 1) % n]
                let l = (q - p).length
                if s + l >= lo && s <= hi { add(p); add(q) }
                s += l
            }
        }
        guard minX <= maxX else { return nil }
        let reach = style.width / 2 * (max(style.miterLimit, 1) + 1.5)
        return Rect(minX: minX - reach, minY: minY - reach, maxX: maxX + reach, maxY: maxY + reach)
    }
}

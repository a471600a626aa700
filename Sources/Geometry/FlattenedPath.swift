/// A path flattened into polylines that remember whether each contour was closed: what stroking
/// and trimming work on (filling treats every contour as closed and uses `Polylines`).
///
/// Arc length here is the length of the chords, which is within the flattening tolerance of the
/// curves' own length per chord (a chord is never longer than its arc).
public struct FlattenedPath: Sendable, Equatable {
    /// One polyline: `points[range]`, closed or open.
    public struct Contour: Sendable, Equatable {
        /// Indices into `points`.
        public var range: Range<Int>
        /// True when the path closed this contour (a stroke joins its ends instead of capping them).
        public var isClosed: Bool
    }

    /// All points of all contours, back to back. A closed contour does not repeat its first point.
    public var points: [Point] = []
    /// The contours in path order.
    public var contours: [Contour] = []

    /// An empty path.
    public init() {}

    /// Appends a contour made of `pts` (nothing when `pts` is empty).
    public mutating func append<C: Collection>(_ pts: C, closed: Bool) where C.Element == Point {
        guard !pts.isEmpty else { return }
        let lo = points.count
        points.append(contentsOf: pts)
        contours.append(Contour(range: lo ..< points.count, isClosed: closed))
    }

    /// Length of one contour, including the closing segment of a closed one.
    public func length(of contour: Contour) -> Double {
        let r = contour.range
        guard r.count >= 2 else { return 0 }
        var s = 0.0
        for i in r.lowerBound ..< r.upperBound - 1 { s += (points[i + 1] - points[i]).length }
        if contour.isClosed { s += (points[r.lowerBound] - points[r.upperBound - 1]).length }
        return s
    }

    /// Total length of all contours: what `strokeStart` and `strokeEnd` are fractions of.
    public var length: Double { contours.reduce(0) { $0 + length(of: $1) } }

    /// The part of the path between the fractions `start` and `end` of its total length, measured
    /// along the whole path in order (contour after contour), as `CAShapeLayer`'s `strokeStart` and
    /// `strokeEnd`. Both are clamped to `0...1`; nothing is left when `end <= start`. A closed contour
    /// that lies wholly inside the range stays closed; a cut one becomes open.
    public func trimmed(from start: Double, to end: Double) -> FlattenedPath {
        let s0 = Swift.min(Swift.max(start.isNaN ? 0 : start, 0), 1)
        let s1 = Swift.min(Swift.max(end.isNaN ? 0 : end, 0), 1)
        guard s1 > s0 else { return FlattenedPath() }
        if s0 == 0 && s1 == 1 { return self }
        var out = FlattenedPath()
        forEachTrimmedContour(from: s0, to: s1) { k, piece in
            if let piece { out.append(piece, closed: false) } else { out.append(points[contours[k].range], closed: contours[k].isClosed) }
        }
        return out
    }

    /// The contours `trimmed(from:to:)` keeps, in order: `body(k, nil)` for contour k kept whole (and
    /// as closed as it was), `body(k, piece)` for the open piece cut from it. Fractions as there.
    public func forEachTrimmedContour(from start: Double, to end: Double, _ body: (Int, [Point]?) -> Void) {
        var piece: [Point] = []
        forEachTrimmedContour(from: start, to: end, buffer: &piece, body)
    }

    /// The same, the cut pieces built in `buffer` (reused from call to call: no allocation once it
    /// has grown).
    public func forEachTrimmedContour(from start: Double, to end: Double, buffer piece: inout [Point], _ body: (Int, [Point]?) -> Void) {
        let lengths = contours.map { length(of: $0) }
        forEachTrimmedContour(from: start, to: end, lengths: lengths, total: length, buffer: &piece, body)
    }

    /// The same, with every contour's `length(of:)` and the total `length` given (a caller trimming
    /// the same path frame after frame measures it once).
    public func forEachTrimmedContour(from start: Double, to end: Double, lengths: [Double], total: Double,
                                      buffer piece: inout [Point], _ body: (Int, [Point]?) -> Void) {
        let s0 = Swift.min(Swift.max(start.isNaN ? 0 : start, 0), 1)
        let s1 = Swift.min(Swift.max(end.isNaN ? 0 : end, 0), 1)
        guard s1 > s0 else { return }
        guard total > 0 else { return }
        let a = s0 * total, b = s1 * total
        var base = 0.0
        for (k, c) in contours.enumerated() {
            let len = lengths[k]
            defer { base += len }
            let lo = Swift.max(a - base, 0), hi = Swift.min(b - base, len)
            // A contour touched only at one of its ends contributes nothing (zero length).
            guard hi > lo || (len == 0 && a <= base && base < b) else { continue }
            if (s0 == 0 && s1 == 1) || (lo == 0 && hi == len) {
                body(k, nil)
                continue
            }
            piece.removeAll(keepingCapacity: true)
            cut(c, from: lo, to: hi, into: &piece)
            body(k, piece)
        }
    }

    /// The points of contour `c` between arc lengths `lo < hi` (relative to its start).
    private func cut(_ c: Contour, from lo: Double, to hi: Double, into piece: inout [Point]) {
        let r = c.range
        let n = r.count
        let segments = c.isClosed ? n : n - 1
        var s = 0.0
        for k in 0 ..< segments {
            let p = points[r.lowerBound + k], q = points[r.lowerBound + (k + 1) % n]
            let len = (q - p).length
            let s2 = s + len
            defer { s = s2 }
            if s2 < lo || len == 0 { continue }
            if s > hi { break }
            if piece.isEmpty { piece.append(lo <= s ? p : p.lerp(q, (lo - s) / len)) }
            if hi < s2 {
                piece.append(p.lerp(q, (hi - s) / len))
                return
            }
            piece.append(q)
        }
    }
}

extension Path {
    /// Flattens the path into open and closed polylines (chords within `tolerance` of the curves),
    /// for stroking. A contour is closed only by `close()`; a lone `move` makes no contour.
    public func flattenedContours(tolerance: Double = Path.defaultTolerance,
                                  transform: Transform = .identity) -> FlattenedPath {
        var out = FlattenedPath()
        var current: [Point] = []
        var cur = Point.zero
        func finish(closed: Bool) {
            if current.count >= 2 {
                if closed, current.count > 2, current[current.count - 1] == current[0] { current.removeLast() }
                out.append(current, closed: closed)
            }
            current.removeAll(keepingCapacity: true)
        }
        let tol = tolerance > 0 ? tolerance : Path.defaultTolerance
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                cur = transform.apply(p)
                current.append(cur)
            case .line(let p):
                if current.isEmpty { current.append(cur) }
                cur = transform.apply(p)
                current.append(cur)
            case .quad(let c0, let p0):
                if current.isEmpty { current.append(cur) }
                let a = cur, c = transform.apply(c0), p = transform.apply(p0)
                let n = Path.segmentCount((a - c * 2 + p).length / (4 * tol))
                for i in 1 ..< n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    current.append(Point(mt * mt * a.x + 2 * mt * t * c.x + t * t * p.x,
                                         mt * mt * a.y + 2 * mt * t * c.y + t * t * p.y))
                }
                current.append(p); cur = p
            case .cubic(let c10, let c20, let p0):
                if current.isEmpty { current.append(cur) }
                let a = cur, c1 = transform.apply(c10), c2 = transform.apply(c20), p = transform.apply(p0)
                let dd = Swift.max((a - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = Path.segmentCount(6 * dd / (8 * tol))
                for i in 1 ..< n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
                    current.append(Point(w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * p.x,
                                         w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * p.y))
                }
                current.append(p); cur = p
            case .close:
                let start = current.first ?? cur
                finish(closed: true)
                cur = start
            }
        }
        finish(closed: false)
        return out
    }

    /// Total arc length of all contours (closing segments included), within the tolerance.
    public func length(tolerance: Double = Path.defaultTolerance) -> Double {
        flattenedContours(tolerance: tolerance).length
    }

    /// The part between the fractions `start` and `end` of the total length, as line segments
    /// (see `FlattenedPath.trimmed(from:to:)`).
    public func trimmed(from start: Double, to end: Double, tolerance: Double = Path.defaultTolerance) -> Path {
        flattenedContours(tolerance: tolerance).trimmed(from: start, to: end).path
    }
}

extension FlattenedPath {
    /// The polylines as a path of line segments, closed contours closed.
    public var path: Path {
        var p = Path()
        for c in contours {
            guard let first = c.range.first else { continue }
            p.move(to: points[first])
            for i in c.range.dropFirst() { p.line(to: points[i]) }
            if c.isClosed { p.close() }
        }
        return p
    }
}

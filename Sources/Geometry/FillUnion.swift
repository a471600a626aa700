/// One filled element: its contours and the rule that fills them.
public struct FilledPart: Sendable, Equatable {
    /// The contours.
    public var path: Path
    /// How they fill.
    public var rule: FillRule
    /// Creates a part.
    public init(path: Path, rule: FillRule) { self.path = path; self.rule = rule }
}

/// The union of filled parts as one path and one rule, as SVG paints elements one over another.
///
/// Kept as given where that is exact: one part; parts of one rule whose concatenation fills the
/// same area; or every part oriented so that its filled winding numbers share one sign, under
/// `nonzero`. Otherwise the union is rebuilt as trapezoids (curves flattened to 1e-4 of the size)
/// that `nonzero` fills exactly. The check walks every band between the contours' vertices and
/// crossings, so it is exact for the flattened contours.
public enum FillUnion {
    /// The most line segments the check and the rebuild accept (their work grows with its square).
    public static let maxSegments = 40_000

    /// The union of `parts`, or nil when they have more than `maxSegments` segments.
    public static func outline(_ parts: [FilledPart]) -> FilledPart? {
        guard parts.count > 1 else { return parts.first }
        var box: Rect?
        for p in parts { if let b = p.path.controlBounds { box = box.map { $0.union(b) } ?? b } }
        guard let box, box.width.isFinite, box.height.isFinite else { return parts.first }
        let size = max(box.width, box.height)
        guard size > 0 else { return parts.first }
        var segments: [Segment] = []
        for (k, part) in parts.enumerated() {
            let flat = part.path.flattenedContours(tolerance: size * 1e-4)
            for c in flat.contours where c.range.count >= 2 {
                let pts = Array(flat.points[c.range])
                for j in 0 ..< pts.count {
                    let a = pts[j], b = pts[(j + 1) % pts.count]
                    if a.y == b.y { continue }
                    segments.append(a.y < b.y ? Segment(a: a, b: b, dir: 1, part: k) : Segment(a: b, b: a, dir: -1, part: k))
                }
            }
            if segments.count > maxSegments { return nil }
        }
        let bands = Bands(segments: segments, parts: parts.count, eps: size * 1e-12)
        let rules = parts.map(\.rule)
        // Candidate 1: one rule shared by every part, concatenated as they are.
        if Set(rules).count == 1, let rule = rules.first,
           bands.allIntervals(where: { w in rule.isInside(w.reduce(0, +)) == zip(w, rules).contains { $1.isInside($0) } }) {
            var path = Path()
            for p in parts { path.append(p.path) }
            return FilledPart(path: path, rule: rule)
        }
        // Candidate 2: each part oriented so that its filled windings are positive, under nonzero.
        var sign = [Int](repeating: 0, count: parts.count)
        var orientable = true
        _ = bands.allIntervals { w in
            for k in 0 ..< w.count where rules[k].isInside(w[k]) {
                let s = w[k] > 0 ? 1 : -1
                if sign[k] == 0 { sign[k] = s } else if sign[k] != s { orientable = false }
            }
            return true
        }
        if orientable, bands.allIntervals(where: { w in
            let filled = zip(w, rules).contains { $1.isInside($0) }
            let sum = zip(w, sign).reduce(0) { $0 + $1.0 * ($1.1 == 0 ? 1 : $1.1) }
            let exactParts = zip(w, rules).allSatisfy { w, r in r == .nonZero || w == 0 || abs(w) == 1 }
            return exactParts && (sum != 0) == filled
        }) {
            var path = Path()
            for (k, p) in parts.enumerated() { path.append(sign[k] < 0 ? p.path.reversed() : p.path) }
            return FilledPart(path: path, rule: .nonZero)
        }
        // Otherwise: the union as trapezoids, each clockwise on screen, filled under nonzero.
        return FilledPart(path: bands.trapezoids { w in zip(w, rules).contains { $1.isInside($0) } }, rule: .nonZero)
    }

    struct Segment {
        var a: Point, b: Point
        var dir: Int
        var part: Int
        func x(at y: Double) -> Double { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
    }

    /// The plane cut into horizontal bands between every vertex and crossing of the segments.
    struct Bands {
        let segments: [Segment]
        let parts: Int
        var ys: [Double] = []

        init(segments: [Segment], parts: Int, eps: Double) {
            self.segments = segments.sorted { $0.a.y < $1.a.y }
            self.parts = parts
            var ys: [Double] = []
            for s in self.segments { ys.append(s.a.y); ys.append(s.b.y) }
            let sorted = self.segments
            for i in sorted.indices {
                let s = sorted[i]
                var j = i + 1
                while j < sorted.count, sorted[j].a.y < s.b.y {
                    if let y = Self.crossing(s, sorted[j]) { ys.append(y) }
                    j += 1
                }
            }
            ys.sort()
            var unique: [Double] = []
            for y in ys where unique.last.map({ y - $0 > eps }) ?? true { unique.append(y) }
            self.ys = unique
        }

        static func crossing(_ s: Segment, _ t: Segment) -> Double? {
            if max(s.a.x, s.b.x) < min(t.a.x, t.b.x) || max(t.a.x, t.b.x) < min(s.a.x, s.b.x) { return nil }
            let r = Point(s.b.x - s.a.x, s.b.y - s.a.y), q = Point(t.b.x - t.a.x, t.b.y - t.a.y)
            let den = r.x * q.y - r.y * q.x
            guard den != 0 else { return nil }
            let dx = t.a.x - s.a.x, dy = t.a.y - s.a.y
            let u = (dx * q.y - dy * q.x) / den, v = (dx * r.y - dy * r.x) / den
            guard u > 0, u < 1, v > 0, v < 1 else { return nil }
            return s.a.y + u * r.y
        }

        /// Calls `body` for every band with its crossing segments sorted by x at the band's middle.
        func forEachBand(_ body: (Double, Double, [Segment]) -> Bool) -> Bool {
            var next = 0
            var active: [Segment] = []
            for k in 0 ..< max(0, ys.count - 1) {
                let y0 = ys[k], y1 = ys[k + 1], mid = (y0 + y1) / 2
                while next < segments.count, segments[next].a.y <= mid { active.append(segments[next]); next += 1 }
                active.removeAll { $0.b.y <= mid }
                let row = active.filter { $0.a.y <= mid }.sorted { $0.x(at: mid) < $1.x(at: mid) }
                if !body(y0, y1, row) { return false }
            }
            return true
        }

        /// True when `test` holds for the winding numbers (one per part) of every interval.
        func allIntervals(where test: ([Int]) -> Bool) -> Bool {
            forEachBand { _, _, row in
                var w = [Int](repeating: 0, count: parts)
                if !test(w) { return false }
                for s in row {
                    w[s.part] += s.dir
                    if !test(w) { return false }
                }
                return true
            }
        }

        /// The filled intervals of every band as trapezoids.
        func trapezoids(filled: ([Int]) -> Bool) -> Path {
            var path = Path()
            _ = forEachBand { y0, y1, row in
                var w = [Int](repeating: 0, count: parts)
                var start: Segment?
                for s in row {
                    w[s.part] += s.dir
                    let inside = filled(w)
                    if inside, start == nil { start = s }
                    else if !inside, let l = start {
                        path.append(Path(polygon: [Point(l.x(at: y0), y0), Point(s.x(at: y0), y0),
                                                   Point(s.x(at: y1), y1), Point(l.x(at: y1), y1)]))
                        start = nil
                    }
                }
                return true
            }
            return path
        }
    }
}

extension Path {
    /// The same contours traversed the other way (each contour's winding negated).
    public func reversed() -> Path {
        var out = Path()
        var contour: [PathElement] = []
        var start = Point.zero
        func flush(closed: Bool) {
            guard !contour.isEmpty else { return }
            // Walk back from the last point: each element's end becomes the next's start.
            var points: [Point] = [start]
            for e in contour {
                switch e {
                case .line(let p), .quad(_, let p), .cubic(_, _, let p): points.append(p)
                default: break
                }
            }
            guard let last = points.last else { return }
            out.move(to: last)
            for (k, e) in contour.enumerated().reversed() {
                let to = points[k]
                switch e {
                case .line: out.line(to: to)
                case .quad(let c, _): out.quad(to: to, control: c)
                case .cubic(let c1, let c2, _): out.cubic(to: to, control1: c2, control2: c1)
                default: break
                }
            }
            if closed { out.close() }
            contour.removeAll()
        }
        var pending = false
        for e in elements {
            switch e {
            case .move(let p):
                if pending { flush(closed: false) }
                start = p; pending = true
            case .close:
                if contour.isEmpty { out.move(to: start); out.close() } else { flush(closed: true) }
                pending = false
            default:
                contour.append(e); pending = true
            }
        }
        if pending { flush(closed: false) }
        return out
    }
}

import Geometry

/// One Lottie shape path (`"ty": "sh"`): vertices with in and out tangents relative to their vertex,
/// cubic segments between consecutive vertices, closed back to the first when `closed`.
public struct LottieBezier: Sendable, Equatable {
    /// The on-curve points.
    public var vertices: [Point] = []
    /// Per vertex: the control point before it, relative to it.
    public var inTangents: [Point] = []
    /// Per vertex: the control point after it, relative to it.
    public var outTangents: [Point] = []
    /// Whether the last vertex joins the first.
    public var closed = true

    /// An empty path.
    public init() {}

    /// Appends a vertex with its tangents.
    public mutating func append(_ v: Point, in i: Point = .zero, out o: Point = .zero) {
        vertices.append(v); inTangents.append(i); outTangents.append(o)
    }

    /// The closed contours of `path` (lines and cubics; quadratics are elevated exactly), every
    /// subpath closed as a fill closes it. A contour that ends on its start point folds that last
    /// vertex into the first, so the closing segment keeps its curve and no zero-length segment is
    /// drawn.
    public static func contours(of path: Path) -> [LottieBezier] { split(path, closingAll: true) }

    /// Every subpath of `path` as drawn by a fill or a stroke: open unless it ends with a close
    /// (quadratics elevated exactly; a lone point is dropped). A closed subpath ending on its start
    /// point folds that vertex into the first, as `contours(of:)` does.
    public static func subpaths(of path: Path) -> [LottieBezier] { split(path, closingAll: false) }

    private static func split(_ path: Path, closingAll: Bool) -> [LottieBezier] {
        var out: [LottieBezier] = []
        var current = LottieBezier()
        func finish(closed: Bool) {
            defer { current = LottieBezier() }
            let n = current.vertices.count
            guard n > 1 else { return }
            current.closed = closed || closingAll
            let first = current.vertices[0], last = current.vertices[n - 1]
            if current.closed, abs(first.x - last.x) < 1e-12, abs(first.y - last.y) < 1e-12 {
                current.inTangents[0] = current.inTangents[n - 1]
                current.vertices.removeLast(); current.inTangents.removeLast(); current.outTangents.removeLast()
            }
            if current.vertices.count > 1 { out.append(current) }
        }
        for e in path.elevatingQuadratics().elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                current.append(p)
            case .line(let p):
                current.append(p)
            case .cubic(let c1, let c2, let p):
                if let prev = current.vertices.last { current.outTangents[current.outTangents.count - 1] = c1 - prev }
                current.append(p, in: c2 - p)
            case .quad:
                preconditionFailure("elevatingQuadratics() leaves no quadratics")
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return out
    }

    /// The arc length of the drawn path (each cubic measured along 64 chords, close to what players
    /// measure for trim paths), including the closing segment when closed.
    public var length: Double {
        let n = vertices.count
        guard n > 1 else { return 0 }
        var total = 0.0
        for i in 0 ..< (closed ? n : n - 1) {
            let j = (i + 1) % n
            let p0 = vertices[i], p1 = p0 + outTangents[i], p3 = vertices[j], p2 = p3 + inTangents[j]
            var last = p0
            for k in 1 ... 64 {
                let t = Double(k) / 64, u = 1 - t
                let q = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
                total += (q - last).length
                last = q
            }
        }
        return total
    }

    /// The signed area the closed contour encloses (positive when it turns clockwise on screen, y
    /// down), each cubic measured along 16 chords.
    public var signedArea: Double {
        let n = vertices.count
        guard n > 2 else { return 0 }
        var twice = 0.0
        for i in 0 ..< n {
            let j = (i + 1) % n
            let p0 = vertices[i], p1 = p0 + outTangents[i], p3 = vertices[j], p2 = p3 + inTangents[j]
            var last = p0
            for k in 1 ... 16 {
                let t = Double(k) / 16, u = 1 - t
                let q = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
                twice += last.x * q.y - q.x * last.y
                last = q
            }
        }
        return twice / 2
    }

    /// Layer-mask modes that fill closed `contours` as the non-zero rule does where they do not
    /// overlap: the contours turning the way most of the area turns are added ("a"), then the others
    /// (counters) subtracted ("s"); the contours' indices in that order.
    public static func maskModes(_ contours: [LottieBezier]) -> [(index: Int, mode: String)] {
        let areas = contours.map(\.signedArea)
        let positive = areas.filter { $0 > 0 }.reduce(0, +), negative = -areas.filter { $0 < 0 }.reduce(0, +)
        let ink: Double = positive >= negative ? 1 : -1
        let adds = areas.indices.filter { areas[$0] * ink >= 0 }, subtracts = areas.indices.filter { areas[$0] * ink < 0 }
        return adds.map { ($0, "a") } + subtracts.map { ($0, "s") }
    }

    /// The closed `contours` as separate pieces, each one outer contour (turning the way most of the
    /// area turns) and the counters inside it, as layer masks: the outer added ("a"), its counters
    /// subtracted ("s"), the contours' indices in that order. Each piece cuts its own copy of the
    /// masked layer, so every list of masks is one add and subtractions from it, which players
    /// combining masks in order (rlottie, lottie-web) and ThorVG (which composites each mask with the
    /// next, so a subtraction after two adds removes from the second only) draw alike. Nil unless that
    /// is the non-zero fill exactly: no outer contour crosses or lies inside another, and every
    /// counter lies inside exactly one outer contour.
    public static func maskPieces(_ contours: [LottieBezier]) -> [[(index: Int, mode: String)]]? {
        let modes = maskModes(contours)
        let outers = modes.filter { $0.mode == "a" }.map(\.index), counters = modes.filter { $0.mode == "s" }.map(\.index)
        let polygons = contours.map { $0.polygon(chords: 8) }
        let boxes = polygons.map { pts -> (Point, Point) in
            (Point(pts.map(\.x).min() ?? 0, pts.map(\.y).min() ?? 0), Point(pts.map(\.x).max() ?? 0, pts.map(\.y).max() ?? 0))
        }
        func overlaps(_ a: Int, _ b: Int) -> Bool {
            boxes[a].0.x <= boxes[b].1.x && boxes[b].0.x <= boxes[a].1.x && boxes[a].0.y <= boxes[b].1.y && boxes[b].0.y <= boxes[a].1.y
        }
        for (k, a) in outers.enumerated() {
            for b in outers[(k + 1)...] where overlaps(a, b) {
                if crosses(polygons[a], polygons[b]) || inside(polygons[a][0], polygons[b]) || inside(polygons[b][0], polygons[a]) { return nil }
            }
        }
        var pieces = outers.map { [(index: $0, mode: "a")] }
        for c in counters {
            let holders = outers.indices.filter { overlaps(outers[$0], c) && inside(polygons[c][0], polygons[outers[$0]]) }
            guard holders.count == 1, !crosses(polygons[c], polygons[outers[holders[0]]]) else { return nil }
            pieces[holders[0]].append((c, "s"))
        }
        return pieces
    }

    /// The closed contour as a polygon, each cubic cut into `chords` chords.
    func polygon(chords: Int) -> [Point] {
        let n = vertices.count
        var out: [Point] = []
        for i in 0 ..< n {
            let j = (i + 1) % n
            let p0 = vertices[i], p1 = p0 + outTangents[i], p3 = vertices[j], p2 = p3 + inTangents[j]
            let straight = outTangents[i] == .zero && inTangents[j] == .zero
            out.append(p0)
            if straight { continue }
            for k in 1 ..< chords {
                let t = Double(k) / Double(chords), u = 1 - t
                out.append(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
            }
        }
        return out
    }

    /// Whether `p` is inside `polygon` by the non-zero rule.
    static func inside(_ p: Point, _ polygon: [Point]) -> Bool {
        var winding = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y, b.y > p.y, cross > 0 { winding += 1 }
            if a.y > p.y, b.y <= p.y, cross < 0 { winding -= 1 }
        }
        return winding != 0
    }

    /// Whether an edge of polygon `a` touches or crosses an edge of polygon `b`.
    static func crosses(_ a: [Point], _ b: [Point]) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        for i in a.indices {
            let p = a[i], q = a[(i + 1) % a.count]
            for j in b.indices {
                let r = b[j], s = b[(j + 1) % b.count]
                guard max(p.x, q.x) >= min(r.x, s.x), max(r.x, s.x) >= min(p.x, q.x),
                      max(p.y, q.y) >= min(r.y, s.y), max(r.y, s.y) >= min(p.y, q.y) else { continue }
                let d1 = side(p, q, r), d2 = side(p, q, s), d3 = side(r, s, p), d4 = side(r, s, q)
                if d1 * d2 <= 0, d3 * d4 <= 0 { return true }
            }
        }
        return false
    }

    /// The bezier object (`{"i", "o", "v", "c"}`), as a shape property's value.
    public var shapeValue: JSONValue {
        func pairs(_ pts: [Point]) -> JSONValue { .array(pts.map { .numbers([$0.x, $0.y]) }) }
        return .object([("i", pairs(inTangents)), ("o", pairs(outTangents)), ("v", pairs(vertices)), ("c", .bool(closed))])
    }

    /// `{"ty": "sh", "ks": {"a": 0, "k": {"i", "o", "v", "c"}}}`.
    public var json: JSONValue {
        func pairs(_ pts: [Point]) -> JSONValue { .array(pts.map { .numbers([$0.x, $0.y]) }) }
        let shape: JSONValue = .object([
            ("i", pairs(inTangents)), ("o", pairs(outTangents)), ("v", pairs(vertices)), ("c", .bool(closed)),
        ])
        return .object([("ty", .string("sh")), ("ks", .object([("a", .integer(0)), ("k", shape)]))])
    }
}

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

    /// The closed contours of `path` (lines and cubics; quadratics are elevated exactly). A contour
    /// that ends on its start point folds that last vertex into the first, so the closing segment
    /// keeps its curve and no zero-length segment is drawn.
    public static func contours(of path: Path) -> [LottieBezier] {
        var out: [LottieBezier] = []
        var current = LottieBezier()
        func finish() {
            guard current.vertices.count > 1 else { current = LottieBezier(); return }
            let n = current.vertices.count
            let first = current.vertices[0], last = current.vertices[n - 1]
            if abs(first.x - last.x) < 1e-12, abs(first.y - last.y) < 1e-12 {
                current.inTangents[0] = current.inTangents[n - 1]
                current.vertices.removeLast(); current.inTangents.removeLast(); current.outTangents.removeLast()
            }
            if current.vertices.count > 1 { out.append(current) }
            current = LottieBezier()
        }
        for e in path.elevatingQuadratics().elements {
            switch e {
            case .move(let p):
                finish()
                current.append(p)
            case .line(let p):
                current.append(p)
            case .cubic(let c1, let c2, let p):
                if let prev = current.vertices.last { current.outTangents[current.outTangents.count - 1] = c1 - prev }
                current.append(p, in: c2 - p)
            case .quad:
                preconditionFailure("elevatingQuadratics() leaves no quadratics")
            case .close:
                finish()
            }
        }
        finish()
        return out
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

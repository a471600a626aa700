/// One drawing command of a `Path`.
public enum PathElement: Hashable, Sendable {
    /// Starts a new contour.
    case move(Point)
    /// Straight line to a point.
    case line(Point)
    /// Quadratic Bezier (one control point).
    case quad(Point, Point)
    /// Cubic Bezier (two control points).
    case cubic(Point, Point, Point)
    /// Closes the current contour with a line back to its start.
    case close
}

/// How overlapping contours decide what is inside.
public enum FillRule: String, Sendable, CaseIterable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
    /// Whether a winding number counts as inside.
    @inlinable public func isInside(_ winding: Int) -> Bool {
        self == .nonZero ? winding != 0 : (winding & 1) != 0
    }
}

/// A vector path of contours made of lines and quadratic/cubic Beziers.
///
/// Every contour is implicitly closed when filled (as Core Graphics and every rasterizer here do).
public struct Path: Hashable, Sendable {
    /// The commands in order.
    public private(set) var elements: [PathElement] = []
    private var start = Point.zero
    private var current = Point.zero
    private var open = false

    /// An empty path.
    public init() {}

    /// Empties the path, keeping its storage for the next commands.
    public mutating func removeAll(keepingCapacity: Bool) {
        elements.removeAll(keepingCapacity: keepingCapacity)
        start = .zero; current = .zero; open = false
    }
    /// A path from a list of commands.
    public init(_ elements: [PathElement]) {
        for e in elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): line(to: p)
            case .quad(let c, let p): quad(to: p, control: c)
            case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }
    /// A closed polygon through `points`.
    public init(polygon points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
        close()
    }
    /// An axis-aligned rectangle, clockwise on screen.
    public init(rect r: Rect) {
        self.init(polygon: [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)])
    }

    /// True when the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }
    /// The point the next command starts from.
    public var currentPoint: Point { current }

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p)); start = p; current = p; open = true
    }
    /// Adds a line; starts a contour at the current point if none is open.
    public mutating func line(to p: Point) {
        ensureOpen(); elements.append(.line(p)); current = p
    }
    /// Adds a quadratic Bezier.
    public mutating func quad(to p: Point, control c: Point) {
        ensureOpen(); elements.append(.quad(c, p)); current = p
    }
    /// Adds a cubic Bezier.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureOpen(); elements.append(.cubic(c1, c2, p)); current = p
    }
    /// Closes the current contour.
    public mutating func close() {
        guard open else { return }
        elements.append(.close); current = start; open = false
    }
    /// Appends all contours of another path.
    public mutating func append(_ other: Path) {
        for e in other.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): line(to: p)
            case .quad(let c, let p): quad(to: p, control: c)
            case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }
    private mutating func ensureOpen() {
        if !open { elements.append(.move(current)); start = current; open = true }
    }

    /// The path with every point mapped by `t` (Beziers map exactly under affine transforms).
    public func applying(_ t: Transform) -> Path {
        if t.isIdentity { return self }
        return Path(elements.map { e in
            switch e {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// Bounding box of all points including control points (contains the exact curve box).
    public var controlBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return minX <= maxX ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
    }
}

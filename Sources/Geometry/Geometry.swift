// Geometry: points, rectangles, affine transforms and paths, and the flattening of curves into
// line segments with a stated error bound.
//
// Owns: the vocabulary every other module speaks. Must not: know about pixels, layers, time or C.
// Coordinates are Double, y grows downwards (docs/SCENE.md).

/// A point or vector in pixel space (y grows downwards).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate in pixels.
    public var x: Double
    /// Vertical coordinate in pixels, growing downwards.
    public var y: Double
    /// Creates a point.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// Creates a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(0, 0)
    /// Vector sum.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Vector difference.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Scaling.
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    /// Euclidean length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Linear interpolation from `self` (t = 0) to `b` (t = 1).
    @inlinable public func lerp(_ b: Point, _ t: Double) -> Point { Point(x + (b.x - x) * t, y + (b.y - y) * t) }
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var minX: Double
    /// Top edge.
    public var minY: Double
    /// Width (non-negative for a valid rectangle).
    public var width: Double
    /// Height (non-negative for a valid rectangle).
    public var height: Double
    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = x; minY = y; self.width = width; self.height = height
    }
    /// Creates the rectangle spanning two corners.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; width = maxX - minX; height = maxY - minY
    }
    /// Right edge.
    public var maxX: Double { minX + width }
    /// Bottom edge.
    public var maxY: Double { minY + height }
    /// Centre point.
    public var center: Point { Point(minX + width / 2, minY + height / 2) }
    /// True when the rectangle encloses no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    /// The smallest rectangle containing both.
    public func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
    /// The rectangle moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
    /// `x y w h`.
    public var description: String { "Rect(x: \(minX), y: \(minY), w: \(width), h: \(height))" }
}

/// An affine transform `x' = a x + c y + tx`, `y' = b x + d y + ty` (Core Graphics' layout).
public struct Transform: Hashable, Sendable {
    /// Matrix entries.
    public var a, b, c, d, tx, ty: Double
    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The identity.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// A translation.
    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    /// A scale about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A rotation about the origin by `radians` (clockwise on screen, since y grows downwards).
    public static func rotation(_ radians: Double) -> Transform {
        let cs = _cos(radians), sn = _sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// `self` applied first, then `t`.
    public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// Applies the transform to a point.
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// True when this is exactly the identity.
    public var isIdentity: Bool { self == .identity }
    /// The inverse, or nil when the matrix is singular.
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
}

// Foundation-free trig keeps Geometry dependency-less.
@usableFromInline func _cos(_ x: Double) -> Double { Double.cosine(x) }
@usableFromInline func _sin(_ x: Double) -> Double { Double.sine(x) }

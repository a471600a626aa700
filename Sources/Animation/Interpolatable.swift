import Geometry

/// A value an animation can blend between two endpoints.
///
/// `interpolate(a, b, 0)` is `a` and `interpolate(a, b, 1)` is exactly `b`, so a filled animation
/// holds its end value bit for bit. `t` outside `0...1` extrapolates (overshooting timing functions).
public protocol Interpolatable: Sendable {
    /// The blend of `a` and `b` at fraction `t`.
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self

    /// The same blend written into `result`, reusing its storage where the type has any (arrays).
    /// The default assigns `interpolate(a, b, t)`.
    static func interpolate(_ a: Self, _ b: Self, _ t: Double, into result: inout Self)

    /// True when `interpolate(_:_:_:into:)` can reuse storage (an animation then keeps a few
    /// results to write the next ones into, instead of allocating one per frame).
    static var reusesStorage: Bool { get }
}

extension Interpolatable {
    public static func interpolate(_ a: Self, _ b: Self, _ t: Double, into result: inout Self) {
        result = interpolate(a, b, t)
    }

    public static var reusesStorage: Bool { false }
}

/// `a + (b - a) * t`, except exactly `b` at `t == 1` (the formula alone can miss it by an ulp) and
/// exactly `a` when `a == b`.
@inlinable
func blend(_ a: Double, _ b: Double, _ t: Double) -> Double {
    t == 1 ? b : a + (b - a) * t
}

extension Double: Interpolatable {
    /// Linear blend.
    @inlinable
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { blend(a, b, t) }
}

extension Float: Interpolatable {
    /// Linear blend (the fraction is rounded to `Float`).
    @inlinable
    public static func interpolate(_ a: Float, _ b: Float, _ t: Double) -> Float {
        t == 1 ? b : a + (b - a) * Float(t)
    }
}

extension Point: Interpolatable {
    /// Component-wise linear blend.
    @inlinable
    public static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(blend(a.x, b.x, t), blend(a.y, b.y, t))
    }
}

extension Rect: Interpolatable {
    /// Component-wise blend of origin and size.
    public static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: blend(a.minX, b.minX, t), y: blend(a.minY, b.minY, t),
             width: blend(a.width, b.width, t), height: blend(a.height, b.height, t))
    }
}

extension Transform: Interpolatable {
    /// Component-wise blend of the six matrix entries (not a decomposed rotation/scale blend, so a
    /// rotation animated this way shrinks midway; animate an angle instead).
    public static func interpolate(_ a: Transform, _ b: Transform, _ t: Double) -> Transform {
        Transform(a: blend(a.a, b.a, t), b: blend(a.b, b.b, t), c: blend(a.c, b.c, t),
                  d: blend(a.d, b.d, t), tx: blend(a.tx, b.tx, t), ty: blend(a.ty, b.ty, t))
    }
}

extension Array: Interpolatable where Element: Interpolatable {
    /// Element-wise blend (gradient locations, colours...). Arrays of different lengths cannot be
    /// blended: the result is `a` for `t < 0.5` and `b` from then on (a jump, rather than a crash on
    /// data from a file).
    public static func interpolate(_ a: [Element], _ b: [Element], _ t: Double) -> [Element] {
        guard a.count == b.count else { return t < 0.5 ? a : b }
        // The ends are the arrays themselves (an animation held at its end allocates nothing).
        if t == 0 { return a }
        if t == 1 { return b }
        return zip(a, b).map { Element.interpolate($0, $1, t) }
    }

    /// Element-wise into `result`'s storage when it has the length (copy-on-write keeps any other
    /// holder of that storage unchanged).
    /// At the ends the end's elements are copied in, so that `result` keeps its own storage (taking
    /// the end array itself would make the next blend into `result` copy it).
    public static func interpolate(_ a: [Element], _ b: [Element], _ t: Double, into result: inout [Element]) {
        guard a.count == b.count, result.count == a.count else { result = interpolate(a, b, t); return }
        if t == 0 || t == 1 {
            let end = t == 0 ? a : b
            for i in result.indices { result[i] = end[i] }
            return
        }
        for i in result.indices { result[i] = Element.interpolate(a[i], b[i], t) }
    }

    public static var reusesStorage: Bool { true }
}

extension Optional: Interpolatable where Wrapped: Interpolatable {
    /// Blends the values when both are present. A missing value has nothing to blend with, so the
    /// result jumps from `a` to `b` at `t = 0.5` (animate from and to real values for a blend).
    public static func interpolate(_ a: Wrapped?, _ b: Wrapped?, _ t: Double) -> Wrapped? {
        if let a, let b { return Wrapped.interpolate(a, b, t) }
        return t < 0.5 ? a : b
    }

    public static func interpolate(_ a: Wrapped?, _ b: Wrapped?, _ t: Double, into result: inout Wrapped?) {
        if let a, let b, result != nil {
            Wrapped.interpolate(a, b, t, into: &result!)
        } else {
            result = interpolate(a, b, t)
        }
    }

    public static var reusesStorage: Bool { Wrapped.reusesStorage }
}

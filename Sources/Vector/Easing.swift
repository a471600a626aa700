/// A cubic-bezier easing of one keyframe interval, from `(0, 0)` to `(1, 1)` through control points
/// `(c1x, c1y)` and `(c2x, c2y)` with x in 0...1: Lottie's out tangent `o` (c1) and in tangent `i`
/// (c2), SVG's `keySplines` entry, CSS's `cubic-bezier()`.
public struct Easing: Sendable, Hashable {
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// The curve through `(c1x, c1y)` and `(c2x, c2y)`; x coordinates are clamped to 0...1.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1); self.c1y = c1y; self.c2x = min(max(c2x, 0), 1); self.c2y = c2y
    }

    /// Core Animation's named curves.
    public static let linear = Easing(0, 0, 1, 1)
    public static let easeIn = Easing(0.42, 0, 1, 1)
    public static let easeOut = Easing(0, 0, 0.58, 1)
    public static let easeInEaseOut = Easing(0.42, 0, 0.58, 1)
    public static let caDefault = Easing(0.25, 0.1, 0.25, 1)

    /// The same motion played backwards: `1 - e(1 - x)`.
    public var reversed: Easing { Easing(1 - c2x, 1 - c2y, 1 - c1x, 1 - c1y) }

    /// True for the identity (control points on the diagonal).
    public var isLinear: Bool { c1x == c1y && c2x == c2y }

    /// The eased fraction at progress `x` (clamped to 0...1), solving x(s) = x to 1e-12.
    public func apply(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if isLinear { return x }
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
        func xAt(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        var s = x, solved = false
        for _ in 0 ..< 8 {
            let e = xAt(s) - x
            if abs(e) < 1e-12 { solved = true; break }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            guard abs(slope) > 1e-9 else { break }
            s -= e / slope
            guard s >= 0, s <= 1 else { break }
        }
        if !solved {
            var low = 0.0, high = 1.0
            s = x
            for _ in 0 ..< 64 {
                let v = xAt(s)
                if abs(v - x) < 1e-12 { break }
                if v < x { low = s } else { high = s }
                s = (low + high) / 2
            }
        }
        return ((ay * s + by) * s + cy) * s
    }
}

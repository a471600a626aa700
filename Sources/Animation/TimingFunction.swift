/// A cubic-bezier easing curve from `(0, 0)` to `(1, 1)` (CA's `CAMediaTimingFunction`, CSS's
/// `cubic-bezier()`), mapping an iteration's progress to the interpolation fraction.
///
/// The control points' x coordinates lie in `0...1`, which makes x(s) monotone in the curve parameter
/// s, so `apply` has exactly one answer. y coordinates may leave `0...1` (overshoot); when they do
/// not, `apply` is monotone too.
public struct TimingFunction: Hashable, Sendable {
    /// First control point, x in `0...1`.
    public let c1x: Double, c1y: Double
    /// Second control point, x in `0...1`.
    public let c2x: Double, c2y: Double

    // Power-basis coefficients: x(s) = ((ax s + bx) s + cx) s, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    private init(unchecked c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        cx = 3 * c1x; bx = 3 * (c2x - c1x) - cx; ax = 1 - cx - bx
        cy = 3 * c1y; by = 3 * (c2y - c1y) - cy; ay = 1 - cy - by
    }

    /// The identity: progress is the interpolation fraction.
    public static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
    /// Starts slowly: `(0.42, 0, 1, 1)`.
    public static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
    /// Ends slowly: `(0, 0, 0.58, 1)`.
    public static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
    /// Starts and ends slowly: `(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
    /// CA's default for implicit animations: `(0.25, 0.1, 0.25, 1)`.
    public static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

    /// A curve with control points `(c1x, c1y)` and `(c2x, c2y)`; throws when a coordinate is not
    /// finite or an x coordinate is outside `0...1`.
    public static func cubicBezier(_ c1x: Double, _ c1y: Double,
                                   _ c2x: Double, _ c2y: Double) throws(AnimationError) -> TimingFunction {
        for (index, x, y) in [(1, c1x, c1y), (2, c2x, c2y)] {
            guard x.isFinite, y.isFinite else { throw .nonFiniteControlPoint(index: index) }
            guard (0...1).contains(x) else { throw .controlPointXOutOfRange(index: index, x: x) }
        }
        return TimingFunction(unchecked: c1x, c1y, c2x, c2y)
    }

    /// The eased fraction for progress `x` (clamped to `0...1`): exactly 0 at 0 and 1 at 1.
    ///
    /// Solves x(s) = x for the curve parameter by Newton's method, falling back to bisection, to
    /// 1e-12 in x, then returns y(s).
    public func apply(_ x: Double) -> Double {
        guard x > 0 else { return 0 }   // also maps NaN to 0
        guard x < 1 else { return 1 }
        // With c1 and c2 on the diagonal x(s) and y(s) are the same polynomial.
        if c1x == c1y && c2x == c2y { return x }
        let s = parameter(forX: x)
        return ((ay * s + by) * s + cy) * s
    }

    private func xAt(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    private func parameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = xAt(s) - x
            if abs(error) < tolerance { return s }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            guard abs(slope) > 1e-9 else { break }
            s -= error / slope
            guard s >= 0 && s <= 1 else { break }
        }
        // x(s) is monotone on 0...1, so bisection always converges.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = xAt(s)
            if abs(value - x) < tolerance { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}

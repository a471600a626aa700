import Vector
import Geometry

/// SCENE.md's wave surface `y(u) = A sin(k (u - origin) + offset) + A` (or `+ baseline`) over `[start, end]` as cubic
/// Hermite segments: each segment matches the sine's value and slope at both ends, and its x runs
/// linearly with the curve parameter, so the curve is a function of x whose distance from the sine is
/// at most `A (k h)^4 / 384` for segment length h (the Hermite interpolation error bound).
///
/// A shift of the phase is the same curve translated horizontally by `-phase / k`, so one such curve,
/// long enough, serves every frame of an animation.
struct HermiteSine: Sendable {
    /// Amplitude `A` in px.
    let amplitude: Double
    /// Angular wavenumber `k = 2 pi f / w` in radians per px (> 0).
    let k: Double
    /// Where the sine's argument is `offset` (SCENE.md's `inkMinX`).
    let origin: Double
    /// Added to the argument: 0 for the front (sine) wave, pi/2 for the back (cosine) wave.
    let offset: Double
    /// First vertex's x.
    let start: Double
    /// Segment length in px.
    let segmentLength: Double
    /// Number of segments.
    let segments: Int
    /// The surface's still height `y` (the sine's centre line); nil: `amplitude`.
    var baseline: Double? = nil

    /// The largest distance between the curve and the sine that `segmentsPerPeriod` allows, in px.
    static let tolerance = 0.004

    /// Segments per period that keep the curve within `tolerance` of the sine: at least 32.
    static func segmentsPerPeriod(amplitude: Double) -> Int {
        guard amplitude > 0 else { return 32 }
        // A (2 pi / n)^4 / 384 <= tolerance
        let n = 2 * Double.pi / (384 * tolerance / amplitude).squareRoot().squareRoot()
        return max(32, Int(n.rounded(.up)))
    }

    /// Segments per period that keep the curve within `tolerance` px of a sine of `amplitude`: at
    /// least `minimum`.
    static func segmentsPerPeriod(amplitude: Double, tolerance: Double, minimum: Int) -> Int {
        guard amplitude > 0, tolerance > 0 else { return minimum }
        let n = 2 * Double.pi / (384 * tolerance / amplitude).squareRoot().squareRoot()
        return max(minimum, Int(n.rounded(.up)))
    }

    /// The Hermite error bound for these segments, in px.
    var deviationBound: Double {
        let kh = k * segmentLength
        return amplitude * kh * kh * kh * kh / 384
    }

    /// `y(u)`.
    func y(_ u: Double) -> Double { amplitude * Double.sine(k * (u - origin) + offset) + (baseline ?? amplitude) }

    /// `y'(u)`.
    func slope(_ u: Double) -> Double { amplitude * k * Double.cosine(k * (u - origin) + offset) }

    /// The curve as cubic segments, closed by two straight corners at `(end, edge)` and
    /// `(start, edge)`.
    func path(closedAt edge: Double) -> Path {
        var path = Path()
        let h = segmentLength, third = h / 3
        path.move(to: Point(start, y(start)))
        for j in 0 ..< segments {
            let u = start + Double(j) * h, v = u + h
            path.cubic(to: Point(v, y(v)), control1: Point(u + third, y(u) + slope(u) * third),
                       control2: Point(v - third, y(v) - slope(v) * third))
        }
        let end = start + Double(segments) * h
        path.line(to: Point(end, edge))
        path.line(to: Point(start, edge))
        path.close()
        return path
    }

    /// The curve as a Lottie path, closed below by the rectangle down to `bottom`
    /// (two straight corners at `(end, bottom)` and `(start, bottom)`).
    func lottieShape(bottom: Double) -> LottieBezier {
        var b = LottieBezier()
        let h = segmentLength, third = h / 3
        for j in 0 ... segments {
            let u = start + Double(j) * h
            let dy = slope(u) * third
            b.append(Point(u, y(u)),
                     in: j == 0 ? .zero : Point(-third, -dy),
                     out: j == segments ? .zero : Point(third, dy))
        }
        let end = start + Double(segments) * h
        b.append(Point(end, bottom))
        b.append(Point(start, bottom))
        return b
    }
}

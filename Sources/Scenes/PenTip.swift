import Animation
import Geometry
import Layers
import Raster

/// The stroke scene's pen tip: a dot in the pen's colour whose position follows the end of a
/// stroke (the point at `strokeEnd` of the path's arc length), shown only while that pen draws.
enum PenTip {
    /// The most positions sampled over all tips of a scene.
    static let maxSamples = StrokeParameters.maxTipSamples

    /// A dot `diameter` px wide riding the end of `path`'s stroke, whose `strokeEnd` runs 0 -> 1 along
    /// `curve` from `begin` over `duration` seconds: its position is sampled at `samples` evenly
    /// spaced times (linear between them), and it shows from `begin` to `begin + duration`.
    static func layer(along path: Path, diameter: Double, color: Color, begin: Double, duration: Double,
                      curve: TimingFunction, samples: Int) throws -> ShapeLayer {
        let n = max(samples, 2)
        let fractions = (0 ..< n).map { curve.apply(Double($0) / Double(n - 1)) }
        let points = positions(along: path.flattenedContours(tolerance: Path.defaultTolerance / 2), at: fractions)
        let dot = ShapeLayer()
        let r = diameter / 2
        dot.bounds = Rect(x: 0, y: 0, width: diameter, height: diameter)
        dot.anchorPoint = Point(0.5, 0.5)
        dot.path = Path(ellipseIn: dot.bounds)
        dot.fillColor = color
        dot.strokeColor = nil
        dot.position = points.first ?? Point(r, r)
        dot.opacity = 0
        let timing = MediaTiming(beginTime: begin, duration: duration)
        dot.add(try KeyframeAnimation<Layer, Point>(keyPath: \Layer.position, values: points, timing: timing), forKey: "ride")
        dot.add(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 1, to: 1, timing: timing), forKey: "show")
        return dot
    }

    /// The points at the fractions `fractions` (each 0 ... 1, clamped) of the total arc length of
    /// `flat`, measured contour after contour as `strokeEnd` is.
    static func positions(along flat: FlattenedPath, at fractions: [Double]) -> [Point] {
        // Cumulative lengths per segment, in path order.
        var starts: [Double] = [], from: [Point] = [], to: [Point] = []
        var total = 0.0
        for c in flat.contours {
            let r = c.range
            guard r.count >= 2 else { continue }
            let count = c.isClosed ? r.count : r.count - 1
            for k in 0 ..< count {
                let p = flat.points[r.lowerBound + k], q = flat.points[r.lowerBound + (k + 1) % r.count]
                starts.append(total); from.append(p); to.append(q)
                total += (q - p).length
            }
        }
        guard let first = from.first, total > 0 else { return fractions.map { _ in flat.points.first ?? .zero } }
        return fractions.map { f in
            let s = min(max(f, 0), 1) * total
            // The last segment starting at or before s.
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= s { lo = mid } else { hi = mid - 1 }
            }
            let len = (to[lo] - from[lo]).length
            guard len > 0 else { return lo == 0 ? first : from[lo] }
            let t = min(max((s - starts[lo]) / len, 0), 1)
            return from[lo] + (to[lo] - from[lo]) * t
        }
    }
}

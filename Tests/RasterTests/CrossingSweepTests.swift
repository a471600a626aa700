import Geometry
import Raster
import Testing

/// Rows crossed by very many self-crossing edges (star polygons, the outline of a pen wider than the
/// curve it strokes): the strip sweep's fast path for breaks where two pieces only swap gives what
/// the supersampling oracle gives, under both fill rules.
@Suite struct CrossingSweepTests {
    /// The star polygon {n/k} inscribed in a circle of `radius` about (cx, cy).
    static func star(n: Int, k: Int, cx: Double, cy: Double, radius: Double) -> [Point] {
        (0 ..< n).map { i in
            let a = 2 * Double.pi * Double(i * k % n) / Double(n) + 0.1
            return Point(cx + radius * Double.cosine(a), cy + radius * Double.sine(a))
        }
    }

    @Test(arguments: [(31, 15), (47, 23), (60, 29), (12, 5)])
    func starPolygonsMatchTheOracle(n: Int, k: Int) {
        let shape = polylines([Self.star(n: n, k: k, cx: 12.3, cy: 11.7, radius: 10.6)])
        let r = Rasterizer()
        for rule in FillRule.allCases {
            let c = r.coverage(of: shape, width: 24, height: 24, rule: rule)
            let ref = ReferenceRasterizer.coverage(of: shape, width: 24, height: 24, rule: rule, samples: 1024)
            let d = difference(c, ref)
            #expect(d.max <= RasterTolerance.oracle(samples: 256), "{\(n)/\(k)} \(rule): \(d)")
            #expect(isInUnitRange(c))
        }
    }

    /// A pen much wider than the curve's radius: the inner side of every join turns back through
    /// its vertex, and those spokes cross each other all over the shape.
    @Test func aPenWiderThanTheCurveMatchesTheOracle() {
        var path = Path()
        path.move(to: Point(6, 14))
        path.cubic(to: Point(18, 14), control1: Point(7, 3), control2: Point(17, 3))
        path.cubic(to: Point(8, 20), control1: Point(19, 22), control2: Point(12, 24))
        let outline = path.stroked(StrokeStyle(width: 13, join: .round, cap: .round)).flattened(tolerance: 0.05)
        let r = Rasterizer()
        let c = r.coverage(of: outline, width: 26, height: 28, rule: .nonZero)
        let ref = ReferenceRasterizer.coverage(of: outline, width: 26, height: 28, rule: .nonZero, samples: 1024)
        let d = difference(c, ref)
        #expect(d.max <= RasterTolerance.oracle(samples: 256), "\(d)")
        #expect(isInUnitRange(c))
    }
}

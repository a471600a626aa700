import Geometry
import Testing
import TestSupport

/// Quadratics raised to cubics trace the same curve at every parameter; everything else is kept.
@Suite struct ElevationTests {
    @Test func elevatedQuadraticsTraceTheSameCurve() {
        var rng = SeededRandom(seed: 0x5EED_CAFE)
        var worst = 0.0
        for _ in 0 ..< 200 {
            let a = Point(rng.double(-500 ... 500), rng.double(-500 ... 500))
            let c = Point(rng.double(-500 ... 500), rng.double(-500 ... 500))
            let p = Point(rng.double(-500 ... 500), rng.double(-500 ... 500))
            var path = Path()
            path.move(to: a)
            path.quad(to: p, control: c)
            let e = path.elevatingQuadratics().elements
            guard e.count == 2, case .cubic(let c1, let c2, let end) = e[1] else {
                Issue.record("seed \(rng.seed): not one cubic: \(e)")
                return
            }
            #expect(end == p)
            for i in 0 ... 16 {
                let t = Double(i) / 16
                let q = FlattenTests.quadPoint(a, c, p, t), k = FlattenTests.cubicPoint(a, c1, c2, p, t)
                worst = max(worst, (q - k).length)
            }
        }
        #expect(worst < 1e-9, "seed 0x5EEDCAFE: \(worst)")
    }

    @Test func linesCubicsAndContoursAreKept() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.cubic(to: Point(10, 10), control1: Point(12, 3), control2: Point(12, 7))
        path.close()
        path.move(to: Point(20, 20))
        path.quad(to: Point(30, 20), control: Point(25, 10))
        path.close()
        let e = path.elevatingQuadratics().elements
        #expect(Array(e.prefix(4)) == Array(path.elements.prefix(4)))
        #expect(e.count == path.elements.count)
        #expect(e[5] == .cubic(Point(20, 20) + (Point(25, 10) - Point(20, 20)) * (2.0 / 3.0),
                               Point(30, 20) + (Point(25, 10) - Point(30, 20)) * (2.0 / 3.0), Point(30, 20)))
        #expect(e.last == .close)
    }
}

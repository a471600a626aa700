import Testing
import Geometry
import Raster

/// `Path.defaultTolerance`: a chord within `tol` of its curve moves a pixel's coverage by at most
/// `tol * sqrt(2)`, so every pixel stays the exact curve's 8-bit value or the one next to it.
@Suite struct FlattenToleranceTests {
    @Test func coverageMovesByAtMostTheTolerance() {
        let path = Path(ellipseIn: Rect(x: 3.3, y: 2.7, width: 21.4, height: 15.9))
        let r = Rasterizer()
        let f = 1e-5
        let fine = r.coverage(of: path, width: 30, height: 22, tolerance: f)
        for t in [Path.defaultTolerance, 0.01, 0.1] {
            let coarse = r.coverage(of: path, width: 30, height: 22, tolerance: t)
            let worst = zip(fine.values, coarse.values).map { abs(Double($0) - Double($1)) }.max() ?? 0
            #expect(worst <= (t + f) * 2.0.squareRoot() + 1e-6, "tolerance \(t): coverage moved by \(worst)")
            #expect(worst > t / 50, "tolerance \(t): the coarser chords change the coverage (\(worst))")
        }
        // Under half an 8-bit level at the default.
        #expect(Path.defaultTolerance * 2.0.squareRoot() < 0.5 / 255)
    }
}

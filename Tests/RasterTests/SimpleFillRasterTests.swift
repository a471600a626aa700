import Geometry
@testable import Raster
import Testing
import TestSupport

/// A path whose winding `Path.simpleFillWinding` shows to be 0 or one value is rasterized by adding
/// up its edges' areas (`simpleSign`): under any invertible affine map, on whole and clipped grids,
/// directly and through a recorded row program, it must give the general row algorithm's coverage.
@Suite struct SimpleFillRasterTests {
    /// A ring of `n` quadratic curves round `c`, the inner contour against the outer one.
    static func ring(_ c: Point, outer: Double, inner: Double, n: Int) -> Path {
        var p = Path()
        for (r, dir) in [(outer, 1.0), (inner, -1.0)] {
            let step = dir * 2 * Double.pi / Double(n), rc = r / Double.cosine(step / 2)
            p.move(to: Point(c.x + r, c.y))
            for k in 0 ..< n {
                let a1 = step * Double(k + 1), am = step * (Double(k) + 0.5)
                p.quad(to: k == n - 1 ? Point(c.x + r, c.y) : Point(c.x + r * .cosine(a1), c.y + r * .sine(a1)), control: Point(c.x + rc * .cosine(am), c.y + rc * .sine(am)))
            }
            p.close()
        }
        return p
    }

    /// A star-shaped polygon of `n` vertices (not convex) with a square hole against it.
    static func holedStar(_ g: inout SeededRandom, n: Int) -> Path {
        var angles = (0 ..< n).map { _ in g.double(0 ... 2 * Double.pi) }
        angles.sort()
        var p = Path(polygon: angles.map { a in let r = g.double(20 ... 30); return Point(r * .cosine(a), r * .sine(a)) })
        p.append(Path(polygon: [Point(-5, -5), Point(-5, 5), Point(5, 5), Point(5, -5)]))
        return p
    }

    static func check(_ path: Path, _ t: Transform, _ label: String) {
        let w = path.simpleFillWinding()
        guard w != 0 else { Issue.record("\(label): not shown simple"); return }
        let det = t.a * t.d - t.b * t.c
        let sign = det > 0 ? -w : w
        let shape = path.flattened(transform: t)
        guard let minX = shape.points.map(\.x).min(), let maxX = shape.points.map(\.x).max(),
              let minY = shape.points.map(\.y).min(), let maxY = shape.points.map(\.y).max() else { return }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let width = Int(maxX.rounded(.up)) - x0 + 1, height = Int(maxY.rounded(.up)) - y0
        let fast = Rasterizer(), general = Rasterizer()
        general.work.simpleContours = false
        for rule in FillRule.allCases {
            // A whole grid, and one with the shape partly left of it (a clipped tile).
            for ox in [x0, x0 + width / 3] {
                var a = [Float](repeating: -1, count: width * height), b = a
                a.withUnsafeMutableBufferPointer {
                    fast.render(shape, rule: rule, width: width, height: height, originX: ox, originY: y0, simpleSign: sign, into: $0)
                }
                b.withUnsafeMutableBufferPointer { general.render(shape, rule: rule, width: width, height: height, originX: ox, originY: y0, into: $0) }
                let d = zip(a, b).map { abs($0 - $1) }.max() ?? 0
                #expect(d <= 1e-6, "\(label) \(rule) origin \(ox): coverage differs by \(d)")
                #expect(b.contains { $0 > 0.5 }, "\(label): nothing drawn")
            }
            // Recorded with the sign, replayed.
            let program = RowProgram()
            fast.record(shape, rule: rule, width: width, height: height, originX: x0, originY: y0, simpleSign: sign, into: program)
            var a = [Float](repeating: -1, count: width * height), b = a
            a.withUnsafeMutableBufferPointer { fast.replay(program, dx: 0, width: width, rows: 0 ..< height, into: $0) }
            b.withUnsafeMutableBufferPointer { general.render(shape, rule: rule, width: width, height: height, originX: x0, originY: y0, into: $0) }
            let d = zip(a, b).map { abs($0 - $1) }.max() ?? 0
            #expect(d <= 1e-6, "\(label) \(rule) replayed: coverage differs by \(d)")
        }
    }

    @Test func shownPathsGiveTheGeneralCoverageUnderAnyAffineMap() {
        var g = SeededRandom(seed: 0x5F11)
        for k in 0 ..< 24 {
            let path = k % 2 == 0 ? Self.ring(Point(0, 0), outer: 30, inner: g.double(8 ... 24), n: Int(g.double(5 ... 16)))
                                  : Self.holedStar(&g, n: Int(g.double(30 ... 120)))
            // Rotation, scale (down to 0.2, up to 3), shear, and a reflection every third time.
            let a = g.double(0 ... 2 * Double.pi), s = g.double(0.2 ... 3), sh = g.double(-0.5 ... 0.5)
            let flip = k % 3 == 0 ? -1.0 : 1.0
            let t = Transform(a: s * .cosine(a) * flip, b: s * .sine(a) * flip, c: -s * .sine(a) + sh, d: s * .cosine(a) * g.double(0.3 ... 1.5),
                              tx: g.double(40 ... 60), ty: g.double(40 ... 60))
            Self.check(path, t, "case \(k) (seed \(g.seed))")
        }
    }

    /// The sign that is given is used: given the wrong one, the coverage is wrong (the test above
    /// could not pass on the general algorithm alone).
    @Test func theGivenSignIsWhatTheEdgesAreAddedWith() {
        let path = Self.ring(Point(20, 20), outer: 15, inner: 6, n: 8)
        let shape = path.flattened()
        let w = path.simpleFillWinding()
        var right = [Float](repeating: 0, count: 48 * 40), wrong = right
        let r = Rasterizer()
        right.withUnsafeMutableBufferPointer { r.render(shape, rule: .nonZero, width: 48, height: 40, originX: 0, originY: 0, simpleSign: -w, into: $0) }
        wrong.withUnsafeMutableBufferPointer { r.render(shape, rule: .nonZero, width: 48, height: 40, originX: 0, originY: 0, simpleSign: w, into: $0) }
        #expect(right[20 * 48 + 20 + 10] == 1, "inside the ring")
        #expect(right[20 * 48 + 20] == 0, "in the hole")
        #expect(wrong[20 * 48 + 20 + 10] == 0)
    }
}

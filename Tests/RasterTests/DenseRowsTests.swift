import Geometry
@testable import Raster
import Testing
import TestSupport

/// A row of many spans over few cells (a glyph's row of short flattened pieces) is summed through
/// every cell instead of sorting its spans: the values must be the same bits.
@Suite struct DenseRowsTests {
    /// `n` wobbly closed contours of `k` points each (finely flattened curves), overlapping.
    static func wobbly(_ g: inout SeededRandom, contours n: Int, points k: Int, size: Double) -> Polylines {
        var p = Polylines()
        for _ in 0 ..< n {
            let c = Point(g.double(0.2 * size ... 0.8 * size), g.double(0.2 * size ... 0.8 * size))
            let r = g.double(0.1 * size ... 0.4 * size), wobble = g.double(0 ... 0.3), waves = Double(g.int(2 ... 7))
            let turn = g.double(0 ... 6.3), reversed = g.int(0 ... 1) == 0
            p.starts.append(p.points.count)
            for i in 0 ..< k {
                let a = (reversed ? -1.0 : 1.0) * 2 * Double.pi * Double(i) / Double(k) + turn
                let q = r * (1 + wobble * .sine(waves * a))
                p.points.append(Point(c.x + q * .cosine(a), c.y + q * 0.8 * .sine(a)))
            }
        }
        return p
    }

    @Test(arguments: 0 ..< 6)
    func denseRowsEqualSortedSpans(seed: UInt64) {
        var g = SeededRandom(seed: seed + 900)
        let size = g.double(20 ... 120)
        let shape = Self.wobbly(&g, contours: g.int(1 ... 4), points: g.int(100 ... 1500), size: size)
        let w = Int(size) + 2, h = Int(size) + 1
        let dense = Rasterizer(), sorted = Rasterizer()
        sorted.work.denseRows = false
        for rule in FillRule.allCases {
            for ox in [0, Int(size / 3)] {
                var a = [Float](repeating: -1, count: w * h), b = a
                a.withUnsafeMutableBufferPointer { dense.render(shape, rule: rule, width: w, height: h, originX: ox, originY: 0, into: $0) }
                b.withUnsafeMutableBufferPointer { sorted.render(shape, rule: rule, width: w, height: h, originX: ox, originY: 0, into: $0) }
                #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "seed \(seed) \(rule) origin \(ox): the values differ")
            }
        }
        #expect(dense.work.denseRowsFinished > 0, "seed \(seed): no row was summed densely")
        #expect(sorted.work.denseRowsFinished == 0)
    }
}

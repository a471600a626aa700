import Geometry
@testable import Raster
import Testing
import TestSupport

/// A row's pieces are put in chain order by counting them out by chain instead of sorting them:
/// the order is unique, so the values must be the same bits as with the sort.
@Suite struct ChainGroupingTests {
    @Test(arguments: 0 ..< 6)
    func groupingEqualsSorting(seed: UInt64) {
        var g = SeededRandom(seed: seed + 1300)
        let size = g.double(20 ... 120)
        let shape = DenseRowsTests.wobbly(&g, contours: g.int(2 ... 4), points: g.int(600 ... 1500), size: size)
        let w = Int(size) + 2, h = Int(size) + 1
        let grouped = Rasterizer(), sorted = Rasterizer()
        sorted.work.chainGrouping = false
        for rule in FillRule.allCases {
            for ox in [0, Int(size / 3)] {
                var a = [Float](repeating: -1, count: w * h), b = a
                a.withUnsafeMutableBufferPointer { grouped.render(shape, rule: rule, width: w, height: h, originX: ox, originY: 0, into: $0) }
                b.withUnsafeMutableBufferPointer { sorted.render(shape, rule: rule, width: w, height: h, originX: ox, originY: 0, into: $0) }
                #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "seed \(seed) \(rule) origin \(ox): the values differ")
            }
        }
        #expect(grouped.work.rowsGroupedByChain > 0, "seed \(seed): no row was grouped")
        #expect(sorted.work.rowsGroupedByChain == 0)
    }

    /// The pieces of chains drawn downwards, upwards (reversed) and upwards with the piece from
    /// the row above first, shuffled between chains: put in order; a run in no such order is refused.
    @Test func runsInOrderReversedOrTopFirstAreOrderedAndOthersRefused() {
        func piece(_ chain: Int, _ yt: Double) -> Rasterizer.Piece {
            Rasterizer.Piece(xt: 0, yt: yt, xb: 0, yb: yt + 0.01, dir: 1, minX: 0, maxX: 0, chain: chain)
        }
        var ps: [Rasterizer.Piece] = []
        for k in 0 ..< 8 { ps.append(piece(3, 0.1 * Double(k))) }             // in order
        for k in 0 ..< 8 { ps.append(piece(1, 0.7 - 0.1 * Double(k))) }       // reversed
        ps.append(piece(2, 0)); for k in 0 ..< 8 { ps.append(piece(2, 0.8 - 0.1 * Double(k))) }   // top first
        // The chains interleaved, each keeping its pieces' order.
        let runs = [Array(0 ..< 8), Array(8 ..< 16), Array(16 ..< 25)]
        var order: [Int] = []
        for k in 0 ..< 9 { for r in runs where k < r.count { order.append(r[k]) } }
        var counts: [Int] = [], out: [Int] = []
        let ok = ps.withUnsafeBufferPointer { p in
            order.withUnsafeMutableBufferPointer { Rasterizer.Workspace.groupByChain(p, $0, &counts, &out) }
        }
        #expect(ok)
        let keys = order.map { [Double(ps[$0].chain), ps[$0].yt] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        // A run out of order in the middle: refused, the order left alone.
        ps[4].yt = 0.05
        var other = Array(ps.indices)
        let refused = ps.withUnsafeBufferPointer { p in
            other.withUnsafeMutableBufferPointer { Rasterizer.Workspace.groupByChain(p, $0, &counts, &out) }
        }
        #expect(!refused)
        #expect(other == Array(ps.indices))
    }
}

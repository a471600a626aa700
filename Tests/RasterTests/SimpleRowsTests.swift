import CRowKernels
import Geometry
@testable import Raster
import Testing
import TestSupport

/// One simple contour right of the grid's left edge (a particle's tile) is written by
/// `renderSimpleRows` (the C kernel `wf_simple_rows`): the same pieces in the same order and the
/// same running sums as the row loop's simple path, so the coverage must be the same bits.
@Suite struct SimpleRowsTests {
    /// The kernel reads the Swift edges and cell ranges in place: their layouts must be its own.
    @Test func edgesAndRangesAreLaidOutAsTheKernelReadsThem() {
        typealias E = Rasterizer.Edge
        #expect(MemoryLayout<E>.size == MemoryLayout<wf_edge>.size && MemoryLayout<E>.stride == MemoryLayout<wf_edge>.stride)
        #expect([\E.x0, \E.y0, \E.x1, \E.y1, \E.dir, \E.chain].map { MemoryLayout<E>.offset(of: $0) }
                == [\wf_edge.x0, \wf_edge.y0, \wf_edge.x1, \wf_edge.y1, \wf_edge.dir, \wf_edge.chain].map { MemoryLayout<wf_edge>.offset(of: $0) })
        typealias R = Rasterizer.CellRange
        #expect(MemoryLayout<R>.stride == MemoryLayout<wf_cell_range>.stride)
        #expect(MemoryLayout<R>.offset(of: \R.lo) == MemoryLayout<wf_cell_range>.offset(of: \wf_cell_range.lo)
                && MemoryLayout<R>.offset(of: \R.hi) == MemoryLayout<wf_cell_range>.offset(of: \wf_cell_range.hi))
    }

    static func polylines(_ pts: [Point]) -> Polylines {
        var p = Polylines()
        p.starts = [0]
        p.points = pts
        return p
    }

    /// Renders `shape` on its tile (origin at its points' floor, one column more, as the fast
    /// renderer's tiles) and on a few shifted grids, with and without `renderSimpleRows`.
    static func compare(_ shape: Polylines, _ label: String) {
        guard let minX = shape.points.map(\.x).min(), let maxX = shape.points.map(\.x).max(),
              let minY = shape.points.map(\.y).min(), let maxY = shape.points.map(\.y).max() else { return }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0 + 1, h = Int(maxY.rounded(.up)) - y0
        guard h > 0 else { return }
        let fast = Rasterizer(), rows = Rasterizer()
        rows.work.simpleRows = false
        for rule in FillRule.allCases {
            // The tile; cut on the right and below; a window whose left edge cuts the shape (the
            // rows loop then runs); some rows only.
            for (ox, oy, gw, gh, band) in [(x0, y0, w, h, 0 ..< h), (x0, y0, max(w / 2, 1), max(h / 2, 1), 0 ..< max(h / 2, 1)),
                                           (x0 + w / 3, y0, w, h, 0 ..< h), (x0 - 2, y0 - 1, w + 4, h + 2, 1 ..< h)] {
                var a = [Float](repeating: -1, count: gw * gh), b = a
                a.withUnsafeMutableBufferPointer { fast.render(shape, rule: rule, width: gw, height: gh, originX: ox, originY: oy, rows: band, into: $0) }
                b.withUnsafeMutableBufferPointer { rows.render(shape, rule: rule, width: gw, height: gh, originX: ox, originY: oy, rows: band, into: $0) }
                #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(label) \(rule) grid (\(ox), \(oy)) \(gw)x\(gh): the values differ")
            }
        }
    }

    @Test(arguments: 0 ..< 8)
    func regularPolygonsAndStarsMatchTheRowLoop(seed: UInt64) {
        var g = SeededRandom(seed: seed + 400)
        for k in 0 ..< 30 {
            let c = Point(g.double(0 ... 40), g.double(0 ... 40))
            let r = g.double(0.3 ... 30), turn = g.double(0 ... 7)
            let shape: [Point]
            switch k % 3 {
            case 0: shape = SimpleContourTests.regular(g.int(12 ... 64), center: c, radius: r, turn: turn, reversed: g.int(0 ... 1) == 0)
            case 1: shape = SimpleContourTests.star(center: c, radius: r, turn: turn)
            default: shape = SimpleContourTests.starShaped(&g, n: g.int(3 ... 20), center: c, radius: r)
            }
            Self.compare(Self.polylines(shape), "seed \(seed) shape \(k)")
        }
    }

    @Test func shapesOnWholePixelsAndCrossingContoursMatchTheRowLoop() {
        // Vertices on whole pixels (edges on the tile's left edge fall back to the row loop).
        Self.compare(Self.polylines([Point(3, 2), Point(9, 2), Point(9, 7), Point(3, 7)]), "square")
        Self.compare(Self.polylines([Point(3, 2), Point(9, 2.5), Point(6, 7)]), "triangle")
        // Not simple: a bow tie and a pentagram take the general rows.
        Self.compare(Self.polylines([Point(1.5, 1.5), Point(9.5, 8.5), Point(9.5, 1.5), Point(1.5, 8.5)]), "bow tie")
        let pentagram = (0 ..< 5).map { k -> Point in
            let a = 4 * Double.pi * Double(k) / 5
            return Point(10.3 + 8 * .cosine(a), 10.7 + 8 * .sine(a))
        }
        Self.compare(Self.polylines(pentagram), "pentagram")
    }
}

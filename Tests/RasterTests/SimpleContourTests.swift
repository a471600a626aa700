import Geometry
@testable import Raster
import Testing
import TestSupport

/// One simple closed contour takes a fast path (every piece accumulated with its direction times
/// the contour's orientation): it must find exactly the pieces and signs the general row algorithm
/// finds, and must not be taken by contours that cross or touch themselves.
@Suite struct SimpleContourTests {
    static func regular(_ n: Int, center: Point, radius: Double, turn: Double, reversed: Bool = false) -> [Point] {
        let pts = (0 ..< n).map { k -> Point in
            let a = turn + 2 * Double.pi * Double(k) / Double(n)
            return Point(center.x + radius * .cosine(a), center.y + radius * .sine(a))
        }
        return reversed ? pts.reversed() : pts
    }

    /// A four-pointed star (the sparkle's), turned, scaled and moved.
    static func star(center: Point, radius: Double, turn: Double) -> [Point] {
        let q = 0.3
        let unit = [(0.0, -1.0), (q, -q), (1, 0), (q, q), (0, 1), (-q, q), (-1, 0), (-q, -q)]
        let c = Double.cosine(turn), s = Double.sine(turn)
        return unit.map { Point(center.x + radius * (c * $0.0 - s * $0.1), center.y + radius * (s * $0.0 + c * $0.1)) }
    }

    /// A simple polygon that is star-shaped around its centre: vertices at increasing angles,
    /// random radii.
    static func starShaped(_ g: inout SeededRandom, n: Int, center: Point, radius: Double) -> [Point] {
        var angles = (0 ..< n).map { _ in g.double(0 ... 2 * Double.pi) }
        angles.sort()
        return angles.map { a in
            let r = radius * g.double(0.2 ... 1)
            return Point(center.x + r * .cosine(a), center.y + r * .sine(a))
        }
    }

    static func segments(_ p: RowProgram) -> [[Double]] {
        var rows: [[Double]] = []
        var start = 0
        for end in p.rowEnds {
            let row = p.segments[start ..< end].map { [$0.x0, $0.y0, $0.x1, $0.y1, $0.sign] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            rows.append(row.flatMap { $0 } + [.infinity])
            start = end
        }
        return rows
    }

    /// Records and renders `shape` with and without the fast path; the programs' pieces must be the
    /// same, row by row, and the coverages within rounding.
    static func compare(_ shape: Polylines, _ label: String) {
        guard let minX = shape.points.map(\.x).min(), let maxX = shape.points.map(\.x).max(),
              let minY = shape.points.map(\.y).min(), let maxY = shape.points.map(\.y).max() else { return }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0 + 1, h = Int(maxY.rounded(.up)) - y0
        guard h > 0 else { return }
        let fast = Rasterizer(), general = Rasterizer()
        general.work.simpleContours = false
        for rule in FillRule.allCases {
            let a = RowProgram(), b = RowProgram()
            fast.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: a)
            general.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: b)
            #expect(segments(a) == segments(b), "\(label) \(rule): the fast path's pieces differ")
            #expect(a.maxRowPieces == b.maxRowPieces)
            // A grid with the shape partly left of it, as a clipped tile has.
            for ox in [x0, x0 + w / 3] {
                var ca = [Float](repeating: -1, count: w * h), cb = ca
                ca.withUnsafeMutableBufferPointer { fast.render(shape, rule: rule, width: w, height: h, originX: ox, originY: y0, into: $0) }
                cb.withUnsafeMutableBufferPointer { general.render(shape, rule: rule, width: w, height: h, originX: ox, originY: y0, into: $0) }
                let d = zip(ca, cb).map { abs($0 - $1) }.max() ?? 0
                #expect(d <= 1e-6, "\(label) \(rule) origin \(ox): coverage differs by \(d)")
            }
        }
    }

    @Test func convexAndStarContoursAreRecognisedAndOthersAreNot() {
        var w = Rasterizer.Workspace()
        let c = Point(20.3, 17.9)
        #expect(w.simpleContourSign(polylines([Self.regular(64, center: c, radius: 9, turn: 0.3)])) != 0)
        let one = w.simpleContourSign(polylines([Self.regular(12, center: c, radius: 3, turn: 0.1)]))
        let other = w.simpleContourSign(polylines([Self.regular(12, center: c, radius: 3, turn: 0.1, reversed: true)]))
        #expect(one != 0 && other == -one)
        #expect(w.simpleContourSign(polylines([Self.star(center: c, radius: 5, turn: 0.7)])) != 0)
        // A pentagram (every turn the same way, but it winds twice), a bow tie, a figure of eight
        // through one point, two contours, a contour folding back onto itself, a flat one.
        let pentagram = (0 ..< 5).map { k in Self.regular(5, center: c, radius: 8, turn: 0)[(2 * k) % 5] }
        #expect(w.simpleContourSign(polylines([pentagram])) == 0)
        #expect(w.simpleContourSign(polylines([(0, 0), (10, 10), (10, 0), (0, 10)])) == 0)
        #expect(w.simpleContourSign(polylines([(5, 5), (0, 0), (0, 10), (5, 5), (10, 0), (10, 10)])) == 0)
        #expect(w.simpleContourSign(polylines([(0, 0), (4, 0), (4, 4)], [(6, 6), (9, 6), (9, 9)])) == 0)
        #expect(w.simpleContourSign(polylines([(0, 0), (10, 0), (10, 10), (10, 5)])) == 0)
        #expect(w.simpleContourSign(polylines([(0, 0), (5, 5), (10, 10)])) == 0)
        // Past the pairwise test's size only convex contours are recognised.
        var g = SeededRandom(seed: 3)
        let big = Self.starShaped(&g, n: Rasterizer.Workspace.pairwiseLimit + 8, center: c, radius: 10)
        #expect(w.simpleContourSign(polylines([big])) == 0)
    }

    @Test func theFastPathFindsTheGeneralAlgorithmsPieces() {
        var g = SeededRandom(seed: 41)
        for k in 0 ..< 300 {
            // Centres and radii on and off whole pixels, so vertices fall on row boundaries too.
            let snap = k % 5 == 0
            let c = Point(snap ? 30 : g.double(20 ... 40), snap ? 30 : g.double(20 ... 40))
            let radius = snap ? Double(g.int(1 ... 12)) : g.double(0.2 ... 15)
            let turn = k % 7 == 0 ? 0 : g.double(0 ... 2 * Double.pi)
            let n = g.int(3 ... 64)
            Self.compare(polylines([Self.regular(n, center: c, radius: radius, turn: turn, reversed: k % 2 == 1)]), "regular \(k)")
            Self.compare(polylines([Self.star(center: c, radius: radius, turn: turn)]), "star \(k)")
            Self.compare(polylines([Self.starShaped(&g, n: g.int(3 ... 24), center: c, radius: radius)]), "star-shaped \(k)")
        }
    }

    @Test func contoursThatAreNotSimpleStillMatch() {
        let c = Point(20.3, 17.9)
        let pentagram = (0 ..< 5).map { k in Self.regular(5, center: c, radius: 8, turn: 0.2)[(2 * k) % 5] }
        Self.compare(polylines([pentagram]), "pentagram")
        Self.compare(polylines([(1, 1), (10.5, 10.2), (10.5, 1.3), (1, 10)]), "bow tie")
        Self.compare(polylines([(5.5, 5.5), (1, 1), (1, 10), (5.5, 5.5), (10, 1), (10, 10)]), "figure of eight")
    }
}

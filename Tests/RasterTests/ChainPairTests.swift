import Geometry
@testable import Raster
import Testing
import TestSupport

/// Rows where a contour turns (its top or bottom inside the row) take the chains' path when the
/// chains that end there pair up: it must give the strip sweep's coverage, for glyph-like shapes of
/// several contours (rings, bowls side by side, flat tops and bottoms) at fractional positions.
@Suite struct ChainPairTests {
    /// An ellipse of `n` vertices, either way round.
    static func ellipse(_ n: Int, center: Point, rx: Double, ry: Double, turn: Double, reversed: Bool) -> [Point] {
        let pts = (0 ..< n).map { k -> Point in
            let a = turn + 2 * Double.pi * Double(k) / Double(n)
            return Point(center.x + rx * .cosine(a), center.y + ry * .sine(a))
        }
        return reversed ? pts.reversed() : pts
    }

    /// The coverage of `shape` with and without pairs, under both rules, on a grid from its box.
    static func compare(_ shape: Polylines, _ label: String) -> Bool {
        guard let minX = shape.points.map(\.x).min(), let maxX = shape.points.map(\.x).max(),
              let minY = shape.points.map(\.y).min(), let maxY = shape.points.map(\.y).max() else { return true }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0 + 1, h = Int(maxY.rounded(.up)) - y0
        guard h > 0 else { return true }
        let paired = Rasterizer(), swept = Rasterizer()
        paired.work.simpleContours = false; swept.work.simpleContours = false
        swept.work.chainPairs = false
        var ok = true
        for rule in FillRule.allCases {
            var ca = [Float](repeating: -1, count: w * h), cb = ca
            ca.withUnsafeMutableBufferPointer { paired.render(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: $0) }
            cb.withUnsafeMutableBufferPointer { swept.render(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: $0) }
            let d = zip(ca, cb).map { abs($0 - $1) }.max() ?? 0
            #expect(d <= 1e-6, "\(label) \(rule): coverage differs by \(d)")
            if d > 1e-6 { ok = false }
            // Replayed programs are recorded by the same row algorithm.
            let a = RowProgram(), b = RowProgram()
            paired.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: a)
            swept.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: b)
            var ra = [Float](repeating: -1, count: w * h), rb = ra
            ra.withUnsafeMutableBufferPointer { paired.replay(a, dx: 0.37, width: w, rows: 0 ..< h, into: $0) }
            rb.withUnsafeMutableBufferPointer { swept.replay(b, dx: 0.37, width: w, rows: 0 ..< h, into: $0) }
            let e = zip(ra, rb).map { abs($0 - $1) }.max() ?? 0
            #expect(e <= 1e-6, "\(label) \(rule): replayed coverage differs by \(e)")
        }
        return ok
    }

    @Test func turningRowsMatchTheSweep() {
        var g = SeededRandom(seed: 7)
        for k in 0 ..< 200 {
            let c = Point(g.double(30 ... 40), g.double(30 ... 40))
            let rx = g.double(3 ... 25), ry = g.double(3 ... 25), n = g.int(8 ... 80), turn = k % 3 == 0 ? 0 : g.double(0 ... 6.3)
            let outer = Self.ellipse(n, center: c, rx: rx, ry: ry, turn: turn, reversed: k % 2 == 0)
            // A ring (the hole either way round), and a second bowl beside it at another height.
            let hole = Self.ellipse(max(8, n / 2), center: Point(c.x + g.double(-1 ... 1), c.y + g.double(-1 ... 1)),
                                    rx: rx * 0.5, ry: ry * 0.5, turn: turn + 0.1, reversed: k % 4 < 2)
            let beside = Self.ellipse(max(8, n / 3), center: Point(c.x + rx + g.double(4 ... 12), c.y + g.double(-3 ... 3)),
                                      rx: g.double(2 ... 6), ry: g.double(2 ... 6), turn: 0.2, reversed: k % 3 == 0)
            #expect(Self.compare(polylines([outer, hole]), "ring \(k)"))
            #expect(Self.compare(polylines([outer, beside]), "bowls \(k)"))
            #expect(Self.compare(polylines([outer, hole, beside]), "ring and bowl \(k)"))
        }
    }

    @Test func flatTopsAndBottomsMatchTheSweep() {
        var g = SeededRandom(seed: 11)
        for k in 0 ..< 200 {
            // An M-like outline: flat tops and a V between them, with a rectangle hole and a block
            // beside it whose top is at the same height.
            let x = g.double(2 ... 3), y = g.double(2 ... 3), w = g.double(10 ... 30), h = g.double(8 ... 30)
            let m: [Point] = [Point(x, y + h), Point(x, y), Point(x + w * 0.3, y), Point(x + w * 0.5, y + h * 0.5),
                              Point(x + w * 0.7, y), Point(x + w, y), Point(x + w, y + h), Point(x + w * 0.8, y + h),
                              Point(x + w * 0.8, y + h * 0.4), Point(x + w * 0.5, y + h * 0.8), Point(x + w * 0.2, y + h * 0.4),
                              Point(x + w * 0.2, y + h)]
            let hx = x + w * 0.05, hy = y + h * 0.6 + g.double(0 ... 0.5)
            var hole = [Point(hx, hy), Point(hx + w * 0.1, hy), Point(hx + w * 0.1, hy + h * 0.2), Point(hx, hy + h * 0.2)]
            if k % 2 == 0 { hole.reverse() }
            let bx = x + w + g.double(0.5 ... 3)
            let block = [Point(bx, y), Point(bx + 5, y), Point(bx + 5, y + h * 0.7), Point(bx, y + h * 0.7)]
            #expect(Self.compare(polylines([m, hole]), "M and hole \(k)"))
            #expect(Self.compare(polylines([m, block]), "M and block \(k)"))
        }
    }
}

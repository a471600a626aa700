import Geometry
import Raster
import Testing

/// Hand-computed exact coverages, fill rules, overlaps and degenerate input.
@Suite struct RasterizerTests {
    /// Rectangle 0.25..2.5 x 0.5..1.75 on a 4 x 3 grid: each pixel is (x overlap) * (y overlap).
    static let rectExpected: [Float] = [
        0.375, 0.5, 0.25, 0,
        0.5625, 0.75, 0.375, 0,
        0, 0, 0, 0,
    ]

    @Test(arguments: FillRule.allCases, [false, true])
    func fractionalRectangleIsExact(rule: FillRule, counterClockwise: Bool) {
        var pts = [(0.25, 0.5), (2.5, 0.5), (2.5, 1.75), (0.25, 1.75)]
        if counterClockwise { pts.reverse() }
        let c = Rasterizer().coverage(of: polylines(pts), width: 4, height: 3, rule: rule)
        for (k, v) in c.values.enumerated() {
            #expect(abs(v - Self.rectExpected[k]) < 1e-6, "pixel \(k % 4),\(k / 4): \(v) vs \(Self.rectExpected[k])")
        }
    }

    @Test func rectangleThroughPathAndTransform() {
        // The same rectangle built at the origin and moved by the transform.
        let path = Path(rect: Rect(x: 0, y: 0, width: 2.25, height: 1.25))
        let c = Rasterizer().coverage(of: path, width: 4, height: 3, transform: .translation(0.25, 0.5))
        #expect(difference(c, Coverage(width: 4, height: 3, values: Self.rectExpected)).max < 1e-6)
    }

    @Test func shapesPastTheCanvasEdgesAreClipped() {
        // 3 x 3 grid. Left part: x from -3 to 1.5, y from 0.5 to 2; right part: x 2.5..10, y 0..1.
        let c = Rasterizer().coverage(of: polylines([(-3, 0.5), (1.5, 0.5), (1.5, 2), (-3, 2)],
                                                    [(2.5, 0), (10, 0), (10, 1), (2.5, 1)]),
                                      width: 3, height: 3)
        let expected: [Float] = [0.5, 0.25, 0.5, 1, 0.5, 0, 0, 0, 0]
        #expect(difference(c, Coverage(width: 3, height: 3, values: expected)).max < 1e-6, "\(c.values)")
    }

    @Test func slantedEdgeLeavingTheCanvas() {
        // Triangle (-2, 0), (6, 0), (-2, 4): inside where x < 6 - 2y, with the left part off the canvas.
        let tri = polylines([(-2, 0), (6, 0), (-2, 4)])
        let c = Rasterizer().coverage(of: tri, width: 2, height: 4)
        // Rows 0 and 1: the limit 6 - 2y stays >= 2, both pixels full.
        #expect(abs(c[0, 0] - 1) < 1e-6 && abs(c[1, 0] - 1) < 1e-6 && abs(c[0, 1] - 1) < 1e-6 && abs(c[1, 1] - 1) < 1e-6)
        // Row 2: the limit falls from 2 to 0. Pixel 0 is full for y in [2, 2.5], then a triangle of
        // area 1/4; pixel 1 holds only the triangle for y in [2, 2.5], area 1/4.
        #expect(abs(c[0, 2] - 0.75) < 1e-6, "\(c[0, 2])")
        #expect(abs(c[1, 2] - 0.25) < 1e-6, "\(c[1, 2])")
        // Row 3: the edge is left of the canvas, whose pixels are all outside.
        #expect(c[0, 3] == 0 && c[1, 3] == 0)
    }

    @Test func hugeCoordinates() {
        let r = Rasterizer()
        let all = r.coverage(of: polylines([(-1e6, -1e6), (1e6, -1e6), (1e6, 1e6), (-1e6, 1e6)]), width: 5, height: 4)
        #expect(all.values.allSatisfy { abs($0 - 1) < 1e-6 })
        // Half-plane y >= x: diagonal pixels are half covered, below-left ones full, the rest empty.
        let half = r.coverage(of: polylines([(-1e6, -1e6), (1e6, 1e6), (-1e6, 1e6)]), width: 4, height: 4, rule: .evenOdd)
        for j in 0 ..< 4 {
            for i in 0 ..< 4 {
                let want: Float = i == j ? 0.5 : (j > i ? 1 : 0)
                #expect(abs(half[i, j] - want) < 1e-6, "(\(i), \(j)): \(half[i, j])")
            }
        }
    }

    @Test(arguments: FillRule.allCases)
    func degenerateInputGivesTheRightArea(rule: FillRule) {
        let r = Rasterizer()
        let empty: [Polylines] = [
            Polylines(),
            polylines([(1.5, 1.5)]),
            polylines([(0.5, 0.5), (3.5, 2.5)]),               // two points: there and back
            polylines([(0, 1), (2, 1), (4, 1)]),               // all horizontal
            polylines([(0.5, 0.5), (2, 2), (3.5, 3.5)]),       // collinear
            polylines([(1, 1), (1, 1), (1, 1)]),               // zero-length edges
        ]
        for p in empty {
            let c = r.coverage(of: p, width: 4, height: 4, rule: rule)
            #expect(c.values.allSatisfy { $0 == 0 }, "\(p.points): \(c.values)")
        }
        // A 2 x 2 square at (1, 1) with a repeated vertex, a horizontal spike and a vertical spike
        // (both zero-area there-and-back runs): exactly the square.
        let spiky = polylines([(1, 1), (1, 1), (3, 1), (3, 3), (2.5, 3), (2.5, 3.7), (2.5, 3), (1, 3),
                               (1, 2), (0.3, 2), (1, 2)])
        let c = r.coverage(of: spiky, width: 4, height: 4, rule: rule)
        for j in 0 ..< 4 {
            for i in 0 ..< 4 {
                let want: Float = (1 ... 2).contains(i) && (1 ... 2).contains(j) ? 1 : 0
                #expect(abs(c[i, j] - want) < 1e-6, "(\(i), \(j)): \(c[i, j])")
            }
        }
    }

    @Test(arguments: FillRule.allCases)
    func sharedCollinearEdges(rule: FillRule) {
        // Two rectangles sharing the edge x = 1.5, once with opposite edge directions there (same
        // orientation) and once with the same direction (opposite orientations): the union either way.
        let left = [(0.5, 0.5), (1.5, 0.5), (1.5, 2.5), (0.5, 2.5)]
        let right = [(1.5, 0.5), (2.5, 0.5), (2.5, 2.5), (1.5, 2.5)]
        let whole = Rasterizer().coverage(of: polylines([(0.5, 0.5), (2.5, 0.5), (2.5, 2.5), (0.5, 2.5)]),
                                          width: 3, height: 3, rule: rule)
        for p in [polylines(left, right), polylines(left, right.reversed())] {
            let c = Rasterizer().coverage(of: p, width: 3, height: 3, rule: rule)
            #expect(difference(c, whole).max < 1e-6, "\(difference(c, whole))")
        }
    }

    @Test func overlappingSquares() {
        let a = [(1.0, 1.0), (5, 1), (5, 5), (1, 5)], b = [(3.0, 3.0), (7, 3), (7, 7), (3, 7)]
        let r = Rasterizer()
        let nz = r.coverage(of: polylines(a, b), width: 8, height: 8, rule: .nonZero)
        #expect(abs(nz.totalArea - 28) < 1e-4, "overlap counts once: \(nz.totalArea)")
        #expect(nz[3, 3] == 1 && nz[4, 4] == 1 && nz[1, 1] == 1 && nz[6, 6] == 1 && nz[6, 1] == 0)
        let eo = r.coverage(of: polylines(a, b), width: 8, height: 8, rule: .evenOdd)
        #expect(abs(eo.totalArea - 24) < 1e-4, "overlap is a hole: \(eo.totalArea)")
        #expect(eo[3, 3] == 0 && eo[4, 4] == 0 && eo[1, 1] == 1 && eo[6, 6] == 1)
        // Opposite directions cancel under non-zero too.
        let opp = r.coverage(of: polylines(a, b.reversed()), width: 8, height: 8, rule: .nonZero)
        #expect(difference(opp, eo).max < 1e-6)
    }

    @Test func overlapsAndHolesInsideOnePixel() {
        let r = Rasterizer()
        let outer = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
        let inner = [(0.3, 0.3), (0.7, 0.3), (0.7, 0.7), (0.3, 0.7)]
        func px(_ p: Polylines, _ rule: FillRule) -> Float { r.coverage(of: p, width: 2, height: 2, rule: rule)[0, 0] }
        #expect(abs(px(polylines(outer, inner), .nonZero) - 0.64) < 1e-6)
        #expect(abs(px(polylines(outer, inner), .evenOdd) - 0.48) < 1e-6)
        #expect(abs(px(polylines(outer, inner.reversed()), .nonZero) - 0.48) < 1e-6)
        // Two squares overlapping by 0.2 x 0.2 inside the pixel.
        let a = [(0.2, 0.2), (0.6, 0.2), (0.6, 0.6), (0.2, 0.6)], b = [(0.4, 0.4), (0.8, 0.4), (0.8, 0.8), (0.4, 0.8)]
        #expect(abs(px(polylines(a, b), .nonZero) - 0.28) < 1e-6)
        #expect(abs(px(polylines(a, b), .evenOdd) - 0.24) < 1e-6)
        // The same contour twice: non-zero counts it once, even-odd cancels it.
        #expect(abs(px(polylines(a, a), .nonZero) - 0.16) < 1e-6)
        #expect(px(polylines(a, a), .evenOdd) < 1e-6)
    }

    @Test func pentagramWindings() {
        // A regular pentagram {5/2}: the centre pentagon has winding 2. The shoelace area counts it
        // twice, non-zero once, even-odd not at all.
        let R = 9.0, cx = 10.3, cy = 9.7
        let pts = (0 ..< 5).map { k -> Point in
            let t = -Double.pi / 2 + Double(2 * k) * 2 * Double.pi / 5
            return Point(cx + R * Double.cosine(t), cy + R * Double.sine(t))
        }
        let p = polylines([pts])
        let rInner = R * Double.cosine(2 * Double.pi / 5) / Double.cosine(Double.pi / 5)
        let pentagon = 2.5 * rInner * rInner * Double.sine(2 * Double.pi / 5)
        let shoelace = abs(p.signedArea)
        let r = Rasterizer()
        let nz = r.coverage(of: p, width: 21, height: 20, rule: .nonZero)
        let eo = r.coverage(of: p, width: 21, height: 20, rule: .evenOdd)
        #expect(abs(nz.totalArea - (shoelace - pentagon)) < 1e-3, "\(nz.totalArea) vs \(shoelace - pentagon)")
        #expect(abs(eo.totalArea - (shoelace - 2 * pentagon)) < 1e-3, "\(eo.totalArea) vs \(shoelace - 2 * pentagon)")
        #expect(eo[10, 10] == 0 && nz[10, 10] == 1)
        for rule in FillRule.allCases {
            let c = rule == .nonZero ? nz : eo
            let ref = ReferenceRasterizer.coverage(of: p, width: 21, height: 20, rule: rule, samples: 256)
            let d = difference(c, ref)
            #expect(d.max <= RasterTolerance.oracle(samples: 256), "\(rule): \(d)")
        }
    }

    @Test func renderIntoReusesBuffersAndIsRepeatable() {
        let r = Rasterizer()
        let shapes = [
            polylines([(0.5, 0.5), (14.2, 3.1), (6.6, 11.8)]),
            polylines([(-3, 2), (30, 4.5), (12, 40), (20, -5)], [(2, 2), (9, 2), (9, 9), (2, 9)]),
            polylines([(7.5, 0.2), (7.6, 0.2), (7.6, 15.9), (7.5, 15.9)]),
        ]
        let first = shapes.map { r.coverage(of: $0, width: 16, height: 12, rule: .evenOdd) }
        var target = Coverage(width: 16, height: 12)
        for round in 0 ..< 3 {
            for (k, s) in shapes.enumerated() {
                r.render(s, rule: .evenOdd, into: &target)
                #expect(target == first[k], "round \(round), shape \(k)")
                #expect(target == Rasterizer().coverage(of: s, width: 16, height: 12, rule: .evenOdd))
            }
        }
        // A larger canvas after a smaller one, then the smaller again.
        var big = Coverage(width: 40, height: 30)
        r.render(shapes[1], rule: .nonZero, into: &big)
        #expect(big == Rasterizer().coverage(of: shapes[1], width: 40, height: 30))
        r.render(shapes[0], rule: .evenOdd, into: &target)
        #expect(target == first[0])
    }
}

import Geometry
import Raster
import Testing
import TestSupport

/// Seeded random polygons against the supersampling oracle, and area conservation.
///
/// Every failure names its seed; replay one by putting it in `replaySeeds`.
@Suite struct RasterizerPropertyTests {
    enum Kind: CaseIterable { case scattered, star, huge, degenerate, multi }

    static let oracleSamples = 256
    /// Extra seeds to replay, e.g. one printed by a failure.
    static let replaySeeds: [UInt64] = []

    static func randomContour(_ g: inout SeededRandom, _ kind: Kind, width: Double, height: Double) -> [Point] {
        switch kind {
        case .scattered:
            return (0 ..< g.int(3 ... 12)).map { _ in Point(g.double(-4 ... width + 4), g.double(-4 ... height + 4)) }
        case .star:
            // {n/k} star, self-intersecting for k >= 2 (and traced several times when gcd(n, k) > 1).
            let n = g.int(5 ... 12), k = g.int(2 ... (n - 1) / 2)
            let c = Point(g.double(0 ... width), g.double(0 ... height))
            let r = g.double(2 ... max(width, height)), phase = g.double(0 ... 2 * Double.pi)
            return (0 ..< n).map { i in
                let t = phase + 2 * Double.pi * Double(i * k) / Double(n), ri = r * g.double(0.7 ... 1.1)
                return Point(c.x + ri * Double.cosine(t), c.y + ri * Double.sine(t))
            }
        case .huge:
            return (0 ..< g.int(3 ... 8)).map { _ in
                g.int(0 ... 2) == 0 ? Point(g.double(-1e5 ... 1e5), g.double(-1e5 ... 1e5))
                                    : Point(g.double(-2 ... width + 2), g.double(-2 ... height + 2))
            }
        case .degenerate:
            // Vertices on a half-pixel grid (axis-aligned and pixel-boundary edges), with repeated
            // points, collinear midpoints and there-and-back spikes mixed in.
            var pts: [Point] = []
            for _ in 0 ..< g.int(3 ... 10) {
                let p = Point((g.double(-2 ... width + 2) * 2).rounded() / 2, (g.double(-2 ... height + 2) * 2).rounded() / 2)
                switch g.int(0 ... 5) {
                case 0: pts.append(p); pts.append(p)
                case 1: if let q = pts.last { pts.append(q.lerp(p, 0.5)) }; pts.append(p)
                case 2: if let q = pts.last { pts.append(p); pts.append(q); pts.append(p) } else { pts.append(p) }
                default: pts.append(p)
                }
            }
            return pts
        case .multi:
            preconditionFailure("multi is a set of contours")
        }
    }

    static func randomShape(_ g: inout SeededRandom, width: Int, height: Int) -> Polylines {
        let kind = Kind.allCases[g.int(0 ... Kind.allCases.count - 1)]
        let w = Double(width), h = Double(height)
        guard kind == .multi else { return polylines([randomContour(&g, kind, width: w, height: h)]) }
        var contours: [[Point]] = []
        for _ in 0 ..< g.int(2 ... 3) {
            if g.int(0 ... 4) == 0 {
                contours.append((0 ..< g.int(1 ... 2)).map { _ in Point(g.double(0 ... w), g.double(0 ... h)) })
            } else {
                contours.append(randomContour(&g, [.scattered, .star, .degenerate][g.int(0 ... 2)], width: w, height: h))
            }
        }
        return polylines(contours)
    }

    @Test func randomPolygonsMatchTheOracle() {
        let seeds = (0 ..< 160).map { UInt64(1000 + $0) } + Self.replaySeeds
        let r = Rasterizer()
        var worst: Float = 0
        for seed in seeds {
            var g = SeededRandom(seed: seed)
            let width = g.int(6 ... 16), height = g.int(6 ... 16)
            let shape = Self.randomShape(&g, width: width, height: height)
            for rule in FillRule.allCases {
                let c = r.coverage(of: shape, width: width, height: height, rule: rule)
                let ref = ReferenceRasterizer.coverage(of: shape, width: width, height: height, rule: rule,
                                                       samples: Self.oracleSamples)
                let d = difference(c, ref)
                worst = max(worst, d.max)
                #expect(d.max <= RasterTolerance.oracle(samples: Self.oracleSamples),
                        "seed \(seed) \(rule) \(width)x\(height): \(d); points \(shape.points) starts \(shape.starts)")
                #expect(isInUnitRange(c), "seed \(seed) \(rule)")
            }
        }
        print("RasterizerPropertyTests: worst pixel difference to the \(Self.oracleSamples)-line oracle: \(worst)")
    }

    /// A window of the grid (rows and columns, edges left of it counted as winding only) has the same
    /// coverage as that part of the whole grid, under both rules.
    @Test func windowsEqualTheWholeGridsPixels() {
        let r = Rasterizer()
        for seed in 0 ..< 200 {
            var g = SeededRandom(seed: UInt64(5000 + seed))
            let width = g.int(6 ... 24), height = g.int(6 ... 24)
            let shape = Self.randomShape(&g, width: width, height: height)
            let x0 = g.int(0 ... width - 1), y0 = g.int(0 ... height - 1)
            let ww = g.int(1 ... width - x0), wh = g.int(1 ... height - y0)
            for rule in FillRule.allCases {
                let whole = r.coverage(of: shape, width: width, height: height, rule: rule)
                var window = [Float](repeating: -1, count: ww * wh)
                window.withUnsafeMutableBufferPointer { b in
                    r.render(shape, rule: rule, width: ww, height: wh, originX: x0, originY: y0, into: b)
                }
                var worst: Float = 0
                for y in 0 ..< wh { for x in 0 ..< ww { worst = max(worst, abs(window[y * ww + x] - whole[x0 + x, y0 + y])) } }
                #expect(worst <= 1e-5, "seed \(5000 + seed) \(rule) window \(x0),\(y0) \(ww)x\(wh) of \(width)x\(height): differs by \(worst)")
            }
        }
    }

    @Test func simplePolygonsConserveArea() {
        // Star-shaped (so simple) polygons fully on the canvas: the coverage sums to the shoelace area
        // under both rules, and matches the oracle.
        let r = Rasterizer()
        for seed in UInt64(5000) ..< 5060 {
            var g = SeededRandom(seed: seed)
            let width = g.int(8 ... 20), height = g.int(8 ... 20)
            let c = Point(Double(width) / 2 + g.double(-1 ... 1), Double(height) / 2 + g.double(-1 ... 1))
            // Angles in order with gaps below pi, so the centre is inside and no edges cross.
            let n = g.int(3 ... 12), phase = g.double(0 ... 2 * Double.pi)
            let angles = (0 ..< n).map { i in phase + 2 * Double.pi * (Double(i) + 0.45 * g.double(0 ... 1)) / Double(n) }
            let rmax = Double(min(width, height)) / 2 - 1.01
            var pts = angles.map { t in
                let rr = g.double(0.2 ... rmax)
                return Point(c.x + rr * Double.cosine(t), c.y + rr * Double.sine(t))
            }
            if g.int(0 ... 1) == 0 { pts.reverse() }
            let shape = polylines([pts])
            let area = abs(shape.signedArea)
            for rule in FillRule.allCases {
                let cov = r.coverage(of: shape, width: width, height: height, rule: rule)
                #expect(abs(cov.totalArea - area) < 1e-4, "seed \(seed) \(rule): \(cov.totalArea) vs \(area)")
            }
            let ref = ReferenceRasterizer.coverage(of: shape, width: width, height: height, rule: .nonZero, samples: 64)
            let d = difference(r.coverage(of: shape, width: width, height: height), ref)
            #expect(d.max <= RasterTolerance.oracle(samples: 64), "seed \(seed): \(d)")
        }
    }

    @Test func triangleAndRotatedSquare() {
        let r = Rasterizer()
        let tri = polylines([(1.3, 0.7), (10.9, 3.2), (4.1, 9.6)])
        let square = Path(rect: Rect(x: -3, y: -3, width: 6, height: 6))
            .flattened(transform: Transform.rotation(0.37).concatenating(.translation(6.2, 5.9)))
        for shape in [tri, square] {
            for rule in FillRule.allCases {
                let c = r.coverage(of: shape, width: 12, height: 12, rule: rule)
                #expect(abs(c.totalArea - abs(shape.signedArea)) < 1e-4, "\(c.totalArea) vs \(shape.signedArea)")
                let ref = ReferenceRasterizer.coverage(of: shape, width: 12, height: 12, rule: rule, samples: 256)
                let d = difference(c, ref)
                #expect(d.max <= RasterTolerance.oracle(samples: 256), "\(d)")
            }
        }
        #expect(abs(abs(square.signedArea) - 36) < 1e-9)
    }

    @Test func circleFromCubics() {
        // Four cubics with the usual kappa: not quite a circle (radially at most 2.8e-4 r off), so
        // the flattened coverage is held to the cubics' own area, computed exactly (Gauss-Legendre
        // with 3 nodes integrates Green's degree-5 integrand exactly), and to pi r^2 more loosely.
        let r = 6.3, cx = 8.1, cy = 7.6, k = 0.5522847498 * r
        var path = Path()
        path.move(to: Point(cx + r, cy))
        path.cubic(to: Point(cx, cy + r), control1: Point(cx + r, cy + k), control2: Point(cx + k, cy + r))
        path.cubic(to: Point(cx - r, cy), control1: Point(cx - k, cy + r), control2: Point(cx - r, cy + k))
        path.cubic(to: Point(cx, cy - r), control1: Point(cx - r, cy - k), control2: Point(cx - k, cy - r))
        path.cubic(to: Point(cx + r, cy), control1: Point(cx + k, cy - r), control2: Point(cx + r, cy - k))
        path.close()
        let exact = abs(cubicPathArea(path))
        let perimeter = 2 * Double.pi * r * 1.001
        for tol in [Path.defaultTolerance, 0.05] {
            let cov = Rasterizer().coverage(of: path, width: 17, height: 16, tolerance: tol)
            // Chords of a convex curve lie inside it, each within `tol` of its arc.
            #expect(cov.totalArea <= exact + 1e-4, "tol \(tol): \(cov.totalArea) vs \(exact)")
            #expect(cov.totalArea >= exact - perimeter * tol - 1e-4, "tol \(tol): \(cov.totalArea) vs \(exact)")
            #expect(abs(cov.totalArea - Double.pi * r * r) <= perimeter * (tol + 2.8e-4 * r) + 1e-4)
            let ref = ReferenceRasterizer.coverage(of: path.flattened(tolerance: tol), width: 17, height: 16,
                                                   rule: .nonZero, samples: 128)
            let d = difference(cov, ref)
            #expect(d.max <= RasterTolerance.oracle(samples: 128), "tol \(tol): \(d)")
        }
    }

    /// Signed area enclosed by a path of lines and cubics (every contour closed), exact.
    func cubicPathArea(_ path: Path) -> Double {
        var area = 0.0, start = Point.zero, cur = Point.zero
        let nodes = [(0.5 - 0.5 * (0.6).squareRoot(), 5.0 / 18), (0.5, 8.0 / 18), (0.5 + 0.5 * (0.6).squareRoot(), 5.0 / 18)]
        for e in path.elements {
            switch e {
            case .move(let p): start = p; cur = p
            case .line(let p): area += (cur.x * p.y - p.x * cur.y) / 2; cur = p
            case .cubic(let c1, let c2, let p):
                let a = cur
                for (t, wt) in nodes {
                    let mt = 1 - t
                    let x = mt * mt * mt * a.x + 3 * mt * mt * t * c1.x + 3 * mt * t * t * c2.x + t * t * t * p.x
                    let y = mt * mt * mt * a.y + 3 * mt * mt * t * c1.y + 3 * mt * t * t * c2.y + t * t * t * p.y
                    let dx = 3 * (mt * mt * (c1.x - a.x) + 2 * mt * t * (c2.x - c1.x) + t * t * (p.x - c2.x))
                    let dy = 3 * (mt * mt * (c1.y - a.y) + 2 * mt * t * (c2.y - c1.y) + t * t * (p.y - c2.y))
                    area += wt * (x * dy - y * dx) / 2
                }
                cur = p
            case .close: area += (cur.x * start.y - start.x * cur.y) / 2; cur = start
            case .quad: preconditionFailure("lines and cubics only")
            }
        }
        return area
    }

    @Test func longRowsOfShortSegments() {
        // A wave through 1 px rows sampled every 1/40 px, so each row holds hundreds of adjacent
        // short segments, plus a 400-tooth zigzag inside a single row.
        let width = 50, height = 12
        var wave = (0 ... 2000).map { i -> Point in
            let x = Double(i) / 40
            return Point(x, 5.5 + 0.45 * Double.sine(x * 0.9) + 0.02 * Double.sine(x * 37))
        }
        wave.append(Point(50, 11.5)); wave.append(Point(0, 11.5))
        // Teeth of varying depth, so every tooth end is its own strip boundary (the costly case).
        var zigzag = (0 ... 800).map { i in
            Point(Double(i) / 16, (i % 2 == 0 ? 1.1 : 1.8) + 0.09 * Double.sine(Double(i)))
        }
        zigzag.append(Point(50, 0.5)); zigzag.append(Point(0, 0.5))
        let r = Rasterizer()
        let waveArea = abs(polylines([wave]).signedArea), zigzagArea = abs(polylines([zigzag]).signedArea)
        for (shape, area) in [(polylines([wave]), waveArea), (polylines([zigzag]), zigzagArea),
                              (polylines([wave, zigzag]), waveArea + zigzagArea)] {
            for rule in FillRule.allCases {
                let c = r.coverage(of: shape, width: width, height: height, rule: rule)
                #expect(abs(c.totalArea - area) < 1e-3, "\(rule): \(c.totalArea) vs \(area)")
                let ref = ReferenceRasterizer.coverage(of: shape, width: width, height: height, rule: rule, samples: 64)
                let d = difference(c, ref)
                #expect(d.max <= RasterTolerance.oracle(samples: 64), "\(rule): \(d)")
            }
        }
    }
}

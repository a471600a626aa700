#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Testing
import TestSupport

/// The stroker's outline, filled non-zero by the exact rasterizer, against the stroke's definition
/// built independently: one polygon per segment rectangle, outer join piece and cap, each oriented
/// the same way, filled non-zero (their union) by the supersampling oracle. For round joins and caps
/// also against the plain distance test (a point is inside when it is within half the width of the
/// polyline), on polylines whose segments are longer than half the width (where the two agree).
@Suite struct StrokeCoverageTests {
    struct Case: CustomStringConvertible {
        var points: [Point]
        var closed: Bool
        var style: StrokeStyle
        var seed: UInt64
        var description: String { "seed \(seed): \(style) closed \(closed) \(points)" }
    }

    static func randomCase(seed: UInt64, minSegment: Double = 0) -> Case {
        var rng = SeededRandom(seed: seed)
        var pts: [Point] = []
        let n = rng.int(2 ... 6)
        while pts.count < n {
            let p = Point(rng.double(6 ... 34), rng.double(6 ... 34))
            if let last = pts.last, (p - last).length <= minSegment { continue }
            pts.append(p)
        }
        let join = LineJoin.allCases[rng.int(0 ... 2)], cap = LineCap.allCases[rng.int(0 ... 2)]
        let style = StrokeStyle(width: rng.double(0.5 ... 7), join: join, cap: cap, miterLimit: rng.double(1 ... 12))
        return Case(points: pts, closed: n > 2 && rng.int(0 ... 3) == 0, style: style, seed: seed)
    }

    /// The definition's pieces as closed polylines, all oriented positively.
    static func pieces(_ c: Case) -> Polylines {
        var out: [[Point]] = []
        let h = c.style.width / 2
        let pts = c.points, n = pts.count
        let segs = c.closed ? n : n - 1
        func dir(_ k: Int) -> Point { let v = pts[(k + 1) % n] - pts[k]; return v * (1 / v.length) }
        func nrm(_ d: Point) -> Point { Point(-d.y, d.x) }   // either side will do: pieces are re-oriented
        func arc(_ center: Point, _ from: Point, _ angle: Double) -> [Point] {
            let m = max(2, Int(abs(angle) / 0.002))
            return (0 ... m).map { k in
                let a = angle * Double(k) / Double(m)
                let c = Double.cosine(a), s = Double.sine(a)
                return center + Point(from.x * c - from.y * s, from.x * s + from.y * c) * h
            }
        }
        for k in 0 ..< segs {
            let p = pts[k], q = pts[(k + 1) % n], m = nrm(dir(k)) * h
            out.append([p + m, q + m, q - m, p - m])
        }
        let joins = c.closed ? Array(0 ..< n) : Array(1 ..< max(1, n - 1))
        for i in joins {
            let d1 = dir((i - 1 + segs) % segs), d2 = dir(i % segs), p = pts[i]
            let cr = d1.x * d2.y - d1.y * d2.x, dt = d1.x * d2.x + d1.y * d2.y
            if cr == 0 && dt > 0 { continue }
            let theta = atan2(cr, dt)
            // The outer side is the one the turn leaves behind: -normal for a positive turn here.
            let s: Double = theta > 0 ? -1 : 1
            let a = p + nrm(d1) * (s * h), b = p + nrm(d2) * (s * h)
            switch c.style.join {
            case .bevel: out.append([p, a, b])
            case .round: out.append([p] + arc(p, nrm(d1) * s, theta))
            case .miter:
                let half = abs(theta) / 2
                if Double.cosine(half) > 0, 1 / Double.cosine(half) <= c.style.miterLimit {
                    let bis = nrm(d1) + nrm(d2)
                    out.append([p, a, p + bis * (s * h / (Double.cosine(half) * bis.length)), b])
                } else {
                    out.append([p, a, b])
                }
            }
        }
        if !c.closed {
            for (p, d) in [(pts[n - 1], dir(n - 2)), (pts[0], dir(0) * -1)] {
                let m = nrm(d) * h
                switch c.style.cap {
                case .butt: break
                case .square: out.append([p + m, p + m + d * h, p - m + d * h, p - m])
                case .round: out.append(arc(p, nrm(d), -Double.pi))
                }
            }
        }
        // Orient every piece the same way, so the non-zero fill is their union.
        let oriented = out.map { poly -> [Point] in
            var a = 0.0
            for k in poly.indices { let p = poly[k], q = poly[(k + 1) % poly.count]; a += p.x * q.y - q.x * p.y }
            return a < 0 ? poly.reversed() : poly
        }
        return polylines(oriented)
    }

    static func path(_ c: Case) -> Path {
        var p = Path()
        p.move(to: c.points[0])
        for q in c.points.dropFirst() { p.line(to: q) }
        if c.closed { p.close() }
        return p
    }

    @Test func outlineCoversTheUnionOfThePieces() {
        let rasterizer = Rasterizer()
        let samples = 64
        for seed in UInt64(1) ... 40 {
            let c = Self.randomCase(seed: seed)
            let outline = Self.path(c).stroked(c.style)
            let got = rasterizer.coverage(of: outline, width: 40, height: 40, rule: .nonZero)
            let want = ReferenceRasterizer.coverage(of: Self.pieces(c), width: 40, height: 40, rule: .nonZero, samples: samples)
            let d = difference(got, want)
            #expect(d.max <= RasterTolerance.oracle(samples: samples), "\(c): \(d)")
            #expect(abs(got.totalArea - want.totalArea) < 0.05, "\(c): area \(got.totalArea) vs \(want.totalArea)")
        }
    }

    /// A pen wider than the curve's radius, on a flattened circle and an S (every join's inner offsets
    /// cross only past the neighbouring segments): the outline still fills the union of the pieces,
    /// for every join (no hole where the inner side turns back beyond the centre).
    @Test(arguments: LineJoin.allCases)
    func aPenWiderThanTheCurveFillsTheUnionOfThePieces(join: LineJoin) {
        let rasterizer = Rasterizer()
        let samples = 64
        let circle = (0 ..< 24).map { k -> Point in
            let a = 2 * Double.pi * Double(k) / 24
            return Point(20 + 4 * Double.cosine(a), 20 + 4 * Double.sine(a))
        }
        let s = (0 ... 20).map { k -> Point in
            let a = Double.pi * Double(k) / 10
            return Point(14 + 12 * Double(k) / 20, 20 + 5 * Double.sine(a))
        }
        for (points, closed, cap) in [(circle, true, LineCap.butt), (Array(circle.prefix(17)), false, .butt), (s, false, .round), (s, false, .square)] {
            let c = Case(points: points, closed: closed, style: StrokeStyle(width: 22, join: join, cap: cap, miterLimit: 4), seed: 0)
            let got = rasterizer.coverage(of: Self.path(c).stroked(c.style), width: 40, height: 40, rule: .nonZero)
            let want = ReferenceRasterizer.coverage(of: Self.pieces(c), width: 40, height: 40, rule: .nonZero, samples: samples)
            let d = difference(got, want)
            #expect(d.max <= RasterTolerance.oracle(samples: samples), "\(c): \(d)")
        }
    }

    /// A pen between one and two times the curve's radius on a finely flattened circle: each inner
    /// crossing lies within the segments, but the other inner offset's end does not, so taking the
    /// inner side through the crossing would leave out a sliver the pieces cover once (the centre of
    /// a quarter-drawn circle was half covered where the pieces cover it whole).
    @Test(arguments: LineJoin.allCases)
    func aFinelyFlattenedCurveTighterThanThePenFillsTheUnion(join: LineJoin) {
        let rasterizer = Rasterizer()
        let samples = 64
        let circle = (0 ..< 200).map { k -> Point in
            let a = 2 * Double.pi * Double(k) / 200
            return Point(20 + 4.5 * Double.cosine(a), 20 + 4.5 * Double.sine(a))
        }
        for (points, closed, cap, width) in [(Array(circle.prefix(61)), false, LineCap.butt, 15.0), (Array(circle.prefix(121)), false, .round, 12),
                                             (circle, true, .butt, 13), (Array(circle.prefix(40)), false, .square, 17)] {
            let c = Case(points: points, closed: closed, style: StrokeStyle(width: width, join: join, cap: cap, miterLimit: 4), seed: 0)
            let got = rasterizer.coverage(of: Self.path(c).stroked(c.style), width: 40, height: 40, rule: .nonZero)
            let want = ReferenceRasterizer.coverage(of: Self.pieces(c), width: 40, height: 40, rule: .nonZero, samples: samples)
            let d = difference(got, want)
            #expect(d.max <= RasterTolerance.oracle(samples: samples), "\(points.count) points, \(cap), \(width): \(d)")
        }
    }

    @Test func roundStrokeIsEverythingWithinHalfTheWidth() {
        let rasterizer = Rasterizer()
        for seed in UInt64(100) ... 115 {
            var c = Self.randomCase(seed: seed, minSegment: 8)
            c.style.join = .round; c.style.cap = .round; c.style.width = min(c.style.width, 8)
            c.closed = false
            let got = rasterizer.coverage(of: Self.path(c).stroked(c.style), width: 40, height: 40)
            // 16 x 16 point samples per pixel, inside when within h of some segment.
            let h = c.style.width / 2, n = 16
            var worst: Float = 0, at = (0, 0)
            for j in 0 ..< 40 {
                for i in 0 ..< 40 {
                    var inside = 0
                    for sy in 0 ..< n {
                        for sx in 0 ..< n {
                            let q = Point(Double(i) + (Double(sx) + 0.5) / Double(n), Double(j) + (Double(sy) + 0.5) / Double(n))
                            var best = Double.infinity
                            for k in 0 ..< c.points.count - 1 {
                                let a = c.points[k], b = c.points[k + 1], ab = b - a, aq = q - a
                                let t = min(max((aq.x * ab.x + aq.y * ab.y) / (ab.x * ab.x + ab.y * ab.y), 0), 1)
                                best = min(best, (q - a.lerp(b, t)).length)
                            }
                            if best <= h { inside += 1 }
                        }
                    }
                    let e = abs(Float(inside) / Float(n * n) - got[i, j])
                    if e > worst { worst = e; at = (i, j) }
                }
            }
            // Point sampling: each boundary through a pixel can be off by about 1/n.
            #expect(worst <= 3 / Float(n), "\(c): \(worst) at \(at)")
        }
    }

    @Test func horizontalStrokeHasExactCoverage() {
        var p = Path()
        p.move(to: Point(2, 3.25)); p.line(to: Point(10.5, 3.25))
        let cov = Rasterizer().coverage(of: p.stroked(StrokeStyle(width: 2.5)), width: 14, height: 8)
        // y from 2 to 4.5: rows 2 and 3 full, row 4 half; x from 2 to 10.5.
        #expect(cov[5, 2] == 1 && cov[5, 3] == 1 && cov[5, 4] == 0.5 && cov[5, 1] == 0 && cov[5, 5] == 0)
        #expect(cov[10, 3] == 0.5 && cov[1, 3] == 0 && cov[11, 3] == 0)
        #expect(abs(cov.totalArea - 8.5 * 2.5) < 1e-5)
    }
}

import Geometry
import Testing
import TestSupport

/// Flattening: chords stay within the tolerance of the curve, and contours open and close as stated.
@Suite struct FlattenTests {
    static func quadPoint(_ a: Point, _ c: Point, _ p: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return a * (mt * mt) + c * (2 * mt * t) + p * (t * t)
    }

    static func cubicPoint(_ a: Point, _ c1: Point, _ c2: Point, _ p: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return a * (mt * mt * mt) + c1 * (3 * mt * mt * t) + c2 * (3 * mt * t * t) + p * (t * t * t)
    }

    /// Distance from `q` to the segment `a`-`b`.
    static func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, aq = q - a
        let len2 = ab.x * ab.x + ab.y * ab.y
        let t = len2 > 0 ? min(max((aq.x * ab.x + aq.y * ab.y) / len2, 0), 1) : 0
        return (q - a.lerp(b, t)).length
    }

    /// Checks one flattened curve: chord k spans parameters [k/n, (k+1)/n] (uniform split), its
    /// ends lie on the curve, and the curve at the chord's mid-parameter and at 8 other parameters
    /// is within `tol` of the chord.
    static func check(_ pts: ArraySlice<Point>, tol: Double, curve: (Double) -> Point, label: String) {
        let n = pts.count - 1
        #expect(n >= 1, "\(label)")
        let first = pts.startIndex
        var worst = 0.0
        for k in 0 ..< n {
            let a = pts[first + k], b = pts[first + k + 1]
            #expect((a - curve(Double(k) / Double(n))).length < 1e-9, "\(label): point \(k) is off the curve")
            for s in 1 ... 9 {
                let t = (Double(k) + Double(s) / 10) / Double(n)
                worst = max(worst, distance(curve(t), a, b))
            }
            worst = max(worst, distance(curve((Double(k) + 0.5) / Double(n)), a, b))
        }
        #expect(worst <= tol, "\(label): \(n) chords, worst distance \(worst) > tolerance \(tol)")
    }

    @Test(arguments: [0.001, 0.01, 0.25])
    func chordsStayWithinTolerance(tol: Double) {
        var g = SeededRandom(seed: 77)
        for case_ in 0 ..< 40 {
            func rp() -> Point { Point(g.double(-50 ... 50), g.double(-50 ... 50)) }
            let a = rp(), c1 = rp(), c2 = rp(), p = rp()
            let t = case_ % 2 == 0 ? Transform.identity
                : Transform.rotation(g.double(0 ... 6)).concatenating(.scale(g.double(0.5 ... 3), g.double(0.5 ... 3)))
            var quad = Path(); quad.move(to: a); quad.quad(to: p, control: c1)
            let fq = quad.flattened(tolerance: tol, transform: t)
            Self.check(fq.points[...], tol: tol, curve: { Self.quadPoint(t.apply(a), t.apply(c1), t.apply(p), $0) },
                       label: "quad case \(case_)")
            var cubic = Path(); cubic.move(to: a); cubic.cubic(to: p, control1: c1, control2: c2)
            let fc = cubic.flattened(tolerance: tol, transform: t)
            Self.check(fc.points[...], tol: tol,
                       curve: { Self.cubicPoint(t.apply(a), t.apply(c1), t.apply(c2), t.apply(p), $0) },
                       label: "cubic case \(case_)")
            // The end point is exact, not a rounded evaluation of the polynomial.
            #expect(fq.points.last == t.apply(p) && fc.points.last == t.apply(p))
        }
    }

    @Test func contoursOpenAndCloseAsStated() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.line(to: Point(10, 10))
        path.close()
        // A line after close starts a new contour at the closed contour's start.
        path.line(to: Point(0, 10))
        path.line(to: Point(-5, 5))
        // A move while a contour is open starts another without closing it explicitly.
        path.move(to: Point(20, 20))
        path.line(to: Point(30, 20))
        path.move(to: Point(40, 40))
        path.close()
        let f = path.flattened()
        #expect(f.contourCount == 4)
        #expect(Array(f.points[f.range(of: 0)]) == [Point(0, 0), Point(10, 0), Point(10, 10)])
        #expect(Array(f.points[f.range(of: 1)]) == [Point(0, 0), Point(0, 10), Point(-5, 5)])
        #expect(Array(f.points[f.range(of: 2)]) == [Point(20, 20), Point(30, 20)])
        #expect(Array(f.points[f.range(of: 3)]) == [Point(40, 40)])
        // Every contour is closed by forEachEdge, and contours of fewer than 2 points have no edges.
        var edges: [(Point, Point)] = []
        f.forEachEdge { edges.append(($0, $1)) }
        #expect(edges.count == 3 + 3 + 2)
        #expect(edges[2] == (Point(10, 10), Point(0, 0)))
        #expect(edges[5] == (Point(-5, 5), Point(0, 0)))
        #expect(edges[7] == (Point(30, 20), Point(20, 20)))
        // A path that starts with a line begins at the origin.
        let implicit = Path([.line(Point(3, 0)), .line(Point(3, 4))]).flattened()
        #expect(implicit.points == [Point(0, 0), Point(3, 0), Point(3, 4)] && implicit.starts == [0])
    }

    @Test func transformAndAreaSign() {
        let square = Path(rect: Rect(x: 1, y: 2, width: 3, height: 4))
        let f = square.flattened(transform: .translation(10, 20))
        #expect(f.points == [Point(11, 22), Point(14, 22), Point(14, 26), Point(11, 26)])
        #expect(f.signedArea == 12, "clockwise on screen is positive")
        #expect(square.flattened(transform: .scale(-1, 1)).signedArea == -12)
    }
}

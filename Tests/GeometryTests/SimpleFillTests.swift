import Geometry
import Testing
import TestSupport

/// `Path.simpleFillWinding`: +1 or -1 only for paths whose winding is 0 outside and that one value
/// inside (contours that cross neither themselves nor each other, holes against their outer
/// contours), and 0 for the others.
@Suite struct SimpleFillTests {
    static func square(_ x: Double, _ y: Double, _ s: Double, reversed: Bool = false) -> Path {
        let pts = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
        return Path(polygon: reversed ? pts.reversed() : pts)
    }

    static func joined(_ parts: Path...) -> Path {
        var p = Path()
        for q in parts { p.append(q) }
        return p
    }

    /// A ring of quadratic curves (an "o"), the inner contour against the outer one.
    static func ring(center c: Point, outer: Double, inner: Double, n: Int = 8, innerReversed: Bool = true) -> Path {
        func circle(_ r: Double, reversed: Bool) -> Path {
            var p = Path()
            let step = 2 * Double.pi / Double(n) * (reversed ? -1 : 1)
            p.move(to: Point(c.x + r, c.y))
            for k in 0 ..< n {
                let a1 = step * Double(k + 1), am = step * (Double(k) + 0.5)
                // The control point where the tangents at the ends meet.
                let rc = r / Double.cosine(step / 2)
                // The last curve ends on the start exactly (no closing line of rounding length).
                p.quad(to: k == n - 1 ? Point(c.x + r, c.y) : Point(c.x + r * .cosine(a1), c.y + r * .sine(a1)),
                       control: Point(c.x + rc * .cosine(am), c.y + rc * .sine(am)))
            }
            p.close()
            return p
        }
        return joined(circle(outer, reversed: false), circle(inner, reversed: innerReversed))
    }

    /// The shoelace sign of a polygon: +1 positive.
    static func shoelace(_ p: [Point]) -> Int {
        var a = 0.0
        for i in p.indices { let u = p[i], v = p[(i + 1) % p.count]; a += u.x * v.y - v.x * u.y }
        return a > 0 ? 1 : -1
    }

    @Test func aSquareWindsItsOwnWayAndAHoleAgainstItIsAllowed() {
        let s = Self.square(0, 0, 10)
        let w = s.simpleFillWinding()
        #expect(w == 1 || w == -1)
        #expect(Self.square(0, 0, 10, reversed: true).simpleFillWinding() == -w)
        // A hole running the other way: winding w inside the ring, 0 in the hole.
        #expect(Self.joined(s, Self.square(3, 3, 4, reversed: true)).simpleFillWinding() == w)
        // Two squares apart, both the same way.
        #expect(Self.joined(s, Self.square(20, 0, 10)).simpleFillWinding() == w)
    }

    @Test func overlapsNestingTheSameWayAndOppositeWindingsAreRefused() {
        let s = Self.square(0, 0, 10)
        // Nested the same way: winding 2 inside the inner one.
        #expect(Self.joined(s, Self.square(3, 3, 4)).simpleFillWinding() == 0)
        // Overlapping squares.
        #expect(Self.joined(s, Self.square(5, 5, 10)).simpleFillWinding() == 0)
        // Apart, but winding +1 in one and -1 in the other.
        #expect(Self.joined(s, Self.square(20, 0, 10, reversed: true)).simpleFillWinding() == 0)
        // A bow tie crosses itself.
        #expect(Path(polygon: [Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]).simpleFillWinding() == 0)
        // A contour that touches itself at a vertex (two triangles through one point).
        #expect(Path(polygon: [Point(0, 0), Point(5, 5), Point(10, 0), Point(10, 10), Point(5, 5), Point(0, 10)]).simpleFillWinding() == 0)
        // Squares that share an edge.
        #expect(Self.joined(s, Self.square(10, 0, 10)).simpleFillWinding() == 0)
    }

    @Test func curvedContoursWithAHoleAreShownAndTheirMirrorWindsTheOtherWay() {
        let o = Self.ring(center: Point(50, 40), outer: 30, inner: 18)
        let w = o.simpleFillWinding()
        #expect(w == 1 || w == -1)
        #expect(o.applying(Transform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0)).simpleFillWinding() == -w)
        // Any invertible affine map keeps what the test shows (it is made on the control points).
        let sheared = o.applying(Transform(a: 2, b: 0.3, c: -0.7, d: 0.4, tx: 11, ty: -5))
        #expect(sheared.simpleFillWinding() == w)
        // The hole the same way as the outside: refused.
        #expect(Self.ring(center: Point(50, 40), outer: 30, inner: 18, innerReversed: false).simpleFillWinding() == 0)
        // Rings so close that the curves' hulls meet: refused, as the test is on the hulls.
        #expect(Self.ring(center: Point(50, 40), outer: 30, inner: 29.5, n: 4).simpleFillWinding() == 0)
    }

    @Test func aCubicWithALoopIsRefusedAndAConvexOneIsShown() {
        var loop = Path()
        loop.move(to: Point(0, 0))
        loop.cubic(to: Point(10, 0), control1: Point(20, 15), control2: Point(-10, 15))
        loop.line(to: Point(10, -10)); loop.line(to: Point(0, -10))
        loop.close()
        #expect(loop.simpleFillWinding() == 0)
        var bulge = Path()
        bulge.move(to: Point(0, 0))
        bulge.cubic(to: Point(10, 0), control1: Point(2, 8), control2: Point(8, 8))
        bulge.line(to: Point(10, -10)); bulge.line(to: Point(0, -10))
        bulge.close()
        #expect(bulge.simpleFillWinding() != 0)
    }

    @Test func nonFiniteAndTooLongPathsAreNotExamined() {
        #expect(Path(polygon: [Point(0, 0), Point(.nan, 1), Point(1, 1)]).simpleFillWinding() == 0)
        #expect(Path(polygon: [Point(0, 0), Point(.infinity, 1), Point(1, 1)]).simpleFillWinding() == 0)
        let n = Path.simpleFillSegmentLimit + 1
        let circle = (0 ..< n).map { k -> Point in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return Point(1000 * .cosine(a), 1000 * .sine(a))
        }
        #expect(Path(polygon: circle).simpleFillWinding() == 0)
        #expect(Path(polygon: Array(circle.prefix(Path.simpleFillSegmentLimit / 2))).simpleFillWinding() != 0)
        #expect(Path().simpleFillWinding() == 0)
    }

    /// Star-shaped polygons of many vertices (simple, not convex) are shown, with their shoelace
    /// sign; random polygons are shown only when no two of their edges meet (checked pair by pair).
    @Test func randomPolygonsAreShownOnlyWhenSimple() {
        var g = SeededRandom(seed: 0x51_4D_50_4C)
        for _ in 0 ..< 40 {
            let n = Int(g.double(30 ... 300))
            var angles = (0 ..< n).map { _ in g.double(0 ... 2 * Double.pi) }
            angles.sort()
            var pts = angles.map { a -> Point in
                let r = 80 * g.double(0.3 ... 1)
                return Point(100 + r * .cosine(a), 90 + r * .sine(a))
            }
            if g.double(0 ... 1) < 0.5 { pts.reverse() }
            // Distinct angles can still give a repeated point; such draws are skipped.
            guard Set(pts).count == pts.count else { continue }
            #expect(Path(polygon: pts).simpleFillWinding() == Self.shoelace(pts))
        }
        var shown = 0, crossing = 0
        for _ in 0 ..< 400 {
            let n = Int(g.double(3 ... 9))
            let pts = (0 ..< n).map { _ in Point(g.double(0 ... 50), g.double(0 ... 50)) }
            let w = Path(polygon: pts).simpleFillWinding()
            let meets = Self.edgesMeet(pts)
            if meets { crossing += 1 }
            if w != 0 {
                shown += 1
                #expect(!meets, "shown, but two edges of \(pts) meet")
                #expect(w == Self.shoelace(pts))
            }
        }
        #expect(shown > 20 && crossing > 100)
    }

    /// Whether two edges of the closed polygon that are not neighbours meet (brute force).
    static func edgesMeet(_ p: [Point]) -> Bool {
        let n = p.count
        func orient(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        for i in 0 ..< n {
            for j in i + 1 ..< n {
                if j == i + 1 || (i == 0 && j == n - 1) { continue }
                let a = p[i], b = p[(i + 1) % n], c = p[j], d = p[(j + 1) % n]
                let d1 = orient(a, b, c), d2 = orient(a, b, d), d3 = orient(c, d, a), d4 = orient(c, d, b)
                if ((d1 > 0) != (d2 > 0) || d1 == 0 || d2 == 0) && ((d3 > 0) != (d4 > 0) || d3 == 0 || d4 == 0) { return true }
            }
        }
        // Neighbours folding back onto each other.
        for i in 0 ..< n {
            let a = p[i], b = p[(i + 1) % n], c = p[(i + 2) % n]
            if orient(a, b, c) == 0, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0 { return true }
        }
        return false
    }
}

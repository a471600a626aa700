import Testing
import Geometry
import Raster
@testable import Layers
import TestSupport

/// A growing stroke redraws only a window: the box where its outline can have changed, and in it
/// only the runs of the cut contour's segments whose stroke can reach the window. Both are checked
/// here against the whole outline on random paths, styles, transforms and trims.
@Suite struct StrokeWindowTests {
    static let size = 96

    /// Coverage of `p` on the window `x0 ..< x1`, `y0 ..< y1` of the grid.
    static func coverage(_ p: Polylines, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> [Float] {
        var out = [Float](repeating: 0, count: (x1 - x0) * (y1 - y0))
        out.withUnsafeMutableBufferPointer { b in
            Rasterizer().render(p, rule: .nonZero, width: x1 - x0, height: y1 - y0, originX: x0, originY: y0, into: b)
        }
        return out
    }

    static func randomCase(_ r: inout SeededRandom) -> (Path, StrokeStyle, Transform) {
        let path = RandomTrees.path(&r, in: Rect(x: 4, y: 4, width: 56, height: 56))
        let style = StrokeStyle(width: r.double(0.3 ... 14), join: LineJoin.allCases[r.int(0 ... 2)],
                                cap: LineCap.allCases[r.int(0 ... 2)], miterLimit: r.double(1 ... 6))
        let angle = r.double(-3.2 ... 3.2), scale = r.double(0.6 ... 1.4), shear = r.double(-0.3 ... 0.3)
        let flip = r.int(0 ... 3) == 0 ? -1.0 : 1.0
        let c = Double.cosine(angle), s = Double.sine(angle)
        let t = Transform(a: c * scale * flip, b: s * scale * flip, c: -s * scale + shear, d: c * scale,
                          tx: 48 + r.double(0 ... 1), ty: 48 + r.double(0 ... 1))
        // Centre the path's box on the grid's middle.
        let centred = Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx - (t.a * 32 + t.c * 32), ty: t.ty - (t.b * 32 + t.d * 32))
        return (path, style, centred)
    }

    /// In any window, the outline given for that window (only the runs of the cut contour that can
    /// reach it, only the loops that draw an edge there) covers every pixel as the whole outline does.
    @Test(arguments: 0 ..< 4)
    func aWindowsOutlineCoversItAsTheWholeOutlineDoes(seed: Int) {
        var r = SeededRandom(seed: UInt64(700 + seed))
        var worst: Float = 0
        var cut = 0
        for _ in 0 ..< 20 {
            let (path, style, t) = Self.randomCase(&r)
            let builder = StrokeBuilder(path: path, style: style, transform: t)
            let start = r.int(0 ... 2) == 0 ? r.double(0 ... 0.3) : 0
            let end = r.double(start ... 1)
            var whole = Polylines(), windowed = Polylines()
            builder.outline(start: start, end: end, local: t, into: &whole)
            for _ in 0 ..< 4 {
                let x0 = r.int(0 ... Self.size - 2), y0 = r.int(0 ... Self.size - 2)
                let x1 = r.int(x0 + 1 ... min(Self.size, x0 + r.int(1 ... 40))), y1 = r.int(y0 + 1 ... min(Self.size, y0 + r.int(1 ... 40)))
                let w = StrokeBuilder.Window(x0: Double(x0), y0: Double(y0), x1: Double(x1), y1: Double(y1))
                _ = builder.outline(start: start, end: end, local: t, window: w, into: &windowed)
                if windowed.points.count < whole.points.count { cut += 1 }
                let a = Self.coverage(whole, x0, y0, x1, y1), b = Self.coverage(windowed, x0, y0, x1, y1)
                for k in a.indices { worst = max(worst, abs(a[k] - b[k])) }
            }
        }
        #expect(worst <= 1e-5, "a window's outline covers a pixel \(worst) differently from the whole outline")
        // The runs are what makes a window cheap: most windows get less than the whole outline.
        #expect(cut >= 20, "only \(cut) of 80 windows got less than the whole outline")
    }

    /// A path of a few long straight segments (open or closed), where a trim moves a little along one
    /// segment: the case a clipped changed box is for.
    static func randomLines(_ r: inout SeededRandom) -> (Path, StrokeStyle, Transform) {
        let (_, style, t) = randomCase(&r)
        var path = Path()
        path.move(to: Point(r.double(4 ... 60), r.double(4 ... 60)))
        for _ in 0 ..< r.int(1 ... 5) { path.line(to: Point(r.double(4 ... 60), r.double(4 ... 60))) }
        if r.int(0 ... 1) == 0 { path.close() }
        if r.int(0 ... 1) == 0 {
            path.move(to: Point(r.double(4 ... 60), r.double(4 ... 60)))
            path.line(to: Point(r.double(4 ... 60), r.double(4 ... 60)))
        }
        return (path, style, t)
    }

    /// Between two trims, the whole outline changes only inside `changedBox` (mapped to the grid).
    @Test(arguments: 0 ..< 4)
    func twoTrimsDifferOnlyInsideTheChangedBox(seed: Int) {
        var r = SeededRandom(seed: UInt64(800 + seed))
        for k in 0 ..< 32 {
            let (path, style, t) = k % 2 == 0 ? Self.randomCase(&r) : Self.randomLines(&r)
            let builder = StrokeBuilder(path: path, style: style, transform: t)
            let start = r.int(0 ... 2) == 0 ? r.double(0 ... 0.3) : 0
            let a = r.double(start ... 1)
            let b = r.int(0 ... 3) == 0 ? 1 : min(1, a + r.double(0 ... (k % 4 == 1 ? 0.02 : 0.2)))
            guard let box = builder.changedBox(start: start, from: a, to: b) else { continue }
            var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
            for k in 0 ..< 4 {
                let p = t.apply(Point(k & 1 == 0 ? box.minX : box.maxX, k < 2 ? box.minY : box.maxY))
                lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
            }
            var pa = Polylines(), pb = Polylines()
            builder.outline(start: start, end: a, local: t, into: &pa)
            builder.outline(start: start, end: b, local: t, into: &pb)
            let ca = Self.coverage(pa, 0, 0, Self.size, Self.size), cb = Self.coverage(pb, 0, 0, Self.size, Self.size)
            for y in 0 ..< Self.size {
                for x in 0 ..< Self.size where abs(ca[y * Self.size + x] - cb[y * Self.size + x]) > 1e-5 {
                    let inside = Double(x + 1) > lo.x && Double(x) < hi.x && Double(y + 1) > lo.y && Double(y) < hi.y
                    #expect(inside, "pixel (\(x), \(y)) changed between trims \(a) and \(b) outside the box \(lo)...\(hi)")
                    if !inside { return }
                }
            }
        }
    }

    /// A pen moving along a long straight segment changes only the part it crossed: the box is the
    /// advance and the pen's reach around it, not the whole segment.
    @Test func aPenOnALongSegmentChangesOnlyWhatItCrossed() throws {
        var path = Path()
        path.move(to: Point(10, 0)); path.line(to: Point(10, 800)); path.line(to: Point(20, 800))
        let style = StrokeStyle(width: 2, join: .round, cap: .round, miterLimit: 4)
        let builder = StrokeBuilder(path: path, style: style, transform: .identity)
        // The path is 810 long: from 400 to 410 along the first segment.
        let box = try #require(builder.changedBox(start: 0, from: 400.0 / 810, to: 410.0 / 810))
        #expect(abs(box.minY - 399) < 1e-6 && abs(box.maxY - 411) < 1e-6, "box \(box)")
        #expect(abs(box.minX - 9) < 1e-6 && abs(box.maxX - 11) < 1e-6, "box \(box)")
    }
}

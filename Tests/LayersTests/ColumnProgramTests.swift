import Testing
import Geometry
import Raster
import TestSupport
@testable import Layers

/// A fill that slides up or down by fractions of a pixel (a glyph falling or rising) is replayed
/// from its column program (its row program with x and y swapped), as one sliding sideways is from
/// its row program: the coverage is the shape's, on one thread and two.
@Suite struct ColumnProgramTests {
    @Test(arguments: 0 ..< 12)
    func aShapeSlidingUpOrDownIsReplayedFromItsColumns(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &* 977 &+ 3)
        let w = 90, h = 120
        let root = canvasRoot(w, h)
        if seed % 2 == 0 { root.backgroundColor = RandomTrees.color(&r, opaque: true) }
        let s = ShapeLayer()
        s.bounds = Rect(x: -20, y: -20, width: 40, height: 40)
        // Random curves (crossing themselves) for some seeds; for the others a ring of curves, a
        // shape whose winding is 0 or one value (rasterized by adding up its edges' areas).
        s.path = seed % 3 == 1 ? RandomTrees.path(&r, in: s.bounds) : Self.ring(outer: r.double(12 ... 19), inner: r.double(3 ... 10))
        s.fillColor = RandomTrees.color(&r)
        s.fillRule = seed % 3 == 0 ? .evenOdd : .nonZero
        // Any linear part: turned, sheared, mirrored.
        let turn = r.double(-3 ... 3), sx = r.double(0.5 ... 1.6) * (seed % 4 == 1 ? -1 : 1), sy = r.double(0.5 ... 1.6)
        s.transform = Transform.rotation(turn).concatenating(Transform(a: sx, b: 0, c: r.double(-0.5 ... 0.5), d: sy, tx: 0, ty: 0))
        s.opacity = seed % 5 == 2 ? 0.6 : 1
        root.addSublayer(s)
        let x = r.double(30 ... 60)
        let one = FastLayerRenderer(), two = FastLayerRenderer()
        two.threads = 2
        var a = Pixmap(width: w, height: h), b = Pixmap(width: w, height: h)
        var columns = 0
        for k in 0 ..< 14 {
            // Down by fractions (and whole pixels), then back up.
            s.position = Point(x, 30 + (k < 9 ? 3.37 * Double(k) : 3.37 * Double(17 - k) + 0.11))
            one.render(root, into: &a, width: w, height: h)
            two.render(root, into: &b, width: w, height: h)
            if k > 0 { columns += one.columnTilesReplayed }
            #expect(one.columnTilesReplayed == two.columnTilesReplayed)
            let reference = LayerRenderer().renderPixmap(root, width: w, height: h)
            let d = maxChannelDifference(a, reference), e = maxChannelDifference(b, reference)
            #expect(d.diff <= 1 && e.diff <= 1, "seed \(seed) frame \(k): \(d.diff), \(e.diff) from the reference at (\(d.x), \(d.y))")
            #expect(maxChannelDifference(a, FastLayerRenderer().renderPixmap(root, width: w, height: h)).diff <= 1)
        }
        // Every frame after the first moved the shape up or down by a fraction: each from the program.
        #expect(columns == 13, "seed \(seed): \(columns) of 13 moved frames replayed from the column program")
        if seed % 3 != 1 { #expect(s.path?.simpleFillWinding() ?? 0 != 0, "seed \(seed): the ring is shown simple") }
    }

    /// An ellipse-like ring of cubics about (0, 0): the outer contour one way, the hole the other.
    static func ring(outer: Double, inner: Double) -> Path {
        var p = Path()
        for (radius, turn) in [(outer, 1.0), (inner, -1.0)] {
            let k = 0.5523 * radius, ry = radius * 0.8
            p.move(to: Point(radius, 0))
            p.cubic(to: Point(0, turn * ry), control1: Point(radius, turn * k * 0.8), control2: Point(k, turn * ry))
            p.cubic(to: Point(-radius, 0), control1: Point(-k, turn * ry), control2: Point(-radius, turn * k * 0.8))
            p.cubic(to: Point(0, -turn * ry), control1: Point(-radius, -turn * k * 0.8), control2: Point(-k, -turn * ry))
            p.cubic(to: Point(radius, 0), control1: Point(k, -turn * ry), control2: Point(radius, -turn * k * 0.8))
            p.close()
        }
        return p
    }

    /// A shape that moves sideways as well, or turns, is not replayed from columns.
    @Test func onlyAVerticalSlideTakesTheColumnProgram() {
        let (root, s) = ProgramUseTests.quadrilateral()
        let fast = FastLayerRenderer()
        var p = Pixmap(width: 64, height: 64)
        var columns = 0
        for k in 0 ..< 10 {
            s.position = Point(20.3 + 0.41 * Double(k), 21.6 + 0.23 * Double(k))
            fast.render(root, into: &p, width: 64, height: 64)
            columns += fast.columnTilesReplayed
        }
        for k in 0 ..< 10 {
            s.position = Point(30.3, 21.6 + 0.23 * Double(k))
            s.transform = Transform.rotation(0.05 * Double(k))
            fast.render(root, into: &p, width: 64, height: 64)
            columns += fast.columnTilesReplayed
        }
        #expect(columns == 0)
    }
}

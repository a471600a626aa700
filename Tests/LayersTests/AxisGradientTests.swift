import Testing
import Geometry
import Raster
import Animation
@testable import Layers
import TestSupport

/// Gradients along x (the same colours on every row, made once per frame for the rows drawn), along
/// y (one colour per row) and at other angles in the fast renderer: equal to the reference
/// renderer, frame after frame as their stops move, alone, several at once, masked (by opaque
/// shapes: drawn without the group's buffers) and masking.
@Suite struct AxisGradientTests {
    static func gradient(_ r: inout SeededRandom, w: Double, h: Double) -> GradientLayer {
        let g = GradientLayer()
        g.bounds = Rect(x: 0, y: 0, width: r.double(w / 3 ... w), height: r.double(h / 3 ... h))
        g.anchorPoint = .zero
        g.position = Point(r.double(0 ... w / 2), r.double(0 ... h / 2))
        let n = r.int(2 ... 4)
        g.colors = (0 ..< n).map { _ in
            Color(r: UInt8(r.int(0 ... 255)), g: UInt8(r.int(0 ... 255)), b: UInt8(r.int(0 ... 255)), a: UInt8(r.int(0 ... 3) == 0 ? 255 : r.int(0 ... 255)))
        }
        g.locations = locations(&r, n)
        if r.int(0 ... 1) == 0 { g.opacity = r.double(0.2 ... 1) }
        switch r.int(0 ... 4) {
        case 0: g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5)
        case 1: g.startPoint = Point(1, 0.3); g.endPoint = Point(0, 0.3)
        case 2: g.startPoint = Point(0.5, 0); g.endPoint = Point(0.5, 1)
        case 3: g.startPoint = Point(0.2, 1); g.endPoint = Point(0.2, 0)
        default: g.startPoint = Point(r.double(0 ... 1), r.double(0 ... 1)); g.endPoint = Point(r.double(0 ... 1), r.double(0 ... 1))
        }
        return g
    }

    /// Sorted most of the time; out of order now and then (each pixel then searches its stop).
    static func locations(_ r: inout SeededRandom, _ n: Int) -> [Double] {
        let l = (0 ..< n).map { _ in r.double(-0.3 ... 1.3) }
        return r.int(0 ... 4) == 0 ? l : l.sorted()
    }

    static func shape(_ r: inout SeededRandom, w: Double, h: Double) -> ShapeLayer {
        let s = ShapeLayer()
        s.bounds = Rect(x: 0, y: 0, width: w, height: h); s.anchorPoint = .zero
        s.path = RandomTrees.path(&r, in: Rect(x: 2, y: 2, width: w - 4, height: h - 4))
        // Opaque half the time: a mask whose alpha is its coverage.
        s.fillColor = Color(r: 10, g: 200, b: 90, a: r.int(0 ... 1) == 0 ? 255 : UInt8(r.int(128 ... 255)))
        return s
    }

    @Test(arguments: 0 ..< 8)
    func axisGradientsEqualTheReferenceFrameAfterFrame(seed: Int) {
        var r = SeededRandom(seed: UInt64(900 + seed))
        let w = 72.0, h = 56.0
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: w, height: h); root.anchorPoint = .zero
        root.backgroundColor = r.int(0 ... 1) == 0 ? .white : Color(r: 30, g: 40, b: 50, a: 255)
        var gradients: [GradientLayer] = []
        for _ in 0 ..< r.int(1 ... 3) {
            let g = Self.gradient(&r, w: w, h: h)
            switch r.int(0 ... 2) {
            case 0: g.mask = Self.shape(&r, w: w, h: h)          // a gradient seen through a shape
            case 1:
                let s = Self.shape(&r, w: w, h: h)                // a shape seen through a gradient
                let m = Self.gradient(&r, w: w, h: h)
                s.mask = m
                gradients.append(m)
                root.addSublayer(s)
            default: break
            }
            gradients.append(g)
            root.addSublayer(g)
        }
        // Small shapes moving over them: damage whose columns change from row to row, so that
        // the rows drawn ask a gradient for columns left, right and apart of those it has made.
        let movers = (0 ..< 3).map { _ in
            let s = ShapeLayer()
            s.bounds = Rect(x: 0, y: 0, width: 10, height: 10); s.anchorPoint = .zero
            s.path = RandomTrees.path(&r, in: Rect(x: 0, y: 0, width: 10, height: 10))
            s.fillColor = Color(r: 200, g: 20, b: 20, a: 160)
            root.addSublayer(s)
            return s
        }
        let fast = FastLayerRenderer()
        var frame = Pixmap(width: Int(w), height: Int(h))
        for k in 0 ..< 8 {
            for m in movers { m.position = Point(r.double(0 ... w - 10), r.double(0 ... h - 10)) }
            if k % 2 == 1 {
                // The stops move (a sweep); now and then the colours change too.
                for g in gradients where r.int(0 ... 3) > 0 {
                    let shift = r.double(-0.2 ... 0.2)
                    g.locations = g.locations?.map { $0 + shift }
                    if r.int(0 ... 5) == 0 { g.colors = g.colors.reversed() }
                }
            }
            fast.render(root, into: &frame, width: Int(w), height: Int(h))
            let reference = LayerRenderer().renderPixmap(root, width: Int(w), height: Int(h))
            let d = maxChannelDifference(frame, reference)
            #expect(d.diff <= 1, "seed \(seed) frame \(k): differs by \(d.diff) at (\(d.x), \(d.y))")
            var fresh = Pixmap(width: Int(w), height: Int(h))
            FastLayerRenderer().render(root, into: &fresh, width: Int(w), height: Int(h))
            #expect(maxChannelDifference(frame, fresh).diff == 0, "seed \(seed) frame \(k): drawn in sequence differs from drawn afresh")
        }
    }
}

/// A paint that is clear everywhere (`LayerPaint.isClear`) leaves every pixel as it is: the fast
/// renderer leaves such a rectangle out, and the reference renderer draws nothing for it.
@Suite struct ClearPaintTests {
    @Test(arguments: 0 ..< 4)
    func aPaintCalledClearDrawsNothingInTheReference(seed: Int) {
        var r = SeededRandom(seed: UInt64(950 + seed))
        var clear = 0, notClear = 0
        for _ in 0 ..< 60 {
            let n = r.int(1 ... 5)
            // Few places, so that stops often share one; alpha 0 often, so that clear paints come up.
            let places = [0.2, 0.5, 0.7, 0.9]
            var locations = (0 ..< n).map { _ in places[r.int(0 ... 3)] }
            if r.int(0 ... 3) > 0 { locations.sort() }
            let colors = (0 ..< n).map { _ in Color(r: 200, g: 30, b: 90, a: r.int(0 ... 2) == 0 ? 255 : 0) }
            let g = GradientLayer()
            g.bounds = Rect(x: 0, y: 0, width: 40, height: 12); g.anchorPoint = .zero
            g.colors = colors; g.locations = locations
            g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5)
            let stops = zip(colors, locations).map { GradientStop($0, at: $1) }
            let paint = LayerPaint.gradient(.linear(stops: stops, start: Point(0, 6), end: Point(40, 6)), ctm: .identity)
            let root = Layer()
            root.bounds = g.bounds; root.anchorPoint = .zero; root.backgroundColor = .white
            root.addSublayer(g)
            let reference = LayerRenderer().renderPixmap(root, width: 40, height: 12)
            let fast = FastLayerRenderer().renderPixmap(root, width: 40, height: 12)
            #expect(maxChannelDifference(fast, reference).diff <= 1)
            if paint.isClear {
                clear += 1
                for y in 0 ..< 12 { for x in 0 ..< 40 { #expect(reference.pixel(x, y) == SIMD4(255, 255, 255, 255), "\(stops)") } }
            } else {
                notClear += 1
            }
        }
        #expect(clear >= 5 && notClear >= 5, "clear \(clear), not clear \(notClear)")
    }
}

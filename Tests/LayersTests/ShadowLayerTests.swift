import Testing
import Geometry
import Raster
@testable import Layers

@Suite struct ShadowLayerTests {
    /// A disc with a gradient fill and a shadow of a path, moving by a fraction each frame.
    static func scene(shift: Double, path: Bool) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 80, height: 60)
        root.anchorPoint = .zero
        root.backgroundColor = Color(r: 240, g: 240, b: 230)
        let s = ShapeLayer()
        s.bounds = root.bounds; s.anchorPoint = .zero; s.position = Point(shift, 0)
        let disc = Path(ellipseIn: Rect(x: 20, y: 12, width: 36, height: 36))
        s.path = disc
        s.fillPaint = .radial(stops: [GradientStop(.white, at: 0), GradientStop(Color(r: 0, g: 90, b: 200, a: 220), at: 1)],
                              center: Point(32, 24), radius: 24)
        s.shadowOpacity = 0.7; s.shadowRadius = 6; s.shadowOffset = Point(3, 4)
        s.shadowColor = Color(r: 20, g: 0, b: 60)
        if path { s.shadowPath = disc }
        root.addSublayer(s)
        return root
    }

    @Test(arguments: [true, false])
    func movingShadowsMatchTheReferenceWithinOneLevel(path: Bool) {
        let fast = FastLayerRenderer()
        var frame = Pixmap(width: 80, height: 60)
        for k in 0 ..< 6 {
            let root = Self.scene(shift: Double(k) * 0.35, path: path)
            fast.render(root, into: &frame, width: 80, height: 60)
            let reference = LayerRenderer().renderPixmap(root, width: 80, height: 60)
            let d = maxChannelDifference(reference, frame)
            #expect(d.diff <= 1, "frame \(k): \(d.diff) at (\(d.x), \(d.y))")
        }
    }

    /// The shadow lies where the offset puts it, darkens the background there, and a shadow of
    /// opacity 0 is none.
    @Test func theShadowFallsWhereItsOffsetPutsIt() {
        let root = Self.scene(shift: 0, path: true)
        let with = LayerRenderer().renderPixmap(root, width: 80, height: 60)
        root.sublayers[0].shadowOpacity = 0
        let without = LayerRenderer().renderPixmap(root, width: 80, height: 60)
        // Below right of the disc (offset 3, 4) the shadow shows; above left it barely reaches.
        // (57, 33) lies outside the disc (centre 38, 30; radius 18) and inside its shadow's (41, 34).
        let near = Int(without.pixel(57, 33).x) - Int(with.pixel(57, 33).x)
        let far = Int(without.pixel(19, 27).x) - Int(with.pixel(19, 27).x)
        #expect(near > 60)
        #expect(far < near / 2)
        #expect(with.pixel(2, 2) == without.pixel(2, 2))
    }

    /// An unchanged frame draws nothing, and a shadow of a path is not made again.
    @Test func anUnchangedShadowCostsNothing() {
        let fast = FastLayerRenderer()
        var frame = Pixmap(width: 80, height: 60)
        let root = Self.scene(shift: 0, path: true)
        fast.render(root, into: &frame, width: 80, height: 60)
        let rows = fast.render(root, into: &frame, width: 80, height: 60)
        #expect(rows.isEmpty && fast.damagedPixels == 0)
    }
}

extension ShadowLayerTests {
    /// A coverage layer (a ring's or a mask image's coverage) casts its shadow from its coverage;
    /// both renderers agree, translucent and at half opacity, and an unchanged frame costs nothing.
    @Test func coverageLayersCastTheirCoverage() {
        let w = 70, h = 50
        var ring = Coverage(width: w, height: h)
        for y in 0 ..< h { for x in 0 ..< w {
            let d = ((Double(x) - 35) * (Double(x) - 35) + (Double(y) - 25) * (Double(y) - 25)).squareRoot()
            ring[x, y] = Float(max(0, min(1, 3 - abs(d - 16))))
        } }
        for opacity in [1.0, 0.5] {
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h)); root.anchorPoint = .zero
            root.backgroundColor = .white
            let l = CoverageLayer()
            l.bounds = root.bounds; l.anchorPoint = .zero
            l.coverage = ring; l.color = Color(r: 0, g: 180, b: 90, a: 200); l.opacity = opacity
            l.shadowOpacity = 0.8; l.shadowRadius = 7; l.shadowOffset = Point(0, 2); l.shadowColor = Color(r: 0, g: 180, b: 90)
            root.addSublayer(l)
            let fast = FastLayerRenderer()
            var frame = Pixmap(width: w, height: h)
            fast.render(root, into: &frame, width: w, height: h)
            let d = maxChannelDifference(LayerRenderer().renderPixmap(root, width: w, height: h), frame)
            #expect(d.diff <= 1, "opacity \(opacity): \(d.diff) at (\(d.x), \(d.y))")
            // Below the ring (22 px from its centre, 6 px out from its middle) its shadow shows.
            #expect(frame.pixel(35, 47).x < 250)
            #expect(fast.render(root, into: &frame, width: w, height: h).isEmpty)
        }
    }
}

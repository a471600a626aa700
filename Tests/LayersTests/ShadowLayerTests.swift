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

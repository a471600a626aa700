import Testing
import Geometry
import Raster
import Animation
@testable import Layers

/// Affine transforms about the anchor point, masksToBounds, colours and transforms animated
/// through typed key paths.
@Suite struct TransformTests {
    @Test func rotationAndScaleHappenAboutTheAnchorPoint() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
        l.position = Point(50, 50)                       // anchor (0.5, 0.5): the centre (5, 2) lands here
        l.transform = .rotation(Double.pi / 2)
        let m = l.transformToSuperlayer
        func near(_ a: Point, _ b: Point) -> Bool { (a - b).length < 1e-12 }
        #expect(near(m.apply(Point(5, 2)), Point(50, 50)))           // the anchor does not move
        #expect(near(m.apply(Point(10, 2)), Point(50, 55)))          // +x turns to +y (clockwise on screen)
        #expect(near(m.apply(Point(0, 0)), Point(52, 45)))
        l.anchorPoint = Point(0, 1)                                  // pivot on the bottom-left corner
        l.transform = .scale(3, 0.5)
        #expect(near(l.transformToSuperlayer.apply(Point(0, 4)), Point(50, 50)))
        #expect(near(l.transformToSuperlayer.apply(Point(10, 0)), Point(80, 48)))
    }

    @Test func rotatedLayerDrawsWhereTheAnchorSays() {
        let root = canvasRoot(20, 20)
        let bar = square(0, 0, 1, color: .black)
        bar.bounds = Rect(x: 0, y: 0, width: 10, height: 2); bar.path = Path(rect: bar.bounds)
        bar.anchorPoint = Point(0.5, 0.5); bar.position = Point(10, 10)
        bar.transform = .rotation(Double.pi / 2)
        root.addSublayer(bar)
        let px = LayerRenderer().renderPixmap(root, width: 20, height: 20)
        // Upright now: x 9...11, y 5...15.
        #expect(px.pixel(9, 5).w == 255 && px.pixel(10, 14).w == 255)
        #expect(px.pixel(8, 10).w == 0 && px.pixel(11, 10).w == 0 && px.pixel(10, 4).w == 0 && px.pixel(10, 15).w == 0)
    }

    @Test func masksToBoundsClipsContentAndSublayers() {
        let root = canvasRoot(10, 10)
        let box = square(2, 2, 4, color: .clear)
        box.path = Path(rect: Rect(x: -2, y: -2, width: 8, height: 8)); box.fillColor = .black
        box.addSublayer(square(3, 3, 5, color: .black))
        root.addSublayer(box)
        #expect(LayerRenderer().renderPixmap(root, width: 10, height: 10).pixel(0, 0).w == 255)
        box.masksToBounds = true
        let px = LayerRenderer().renderPixmap(root, width: 10, height: 10)
        #expect(px.pixel(0, 0).w == 0 && px.pixel(8, 8).w == 0 && px.pixel(6, 6).w == 0)
        #expect(px.pixel(2, 2).w == 255 && px.pixel(5, 5).w == 255)
    }

    @Test func coloursBlendStraightAndRoundToEightBits() {
        let a = Color(r: 0, g: 0, b: 0, a: 0), b = Color(r: 0xF2, g: 0x45, b: 0x57)
        #expect(Color.interpolate(a, b, 0) == a && Color.interpolate(a, b, 1) == b)
        #expect(Color.interpolate(a, b, 0.5) == Color(r: 121, g: 35, b: 44, a: 128))   // 0xF2/2 = 121
        #expect(Color.interpolate(.black, .white, 2) == .white)                       // clamped
        let l = square(0, 0, 2, color: .black)
        l.add(BasicAnimation<ShapeLayer, Color?>(keyPath: \ShapeLayer.fillColor, from: .black, to: .white,
                                                 timing: MediaTiming(duration: 2)), forKey: "f")
        #expect((l.presentation(at: 1) as? ShapeLayer)?.fillColor == Color(r: 128, g: 128, b: 128))
        l.add(BasicAnimation<Layer, Color?>(keyPath: \Layer.backgroundColor, from: nil, to: .white,
                                            timing: MediaTiming(duration: 2)), forKey: "b")
        #expect(l.presentation(at: 0.5).backgroundColor == nil && l.presentation(at: 1).backgroundColor == .white)
    }

    @Test func transformsAnimateAsMatricesOrAsParts() {
        let l = Layer()
        let quarter = Transform.rotation(Double.pi / 2)
        l.add(BasicAnimation<Layer, Transform>(keyPath: \Layer.transform, from: .identity, to: quarter,
                                               timing: MediaTiming(duration: 1)), forKey: "m")
        let m = l.presentation(at: 0.5).transform
        #expect(abs(m.a - 0.5) < 1e-12 && abs(m.b - 0.5) < 1e-12)      // entry by entry: shrunk to 0.707
        l.removeAllAnimations()
        l.add(BasicAnimation<Layer, TransformParts>(keyPath: \Layer.transformParts,
                                                    from: TransformParts(), to: TransformParts(translation: Point(4, 0), rotation: Double.pi / 2, scale: Point(2, 2)),
                                                    timing: MediaTiming(duration: 1)), forKey: "p")
        let p = l.presentation(at: 0.5).transform
        let parts = TransformParts(p)
        #expect(abs(parts.rotation - Double.pi / 4) < 1e-12 && abs(parts.scale.x - 1.5) < 1e-12 && abs(parts.scale.y - 1.5) < 1e-12)
        #expect(abs(parts.translation.x - 2) < 1e-12)
        #expect(l.transform == .identity)
        let back = TransformParts(TransformParts(translation: Point(1, 2), rotation: -0.3, scale: Point(2, -1)).transform)
        #expect(abs(back.rotation + 0.3) < 1e-12 && abs(back.scale.y + 1) < 1e-12 && back.translation == Point(1, 2))
    }
}

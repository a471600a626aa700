import Testing
import Geometry
import Raster
import Animation
@testable import Layers
import TestSupport

func square(_ x: Double, _ y: Double, _ s: Double, color: Color) -> ShapeLayer {
    let l = ShapeLayer()
    l.bounds = Rect(x: 0, y: 0, width: s, height: s)
    l.anchorPoint = .zero
    l.position = Point(x, y)
    l.path = Path(rect: Rect(x: 0, y: 0, width: s, height: s))
    l.fillColor = color
    return l
}

@Suite struct LayerTests {
    @Test func positionAnchorAndTransformPlaceTheLayerLikeCoreAnimation() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
        l.position = Point(50, 20)          // anchor (0.5, 0.5) lands here
        #expect(l.transformToSuperlayer.apply(Point(5, 2)) == Point(50, 20))
        #expect(l.transformToSuperlayer.apply(.zero) == Point(45, 18))
        l.transform = .scale(2, 2)         // scales about the anchor
        #expect(l.transformToSuperlayer.apply(.zero) == Point(40, 16))
        l.anchorPoint = .zero
        #expect(l.transformToSuperlayer.apply(.zero) == Point(50, 20))
    }

    @Test func shapeLayerFillsExactCoverage() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 8, height: 8); root.anchorPoint = .zero
        root.addSublayer(square(1.5, 2, 3, color: .black))
        let px = LayerRenderer().renderPixmap(root, width: 8, height: 8)
        #expect(px.pixel(1, 2).w == 128)      // half of pixel 1 is covered: round(0.5 * 255)
        #expect(px.pixel(2, 3).w == 255)
        #expect(px.pixel(5, 3).w == 0)
        #expect(px.pixel(4, 4).w == 128)
    }

    @Test func maskMultipliesCoverageAndMovesWithItsLayer() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 10, height: 10); root.anchorPoint = .zero
        let red = square(0, 0, 10, color: Color(r: 255, g: 0, b: 0))
        red.mask = square(2, 2, 4, color: .black)    // in red's coordinates
        red.position = Point(1, 0)                   // moves the mask too
        root.addSublayer(red)
        let px = LayerRenderer().renderPixmap(root, width: 10, height: 10)
        #expect(px.pixel(3, 3) == SIMD4(255, 0, 0, 255))
        #expect(px.pixel(2, 3) == SIMD4(0, 0, 0, 0))
        #expect(px.pixel(6, 5) == SIMD4(255, 0, 0, 255))
        #expect(px.pixel(7, 5) == SIMD4(0, 0, 0, 0))
    }

    @Test func groupOpacityAppliesOnceToOverlappingSublayers() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 4, height: 4); root.anchorPoint = .zero
        let group = Layer()
        group.bounds = root.bounds; group.anchorPoint = .zero
        group.opacity = 0.5
        group.addSublayer(square(0, 0, 4, color: .black))
        group.addSublayer(square(0, 0, 4, color: .black))
        root.addSublayer(group)
        let px = LayerRenderer().renderPixmap(root, width: 4, height: 4)
        #expect(px.pixel(1, 1).w == 128)       // not 0.75 * 255, as two separate 50 % layers would give
    }

    @Test func presentationAppliesAnimationsWithoutTouchingTheModel() {
        let l = square(0, 0, 2, color: .black)
        let anim = BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: Point(0, 0), to: Point(10, 0),
                                                timing: MediaTiming(duration: 2, repeatCount: .infinity))
        l.add(AnyAnimation(anim), forKey: "move")
        let fade = BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 1, to: 0, timing: MediaTiming(duration: 4))
        l.add(fade, forKey: "fade")
        let p = l.presentation(at: 1)
        #expect(p.position == Point(5, 0))
        #expect(p.opacity == 0.75)
        #expect(l.position == .zero && l.opacity == 1)
        #expect(l.presentation(at: 3).position == Point(5, 0))   // repeats
        #expect(l.presentation(at: 5).opacity == 1)             // removed after its duration
        l.removeAnimation(forKey: "move")
        #expect(l.presentation(at: 1).position == .zero)
    }

    @Test func subclassPropertiesAnimateThroughTypedKeyPaths() {
        let l = square(0, 0, 2, color: .black)
        let anim = BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1))
        l.add(anim, forKey: "o")
        let p = l.presentation(at: 0.25)
        #expect(p is ShapeLayer)
        #expect(p.opacity == 0.25)
        #expect((p as? ShapeLayer)?.path == l.path)
    }

    @Test func layerTimingNestsLikeCoreAnimation() {
        // A paused parent (speed 0, timeOffset 0.5) shows its child at local time 0.5 forever.
        let parent = Layer()
        parent.timing = MediaTiming(speed: 0, timeOffset: 0.5)
        let child = square(0, 0, 1, color: .black)
        child.add(AnyAnimation(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1))), forKey: "o")
        parent.addSublayer(child)
        for t in [0.0, 3.0, 100.0] {
            #expect(parent.presentation(at: t).sublayers[0].opacity == 0.5)
        }
    }

    @Test func hiddenLayersDrawNothingAndSublayersReparent() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 4, height: 4); root.anchorPoint = .zero
        let s = square(0, 0, 4, color: .black)
        root.addSublayer(s)
        s.isHidden = true
        #expect(LayerRenderer().renderPixmap(root, width: 4, height: 4).pixel(2, 2).w == 0)
        let other = Layer()
        other.addSublayer(s)
        #expect(root.sublayers.isEmpty && s.superlayer === other)
    }
}

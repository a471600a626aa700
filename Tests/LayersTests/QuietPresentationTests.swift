import Testing
import Animation
import Geometry
import Raster
@testable import Layers

/// A presentation tree written again frame after frame leaves a layer's copy alone while no
/// animation writes into it and neither the model nor the copy changed: these check that what is
/// left alone is still what a new tree shows.
@Suite struct QuietPresentationTests {
    /// A root with a shape layer animated over 0 ... 1 s (no fill: after the end it shows its model).
    private func model() -> (root: Layer, shape: ShapeLayer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 40, height: 40); root.anchorPoint = .zero
        let s = ShapeLayer()
        s.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        s.position = Point(10, 10)
        s.path = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        s.add(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: Point(0, 0), to: Point(30, 30),
                                           timing: MediaTiming(duration: 1)), forKey: "move")
        root.addSublayer(s)
        return (root, s)
    }

    @Test func aFinishedAnimationShowsTheModelAndPicksUpItsChanges() throws {
        let (root, shape) = model()
        var tree: Layer? = root.presentation(at: 0.5, reusing: nil)
        #expect(tree?.sublayers[0].position == Point(15, 15))
        // Finished: the model's position, twice (the second time the copy is left alone).
        tree = root.presentation(at: 2, reusing: tree)
        #expect(tree?.sublayers[0].position == Point(10, 10))
        tree = root.presentation(at: 3, reusing: tree)
        #expect(tree?.sublayers[0].position == Point(10, 10))
        // The model changes while nothing animates: the reused copy follows.
        shape.position = Point(20, 5)
        shape.fillColor = Color(r: 255, g: 0, b: 0)
        shape.path = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        tree = root.presentation(at: 4, reusing: tree)
        let copy = try #require(tree?.sublayers[0] as? ShapeLayer)
        #expect(copy.position == Point(20, 5))
        #expect(copy.fillColor == Color(r: 255, g: 0, b: 0))
        #expect(copy.path?.controlBounds == Rect(x: 0, y: 0, width: 4, height: 4))
        // Back inside the animation: animated again.
        tree = root.presentation(at: 0.5, reusing: tree)
        #expect(tree?.sublayers[0].position == Point(15, 15))
    }

    @Test func aCopyChangedByItsUserIsWrittenAgain() {
        let (root, _) = model()
        var tree: Layer? = root.presentation(at: 2, reusing: nil)
        tree = root.presentation(at: 2, reusing: tree)
        tree?.sublayers[0].opacity = 0.25
        tree?.sublayers[0].position = Point(1, 1)
        tree = root.presentation(at: 3, reusing: tree)
        #expect(tree?.sublayers[0].opacity == 1)
        #expect(tree?.sublayers[0].position == Point(10, 10))
    }

    @Test func aNewAnimationOrTimingOnAQuietLayerIsApplied() {
        let (root, shape) = model()
        var tree: Layer? = root.presentation(at: 2, reusing: nil)
        tree = root.presentation(at: 3, reusing: tree)
        shape.add(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 0, to: 0.5, timing: MediaTiming(duration: 10)),
                  forKey: "fade")
        tree = root.presentation(at: 4, reusing: tree)
        #expect(tree?.sublayers[0].opacity == 0.2)
        shape.removeAnimation(forKey: "fade")
        tree = root.presentation(at: 4, reusing: tree)
        #expect(tree?.sublayers[0].opacity == 1)
        // Moving the layer's time brings the position animation back into its active period.
        shape.timing.beginTime = 3.5
        tree = root.presentation(at: 4, reusing: tree)
        #expect(tree?.sublayers[0].position == Point(15, 15))
    }

    @Test func aClosureAnimationIsAppliedOutsideItsStatedTiming() {
        let root = Layer()
        let l = Layer()
        root.addSublayer(l)
        // A closure does its own timing: the timing it states does not say when it writes.
        l.add(AnyAnimation<Layer>(timing: MediaTiming(duration: 1)) { layer, t in layer.opacity = min(max(t / 10, 0), 1) },
              forKey: "own")
        var tree: Layer? = root.presentation(at: 5, reusing: nil)
        #expect(tree?.sublayers[0].opacity == 0.5)
        tree = root.presentation(at: 6, reusing: tree)
        #expect(tree?.sublayers[0].opacity == 0.6)
    }

    @Test func aTreeReusedForAnotherModelOfTheSameShapeShowsThatModel() {
        let (a, _) = model()
        let (b, shapeB) = model()
        shapeB.position = Point(3, 4)
        var tree: Layer? = a.presentation(at: 2, reusing: nil)
        tree = a.presentation(at: 3, reusing: tree)
        tree = b.presentation(at: 3, reusing: tree)
        #expect(tree?.sublayers[0].position == Point(3, 4))
        #expect(tree?.sublayers[0].modelIdentity == ObjectIdentifier(shapeB))
    }

    /// Every frame of an emitter's particles (born, flying, dead) reached in sequence equals the same
    /// frame presented anew, forwards and backwards.
    @Test func emitterFramesReachedInSequenceEqualNewOnes() throws {
        let e = EmitterLayer()
        e.emitterRect = Rect(x: 20, y: 20, width: 10, height: 0)
        e.emitDuration = 0.3
        var c = EmitterLayer.Cell()
        c.birthRate = 20; c.lifetime = 0.3; c.velocity = 30; c.emissionRange = .pi; c.spin = 3; c.scaleSpeed = 1
        c.alphaSpeed = -2
        c.shape = Path(rect: Rect(x: -2, y: -2, width: 4, height: 4))
        e.cells = [c]
        try e.build()
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 50, height: 50); root.anchorPoint = .zero
        root.addSublayer(e)
        var tree: Layer?
        let times = (0 ... 50).map { Double($0) / 60 } + (0 ... 50).reversed().map { Double($0) / 60 }
        for t in times {
            tree = root.presentation(at: t, reusing: tree)
            let fresh = root.presentation(at: t)
            let reused = try #require(tree)
            for (k, p) in reused.sublayers[0].sublayers.enumerated() {
                let q = fresh.sublayers[0].sublayers[k]
                #expect(p.opacity == q.opacity && p.position == q.position && p.transform == q.transform,
                        "t \(t): particle \(k) differs from a new presentation")
            }
        }
    }
}

import Testing
import Geometry
@testable import Animation

/// A stand-in for a layer's model.
struct Model: Equatable {
    var x: Double = 0
    var stops: [Double]? = nil
    var position = Point(0, 0)
    var opacity: Float = 1
    var bounds = Rect(x: 0, y: 0, width: 10, height: 10)
}

@Suite struct BasicAnimationTests {
    let oneSecond = MediaTiming(duration: 1)

    @Test func fromTo() {
        let a = BasicAnimation(keyPath: \Model.x, from: 10, to: 20, timing: oneSecond)
        #expect(a.value(model: 0, parentTime: 0) == 10)
        #expect(a.value(model: 0, parentTime: 0.25) == 12.5)
        #expect(a.value(model: 0, parentTime: 1) == nil)
        #expect(a.value(model: 0, parentTime: -1) == nil)
        var filled = a
        filled.timing.fillMode = .forwards
        #expect(filled.value(model: 0, parentTime: 5) == 20)
    }

    /// Array values are written into kept storage in turn: every value equals a fresh blend, and a
    /// value handed out earlier and still held never changes, however many come after it.
    @Test func arrayValuesReuseStorageWithoutChangingHeldValues() {
        let from: [Double]? = [0.7, 0.7, 0.7, 0.7], to: [Double]? = [0, 0.25, 0.5, 1]
        let a = BasicAnimation(keyPath: \Model.stops, from: from, to: to, timing: MediaTiming(duration: 1))
        var held: [([Double]?, Double)] = []
        for n in 0 ..< 40 {
            let t = Double(n) / 40
            guard let v = a.value(model: nil, parentTime: t) else { Issue.record("no value at \(t)"); return }
            #expect(v == Optional<[Double]>.interpolate(from, to, t), "t \(t)")
            if n % 3 == 0 { held.append((v, t)) }     // kept, as a renderer keeps a frame's values
        }
        for (v, t) in held { #expect(v == Optional<[Double]>.interpolate(from, to, t), "held value of t \(t) changed") }
        // Into a result of another length (or nil): a fresh value.
        var r: [Double]? = [1]
        Optional<[Double]>.interpolate(from, to, 0.5, into: &r)
        #expect(r == Optional<[Double]>.interpolate(from, to, 0.5))
        var none: [Double]? = nil
        Optional<[Double]>.interpolate(from, to, 0.5, into: &none)
        #expect(none == Optional<[Double]>.interpolate(from, to, 0.5))
    }

    @Test func missingEndsUseTheModel() {
        #expect(BasicAnimation(keyPath: \Model.x, to: 15, timing: oneSecond).value(model: 5, parentTime: 0.5) == 10)
        #expect(BasicAnimation(keyPath: \Model.x, from: 0, timing: oneSecond).value(model: 8, parentTime: 0.5) == 4)
        #expect(BasicAnimation(keyPath: \Model.x, timing: oneSecond).value(model: 8, parentTime: 0.5) == 8)
        // A non-additive value type works the same way.
        let bounds = BasicAnimation(keyPath: \Model.bounds, to: Rect(x: 0, y: 0, width: 30, height: 50), timing: oneSecond)
        #expect(bounds.value(model: Rect(x: 0, y: 0, width: 10, height: 10), parentTime: 0.5)
                == Rect(x: 0, y: 0, width: 20, height: 30))
    }

    @Test func byValues() {
        #expect(BasicAnimation(keyPath: \Model.x, by: 2, timing: oneSecond).value(model: 5, parentTime: 0.5) == 6)
        #expect(BasicAnimation(keyPath: \Model.x, from: 1, by: 4, timing: oneSecond).value(model: 100, parentTime: 0.5) == 3)
        #expect(BasicAnimation(keyPath: \Model.x, to: 10, by: 4, timing: oneSecond).value(model: 100, parentTime: 0.5) == 8)
        #expect(BasicAnimation(keyPath: \Model.x, from: 1, to: 3, by: 100, timing: oneSecond)
                .value(model: 100, parentTime: 0.5) == 2)
        var set = BasicAnimation(keyPath: \Model.position, timing: oneSecond)
        set.by = Point(10, -10)
        #expect(set.value(model: Point(1, 1), parentTime: 0.5) == Point(6, -4))
    }

    @Test func additiveAddsTheModel() {
        let a = BasicAnimation(keyPath: \Model.x, from: 0, to: 10, by: nil, timing: oneSecond, isAdditive: true)
        #expect(a.value(model: 100, parentTime: 0.5) == 105)
        // Missing ends of an additive animation are zero offsets.
        let by = BasicAnimation(keyPath: \Model.x, by: 4, timing: oneSecond, isAdditive: true)
        #expect(by.value(model: 100, parentTime: 0.5) == 102)
        // Two additive animations stack.
        var model = Model(x: 100)
        a.apply(to: &model, parentTime: 0.5)
        by.apply(to: &model, parentTime: 0.5)
        #expect(model.x == 107)
    }

    @Test func cumulativeContinuesEachRepeat() {
        let timing = MediaTiming(duration: 1, repeatCount: 3, fillMode: .forwards)
        let a = BasicAnimation(keyPath: \Model.x, from: 0, to: 10, by: nil, timing: timing, isCumulative: true)
        #expect(a.value(model: 0, parentTime: 0.5) == 5)
        #expect(a.value(model: 0, parentTime: 1.5) == 15)
        #expect(a.value(model: 0, parentTime: 2.5) == 25)
        #expect(a.value(model: 0, parentTime: 3) == 30)
        var point = BasicAnimation(keyPath: \Model.position, from: Point(0, 0), to: Point(1, 2), timing: timing)
        point.isCumulative = true
        #expect(point.value(model: .zero, parentTime: 2.5) == Point(2.5, 5))
        // Cumulative plus additive.
        var both = a
        both.isAdditive = true
        #expect(both.value(model: 1000, parentTime: 1.5) == 1015)
    }

    @Test func easingShapesProgressPerIteration() {
        let timing = MediaTiming(duration: 2, repeatCount: 2)
        let a = BasicAnimation(keyPath: \Model.x, from: 0, to: 1, timing: timing, timingFunction: .easeIn)
        let expected = TimingFunction.easeIn.apply(0.25)
        #expect(a.value(model: 0, parentTime: 0.5) == expected)
        #expect(a.value(model: 0, parentTime: 2.5) == expected)
    }

    @Test func applyWritesOnlyWhileShown() {
        let a = BasicAnimation(keyPath: \Model.opacity, from: 0, to: 1, timing: MediaTiming(beginTime: 1, duration: 1))
        var model = Model()
        a.apply(to: &model, parentTime: 0.5)
        #expect(model == Model())
        a.apply(to: &model, parentTime: 1.5)
        #expect(model.opacity == 0.5)
    }

    @Test func typeErasedAnimationsByKey() {
        let animations: [String: AnyAnimation<Model>] = [
            "x": AnyAnimation(BasicAnimation(keyPath: \Model.x, from: 0, to: 8, timing: oneSecond)),
            "position": AnyAnimation(BasicAnimation(keyPath: \Model.position, to: Point(4, 4), timing: oneSecond)),
            "custom": AnyAnimation(timing: oneSecond) { model, time in model.opacity = Float(time) },
        ]
        var model = Model()
        for key in animations.keys.sorted() {
            animations[key]!.apply(to: &model, parentTime: 0.25)
        }
        #expect(model.x == 2)
        #expect(model.position == Point(1, 1))
        #expect(model.opacity == 0.25)
        #expect(AnyAnimation(animations["x"]!).timing == oneSecond)
    }
}

import Testing
import Geometry
@testable import Animation

@Suite struct KeyframeAnimationTests {
    let timing = MediaTiming(duration: 1, fillMode: .forwards)

    @Test func linearThroughEvenlySpacedValues() throws {
        let a = try KeyframeAnimation(keyPath: \Model.x, values: [0, 10, 30], timing: timing)
        #expect(a.keyTimes == [0, 0.5, 1])
        #expect(a.value(parentTime: 0) == 0)
        #expect(a.value(parentTime: 0.25) == 5)
        #expect(a.value(parentTime: 0.5) == 10)
        #expect(a.value(parentTime: 0.75) == 20)
        #expect(a.value(parentTime: 1) == 30)
        #expect(a.value(parentTime: -1) == nil)
    }

    @Test func keyTimesAndPerSegmentEasing() throws {
        let a = try KeyframeAnimation(keyPath: \Model.position, values: [Point(0, 0), Point(10, 0), Point(10, 10)],
                                      keyTimes: [0, 0.25, 1], timingFunctions: [.linear, .easeIn], timing: timing)
        #expect(a.value(progress: 0.125) == Point(5, 0))
        #expect(a.value(progress: 0.25) == Point(10, 0))
        let eased = TimingFunction.easeIn.apply(0.5)
        #expect(a.value(progress: 0.625) == Point(10, 10 * eased))
    }

    @Test func repeatedKeyTimeJumps() throws {
        let a = try KeyframeAnimation(keyPath: \Model.x, values: [0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1], timing: timing)
        #expect(a.value(progress: 0.25) == 0.5)
        #expect(a.value(progress: 0.5) == 5)
        #expect(a.value(progress: 0.75) == 5.5)
    }

    @Test func discreteHoldsEachValue() throws {
        let a = try KeyframeAnimation(keyPath: \Model.x, values: [1, 2, 3], calculationMode: .discrete, timing: timing)
        #expect(a.keyTimes.count == 4)
        #expect(a.value(progress: 0) == 1)
        #expect(a.value(progress: 0.1) == 1)
        #expect(a.value(progress: 0.4) == 2)
        #expect(a.value(progress: 0.99) == 3)
        #expect(a.value(progress: 1) == 3)
        let custom = try KeyframeAnimation(keyPath: \Model.x, values: [1, 2], keyTimes: [0, 0.9, 1],
                                           calculationMode: .discrete, timing: timing)
        #expect(custom.value(parentTime: 0.85) == 1)
        #expect(custom.value(parentTime: 0.9) == 2)
    }

    @Test func singleValueIsConstant() throws {
        let a = try KeyframeAnimation(keyPath: \Model.x, values: [7], timing: timing)
        #expect(a.value(progress: 0.3) == 7)
        var model = Model()
        a.apply(to: &model, parentTime: 0.5)
        #expect(model.x == 7)
    }

    @Test func invalidConfigurationsThrow() {
        #expect(throws: AnimationError.noKeyframeValues) {
            try KeyframeAnimation(keyPath: \Model.x, values: [], timing: timing)
        }
        #expect(throws: AnimationError.keyTimesCount(expected: 3, actual: 2)) {
            try KeyframeAnimation(keyPath: \Model.x, values: [0, 1, 2], keyTimes: [0, 1], timing: timing)
        }
        #expect(throws: AnimationError.keyTimesCount(expected: 4, actual: 3)) {
            try KeyframeAnimation(keyPath: \Model.x, values: [0, 1, 2], keyTimes: [0, 0.5, 1],
                                  calculationMode: .discrete, timing: timing)
        }
        #expect(throws: AnimationError.keyTimesInvalid([0, 0.7, 0.5])) {
            try KeyframeAnimation(keyPath: \Model.x, values: [0, 1, 2], keyTimes: [0, 0.7, 0.5], timing: timing)
        }
        #expect(throws: AnimationError.keyTimesInvalid([0, 1.5])) {
            try KeyframeAnimation(keyPath: \Model.x, values: [0, 1], keyTimes: [0, 1.5], timing: timing)
        }
        #expect(throws: AnimationError.timingFunctionsCount(expected: 2, actual: 1)) {
            try KeyframeAnimation(keyPath: \Model.x, values: [0, 1, 2], timingFunctions: [.easeIn], timing: timing)
        }
    }

    /// The segment is found by bisection: it must be the last key time at most the progress, as a
    /// scan from the end finds it, with repeated key times and at every key time exactly.
    @Test func bisectionFindsTheLastKeyTimeAtMostTheProgress() throws {
        var state: UInt64 = 12345
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for n in 1 ... 40 {
            var times = (0 ..< n).map { _ in (unit() * 8).rounded(.down) / 8 }   // repeats likely
            times.sort()
            let probes = times + (0 ..< 20).map { _ in unit() * 1.2 - 0.1 }
            for p in probes {
                for end in [times.count, times.count - 1] {
                    let scan = times[..<end].lastIndex { $0 <= p }
                    #expect(KeyframeAnimation<Model, Double>.lastIndex(atMost: p, in: times, end: end) == scan,
                            "\(times) end \(end) at \(p)")
                }
            }
        }
        // Values: in both modes, at and between key times with a repeated one.
        let values: [Double] = [0, 10, 20, 30]
        let linear = try KeyframeAnimation(keyPath: \Model.x, values: values, keyTimes: [0, 0.5, 0.5, 1], timing: timing)
        #expect(linear.value(progress: 0.25) == 5)
        #expect(linear.value(progress: 0.5) == 20)
        #expect(linear.value(progress: 0.75) == 25)
        let discrete = try KeyframeAnimation(keyPath: \Model.x, values: values, keyTimes: [0, 0.25, 0.25, 0.75, 1],
                                             calculationMode: .discrete, timing: timing)
        #expect(discrete.value(progress: 0.1) == 0)
        #expect(discrete.value(progress: 0.25) == 20)
        #expect(discrete.value(progress: 0.8) == 30)
        #expect(discrete.value(progress: 1) == 30)
    }
}

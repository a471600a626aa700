#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Animation

/// One row of the timing table: at `time` (parent), `timing` gives local time `local` (nil: not shown).
struct TimingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let timing: MediaTiming
    let time: Double
    let local: Double?
    var testDescription: String { name }
}

private func t(duration: Double = 2, begin: Double = 0, speed: Double = 1, offset: Double = 0,
               repeats: Double = 0, repeatDuration: Double = 0, reverses: Bool = false,
               fill: FillMode = .removed) -> MediaTiming {
    MediaTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeats,
                repeatDuration: repeatDuration, autoreverses: reverses, fillMode: fill)
}

// Values are dyadic so that every expectation is exact.
let timingTable: [TimingCase] = [
    .init(name: "active", timing: t(), time: 0.5, local: 0.5),
    .init(name: "start is active", timing: t(), time: 0, local: 0),
    .init(name: "end, removed", timing: t(), time: 2, local: nil),
    .init(name: "end, forwards holds duration", timing: t(fill: .forwards), time: 2, local: 2),
    .init(name: "before, removed", timing: t(), time: -1, local: nil),
    .init(name: "before, backwards", timing: t(fill: .backwards), time: -1, local: 0),
    .init(name: "before, both", timing: t(fill: .both), time: -1, local: 0),
    .init(name: "before, forwards", timing: t(fill: .forwards), time: -1, local: nil),
    .init(name: "after, backwards", timing: t(fill: .backwards), time: 3, local: nil),
    .init(name: "after, both", timing: t(fill: .both), time: 3, local: 2),
    .init(name: "after, forwards, long after", timing: t(fill: .forwards), time: 1e9, local: 2),
    .init(name: "beginTime shifts", timing: t(begin: 1), time: 1.5, local: 0.5),
    .init(name: "beginTime, before it", timing: t(begin: 1), time: 0.5, local: nil),
    .init(name: "speed 2", timing: t(speed: 2), time: 0.75, local: 1.5),
    .init(name: "speed 2 ends at parent 1", timing: t(speed: 2), time: 1, local: nil),
    .init(name: "speed 0.5", timing: t(speed: 0.5), time: 3, local: 1.5),
    .init(name: "speed 0.5 with beginTime", timing: t(begin: 4, speed: 0.5), time: 5, local: 0.5),
    .init(name: "speed 2, begin, offset", timing: t(begin: 1, speed: 2, offset: 0.5), time: 1.25, local: 1),
    .init(name: "negative speed runs back", timing: t(speed: -1, offset: 2), time: 0.5, local: 1.5),
    .init(name: "paused: speed 0, offset 2.5", timing: t(duration: 10, speed: 0, offset: 2.5), time: 0, local: 2.5),
    .init(name: "paused at a late time", timing: t(duration: 10, speed: 0, offset: 2.5), time: 1e6, local: 2.5),
    .init(name: "paused at an infinite time", timing: t(duration: 10, speed: 0, offset: 2.5), time: .infinity, local: 2.5),
    .init(name: "timeOffset shifts forwards", timing: t(offset: 0.5), time: 1, local: 1.5),
    .init(name: "timeOffset shortens the rest", timing: t(offset: 0.5), time: 1.5, local: nil),
    .init(name: "negative timeOffset delays", timing: t(offset: -1), time: 0.5, local: nil),
    .init(name: "negative timeOffset, later", timing: t(offset: -1), time: 1.5, local: 0.5),
    .init(name: "repeat 2.5, second iteration", timing: t(repeats: 2.5), time: 2.5, local: 0.5),
    .init(name: "repeat 2.5, half iteration", timing: t(repeats: 2.5), time: 4.5, local: 0.5),
    .init(name: "repeat 2.5, end removed", timing: t(repeats: 2.5), time: 5, local: nil),
    .init(name: "repeat 2.5, end holds mid-iteration", timing: t(repeats: 2.5, fill: .forwards), time: 5, local: 1),
    .init(name: "repeat 3, end holds duration", timing: t(repeats: 3, fill: .forwards), time: 7, local: 2),
    .init(name: "infinite repeat at 1e6 periods", timing: t(duration: 1.5, repeats: .infinity), time: 1.5e6 + 0.25, local: 0.25),
    .init(name: "infinite autoreverse at 1e6 cycles", timing: t(duration: 1.5, repeats: .infinity, reverses: true),
          time: 3e6 + 1.75, local: 1.25),
    .init(name: "autoreverse, forward half", timing: t(reverses: true), time: 0.5, local: 0.5),
    .init(name: "autoreverse, backward half", timing: t(reverses: true), time: 2.5, local: 1.5),
    .init(name: "autoreverse, turning point", timing: t(reverses: true), time: 2, local: 2),
    .init(name: "autoreverse ends at 0", timing: t(reverses: true, fill: .forwards), time: 4, local: 0),
    .init(name: "autoreverse, end removed", timing: t(reverses: true), time: 4, local: nil),
    .init(name: "autoreverse repeat 2, third leg", timing: t(repeats: 2, reverses: true), time: 5, local: 1),
    .init(name: "autoreverse repeat 2, fourth leg", timing: t(repeats: 2, reverses: true), time: 6.5, local: 1.5),
    .init(name: "autoreverse repeat 2 ends at 0", timing: t(repeats: 2, reverses: true, fill: .both), time: 8, local: 0),
    .init(name: "autoreverse repeat 1.5 ends at duration", timing: t(repeats: 1.5, reverses: true, fill: .forwards), time: 6, local: 2),
    .init(name: "autoreverse repeat 1.25 ends mid-leg", timing: t(repeats: 1.25, reverses: true, fill: .forwards), time: 9, local: 1),
    .init(name: "repeatDuration, inside", timing: t(repeatDuration: 3), time: 2.5, local: 0.5),
    .init(name: "repeatDuration, end removed", timing: t(repeatDuration: 3), time: 3, local: nil),
    .init(name: "repeatDuration, end held", timing: t(repeatDuration: 3, fill: .forwards), time: 3, local: 1),
    .init(name: "repeatDuration, whole iterations", timing: t(repeatDuration: 4, fill: .forwards), time: 10, local: 2),
    .init(name: "repeatDuration wins over repeatCount", timing: t(repeats: 5, repeatDuration: 3), time: 4, local: nil),
    .init(name: "repeatDuration with autoreverse", timing: t(repeatDuration: 3, reverses: true), time: 2.5, local: 1.5),
    .init(name: "repeatDuration with autoreverse, end", timing: t(repeatDuration: 3, reverses: true, fill: .forwards), time: 3, local: 1),
    .init(name: "instantaneous, before", timing: t(duration: 0, fill: .both), time: -1, local: 0),
    .init(name: "instantaneous, at 0 is after", timing: t(duration: 0), time: 0, local: nil),
    .init(name: "instantaneous, filled after", timing: t(duration: 0, fill: .forwards), time: 0, local: 0),
    .init(name: "identity", timing: .identity, time: 1234.5, local: 1234.5),
    .init(name: "identity before 0", timing: .identity, time: -1, local: nil),
]

@Suite struct MediaTimingTests {
    @Test(arguments: timingTable)
    func localTime(_ row: TimingCase) {
        #expect(row.timing.localTime(parentTime: row.time) == row.local)
        let progress = row.timing.progress(parentTime: row.time)
        #expect((progress == nil) == (row.local == nil))
        if let progress { #expect((0...1).contains(progress)) }
    }

    @Test func tableIsLargeEnough() {
        #expect(timingTable.count >= 20)
    }

    @Test func progressIsLocalOverDuration() {
        let timing = MediaTiming(duration: 4, repeatCount: 3, autoreverses: true, fillMode: .forwards)
        for k in 0...300 {
            let time = Double(k) / 10
            let sample = timing.sample(parentTime: time)!
            #expect(sample.progress == sample.localTime / 4)
        }
        #expect(MediaTiming(duration: 2, fillMode: .forwards).progress(parentTime: 5) == 1)
        #expect(MediaTiming(duration: 0, fillMode: .forwards).progress(parentTime: 5) == 1)
        #expect(MediaTiming(duration: 0, autoreverses: true, fillMode: .forwards).progress(parentTime: 5) == 0)
        #expect(MediaTiming.identity.progress(parentTime: 7) == 0)
    }

    @Test func frameTimesDoNotDrift() {
        // SCENE.md: p = (t mod D) / D with t = n / fps, computed from n.
        let timing = MediaTiming(duration: 2, repeatCount: .infinity)
        for n in stride(from: 0, through: 1_000_000, by: 997) {
            let time = Double(n) / 60
            #expect(timing.progress(parentTime: time) == fmod(time, 2) / 2)
        }
    }

    @Test func iterationsAndPhases() {
        let timing = MediaTiming(duration: 1, repeatCount: 3, autoreverses: true, fillMode: .both)
        #expect(timing.activeDuration == 6)
        #expect(timing.sample(parentTime: -1) == .init(phase: .before, localTime: 0, progress: 0, iteration: 0))
        #expect(timing.sample(parentTime: 0.5)?.iteration == 0)
        #expect(timing.sample(parentTime: 1.5)?.iteration == 0)
        #expect(timing.sample(parentTime: 2.5)?.iteration == 1)
        #expect(timing.sample(parentTime: 5.5)?.iteration == 2)
        #expect(timing.sample(parentTime: 6) == .init(phase: .after, localTime: 0, progress: 0, iteration: 2))
        #expect(timing.phase(parentTime: -0.1) == .before)
        #expect(timing.phase(parentTime: 0) == .active)
        #expect(timing.phase(parentTime: 6) == .after)
        let plain = MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
        #expect(plain.sample(parentTime: 9) == .init(phase: .after, localTime: 0.5, progress: 0.5, iteration: 2))
    }

    @Test func endOfRoundedProductIsTheEndOfTheLastIteration() {
        // 0.1 * 3 rounds above 0.3; the held value must still be the end of iteration 2.
        let timing = MediaTiming(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        #expect(timing.sample(parentTime: 1) == .init(phase: .after, localTime: 0.1, progress: 1, iteration: 2))
    }

    @Test func pausingIsSpeedZeroWithAnOffset() {
        let paused = MediaTiming(duration: 10, speed: 0, timeOffset: 2.5)
        for time in [-1e9, -3, 0, 0.1, 2.5, 60, 1e9, .infinity, -.infinity] {
            #expect(paused.localTime(parentTime: time) == 2.5)
            #expect(paused.progress(parentTime: time) == 0.25)
        }
    }

    @Test func layersNestWithTheLinearPart() {
        let parent = MediaTiming(beginTime: 1, speed: 2)
        let child = MediaTiming(beginTime: 0.5, speed: 0.5, timeOffset: 3)
        let parentLocal = parent.activeLocalTime(parentTime: 4)        // (4 - 1) * 2 = 6
        #expect(child.activeLocalTime(parentTime: parentLocal) == 5.75) // (6 - 0.5) * 0.5 + 3
    }
}

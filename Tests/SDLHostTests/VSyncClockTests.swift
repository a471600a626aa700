import Testing
import Animation
@testable import SDLHost

/// A fake monotonic clock: the "frame work" advances it by a fixed time per tick, and the clock's
/// sleeps advance it to their deadline (plus an optional oversleep).
final class FakeTime {
    var t = 100.0
    var oversleep = 0.0
    var sleeps = 0
    func now() -> Double { t }
    func sleep(until d: Double) { sleeps += 1; if d > t { t = d + oversleep } }
}

@Suite struct VSyncClockTests {
    /// Presents that block to the refresh (vsync honoured): no pacing, ticks are "now".
    @Test func honouredVSyncIsFollowedAndNotPaced() {
        let time = FakeTime()
        var notices: [String] = []
        let clock = VSyncClock(rate: 60, now: time.now, sleepUntil: time.sleep(until:), notice: { notices.append($0) })
        var ticks: [FrameTick] = []
        for _ in 0 ..< 100 {
            guard let tick = clock.nextTick() else { break }
            ticks.append(tick)
            time.t += 1.0 / 60            // work + a present that waited for vsync
        }
        #expect(!clock.isPacing)
        #expect(notices.isEmpty)
        #expect(time.sleeps == 0)
        #expect(ticks.map(\.index) == Array(0 ..< 100))
        #expect(abs(ticks[99].timestamp - 99.0 / 60) < 1e-9)
        #expect(abs(ticks[10].targetTimestamp - ticks[10].timestamp - 1.0 / 60) < 1e-12)
        #expect(abs(ticks[10].duration - 1.0 / 60) < 1e-12)
    }

    /// Presents that return at once (vsync not honoured): the clock notices within its probe,
    /// says so once, and then keeps ticks on the 1/rate grid.
    @Test func fastPresentsSwitchToPacingOnce() {
        let time = FakeTime()
        var notices: [String] = []
        let clock = VSyncClock(rate: 50, now: time.now, sleepUntil: time.sleep(until:), notice: { notices.append($0) })
        var stamps: [Double] = []
        for _ in 0 ..< 200 {
            guard let tick = clock.nextTick() else { break }
            stamps.append(tick.timestamp)
            time.t += 0.0005              // 0.5 ms of work, present returns immediately
        }
        #expect(clock.isPacing)
        #expect(notices.count == 1)
        #expect(notices.first?.contains("pacing to 50 Hz") == true, "\(notices)")
        // Once pacing (by tick 14 at the latest: 3 warm-up ticks + a 10-sample probe), every interval is 20 ms.
        let paced = zip(stamps.dropFirst(15), stamps.dropFirst(16)).map { $1 - $0 }
        #expect(paced.allSatisfy { abs($0 - 0.02) < 1e-9 }, "\(paced.prefix(5))")
        let mean = clock.intervals.sum / Double(clock.intervals.count)
        #expect(mean > 0.018 && mean < 0.0201, "mean \(mean)")
    }

    /// Deadlines are absolute: oversleeping each time does not accumulate into drift.
    @Test func pacingDoesNotDrift() {
        let time = FakeTime()
        time.oversleep = 0.003
        let clock = VSyncClock(rate: 60, alwaysPace: true, now: time.now, sleepUntil: time.sleep(until:))
        var last: FrameTick?
        for _ in 0 ..< 600 {
            last = clock.nextTick()
            time.t += 0.001
        }
        // Tick 599 is due 599/60 s after the first, however late each wake-up was.
        #expect(last.map { abs($0.timestamp - 599.0 / 60) < 1e-6 } == true)
        #expect(abs(time.t - (100 + 599.0 / 60)) < 0.01)
    }

    /// A stall longer than one interval resyncs instead of bursting ticks to catch up.
    @Test func aStallResyncs() {
        let time = FakeTime()
        let clock = VSyncClock(rate: 100, alwaysPace: true, now: time.now, sleepUntil: time.sleep(until:))
        _ = clock.nextTick()
        time.t += 0.5                     // half a second lost (e.g. the window was dragged)
        let afterStall = clock.nextTick()
        time.t += 0.001
        let next = clock.nextTick()
        let gap = (next?.timestamp ?? 0) - (afterStall?.timestamp ?? 0)
        #expect(abs(gap - 0.01) < 1e-9, "gap \(gap)")
    }

    @Test func stopEndsTheTicks() {
        let clock = VSyncClock(rate: 60)
        #expect(clock.nextTick()?.index == 0)
        clock.stop()
        #expect(clock.nextTick() == nil)
    }

    /// The real clock paces to its rate within the OS's sleep precision (a gross check; figures printed).
    @Test func realSleepPacesNearTheTarget() {
        let clock = VSyncClock(rate: 100, alwaysPace: true)
        var link = DisplayLink(clock: clock)
        link.run(ticks: 50) { _ in }
        let mean = clock.intervals.mean ?? 0
        print("VSyncClock at 100 Hz, 49 intervals: mean \(mean * 1000) ms, min \(clock.intervals.minimum * 1000) ms, max \(clock.intervals.maximum * 1000) ms")
        #expect(mean > 0.008 && mean < 0.014)
    }
}

import Testing
import Animation
@testable import SDLHost

/// A fake monotonic clock: the "frame work" advances it by a fixed time per tick, and the clock's
/// sleeps advance it to their deadline (plus an optional oversleep).
final class FakeTime {
    var t = 100.0
    var oversleep = 0.0
    var sleeps = 0
    /// When set, a hidden window's wait is woken by an event this long after it began.
    var eventAfter: Double?
    var waits: [Double] = []
    func now() -> Double { t }
    func sleep(until d: Double) { sleeps += 1; if d > t { t = d + oversleep } }
    func waitForEvent(until d: Double) {
        waits.append(d - t)
        if let e = eventAfter, t + e < d { t += e } else if d > t { t = d }
    }
    /// A present that waits for the next refresh of a display whose refreshes are at 0, 1/rate, ...
    func presentWithVSync(rate: Double) { t = ((t * rate).rounded(.down) + 1) / rate }
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

    /// Ticks that present nothing are paced by the clock itself, on the grid of deadlines, and their
    /// intervals are no evidence about vsync: idle ticks between vsync'd presents (whose intervals,
    /// measured from an idle deadline to the next refresh, are short) never switch on pacing.
    @Test func idleTicksKeepTimeAndAreNoEvidence() {
        let time = FakeTime()
        time.oversleep = 0.006                          // idle wake-ups 6 ms late: the presents after
                                                        // them wait only 10.7 ms for the refresh
        var notices: [String] = []
        let clock = VSyncClock(rate: 60, now: time.now, sleepUntil: time.sleep(until:), notice: { notices.append($0) })
        var ticks: [FrameTick] = []
        for k in 0 ..< 300 {
            guard let tick = clock.nextTick() else { break }
            ticks.append(tick)
            time.t += 0.0002                            // the tick's own work
            if k % 3 == 0 {
                time.presentWithVSync(rate: 60)         // presented, waiting for the refresh
            } else {
                clock.outcome = .idle                   // nothing changed: nothing presented
            }
        }
        #expect(!clock.isPacing)
        #expect(notices.isEmpty, "\(notices)")
        #expect(ticks.map(\.index) == Array(0 ..< 300))
        // Each idle tick came one interval after the tick before it, however that one was reached.
        for k in 1 ..< 300 where (k - 1) % 3 != 0 {
            #expect(abs(ticks[k].timestamp - ticks[k - 1].timestamp - 1.0 / 60) < 1e-9, "tick \(k)")
        }
        // A still window (idle from the second tick on) runs on the grid: tick k at k / rate.
        let still = FakeTime()
        let c2 = VSyncClock(rate: 50, now: still.now, sleepUntil: still.sleep(until:))
        var last: FrameTick?
        for k in 0 ..< 500 {
            last = c2.nextTick()
            still.t += 0.0001
            if k > 0 { c2.outcome = .idle } else { still.presentWithVSync(rate: 50) }
        }
        #expect(!c2.isPacing)
        #expect(last.map { $0.index == 499 && abs(still.t - 0.0001 - (100.02 + 498.0 / 50)) < 1e-6 } == true, "\(still.t)")
        #expect(c2.intervals.mean.map { abs($0 - 0.02) < 1e-6 } == true)
    }

    /// A hidden window's tick waits up to `hiddenWait` and then comes at the index due at that time:
    /// the ticks in between are skipped, the index still counts intervals since the first tick.
    @Test func hiddenTicksSkipToTheTimeAndStopAtTheEnd() {
        let time = FakeTime()
        let clock = VSyncClock(rate: 60, alwaysPace: true, now: time.now, sleepUntil: time.sleep(until:),
                               waitForEvent: time.waitForEvent(until:))
        clock.endIndex = 100
        var ticks: [FrameTick] = []
        for k in 0 ... 3 {                              // ticks 0 ... 3 presented
            guard let t = clock.nextTick() else { break }
            ticks.append(t)
            time.t += 0.001
            if k == 3 { clock.outcome = .hidden }
        }
        // Hidden: a quarter of a second is 15 ticks; it began 1 ms after tick 3's deadline, so the
        // first tick due after it is 3 + 16.
        guard let afterWait = clock.nextTick() else { Issue.record("no tick after the hidden wait"); return }
        #expect(afterWait.index == 19)
        #expect(abs(afterWait.timestamp - 19.0 / 60) < 1e-9)
        #expect(time.waits.count == 1 && abs(time.waits[0] - 0.25) < 1e-9, "\(time.waits)")
        // Woken early by an event 40 ms in: the tick due next on the grid (2.4 intervals on: 3).
        time.eventAfter = 0.04
        clock.outcome = .hidden
        let woken = clock.nextTick()
        #expect(woken?.index == 22)
        #expect(woken.map { abs($0.timestamp - 22.0 / 60) < 1e-9 } == true)
        // Skips never pass the end: hidden at tick 90 of 100, the next tick is the last, 99.
        time.eventAfter = nil
        while let t = clock.nextTick(), t.index < 90 { time.t += 0.001 }
        clock.outcome = .hidden
        let lastTick = clock.nextTick()
        #expect(lastTick?.index == 99)
        #expect(time.waits.last.map { $0 < 9.0 / 60 + 1e-9 } == true, "\(time.waits)")
        clock.outcome = .hidden
        #expect(clock.nextTick() == nil)
        #expect(clock.ticksElapsed == 100)
        #expect(clock.ticksDelivered < 100)
        // Skipped intervals are not in the statistics: only single intervals of the pacing.
        #expect(clock.intervals.maximum < 1.5 / 60, "\(clock.intervals)")
    }

    /// A still window's tick waits as a hidden one's does, but never past the tick the loop must be
    /// given (`nextScheduled`: a scripted input's); a scheduled tick already delivered bounds nothing.
    @Test func stillTicksSkipButNotPastTheScheduledTick() {
        let time = FakeTime()
        let clock = VSyncClock(rate: 60, alwaysPace: true, now: time.now, sleepUntil: time.sleep(until:),
                               waitForEvent: time.waitForEvent(until:))
        for _ in 0 ... 3 {                              // ticks 0 ... 3 presented
            guard clock.nextTick() != nil else { Issue.record("no tick"); return }
            time.t += 0.001
        }
        clock.outcome = .still
        let afterWait = clock.nextTick()                // a quarter of a second: 3 + 16, as hidden
        #expect(afterWait?.index == 19)
        #expect(afterWait.map { abs($0.timestamp - 19.0 / 60) < 1e-9 } == true)
        clock.nextScheduled = 25
        clock.outcome = .still
        let scheduled = clock.nextTick()                // the wait ends when tick 25 is due
        #expect(scheduled?.index == 25)
        #expect(scheduled.map { abs($0.timestamp - 25.0 / 60) < 1e-9 } == true)
        #expect(time.waits.count == 2 && abs(time.waits[1] - 6.0 / 60) < 1e-9, "\(time.waits)")
        clock.outcome = .still                          // 25 delivered: no bound any more
        #expect(clock.nextTick()?.index == 25 + 15)
        // Woken by an event: the tick due next on the grid.
        time.eventAfter = 0.004
        clock.outcome = .still
        #expect(clock.nextTick()?.index == 41)
        #expect(clock.ticksDelivered == 8)
        #expect(clock.intervals.maximum < 1.5 / 60, "\(clock.intervals)")
    }

    @Test func endIndexStopsTheClock() {
        let time = FakeTime()
        let clock = VSyncClock(rate: 60, alwaysPace: true, now: time.now, sleepUntil: time.sleep(until:))
        clock.endIndex = 5
        var link = DisplayLink(clock: clock)
        let n = link.run { _ in clock.outcome = .idle }
        #expect(n == 5 && clock.ticksElapsed == 5)
    }
}

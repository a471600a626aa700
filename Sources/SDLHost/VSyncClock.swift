import Animation
#if canImport(Glibc)
import Glibc
#endif

/// The window's display link: a `FrameClock` whose ticks follow the renderer's presents.
///
/// The loop calls `nextTick()` after each tick, having said in `outcome` what it did with it. After
/// a present where vsync is honoured the present blocked until the display's refresh, so the tick is
/// simply "now". Where it is not (presents return much faster than the refresh interval: dummy
/// drivers, some remote or virtual displays, vsync switched off) the clock notices from the measured
/// intervals and from then on sleeps until each tick's deadline itself, saying so once through
/// `notice`. Deadlines are absolute (start + k x interval), so sleeping never accumulates drift; after
/// a stall longer than one interval the clock resyncs instead of bursting to catch up.
///
/// A tick that presented nothing (`.idle`: the picture did not change) is not paced by vsync either:
/// the clock waits for the next deadline itself, and that interval is no evidence about vsync (only
/// an interval between two presents that both followed presents is). A hidden window (`.hidden`),
/// or one whose picture cannot change before an event arrives (`.still`), waits up to `hiddenWait`
/// seconds, or until `waitForEvent` returns early, or until the tick `nextScheduled` is due, and
/// then gets the tick due at that time: the indices in between are skipped, so a tick's index still
/// counts intervals since the first tick, as the deadlines do.
///
/// Like `CADisplayLink`: `timestamp` is when this frame started (the ideal deadline while pacing),
/// `duration` the refresh interval and `targetTimestamp = timestamp + duration`, all in seconds since
/// the first tick.
public final class VSyncClock: FrameClock {
    /// What the loop did with the tick it was given, which decides how the next one is reached.
    public enum Outcome: Sendable, Equatable {
        /// A frame was presented (which waited for the display's refresh where vsync is honoured).
        case presented
        /// Nothing was presented because nothing changed: the clock waits for the next deadline.
        case idle
        /// The window cannot be seen: the clock waits up to `hiddenWait` seconds (less when
        /// `waitForEvent` returns early, or the last tick before `endIndex` or the tick
        /// `nextScheduled` is due sooner) and delivers the tick due then, skipping the ones in between.
        case hidden
        /// Nothing was presented, and nothing can change what the window shows before an event
        /// arrives (paused, a still picture): the clock waits as for `.hidden`, waking a few times a
        /// second instead of at every tick.
        case still
    }

    /// The refresh interval in seconds (1 / refresh rate).
    public let interval: Double
    /// The tick rate being aimed at, in Hz.
    public var rate: Double { 1 / interval }
    /// True once the clock paces itself (vsync not honoured, or `alwaysPace`).
    public private(set) var isPacing: Bool
    /// What the loop did with the last tick; set it before the next `nextTick()`. Each tick
    /// delivered starts out as `.presented`.
    public var outcome = Outcome.presented
    /// The index at which the clock stops (exclusive; a hidden window's skips stop at the tick
    /// before it), or nil to run until `stop()`.
    public var endIndex: Int?
    /// The longest a hidden or still window's tick waits, in seconds.
    public let hiddenWait: Double
    /// A tick the loop must be given when it is due (the next scripted input's, say): the waits of
    /// `.hidden` and `.still` end there. Nil, or one already delivered: none.
    public var nextScheduled: Int?
    /// Ticks delivered so far (fewer than `ticksElapsed` when a hidden window skipped some).
    public private(set) var ticksDelivered = 0
    /// The index of the last tick delivered plus one: the ticks of the link so far, skipped included.
    public var ticksElapsed: Int { lastIndex + 1 }
    /// Measured intervals between consecutive ticks (seconds), as delivered, after the first three
    /// (window mapping and first presents are not the steady state), skips excluded; restarted when
    /// pacing begins, so that they then measure the pacing.
    public private(set) var intervals = IntervalStatistics()
    /// A median interval below this fraction of `interval` means presents do not wait for vsync.
    public static let detectionRatio = 0.75

    private let now: () -> Double
    private let sleepUntil: (Double) -> Void
    private let waitForEvent: (Double) -> Void
    private let notice: (String) -> Void
    private var start = 0.0
    private var lastReal = 0.0
    private var deadline = 0.0
    private var lastIndex = -1
    private var presentsInARow = 0
    private var probe: [Double] = []
    private var stopped = false
    // Intervals measured while the window settles (first presents, window mapping) are not evidence.
    private let warmUp = 3
    private let probeCount = 10

    /// A clock at `rate` Hz (the display's refresh rate, or `--fps` where it is unknown).
    /// `alwaysPace` starts pacing at once (no vsync was granted). `now` and `sleepUntil` default to
    /// CLOCK_MONOTONIC and `clock_nanosleep`; a window passes a `sleepUntil` that waits for its events
    /// meanwhile. `waitForEvent` is a hidden window's wait, which may return before its deadline when
    /// an event arrives (default: `sleepUntil`). `notice` defaults to nothing. All are replaced in tests.
    public init(rate: Double, alwaysPace: Bool = false, hiddenWait: Double = 0.25,
                now: @escaping () -> Double = VSyncClock.monotonicSeconds,
                sleepUntil: @escaping (Double) -> Void = VSyncClock.sleep(until:),
                waitForEvent: ((Double) -> Void)? = nil,
                notice: @escaping (String) -> Void = { _ in }) {
        precondition(rate > 0 && rate.isFinite, "VSyncClock needs a positive finite rate, got \(rate)")
        precondition(hiddenWait > 0 && hiddenWait.isFinite, "VSyncClock needs a positive finite hiddenWait")
        interval = 1 / rate
        isPacing = alwaysPace
        self.hiddenWait = hiddenWait
        self.now = now
        self.sleepUntil = sleepUntil
        self.waitForEvent = waitForEvent ?? sleepUntil
        self.notice = notice
        probe.reserveCapacity(probeCount)
    }

    /// Makes the next `nextTick()` return nil (window closed, frame budget reached).
    public func stop() { stopped = true }

    /// The next tick: now (after a vsync'd present), the next deadline (pacing, or nothing was
    /// presented), or the tick due after a hidden window's wait; nil once stopped or at `endIndex`.
    public func nextTick() -> FrameTick? {
        if stopped { return nil }
        let last = endIndex.map { $0 - 1 } ?? Int.max
        var t = now()
        var index = lastIndex + 1
        var stamp: Double
        if index == 0 {
            guard last >= 0 else { return nil }
            start = t
            deadline = t
            stamp = 0
        } else {
            guard index <= last else { return nil }
            switch outcome {
            case .presented:
                presentsInARow += 1
                // Evidence only when this interval ran from one present's return to the next's.
                if !isPacing && presentsInARow >= 2 { measure(t - lastReal, index: index) }
                if isPacing {
                    stamp = pace(&t)
                } else {
                    deadline = t
                    stamp = t - start
                }
            case .idle:
                presentsInARow = 0
                stamp = pace(&t)
            case .hidden, .still:
                presentsInARow = 0
                // The furthest tick a skip may reach: the last, or the scheduled one before it.
                let bound = nextScheduled.map { $0 > lastIndex ? min($0, last) : last } ?? last
                let wake = min(t + hiddenWait, deadline + Double(bound - lastIndex) * interval)
                if wake > t { waitForEvent(wake); t = now() }
                // The first tick due at or after now, on the deadlines' grid, never past the bound.
                let due = ((t - deadline) / interval).rounded(.up)
                let skip = Int(min(max(due, 1), Double(bound - lastIndex)))
                deadline += Double(skip) * interval
                if deadline > t { sleepUntil(deadline); t = now() }
                index = lastIndex + skip
                stamp = deadline - start
            }
            if index == lastIndex + 1 && index > warmUp { intervals.add(t - lastReal) }
        }
        outcome = .presented
        lastReal = t
        lastIndex = index
        ticksDelivered += 1
        return FrameTick(index: index, timestamp: stamp, targetTimestamp: stamp + interval, duration: interval)
    }

    /// Sleeps to the next deadline (resynced after a stall); the tick's timestamp.
    private func pace(_ t: inout Double) -> Double {
        deadline += interval
        if deadline < t - interval { deadline = t }     // a stall: resync, don't burst
        if deadline > t { sleepUntil(deadline); t = now() }
        return deadline - start
    }

    private func measure(_ dt: Double, index: Int) {
        guard index > warmUp else { return }
        probe.append(dt)
        if probe.count < probeCount { return }
        let median = probe.sorted()[probe.count / 2]
        probe.removeAll(keepingCapacity: true)
        if median < Self.detectionRatio * interval {
            isPacing = true
            intervals = IntervalStatistics()        // from now on the figures describe the pacing
            notice("vsync is not honoured here (presents return after \(Self.ms(median)) ms, the refresh interval is \(Self.ms(interval)) ms); pacing to \(Self.hz(rate)) Hz by the clock")
        }
    }

    static func ms(_ s: Double) -> String { format(s * 1000) }
    static func hz(_ r: Double) -> String { format(r) }

    /// A figure for messages: at most two decimals, none when whole.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    /// Seconds on `MonotonicTime` (the standard library's `ContinuousClock`).
    public static func monotonicSeconds() -> Double { MonotonicTime.seconds() }

    /// Sleeps until `t` seconds on `monotonicSeconds`' scale (early wake-ups just sleep again).
    public static func sleep(until t: Double) {
        guard t.isFinite else { return }
        while true {
            let left = t - monotonicSeconds()
            guard left > 0 else { return }
            var ts = timespec()
            ts.tv_sec = Int(left.rounded(.down))
            ts.tv_nsec = Int(((left - left.rounded(.down)) * 1e9).rounded(.up))
            _ = nanosleep(&ts, nil)
        }
    }
}

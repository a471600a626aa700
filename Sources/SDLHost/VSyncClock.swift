import Animation
#if canImport(Glibc)
import Glibc
#endif

/// The window's display link: a `FrameClock` whose ticks follow the renderer's presents.
///
/// The loop calls `nextTick()` right after presenting. Where vsync is honoured the present blocked
/// until the display's refresh, so the tick is simply "now". Where it is not (presents return much
/// faster than the refresh interval: dummy drivers, some remote or virtual displays, vsync switched
/// off) the clock notices from the measured intervals and from then on sleeps until each tick's
/// deadline itself, saying so once through `notice`. Deadlines are absolute (start + k x interval),
/// so sleeping never accumulates drift; after a stall longer than one interval the clock resyncs
/// instead of bursting to catch up.
///
/// Like `CADisplayLink`: `timestamp` is when this frame started (the ideal deadline while pacing),
/// `duration` the refresh interval and `targetTimestamp = timestamp + duration`, all in seconds since
/// the first tick.
public final class VSyncClock: FrameClock {
    /// The refresh interval in seconds (1 / refresh rate).
    public let interval: Double
    /// The tick rate being aimed at, in Hz.
    public var rate: Double { 1 / interval }
    /// True once the clock paces itself (vsync not honoured, or `alwaysPace`).
    public private(set) var isPacing: Bool
    /// Ticks delivered so far.
    public private(set) var ticksDelivered = 0
    /// Measured intervals between consecutive ticks (seconds), as delivered, after the first three
    /// (window mapping and first presents are not the steady state); restarted when pacing begins,
    /// so that they then measure the pacing.
    public private(set) var intervals = IntervalStatistics()
    /// A median interval below this fraction of `interval` means presents do not wait for vsync.
    public static let detectionRatio = 0.75

    private let now: () -> Double
    private let sleepUntil: (Double) -> Void
    private let notice: (String) -> Void
    private var start = 0.0
    private var lastReal = 0.0
    private var deadline = 0.0
    private var probe: [Double] = []
    private var stopped = false
    // Intervals measured while the window settles (first presents, window mapping) are not evidence.
    private let warmUp = 3
    private let probeCount = 10

    /// A clock at `rate` Hz (the display's refresh rate, or `--fps` where it is unknown).
    /// `alwaysPace` starts pacing at once (no vsync was granted); `now`, `sleepUntil` and `notice`
    /// default to CLOCK_MONOTONIC, `clock_nanosleep` and nothing, and are replaced in tests.
    public init(rate: Double, alwaysPace: Bool = false,
                now: @escaping () -> Double = VSyncClock.monotonicSeconds,
                sleepUntil: @escaping (Double) -> Void = VSyncClock.sleep(until:),
                notice: @escaping (String) -> Void = { _ in }) {
        precondition(rate > 0 && rate.isFinite, "VSyncClock needs a positive finite rate, got \(rate)")
        interval = 1 / rate
        isPacing = alwaysPace
        self.now = now
        self.sleepUntil = sleepUntil
        self.notice = notice
        probe.reserveCapacity(probeCount)
    }

    /// Makes the next `nextTick()` return nil (window closed, frame budget reached).
    public func stop() { stopped = true }

    /// The next tick: now (after a vsync'd present), or the next deadline once pacing.
    public func nextTick() -> FrameTick? {
        if stopped { return nil }
        let index = ticksDelivered
        var t = now()
        var stamp: Double
        if index == 0 {
            start = t
            deadline = t
            stamp = 0
        } else {
            if !isPacing { measure(t - lastReal, index: index) }
            if isPacing {
                deadline += interval
                if deadline < t - interval { deadline = t }     // a stall: resync, don't burst
                if deadline > t { sleepUntil(deadline); t = now() }
                stamp = deadline - start
            } else {
                deadline = t
                stamp = t - start
            }
            if index > warmUp { intervals.add(t - lastReal) }
        }
        lastReal = t
        ticksDelivered += 1
        return FrameTick(index: index, timestamp: stamp, targetTimestamp: stamp + interval, duration: interval)
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

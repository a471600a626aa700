#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Core Animation's timing model (`CAMediaTiming`) for layers and animations alike: a pure map from
/// the parent's time to this object's local time.
///
/// The steps, as in CA:
/// 1. Active local time `t = (parentTime - beginTime) * speed + timeOffset`
///    (`activeLocalTime(parentTime:)`). With `speed == 0` it is `timeOffset` whatever the parent time:
///    that is how pausing (and a scrubber) works.
/// 2. The active period is `[0, activeDuration)` in `t`, where `activeDuration` is `repeatDuration`
///    when positive, otherwise `duration * (autoreverses ? 2 : 1) * repeatCount` (a `repeatCount` of
///    0 means 1; `.infinity` repeats forever).
/// 3. Inside it, `t` is folded into one iteration with `fmod` on the raw doubles, and odd
///    half-iterations of an autoreversing timing run backwards.
/// 4. Outside it the local time is nil unless `fillMode` holds the start (local time 0, before) or
///    the end (the last iteration's end, after; 0 for an autoreversing timing with a whole number of
///    repeats).
///
/// Deviations from CA, on purpose:
/// - `duration == 0` means instantaneous (an empty active period: before it for `t < 0`, after it
///   from `t = 0` on), not CA's 0.25 s default. The default `duration` is `.infinity`, which makes
///   `MediaTiming()` the identity on `t >= 0`.
/// - `timeOffset` shifts `t` linearly (as in the formula above); CA additionally wraps an offset
///   animation around within its active period.
///
/// Nesting: a child's parent time is its parent's local time. Layers, like CA layers, nest with the
/// linear step 1 only (`activeLocalTime`); animations use `localTime`, and an `AnimationGroup` passes
/// its `localTime` to its children.
public struct MediaTiming: Hashable, Sendable {
    /// Where the active period starts, in the parent's time.
    public var beginTime: Double
    /// Length of one (forward) iteration in local time; 0 is instantaneous, `.infinity` never ends.
    public var duration: Double
    /// Local seconds per parent second; 0 freezes local time at `timeOffset`, negative runs backwards.
    public var speed: Double
    /// Added to the scaled time: a pause position, or a shift into the animation.
    public var timeOffset: Double
    /// Number of iterations (fractions allowed, `.infinity` forever); 0 means 1.
    public var repeatCount: Double
    /// When positive, the active period's length in local time; wins over `repeatCount`.
    public var repeatDuration: Double
    /// Each iteration plays forwards then backwards (and takes twice `duration`).
    public var autoreverses: Bool
    /// What is shown outside the active period.
    public var fillMode: FillMode

    /// Creates a timing; every parameter defaults to CA's value except `duration` (see the type's notes).
    public init(beginTime: Double = 0, duration: Double = .infinity, speed: Double = 1,
                timeOffset: Double = 0, repeatCount: Double = 0, repeatDuration: Double = 0,
                autoreverses: Bool = false, fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Local time equals parent time (for `t >= 0`), forever.
    public static let identity = MediaTiming()

    /// Where a parent time falls relative to the active period.
    public enum Phase: Hashable, Sendable {
        /// Before the active period starts.
        case before
        /// Inside the active period.
        case active
        /// At or after the end of the active period.
        case after
    }

    /// Everything a timed object needs to know about one parent time.
    public struct Sample: Hashable, Sendable {
        /// Where the parent time fell (a filled sample is `.before` or `.after`).
        public var phase: Phase
        /// Time within the current iteration, in `0...duration` (runs backwards on reversed halves).
        public var localTime: Double
        /// `localTime / duration` in `0...1` (0 when `duration` is infinite; for an instantaneous
        /// timing, 0 before and 1 after, or 0 after if it autoreverses).
        public var progress: Double
        /// Index of the current repeat (a whole number; one repeat of an autoreversing timing is
        /// there and back), used by cumulative animations.
        public var iteration: Double
    }

    /// Step 1 only: `(parentTime - beginTime) * speed + timeOffset`, unclipped. This is how layer
    /// times nest (CA's `convertTime`).
    @inlinable
    public func activeLocalTime(parentTime: Double) -> Double {
        // Special-cased so a paused timing stays at timeOffset even for an infinite parent time.
        speed == 0 ? timeOffset : (parentTime - beginTime) * speed + timeOffset
    }

    /// Length of the active period in local time (0 when `duration` is 0 or negative).
    public var activeDuration: Double {
        guard duration > 0 else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        return duration * halfIterationCount
    }

    /// Where `parentTime` falls relative to the active period, regardless of `fillMode`. A layer can
    /// drop an animation whose phase is `.after` and whose fill mode does not fill forwards.
    public func phase(parentTime: Double) -> Phase {
        let t = activeLocalTime(parentTime: parentTime)
        if t < 0 { return .before }
        return t < activeDuration ? .active : .after
    }

    /// The local time, progress and iteration at `parentTime`, or nil when not active and not filled.
    public func sample(parentTime: Double) -> Sample? {
        let t = activeLocalTime(parentTime: parentTime)
        if t < 0 {
            guard fillMode.fillsBackwards else { return nil }
            return Sample(phase: .before, localTime: 0, progress: 0, iteration: 0)
        }
        let active = activeDuration
        if t < active { return within(t) }
        // An infinite active period has no end to hold (only reached by an infinite parent time).
        guard fillMode.fillsForwards, active.isFinite else { return nil }
        return end()
    }

    /// Local time within the current iteration at `parentTime`, or nil when not active and not filled.
    public func localTime(parentTime: Double) -> Double? {
        sample(parentTime: parentTime)?.localTime
    }

    /// `localTime / duration` in `0...1` at `parentTime`, or nil when not active and not filled.
    public func progress(parentTime: Double) -> Double? {
        sample(parentTime: parentTime)?.progress
    }

    // MARK: - Folding

    /// Number of half-iterations (forward or backward legs) in the active period from `repeatCount`.
    private var halfIterationCount: Double {
        (repeatCount > 0 ? repeatCount : 1) * (autoreverses ? 2 : 1)
    }

    /// Sample for `0 <= t < activeDuration` (so `duration > 0`).
    private func within(_ t: Double) -> Sample {
        let r = fmod(t, duration)
        // t - r is an exact multiple of duration, so the rounded quotient agrees with fmod.
        return leg(index: ((t - r) / duration).rounded(), offset: r, phase: .active)
    }

    /// Sample holding the end of a finite active period.
    private func end() -> Sample {
        guard duration > 0 else {
            return Sample(phase: .after, localTime: 0, progress: autoreverses ? 0 : 1, iteration: 0)
        }
        let index: Double, offset: Double
        if repeatDuration > 0 {
            let r = fmod(repeatDuration, duration)
            (index, offset) = r == 0
                ? ((repeatDuration / duration).rounded() - 1, duration)
                : (((repeatDuration - r) / duration).rounded(), r)
        } else {
            // From the count itself, not fmod(duration * count, duration): the product may round
            // to just past a multiple and would show the start of a new iteration.
            let halves = halfIterationCount
            let whole = halves.rounded(.down), fraction = halves - whole
            (index, offset) = fraction == 0 ? (whole - 1, duration) : (whole, fraction * duration)
        }
        return leg(index: index, offset: offset, phase: .after)
    }

    /// Position `offset` into half-iteration `index`; odd legs of an autoreversing timing run back.
    private func leg(index: Double, offset: Double, phase: Phase) -> Sample {
        let reversed = autoreverses && index.truncatingRemainder(dividingBy: 2) == 1
        let local = reversed ? duration - offset : offset
        let progress = duration.isInfinite ? 0 : (local == duration ? 1 : local / duration)
        let iteration = autoreverses ? (index / 2).rounded(.down) : index
        return Sample(phase: phase, localTime: local, progress: progress, iteration: iteration)
    }
}

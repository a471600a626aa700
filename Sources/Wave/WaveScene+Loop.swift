extension WaveScene {
    /// How close two ticks' phases (degrees) and progresses must be to count as the same frame: a
    /// wave moved by at most about 1e-6 px, far below what an 8-bit pixel can show.
    static let repeatPhaseTolerance = 1e-6
    /// See `repeatPhaseTolerance`; progress is compared without wrapping (0 and 1 are empty and full).
    static let repeatProgressTolerance = 1e-9

    /// The shortest number of ticks after which the animation repeats, or nil when there is none
    /// within `limit` ticks.
    ///
    /// Frame-based with a whole-degree step this is `loopFrames` (exact integer arithmetic). Otherwise
    /// (a fractional step, or time-based `--phase-speed`/`--rise-duration`, where the repeat exists only
    /// when speed, rise duration and fps are commensurate) it is the first tick n >= 1 whose phase and
    /// progress, computed by the scene itself, equal tick 0's within the tolerances above. So a
    /// looping export that ends at tick n - 1 has no seam.
    public func repeatLength(limit: Int = 1_000_000) -> Int? {
        if let n = loopFrames { return n <= limit ? n : nil }
        guard limit >= 1, transitions == nil else { return nil }
        let fps = parameters.fps
        let phi0 = phaseDegrees(index: 0, timestamp: 0)
        let p0 = progress(index: 0, timestamp: 0)
        for n in 1 ... limit {
            let t = Double(n) / fps
            let d = abs(phaseDegrees(index: n, timestamp: t) - phi0)
            guard min(d, 360 - d) <= Self.repeatPhaseTolerance else { continue }
            if abs(progress(index: n, timestamp: t) - p0) <= Self.repeatProgressTolerance { return n }
        }
        return nil
    }

    /// Most frames a vector document of the wave may have.
    public static let maxVectorFrames = 1_000_000

    /// Frames to export when none are asked for: the scene's loop (`loopFrames`: after it the
    /// animation repeats exactly, so a looping player shows no seam). In time-based mode or with a
    /// fractional phase step there is no exact loop: one rise (or, with a fixed progress, one phase
    /// period) at `fps`, at least 1 frame.
    public func defaultVectorFrames(fps: Double? = nil) -> Int {
        if let loop = loopFrames { return min(loop, Self.maxVectorFrames) }
        let p = parameters
        let rate = fps ?? p.fps
        if let transitions = transitions {
            // The transitions through the frame the level settles at, then one phase period.
            let speed = abs(p.isTimeBased ? p.effectivePhaseSpeed : p.phaseStep * p.fps)
            let tail = speed > 0 && amplitude > 0 ? 360 / speed : 0
            let n = ((Double(transitions.endFrame) / p.fps + tail) * rate).rounded() + (tail > 0 ? 0 : 1)
            return n.isFinite ? Int(min(max(n, 1), Double(Self.maxVectorFrames))) : Self.maxVectorFrames
        }
        let seconds: Double
        if p.progress != nil {
            let speed = abs(p.isTimeBased ? p.effectivePhaseSpeed : p.phaseStep * rate)
            seconds = speed > 0 ? 360 / speed : 1 / rate
        } else {
            seconds = p.isTimeBased ? p.effectiveRiseDuration : Double(p.riseFrames) / rate
        }
        let n = (seconds * rate).rounded()
        return n.isFinite ? Int(min(max(n, 1), Double(Self.maxVectorFrames))) : 1
    }
}

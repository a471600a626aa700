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
}

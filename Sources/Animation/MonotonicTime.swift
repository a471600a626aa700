/// Seconds on the standard library's `ContinuousClock`, counted from a fixed instant in this
/// process: the one monotonic time source of the window's pacing, the bench and export timings.
public enum MonotonicTime {
    private static let origin = ContinuousClock.now

    /// Seconds since the reference instant.
    public static func seconds() -> Double {
        let c = (ContinuousClock.now - origin).components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}

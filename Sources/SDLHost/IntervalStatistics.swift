/// Running statistics of tick intervals, kept without storing them all.
public struct IntervalStatistics: Sendable, Equatable {
    /// Intervals seen.
    public private(set) var count = 0
    /// Their sum in seconds.
    public private(set) var sum = 0.0
    /// The shortest, in seconds (infinity before any).
    public private(set) var minimum = Double.infinity
    /// The longest, in seconds (0 before any).
    public private(set) var maximum = 0.0
    /// The most recent, in seconds.
    public private(set) var last = 0.0

    /// No intervals yet.
    public init() {}

    /// Adds one interval.
    public mutating func add(_ dt: Double) {
        count += 1; sum += dt; last = dt
        minimum = Swift.min(minimum, dt); maximum = Swift.max(maximum, dt)
    }

    /// The mean in seconds, or nil before any interval.
    public var mean: Double? { count > 0 ? sum / Double(count) : nil }
}

/// What a timed object shows outside its active period (CA's `fillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Shows nothing (local time is nil) before the start and after the end.
    case removed
    /// Holds the end value after the active period.
    case forwards
    /// Holds the start value (local time 0) before the active period.
    case backwards
    /// Both `backwards` and `forwards`.
    case both

    /// True for `backwards` and `both`.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// True for `forwards` and `both`.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}

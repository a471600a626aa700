/// Why a timing function or an animation could not be built from the given (user) input.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A cubic-bezier control point's x coordinate is outside `0...1` (the curve would not be a
    /// function of time). `index` is 1 or 2.
    case controlPointXOutOfRange(index: Int, x: Double)
    /// A cubic-bezier control point coordinate is NaN or infinite.
    case nonFiniteControlPoint(index: Int)
    /// A keyframe animation needs at least one value.
    case noKeyframeValues
    /// `keyTimes` has the wrong number of entries for the values and calculation mode.
    case keyTimesCount(expected: Int, actual: Int)
    /// `keyTimes` must be finite, within `0...1` and non-decreasing.
    case keyTimesInvalid([Double])
    /// `timingFunctions` must have one entry per segment between consecutive values.
    case timingFunctionsCount(expected: Int, actual: Int)

    /// A message fit for a command-line user.
    public var description: String {
        switch self {
        case let .controlPointXOutOfRange(index, x):
            return "timing function control point \(index) has x = \(x); x must be within 0...1"
        case let .nonFiniteControlPoint(index):
            return "timing function control point \(index) is not a finite number"
        case .noKeyframeValues:
            return "a keyframe animation needs at least one value"
        case let .keyTimesCount(expected, actual):
            return "keyTimes has \(actual) entries; expected \(expected)"
        case let .keyTimesInvalid(times):
            return "keyTimes \(times) must be finite, within 0...1 and non-decreasing"
        case let .timingFunctionsCount(expected, actual):
            return "timingFunctions has \(actual) entries; expected \(expected) (one per segment)"
        }
    }
}

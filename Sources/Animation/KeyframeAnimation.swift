/// How a keyframe animation gets from one value to the next.
public enum CalculationMode: Hashable, Sendable {
    /// Blend between consecutive values, eased by the segment's timing function.
    case linear
    /// Jump: each value holds, unblended, until the next key time.
    case discrete
}

/// Animates one property through a list of values (CA's `CAKeyframeAnimation`).
///
/// Key times are fractions of an iteration's progress. In `.linear` mode there is one per value
/// (default: evenly spaced from 0 to 1) and one timing function per segment between them (default:
/// linear). In `.discrete` mode, as in CA, there is one more key time than values: value i shows
/// from `keyTimes[i]` until `keyTimes[i + 1]` (default: each value for an equal share); timing
/// functions are ignored.
public struct KeyframeAnimation<Root, Value: Interpolatable>: Animating {
    /// The animated property.
    public let keyPath: WritableKeyPath<Root, Value> & Sendable
    /// The keyframe values (at least one).
    public let values: [Value]
    /// Validated key times (always filled in, defaults resolved).
    public let keyTimes: [Double]
    /// Validated per-segment easing (`values.count - 1` entries in `.linear` mode, else empty).
    public let timingFunctions: [TimingFunction]
    /// Blend or jump.
    public let calculationMode: CalculationMode
    /// When the animation runs, relative to its parent.
    public var timing: MediaTiming
    /// Writes the value instead of the key path when the root offers it (`PropertySetting`).
    private let setter: (@Sendable (inout Root, Value) -> Void)?
    /// The last few blended values handed out, written into again in turn (arrays: no allocation
    /// per frame).
    private let results: ResultRing<Value>?

    /// Validates and creates a keyframe animation; throws when the arrays do not fit each other.
    public init(keyPath: WritableKeyPath<Root, Value> & Sendable, values: [Value], keyTimes: [Double]? = nil,
                timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                timing: MediaTiming) throws(AnimationError) {
        guard !values.isEmpty else { throw .noKeyframeValues }
        let slots = calculationMode == .linear ? values.count : values.count + 1
        let times = keyTimes ?? (0..<slots).map { slots == 1 ? 0 : Double($0) / Double(slots - 1) }
        guard times.count == slots else { throw .keyTimesCount(expected: slots, actual: times.count) }
        guard times.allSatisfy({ (0...1).contains($0) }), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw .keyTimesInvalid(times) }
        let segments = calculationMode == .linear ? values.count - 1 : 0
        var functions = timingFunctions ?? Array(repeating: .linear, count: segments)
        if calculationMode == .discrete { functions = [] }
        guard functions.count == segments else {
            throw .timingFunctionsCount(expected: segments, actual: functions.count)
        }
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = times
        self.timingFunctions = functions
        self.calculationMode = calculationMode
        self.timing = timing
        setter = propertySetter(keyPath)
        results = Value.reusesStorage ? ResultRing() : nil
    }

    /// The presented value at `parentTime`, or nil when neither active nor filling.
    public func value(parentTime: Double) -> Value? {
        guard let progress = timing.progress(parentTime: parentTime) else { return nil }
        return value(progress: progress)
    }

    /// The value at an iteration's progress in `0...1` (exactly `values[i]` at `keyTimes[i]`).
    public func value(progress p: Double) -> Value {
        switch calculationMode {
        case .discrete:
            // Last value whose key time has been reached; the final key time only ends the last value.
            let index = Self.lastIndex(atMost: p, in: keyTimes, end: keyTimes.count - 1) ?? 0
            return values[index]
        case .linear:
            guard p > keyTimes[0] else { return values[0] }
            guard p < keyTimes[keyTimes.count - 1] else { return values[values.count - 1] }
            // keyTimes[i] <= p < keyTimes[i + 1], so the segment has positive length.
            let i = Self.lastIndex(atMost: p, in: keyTimes, end: keyTimes.count) ?? 0
            let fraction = (p - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
            let t = timingFunctions[i].apply(fraction)
            return results?.interpolate(values[i], values[i + 1], t) ?? Value.interpolate(values[i], values[i + 1], t)
        }
    }

    /// The last index below `end` whose key time is at most `p` (nil when none is), found by
    /// bisection: key times never decrease, and a particle's motion has dozens of them.
    static func lastIndex(atMost p: Double, in times: [Double], end: Int) -> Int? {
        // The first index in 0 ..< end whose time is above p.
        var lo = 0, hi = end
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= p { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// Writes the presented value into `root[keyPath: keyPath]`; leaves it alone when inactive.
    public func apply(to root: inout Root, parentTime: Double) {
        if let value = value(parentTime: parentTime) {
            if let setter { setter(&root, value) } else { root[keyPath: keyPath] = value }
        }
    }
}

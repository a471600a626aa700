/// One animated number sampled at integer frames 0..<count, reduced to the fewest keyframes that give
/// back every sample when a player interpolates linearly between them.
///
/// A keyframe sits on the first and last frame, on both sides of every jump (a wrap of the rise, or of
/// the phase translation), and wherever the samples stop lying on one straight line. The keyframe
/// before a jump holds its value (`hold`) until the next one, so a player that shows fractional
/// frames never sweeps the wave through the jump.
public struct KeyframeTrack: Sendable, Equatable {
    /// A keyframe: `value` at `frame`; `hold` keeps it until the next keyframe instead of
    /// interpolating linearly.
    public struct Key: Sendable, Equatable {
        public var frame: Int
        public var value: Double
        public var hold: Bool
    }

    /// The keyframes in frame order (one, non-holding, for a constant).
    public private(set) var keys: [Key]

    /// True when the track has a single value for all frames.
    public var isConstant: Bool { keys.count == 1 }

    /// Samples `value` at frames 0..<count (count >= 1); `jumpAfter(n)` says the step from frame n to
    /// n + 1 is a discontinuity.
    public init(count: Int, value: (Int) -> Double, jumpAfter: (Int) -> Bool) {
        precondition(count >= 1)
        let v = (0 ..< count).map(value)
        let jump = (0 ..< count).map { $0 + 1 < count && jumpAfter($0) }
        var keys: [Key] = []
        for n in 0 ..< count {
            let first = n == 0, last = n == count - 1
            let startsRun = !first && jump[n - 1]
            var bends = false
            if !first, !last, !startsRun, !jump[n] {
                let scale = max(1, abs(v[n - 1]), abs(v[n]), abs(v[n + 1]))
                bends = abs(v[n + 1] - 2 * v[n] + v[n - 1]) > 1e-9 * scale
            }
            if first || last || startsRun || jump[n] || bends {
                keys.append(Key(frame: n, value: v[n], hold: jump[n]))
            }
        }
        if keys.allSatisfy({ $0.value == keys[0].value }) {
            keys = [Key(frame: 0, value: keys[0].value, hold: false)]
        }
        self.keys = keys
    }

    /// What a player shows at `frame`: linear between keyframes, held after a holding one, the first
    /// value before the first keyframe and the last after the last.
    public func value(at frame: Double) -> Double {
        guard let firstKey = keys.first, frame > Double(firstKey.frame) else { return keys.first?.value ?? 0 }
        for i in 0 ..< keys.count - 1 {
            let a = keys[i], b = keys[i + 1]
            guard frame < Double(b.frame) else { continue }
            if a.hold { return a.value }
            let s = (frame - Double(a.frame)) / Double(b.frame - a.frame)
            return a.value + (b.value - a.value) * s
        }
        return keys[keys.count - 1].value
    }

    /// The smallest and largest value the track takes.
    public var range: ClosedRange<Double> {
        let values = keys.map(\.value)
        return (values.min() ?? 0) ... (values.max() ?? 0)
    }
}

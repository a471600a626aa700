/// An animated value sampled at whole frames 0...n, reduced to the keyframes that give back every
/// sample when a player interpolates linearly between them.
///
/// `samples[k]` is the value at frame k; `before[k]` the value just before frame k (its limit from
/// the left). Where the two differ by more than the tolerance the value jumps at frame k: the track
/// runs linearly to `before[k]` at `k - jumpWidth` and holds it until frame k, so a player showing
/// fractional frames never sweeps through the jump. The last keyframe, at frame n, takes the value
/// from the left: for a loop it is the motion's continuation (the frame after the last one shown),
/// so the step from n - 1 to n is as smooth as every other.
public struct SampledTrack: Sendable, Equatable {
    /// One keyframe: `value` at `time` (frames, possibly fractional); `hold` keeps it until the next.
    public struct Key: Sendable, Equatable {
        public var time: Double
        public var value: [Double]
        public var hold: Bool

        /// `value` at `time`, held until the next keyframe when `hold`.
        public init(time: Double, value: [Double], hold: Bool) {
            self.time = time; self.value = value; self.hold = hold
        }
    }

    /// How many frames before a jump its holding keyframe sits.
    public static let jumpWidth = 0.001

    /// The keyframes in time order (one for a constant).
    public private(set) var keys: [Key]

    /// True when the value never changes.
    public var isConstant: Bool { keys.count == 1 }

    /// A track that is `value` throughout.
    public init(constant value: [Double]) { keys = [Key(time: 0, value: value, hold: false)] }

    /// Reduces `samples` (frames 0...n, n >= 0, all of one dimension) with `before` (the same count;
    /// `before[0]` is not read). A component whose value just before frame k differs from frame k's by
    /// more than `tolerance` plus 1 % of its change from frame k - 1 makes a jump (sampled 1e-4 frame
    /// early, a movement differs by 1e-4 of a frame's change).
    public init(samples: [[Double]], before: [[Double]], tolerance: Double) {
        precondition(!samples.isEmpty && before.count == samples.count)
        let n = samples.count - 1
        func differ(_ a: [Double], _ b: [Double], _ tol: Double) -> Bool {
            zip(a, b).contains { abs($0 - $1) > tol }
        }
        func jumps(_ k: Int) -> Bool {
            samples[k].indices.contains { j in
                abs(before[k][j] - samples[k][j]) > tolerance + 0.01 * abs(samples[k][j] - samples[k - 1][j])
            }
        }
        guard n > 0 else { keys = [Key(time: 0, value: samples[0], hold: false)]; return }
        // Every sample, with the jumps marked; then the interior points of straight runs dropped.
        var points: [(key: Key, fixed: Bool)] = [(Key(time: 0, value: samples[0], hold: false), true)]
        for k in 1 ... n {
            if k == n {
                points.append((Key(time: Double(n), value: before[n], hold: false), true))
            } else if jumps(k) {
                points[points.count - 1].fixed = true
                points.append((Key(time: Double(k) - Self.jumpWidth, value: before[k], hold: true), true))
                points.append((Key(time: Double(k), value: samples[k], hold: false), true))
            } else {
                points.append((Key(time: Double(k), value: samples[k], hold: false), false))
            }
        }
        var kept: [Key] = []
        for i in points.indices {
            let p = points[i]
            if !p.fixed, i > 0, i + 1 < points.count, !points[i - 1].key.hold {
                let a = points[i - 1].key.value, b = p.key.value, c = points[i + 1].key.value
                let straight = a.indices.allSatisfy { j in
                    let scale = max(1, abs(a[j]), abs(b[j]), abs(c[j]))
                    return abs(c[j] - 2 * b[j] + a[j]) <= 1e-9 * scale
                }
                if straight, points[i + 1].key.time - p.key.time == 1, p.key.time - points[i - 1].key.time == 1 { continue }
            }
            kept.append(p.key)
        }
        if kept.allSatisfy({ !differ($0.value, kept[0].value, 0) }) {
            kept = [Key(time: 0, value: kept[0].value, hold: false)]
        }
        // A value that stays put holds from its first keyframe: a keyframe equal to the next one
        // holds, and a holding keyframe equal to the holding one before it goes (one that starts a
        // movement stays, and so does the last, on frame n).
        var merged: [Key] = []
        for (i, var key) in kept.enumerated() {
            if i + 1 < kept.count, !differ(key.value, kept[i + 1].value, 0) { key.hold = true }
            if key.hold, i + 1 < kept.count, let last = merged.last, last.hold, !differ(last.value, key.value, 0) { continue }
            merged.append(key)
        }
        keys = merged
    }

    /// What a player shows at `time`: linear between keyframes, held after a holding one.
    public func value(at time: Double) -> [Double] {
        guard let first = keys.first, time > first.time else { return keys.first?.value ?? [] }
        for i in 0 ..< keys.count - 1 {
            let a = keys[i], b = keys[i + 1]
            guard time < b.time else { continue }
            if a.hold { return a.value }
            let s = (time - a.time) / (b.time - a.time)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * s }
        }
        return keys[keys.count - 1].value
    }

    /// The track with `transform` applied to every keyframe's value.
    public func map(_ transform: ([Double]) -> [Double]) -> SampledTrack {
        var t = self
        for i in t.keys.indices { t.keys[i].value = transform(t.keys[i].value) }
        return t
    }
}

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
    /// One keyframe: `value` at `time` (frames, possibly fractional); `hold` keeps it until the next,
    /// else `easing` (nil: linear) leads to the next.
    public struct Key: Sendable, Equatable {
        public var time: Double
        public var value: [Double]
        public var hold: Bool
        public var easing: Easing?

        /// `value` at `time`, held until the next keyframe when `hold`, else eased by `easing`.
        public init(time: Double, value: [Double], hold: Bool, easing: Easing? = nil) {
            self.time = time; self.value = value; self.hold = hold; self.easing = easing
        }
    }

    /// The easings a motion between two rests is tried with before it is decimated: Core
    /// Animation's named curves and their reversals (an autoreversing leg).
    public static let easings: [Easing] = [.linear, .easeInEaseOut, .easeIn, .easeOut, .caDefault, Easing.caDefault.reversed]

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
        self.init(samples, before, tolerance, error: 0, fit: false, refine: false, probe: { $1 }, easings: [])
    }

    /// Like `init(samples:before:tolerance:)`, with every motion eased (one of `easings` between its
    /// frames) or decimated to `error` (see `init(samples:before:tolerance:error:probe:easings:)`);
    /// a motion's ends are on whole frames.
    public init(samples: [[Double]], before: [[Double]], tolerance: Double, error: Double, easings: [Easing] = SampledTrack.easings) {
        self.init(samples, before, tolerance, error: error, fit: true, refine: false, probe: { $1 }, easings: easings)
    }

    /// Like `init(samples:before:tolerance:)`, and further: `probe(t, near)` gives the value at a
    /// fractional frame t (`near`, a value close in time, picks among equivalent spellings such as
    /// turns). A motion between two rests starts and ends where the value leaves and reaches its rest
    /// (found to 1e-6 frame) and, when one of `easings` eased between those ends gives back every
    /// frame's sample within `error` (per component), it is two keyframes with that easing. Other
    /// motion is decimated: frames whose samples lie within `error` of the straight line between the
    /// keyframes kept around them are left out.
    public init(samples: [[Double]], before: [[Double]], tolerance: Double, error: Double,
                probe: (Double, [Double]) -> [Double], easings: [Easing] = SampledTrack.easings) {
        self.init(samples, before, tolerance, error: error, fit: true, refine: true, probe: probe, easings: easings)
    }

    private init(_ samples: [[Double]], _ before: [[Double]], _ tolerance: Double, error: Double, fit: Bool, refine: Bool,
                 probe: (Double, [Double]) -> [Double], easings: [Easing]) {
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
        if fit {
            // Spans of continuous motion end at a holding keyframe (just before a jump).
            var start = 0
            for i in points.indices where points[i].key.hold || i == points.count - 1 {
                kept += Self.fitted(points[start ... i].map(\.key), error: error, refine: refine, probe: probe, easings: easings)
                start = i + 1
            }
        } else {
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
            if key.hold || i + 1 == kept.count { key.easing = nil }
            if key.hold, i + 1 < kept.count, let last = merged.last, last.hold, !differ(last.value, key.value, 0) { continue }
            merged.append(key)
        }
        // Fitted motion needs no keyframe for a rest at the start or the end of the timeline: a
        // player shows the first keyframe's value before it and the last one's after it.
        if fit, merged.count > 2 {
            if merged[0].hold, !differ(merged[0].value, merged[1].value, 0) { merged.removeFirst() }
            let last = merged.count - 1
            if last > 1, merged[last - 1].hold, !differ(merged[last - 1].value, merged[last].value, 0) {
                merged.removeLast()
                merged[merged.count - 1].hold = false
            }
        }
        keys = merged
    }

    /// The keyframes of one span of continuous motion `p` (every frame's sample, the last possibly a
    /// holding one): rests kept, each motion between them eased or decimated.
    private static func fitted(_ p: [Key], error: Double, refine: Bool, probe: (Double, [Double]) -> [Double], easings: [Easing]) -> [Key] {
        var p = p
        let m = p.count - 1
        guard m > 0 else { return p }
        // Equal up to rounding (a transform's parts recovered from its matrix): a rest.
        func same(_ a: [Double], _ b: [Double]) -> Bool {
            zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
        }
        for i in 0 ..< m where same(p[i].value, p[i + 1].value) { p[i + 1].value = p[i].value }
        var out: [Key] = []
        var i = 0
        while i < m {
            if same(p[i].value, p[i + 1].value) { out.append(p[i]); i += 1; continue }
            var j = i + 1
            while j < m, !same(p[j].value, p[j + 1].value) { j += 1 }
            let a = p[i].value, b = p[j].value
            // Where the value leaves a and reaches b (the ends of a span are where it is).
            var t0 = p[i].time, t1 = p[j].time
            var lo = p[i].time, hi = p[i + 1].time
            for _ in 0 ..< (refine ? 20 : 0) {
                let mid = (lo + hi) / 2
                if same(probe(mid, a), a) { lo = mid } else { hi = mid }
            }
            t0 = lo
            if refine, j < m {
                lo = p[j - 1].time; hi = p[j].time
                for _ in 0 ..< 20 {
                    let mid = (lo + hi) / 2
                    if same(probe(mid, b), b) { hi = mid } else { lo = mid }
                }
                t1 = hi
            }
            if t1 - t0 < 1e-3 { t0 = p[i].time; t1 = p[j].time }
            let inner = p[i + 1 ..< j]
            // The easing that gives back the frames best, when within the error.
            func worst(_ e: Easing) -> Double {
                inner.reduce(0) { w, k in
                    let f = e.apply((k.time - t0) / (t1 - t0))
                    return k.value.indices.reduce(w) { max($0, abs(a[$1] + (b[$1] - a[$1]) * f - k.value[$1])) }
                }
            }
            let best = easings.map { ($0, worst($0)) }.min { $0.1 < $1.1 }
            if t0 > p[i].time { out.append(p[i]) }
            if let (e, w) = best, w <= error {
                out.append(Key(time: t0, value: a, hold: false, easing: e.isLinear ? nil : e))
            } else {
                out += decimated([Key(time: t0, value: a, hold: false)] + inner, to: Key(time: t1, value: b, hold: false), error: error)
            }
            if t1 < p[j].time || j == m { out.append(Key(time: t1, value: b, hold: p[j].hold && t1 == p[j].time)) }
            if j == m { return out }
            i = j
        }
        out.append(p[m])
        return out
    }

    /// The keys of `run` (its first always) that a straight line to `end` needs to stay within
    /// `error` of every key left out (the Ramer-Douglas-Peucker reduction); `end` is not included.
    private static func decimated(_ run: [Key], to end: Key, error: Double) -> [Key] {
        let all = run + [end]
        var keep = [Bool](repeating: false, count: all.count)
        keep[0] = true; keep[all.count - 1] = true
        var stack = [(0, all.count - 1)]
        while let (s, e) = stack.popLast() {
            guard e > s + 1 else { continue }
            var worst = 0.0, at = s
            for k in s + 1 ..< e {
                let f = (all[k].time - all[s].time) / (all[e].time - all[s].time)
                for c in all[k].value.indices {
                    let d = abs(all[s].value[c] + (all[e].value[c] - all[s].value[c]) * f - all[k].value[c])
                    if d > worst { worst = d; at = k }
                }
            }
            if worst > error { keep[at] = true; stack.append((s, at)); stack.append((at, e)) }
        }
        return all.indices.dropLast().filter { keep[$0] }.map { all[$0] }
    }

    /// What a player shows at `time`: eased (or linear) between keyframes, held after a holding one.
    public func value(at time: Double) -> [Double] {
        guard let first = keys.first, time > first.time else { return keys.first?.value ?? [] }
        for i in 0 ..< keys.count - 1 {
            let a = keys[i], b = keys[i + 1]
            guard time < b.time else { continue }
            if a.hold { return a.value }
            let s = a.easing.map { $0.apply((time - a.time) / (b.time - a.time)) } ?? (time - a.time) / (b.time - a.time)
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

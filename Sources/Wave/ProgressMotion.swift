import Animation
import SceneKit
import Vector

/// How progress maps to the height of the still surface.
public enum FillMapping: String, Sendable, Equatable, Codable, CaseIterable {
    /// Progress p raises the surface by p of the ink height (SCENE.md's rise).
    case height
    /// Progress p puts the surface where the container's covered area below it is p of the total.
    case area
}

/// One target of a progress schedule: from frame `frame` on, the level moves to `target`.
public struct ProgressStep: Sendable, Equatable {
    /// The frame the transition starts at (a whole frame from the command line; the window may start
    /// one between frames).
    public var frame: Double
    /// The progress it moves to, 0 ... 1.
    public var target: Double

    /// A step.
    public init(frame: Double, target: Double) { self.frame = frame; self.target = target }

    /// The largest number of steps in a schedule.
    public static let maxSteps = 10_000

    /// Reads `FRAME:P,FRAME:P,...` (frames in 0 ... 999999999, increasing; P in 0 ... 1); throws a
    /// `SettingError` for `key` naming the entry at fault.
    public static func parseSchedule(_ text: String, key: String = "progress-at") throws -> [ProgressStep] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
        let form = "expected FRAME:P entries separated by commas, e.g. '0:0.3,120:0.8,300:0.1', frames increasing in 0 ... \(SceneLimits.maxFrame), P in 0 ... 1, each a plain decimal (no spaces, hex or underflowing exponent)"
        guard !text.trimmingWhitespace.isEmpty else { throw SettingError(key, "the schedule is empty; \(form)") }
        guard entries.count <= maxSteps else {
            throw SettingError(key, "\(entries.count) entries are more than \(maxSteps); \(form)")
        }
        var steps: [ProgressStep] = []
        steps.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() {
            let pair = e.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let f = plainDecimal(pair[0]), let p = plainDecimal(pair[1]) else {
                throw SettingError(key, "entry \(i + 1) '\(e)' is not FRAME:P; \(form)")
            }
            guard f.isFinite, f >= 0, f <= Double(SceneLimits.maxFrame) else {
                throw SettingError(key, "entry \(i + 1): frame \(String(pair[0])) is outside 0 ... \(SceneLimits.maxFrame)")
            }
            guard p.isFinite, (0 ... 1).contains(p) else {
                throw SettingError(key, "entry \(i + 1): progress \(String(pair[1])) is outside 0 ... 1")
            }
            if let last = steps.last, f <= last.frame {
                throw SettingError(key, "entry \(i + 1): frame \(DecimalText.shortest(f)) is not after frame \(DecimalText.shortest(last.frame)); the schedule must be in increasing frame order")
            }
            steps.append(ProgressStep(frame: f, target: p))
        }
        return steps
    }

    /// A plain decimal number: an optional `-`, digits with at most one `.`, an optional exponent
    /// (`e` or `E`, sign, digits); no spaces, `+`, hex, `inf` or `nan`, and nothing that underflows
    /// (a value that is not 0 but reads as 0 or a subnormal). Nil otherwise.
    static func plainDecimal(_ s: Substring) -> Double? {
        let b = Array(s.utf8)
        var i = 0
        if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0, dots = 0, nonZero = false
        while i < b.count, (b[i] >= 48 && b[i] <= 57) || b[i] == UInt8(ascii: ".") {
            if b[i] == UInt8(ascii: ".") { dots += 1 } else { digits += 1; if b[i] != 48 { nonZero = true } }
            i += 1
        }
        guard digits > 0, dots <= 1 else { return nil }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            let start = i
            while i < b.count, b[i] >= 48 && b[i] <= 57 { i += 1 }
            guard i > start else { return nil }
        }
        guard i == b.count, let v = Double(String(s)), v.isFinite else { return nil }
        if nonZero && (v == 0 || v.magnitude < Double.leastNormalMagnitude) { return nil }
        return v
    }

    /// The schedule as `FRAME:P,...` (what `parseSchedule` reads).
    public static func text(_ steps: [ProgressStep]) -> String {
        steps.map { DecimalText.shortest($0.frame) + ":" + DecimalText.shortest($0.target) }.joined(separator: ",")
    }
}

extension String {
    var trimmingWhitespace: String {
        let s = unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(s.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}

/// The presented progress of a scene with transitions: from `start`, each step eases from the value
/// presented when it begins (so a step that interrupts another starts where that one had got to,
/// down as well as up) to its target over `duration` seconds, then holds.
///
/// Built on the engine's timing model: each step is a `MediaTiming` beginning at its frame's time,
/// filled forwards, whose progress goes through the `TimingFunction`. Values are computed from the
/// time alone (never accumulated), so frame n is the same however it was reached.
public struct ProgressTransitions: Sendable, Equatable {
    /// The level before the first step.
    public let start: Double
    /// The steps, in increasing frame order.
    public let steps: [ProgressStep]
    /// Seconds each transition takes (0: a jump).
    public let duration: Double
    /// The curve.
    public let easing: TimingFunction
    /// Frames per second: step k begins at `steps[k].frame / fps` seconds.
    public let fps: Double
    // The value presented when each step begins.
    private let from: [Double]

    /// The schedule; `steps` in increasing frame order.
    public init(start: Double, steps: [ProgressStep], duration: Double, easing: TimingFunction, fps: Double) {
        self.start = start; self.steps = steps; self.duration = duration; self.easing = easing; self.fps = fps
        var from: [Double] = []
        from.reserveCapacity(steps.count)
        var v = start
        for k in steps.indices {
            if k > 0 {
                v = Self.value(from: from[k - 1], to: steps[k - 1].target, elapsed: (steps[k].frame - steps[k - 1].frame) / fps,
                               duration: duration, easing: easing)
            }
            from.append(v)
        }
        self.from = from
    }

    static func value(from a: Double, to b: Double, elapsed: Double, duration: Double, easing: TimingFunction) -> Double {
        guard duration > 0 else { return elapsed >= 0 ? b : a }
        let timing = MediaTiming(duration: duration, fillMode: .forwards)
        guard let x = timing.progress(parentTime: elapsed) else { return a }
        return x >= 1 ? b : a + (b - a) * easing.apply(x)
    }

    /// The progress presented `seconds` after frame 0.
    public func value(at seconds: Double) -> Double {
        // The last step begun by `seconds` (binary search: no work per step per frame).
        var lo = 0, hi = steps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steps[mid].frame / fps <= seconds { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return start }
        let k = lo - 1
        return Self.value(from: from[k], to: steps[k].target, elapsed: seconds - steps[k].frame / fps,
                          duration: duration, easing: easing)
    }

    /// The frame from which the level holds still (the last step's end), rounded up.
    public var endFrame: Int {
        guard let last = steps.last else { return 0 }
        let end = last.frame + duration * fps
        return end.isFinite ? Int(min(end.rounded(.up), Double(SceneLimits.maxFrame))) : SceneLimits.maxFrame
    }
}

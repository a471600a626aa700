import Geometry
import SceneKit
import Vector

/// The wave's motion as the vector exporters write it: each wave is one static path (the sine as a
/// few cubic Hermite segments per period, within `tolerance` of it), moved by its layer's position:
/// the phase is a steady horizontal translation (`-phi / k`), the rise a vertical one (`top(p)`).
/// Both are functions of a continuous frame number, so sampled at whole frames and just before them
/// they give straight runs a vector writer keeps as their two ends.
///
/// A long animation would need a very wide path: the translation then wraps back by a whole
/// number of periods (a jump no one can see) every `turns` periods, keeping the path within
/// `maxWrapFreeSegments` segments and `maxExtent` px (players compute in Float32).
struct WaveVectorMotion: Sendable {
    /// Largest distance (px) between a wave path and the sine it follows.
    static let tolerance = 0.01
    /// Most segments one wave's path may have.
    static let maxSegmentsPerWave = 100_000
    /// A wide path may reach this far (px) before the translation wraps instead.
    static let maxExtent = 32_768.0
    /// A wide path may have this many segments before the translation wraps instead.
    static let maxWrapFreeSegments = 4096

    /// One wave's path and how its phase moves it.
    struct Wave: Sendable {
        /// The sine the path follows; nil for a flat wave (`f = 0` or `A = 0`), whose phase lifts it.
        let curve: HermiteSine?
        /// Amplitude, wavenumber (rad/px), phase offset (rad), and degrees of phase per degree of
        /// the scene's unreduced phase (a stack wave's speed and direction; 1 for the pair).
        let amplitude: Double, k: Double, offset: Double, factor: Double
        /// Periods between wraps of the translation (infinite: never).
        let turns: Double
        /// The unreduced phase at the first frame (degrees).
        let start: Double
    }

    let scene: WaveScene
    /// The scene's frame the document starts at, the document's frames (the last sampled frame is
    /// `first + frames`, the next loop's first) and their rate.
    let first: Int, frames: Int, fps: Double
    /// Back to front.
    let waves: [Wave]
    /// Local y of the paths' far edges: below the canvas and above it in every frame.
    let bottom: Double, top: Double

    init(scene: WaveScene, first: Int = 0, frames: Int, fps: Double) throws {
        guard first >= 0, first <= 100_000_000 else { throw SettingError("frame", "\(first) is outside 0 ... 100000000") }
        guard (1 ... 1_000_000).contains(frames) else { throw SettingError("frames", "\(frames) is outside 1 ... 1000000") }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw SettingError("fps", "\(fps) is outside (0, 1000] frames per second") }
        self.scene = scene; self.first = first; self.frames = frames; self.fps = fps
        let p = scene.parameters, a = scene.amplitude, w = Double(p.width)
        struct Plan { var a: Double; var k: Double; var offset: Double; var factor: Double; var name: String }
        let plans: [Plan]
        if let stack = scene.stack {
            plans = stack.map { s in
                Plan(a: s.amplitude ?? a, k: 2 * Double.pi * (s.frequency ?? 0) / scene.waveWidth, offset: s.phase * .pi / 180,
                     factor: s.speed * s.direction.sign, name: "wave")
            }
        } else {
            let k = 2 * Double.pi * scene.frequency / scene.waveWidth
            plans = [Plan(a: a, k: k, offset: .pi / 2, factor: 1, name: "frequency"), Plan(a: a, k: k, offset: 0, factor: 1, name: "frequency")]
        }
        var lowest = Double.infinity, highest = -Double.infinity
        for n in first ... first + frames {
            let t = Self.top(scene, frame: Double(n), frames: first ... first + frames, fps: fps)
            lowest = min(lowest, t); highest = max(highest, t)
        }
        let reach = plans.map(\.a).max() ?? a
        bottom = max(a + reach, Double(p.height) - lowest) + 10
        top = -max(highest, 0) - 2 * reach - 10
        var built: [Wave] = []
        let raw0 = Self.rawPhase(scene, frame: Double(first), fps: fps), rawN = Self.rawPhase(scene, frame: Double(first + frames), fps: fps)
        for plan in plans {
            let start = raw0 * plan.factor
            guard plan.k > 0, plan.k.isFinite, plan.a > 0 else {
                built.append(Wave(curve: nil, amplitude: plan.a, k: plan.k, offset: plan.offset, factor: plan.factor, turns: .infinity, start: start))
                continue
            }
            let period = 2 * Double.pi / plan.k
            let h = period / Double(HermiteSine.segmentsPerPeriod(amplitude: plan.a, tolerance: Self.tolerance, minimum: 4))
            guard (w + period + 2 * h) / h <= Double(Self.maxSegmentsPerWave) else {
                throw SettingError(plan.name, "a wave period of \(DecimalText.format(period, decimals: 3)) px needs more than \(Self.maxSegmentsPerWave) path segments per wave on a \(p.width) px canvas; use a lower --frequency or a larger --wave-width")
            }
            let periods = abs(rawN - raw0) * abs(plan.factor) / 360
            let turns = Self.wrapTurns(periods: periods, period: period, segmentLength: h, width: w)
            var wave = Wave(curve: nil, amplitude: plan.a, k: plan.k, offset: plan.offset, factor: plan.factor, turns: turns, start: start)
            // The path covers the canvas under every translation the frames give it.
            var lo = Double.infinity, hi = -Double.infinity
            for n in first ... first + frames {
                let s = Self.shift(wave, frame: Double(n), scene: scene, frames: first ... first + frames, fps: fps)
                lo = min(lo, s); hi = max(hi, s)
            }
            let from = -hi - h
            let segments = Int(((w - lo + h - from) / h).rounded(.up))
            var curve = HermiteSine(amplitude: plan.a, k: plan.k, origin: scene.layout.inkBox.minX, offset: plan.offset,
                                    start: from, segmentLength: h, segments: segments)
            curve.baseline = a
            wave = Wave(curve: curve, amplitude: plan.a, k: plan.k, offset: plan.offset, factor: plan.factor, turns: turns, start: start)
            built.append(wave)
        }
        waves = built
    }

    /// Bytes a path segment and a wrap of the translation (a hold and a new run) add to a document,
    /// about: what `wrapTurns` weighs.
    static let segmentBytes = 60.0, wrapBytes = 330.0

    /// Periods between wraps of the translation of a wave moving `periods` periods: the smallest
    /// document (a wider path, or more wraps), within the path's budget; infinite for no wrap.
    static func wrapTurns(periods: Double, period: Double, segmentLength h: Double, width w: Double) -> Double {
        let bySegments = (Double(maxWrapFreeSegments) * h - w - 2 * h) / period
        let byExtent = (maxExtent - w - 2 * h) / period
        let most = max(1, min(bySegments, byExtent).rounded(.down))
        func bytes(_ turns: Double) -> Double {
            let wraps = turns.isFinite ? (periods / turns).rounded(.up) : 0
            let extent = w + (turns.isFinite ? turns : periods) * period + 2 * h
            return extent / h * segmentBytes + wraps * wrapBytes
        }
        var best = periods <= most ? Double.infinity : most
        var turns = 1.0
        while turns < min(most, periods.rounded(.up)) {
            if bytes(turns) < bytes(best) { best = turns }
            turns += 1
        }
        return best
    }

    /// The scene's phase in degrees, unreduced, at a continuous frame (linear in the frame).
    static func rawPhase(_ scene: WaveScene, frame f: Double, fps: Double) -> Double {
        let p = scene.parameters
        return p.isTimeBased ? p.effectivePhaseSpeed * (f / fps) : f * p.phaseStep
    }

    /// The scene's progress at a continuous frame: as `WaveScene.progress(index:timestamp:)` at whole
    /// frames, and between them the motion that leads there (the repeating rise wraps at its end).
    static func progress(_ scene: WaveScene, frame f: Double, fps: Double) -> Double {
        let p = scene.parameters
        if let transitions = scene.transitions { return transitions.value(at: p.isTimeBased ? f / fps : f / p.fps) }
        if let fixed = p.progress { return fixed }
        if p.isTimeBased {
            let d = p.effectiveRiseDuration
            var t = (f / fps).truncatingRemainder(dividingBy: d)
            if t < 0 { t += d }
            return t / d
        }
        let r = Double(p.riseFrames)
        var m = f.truncatingRemainder(dividingBy: r)
        if m < 0 { m += r }
        return m / r
    }

    /// `top(p)` at a continuous frame of a document of `frames`. A repeating rise that wraps at the
    /// document's end continues its last step there instead (the next loop's first frame starts low
    /// again, as every wrap does), so the seam steps like every other frame.
    static func top(_ scene: WaveScene, frame f: Double, frames: ClosedRange<Int>, fps: Double) -> Double {
        let last = Double(frames.upperBound)
        func at(_ g: Double) -> Double { scene.top(progress: progress(scene, frame: g, fps: fps)) }
        if frames.count > 2, f > last - 1, scene.transitions == nil,
           progress(scene, frame: last, fps: fps) < progress(scene, frame: last - 1, fps: fps) {
            return at(last - 1) + (f - (last - 1)) * (at(last - 1) - at(last - 2))
        }
        return at(f)
    }

    /// The whole frame whose discrete state (the label's text, the wrap of a translation) frame `f`
    /// shows: `f` rounded down, the seam continuing its predecessor.
    func wholeFrame(_ f: Double) -> Int { Self.wholeFrame(f, in: first ... first + frames) }

    static func wholeFrame(_ f: Double, in range: ClosedRange<Int>) -> Int {
        guard f.isFinite else { return range.lowerBound }
        return Int(min(max((f + 1e-9).rounded(.down), Double(range.lowerBound)), Double(range.upperBound)))
    }

    /// Wave `wave`'s horizontal translation at frame `f` (px).
    func shift(_ wave: Wave, frame f: Double) -> Double {
        Self.shift(wave, frame: f, scene: scene, frames: first ... first + frames, fps: fps)
    }

    /// Wave `wave`'s horizontal translation at frame `f` (px) of a document of `frames`.
    static func shift(_ wave: Wave, frame f: Double, scene: WaveScene, frames: ClosedRange<Int>, fps: Double) -> Double {
        let phase = rawPhase(scene, frame: f, fps: fps) * wave.factor
        guard wave.turns.isFinite else { return -(phase * .pi / 180) / wave.k }
        // The wrap is discrete: it happens on whole frames, the seam keeping its predecessor's.
        var n = wholeFrame(f, in: frames)
        if n == frames.upperBound && frames.count > 1 { n -= 1 }
        let c = (rawPhase(scene, frame: Double(n), fps: fps) * wave.factor - wave.start) / (360 * wave.turns)
        let chunk = wave.factor >= 0 ? c.rounded(.down) : c.rounded(.up)
        return -((phase - 360 * wave.turns * chunk) * .pi / 180) / wave.k
    }

    /// Wave `wave`'s layer position at frame `f`: the translation and `top(p)`; a flat wave's
    /// surface lifted by its phase.
    func position(_ wave: Wave, frame f: Double) -> Point {
        let top = Self.top(scene, frame: f, frames: first ... first + frames, fps: fps)
        guard wave.curve != nil else {
            let phase = Self.rawPhase(scene, frame: f, fps: fps) * wave.factor * .pi / 180
            return Point(0, top + wave.amplitude * Double.sine(phase + wave.offset) + scene.amplitude)
        }
        return Point(shift(wave, frame: f), top)
    }

    /// Wave `wave`'s path in its layer, closed toward local y `edge` (far below or above).
    func path(_ wave: Wave, closedAt edge: Double) -> Path {
        if let curve = wave.curve { return curve.path(closedAt: edge) }
        var path = Path()
        let w = Double(scene.parameters.width)
        path.move(to: Point(-1, 0)); path.line(to: Point(w + 1, 0)); path.line(to: Point(w + 1, edge)); path.line(to: Point(-1, edge))
        path.close()
        return path
    }
}

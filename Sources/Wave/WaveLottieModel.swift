import Vector
import SceneKit
import Geometry
import Raster

/// What a Lottie document of the scene contains, before it is written as JSON: the glyph contours,
/// each wave's static path and how it moves, and the rise, all as keyframe tracks over integer frames.
///
/// Frame n of the document is the scene's tick n at timestamp n / fps. Every track gives back the
/// scene's exact value at every integer frame (keyframes sit on the first and last frame of every
/// straight run), so a player showing frame n shows SCENE.md's phase `phi(n)` and progress `p(n)`.
/// Tracks run through frame `frames` (the document's out point, the first frame of the next loop),
/// with the motion's continuation there: a player drawing between frames `frames - 1` and `frames`
/// sees the wave move as between any other two frames, with no stall at the seam.
struct WaveLottieModel: Sendable {
    /// How a wave's phase moves its path.
    enum PhaseMotion: Sendable, Equatable {
        /// The path is the sine itself; the phase translates it by `-phi / k` horizontally.
        case horizontal
        /// The wave is flat (`f = 0` or `A = 0`): the phase moves the surface vertically by
        /// `A sin(phi)` (front) or `A cos(phi)` (back), plus `A`.
        case vertical
    }

    /// One wave: its static path, its colour and its phase track (in the layer's local coordinates).
    struct Wave: Sendable {
        /// "front" or "back" (the classic pair), "wave K" in a stack.
        var name: String
        /// Fill colour (alpha becomes the fill opacity).
        var color: Color
        /// The path, drawn with the surface at y in 0 ... 2A and closed far below.
        var shape: LottieBezier
        /// The sine the path follows; nil for a flat wave.
        var curve: HermiteSine?
        /// The shape group's translation: x for `.horizontal`, y for `.vertical`.
        var phase: KeyframeTrack
        /// Which axis `phase` moves.
        var motion: PhaseMotion
        /// With a water gradient: the colour at the ink box's bottom (`color` at its top, alpha kept).
        var gradientBottom: Color? = nil
        /// With a water gradient: how far the wave's local coordinates sit below the canvas's (the
        /// rise, plus the phase's lift for a flat wave), so the gradient can stay on the canvas.
        var gradientShift: KeyframeTrack? = nil
    }

    /// Most segments one wave's path may have.
    static let maxSegmentsPerWave = 100_000
    /// A wide wave path may reach this far (px) before the phase translation wraps instead: players
    /// compute in Float32, whose spacing at 32768 is 1/256 px.
    static let maxExtent = 32_768.0
    /// A wide wave path may have this many segments before the phase translation wraps instead.
    static let maxWrapFreeSegments = 4096

    /// Canvas size.
    let width: Int, height: Int
    /// Frame count (the document's `op`) and frames per second (`fr`).
    let frames: Int, fps: Double
    /// The waves' layer position y, `top(p(n))`.
    let rise: KeyframeTrack
    /// The waves, back to front: back (cosine) and front (sine), or the stack's.
    let waves: [Wave]
    /// The back wave (the first).
    var back: Wave { waves[0] }
    /// The front wave (the last).
    var front: Wave { waves[waves.count - 1] }
    /// The ink box's top and bottom (the water gradient's ends).
    let inkTop: Double, inkBottom: Double
    /// The glyph outlines, closed cubic contours on the canvas.
    let glyphs: [LottieBezier]
    /// How the glyph (or shape) contours fill.
    let rule: FillRule
    /// A mask-image container's coverage on the canvas (nil for text: `glyphs` then outline it).
    let maskCoverage: Coverage?
    /// Background and container colours.
    let background: Color, container: Color
    /// How far below the surface (layer y) the wave paths reach: below the canvas in every frame.
    let bottom: Double

    /// Plans the document for `frames` frames at `fps`; throws `SettingError` for what it cannot do.
    init(scene: WaveScene, frames: Int, fps: Double) throws {
        let p = scene.parameters
        guard (1 ... WaveLottie.maxFrames).contains(frames) else {
            throw SettingError("frames", "\(frames) is outside 1 ... \(WaveLottie.maxFrames)")
        }
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw SettingError("fps", "\(fps) is outside (0, 1000] frames per second")
        }
        let layout = scene.layout
        width = p.width; height = p.height
        self.frames = frames; self.fps = fps
        background = p.background; container = p.container
        glyphs = LottieBezier.contours(of: layout.path)
        rule = layout.fillRule
        maskCoverage = layout.path.isEmpty ? layout.coverage : nil
        inkTop = layout.inkBox.minY; inkBottom = layout.inkBox.maxY

        func timestamp(_ n: Int) -> Double { Double(n) / fps }
        func progress(_ n: Int) -> Double { scene.progress(index: n, timestamp: timestamp(n)) }
        // A rise that wraps at the seam continues to its full height there instead (the next loop's
        // first frame starts low again, as every wrap does).
        // Transitions move down as well as up, smoothly: only the repeating rise wraps.
        let repeats = scene.transitions == nil
        let wrapsAtSeam = repeats && frames >= 2 && progress(frames) < progress(frames - 1)
        func riseTop(_ n: Int) -> Double {
            guard n == frames, wrapsAtSeam else { return scene.top(progress: progress(n)) }
            return 2 * scene.top(progress: progress(n - 1)) - scene.top(progress: progress(n - 2))
        }
        func riseJump(_ n: Int) -> Bool { !repeats || (n + 1 == frames && wrapsAtSeam) ? false : progress(n + 1) < progress(n) }
        let riseTrack = KeyframeTrack(count: frames + 1, value: riseTop, jumpAfter: riseJump)
        rise = riseTrack

        let a = scene.amplitude
        // Each wave: amplitude, wavenumber, offset (radians), phase in degrees per frame and the
        // phase (without the offset) for frame n, in [0, 360).
        struct Plan { var name: String; var color: Color; var a: Double; var k: Double; var offset: Double; var rate: Double; var index: Int? }
        let rate = p.isTimeBased ? p.effectivePhaseSpeed / fps : p.phaseStep
        let plans: [Plan]
        if let stack = scene.stack {
            plans = stack.enumerated().map { j, w in
                Plan(name: "wave \(j + 1)", color: w.color, a: w.amplitude ?? a, k: 2 * Double.pi * (w.frequency ?? 0) / scene.waveWidth,
                     offset: w.phase * .pi / 180, rate: rate * w.speed * w.direction.sign, index: j)
            }
        } else {
            let k = 2 * Double.pi * scene.frequency / scene.waveWidth
            plans = [Plan(name: "back", color: p.backWave, a: a, k: k, offset: Double.pi / 2, rate: rate, index: nil),
                     Plan(name: "front", color: p.frontWave, a: a, k: k, offset: 0, rate: rate, index: nil)]
        }
        let reach = plans.map(\.a).max() ?? a
        let low = max(a + reach, Double(p.height) - riseTrack.range.lowerBound) + 10
        bottom = low
        let w = Double(p.width)
        var built: [Wave] = []
        for plan in plans {
            func phi(_ n: Int) -> Double {
                guard let j = plan.index else { return scene.phaseDegrees(index: n, timestamp: timestamp(n)) }
                return scene.wavePhaseDegrees(j, index: n, timestamp: timestamp(n), withOffset: false)
            }
            // The phase unwrapped: phi(n) (computed from n, in [0, 360)) plus the whole turns that
            // make it follow n * rate.
            func unwrapped(_ n: Int) -> Double {
                let q = phi(n)
                return q + 360 * ((Double(n) * plan.rate - q) / 360).rounded()
            }
            var wave: Wave
            let k = plan.k, aj = plan.a
            if !(k > 0 && k.isFinite && aj > 0) {
                // A flat wave: the phase only lifts the surface, sampled every frame.
                var shape = LottieBezier()
                for pt in [Point(-1, 0), Point(w + 1, 0), Point(w + 1, low), Point(-1, low)] { shape.append(pt) }
                let lift = KeyframeTrack(count: frames + 1, value: { n in aj * Double.sine(phi(n) * .pi / 180 + plan.offset) + a }, jumpAfter: { _ in false })
                wave = Wave(name: plan.name, color: plan.color, shape: shape, curve: nil, phase: lift, motion: .vertical)
                if p.waterGradient != nil {
                    wave.gradientShift = KeyframeTrack(count: frames + 1, value: { n in
                        riseTop(n) + aj * Double.sine(phi(n) * .pi / 180 + plan.offset) + a
                    }, jumpAfter: riseJump)
                }
            } else {
                let period = 2 * Double.pi / k
                let h = period / Double(HermiteSine.segmentsPerPeriod(amplitude: aj))
                guard (w + period + 2 * h) / h <= Double(Self.maxSegmentsPerWave) else {
                    throw SettingError(plan.index == nil ? "frequency" : "wave", "a wave period of \(DecimalText.format(period, decimals: 3)) px needs more than \(Self.maxSegmentsPerWave) path segments per wave on a \(p.width) px canvas; use a lower --frequency or a larger --wave-width")
                }
                // One wide path serves all frames when it stays short enough; otherwise the
                // translation wraps back by a whole number of periods (a jump no one can see)
                // every `turns` periods.
                let span = abs(unwrapped(frames) - unwrapped(0))
                let wideExtent = w + span / 360 * period + 2 * h
                let turns: Double
                if wideExtent / h <= Double(Self.maxWrapFreeSegments), wideExtent <= Self.maxExtent {
                    turns = .infinity
                } else {
                    let bySegments = (Double(Self.maxWrapFreeSegments) * h - w - 2 * h) / period
                    let byExtent = (Self.maxExtent - w - 2 * h) / period
                    turns = max(1, min(bySegments, byExtent).rounded(.down))
                }
                let u0 = unwrapped(0)
                func chunk(_ n: Int) -> Double {
                    guard turns.isFinite else { return 0 }
                    // The seam's frame continues its predecessor's translation.
                    let c = (unwrapped(n == frames && n > 0 ? n - 1 : n) - u0) / (360 * turns)
                    return plan.rate >= 0 ? c.rounded(.down) : c.rounded(.up)
                }
                func shift(_ n: Int) -> Double { -(unwrapped(n) - 360 * turns.finiteOrZero * chunk(n)) * (.pi / 180) / k }
                let phase = KeyframeTrack(count: frames + 1, value: shift, jumpAfter: { chunk($0 + 1) != chunk($0) })
                // The path must cover the canvas under every translation in the track.
                let start = -phase.range.upperBound - h
                let end = w - phase.range.lowerBound + h
                let segments = Int(((end - start) / h).rounded(.up))
                var curve = HermiteSine(amplitude: aj, k: k, origin: layout.inkBox.minX, offset: plan.offset,
                                        start: start, segmentLength: h, segments: segments)
                if aj != a { curve.baseline = a }
                wave = Wave(name: plan.name, color: plan.color, shape: curve.lottieShape(bottom: low), curve: curve,
                            phase: phase, motion: .horizontal)
                if p.waterGradient != nil { wave.gradientShift = riseTrack }
            }
            wave.gradientBottom = p.waterGradient
            built.append(wave)
        }
        waves = built
    }
}

private extension Double {
    /// The value, or 0 when it is not finite (an unbounded wrap length never wraps).
    var finiteOrZero: Double { isFinite ? self : 0 }
}

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
        /// "front" or "back".
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
    /// Back (cosine) and front (sine) waves.
    let back: Wave, front: Wave
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
        let riseTrack = KeyframeTrack(count: frames + 1, value: riseTop,
                                      jumpAfter: { !repeats || ($0 + 1 == frames && wrapsAtSeam) ? false : progress($0 + 1) < progress($0) })
        rise = riseTrack

        let a = scene.amplitude
        let k = 2 * Double.pi * scene.frequency / scene.waveWidth
        let low = max(2 * a, Double(p.height) - riseTrack.range.lowerBound) + 10
        bottom = low
        // Degrees per frame, and the phase unwrapped: SCENE.md's phi(n) (computed from n, in [0, 360))
        // plus the whole turns that make it follow n * rate.
        let rate = p.isTimeBased ? p.effectivePhaseSpeed / fps : p.phaseStep
        func phi(_ n: Int) -> Double { scene.phaseDegrees(index: n, timestamp: timestamp(n)) }
        func unwrapped(_ n: Int) -> Double {
            let q = phi(n)
            return q + 360 * ((Double(n) * rate - q) / 360).rounded()
        }

        guard k > 0, k.isFinite, a > 0 else {
            // Flat waves: the phase only lifts the surface, sampled every frame.
            func flat(_ name: String, _ color: Color, _ lift: (Double) -> Double) -> Wave {
                var shape = LottieBezier()
                for pt in [Point(-1, 0), Point(Double(p.width) + 1, 0), Point(Double(p.width) + 1, low), Point(-1, low)] {
                    shape.append(pt)
                }
                let track = KeyframeTrack(count: frames + 1, value: { n in a * lift(phi(n) * .pi / 180) + a }, jumpAfter: { _ in false })
                return Wave(name: name, color: color, shape: shape, curve: nil, phase: track, motion: .vertical)
            }
            back = flat("back", p.backWave, Double.cosine)
            front = flat("front", p.frontWave, Double.sine)
            return
        }

        let period = 2 * Double.pi / k
        let h = period / Double(HermiteSine.segmentsPerPeriod(amplitude: a))
        let w = Double(p.width)
        guard (w + period + 2 * h) / h <= Double(Self.maxSegmentsPerWave) else {
            throw SettingError("frequency", "a wave period of \(DecimalText.format(period, decimals: 3)) px needs more than \(Self.maxSegmentsPerWave) path segments per wave on a \(p.width) px canvas; use a lower --frequency or a larger --wave-width")
        }
        // One wide path serves all frames when it stays short enough; otherwise the translation
        // wraps back by a whole number of periods (a jump no one can see) every `turns` periods.
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
            return rate >= 0 ? c.rounded(.down) : c.rounded(.up)
        }
        func shift(_ n: Int) -> Double { -(unwrapped(n) - 360 * turns.finiteOrZero * chunk(n)) * (.pi / 180) / k }
        let phase = KeyframeTrack(count: frames + 1, value: shift, jumpAfter: { chunk($0 + 1) != chunk($0) })

        // The path must cover the canvas under every translation in the track.
        let start = -phase.range.upperBound - h
        let end = w - phase.range.lowerBound + h
        let segments = Int(((end - start) / h).rounded(.up))
        func wave(_ name: String, _ color: Color, _ offset: Double) -> Wave {
            let curve = HermiteSine(amplitude: a, k: k, origin: layout.inkBox.minX, offset: offset,
                                    start: start, segmentLength: h, segments: segments)
            return Wave(name: name, color: color, shape: curve.lottieShape(bottom: low), curve: curve,
                        phase: phase, motion: .horizontal)
        }
        back = wave("back", p.backWave, Double.pi / 2)
        front = wave("front", p.frontWave, 0)
    }
}

private extension Double {
    /// The value, or 0 when it is not finite (an unbounded wrap length never wraps).
    var finiteOrZero: Double { isFinite ? self : 0 }
}

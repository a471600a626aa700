import Testing
import Geometry
import Raster
import Animation
import SceneKit
@testable import Wave
import TestSupport
import Text

/// Fill by area, animated progress and reduced motion: the level they show, frame by frame, in both
/// renderers.
@Suite struct GaugeMotionTests {
    static func indicator(_ p: WaveParameters) throws -> WaveIndicator {
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath, "fontconfig finds DejaVu Sans Bold"))
        return try WaveIndicator(parameters: p, source: .text(try TextShaper(text: p.text, face: face)))
    }

    // MARK: - Fill by area

    /// The front wave's mass on a rendered frame: a transparent background, an opaque blue container,
    /// an opaque red front wave and no back wave, so each pixel's red is `M S` (to 1/255).
    static func redMass(_ scene: WaveScene, frame: Int = 0) -> Double {
        let px = render(scene, frame: frame)
        var red = 0.0
        for i in stride(from: 0, to: px.bytes.count, by: 4) { red += Double(px.bytes[i]) }
        return red
    }

    /// The covered fraction of the container below the still surface as rendered: the red mass over
    /// the red mass of the full container (`M` summed).
    static func renderedFraction(_ scene: WaveScene, full: Double) -> Double { redMass(scene) / full }

    static func measuringColours(_ p: inout WaveParameters) {
        p.background = Color(r: 0, g: 0, b: 0, a: 0)
        p.container = Color(r: 0, g: 0, b: 255)
        p.frontWave = Color(r: 255, g: 0, b: 0)
        p.backWave = Color(r: 0, g: 0, b: 0, a: 0)
        p.amplitude = 0
        p.fillMapping = .area
    }

    static func areaScene(_ container: String, progress: Double) throws -> WaveScene {
        let edit: (inout WaveParameters) -> Void = { p in
            measuringColours(&p)
            p.width = 160; p.height = 140
            p.progress = progress
        }
        switch container {
        case "text":
            return try smallScene { p in edit(&p); p.text = "Sg" }
        default:
            let shape = try #require(ContainerShape(rawValue: container))
            return try outlineScene(try ContainerOutline(shape: shape), edit)
        }
    }

    @Test(arguments: ["circle", "triangle", "heart", "text"])
    func areaMappingCoversTheFractionAsked(_ container: String) throws {
        // 1 is exactly full: every pixel shows its M of red.
        let fullScene = try Self.areaScene(container, progress: 1)
        let mass = Self.redMass(fullScene)
        let m = Double(fullScene.layout.coverage.values.reduce(0, +)) * 255
        #expect(abs(mass - m) / m < 0.001, "\(container): \(mass) of \(m)")
        // 0 is exactly empty.
        #expect(Self.redMass(try Self.areaScene(container, progress: 0)) == 0)
        for p in [0.03, 0.1, 0.25, 0.5, 0.75, 0.9, 0.97] {
            let covered = Self.renderedFraction(try Self.areaScene(container, progress: p), full: mass)
            #expect(abs(covered - p) <= 0.005, "\(container) at \(p): covered \(covered)")
        }
    }

    @Test func heightMappingDoesNotCoverTheFractionOnATriangle() throws {
        // The reason for area mapping: a third of the height of an upward triangle is more than half its area.
        let scene = try outlineScene(try ContainerOutline(shape: .triangle)) { p in
            Self.measuringColours(&p); p.fillMapping = .height; p.progress = 1.0 / 3
        }
        let full = Self.redMass(try outlineScene(try ContainerOutline(shape: .triangle)) { p in
            Self.measuringColours(&p); p.progress = 1
        })
        #expect(Self.renderedFraction(scene, full: full) > 0.5)
    }

    @Test func areaLevelRisesMonotonically() throws {
        let scene = try Self.areaScene("heart", progress: 0.5)
        var last = 0.0
        for k in 0 ... 200 {
            let u = scene.level(progress: Double(k) / 200)
            #expect((k == 0 || u >= last) && (-0.05 ... 1.05).contains(u), "step \(k): \(u) after \(last)")
            last = u
        }
    }

    @Test(arguments: ["circle", "text"])
    func areaMappingMatchesTheLayerEngine(_ container: String) throws {
        for n in [0, 37, 150, 262] {
            let make: () throws -> WaveScene = {
                switch container {
                case "text": return try smallScene { p in p.width = 120; p.height = 93; p.fillMapping = .area }
                default: return try outlineScene(try ContainerOutline(shape: .circle)) { $0.fillMapping = .area }
                }
            }
            let scene = try make()
            let layers = WaveLayerScene(scene: try make())
            layers.update(frame: n)
            let d = ImageCompare.compare(render(scene, frame: n), layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "\(container) frame \(n): \(d)")
        }
    }

    // MARK: - Animated progress

    /// The value the engine's own animation gives `seconds` after a transition from `a` to `b` began.
    static func engineValue(_ a: Double, _ b: Double, seconds: Double, duration: Double, easing: TimingFunction) -> Double {
        struct Level: Sendable { var value = 0.0 }
        let animation = BasicAnimation<Level, Double>(keyPath: \Level.value, from: a, to: b,
                                                      timing: MediaTiming(duration: duration, fillMode: .forwards),
                                                      timingFunction: easing)
        var level = Level()
        animation.apply(to: &level, parentTime: seconds)
        return level.value
    }

    @Test func progressToEasesFromTheStartFrameByFrame() throws {
        let scene = try smallScene { p in p.progress = 0.2; p.progressTo = 0.9; p.transition = 0.5; p.easing = "ease-out" }
        for n in 0 ... 45 {
            let t = Double(n) / 60
            let expected = Self.engineValue(0.2, 0.9, seconds: t, duration: 0.5, easing: .easeOut)
            let got = scene.progress(index: n, timestamp: t)
            #expect(abs(got - expected) <= 1e-12, "frame \(n): \(got), expected \(expected)")
        }
        #expect(scene.progress(index: 0, timestamp: 0) == 0.2)
        #expect(scene.progress(index: 30, timestamp: 0.5) == 0.9)
        #expect(scene.progress(index: 100_000, timestamp: 100_000 / 60) == 0.9)
    }

    @Test func aScheduleInterruptsAndGoesDownAsWellAsUp() throws {
        let scene = try smallScene { p in
            p.progressAt = "10:1,25:0.25,100:0.6"; p.transition = 0.5; p.easing = "cubic-bezier(0.3,-0.5,0.7,1.5)"
        }
        let curve = try TimingFunction.cubicBezier(0.3, -0.5, 0.7, 1.5)
        func at(_ n: Int) -> Double { scene.progress(index: n, timestamp: Double(n) / 60) }
        // Before the first step: the start level (0 without --progress).
        for n in 0 ... 10 { #expect(at(n) == 0) }
        // The second step interrupts the first halfway: it starts from the level shown at frame 25.
        let v25 = Self.engineValue(0, 1, seconds: 15.0 / 60, duration: 0.5, easing: curve)
        #expect(abs(at(25) - v25) <= 1e-12)
        for n in 25 ... 99 {
            let expected = Self.engineValue(v25, 0.25, seconds: Double(n - 25) / 60, duration: 0.5, easing: curve)
            #expect(abs(at(n) - expected) <= 1e-12, "frame \(n)")
        }
        #expect(at(99) == 0.25 && at(130) == 0.6)
        // The curve overshoots, and the level follows it below the target before settling.
        #expect((25 ... 55).contains { at($0) < 0.25 })
        // No frame jumps: consecutive levels differ by at most what the steepest part of the curve allows.
        for n in 1 ... 140 { #expect(abs(at(n) - at(n - 1)) < 0.12, "frame \(n)") }
    }

    @Test func timeBasedTransitionsFollowTheTimestamp() throws {
        let scene = try smallScene { p in p.progressTo = 1; p.transition = 2; p.easing = "linear"; p.phaseSpeed = 90 }
        #expect(abs(scene.progress(index: 3, timestamp: 0.5) - 0.25) < 1e-12)
        #expect(abs(scene.progress(index: 3, timestamp: 1.5) - 0.75) < 1e-12)
    }

    @Test func transitionsMatchTheLayerEngineFrameByFrame() throws {
        let edit: (inout WaveParameters) -> Void = { p in
            p.width = 120; p.height = 93; p.progressAt = "0:0.7,20:0.2"; p.transition = 0.4; p.fillMapping = .area
        }
        let scene = try smallScene(edit)
        let layers = WaveLayerScene(scene: try smallScene(edit))
        for n in [0, 5, 12, 20, 27, 33, 50] {
            layers.update(frame: n)
            let d = ImageCompare.compare(render(scene, frame: n), layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
        }
    }

    @Test func aTransitionsTimelinePlaysToTheEndThenLoopsThePhase() throws {
        var p = WaveParameters()
        p.width = 60; p.height = 40; p.progressAt = "30:0.5"; p.transition = 1
        let scene = try Self.indicator(p)
        #expect(scene.timeline == .periodic(frames: 45, seconds: 0.75, start: 90))
        p.amplitude = 0
        #expect(try Self.indicator(p).timeline == .once(frames: 91))
        #expect(scene.model.defaultVectorFrames() == 135)
    }

    @Test func theLabelShowsThePresentedProgressDuringATransition() throws {
        var p = WaveParameters()
        p.width = 100; p.height = 80; p.progressTo = 1; p.transition = 1; p.easing = "linear"; p.label = "{p}%"
        let scene = try Self.indicator(p)
        var a = Pixmap(width: 0, height: 0), b = a
        scene.render(frame: 30, into: &a)
        var q = p
        q.progressTo = nil; q.progress = 0.5
        try Self.indicator(q).render(frame: 30, into: &b)
        // Frame 30 of the transition is the fixed level 0.5 at frame 30: same surface, same "50%".
        #expect(a.bytes == b.bytes)
    }

    @Test func digitKeysAnimateFromTheShownLevel() throws {
        var p = WaveParameters()
        p.width = 60; p.height = 40; p.progress = 0.3
        let scene = try Self.indicator(p)
        let line = scene.perform(.animate(0.8), atFrame: 100)
        #expect(line?.hasPrefix("progress to 0.8") == true, "\(line ?? "nil")")
        func at(_ n: Int) -> Double { scene.model.progress(index: n, timestamp: Double(n) / 60) }
        #expect(at(100) == 0.3 && at(160) == 0.8)
        #expect(at(130) > 0.3 && at(130) < 0.8)
        // Interrupted on the way, the next key starts where the level is.
        let mid = at(130)
        _ = scene.perform(.animate(0.1), atFrame: 130)
        #expect(abs(at(130) - mid) < 1e-12 && at(190) == 0.1)
        // The printed command line shows where the level settles.
        #expect(scene.adjustedSettings["progress"] == .number(0.1))
        // A drag still sets the level at once.
        _ = scene.perform(.scrub(0.6), atFrame: 140)
        #expect(at(140) == 0.6 && scene.adjustedSettings["progress"] == .number(0.6))
    }

    // MARK: - Bad input

    @Test func badMotionSettingsNameTheirKey() {
        let cases: [((inout WaveParameters) -> Void, String, String)] = [
        ({ $0.progressTo = 1.5 }, "progress-to", "outside 0 ... 1"),
        ({ $0.progressAt = "" }, "progress-at", "empty"),
        ({ $0.progressAt = "0:0.5,0:0.7" }, "progress-at", "not after frame 0"),
        ({ $0.progressAt = "5:0.5;9:1" }, "progress-at", "entry 1"),
        ({ $0.progressAt = "-1:0.5" }, "progress-at", "outside 0 ... 999999999"),
        ({ $0.progressAt = "3:2" }, "progress-at", "progress 2 is outside 0 ... 1"),
        ({ $0.progressAt = "3:0.5"; $0.progressTo = 0.2 }, "progress-to", "cannot be combined"),
        ({ $0.transition = -1 }, "transition", "outside 0 ... 3600"),
        ({ $0.easing = "cubic-bezier(0.2,0,1.2,1)" }, "easing", "control value 3"),
        ({ $0.easing = "cubic-bezier(0.2,0,1)" }, "easing", "four numbers"),
        ({ $0.easing = "cubic-bezier(0.2,20,0.5,1)" }, "easing", "outside -10 ... 10"),
        ({ $0.easing = "springy" }, "easing", "not an easing"),
            ]
        for (edit, key, message) in cases {
            var p = WaveParameters()
            edit(&p)
            do {
                try p.validate()
                Issue.record("accepted: \(key) \(message)")
            } catch let e as SettingError {
                #expect(e.key == key && e.message.contains(message), "\(e)")
            } catch { Issue.record("\(error)") }
        }
    }

    // MARK: - Reduced motion

    @Test func reducedMotionSlowsPhaseAndRiseAndHalvesTheAmplitude() throws {
        let normal = try smallScene()
        let reduced = try smallScene { $0.reducedMotion = true }
        #expect(reduced.reducedMotion && !normal.reducedMotion)
        #expect(abs(reduced.amplitude - normal.amplitude / 2) < 1e-12)
        #expect(reduced.phaseDegrees(index: 40, timestamp: 40.0 / 60) == normal.phaseDegrees(index: 10, timestamp: 10.0 / 60))
        #expect(reduced.progress(index: 400, timestamp: 400.0 / 60) == normal.progress(index: 100, timestamp: 100.0 / 60))
        // 2 deg a frame and a 1200-frame rise loop after 3600 frames.
        #expect(reduced.loopFrames == 3600)
        // Never frozen: consecutive frames differ.
        let still = render(reduced, frame: 601).bytes == render(reduced, frame: 600).bytes
        #expect(!still)
        // Time-based: the speed and the rise duration slow alike.
        let timed = try smallScene { $0.reducedMotion = true; $0.phaseSpeed = 480; $0.riseDuration = 5 }
        #expect(timed.parameters.effectivePhaseSpeed == 120 && timed.parameters.effectiveRiseDuration == 20)
        // The layer version runs at the same reduced values.
        let layers = WaveLayerScene(scene: try smallScene { $0.reducedMotion = true })
        for n in [0, 333, 1000] {
            layers.update(frame: n)
            let d = ImageCompare.compare(render(reduced, frame: n), layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
        }
        // A given amplitude is halved too.
        #expect(try smallScene { $0.reducedMotion = true; $0.amplitude = 9 }.amplitude == 4.5)
    }

    @Test func theMKeyTogglesReducedMotion() throws {
        var p = WaveParameters()
        p.width = 60; p.height = 40
        let scene = try Self.indicator(p)
        let a = scene.model.amplitude
        let line = scene.perform(.adjust("reduced-motion", 1), atFrame: 5)
        #expect(line?.hasPrefix("reduced motion on") == true)
        #expect(scene.model.reducedMotion && abs(scene.model.amplitude - a / 2) < 1e-12)
        #expect(scene.adjustedSettings["reduced-motion"] == .bool(true))
        // The amplitude keys step the amplitude as set, not the halved one.
        _ = scene.perform(.adjust("amplitude", 1), atFrame: 5)
        #expect(abs(scene.parameters.amplitude.map { $0 - (a + 1).rounded(.down) } ?? 99) < 1e-9)
        _ = scene.perform(.adjust("reduced-motion", 1), atFrame: 6)
        #expect(!scene.model.reducedMotion)
    }
}

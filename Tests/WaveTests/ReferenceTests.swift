import Testing
import Geometry
import Raster
import Animation
@testable import Wave
import TestSupport
import Text

/// The fast renderer against the general engine (layers, masks, position animation, exact rasterizer,
/// Float32 compositing). Tolerance: SCENE.md's 1/255 per channel.
@Suite struct ReferenceTests {
    static let texts = ["du", "Wave", "AVo", "é%", "g"]

    @Test func defaultSceneMatchesTheLayerEngineAcrossTheRise() throws {
        let scene = try smallScene { $0.width = 160; $0.height = 124 }
        let fast = WaveRenderer(scene: scene)
        let layers = WaveLayerScene(scene: try smallScene { $0.width = 160; $0.height = 124 })
        var px = Pixmap(width: 0, height: 0)
        for n in [0, 1, 45, 75, 150, 225, 299, 300, 1234] {
            scene.update(frame: n)
            fast.render(into: &px)
            layers.update(frame: n)
            let d = ImageCompare.compare(px, layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
        }
    }

    @Test func randomScenesMatchTheLayerEngine() throws {
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath, "fontconfig finds DejaVu Sans Bold"))
        for seed in UInt64(1) ... 12 {
            var rng = SeededRandom(seed: seed)
            var p = WaveParameters()
            p.width = rng.int(24 ... 150); p.height = rng.int(24 ... 150)
            p.text = Self.texts[rng.int(0 ... Self.texts.count - 1)]
            if rng.int(0 ... 2) == 0 { p.amplitude = rng.double(0 ... 30) }
            p.frequency = rng.double(0 ... 2)
            if rng.int(0 ... 2) == 0 { p.waveWidth = rng.double(5 ... 300) }
            p.phaseStep = rng.double(-40 ... 40)
            if rng.int(0 ... 1) == 0 { p.progress = rng.double(0 ... 1) }
            func colour() -> Color {
                Color(r: UInt8(rng.int(0 ... 255)), g: UInt8(rng.int(0 ... 255)), b: UInt8(rng.int(0 ... 255)), a: UInt8(rng.int(0 ... 255)))
            }
            p.background = rng.int(0 ... 1) == 0 ? colour() : .white
            p.container = colour(); p.backWave = colour(); p.frontWave = colour()
            let frame = rng.int(0 ... 100_000)
            let s1 = try WaveScene(parameters: p, face: face), s2 = try WaveScene(parameters: p, face: face)
            let fast = WaveRenderer(scene: s1)
            var px = Pixmap(width: 0, height: 0)
            s1.update(frame: frame)
            fast.render(into: &px)
            let layers = WaveLayerScene(scene: s2)
            layers.update(frame: frame)
            let d = ImageCompare.compare(px, layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "seed \(seed) (\(p.width)x\(p.height) '\(p.text)' frame \(frame)): \(d)")
        }
    }

    @Test func maskImageSceneMatchesTheLayerEngine() throws {
        var alpha = [UInt8](repeating: 0, count: 30 * 20)
        for y in 0 ..< 20 { for x in 0 ..< 30 { alpha[y * 30 + x] = UInt8(min(255, abs(x - 15) * 17 + y * 3)) } }
        let img = MaskImage(width: 30, height: 20, alpha: alpha)
        var p = WaveParameters()
        p.width = 90; p.height = 70
        let s1 = try WaveScene(parameters: p, maskImage: img), s2 = try WaveScene(parameters: p, maskImage: img)
        let fast = WaveRenderer(scene: s1)
        let layers = WaveLayerScene(scene: s2)
        var px = Pixmap(width: 0, height: 0)
        for n in [10, 150, 280] {
            s1.update(frame: n); fast.render(into: &px)
            layers.update(frame: n)
            let d = ImageCompare.compare(px, layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
        }
    }

    @Test func virtualClockDrivesTheSceneLikeADisplayLink() throws {
        let scene = try smallScene()
        var link = DisplayLink(clock: VirtualClock(fps: 60))
        var seen = 0
        link.run(ticks: 500) { tick in
            scene.update(tick: tick)
            seen += 1
        }
        #expect(seen == 500)
        #expect(scene.state.index == 499)
        #expect(scene.state.timestamp == 499.0 / 60)
        #expect(scene.state.phaseDegrees == expectedPhase(499, step: 8))
        #expect(scene.state.progress == Double(499 % 300) / 300)
    }
}

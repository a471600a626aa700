import Testing
import Geometry
import Raster
import SceneKit
@testable import Wave
import TestSupport

/// A stack of waves (`--waves N`, `--wave K:...`) and the water gradient: what each wave's surface
/// is, the fast path against the layer version, and bad input.
@Suite struct WaveStackTests {
    static let deep = Color(r: 0x10, g: 0x30, b: 0x80)

    static func stack(_ n: Int, _ edits: [String] = [], _ edit: (inout WaveParameters) -> Void = { _ in }) throws -> [WaveSpec] {
        let p = WaveParameters()
        var waves = WaveSpec.stack(n, back: p.backWave, front: p.frontWave)
        for e in edits { try WaveSpec.apply(e, to: &waves) }
        return waves
    }

    /// Two waves are the classic pair: the back one's offset 90 degrees (cos), the colours the
    /// classic ones; the stack draws what the classic path draws, within 1/255.
    @Test func twoWavesAreTheClassicPair() throws {
        let p = WaveParameters()
        let two = WaveSpec.stack(2, back: p.backWave, front: p.frontWave)
        #expect(two.map(\.color) == [p.backWave, p.frontWave] && two.map(\.phase) == [90, 0])
        let classic = try smallScene { $0.width = 120; $0.height = 93 }
        let stacked = try smallScene { $0.width = 120; $0.height = 93; $0.waves = two }
        for n in [0, 77, 150, 263] {
            classic.update(frame: n); stacked.update(frame: n)
            for (a, b) in zip(classic.waves, stacked.waves) {
                #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }, "frame \(n)")
            }
            let d = ImageCompare.compare(render(classic, frame: n), render(stacked, frame: n), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
        }
    }

    /// Every stack size the flag accepts is valid as made (offsets within range) and draws the
    /// same in both renderers, on the smallest canvas too.
    @Test func everyStackSizeIsValidAndDraws() throws {
        let p = WaveParameters()
        for n in WaveSpec.countRange {
            let waves = WaveSpec.stack(n, back: p.backWave, front: p.frontWave)
            #expect(waves.allSatisfy { WaveSpec.phaseRange.contains($0.phase) }, "\(n) waves: \(waves.map(\.phase))")
            for (w, h) in [(90, 70), (1, 1)] {
                let make = { try smallScene { $0.width = w; $0.height = h; $0.waves = waves; $0.waterGradient = Self.deep } }
                let scene = try make()
                let layers = WaveLayerScene(scene: try make())
                layers.update(frame: 77)
                let d = ImageCompare.compare(render(scene, frame: 77), layers.render(), tolerance: 1)
                #expect(d.pixelsOverTolerance == 0, "\(n) waves at \(w)x\(h): \(d)")
            }
        }
    }

    /// The window's changed-rows path for a stack: each frame equals a full frame, nothing outside
    /// the reported rows changes, and most frames rewrite fewer rows than the canvas; a still,
    /// flat stack reports none. With and without a label and a ring over it.
    @Test(arguments: [false, true])
    func changedRowsFramesEqualFullFrames(_ overlays: Bool) throws {
        let p0 = WaveParameters()
        var waves = WaveSpec.stack(3, back: p0.backWave, front: p0.frontWave)
        try WaveSpec.apply("1:amplitude=9,frequency=0.7,speed=2", to: &waves)
        for still in [false, true] {
            var p = WaveParameters()
            p.width = 120; p.height = 100
            p.waves = waves; p.waterGradient = Self.deep
            if overlays { p.label = "{p}%"; p.borderWidth = 3 }
            if still {
                p.progress = 0.5; p.amplitude = 0
                p.waves = waves.map { var w = $0; w.amplitude = 0; return w }
            }
            let ind = try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .circle)))
            let full = try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .circle)))
            let partial = checkChangedRows(ind, against: full, frames: 150, still: still)
            // A new label text (about every third frame here) redraws every row.
            #expect(partial > (overlays ? 60 : 100), "only \(partial) of 149 frames drew fewer rows than the canvas")
        }
    }

    /// Each wave's surface is `A_j sin(k_j (x - inkMinX) + s_j d_j phi + o_j)` around the shared level.
    @Test func eachWaveFollowsItsOwnSine() throws {
        let waves = try Self.stack(3, ["1:amplitude=3,frequency=1.5,speed=0.5", "2:direction=right,phase=45", "3:speed=0"])
        let scene = try smallScene { $0.width = 120; $0.height = 93; $0.waves = waves; $0.progress = 0.5 }
        let k0 = 2 * Double.pi / scene.waveWidth
        let level = scene.top(progress: 0.5) + scene.amplitude
        let minX = scene.layout.inkBox.minX
        for n in [0, 13, 100] {
            scene.update(frame: n)
            let phi = Double(n) * 8
            let expected: [(Double, Double, Double)] = [  // amplitude, wavenumber, phase (degrees)
                (3, 1.5 * k0, phi * 0.5 + 90 * 2), (scene.amplitude, 0.3 * k0, -phi + 45), (scene.amplitude, 0.3 * k0, 0),
            ]
            for (j, (a, k, q)) in expected.enumerated() {
                for x in [0, 31, 120] {
                    let y = a * Double.sine(k * (Double(x) - minX) + q * .pi / 180) + level
                    #expect(abs(scene.waves[j][x] - y) < 1e-6, "frame \(n) wave \(j + 1) x \(x): \(scene.waves[j][x]) vs \(y)")
                }
            }
        }
        // A wave at speed 0 stands still; the loop is the slowest wave's (4 deg a frame: 90 frames).
        scene.update(frame: 0)
        let still = scene.waves[2]
        scene.update(frame: 37)
        #expect(scene.waves[2] == still)
        #expect(scene.phasePeriodFrames == 90)
    }

    /// The fast path equals the layer version within 1/255, with and without the gradient, on text
    /// and on a circle, with waves of every kind.
    @Test(arguments: [false, true])
    func fastMatchesTheLayerVersion(_ gradient: Bool) throws {
        let waves = try Self.stack(4, ["1:amplitude=9,frequency=0.8", "2:direction=right,color=#C0304080", "4:speed=2,color=#2050E0D0"])
        let edit: (inout WaveParameters) -> Void = { p in
            p.width = 140; p.height = 110
            p.waves = waves
            p.waterGradient = gradient ? Self.deep : nil
        }
        for (name, make) in [("text", { try smallScene(edit) }), ("circle", { try outlineScene(try ContainerOutline(shape: .circle), edit) })] as [(String, () throws -> WaveScene)] {
            for n in [0, 40, 150, 299] {
                let scene = try make()
                let layers = WaveLayerScene(scene: try make())
                layers.update(frame: n)
                let d = ImageCompare.compare(render(scene, frame: n), layers.render(), tolerance: 1)
                #expect(d.pixelsOverTolerance == 0, "\(name) frame \(n): \(d)")
            }
        }
    }

    /// The gradient runs from each wave's colour at the ink box's top to the gradient's at its
    /// bottom, its alpha kept: a full, flat, opaque front wave shows both ends.
    @Test func theGradientRunsDownTheInkBox() throws {
        var waves = try Self.stack(1)
        waves[0].color = Color(r: 250, g: 250, b: 20)
        let scene = try outlineScene(try ContainerOutline(shape: .rect)) { p in
            p.width = 100; p.height = 100
            p.waves = waves; p.waterGradient = Self.deep
            p.progress = 1; p.amplitude = 0
        }
        let px = render(scene, frame: 0)
        let box = scene.layout.inkBox
        func pixel(_ y: Int) -> [UInt8] { let k = (y * 100 + 50) * 4; return Array(px.bytes[k ..< k + 4]) }
        let topRow = Int(box.minY.rounded(.up)) + 1, bottomRow = Int(box.maxY.rounded(.down)) - 2
        func expected(_ y: Int) -> [Double] {
            let t = (Double(y) + 0.5 - box.minY) / box.height
            return [250 + (0x10 - 250) * t, 250 + (0x30 - 250) * t, 20 + (0x80 - 20) * t, 255]
        }
        for y in [topRow, Int((box.minY + box.maxY) / 2), bottomRow] {
            let got = pixel(y), want = expected(y)
            #expect(zip(got, want).allSatisfy { abs(Double($0) - $1) <= 1 }, "row \(y): \(got) vs \(want)")
        }
    }

    @Test func badWavesAreRefusedNamingTheFlag() throws {
        var waves = try Self.stack(3)
        for bad in ["4:speed=1", "0:speed=1", "x", "2:speed", "2:speed=99", "2:bogus=1", "2:color=blue", "2:direction=up",
                    "2:amplitude=-1", "2:phase=400", "2:frequency=nan"] {
            #expect(throws: SettingError.self, "\(bad)") { try WaveSpec.apply(bad, to: &waves) }
            do { try WaveSpec.apply(bad, to: &waves) } catch let e as SettingError { #expect(e.key == "wave", "\(bad)") }
        }
        var p = WaveParameters()
        p.waves = []
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "waves" }
        p.waves = Array(repeating: WaveSpec(color: .black), count: 9)
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "waves" }
        p.waves = [WaveSpec(color: .black, speed: 40)]
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "wave" }
    }

    /// Reduced motion halves every wave's own amplitude too.
    @Test func reducedMotionHalvesEachWave() throws {
        let waves = try Self.stack(2, ["1:amplitude=8"])
        let scene = try smallScene { $0.width = 120; $0.height = 93; $0.waves = waves; $0.reducedMotion = true }
        #expect(scene.stack?[0].amplitude == 4)
        #expect(scene.stack?[1].amplitude == scene.amplitude)
    }
}

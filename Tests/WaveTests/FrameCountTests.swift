import Testing
import Geometry
import Raster
@testable import Wave
import Foundation

/// SCENE.md's formulas, written out independently of the implementation.
func expectedPhase(_ n: Int, step: Double) -> Double {
    var p = fmod(Double(n) * step, 360)
    if p < 0 { p += 360 }
    return p
}

func smallScene(_ edit: (inout WaveParameters) -> Void = { _ in }) throws -> WaveScene {
    var p = WaveParameters()
    p.width = 40; p.height = 31
    edit(&p)
    return try WaveScene(parameters: p)
}

@Suite struct FrameCountTests {
    @Test func phaseAndProgressNeverDriftOverAMillionTicks() throws {
        let scene = try smallScene()
        var n = 0
        var worstPhase = 0.0, worstProgress = 0.0
        while n <= 1_000_000 {
            scene.update(frame: n)
            if n % 997 == 0 || n > 999_000 {
                worstPhase = max(worstPhase, abs(scene.state.phaseDegrees - expectedPhase(n, step: 8)))
                worstProgress = max(worstProgress, abs(scene.state.progress - Double(n % 300) / 300))
            }
            n += 1
        }
        #expect(worstPhase == 0)
        #expect(worstProgress == 0)
        #expect(scene.state.phaseDegrees == expectedPhase(1_000_000, step: 8))
        #expect(scene.state.phaseDegrees == 80)     // 8e6 = 22222 * 360 + 80
        #expect(scene.state.progress == Double(1_000_000 % 300) / 300)
    }

    @Test func timeBasedModeFollowsTheTimestamp() throws {
        let scene = try smallScene { $0.phaseSpeed = 480; $0.riseDuration = 5; $0.fps = 120 }
        for n in [0, 1, 59, 600, 601, 1_000_000] {
            scene.update(frame: n)
            let t = Double(n) / 120
            #expect(abs(scene.state.phaseDegrees - fmod(480 * t, 360)) < 1e-6)
            #expect(abs(scene.state.progress - fmod(t, 5) / 5) < 1e-9)
        }
        // The same speed at 60 and 120 Hz: the same image at the same time.
        let at60 = try smallScene { $0.phaseSpeed = 480; $0.riseDuration = 5; $0.fps = 60 }
        at60.update(frame: 300)
        scene.update(frame: 600)
        #expect(abs(at60.state.phaseDegrees - scene.state.phaseDegrees) < 1e-9)
        #expect(abs(at60.state.progress - scene.state.progress) < 1e-12)
    }

    @Test func fixedProgressAndNegativeStep() throws {
        let scene = try smallScene { $0.progress = 0.4; $0.phaseStep = -8 }
        scene.update(frame: 3)
        #expect(scene.state.progress == 0.4)
        #expect(scene.state.phaseDegrees == 336)
    }

    @Test func polygonsAreTheFormulaSampledAtPixelBoundaries() throws {
        let scene = try smallScene { $0.width = 120; $0.height = 90 }
        for n in [0, 1, 44, 45, 150, 299] {
            scene.update(frame: n)
            let w = 120, lay = scene.layout, a = scene.amplitude
            let phi = expectedPhase(n, step: 8) * Double.pi / 180
            let top = lay.inkBox.maxY - Double(n % 300) / 300 * (lay.inkH + 2 * a)
            let front = scene.frontPolygon(), back = scene.backPolygon()
            #expect(front.count == w + 3 && back.count == w + 3)
            var lowest = Double(90)
            for x in 0 ... w {
                let arg = 2 * Double.pi * 0.3 * (Double(x) - lay.inkBox.minX) / lay.inkW + phi
                let ys = top + a * sin(arg) + a, yc = top + a * cos(arg) + a
                #expect(front[x].x == Double(x) && back[x].x == Double(x))
                #expect(abs(front[x].y - ys) < 1e-9, "front x=\(x) n=\(n)")
                #expect(abs(back[x].y - yc) < 1e-9, "back x=\(x) n=\(n)")
                lowest = max(lowest, ys, yc)
            }
            #expect(front[w + 1] == Point(Double(w), lowest + 10))
            #expect(front[w + 2] == Point(0, lowest + 10))
            #expect(back[w + 1] == front[w + 1] && back[w + 2] == front[w + 2])
        }
    }

    @Test func loopLengthCombinesPhasePeriodAndRise() throws {
        #expect(try smallScene().loopFrames == 900)             // lcm(45, 300)
        #expect(try smallScene { $0.phaseStep = 7 }.loopFrames == 360 * 300 / 60)   // lcm(360, 300) = 1800
        #expect(try smallScene { $0.progress = 0.5 }.loopFrames == 45)
        #expect(try smallScene { $0.phaseSpeed = 90 }.loopFrames == nil)
    }
}

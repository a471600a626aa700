import Testing
import Raster
@testable import Wave
import Foundation

/// `WaveScene.repeatLength`: the length of a seamless loop, checked against SCENE.md's formulas and
/// against rendered pixels.
@Suite struct RepeatLengthTests {
    /// The first n >= 1 whose phase and progress by SCENE.md's formulas equal tick 0's (frame-based).
    static func bruteForce(step: Double, rise: Int, progressFixed: Bool, limit: Int) -> Int? {
        (1 ... limit).first { n in
            let d = abs(expectedPhase(n, step: step) - expectedPhase(0, step: step))
            return min(d, 360 - d) < 1e-9 && (progressFixed || n % rise == 0)
        }
    }

    @Test(arguments: [8.0, 7, 36, 45, 90, 360, 0, -12, 7.5, 2.25])
    func frameBasedIsTheShortestRepeat(step: Double) throws {
        for (rise, fixed) in [(300, false), (25, false), (300, true)] {
            let scene = try smallScene { $0.phaseStep = step; $0.riseFrames = rise; if fixed { $0.progress = 0.4 } }
            let expected = Self.bruteForce(step: step, rise: rise, progressFixed: fixed, limit: 200_000)
            #expect(scene.repeatLength() == expected, "step \(step), rise \(rise), fixed \(fixed)")
            if step == step.rounded() { #expect(scene.loopFrames == expected) }
        }
    }

    @Test func timeBasedRepeatsWhenSpeedRiseAndFpsAreCommensurate() throws {
        // 480 deg/s: a phase period of 0.75 s; with a 5 s rise they meet at 15 s.
        #expect(try smallScene { $0.phaseSpeed = 480; $0.riseDuration = 5 }.repeatLength() == 900)
        #expect(try smallScene { $0.phaseSpeed = 480; $0.riseDuration = 5; $0.fps = 120 }.repeatLength() == 1800)
        #expect(try smallScene { $0.phaseSpeed = 480; $0.progress = 0.5 }.repeatLength() == 45)
        // Only --rise-duration: the phase speed is step x fps = 480 deg/s.
        #expect(try smallScene { $0.riseDuration = 0.5 }.repeatLength() == 90)
        // 30 fps cannot show the 0.75 s phase period on a tick boundary (22.5 ticks): 45 ticks.
        #expect(try smallScene { $0.phaseSpeed = 480; $0.progress = 0.5; $0.fps = 30 }.repeatLength() == 45)
    }

    @Test func noRepeatWithinTheLimitIsNil() throws {
        #expect(try smallScene { $0.phaseSpeed = 100; $0.riseDuration = 0.123456789 }.repeatLength(limit: 200_000) == nil)
        #expect(try smallScene().repeatLength(limit: 899) == nil)
        #expect(try smallScene().repeatLength(limit: 900) == 900)
    }

    @Test func theFrameAfterTheLoopIsFrameZeroPixelForPixel() throws {
        let cases: [(inout WaveParameters) -> Void] = [
            { _ in }, { $0.phaseStep = 7.5; $0.riseFrames = 64 },
            { $0.phaseSpeed = 480; $0.riseDuration = 0.5 }, { $0.phaseSpeed = 600; $0.progress = 0.3; $0.fps = 50 },
        ]
        for (i, edit) in cases.enumerated() {
            let scene = try smallScene(edit)
            let n = try #require(scene.repeatLength())
            let renderer = WaveRenderer(scene: scene)
            var a = Pixmap(width: 40, height: 31), b = a, last = a
            scene.update(frame: 0); renderer.render(into: &a)
            scene.update(frame: n); renderer.render(into: &b)
            scene.update(frame: n - 1); renderer.render(into: &last)
            #expect(a == b, "case \(i): frame \(n) differs from frame 0")
            #expect(n == 1 || last != a, "case \(i): frame \(n - 1) already equals frame 0")
        }
    }
}

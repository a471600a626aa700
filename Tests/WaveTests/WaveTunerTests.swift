import Testing
@testable import Wave

/// The live knobs without a window: what each action changes and prints.
@Suite struct WaveTunerTests {
    @Test func framesAdvancePerTickAndStopWhilePaused() {
        var t = WaveTuner(parameters: WaveParameters())
        for _ in 0 ..< 31 { t.tick(interval: 1.0 / 60) }
        #expect(t.frame == 30)
        #expect(abs(t.time - 0.5) < 1e-12)
        #expect(t.apply(.togglePause, amplitude: 0).line == "paused at frame 30")
        for _ in 0 ..< 10 { t.tick(interval: 1.0 / 60) }
        #expect(t.frame == 30 && abs(t.time - 0.5) < 1e-12)
        #expect(t.apply(.togglePause, amplitude: 0).line == "resumed at frame 30")
        t.tick(interval: 1.0 / 60)
        #expect(t.frame == 31)
        #expect(t.apply(.restart, amplitude: 0).line == "restarted at frame 0")
        #expect(t.sceneTime.index == 0 && t.sceneTime.timestamp == 0)
        t.tick(interval: 1.0 / 60)
        #expect(t.frame == 1)
    }

    @Test func amplitudeStepsToWholePixelsAndStopsAtZero() {
        var t = WaveTuner(parameters: WaveParameters())
        var c = t.apply(.amplitude(1), amplitude: 29.86)
        #expect(c.line == "amplitude 30 px" && c.parametersChanged)
        c = t.apply(.amplitude(1), amplitude: 30)
        #expect(t.parameters.amplitude == 31)
        c = t.apply(.amplitude(-1), amplitude: 0.4)
        #expect(t.parameters.amplitude == 0 && c.line == "amplitude 0 px")
        c = t.apply(.amplitude(-1), amplitude: 0)
        #expect(t.parameters.amplitude == 0 && !c.parametersChanged)
    }

    @Test func phaseStepFrequencyAndProgress() {
        var t = WaveTuner(parameters: WaveParameters())
        #expect(t.apply(.phaseStep(1), amplitude: 0).line == "phase step 9 deg/frame")
        #expect(t.apply(.phaseStep(-1), amplitude: 0).line == "phase step 8 deg/frame")
        #expect(t.apply(.frequency(1), amplitude: 0).line == "frequency 0.35")
        for _ in 0 ..< 10 { _ = t.apply(.frequency(-1), amplitude: 0) }
        #expect(t.parameters.frequency == 0)
        #expect(t.apply(.progress(0.5), amplitude: 0).line == "progress 0.5 (fixed)")
        #expect(t.apply(.progress(0.24839), amplitude: 0).line == "progress 0.248 (fixed)")
        #expect(t.apply(.progress(1.7), amplitude: 0).line == "progress 1 (fixed)")
        #expect(t.apply(.progress(nil), amplitude: 0).line == "progress: repeating rise")
        #expect(t.parameters.progress == nil)
    }

    @Test func timeBasedToggleDerivesAndRestoresSpeeds() {
        var t = WaveTuner(parameters: WaveParameters())
        #expect(t.apply(.toggleTimeBased, amplitude: 0).line == "time-based stepping: 480 deg/s, rise 5 s")
        #expect(t.parameters.isTimeBased)
        #expect(t.apply(.phaseStep(1), amplitude: 0).line == "phase speed 540 deg/s")
        #expect(t.apply(.toggleTimeBased, amplitude: 0).line == "frame-based stepping: 8 deg/frame, rise 300 frames")
        #expect(!t.parameters.isTimeBased)
        // Back to time-based: the speed tuned before comes back.
        _ = t.apply(.toggleTimeBased, amplitude: 0)
        #expect(t.parameters.phaseSpeed == 540)
        #expect(t.parameters.phaseSpeed == 540 && t.parameters.riseDuration == 5)
    }

    @Test func overlaysToggleWithoutTouchingParameters() {
        var t = WaveTuner(parameters: WaveParameters())
        let c = t.apply(.toggleHelp, amplitude: 0)
        #expect(c == WaveTuner.Change(line: "help overlay on", parametersChanged: false) && t.showsHelp)
        #expect(t.apply(.toggleStats, amplitude: 0).line == "stats overlay on" && t.showsStats)
        #expect(t.apply(.toggleHelp, amplitude: 0).line == "help overlay off" && !t.showsHelp)
        #expect(t.parameters == WaveParameters())
    }

    @Test func resizeChangesTheCanvas() {
        var t = WaveTuner(parameters: WaveParameters())
        t.resize(width: 300, height: 120)
        #expect(t.parameters.width == 300 && t.parameters.height == 120)
    }
}

import Testing
import WaveFill
import WaveFillApp

@Suite struct CommandLineTests {
    @Test func defaultsGiveNoFlagsAndChangesGiveTheirFlags() {
        #expect(WaveParameters().commandLineArguments.isEmpty)
        var p = WaveParameters()
        p.width = 80; p.height = 62; p.amplitude = 4.5; p.phaseStep = 12; p.frontWave = Color(r: 1, g: 2, b: 3, a: 4)
        p.text = "it's"
        #expect(p.commandLineArguments == ["--size", "80x62", "--text", "it's", "--amplitude", "4.5", "--phase-step", "12",
                                           "--front-wave", "#01020304"])
        #expect(p.commandLine() == "wavefill render --size 80x62 --text 'it'\\''s' --amplitude 4.5 --phase-step 12 --front-wave '#01020304'")
    }
}

extension CommandLineTests {
    /// The tuner's time-based speed and a resize reach the command line a window prints.
    @Test func tunedParametersGiveTheirFlags() {
        var t = WaveTuner(parameters: WaveParameters())
        _ = t.apply(.toggleTimeBased, amplitude: 0)
        _ = t.apply(.phaseStep(1), amplitude: 0)
        #expect(t.parameters.commandLine(subcommand: "run") == "wavefill run --phase-speed 540 --rise-duration 5")
        t.resize(width: 300, height: 120)
        #expect(t.parameters.commandLine(subcommand: "run") == "wavefill run --size 300x120 --phase-speed 540 --rise-duration 5")
    }
}

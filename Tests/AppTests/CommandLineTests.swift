import Testing
import WaveFill
import WaveFillApp

@Suite struct CommandLineTests {
    static func setup(_ pairs: [(String, SettingValue)]) throws -> SceneSetup {
        var s = SceneSettings()
        for (k, v) in pairs { s.set(k, v) }
        return try SceneSetup(flags: s, preset: nil)
    }

    @Test func defaultsGiveNoFlagsAndChangesGiveTheirFlags() throws {
        #expect(try Self.setup([]).arguments().isEmpty)
        // Values equal to their defaults are left out; the rest follow the declarations' order.
        let s = try Self.setup([("front-wave", .string("#01020304")), ("amplitude", .string("4.5")), ("text", .string("it's")),
                                ("phase-step", .number(12)), ("size", .string("80x62")), ("frequency", .number(0.3))])
        #expect(s.arguments() == ["--size", "80x62", "--text", "it's", "--amplitude", "4.5", "--phase-step", "12",
                                  "--front-wave", "#01020304"])
        #expect(s.commandLine(subcommand: "render") == "wavefill render --size 80x62 --text 'it'\\''s' --amplitude 4.5 --phase-step 12 --front-wave '#01020304'")
    }

    /// The tuner's time-based speed reaches the command line a window prints.
    @Test func tunedParametersGiveTheirFlags() throws {
        let s = try Self.setup([])
        let scene = try s.makeScene()
        _ = scene.perform(.switchTiming, atFrame: 0)
        _ = scene.perform(.adjust("phase-step", 1), atFrame: 0)
        #expect(s.commandLine(subcommand: "run", adjusted: scene.adjustedSettings) == "wavefill run --phase-speed 540 --rise-duration 5")
    }

    /// A switch toggled by a key is on the line whatever else is set (a container other than text).
    @Test func aToggledSwitchIsOnTheLineBesideOtherFlags() throws {
        let s = try Self.setup([("shape", .string("circle"))])
        let scene = try s.makeScene()
        _ = scene.perform(.adjust("reduced-motion", 1), atFrame: 0)
        #expect(s.commandLine(subcommand: "run", adjusted: scene.adjustedSettings) == "wavefill run --shape circle --reduced-motion")
    }

    /// The label, the motion and the stack, in the declarations' order.
    @Test func labelMotionAndStackAreOnTheLine() throws {
        let s = try Self.setup([("label", .string("{p}%")), ("label-size", .number(30)), ("label-color", .string("#010203")),
                                ("border-width", .number(4)), ("border-gap", .number(1.5)), ("progress-at", .string("0:0.5,60:1")),
                                ("transition", .number(0.25)), ("easing", .string("ease-out")), ("fill-mapping", .string("area")),
                                ("reduced-motion", .bool(true)), ("waves", .number(3)), ("wave", .strings(["2:speed=0.5,direction=right"])),
                                ("water-gradient", .string("#010203"))])
        #expect(s.commandLine(subcommand: "render") == "wavefill render --waves 3 --wave 2:speed=0.5,direction=right --progress-at 0:0.5,60:1 --transition 0.25 --easing ease-out --fill-mapping area --reduced-motion --label '{p}%' --label-size 30 --label-color '#010203' --border-width 4 --border-gap 1.5 --water-gradient '#010203'")
    }
}

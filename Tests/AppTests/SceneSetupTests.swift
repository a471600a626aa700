import Testing
import Foundation
import TestSupport
import WaveFill
import WaveFillApp

/// Settings layered for every scene, the registry, presets that remember their scene, and the
/// refusal of another scene's settings: the application logic, reached without a command line.
@Suite struct SceneSetupTests {
    /// Flags as a command line would give them.
    static func flags(_ pairs: [(String, SceneSettings.Value)]) -> SceneSettings {
        var s = SceneSettings()
        for (k, v) in pairs { s.set(k, v) }
        return s
    }

    /// One small canvas per scene, with a setting of its own.
    static let cases: [(SceneKind, [(String, SceneSettings.Value)])] = [
        (.wave, [("size", .string("96x74")), ("amplitude", .number(5)), ("front-wave", .string("#1C7ED6"))]),
        (.marquee, [("scene", .string("marquee")), ("size", .string("120x40")), ("rate", .number(90)), ("text-color", .string("#E91E63"))]),
        (.stroke, [("scene", .string("stroke")), ("size", .string("120x60")), ("text", .string("Ok")), ("stroke-width", .number(3))]),
        (.spread, [("scene", .string("spread")), ("size", .string("120x60")), ("text", .string("Tab")), ("select-at", .number(3))]),
        (.morph, [("scene", .string("morph")), ("size", .string("120x60")), ("texts", .string("Yes,To")), ("interval", .number(1.5))]),
    ]

    @Test(arguments: 0 ..< cases.count)
    func everySceneIsMadeAndSavesAPresetThatMakesItAgain(_ i: Int) throws {
        let (kind, pairs) = Self.cases[i]
        let setup = try SceneSetup(flags: Self.flags(pairs), preset: nil)
        #expect(setup.kind == kind)
        let scene = try setup.makeScene()
        #expect(scene.kind == kind.rawValue)
        let frame = 40
        let expected = scene.render(frame: frame)

        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/p.json"
        try setup.savePreset(to: path, force: false)
        let json = try String(contentsOfFile: path, encoding: .utf8)
        #expect(json.contains("\"scene\": \"\(kind.rawValue)\""), "\(json)")
        // Existing files are kept unless forced.
        #expect(throws: ParameterError.self) { try setup.savePreset(to: path, force: false) }

        let again = try SceneSetup(flags: SceneSettings(), preset: path)
        #expect(again.kind == kind)
        let scene2 = try again.makeScene()
        #expect(scene2.width == scene.width && scene2.height == scene.height)
        #expect(scene2.render(frame: frame) == expected, "\(kind): the preset makes another frame")
        // Saving again gives the same file.
        let path2 = dir + "/p2.json"
        try again.savePreset(to: path2, force: false)
        #expect(try String(contentsOfFile: path2, encoding: .utf8) == json)
    }

    @Test func settingsOfAnotherSceneAreRefusedBothWays() throws {
        func refusal(_ pairs: [(String, SceneSettings.Value)]) -> String? {
            do { _ = try SceneSetup(flags: Self.flags(pairs), preset: nil); return nil } catch { return "\(error)" }
        }
        #expect(refusal([("scene", .string("marquee")), ("amplitude", .number(3))])?.contains("--amplitude: applies to --scene wave only (the scene is marquee)") == true)
        #expect(refusal([("rate", .number(3))])?.contains("--rate: applies to --scene marquee only (the scene is wave)") == true)
        #expect(refusal([("scene", .string("spread")), ("progress", .number(0.5))])?.contains("--progress: applies to --scene wave or stroke only") == true)
        #expect(refusal([("scene", .string("stroke")), ("mask-image", .string("x.png"))])?.contains("--mask-image") == true)
        #expect(refusal([("scene", .string("bogus"))])?.contains("--scene: 'bogus' is not a scene") == true)
    }

    @Test func aPresetOfAnotherSceneIsNamedInTheError() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/m.json"
        try #"{"scene": "marquee", "rate": 80}"#.write(toFile: path, atomically: true, encoding: .utf8)
        // The preset's scene is taken when --scene is not given.
        #expect(try SceneSetup(flags: SceneSettings(), preset: path).kind == .marquee)
        // --scene of another scene is a conflict, named.
        do {
            _ = try SceneSetup(flags: Self.flags([("scene", .string("wave"))]), preset: path)
            Issue.record("a marquee preset was accepted for the wave")
        } catch {
            #expect("\(error)".hasPrefix("--scene: 'wave', but the preset"), "\(error)")
        }
        // A key of another scene inside a preset names the file and the key.
        let bad = dir + "/b.json"
        try #"{"scene": "marquee", "amplitude": 3}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        do {
            _ = try SceneSetup(flags: SceneSettings(), preset: bad)
            Issue.record("a wave key was accepted in a marquee preset")
        } catch {
            #expect("\(error)".contains("b.json") && "\(error)".contains("\"amplitude\""), "\(error)")
        }
    }

    @Test func commandLinesReproduceEveryScene() throws {
        let setup = try SceneSetup(flags: Self.flags([("scene", .string("spread")), ("text", .string("Tab it")), ("select-at", .string("never"))]), preset: nil)
        #expect(setup.commandLine(subcommand: "render") == "wavefill render --scene spread --text 'Tab it' --select-at never")
        let wave = try SceneSetup(flags: Self.flags([("amplitude", .number(4))]), preset: nil)
        #expect(wave.commandLine(subcommand: "run", adjusted: ["frequency": .number(0.5)]) == "wavefill run --amplitude 4 --frequency 0.5")
    }

    @Test func theDefaultsShowEachEffect() throws {
        func scene(_ kind: SceneKind) throws -> any Scene {
            try SceneSetup(flags: Self.flags([("scene", .string(kind.rawValue))]), preset: nil).makeScene()
        }
        // The marquee's default caption scrolls at the default size.
        let m = try scene(.marquee)
        #expect(m.render(frame: 0) != m.render(frame: 60))
        // The spread selects and deselects by itself.
        let s = try scene(.spread)
        #expect(s.render(frame: 0) != s.render(frame: 60))
        #expect(s.render(frame: 0) == s.render(frame: 200))
        // The morph changes within its first three seconds.
        let mo = try scene(.morph)
        #expect(mo.render(frame: 0) != mo.render(frame: 180))
    }
}

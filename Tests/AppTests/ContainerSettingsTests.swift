import Testing
import Foundation
import TestSupport
import WaveFill
import WaveFillApp

/// The wave's container settings: one source, qualifiers that need theirs, and presets and command
/// lines that make the same container again.
@Suite struct ContainerSettingsTests {
    static func setup(_ pairs: [(String, SceneSettings.Value)]) throws -> SceneSetup {
        try SceneSetup(flags: SceneSetupTests.flags([("size", .string("96x74"))] + pairs), preset: nil)
    }

    static func error(_ pairs: [(String, SceneSettings.Value)]) -> String {
        do { _ = try setup(pairs).makeScene(); return "" } catch { return "\(error)" }
    }

    @Test func exactlyOneContainerSource() {
        #expect(Self.error([("shape", .string("heart")), ("path", .string("M0 0H1V1Z"))]).hasPrefix("--path: cannot be combined with --shape"))
        #expect(Self.error([("mask-image", .string("a.png")), ("svg", .string("b.svg"))]).hasPrefix("--svg: cannot be combined with --mask-image"))
        // Text given as a flag is a container too; the preset's text (the default "du") is not.
        #expect(Self.error([("text", .string("Wave")), ("shape", .string("heart"))]).hasPrefix("--text: applies only without --mask-image, --shape, --path or --svg"))
        #expect(Self.error([("shape", .string("heart"))]) == "")
        #expect(Self.error([("corner-radius", .number(4))]).hasPrefix("--corner-radius: applies only with --shape rounded-rect"))
        #expect(Self.error([("shape", .string("heart")), ("fill-rule", .string("evenodd"))]).hasPrefix("--fill-rule: applies only with --path"))
        #expect(Self.error([("path", .string("M0 0H1V1Z")), ("fill-rule", .string("odd"))]).hasPrefix("--fill-rule: 'odd' is not one of"))
        #expect(Self.error([("shape", .string("hexagon"))]).hasPrefix("--shape: 'hexagon' is not one of circle, rect, rounded-rect"))
        #expect(Self.error([("shape", .string("circle")), ("corner-radius", .number(3))]).hasPrefix("--corner-radius: applies only with --shape rounded-rect"))
        #expect(Self.error([("path", .string("M0 0 L5 q"))]) == "--path: malformed path data at character 8 ('q'): expected a number")
        #expect(Self.error([("path", .string("M0 0 L10 0 Z"))]).hasPrefix("--path: the outline encloses no area"))
    }

    @Test func commandLineAndPresetCarryTheContainer() throws {
        let s = try Self.setup([("shape", .string("rounded-rect")), ("corner-radius", .number(12.5))])
        #expect(s.commandLine(subcommand: "run") == "wavefill run --size 96x74 --shape rounded-rect --corner-radius 12.5")
        let p = try Self.setup([("path", .string("M0 0H10V10Z")), ("fill-rule", .string("evenodd"))])
        #expect(p.commandLine(subcommand: "render") == "wavefill render --size 96x74 --path 'M0 0H10V10Z' --fill-rule evenodd")
        // The preset's text (here not the default) is left out: the shape is the container.
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{\"text\": \"Wave\", \"font-size\": 20}".write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let overText = try SceneSetup(flags: SceneSetupTests.flags([("shape", .string("star"))]), preset: dir + "/t.json")
        #expect(overText.commandLine(subcommand: "run") == "wavefill run --shape star")
        let json = try s.presetJSON()
        #expect(json.contains("\"shape\": \"rounded-rect\",\n  \"corner-radius\": 12.5\n") && !json.contains("\"path\""), "\(json)")
    }

    @Test func presetRoundTripMakesTheSameScene() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><path fill-rule='evenodd' d='M0 0H100V100H0Z M25 25H75V75H25Z'/></svg>"
        try svg.write(toFile: dir + "/ring.svg", atomically: true, encoding: .utf8)
        // A relative svg path in a preset is taken from the preset's folder.
        try "{\"size\": \"96x74\", \"svg\": \"ring.svg\", \"progress\": 0.5}".write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let first = try SceneSetup(flags: SceneSettings(), preset: dir + "/p.json")
        try first.savePreset(to: dir + "/again.json", force: false)
        let saved = try String(contentsOfFile: dir + "/again.json", encoding: .utf8)
        #expect(saved.contains("\"svg\": \"\(dir)/ring.svg\""))
        let second = try SceneSetup(flags: SceneSettings(), preset: dir + "/again.json")
        let a = try first.makeScene(), b = try second.makeScene()
        let pa = a.render(frame: 0), pb = b.render(frame: 0)
        #expect(pa == pb && pa.width == 96)
        // The ring's hole shows the background.
        #expect(pa.pixel(48, 37) == SIMD4<UInt8>(255, 255, 255, 255))
    }
}

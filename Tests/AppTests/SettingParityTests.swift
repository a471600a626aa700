import Testing
import Foundation
import TestSupport
@testable import WaveFillApp
import WaveFill

/// Every setting of every scene, set four ways: as a flag, in a preset, in the panel, and through
/// the command line the window prints (`c`). Each gives the identical frame, and a different one
/// from the scene without it. The table of samples below must name exactly the declared settings:
/// a setting declared without a sample, or a sample whose declaration is gone, fails.
@Suite struct SettingParityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    /// A value for a setting, the other settings it needs, and the frame where it shows.
    struct Sample: Sendable {
        var value: String
        var with: [(String, String)] = []
        var frame: Int? = nil
    }

    static func s(_ value: String, _ with: [(String, String)] = [], frame: Int? = nil) -> Sample {
        Sample(value: value, with: with, frame: frame)
    }

    /// The frame each scene is compared at (unless a sample says otherwise).
    static let frames = ["wave": 150, "marquee": 40, "stroke": 100, "spread": 30, "morph": 150]

    static let samples: [String: [String: Sample]] = [
        "wave": [
            "size": s("100x80"), "fps": s("24", [("phase-speed", "300")], frame: 40), "background": s("#102030"), "text": s("Wa"), "font": s(serif),
            "font-size": s("30"), "mask-image": s(root + "/Assets/masks/heart.png"), "shape": s("heart"),
            "corner-radius": s("40", [("shape", "rounded-rect")]), "shape-direction": s("down", [("shape", "arrow")]),
            "center": s("30%,35"), "radius": s("20%"), "fit": s("fill", [("shape", "circle")]), "path": s("M0 0H100V100H0Z M25 25H75V75H25Z"),
            "svg": s("@DIR/ring.svg"),
            "fill-rule": s("evenodd", [("path", "M0 0H100V100H0Z M25 25H75V75H25Z")]),
            "amplitude": s("14"), "frequency": s("1.2"), "wave-width": s("30"), "waves": s("3"),
            "wave": s("3:amplitude=12,speed=2,level=0.7", [("waves", "3")]), "phase-step": s("-13"), "phase-speed": s("300"),
            "rise-frames": s("90"), "rise-duration": s("1.5"), "progress": s("0.3"), "progress-to": s("0.9", frame: 20),
            "progress-at": s("0:0.2,100:0.8"), "transition": s("0.4", [("progress-to", "0.9")], frame: 20),
            "easing": s("ease-in", [("progress-to", "0.9")], frame: 20),
            "fill-mapping": s("area", [("shape", "heart"), ("progress", "0.5")]), "reduced-motion": s("true"),
            "label": s("{p}%"), "label-font": s("DejaVu Serif", [("label", "{p}%")]),
            "label-size": s("30", [("label", "{p}%")]), "label-color": s("#FF0000", [("label", "{p}%"), ("progress", "0.1")]),
            "label-inside-color": s("#0000FF", [("label", "{p}%"), ("progress", "0.9")]),
            "label-position": s("top", [("label", "{p}%")]), "label-offset": s("6,-4", [("label", "{p}%")]),
            "label-align": s("left", [("label", "{p}%")]), "label-baseline": s("alphabetic", [("label", "{p}%")]),
            "label-outline-width": s("2.5", [("label", "{p}%")]),
            "label-outline-color": s("#FF0000", [("label", "{p}%"), ("label-outline-width", "2")]),
            "label-fit": s("shrink", [("label", "{p}% full"), ("label-size", "40")]),
            "value-range": s("0:250", [("label", "{v}")]),
            "extra-label": s("position=top,size=10,color=#FF0000,text=Tank {v}, {p}%"),
            "border-width": s("4", [("shape", "circle")]), "border-gap": s("6", [("shape", "circle"), ("border-width", "3")]),
            "border-color": s("#FF0000", [("shape", "circle"), ("border-width", "3")]),
            "text-file": s("@DIR/two.txt"), "wrap": s("60", [("text", "Wave fill")]), "align": s("left", [("text", "Wave\nfi")]),
            "line-height": s("1.6", [("text", "Wa\nve")]), "text-direction": s("rtl", [("text", "ab \u{5E9}\u{5DC}")]),
            "container": s("#FF000080"), "back-wave": s("#0000FF"), "front-wave": s("#FF00FF"), "water-gradient": s("#000080"),
            "water-fill": s("linear(90deg, #FF0000 0, #00FF00 0.5, #0000FF 1)"), "container-fill": s("radial(#FFFFFF, #FF000080)"),
            "background-fill": s("linear(45deg, #102030, #804020)"),
            "border-fill": s("linear(#FF0000, #0000FF)", [("shape", "circle"), ("border-width", "3")]),
            "container-shadow": s("#000000C0 8 2 3", [("shape", "circle")]),
            "border-shadow": s("#FF00FF 5", [("shape", "circle"), ("border-width", "3")]), "wave-shadow": s("#00000080 6 0 -3"),
        ],
        "marquee": [
            "size": s("100x80"), "fps": s("24"), "background": s("#102030"), "text": s("Hello marquee, scrolling by"),
            "font": s(serif), "font-size": s("30"), "text-color": s("#FF0000"), "run": s("Hello |#FF0000|20"),
            "rate": s("90"), "scroll-duration": s("3"), "fade-length": s("30"), "leading-buffer": s("30", frame: 0),
            "trailing-buffer": s("200", frame: 400), "delay": s("1"), "direction": s("right"), "scroll": s("bounce", frame: 400),
            "force-scroll": s("true", [("text", "Hi")]), "text-file": s("@DIR/one.txt"),
            "easing": s("ease-in-out"), "text-align": s("right", [("text", "Hi")]),
        ],
        "stroke": [
            "size": s("100x80"), "fps": s("24"), "background": s("#102030"), "text": s("Ok"), "font": s(serif),
            "font-size": s("30"), "text-color": s("#FF0000", frame: 330), "progress": s("0.3"), "stroke-width": s("5"),
            "stroke-color": s("#FF0000"), "line-join": s("bevel", [("text", "W"), ("stroke-width", "6")]),
            "line-cap": s("butt", [("text", "W"), ("stroke-width", "6")]),
            "miter-limit": s("1", [("line-join", "miter"), ("text", "W"), ("stroke-width", "6")]),
            "text-file": s("@DIR/two.txt"), "wrap": s("60", [("text", "Wave fill")], frame: 330),
            "align": s("left", [("text", "Wave\nfi")], frame: 330), "line-height": s("1.6", [("text", "Wa\nve")], frame: 330),
            "text-direction": s("rtl", [("text", "ab \u{5E9}\u{5DC}")], frame: 330),
            "stroke-duration": s("2"), "fill-duration": s("0.5", frame: 270), "easing": s("ease-in"),
            "glyph-stagger": s("0.5"), "pen-tip": s("12"),
        ],
        "spread": [
            "size": s("100x80"), "fps": s("24"), "background": s("#102030"), "text": s("Tab"), "font": s(serif),
            "font-size": s("30"), "text-color": s("#FF0000", frame: 0), "select-at": s("10"), "deselect-at": s("40", frame: 60), "text-file": s("@DIR/one.txt"),
            "wrap": s("60", [("text", "Tab title")]), "align": s("left", [("text", "Tab\nti")]),
            "line-height": s("1.6", [("text", "Ta\nb")]), "text-direction": s("rtl", [("text", "ab \u{5E9}\u{5DC}")]),
            "shimmer": s("true"), "shimmer-speed": s("100", [("shimmer", "true")]), "shimmer-pause": s("0", [("shimmer", "true")], frame: 60),
            "highlight-length": s("0.3", [("shimmer", "true")]), "shimmer-direction": s("left", [("shimmer", "true")]),
            "shimmer-opacity": s("0.2", [("shimmer", "true")]), "highlight-opacity": s("0.5", [("shimmer", "true")]),
            "shimmer-begin-fade": s("0.6", [("shimmer", "true")], frame: 20), "shimmer-end-fade": s("0.6", [("shimmer", "true")]),
            "shimmer-color": s("#00FF00", [("shimmer", "true")]),
        ],
        "morph": [
            "size": s("100x80"), "fps": s("24"), "background": s("#102030"), "font": s(serif), "font-size": s("30"),
            "text-color": s("#FF0000"), "texts": s("Ab,Cd"), "interval": s("3"), "effect": s("scale"), "seed": s("5"),
            "wrap": s("60", [("texts", "Ab cd,Ef gh")], frame: 0), "align": s("left", [("texts", "Ab\nc,Ef\ng")], frame: 0),
            "line-height": s("1.6", [("texts", "Ab\nc,Ef\ng")], frame: 0),
            "text-direction": s("rtl", [("texts", "ab \u{5E9}\u{5DC},Ef")], frame: 0),
            "morph-duration": s("0.4"), "char-delay": s("0.6"),
        ],
    ]

    static let scenes = SceneRegistry.names

    @Test func theSamplesNameExactlyTheDeclaredSettings() throws {
        #expect(Set(Self.samples.keys) == Set(Self.scenes))
        for scene in SceneRegistry.all {
            let declared = Set(scene.settings.map(\.key))
            let sampled = Set((Self.samples[scene.name] ?? [:]).keys)
            #expect(declared.subtracting(sampled).isEmpty, "\(scene.name): declared without a sample: \(declared.subtracting(sampled).sorted())")
            #expect(sampled.subtracting(declared).isEmpty, "\(scene.name): sampled but not declared: \(sampled.subtracting(declared).sorted())")
        }
    }

    /// The command-line words of `pairs` (a switch alone).
    static func words(_ pairs: [(String, String)], scene: any SceneDefinition) -> [String] {
        pairs.flatMap { k, v -> [String] in
            if scene.declaration(k)?.type == .toggle { return v == "true" ? ["--" + k] : ["--" + k + "=false"] }
            return ["--" + k, v]
        }
    }

    static func render(_ setup: SceneSetup, frame: Int) throws -> Pixmap {
        try setup.makeScene().render(frame: frame)
    }

    /// The preset JSON of `pairs`, each value typed as its declaration reads it.
    static func presetJSON(_ pairs: [(String, String)], scene: any SceneDefinition) throws -> String {
        var entries = ["\"scene\": \"\(scene.name)\""]
        for (k, v) in pairs {
            let d = try #require(scene.declaration(k))
            let checked = try d.check(.string(v))
            let text: String
            switch checked {
            case .number(let n): text = JSONText.number(n)
            case .bool(let b): text = b ? "true" : "false"
            case .strings(let a): text = "[" + a.map(JSONText.quoted).joined(separator: ", ") + "]"
            case .string(let t): text = JSONText.quoted(t)
            case .unset: continue
            }
            entries.append("\(JSONText.quoted(k)): \(text)")
        }
        return "{" + entries.joined(separator: ", ") + "}"
    }

    @Test(arguments: scenes)
    @MainActor func everySettingGivesTheSameFrameByFlagPresetPanelAndCommandLine(scene name: String) throws {
        let scene = try #require(SceneRegistry.scene(name))
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let size = [("size", "100x80")]
        try "<svg xmlns='http://www.w3.org/2000/svg'><path fill-rule='evenodd' d='M0 0H100V100H0Z M25 25H75V75H25Z'/></svg>"
            .write(toFile: dir + "/ring.svg", atomically: true, encoding: .utf8)
        try "Hi\nyo\n".write(toFile: dir + "/two.txt", atomically: true, encoding: .utf8)
        try "From a file, scrolling by\n".write(toFile: dir + "/one.txt", atomically: true, encoding: .utf8)
        for (key, stored) in (Self.samples[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
            var sample = stored
            sample.value = sample.value.replacingOccurrences(of: "@DIR", with: dir)
            let frame = sample.frame ?? Self.frames[name] ?? 0
            let base = (key == "size" ? [] : size) + sample.with
            let sceneWords = ["--scene", name]
            // As flags.
            let flagWords = sceneWords + Self.words(base + [(key, sample.value)], scene: scene)
            let flags = try SettingArguments.split(flagWords)
            #expect(flags.rest.isEmpty, "\(name) \(key): \(flags.rest)")
            let byFlag = try SceneSetup(flags: flags.settings, preset: nil)
            let expected = try Self.render(byFlag, frame: frame)
            // Without it, the frame differs: the setting reaches the picture.
            let without = try SceneSetup(flags: try SettingArguments.split(sceneWords + Self.words(base, scene: scene)).settings, preset: nil)
            #expect(try Self.render(without, frame: frame) != expected, "\(name) \(key) \(sample.value): no difference at frame \(frame)")
            // In a preset.
            let file = dir + "/\(name)-\(key).json"
            try Self.presetJSON(base + [(key, sample.value)], scene: scene).write(toFile: file, atomically: true, encoding: .utf8)
            let byPreset = try SceneSetup(flags: SceneSettings(), preset: file)
            #expect(try Self.render(byPreset, frame: frame) == expected, "\(name) \(key): preset")
            // In the panel: the value set as its control sets it, over the other flags.
            let host = try FakeHost(without)
            let panel = TuningPanel(flags: without.flags, preset: nil)
            let d = try #require(scene.declaration(key))
            panel.set(key, try d.check(.string(sample.value)), host: host)
            #expect(panel.error == nil, "\(name) \(key): panel: \(panel.error ?? "")")
            #expect(host.currentScene.render(frame: frame) == expected, "\(name) \(key): panel")
            // The line the window prints, read back as a command line.
            let line = byFlag.arguments()
            let again = try SceneSetup(flags: try SettingArguments.split(line).settings, preset: nil)
            #expect(try Self.render(again, frame: frame) == expected, "\(name) \(key): command line \(line)")
            // And the preset saved from it holds the value.
            #expect(try byFlag.presetJSON().contains("\"\(key)\""), "\(name) \(key): saved preset")
        }
    }
}

/// A window as the panel sees it, without SDL.
@MainActor final class FakeHost: TuningHost {
    var currentSetup: SceneSetup
    var currentScene: any Scene
    var restarts = 0

    init(_ setup: SceneSetup) throws {
        currentSetup = setup
        currentScene = try setup.makeScene()
    }

    func install(_ setup: SceneSetup, _ scene: any Scene) { currentSetup = setup; currentScene = scene }
    func compare(with scene: (any Scene)?) {}
    func commandLine() -> String { currentSetup.commandLine(subcommand: "run", adjusted: adjusted()) }
    func copyToClipboard(_ text: String) -> Bool { false }
    func restart() { restarts += 1 }
    func adjusted() -> [String: SettingValue] { currentScene.adjustedSettings(atFrame: frameNumber) }
    var frameNumber = 0
    var isPaused = false
    func setPaused(_ paused: Bool) { isPaused = paused }
    func seek(toFrame frame: Int) { frameNumber = frame; isPaused = true }
}

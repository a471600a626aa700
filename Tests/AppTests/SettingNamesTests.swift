import Testing
import Foundation
import WaveFillApp
import WaveFill

/// One declaration per setting: outside the scenes' own modules, the command line and the app name
/// no setting, except for a few lines where the app must treat one specially (at most 3 lines in 2
/// files per setting). And what the scenes' keys and clicks change is always a declared setting.
@Suite struct SettingNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The Swift files of the command line and the app (the generated copy of the preset files is data).
    static func sources() throws -> [(String, [String])] {
        var out: [(String, [String])] = []
        for dir in ["Sources/wavefill", "Sources/WaveFillApp"] {
            for f in try FileManager.default.contentsOfDirectory(atPath: root + "/" + dir).sorted()
            where f.hasSuffix(".swift") && f != "BuiltinPresets.swift" {
                let text = try String(contentsOfFile: root + "/" + dir + "/" + f, encoding: .utf8)
                out.append((dir + "/" + f, text.components(separatedBy: "\n")))
            }
        }
        return out
    }

    /// Whether `line` names `key`: as a flag (`--border-gap`), a string (`"border-gap"`), or, for a
    /// key of several words, its Swift name (`borderGap`).
    static func names(_ line: String, _ key: String) -> Bool {
        if contains(line, "--" + key, joiners: "-") { return true }
        // A key spelled like a subcommand (the marquee's `run`) is counted by its flag only.
        if !["run", "render", "export", "bench"].contains(key), line.contains("\"" + key + "\"") { return true }
        let parts = key.split(separator: "-")
        guard parts.count > 1 else { return false }
        let camel = String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return contains(line, camel, joiners: "_")
    }

    /// Whether `word` occurs in `line` with no letter, digit or one of `joiners` right before or after it.
    static func contains(_ line: String, _ word: String, joiners: String) -> Bool {
        let chars = Array(line), w = Array(word)
        guard w.count <= chars.count else { return false }
        func joins(_ c: Character) -> Bool { c.isLetter || c.isNumber || joiners.contains(c) }
        for start in 0 ... chars.count - w.count where Array(chars[start ..< start + w.count]) == w {
            if start > 0, joins(chars[start - 1]) { continue }
            if start + w.count < chars.count, joins(chars[start + w.count]) { continue }
            return true
        }
        return false
    }

    @Test func noSettingIsNamedOutsideItsDeclarationBeyondThreeLinesInTwoFiles() throws {
        let files = try Self.sources()
        #expect(files.count > 10)
        let keys = Set(SceneRegistry.all.flatMap { $0.settings.map(\.key) })
        for key in keys.sorted() {
            var hits: [(String, Int)] = []
            for (file, lines) in files {
                for (i, line) in lines.enumerated() where Self.names(line, key) { hits.append((file, i + 1)) }
            }
            let fileCount = Set(hits.map(\.0)).count
            #expect(hits.count <= 3 && fileCount <= 2, "\(key) is named on \(hits.count) lines in \(fileCount) files: \(hits.map { "\($0.0):\($0.1)" })")
        }
        // The check can fail: a line naming a setting is found.
        #expect(Self.names("    s.set(\"border-gap\", .number(3))", "border-gap") && Self.names("p.borderGap = 2", "border-gap"))
        #expect(!Self.names("--sizes 512", "size"))
    }

    /// The command line talks to the app only, and nothing outside the registry asks which scene it is.
    @Test func theCommandLineTalksToTheAppAndNoOneAsksWhichScene() throws {
        for (file, lines) in try Self.sources() {
            #expect(!lines.contains { $0.hasPrefix("import SDLHost") } || file.hasPrefix("Sources/WaveFillApp"), "\(file) imports SDLHost")
            for (i, line) in lines.enumerated() where !file.hasSuffix("SceneRegistry.swift") && !file.hasSuffix("SceneSetup.swift") {
                #expect(!line.contains("== .wave") && !line.contains("!= .wave") && !line.contains("case .wave"), "\(file):\(i + 1): \(line)")
            }
        }
    }

    /// What a scene's own keys, clicks and drags change is reported under declared settings, so the
    /// window's command line and a saved preset can carry it.
    @Test(arguments: SceneRegistry.names)
    func everyActionChangesDeclaredSettings(scene name: String) throws {
        let definition = try #require(SceneRegistry.scene(name))
        var flags = SceneSettings()
        flags.set("scene", .string(name))
        flags.set("size", .string("80x60"))
        let scene = try SceneSetup(flags: flags, preset: nil).makeScene()
        #expect(scene.controls.map(\.help) == definition.controls.map(\.help))
        let declared = Set(definition.settings.map(\.key))
        var frame = 10
        for control in scene.controls {
            for action in [control.action, .scrub(0.4), .animate(0.7)] {
                _ = scene.perform(action, atFrame: frame)
                frame += 7
                let changed = Set(scene.adjustedSettings(atFrame: frame).keys)
                #expect(changed.isSubset(of: declared), "\(name): \(control.help) changed \(changed.subtracting(declared).sorted())")
            }
        }
    }
}

/// The README's key table is the keys the window binds: the player's and each scene's declared controls.
@Suite struct KeyHelpTests {
    @Test func theReadmeListsTheKeysTheWindowBinds() throws {
        let readme = try String(contentsOfFile: SettingNamesTests.root + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- keys -->\n```\n"))
        let end = try #require(readme.range(of: "\n```\n<!-- /keys -->", range: start.upperBound ..< readme.endIndex))
        let block = readme[start.upperBound ..< end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(block == LiveControls.helpLines)
        // Every scene's controls are there, with the keys the scene's declaration binds.
        for scene in SceneRegistry.all {
            for c in scene.controls where !c.help.isEmpty { #expect(block.contains("  " + c.help), "\(scene.name): \(c.help)") }
        }
        #expect(block.contains { $0.contains("reduced motion") })
    }
}

/// A Lottie export's colour slots are named after the colour settings they come from, so a designer
/// recolours the file by the flag's name.
@Suite struct ColourSlotTests {
    @Test(arguments: SceneRegistry.names)
    func slotsAreTheSceneColourSettings(scene name: String) throws {
        let definition = try #require(SceneRegistry.scene(name))
        var flags = SceneSettings()
        flags.set("scene", .string(name))
        flags.set("size", .string("120x90"))
        let scene = try #require(try SceneSetup(flags: flags, preset: nil).makeScene() as? any LottieScene)
        // The whole animation (the stroke's fill shows only after its pen), at most 400 frames.
        let frames: Int
        switch scene.timeline {
        case .once(let n): frames = min(n, 400)
        case .periodic(let n?, _, _): frames = min(n, 400)
        default: frames = 60
        }
        let doc = try scene.lottieDocument(start: 0, frames: frames, masks: .matte)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(doc.utf8)) as? [String: Any])
        let slots = Set(try #require(object["slots"] as? [String: Any]).keys)
        let colours = Set(definition.settings.filter { $0.type == .colour }.map(\.key))
        let expected: [String: Set<String>] = [
            "wave": ["front-wave", "back-wave", "container"], "marquee": ["background", "text-color"],
            "stroke": ["background", "stroke-color", "text-color"], "spread": ["background", "text-color"],
            "morph": ["background", "text-color"],
        ]
        #expect(slots.intersection(colours) == expected[name], "\(name): \(slots.sorted())")
        #expect(expected[name]?.isSubset(of: colours) == true)
    }
}

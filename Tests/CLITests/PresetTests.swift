import Testing
import Foundation
import TestSupport
import Export
import Raster
import WaveFill
import WaveFillApp

/// `--preset` and `--save-preset`: built-ins, files, precedence, round trips and bad files.
@Suite struct PresetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let presetDir = root + "/Assets/presets"
    static let builtins = ["gauge", "marquee-bounce", "marquee-calm", "marquee-ticker", "midnight", "mono", "morph-evaporate", "morph-fall",
                           "morph-scale", "ocean", "spread-dark", "spread-late", "spread-tab", "stroke-blueprint", "stroke-ink",
                           "stroke-neon", "sunset", "waterwave"]

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The preset JSON as a dictionary.
    static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)),
                                                      options: .fragmentsAllowed) as? [String: Any])
    }

    @Test func builtInPresetsAreTheAssetFilesAndCompiledIn() throws {
        let files = Executable.files(in: Self.presetDir).filter { $0.hasSuffix(".json") }
        #expect(files == Self.builtins.map { $0 + ".json" })
        // The copies compiled into the binary are the files, byte for byte (tools/embed-presets.sh).
        let swift = try Self.read(Self.root + "/Sources/WaveFillApp/BuiltinPresets.swift")
        for f in files {
            let name = String(f.dropLast(5))
            let text = try Self.read(Self.presetDir + "/" + f)
            #expect(swift.contains("\"\(name)\": #\"\"\"\n" + text + "\n\"\"\"#,"), "\(f) differs from its compiled-in copy; run tools/embed-presets.sh")
        }
        #expect(swift.components(separatedBy: "#\"\"\"\n").count - 1 == files.count)
    }

    /// Each built-in, loaded from Assets and from the compiled-in copy (no Assets found), saves back
    /// to exactly its file.
    @Test(arguments: builtins)
    func builtInPresetSavesBackToItsFile(name: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        for (assets, out) in [(Self.root + "/Assets", "a.json"), (dir + "/no-assets", "b.json")] {
            env["WAVEFILL_ASSETS"] = assets
            let r = try Executable.run(["render", "--preset", name, "--save-preset", out, "--size", "40x31", "--out", out + ".png"],
                                       in: dir, environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            var expected = try Self.read(Self.presetDir + "/" + name + ".json")
            expected = expected.replacingOccurrences(of: "\"size\": \"400x310\"", with: "\"size\": \"40x31\"")
            #expect(try Self.read(dir + "/" + out) == expected, "\(name) via \(assets)")
        }
        // Unknown names list the built-ins.
        env["WAVEFILL_ASSETS"] = dir + "/no-assets"
        let bad = try Executable.run(["render", "--preset", "nosuch", "--out", "x.png"], in: dir, environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("ocean") && bad.stderr.contains("--preset"), "\(bad.stderr)")
    }

    @Test func waterwaveIsTheDefaultAndSceneDefaults() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The original's look is the wave's declared defaults: every value the preset sets is its default.
        let json = try Self.object(Self.presetDir + "/waterwave.json")
        let wave = try #require(SceneRegistry.scene("wave"))
        for (key, value) in json where key != "scene" {
            let d = try #require(wave.declaration(key), "\(key)")
            switch d.fixedDefault {
            case .string(let t)?: #expect(value as? String == t, "\(key)")
            case .number(let n)?: #expect((value as? NSNumber)?.doubleValue == n, "\(key)")
            default: Issue.record("\(key) has no fixed default")
            }
        }
        let a = try Executable.run(["render", "--size", "80x62", "--frame", "150", "--out", "a.png"], in: dir)
        let b = try Executable.run(["render", "--preset", "waterwave", "--size", "80x62", "--frame", "150", "--out", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0)
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
    }

    @Test func flagsOnTheCommandLineWinOverThePreset() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--preset", "ocean", "--front-wave", "#FF0000", "--frequency", "0.3",
                                    "--save-preset", "p.json", "--size", "40x31", "--out", "o.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let p = try Self.object(dir + "/p.json")
        #expect(p["front-wave"] as? String == "#FF0000" && p["frequency"] as? Double == 0.3)
        #expect(p["background"] as? String == "#0B2545" && p["size"] as? String == "40x31")
        // And the frame is the preset's look: the corner is ocean's background.
        #expect(try PNGFile.read(dir + "/o.png").pixel(0, 0) == SIMD4<UInt8>(0x0B, 0x25, 0x45, 0xFF))
    }

    /// Flags -> `--save-preset` -> `--preset` -> `--save-preset` again: the same file, holding the
    /// values given, and the same frames.
    @Test func savedPresetsRoundTripToIdenticalParametersAndFrames() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: 2024)
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        func colour() -> String { Color(r: UInt8(rng.int(0 ... 255)), g: UInt8(rng.int(0 ... 255)), b: UInt8(rng.int(0 ... 255)), a: UInt8(rng.int(0 ... 255))).hex }
        for round in 0 ..< 6 {
            var given: [(String, String)] = [("size", "\(rng.int(20 ... 120))x\(rng.int(20 ... 90))"),
                                             ("text", ["du", "Wave", "a\"b'c", "ok 1"][rng.int(0 ... 3)])]
            if rng.int(0 ... 1) == 1 { given.append(("font", serif)) }
            if rng.int(0 ... 2) == 0 { given.append(("font-size", DecimalText.shortest(Double(rng.int(640 ... 1600)) / 64))) }
            if rng.int(0 ... 1) == 1 { given.append(("amplitude", DecimalText.shortest(rng.double(0 ... 9)))) }
            given.append(("frequency", DecimalText.shortest(rng.double(0.001 ... 2))))
            if rng.int(0 ... 1) == 1 { given.append(("wave-width", DecimalText.shortest(rng.double(5 ... 90)))) }
            given.append(("phase-step", DecimalText.shortest([8, 7.5, -12, rng.double(-30 ... 30)][rng.int(0 ... 3)])))
            if rng.int(0 ... 2) == 0 { given.append(("phase-speed", DecimalText.shortest(rng.double(10 ... 900)))) }
            given.append(("rise-frames", String(rng.int(1 ... 500))))
            if rng.int(0 ... 2) == 0 { given.append(("rise-duration", DecimalText.shortest(rng.double(0.1 ... 9)))) }
            given.append(("fps", DecimalText.shortest([60, 30, 144, rng.double(1 ... 240)][rng.int(0 ... 3)])))
            if rng.int(0 ... 2) == 0 { given.append(("progress", DecimalText.shortest(rng.double(0 ... 1)))) }
            for k in ["background", "container", "back-wave", "front-wave"] { given.append((k, colour())) }
            let frame = String(rng.int(0 ... 400))
            let args = given.flatMap { ["--" + $0.0, $0.1] }
            let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", frame, "--out", "a.png", "--force"], in: dir)
            try #require(a.status == 0, "round \(round) \(args): \(a.stderr)")
            let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", frame, "--out", "b.png", "--force"], in: dir)
            try #require(b.status == 0, "round \(round): \(b.stderr)")
            #expect(try Self.read(dir + "/a.json") == (try Self.read(dir + "/b.json")), "round \(round)")
            #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes), "round \(round)")
            // The file holds exactly the values given, read back independently of the tool's reader.
            let j = try JSONDecoder().decode([String: PresetValue].self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/a.json")))
            #expect(Set(j.keys) == Set(given.map(\.0) + ["scene"]), "round \(round)")
            for (k, v) in given {
                switch j[k] {
                case .text(let t)?: #expect(t == v, "round \(round): \(k)")
                case .number(let n)?: #expect(n == Double(v), "round \(round): \(k) \(n) vs \(v)")
                case nil: Issue.record("round \(round): \(k) missing")
                }
            }
        }
    }

    /// A preset value read back independently of the tool's own (dynamic) reader. (Not
    /// JSONSerialization: on Linux it reads numbers as NSDecimalNumber and rounds some doubles.)
    enum PresetValue: Decodable {
        case text(String), number(Double)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let n = try? c.decode(Double.self) { self = .number(n) } else { self = .text(try c.decode(String.self)) }
        }
    }

    @Test func relativePathsInAPresetAreFromItsFolder() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.root + "/Assets/masks/heart.png", toPath: dir + "/presets/heart.png")
        try #"{"mask-image": "heart.png", "size": "64x64", "progress": 0.5}"#.write(toFile: dir + "/presets/h.json", atomically: true, encoding: .utf8)
        let r = try Executable.run(["render", "--preset", "presets/h.json", "--save-preset", "saved.json", "--out", "m.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNGFile.read(dir + "/m.png").pixel(32, 44) == SIMD4<UInt8>(0x46, 0xB7, 0x51, 0xFF))
        let saved = try Self.object(dir + "/saved.json")
        #expect((saved["mask-image"] as? String).map { $0.hasPrefix("/") && $0.hasSuffix("/presets/heart.png") } == true, "\(saved)")
    }

    /// Bad preset files: exit 64, one line naming --preset, the file and the key, nothing written.
    @Test(arguments: [
        (#"{"amplitud": 3}"#, "\"amplitud\""), (##"{"frontWave": "#46B751"}"##, "did you mean \"front-wave\""),
        (#"{"front-wave": "green"}"#, "\"front-wave\""), (##"{"background": "#12345"}"##, "\"background\""),
        (#"{"amplitude": -2}"#, "\"amplitude\""), (#"{"amplitude": "12"}"#, "\"amplitude\""),
        (#"{"size": 400}"#, "\"size\""), (#"{"size": "400x"}"#, "\"size\""), (#"{"rise-frames": 2.5}"#, "\"rise-frames\""),
        (#"{"progress": 2}"#, "\"progress\""), (#"{"fps": 0}"#, "\"fps\""), (#"{"text": ["a"]}"#, "\"text\""),
        (#"{"font": "missing.ttf"}"#, "\"font\""), (#"{"mask-image": "none.png"}"#, "\"mask-image\""),
        (#"{"back-wave": true}"#, "\"back-wave\""), (#"{"amplitude": 3"#, "malformed JSON"), ("", "malformed JSON"),
        ("[1, 2]", "JSON object"), ("null", "JSON object"),
    ] as [(String, String)])
    func badPresetFilesAreRefused(json: String, mention: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try json.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        for sub in [["render", "--out", "o.png"], ["export", "--out", "o.apng"]] {
            let r = try Executable.run(sub + ["--preset", "bad.json", "--save-preset", "s.json"], in: dir)
            #expect(r.status == 64, "\(json): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(json): \(r.stderr)")
            #expect(r.stderr.contains("--preset") && r.stderr.contains("'bad.json'") && r.stderr.contains(mention), "\(json): \(r.stderr)")
            #expect(Executable.files(in: dir) == ["bad.json"], "\(json) left \(Executable.files(in: dir))")
        }
    }

    @Test func missingOrUnreadablePresetFilesAreNamed() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/d.json", withIntermediateDirectories: true)
        for spec in ["nothere.json", "sub/nothere.json", "d.json"] {
            let r = try Executable.run(["render", "--preset", spec, "--out", "o.png"], in: dir)
            #expect(r.status == 64 && r.stderr.contains("--preset") && r.stderr.contains("'\(spec)'"), "\(spec): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        #expect(Executable.files(in: dir) == ["d.json"])
        // --save-preset needs a .json name and a writable place, and is written atomically.
        let s1 = try Executable.run(["render", "--save-preset", "p.txt", "--out", "o.png"], in: dir)
        #expect(s1.status == 64 && s1.stderr.contains("--save-preset"), "\(s1.stderr)")
        let s2 = try Executable.run(["render", "--save-preset", "nodir/p.json", "--out", "o.png"], in: dir)
        #expect(s2.status == 64 && s2.stderr.contains("--save-preset"), "\(s2.stderr)")
        #expect(!Executable.files(in: dir).contains { $0.hasPrefix(".") })
    }
}

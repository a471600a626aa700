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
    static let builtins = ["midnight", "mono", "ocean", "sunset", "waterwave"]

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
        let json = try Self.object(Self.presetDir + "/waterwave.json")
        let d = WaveParameters()
        #expect(json["size"] as? String == "\(d.width)x\(d.height)" && json["text"] as? String == d.text)
        #expect(json["frequency"] as? Double == d.frequency && json["phase-step"] as? Double == d.phaseStep)
        #expect(json["rise-frames"] as? Int == d.riseFrames && json["fps"] as? Double == d.fps)
        #expect(json["background"] as? String == d.background.hex && json["container"] as? String == d.container.hex)
        #expect(json["back-wave"] as? String == d.backWave.hex && json["front-wave"] as? String == d.frontWave.hex)
        for k in ["font", "font-size", "mask-image", "amplitude", "wave-width", "phase-speed", "rise-duration", "progress"] {
            #expect(json[k] is NSNull, "\(k) should be null (derived or off)")
        }
        #expect(d.commandLineArguments.isEmpty)
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

    /// Parameters -> command line (what the window's `c` key prints) -> `--save-preset` -> `--preset`
    /// -> `--save-preset` again: the same file, the same parameters, the same frames.
    @Test func savedPresetsRoundTripToIdenticalParametersAndFrames() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: 2024)
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        for round in 0 ..< 6 {
            var p = WaveParameters()
            p.width = rng.int(20 ... 120); p.height = rng.int(20 ... 90)
            p.text = ["du", "Wave", "a\"b'c", "ok 1"][rng.int(0 ... 3)]
            if rng.int(0 ... 1) == 1 { p.fontPath = serif }
            if rng.int(0 ... 2) == 0 { p.fontSize = Double(rng.int(640 ... 1600)) / 64 }
            if rng.int(0 ... 1) == 1 { p.amplitude = rng.double(0 ... 9) }
            p.frequency = rng.double(0 ... 2)
            if rng.int(0 ... 1) == 1 { p.waveWidth = rng.double(5 ... 90) }
            p.phaseStep = [8, 7.5, -12, rng.double(-30 ... 30)][rng.int(0 ... 3)]
            if rng.int(0 ... 2) == 0 { p.phaseSpeed = rng.double(10 ... 900) }
            p.riseFrames = rng.int(1 ... 500)
            if rng.int(0 ... 2) == 0 { p.riseDuration = rng.double(0.1 ... 9) }
            p.fps = [60, 30, 144, rng.double(1 ... 240)][rng.int(0 ... 3)]
            if rng.int(0 ... 2) == 0 { p.progress = rng.double(0 ... 1) }
            func colour() -> Color { Color(r: UInt8(rng.int(0 ... 255)), g: UInt8(rng.int(0 ... 255)), b: UInt8(rng.int(0 ... 255)), a: UInt8(rng.int(0 ... 255))) }
            p.background = colour(); p.container = colour(); p.backWave = colour(); p.frontWave = colour()
            let frame = String(rng.int(0 ... 400))

            let args = p.commandLineArguments
            let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", frame, "--out", "a.png", "--force"], in: dir)
            try #require(a.status == 0, "round \(round) \(args): \(a.stderr)")
            let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", frame, "--out", "b.png", "--force"], in: dir)
            try #require(b.status == 0, "round \(round): \(b.stderr)")
            #expect(try Self.read(dir + "/a.json") == (try Self.read(dir + "/b.json")), "round \(round)")
            #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes), "round \(round)")
            #expect(try Self.parameters(dir + "/a.json") == p, "round \(round): \(args)")
        }
    }

    /// A preset file as a Decodable struct: read back independently of the tool's own (dynamic) reader.
    /// (Not JSONSerialization: on Linux it reads numbers as NSDecimalNumber and rounds some doubles.)
    struct PresetFile: Decodable {
        var size: String, text: String, font: String?, fontSize: Double?, maskImage: String?, amplitude: Double?
        var frequency: Double, waveWidth: Double?, phaseStep: Double, phaseSpeed: Double?, riseFrames: Int
        var riseDuration: Double?, fps: Double, progress: Double?, background: String, container: String
        var backWave: String, frontWave: String
        enum CodingKeys: String, CodingKey {
            case size, text, font, fontSize = "font-size", maskImage = "mask-image", amplitude, frequency
            case waveWidth = "wave-width", phaseStep = "phase-step", phaseSpeed = "phase-speed", riseFrames = "rise-frames"
            case riseDuration = "rise-duration", fps, progress, background, container, backWave = "back-wave", frontWave = "front-wave"
        }
    }

    /// A preset file read back into parameters.
    static func parameters(_ path: String) throws -> WaveParameters {
        let j = try JSONDecoder().decode(PresetFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        var p = WaveParameters()
        let size = j.size.split(separator: "x").compactMap { Int($0) }
        try #require(size.count == 2)
        p.width = size[0]; p.height = size[1]
        p.text = j.text; p.fontPath = j.font; p.fontSize = j.fontSize; p.amplitude = j.amplitude
        p.frequency = j.frequency; p.waveWidth = j.waveWidth; p.phaseStep = j.phaseStep; p.phaseSpeed = j.phaseSpeed
        p.riseFrames = j.riseFrames; p.riseDuration = j.riseDuration; p.fps = j.fps; p.progress = j.progress
        func c(_ s: String) throws -> Color { try #require(Color(hex: s)) }
        p.background = try c(j.background); p.container = try c(j.container)
        p.backWave = try c(j.backWave); p.frontWave = try c(j.frontWave)
        return p
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

import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `wavefill export --scene ...`: each scene's APNG, read back by ffmpeg's decoder, holds exactly the
/// frames `wavefill render --scene` writes; `--loop` is the scene's own length; one MP4 checks the
/// video path (ffprobe's frame count); bad combinations name their flag, exit 64 and write nothing.
@Suite(.serialized) struct SceneExportTests {
    static let size = ["--size", "72x36"]

    /// (scene flags, expected --loop frames, expected first frame, whether the loop is exact).
    static let cases: [([String], Int, Int, Bool)] = [
        // Period 0.5 s at 20 fps: 10 frames.
        (["--scene", "marquee", "--text", "A caption longer than the view", "--scroll-duration", "0.5", "--fps", "20"], 10, 0, true),
        // 6 s at 5 fps, through the frame showing the end: 31 frames.
        (["--scene", "stroke", "--text", "Ok", "--fps", "5"], 31, 0, false),
        // Deselected at 0.3 s, back by 0.6 s at 10 fps: frames 0...6.
        (["--scene", "spread", "--text", "Tab", "--select-at", "0", "--deselect-at", "3", "--fps", "10"], 7, 0, false),
        // Two texts x 1.4 s at 5 fps: 14 frames, from the first change (frame 7).
        (["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--fps", "5"], 14, 7, true),
    ]

    @Test(arguments: cases)
    func apngHoldsTheRenderedFrames(flags: [String], count: Int, first: Int, exact: Bool) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export"] + Self.size + flags + ["--out", "a.apng"], in: dir)
        #expect(r.status == 0, "\(flags): \(r.stderr)")
        #expect(r.stdout.contains("\(count) frames \(first)...\(first + count - 1)"), "\(flags): \(r.stdout)")
        #expect(r.stdout.contains("loops seamlessly") == exact, "\(flags): \(r.stdout)")
        let decoded = try MediaProbe.frames(dir + "/a.apng", width: 72, height: 36)
        #expect(decoded.count == count)
        let ours = try ExportTests.reference(Self.size + flags, first: first, count: count + 1, in: dir)
        for (k, f) in decoded.enumerated() { #expect(f.bytes == ours[k].bytes, "\(flags): frame \(first + k) differs") }
        #expect(Set(ours.map(\.bytes)).count > 2, "\(flags): the scene does not move")
        if exact {
            // The loop is exact: the frame after the last is the first again.
            #expect(ours[count].bytes == ours[0].bytes, "\(flags): frame \(first + count) is not frame \(first)")
        }
    }

    @Test func framesDurationPNGAndSpriteSheet() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--scene", "stroke", "--text", "Ok"]
        let mp4 = try Executable.run(["export"] + flags + ["--frames", "12", "--start", "30", "--out", "s.mp4"], in: dir)
        #expect(mp4.status == 0, "\(mp4.stderr)")
        let info = try MediaProbe.info(dir + "/s.mp4")
        #expect(info.codec == "h264" && info.frameCount == 12 && info.width == 72 && info.height == 36, "\(info)")
        let webm = try Executable.run(["export"] + flags + ["--duration", "0.1", "--out", "s.webm"], in: dir)
        #expect(webm.status == 0 && webm.stdout.contains("6 frames 0...5"), "\(webm.stdout) \(webm.stderr)")
        // A GIF at the scene's 60 fps: 12 frames (0.2 s) become 10 at 50 fps.
        let gif = try Executable.run(["export"] + flags + ["--frames", "12", "--out", "s.gif"], in: dir)
        #expect(gif.status == 0 && gif.stdout.contains("10 frames at 50 fps"), "\(gif.stdout) \(gif.stderr)")
        #expect(try MediaProbe.info(dir + "/s.gif").frameCount == 10)
        let png = try Executable.run(["export"] + flags + ["--frame", "150", "--out", "f.png"], in: dir)
        #expect(png.status == 0, "\(png.stderr)")
        let sheet = try Executable.run(["export"] + flags + ["--frames", "4", "--start", "100", "--format", "spritesheet", "--out", "sheet.png"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let ref = try ExportTests.reference(flags, first: 100, count: 4, in: dir)
        let shown = try ExportTests.reference(flags, first: 150, count: 1, in: dir)
        #expect(try PNGFile.read(dir + "/f.png") == shown[0])
        let grid = try PNGFile.read(dir + "/sheet.png")
        #expect(grid.width == 144 && grid.height == 72)
        // Frame 3 of the sheet is the bottom-right cell.
        var cell = [UInt8]()
        for y in 36 ..< 72 { cell += grid.bytes[(y * 144 + 72) * 4 ..< (y * 144 + 144) * 4] }
        #expect(cell == ref[3].bytes)
    }

    /// Each bad combination: exit 64, one line naming the flag, nothing written.
    @Test(arguments: [
        (["--scene", "stroke", "--out", "a.svg", "--frame", "3", "--start", "2"], "--start"),
        (["--scene", "spread", "--out", "a.svg", "--frame", "3", "--duration", "1"], "--duration"),
        (["--scene", "marquee", "--out", "a.json", "--lottie-masks", "mask"], "--lottie-masks"),
        (["--scene", "stroke", "--out", "a.apng", "--lottie-masks", "mask"], "--lottie-masks"),
        (["--scene", "marquee", "--out", "a.json", "--frames", "1000001"], "--frames"),
        (["--scene", "marquee", "--text", "A caption longer than the view", "--scroll-duration", "2.0001", "--out", "a.apng"], "--loop"),
        (["--scene", "morph", "--texts", "A,B", "--interval", "1.4001", "--out", "a.apng"], "--loop"),
        (["--scene", "stroke", "--out", "a.gif", "--gif-matte", "#12345"], "--gif-matte"), (["--scene", "stroke", "--out", "a.apng", "--frames", "0"], "--frames"),
        (["--scene", "spread", "--out", "a.png", "--frames", "3"], "--frames"),
        (["--scene", "morph", "--out", "a.apng", "--progress", "0.5"], "--progress"),
        (["--scene", "stroke", "--out", "a.apng", "--rate", "4"], "--rate"),
    ] as [([String], String)])
    func badCombinationsAreRefused(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export"] + Self.size + args, in: dir)
        #expect(r.status == 64, "\(args) exited \(r.status): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(flag), "\(args): stderr does not name \(flag): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty, "\(args) left \(Executable.files(in: dir))")
    }

    /// Every layer scene exports Lottie (.json) and dotLottie (.lottie) from the command line: the
    /// document's length is the scene's loop or whole animation, from its loop start; the dotLottie
    /// manifest loops only a scene's seamless loop (not a one-shot stroke or spread) and autoplays.
    @Test(arguments: [
        (["--scene", "marquee", "--text", "Wave Fill", "--scroll-duration", "1"], 60, 0, true),
        (["--scene", "stroke"], 361, 0, false),
        (["--scene", "spread"], 169, 0, false),
        (["--scene", "morph", "--texts", "A,B", "--interval", "1.5"], 180, 90, true),
    ] as [([String], Int, Int, Bool)])
    func everyLayerSceneExportsLottie(flags: [String], frames: Int, start: Int, loops: Bool) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = try Executable.run(["export"] + Self.size + flags + ["--out", "a.json"], in: dir)
        #expect(json.status == 0, "\(flags): \(json.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/a.json"))) as? [String: Any]
        #expect(doc?["op"] as? Int == frames, "\(flags): op \(String(describing: doc?["op"]))")
        #expect((doc?["layers"] as? [Any])?.isEmpty == false)
        #expect(json.stdout.contains("\(frames) frames") && (start == 0 || json.stdout.contains("from frame \(start)")), "\(json.stdout)")
        let dot = try Executable.run(["export"] + Self.size + flags + ["--out", "a.lottie"], in: dir)
        #expect(dot.status == 0, "\(flags): \(dot.stderr)")
        let zip = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.lottie"))
        #expect(zip.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a .lottie file is a zip")
        let manifest = try Self.manifestAnimation(dir + "/a.lottie")
        #expect(manifest["loop"] as? Bool == loops && manifest["autoplay"] as? Bool == true, "\(flags): \(manifest)")
    }

    /// A dotLottie export of the wave loops at its default length (its seamless loop) and not as a
    /// stretch of --frames that is not the loop.
    @Test func dotLottieLoopsOnlyTheSeamlessLoop() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (flags, loops) in [([] as [String], true), (["--frames", "7"], false)] {
            let r = try Executable.run(["export"] + Self.size + flags + ["--out", "w.lottie", "--force"], in: dir)
            #expect(r.status == 0, "\(flags): \(r.stderr)")
            let manifest = try Self.manifestAnimation(dir + "/w.lottie")
            #expect(manifest["loop"] as? Bool == loops && manifest["autoplay"] as? Bool == true, "\(flags): \(manifest)")
        }
    }

    /// The one animation entry of a .lottie file's manifest.json (read with unzip).
    static func manifestAnimation(_ path: String) throws -> [String: Any] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        p.arguments = ["-p", path, "manifest.json"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let animations = object?["animations"] as? [[String: Any]] ?? []
        try #require(animations.count == 1, "\(String(decoding: data, as: UTF8.self))")
        return animations[0]
    }
}

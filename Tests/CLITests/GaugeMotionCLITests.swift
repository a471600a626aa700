import Testing
import Foundation
import TestSupport
import Export
import Raster
import WaveFill
import WaveFillApp

/// `--progress-to`, `--progress-at`, `--transition`, `--easing`, `--fill-mapping` and
/// `--reduced-motion` as a user gives them: frames, exports, presets, the printed command line, and bad
/// input refused in one line naming the flag.
@Suite struct GaugeMotionCLITests {
    @Test(arguments: [
        (["--progress-at", "0:0.5,abc"], "--progress-at: entry 2 'abc' is not FRAME:P"),
        (["--progress-at", "30:0.5,10:0.9"], "--progress-at: entry 2: frame 10 is not after frame 30"),
        (["--progress-at", "5:1.2"], "--progress-at: entry 1: progress 1.2 is outside 0 ... 1"),
        (["--progress-to", "2"], "--progress-to: 2 is outside 0 ... 1"),
        (["--progress-to", "0.5", "--progress-at", "9:1"], "--progress-to: cannot be combined with --progress-at"),
        (["--progress-to", "0.5", "--transition", "-2"], "--transition: -2 s is outside 0 ... 3600 s"),
        (["--progress-to", "0.5", "--easing", "cubic-bezier(0.1,0.2,1.5,1)"], "--easing: control value 3"),
        (["--progress-to", "0.5", "--easing", "wobble"], "--easing: 'wobble' is not an easing"),
        (["--fill-mapping", "volume"], "--fill-mapping: 'volume' is not one of height, area"),
    ] as [([String], String)])
    func badInputIsRefusedInOneLine(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for command in [["render", "--out", "out.png"], ["export", "--out", "out.gif"]] {
            let r = try Executable.run(command + ["--size", "60x40"] + args, in: dir)
            #expect(r.status == 64, "\(args): \(r.status)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(Executable.files(in: dir).isEmpty, "\(Executable.files(in: dir))")
        }
    }

    @Test func aPresetWithMotionRoundTripsToTheSameFrames() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["--shape", "heart", "--size", "90x70", "--progress-at", "0:0.7,30:0.25", "--transition", "0.4",
                    "--easing", "cubic-bezier(0.2,0,0.4,1.3)", "--fill-mapping", "area", "--reduced-motion"]
        let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", "37", "--out", "a.png"], in: dir)
        try #require(a.status == 0, "\(a.stderr)")
        let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", "37", "--out", "b.png"], in: dir)
        try #require(b.status == 0, "\(b.stderr)")
        let saved = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(saved == (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)))
        #expect(saved.contains("\"progress-at\": \"0:0.7,30:0.25\"") && saved.contains("\"fill-mapping\": \"area\"")
                && saved.contains("\"reduced-motion\": true") && saved.contains("\"transition\": 0.4"), "\(saved)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
        // Without the settings the frame differs.
        let c = try Executable.run(["render", "--shape", "heart", "--size", "90x70", "--frame", "37", "--out", "c.png"], in: dir)
        try #require(c.status == 0, "\(c.stderr)")
        #expect(try PNGFile.read(dir + "/a.png").bytes != (try PNGFile.read(dir + "/c.png").bytes))
    }

    @Test func anExportOfATransitionHoldsTheWholeMotion() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export", "--size", "60x40", "--progress-to", "0.9", "--transition", "0.5", "--out", "m.json"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        // 30 frames of transition, then one 45-frame phase period: op 75.
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as? [String: Any])
        #expect((doc["op"] as? Double) == 75, "\(doc["op"] ?? "nil")")
    }
}

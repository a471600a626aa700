import Testing
import Foundation
import TestSupport
import Export
import Raster
import WaveFill
import WaveFillApp

/// `--waves`, `--wave` and `--water-gradient` as a user gives them: frames, exports, presets, the
/// printed command line, and bad input refused in one line naming the flag.
@Suite struct WaveStackCLITests {
    @Test(arguments: [
        (["--wave", "1:speed=2"], "--wave: applies only with --waves"),
        (["--waves", "0"], "--waves: 0 is outside 1 ... 8"),
        (["--waves", "9"], "--waves: 9 is outside 1 ... 8"),
        (["--waves", "3", "--wave", "4:speed=1"], "--wave: '4:speed=1': wave 4 is outside 1 ... 3"),
        (["--waves", "3", "--wave", "2:speed=17"], "--wave: '2:speed=17': speed 17 is outside 0 ... 16"),
        (["--waves", "3", "--wave", "2:phase=-400"], "--wave: '2:phase=-400': phase -400 is outside -360 ... 360 deg"),
        (["--waves", "3", "--wave", "2:tilt=3"], "--wave: '2:tilt=3': unknown key 'tilt'"),
        (["--waves", "3", "--wave", "2:direction=up"], "--wave: '2:direction=up': direction 'up' is not left or right"),
        (["--waves", "3", "--wave", "2:color=#12"], "--wave: '2:color=#12': color '#12' is not #RRGGBB or #RRGGBBAA"),
        (["--water-gradient", "navy"], "--water-gradient: 'navy' is not a colour"),
    ] as [([String], String)])
    func badInputIsRefusedInOneLine(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for command in [["render", "--out", "out.png"], ["export", "--out", "out.json"]] {
            let r = try Executable.run(command + ["--size", "60x40"] + args, in: dir)
            #expect(r.status == 64, "\(args): \(r.status)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(Executable.files(in: dir).isEmpty, "\(Executable.files(in: dir))")
        }
    }

    /// A preset keeps the stack and the gradient: the same frame and the same preset again; without
    /// them the frame differs.
    @Test func aPresetWithAStackRoundTripsToTheSameFrames() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["--shape", "drop", "--size", "90x70", "--waves", "3", "--wave", "1:amplitude=6,frequency=0.7",
                    "--wave", "3:direction=right,color=#204080C0", "--water-gradient", "#102040"]
        let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", "140", "--out", "a.png"], in: dir)
        try #require(a.status == 0, "\(a.stderr)")
        let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", "140", "--out", "b.png"], in: dir)
        try #require(b.status == 0, "\(b.stderr)")
        let saved = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(saved == (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)))
        #expect(saved.contains("\"waves\": 3") && saved.contains("\"1:amplitude=6,frequency=0.7\"")
                && saved.contains("\"3:direction=right,color=#204080C0\"") && saved.contains("\"water-gradient\": \"#102040\""), "\(saved)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
        let c = try Executable.run(["render", "--shape", "drop", "--size", "90x70", "--frame", "140", "--out", "c.png"], in: dir)
        try #require(c.status == 0, "\(c.stderr)")
        #expect(try PNGFile.read(dir + "/a.png").bytes != (try PNGFile.read(dir + "/c.png").bytes))
    }

    /// Lottie, a still SVG and the animated SVG hold a stack with a gradient.
    @Test func exportsHoldTheStack() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["--size", "80x60", "--waves", "3", "--water-gradient", "#102040"]
        for (out, extra, mark) in [("a.json", [String](), "\"gf\""), ("a.svg", ["--frame", "100"], "linearGradient"),
                                   ("b.svg", [String](), "linearGradient"), ("a.gif", ["--frames", "10"], "GIF89a")] {
            let r = try Executable.run(["export", "--out", out] + args + extra, in: dir)
            #expect(r.status == 0, "\(out): \(r.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + out))
            #expect(String(decoding: data.prefix(out == "a.gif" ? 6 : data.count), as: UTF8.self).contains(mark), "\(out)")
        }
    }
}

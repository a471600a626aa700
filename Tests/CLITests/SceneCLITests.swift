import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `wavefill render --scene ...` run as a user runs it: every scene renders, the wave path is
/// unchanged, and each scene's bad flags get one line naming the flag, exit 64, nothing written.
@Suite struct SceneCLITests {
    static let sceneFlags = ["--scene", "--text-color", "--rate", "--scroll-duration", "--fade-length", "--leading-buffer",
                             "--trailing-buffer", "--delay", "--direction", "--scroll", "--force-scroll", "--stroke-width",
                             "--stroke-color", "--line-join", "--line-cap", "--miter-limit", "--select-at", "--deselect-at",
                             "--texts", "--interval", "--effect", "--seed"]

    @Test func helpNamesEverySceneFlag() throws {
        let r = try Executable.run(["render", "--help"])
        #expect(r.status == 0)
        for flag in Self.sceneFlags { #expect(r.stdout.contains(flag), "\(flag) missing from help") }
        #expect(r.stdout.contains("wave, marquee, stroke, spread or morph"))
    }

    @Test func waveSceneIsTheDefaultAndUnchanged() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try Executable.run(["render", "--size", "80x62", "--frame", "77", "--out", "a.png"], in: dir)
        let b = try Executable.run(["render", "--scene", "wave", "--size", "80x62", "--frame", "77", "--out", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(try PNGFile.read(dir + "/a.png") == PNGFile.read(dir + "/b.png"))
    }

    @Test(arguments: [
        ["--scene", "marquee", "--text", "A caption longer than the view", "--rate", "40", "--delay", "0.5",
         "--direction", "right", "--scroll", "bounce", "--fade-length", "8", "--leading-buffer", "2", "--trailing-buffer", "4"],
        ["--scene", "marquee", "--text", "du", "--force-scroll", "--scroll-duration", "3"],
        ["--scene", "stroke", "--text", "Ok", "--stroke-width", "3", "--stroke-color", "#F24557", "--line-join", "miter",
         "--line-cap", "square", "--miter-limit", "4", "--text-color", "#000000"],
        ["--scene", "spread", "--text", "Tab", "--select-at", "1", "--deselect-at", "20", "--text-color", "#333333"],
        ["--scene", "morph", "--texts", "Yes,To,AV", "--interval", "2", "--effect", "evaporate", "--seed", "7"],
    ])
    func everySceneRendersFrames(args: [String]) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--size", "120x40", "--frames", "3", "--start", "10", "--out", "f"] + args, in: dir)
        #expect(r.status == 0, "\(args): \(r.stderr)")
        #expect(Executable.files(in: dir + "/f") == ["frame-00010.png", "frame-00011.png", "frame-00012.png"])
        let img = try PNGFile.read(dir + "/f/frame-00011.png")
        #expect(img.width == 120 && img.height == 40)
        #expect(Set(stride(from: 0, to: img.bytes.count, by: 4).map { img.bytes[$0] }).count > 2, "\(args): a blank frame")
        // The frame alone is the frame within the run.
        let one = try Executable.run(["render", "--size", "120x40", "--frame", "11", "--out", "one.png"] + args, in: dir)
        #expect(one.status == 0)
        #expect(try PNGFile.read(dir + "/one.png") == img)
    }

    /// `--renderer reference` draws with the exact layer renderer; the fast one is within one level
    /// of it per channel on every scene, and a bad value is refused naming the flag.
    @Test(arguments: ["wave", "marquee", "stroke", "spread", "morph"])
    func fastAndReferenceRenderersAgree(scene: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["render", "--scene", scene, "--size", "90x50", "--frames", "2", "--start", "40"]
        let f = try Executable.run(common + ["--out", "fast"], in: dir)
        let r = try Executable.run(common + ["--out", "ref", "--renderer", "reference"], in: dir)
        #expect(f.status == 0 && r.status == 0, "\(f.stderr) \(r.stderr)")
        for name in ["frame-00040.png", "frame-00041.png"] {
            let a = try PNGFile.read(dir + "/fast/" + name), b = try PNGFile.read(dir + "/ref/" + name)
            let worst = zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(scene) \(name): fast and reference differ by \(worst)")
        }
        let bad = try Executable.run(["render", "--scene", scene, "--renderer", "slow", "--out", "x.png"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--renderer") && !FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func strokeProgressScrubsTheTimeline() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // --progress 0.25 is 1.5 s of the 6 s timeline: frame 90 at 60 fps.
        let a = try Executable.run(["render", "--scene", "stroke", "--size", "100x60", "--progress", "0.25", "--frame", "500", "--out", "a.png"], in: dir)
        let b = try Executable.run(["render", "--scene", "stroke", "--size", "100x60", "--frame", "90", "--out", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0)
        #expect(try PNGFile.read(dir + "/a.png") == PNGFile.read(dir + "/b.png"))
    }

    /// `--run` styles the marquee's caption run by run: each run's colour appears, and the frame
    /// differs from the single-run caption.
    @Test func marqueeStyledRunsKeepTheirColours() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let styled = try Executable.run(["render", "--scene", "marquee", "--size", "160x40", "--frame", "0", "--force-scroll",
                                         "--run", "Now |#0000FF", "--run", "Song|#FF0000|30", "--out", "s.png"], in: dir)
        #expect(styled.status == 0, "\(styled.stderr)")
        let img = try PNGFile.read(dir + "/s.png")
        var blue = 0, red = 0
        for j in 0 ..< img.height { for i in 0 ..< img.width {
            let p = img.pixel(i, j)
            if p == SIMD4(0, 0, 255, 255) { blue += 1 }
            if p == SIMD4(255, 0, 0, 255) { red += 1 }
        } }
        #expect(blue > 10 && red > 10, "blue \(blue), red \(red)")
        let plain = try Executable.run(["render", "--scene", "marquee", "--size", "160x40", "--frame", "0", "--force-scroll",
                                        "--text", "Now Song", "--out", "p.png"], in: dir)
        #expect(plain.status == 0)
        #expect(try PNGFile.read(dir + "/p.png") != img)
    }

    /// Each bad input: exit 64, one line on stderr naming the flag, nothing written.
    @Test(arguments: [
        (["--scene", "bogus"], "--scene"), (["--scene", "stroke", "--texts", "a,b"], "--texts"),
        (["--scene", "marquee", "--line-join", "round"], "--line-join"), (["--scene", "spread", "--progress", "0.5"], "--progress"),
        (["--text-color", "#000000"], "--text-color"), (["--rate", "3"], "--rate"),
        (["--scene", "marquee", "--rate", "0"], "--rate"), (["--scene", "marquee", "--rate", "nan"], "--rate"),
        (["--scene", "marquee", "--rate", "5", "--scroll-duration", "2"], "--rate"),
        (["--scene", "marquee", "--scroll-duration", "-1"], "--scroll-duration"),
        (["--scene", "marquee", "--fade-length", "500"], "--fade-length"), (["--scene", "marquee", "--delay", "-1"], "--delay"),
        (["--scene", "marquee", "--leading-buffer", "-2"], "--leading-buffer"),
        (["--scene", "marquee", "--trailing-buffer", "inf"], "--trailing-buffer"),
        (["--scene", "marquee", "--direction", "up"], "--direction"), (["--scene", "marquee", "--scroll", "wobble"], "--scroll"),
        (["--scene", "marquee", "--text", "x\u{378}"], "--text"), (["--scene", "marquee", "--text-color", "red"], "--text-color"),
        (["--scene", "stroke", "--stroke-width", "0"], "--stroke-width"), (["--scene", "stroke", "--stroke-color", "#12"], "--stroke-color"),
        (["--scene", "stroke", "--line-join", "sharp"], "--line-join"), (["--scene", "stroke", "--line-cap", "flat"], "--line-cap"),
        (["--scene", "stroke", "--miter-limit", "0.5"], "--miter-limit"), (["--scene", "stroke", "--progress", "2"], "--progress"),
        (["--scene", "stroke", "--text", ""], "--text"),
        (["--scene", "spread", "--select-at", "-1"], "--select-at"), (["--scene", "spread", "--deselect-at", "5"], "--deselect-at"),
        (["--scene", "spread", "--select-at", "9", "--deselect-at", "5"], "--deselect-at"),
        (["--scene", "morph", "--texts", "a,,b"], "--texts"), (["--scene", "morph", "--texts", "a,\u{378}"], "--texts"),
        (["--scene", "morph", "--interval", "1"], "--interval"), (["--scene", "morph", "--effect", "boom"], "--effect"),
        (["--scene", "morph", "--seed", "-3"], "--seed"),
        (["--scene", "morph", "--font", "/nonexistent.ttf"], "--font"), (["--scene", "stroke", "--size", "0x5"], "--size"),
        (["--scene", "spread", "--fps", "0"], "--fps"), (["--scene", "marquee", "--font-size", "-2"], "--font-size"),
        (["--scene", "marquee", "--background", "white"], "--background"),
        (["--scene", "stroke", "--run", "a"], "--run"), (["--scene", "marquee", "--run", "|#FF0000"], "--run"),
        (["--scene", "marquee", "--run", "a|red"], "--run"), (["--scene", "marquee", "--run", "a|#FF0000|0"], "--run"),
        (["--scene", "marquee", "--run", "a||x"], "--run"), (["--scene", "marquee", "--run", "a|||/nonexistent.ttf"], "--run"),
        (["--scene", "marquee", "--run", "a|#FF0000|-3"], "--run"),
    ] as [([String], String)])
    func badSceneFlagsAreRefusedWithOneLineAndNoOutput(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--size", "60x30", "--out", "out"] + args, in: dir)
        #expect(r.status == 64, "\(args) exited \(r.status)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): stderr was \(r.stderr)")
        #expect(r.stderr.contains(flag), "\(args): stderr does not name \(flag): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty, "\(args) left \(Executable.files(in: dir))")
    }
}

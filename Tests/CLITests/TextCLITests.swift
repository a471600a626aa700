import Testing
import Foundation
import TestSupport
import Export
import Raster

/// Text from the command line and files: any script without a font flag, several lines, and what is
/// refused (one line naming the flag, exit 64, nothing written).
@Suite struct TextCLITests {
    @Test(arguments: [
        ["--text", "加载中"], ["--text", "Loading\n加载中"], ["--text", "abc שלום"], ["--text", "مرحبا world"],
        ["--text", "Привет"], ["--text", "नमस्ते"], ["--text", "OK 😀"],
        ["--scene", "stroke", "--text", "Wave\nこんにちは"], ["--scene", "marquee", "--text", "Now: שלום 加载中"],
        ["--scene", "spread", "--text", "关注\nFollow"], ["--scene", "morph", "--texts", "加载中,Done\nok"],
    ])
    func everyScriptRendersInEveryScene(args: [String]) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--size", "160x120", "--frame", "40", "--out", "a.png"] + args, in: dir)
        #expect(r.status == 0, "\(args): \(r.stderr)")
        // Something is drawn: not every pixel is the background.
        let png = try PNGFile.read(dir + "/a.png")
        #expect(Set(stride(from: 0, to: png.bytes.count, by: 4).map { png.bytes[$0] }).count > 2, "\(args): a blank frame")
    }

    /// No error line echoes an input unbounded: at most 400 characters, the start and the end kept.
    @Test func errorLinesAreBounded() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "x", count: 100_000)
        for args in [["--waves", "2", "--wave", "1:" + long], ["--easing", long], ["--label", "{" + long], ["--scene", "nope" + long]] {
            let r = try Executable.run(["render", "--out", "o.png"] + args, in: dir)
            #expect(r.status == 64, "\(args.prefix(3))")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.count <= 440, "\(r.stderr.count) characters")
        }
    }

    /// `--font` takes a fontconfig name as `--label-font` does (a name of an installed family).
    @Test func aFontByItsFontconfigName() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try Executable.run(["render", "--size", "160x120", "--font", "DejaVu Serif", "--out", "a.png"], in: dir)
        let b = try Executable.run(["render", "--size", "160x120", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "--out", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
    }

    @Test func aTextFileIsTheText() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "Two\nlines\n".write(toFile: dir + "/t.txt", atomically: true, encoding: .utf8)
        let a = try Executable.run(["render", "--size", "160x120", "--frame", "40", "--text-file", "t.txt", "--out", "a.png"], in: dir)
        let b = try Executable.run(["render", "--size", "160x120", "--frame", "40", "--text", "Two\nlines", "--out", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
    }

    @Test func badTextInputIsRefusedInOneLine() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data([0x61, 0xFF, 0xFE, 0x62]).write(to: URL(fileURLWithPath: dir + "/latin1.txt"))
        try Data(repeating: 0x61, count: 70_000).write(to: URL(fileURLWithPath: dir + "/big.txt"))
        try String(repeating: "a", count: 2001).write(toFile: dir + "/long.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        let cases: [([String], String, String)] = [
            (["--text-file", "latin1.txt"], "--text-file", "not UTF-8"),
            (["--text-file", "big.txt"], "--text-file", "over 64 KiB"),
            (["--text-file", "long.txt"], "--text-file", "at most 2000"),
            (["--text-file", "folder"], "--text-file", "is not a file"),
            (["--text-file", "missing.txt"], "--text-file", "missing.txt"),
            (["--text-file", "latin1.txt", "--text", "x"], "--text-file", "applies only without --text"),
            (["--wrap", "0"], "--wrap", "outside 1 ... 100000"),
            (["--wrap", "nope"], "--wrap", "not a number"),
            (["--line-height", "20"], "--line-height", "outside 0.25 ... 10"),
            (["--align", "middle"], "--align", "start, center, end, left, right, justify"),
            (["--text-direction", "up"], "--text-direction", "auto, ltr, rtl"),
            (["--text", "x\u{378}"], "--text", "no installed font has a glyph"),
            (["--text", String(repeating: "a", count: 2001)], "--text", "at most 2000"),
            (["--scene", "marquee", "--text", "a\nb"], "--text", "U+000A"),
            (["--scene", "marquee", "--wrap", "40"], "--wrap", "applies to --scene"),
            (["--scene", "morph", "--texts", (0 ..< 101).map { "t\($0)" }.joined(separator: ",")], "--texts", "at most 100"),
            (["--scene", "marquee", "--run", "a\nb|#FF0000"], "--run", "U+000A"),
            (["--font", "No Such Family Anywhere"], "--font", "does not exist"),
            (["--shape", "circle", "--shape", "rect"], "--shape", "given twice ('circle', then 'rect')"),
            (["--path", "M0 0H9V9Z", "--path=M0 0H5V5Z"], "--path", "given twice"),
        ]
        for (args, flag, mention) in cases {
            let r = try Executable.run(["render", "--size", "80x60", "--out", "o.png"] + args, in: dir)
            #expect(r.status == 64, "\(args): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag) && r.stderr.contains(mention), "\(args): \(r.stderr)")
            #expect(!Executable.files(in: dir).contains("o.png"), "\(args) wrote o.png")
        }
    }
}

import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `--shape`, `--path`, `--svg` as a user gives them: pictures, and bad input refused in one line.
@Suite struct ContainerCLITests {
    /// Each bad container input: exit 64, one line on stderr naming the flag, nothing written.
    @Test(arguments: [
        (["--path", "M0 0 L10 0 Z"], "--path: the outline encloses no area"),
        (["--path", "M0 0 L10 0 L10 x Z"], "--path: malformed path data at character 15 ('x'): expected a number"),
        (["--path", "0 0 L1 1"], "--path: malformed path data at character 0 ('0'): expected a moveto"),
        (["--svg", "/nonexistent.svg"], "--svg: '/nonexistent.svg': No such file or directory"),
        (["--svg", "/"], "--svg: '/' is not a file"),
        (["--svg", "empty.svg"], "--svg: 'empty.svg': no shapes"),
        (["--svg", "many.svg"], "--svg: 'many.svg': it has 20001 elements; at most 20000 are read"),
        (["--svg", "text.svg"], "--svg: 'text.svg': <text> is not supported"),
        (["--shape", "rounded-rect", "--corner-radius", "51"], "--corner-radius: 51"),
        (["--shape", "heart", "--svg", "empty.svg"], "--svg: cannot be combined with --shape"),
        (["--shape", "octagon"], "--shape: 'octagon' is not one of"),
        (["--fill-rule", "evenodd"], "--fill-rule: applies only with --path"),
    ] as [([String], String)])
    func badContainerInputIsRefused(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "<svg xmlns='http://www.w3.org/2000/svg'><!-- <path d='M0 0H9V9Z'/> --></svg>".write(toFile: dir + "/empty.svg", atomically: true, encoding: .utf8)
        try ("<svg>" + String(repeating: "<g/>", count: 20_000) + "</svg>").write(toFile: dir + "/many.svg", atomically: true, encoding: .utf8)
        try "<svg><rect width='9' height='9'/><text>hi</text></svg>".write(toFile: dir + "/text.svg", atomically: true, encoding: .utf8)
        let before = Executable.files(in: dir)
        let r = try Executable.run(["render", "--out", "out.png"] + args, in: dir)
        #expect(r.status == 64, "\(args): \(r.status)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(Executable.files(in: dir) == before, "\(args) left \(Executable.files(in: dir))")
    }

    @Test func shapeAndSVGRender() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--shape", "heart", "--size", "64x64", "--progress", "0.5", "--out", "h.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let heart = try PNGFile.read(dir + "/h.png")
        #expect(heart.pixel(32, 44) == SIMD4<UInt8>(0x46, 0xB7, 0x51, 0xFF))   // below the surface: front wave
        #expect(heart.pixel(0, 0) == SIMD4<UInt8>(255, 255, 255, 255))
        #expect(heart.pixel(32, 11) == SIMD4<UInt8>(255, 255, 255, 255))      // the notch between the lobes
        try "<svg><circle cx='5' cy='5' r='5'/></svg>".write(toFile: dir + "/c.svg", atomically: true, encoding: .utf8)
        let svg = try Executable.run(["render", "--svg", "c.svg", "--size", "64x64", "--progress", "0.5", "--out", "c.png"], in: dir)
        #expect(svg.status == 0, "\(svg.stderr)")
        let shape = try Executable.run(["render", "--shape", "circle", "--size", "64x64", "--progress", "0.5", "--out", "s.png"], in: dir)
        #expect(shape.status == 0, "\(shape.stderr)")
        let d = ImageCompare.compare(try PNGFile.read(dir + "/c.png"), try PNGFile.read(dir + "/s.png"), tolerance: 1)
        #expect(d.pixelsOverTolerance == 0, "\(d)")
    }

    @Test func shapesExportAsLottieAndSVG() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lottie = try Executable.run(["export", "--shape", "heart", "--size", "80x62", "--frames", "30", "--out", "h.json"], in: dir)
        #expect(lottie.status == 0, "\(lottie.stderr)")
        let svg = try Executable.run(["export", "--path", "M0 0H9V9H0Z M3 3H6V6H3Z", "--fill-rule", "evenodd", "--size", "80x62",
                                      "--frame", "150", "--out", "r.svg"], in: dir)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(try String(contentsOfFile: dir + "/r.svg", encoding: .utf8).contains("fill-rule=\"evenodd\""))
        // Layer masks cannot draw an even-odd outline: refused, nothing written.
        let masks = try Executable.run(["export", "--path", "M0 0H9V9H0Z M3 3H6V6H3Z", "--fill-rule", "evenodd", "--size", "80x62",
                                        "--frames", "30", "--lottie-masks", "mask", "--out", "m.json"], in: dir)
        #expect(masks.status == 64 && masks.stderr.hasPrefix("wavefill: error: --lottie-masks:"), "\(masks.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.json"))
    }

    /// Path data in error is drawn up to the error, with one warning line naming --svg.
    @Test func svgErrorsDrawUpToTheErrorWithOneWarning() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "<svg><path d='M0 0H10V10H0Z M20 0 L30 x'/><polygon points='0 0 1'/></svg>".write(toFile: dir + "/bad.svg", atomically: true, encoding: .utf8)
        let r = try Executable.run(["render", "--svg", "bad.svg", "--size", "40x40", "--out", "b.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: --svg") }
        #expect(lines == ["warning: --svg 'bad.svg': <path d>: at character 24 ('x'): expected a number; drawn up to there (and 1 more)"], "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/b.png"))
    }
}

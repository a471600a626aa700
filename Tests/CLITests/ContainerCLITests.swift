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
        (["--shape", "rounded-rect", "--corner-radius", "51"], "--corner-radius: 51"),
        (["--shape", "heart", "--svg", "empty.svg"], "--svg: cannot be combined with --shape"),
        (["--shape", "octagon"], "--shape: 'octagon' is not one of"),
        (["--fill-rule", "evenodd"], "--fill-rule: goes with --path"),
    ] as [([String], String)])
    func badContainerInputIsRefused(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "<svg xmlns='http://www.w3.org/2000/svg'><!-- <path d='M0 0H9V9Z'/> --></svg>".write(toFile: dir + "/empty.svg", atomically: true, encoding: .utf8)
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
}

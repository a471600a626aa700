import Testing
import Foundation
import TestSupport
import Export
import Raster
import WaveFill
import WaveFillApp

/// `--label` and its settings as a user gives them: frames, presets, the printed command line, and
/// bad input refused in one line naming the flag.
@Suite struct LabelCLITests {
    @Test(arguments: [
        (["--label", "{pct}%"], "--label: '{pct}%': unknown placeholder {pct}"),
        (["--label", "{p}", "--label-size", "5000"], "--label-size: 5000 px is outside 1 ... 4096 px"),
        (["--label", "{p}", "--label-color", "red"], "--label-color: 'red' is not a colour"),
        (["--label", "{p}", "--label-font", "/nonexistent.ttf"], "--label-font: '/nonexistent.ttf'"),
        (["--border-width", "3", "--mask-image", "MASK"], "--border-width: a mask image has no outline"),
        (["--border-width", "-1"], "--border-width: -1 px is outside 0 ... 4096 px"),
        (["--border-width", "2", "--border-gap", "9999"], "--border-gap: 9999 px is outside 0 ... 4096 px"),
    ] as [([String], String)])
    func badLabelInputIsRefused(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mask = PresetTests.root + "/Assets/masks/heart.png"
        let r = try Executable.run(["render", "--size", "60x40", "--out", "out.png"] + args.map { $0 == "MASK" ? mask : $0 }, in: dir)
        #expect(r.status == 64, "\(args): \(r.status)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(!Executable.files(in: dir).contains("out.png"))
    }

    @Test func aLabelledPresetRoundTripsToTheSameFrame() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["--shape", "circle", "--size", "90x70", "--label", "{p:.1} {{%}}", "--label-size", "17.5",
                    "--label-color", "#102030", "--label-inside-color", "#F0E0D0C0", "--label-font", "DejaVu Serif",
                    "--border-width", "3.5", "--border-gap", "2", "--border-color", "#AABBCC"]
        let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", "42", "--out", "a.png"], in: dir)
        try #require(a.status == 0, "\(a.stderr)")
        let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", "42", "--out", "b.png"], in: dir)
        try #require(b.status == 0, "\(b.stderr)")
        let saved = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(saved == (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)))
        #expect(saved.contains("\"label\": \"{p:.1} {{%}}\"") && saved.contains("\"label-size\": 17.5")
                && saved.contains("\"border-width\": 3.5") && saved.contains("\"border-gap\": 2"), "\(saved)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
    }

    /// Lottie and a still SVG hold the label and the ring: the label's fills in Lottie, the ring (an
    /// embedded image) and the glyph outlines (defined paths beyond the ring alone's) in the SVG; the
    /// animated SVG holds the ring and refuses the label in one line naming the flag, writing nothing.
    @Test func vectorExportsHoldTheLabelAndBorderOrSaySo() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ring = ["--shape", "circle", "--border-width", "2"], both = ring + ["--label", "{p}%"]
        func export(_ out: String, _ args: [String]) throws -> String {
            let r = try Executable.run(["export", "--size", "60x40", "--out", out] + args, in: dir)
            #expect(r.status == 0, "\(out): \(r.stderr)")
            return try String(contentsOfFile: dir + "/" + out, encoding: .utf8)
        }
        let lottie = try export("a.json", both)
        #expect(lottie.contains("\"label inside") && lottie.contains("\"label outside"))
        func definedPaths(_ svg: String) -> Int { svg.components(separatedBy: "<path id=").count - 1 }
        let ringOnly = try export("c.svg", ring)
        #expect(ringOnly.contains("<image"))
        let svg = try export("a.svg", both + ["--frame", "150"])
        #expect(svg.contains("<image") && definedPaths(svg) > definedPaths(ringOnly))
        let refused = try Executable.run(["export", "--size", "60x40", "--out", "b.svg"] + both, in: dir)
        #expect(refused.status == 64 && refused.stderr.contains("--label") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b.svg"))
    }
}

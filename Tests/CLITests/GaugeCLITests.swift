import Testing
import Foundation
import TestSupport
import Export
import Raster
import WaveFill
import WaveFillApp

/// The gauge's labels, layout, shapes and levels as a user gives them: bad input refused in one line
/// naming the flag (exit 64, nothing written), a preset that round-trips all of them, and the wave's
/// vector writers refusing what they cannot hold.
@Suite struct GaugeCLITests {
    @Test(arguments: [
        (["--label", "{p}", "--label-position", "middle"], "--label-position: 'middle' is not one of center, top, bottom, left, right, above, below"),
        (["--label", "{v}", "--value-range", "10:10"], "--value-range: min 10 is not below max 10"),
        (["--label", "{v}", "--value-range", "90:10"], "--value-range: min 90 is not below max 10"),
        (["--label", "{v}", "--value-range", "ten"], "--value-range: 'ten' is not MIN:MAX"),
        (["--label", "{x}%"], "--label: '{x}%': unknown placeholder {x}"),
        (["--extra-label", "position=top,text={q}"], "--extra-label: '{q}': unknown placeholder {q}"),
        (["--extra-label", "position=nowhere,text=a"], "--extra-label: 'position=nowhere,text=a': position 'nowhere' is not one of"),
        (["--extra-label", "size=12"], "--extra-label: 'size=12': no text=FORMAT"),
        (["--label", "{p}", "--label-offset", "3"], "--label-offset: '3' is not DX,DY"),
        (["--label", "{p}", "--label-outline-width", "5000"], "--label-outline-width: 5000 px is outside 0 ... 1000 px"),
        (["--center", "50%"], "--center: '50%' is not X,Y"),
        (["--radius", "0"], "--radius: 0 px is outside"),
        (["--fit", "cover"], "--fit: 'cover' is not one of contain, fill, none"),
        (["--shape", "arrow", "--shape-direction", "north"], "--shape-direction: 'north' is not one of up, right, down, left"),
        (["--shape", "circle", "--shape-direction", "left"], "--shape-direction: applies only with --shape triangle or arrow"),
        (["--waves", "3", "--wave", "2:level=1.2"], "--wave: '2:level=1.2': level 1.2 is outside 0 ... 1"),
    ] as [([String], String)])
    func badGaugeInputIsRefused(args: [String], message: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--size", "60x40", "--out", "out.png"] + args, in: dir)
        #expect(r.status == 64, "\(args): \(r.status)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(!Executable.files(in: dir).contains("out.png"))
    }

    @Test func aGaugePresetRoundTripsToTheSameFrame() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["--shape", "arrow", "--shape-direction", "left", "--size", "120x90", "--center", "45%,50", "--radius", "35",
                    "--fit", "fill", "--waves", "3", "--wave", "1:level=0.8", "--wave", "3:level=0.3,color=#2050E0C0",
                    "--label", "{v:.1} l\nleft", "--value-range", "0:20", "--label-position", "bottom", "--label-offset", "2,-1",
                    "--label-align", "right", "--label-baseline", "alphabetic", "--label-outline-width", "1.5",
                    "--label-outline-color", "#203040", "--label-fit", "shrink",
                    "--extra-label", "position=above,size=9,color=#802020,text=Tank, A", "--extra-label", "position=top,size=8,text={p}%"]
        let a = try Executable.run(["render"] + args + ["--save-preset", "a.json", "--frame", "42", "--out", "a.png"], in: dir)
        try #require(a.status == 0, "\(a.stderr)")
        let b = try Executable.run(["render", "--preset", "a.json", "--save-preset", "b.json", "--frame", "42", "--out", "b.png"], in: dir)
        try #require(b.status == 0, "\(b.stderr)")
        let saved = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(saved == (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)))
        for key in ["shape-direction", "center", "radius", "fit", "label-position", "label-offset", "label-align", "label-baseline",
                    "label-outline-width", "label-outline-color", "label-fit", "value-range", "extra-label"] {
            #expect(saved.contains("\"\(key)\""), "\(key) missing from \(saved)")
        }
        #expect(saved.contains("level=0.8"), "\(saved)")
        #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes))
        // Without the preset the frame is another.
        let c = try Executable.run(["render", "--shape", "arrow", "--size", "120x90", "--frame", "42", "--out", "c.png"], in: dir)
        try #require(c.status == 0, "\(c.stderr)")
        #expect(try PNGFile.read(dir + "/a.png").bytes != (try PNGFile.read(dir + "/c.png").bytes))
    }

    /// Lottie of the gauge's labels, outlines and levels is written like any other; a translucent
    /// wave's shadow, which Lottie cannot cast, is one line naming the flag, exit 64, nothing written.
    @Test(arguments: [
        ["--label", "{p}", "--label-position", "top"],
        ["--label", "{p}", "--label-outline-width", "2"],
        ["--extra-label", "text=x"],
        ["--waves", "2", "--wave", "1:level=0.4"],
    ])
    func lottieHoldsTheGaugeFeatures(args: [String]) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export", "--shape", "circle", "--size", "60x40", "--frames", "5", "--out", "a.json"] + args, in: dir)
        #expect(r.status == 0 && Executable.files(in: dir).contains("a.json"), "\(args): \(r.status) \(r.stderr)")
        let refused = try Executable.run(["export", "--shape", "circle", "--size", "60x40", "--frames", "5", "--out", "c.json",
                                          "--wave-shadow", "#000 3"] + args, in: dir)
        #expect(refused.status == 64, "\(args): \(refused.status) \(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("--wave-shadow:"), "\(args): \(refused.stderr)")
        #expect(!Executable.files(in: dir).contains("c.json"))
        let ok = try Executable.run(["export", "--shape", "pin", "--center", "40%,50%", "--radius", "15", "--size", "60x40", "--frames", "5",
                                     "--out", "b.json"], in: dir)
        #expect(ok.status == 0 && Executable.files(in: dir).contains("b.json"), "\(ok.stderr)")
    }
}

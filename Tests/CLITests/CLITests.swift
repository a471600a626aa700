import Testing
import Foundation
import TestSupport
import Export
import Raster

/// The built `wavefill` executable, run as a user runs it.
@Suite struct CLITests {
    static let sceneFlags = ["--size", "--text", "--font", "--font-size", "--mask-image", "--shape", "--corner-radius",
                             "--path", "--svg", "--fill-rule", "--amplitude", "--frequency",
                             "--wave-width", "--phase-step", "--phase-speed", "--rise-frames", "--rise-duration", "--fps",
                             "--progress", "--background", "--container", "--back-wave", "--front-wave"]

    @Test func helpNamesEveryFlagWithItsDefault() throws {
        let r = try Executable.run(["render", "--help"])
        #expect(r.status == 0)
        for flag in Self.sceneFlags + ["--frame", "--frames", "--start", "--out", "--force"] {
            #expect(r.stdout.contains(flag), "\(flag) missing from help")
        }
        #expect(r.stdout.contains("default: 400x310"))
        #expect(r.stdout.contains("#E9E9E5B3"))
        #expect(r.stdout.contains("8192"))   // the stated maximum size
        let top = try Executable.run(["--help"])
        #expect(top.status == 0 && top.stdout.contains("render"))
        let v = try Executable.run(["--version"])
        #expect(v.status == 0 && v.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    /// Each bad input: non-zero exit, one line on stderr naming the flag, nothing written.
    @Test(arguments: [
        (["--size", "abc"], "--size"), (["--size", "0x10"], "--size"), (["--size", "-5x10"], "--size"),
        (["--size", "9000x9000"], "--size"), (["--size", "10x"], "--size"),
        (["--amplitude", "-1"], "--amplitude"), (["--amplitude", "nan"], "--amplitude"), (["--amplitude", "inf"], "--amplitude"),
        (["--amplitude", "x"], "--amplitude"), (["--wave-width", "0"], "--wave-width"), (["--font-size", "0"], "--font-size"),
        (["--font-size", "-3"], "--font-size"), (["--font-size", "100000"], "--font-size"), (["--fps", "0"], "--fps"),
        (["--rise-frames", "0"], "--rise-frames"), (["--rise-duration", "-2"], "--rise-duration"),
        (["--progress", "1.5"], "--progress"), (["--progress", "-0.1"], "--progress"), (["--frequency", "-1"], "--frequency"),
        (["--phase-step", "nan"], "--phase-step"), (["--background", "red"], "--background"),
        (["--container", "#12345"], "--container"), (["--back-wave", "#GGGGGG"], "--back-wave"),
        (["--front-wave", "46B751"], "--front-wave"), (["--text", ""], "--text"), (["--text", "d\u{378}u"], "--text"),
        (["--font", "/nonexistent.ttf"], "--font"), (["--font", "/etc/hostname"], "--font"),
        (["--mask-image", "/nonexistent.png"], "--mask-image"), (["--frame", "-1"], "--frame"),
        (["--frames", "0"], "--frames"), (["--frame", "1", "--frames", "2"], "--frame"),
        (["--frames", "2", "--out", "one.png"], "--out"),
    ] as [([String], String)])
    func badInputIsRefusedWithOneLineAndNoOutput(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--out", "out"] + args, in: dir)
        #expect(r.status != 0, "\(args) exited 0")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): stderr was \(r.stderr)")
        #expect(r.stderr.contains(flag), "\(args): stderr does not name \(flag): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty, "\(args) left \(Executable.files(in: dir))")
    }

    @Test func badFontFilesAreRefused() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let full = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        _ = FileManager.default.createFile(atPath: dir + "/empty.ttf", contents: Data())
        _ = FileManager.default.createFile(atPath: dir + "/cut.ttf", contents: full.prefix(3000))
        try FileManager.default.createDirectory(atPath: dir + "/adir.ttf", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/locked.ttf", contents: full)
        chmod(dir + "/locked.ttf", 0)
        for f in ["empty.ttf", "cut.ttf", "adir.ttf"] + (getuid() == 0 ? [] : ["locked.ttf"]) {
            let r = try Executable.run(["render", "--font", f, "--out", "o"], in: dir)
            #expect(r.status != 0, "\(f)")
            #expect(r.stderr.contains("--font") && r.stderr.split(separator: "\n").count == 1, "\(f): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/o"), "\(f) created the output directory")
        }
    }

    @Test func outputThatCannotBeCreatedIsRefused() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/afile", contents: Data("x".utf8))
        for out in ["afile", "afile/sub"] {
            let r = try Executable.run(["render", "--frames", "2", "--out", out, "--size", "40x31"], in: dir)
            #expect(r.status != 0 && r.stderr.contains("--out"), "\(out): \(r.stderr)")
        }
        #expect(Executable.files(in: dir) == ["afile"])
    }

    @Test func rendersFramesThatMatchSingleFrameRenders() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--size", "80x62", "--frames", "3", "--start", "148", "--out", "frames"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote 3 frames"))
        #expect(Executable.files(in: dir + "/frames") == ["frame-00148.png", "frame-00149.png", "frame-00150.png"])
        let one = try Executable.run(["render", "--size", "80x62", "--frame", "150", "--out", "single/f150.png"], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        let a = try PNGFile.read(dir + "/frames/frame-00150.png"), b = try PNGFile.read(dir + "/single/f150.png")
        #expect(a.width == 80 && a.height == 62)
        #expect(a.bytes == b.bytes)
        let c = try PNGFile.read(dir + "/frames/frame-00148.png")
        #expect(c.bytes != a.bytes)
        // Existing frames are kept unless --force.
        let again = try Executable.run(["render", "--size", "80x62", "--frames", "3", "--start", "148", "--out", "frames"], in: dir)
        #expect(again.status != 0 && again.stderr.contains("--force"))
        let forced = try Executable.run(["render", "--size", "80x62", "--frames", "3", "--start", "148", "--out", "frames", "--force"], in: dir)
        #expect(forced.status == 0)
        #expect(!Executable.files(in: dir + "/frames").contains { $0.hasPrefix(".") }, "temporary files left behind")
    }

    @Test func maskImageFromTheHeartAssetRenders() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let asset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/masks/heart.png").path
        let r = try Executable.run(["render", "--mask-image", asset, "--size", "64x64", "--progress", "0.5", "--out", "m.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let img = try PNGFile.read(dir + "/m.png")
        // The lower middle of the heart, below the surface, is the opaque front-wave green.
        #expect(img.pixel(32, 44) == SIMD4<UInt8>(0x46, 0xB7, 0x51, 0xFF))
        #expect(img.pixel(0, 0) == SIMD4<UInt8>(255, 255, 255, 255))
    }
}

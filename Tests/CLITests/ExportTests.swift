import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `wavefill export`, each format read back by an independent reader (ffprobe, ffmpeg's decoders,
/// libpng) and compared with `wavefill render`'s frames of the same scene.
///
/// Tolerances (premultiplied 8-bit channels):
/// - APNG: exact when opaque; within 1 when translucent (straight alpha in the file).
/// - GIF (one 256-colour palette, sierra2_4a dithering): RGB PSNR >= 40 dB per frame (measured 69), mean
///   difference <= 0.5 per channel value (measured 0.006).
/// - MP4 (H.264 yuv420p BT.709, crf 18): RGB PSNR >= 30 dB per frame (measured 31.8 dB at 80x62;
///   yuv420p's half-resolution chroma on small saturated text is the limit). WebM (VP9, crf 24): the
///   same (measured 32.2), and with a translucent background its alpha plane PSNR >= 30 dB too
///   (measured 46). A flat colour read back as BT.709: each channel within 3 (measured 2).
@Suite(.serialized) struct ExportTests {
    static let size = ["--size", "80x62"]

    /// `wavefill render` frames first ..< first + count of the scene `flags`, as pixmaps.
    static func reference(_ flags: [String], first: Int, count: Int, in dir: String) throws -> [Pixmap] {
        let r = try Executable.run(["render"] + flags + ["--frames", String(count), "--start", String(first), "--out", "ref"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        return try (first ..< first + count).map { try PNGFile.read(dir + "/ref/frame-" + String(format: "%05d", $0) + ".png") }
    }

    static func export(_ args: [String], in dir: String, environment: [String: String]? = nil) throws -> Executable.Result {
        try Executable.run(["export"] + args, in: dir, environment: environment)
    }

    @Test func apngIsLosslessAndLoopsForever() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--phase-step", "36", "--rise-frames", "10"]   // loop: 10 frames
        let r = try Self.export(flags + ["--out", "a.apng"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("10 frames 0...9") && r.stdout.contains("loops seamlessly"), "\(r.stdout)")
        let info = try MediaProbe.info(dir + "/a.apng")
        #expect(info.codec == "apng" && info.width == 80 && info.height == 62)
        #expect(info.frameCount == 10)
        #expect(abs(info.frameRate - 60) < 1e-9)
        // acTL: 10 frames, 0 plays (forever); fcTL delays exactly 1/60 s.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/a.apng")))
        let chunks = PNGChunks(bytes)
        #expect(chunks.acTL == [10, 0])
        #expect(chunks.delays.count == 10 && chunks.delays.allSatisfy { $0 == [1, 60] }, "\(chunks.delays)")
        let decoded = try MediaProbe.frames(dir + "/a.apng", width: 80, height: 62)
        let ours = try Self.reference(flags, first: 0, count: 11, in: dir)
        #expect(decoded.count == 10)
        for (k, f) in decoded.enumerated() { #expect(f.bytes == ours[k].bytes, "frame \(k) differs") }
        // The loop is exact and shortest: frame 10 is frame 0 again, no earlier frame is.
        #expect(ours[10].bytes == ours[0].bytes)
        #expect((1 ..< 10).allSatisfy { ours[$0].bytes != ours[0].bytes })
    }

    @Test func apngWithTranslucentBackgroundIsWithinOne() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--background", "#20406080", "--container", "#FFFFFF40"]
        let r = try Self.export(flags + ["--frames", "4", "--start", "140", "--format", "apng", "--out", "t.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try MediaProbe.info(dir + "/t.png")
        #expect(info.codec == "apng" && info.pixelFormat == "rgba" && info.frameCount == 4)
        let decoded = try MediaProbe.frames(dir + "/t.png", width: 80, height: 62)
        let ours = try Self.reference(flags, first: 140, count: 4, in: dir)
        #expect(decoded.count == 4)
        for (k, f) in decoded.enumerated() {
            let d = ImageCompare.compare(f, ours[k], tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "frame \(k): \(d)")
        }
    }

    @Test func gifMatchesAfterPaletteQuantization() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--fps", "50"]
        let r = try Self.export(flags + ["--frames", "12", "--start", "100", "--out", "a.gif"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try MediaProbe.info(dir + "/a.gif")
        #expect(info.codec == "gif" && info.width == 80 && info.height == 62 && info.frameCount == 12)
        #expect(abs(info.duration - 12.0 / 50) < 1e-6, "duration \(info.duration)")
        // Every delay is 2/100 s, read as such by a player (no delay under 2/100 s).
        let delays = try MediaProbe.packetDurations(dir + "/a.gif")
        #expect(delays.count == 12 && delays.allSatisfy { abs($0 - 0.02) < 1e-9 }, "\(delays)")
        // Loops forever: the NETSCAPE2.0 extension with a loop count of 0.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif")))
        let netscape = Array("NETSCAPE2.0".utf8)
        let at = (0 ..< bytes.count - netscape.count).first { Array(bytes[$0 ..< $0 + netscape.count]) == netscape }
        #expect(at.map { bytes[$0 + 12] == 1 && bytes[$0 + 13] == 0 && bytes[$0 + 14] == 0 } == true)
        let decoded = try MediaProbe.frames(dir + "/a.gif", width: 80, height: 62)
        let ours = try Self.reference(flags, first: 100, count: 12, in: dir)
        #expect(decoded.count == 12)
        var worst = Double.infinity, worstMean = 0.0
        for (k, f) in decoded.enumerated() {
            worst = min(worst, MediaProbe.psnr(f, ours[k]))
            worstMean = max(worstMean, MediaProbe.meanDifference(f, ours[k]))
        }
        print("gif: worst PSNR \(worst) dB, worst mean difference \(worstMean)")
        #expect(worst >= 40, "GIF PSNR \(worst) dB")
        #expect(worstMean <= 0.5, "GIF mean difference \(worstMean)")
    }

    @Test(arguments: ["mp4", "webm"])
    func videoMatchesWithinPSNR(format: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size
        let r = try Self.export(flags + ["--duration", "0.25", "--start", "120", "--out", "v." + format], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try MediaProbe.info(dir + "/v." + format)
        #expect(info.codec == (format == "mp4" ? "h264" : "vp9"))
        #expect(info.width == 80 && info.height == 62 && info.frameCount == 15)
        #expect(abs(info.frameRate - 60) < 1e-9)
        #expect(abs(info.duration - 0.25) < 0.02, "duration \(info.duration)")
        let decoded = try MediaProbe.frames(dir + "/v." + format, width: 80, height: 62)
        let ours = try Self.reference(flags, first: 120, count: 15, in: dir)
        #expect(decoded.count == 15)
        let worst = zip(decoded, ours).map { MediaProbe.psnr($0, $1) }.min() ?? 0
        print("\(format): worst PSNR \(worst) dB")
        #expect(worst >= 30, "\(format) PSNR \(worst) dB")
    }

    @Test func webmKeepsAlphaForTranslucentBackgrounds() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--background", "#00000000"]
        let r = try Self.export(flags + ["--frames", "6", "--start", "150", "--out", "a.webm"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try MediaProbe.info(dir + "/a.webm")
        #expect(info.tags["alpha_mode"] == "1", "\(info.tags)")
        let decoded = try MediaProbe.frames(dir + "/a.webm", width: 80, height: 62, decoder: "libvpx-vp9")
        let ours = try Self.reference(flags, first: 150, count: 6, in: dir)
        #expect(decoded.count == 6)
        let alpha = zip(decoded, ours).map { MediaProbe.psnr($0, $1, channels: [3]) }.min() ?? 0
        let colour = zip(decoded, ours).map { MediaProbe.psnr($0, $1) }.min() ?? 0
        print("webm alpha: worst alpha PSNR \(alpha) dB, premultiplied RGB \(colour) dB")
        #expect(alpha >= 30 && colour >= 30, "alpha \(alpha) dB, colour \(colour) dB")
        // The corner is background: transparent.
        #expect(decoded[0].pixel(0, 0).w < 8)
    }

    @Test func mp4PadsAnOddSizeWithTheBackground() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(["--size", "81x61", "--frames", "3", "--background", "#336699", "--out", "odd.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("padded to 82x62"), "\(r.stdout)")
        let info = try MediaProbe.info(dir + "/odd.mp4")
        #expect(info.width == 82 && info.height == 62 && info.pixelFormat == "yuv420p")
        let f = try MediaProbe.frames(dir + "/odd.mp4", width: 82, height: 62)
        let corner = f[0].pixel(81, 61)
        #expect(abs(Int(corner.x) - 0x33) <= 4 && abs(Int(corner.y) - 0x66) <= 4 && abs(Int(corner.z) - 0x99) <= 4, "\(corner)")
    }

    @Test func loopLengthsAreTheExactRepeat() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // (flags, expected frames): frame-based 360/gcd(360, step) combined with the rise; with
        // --progress one phase period; time-based from speed, rise duration and fps.
        let cases: [([String], Int)] = [
            (["--phase-step", "36", "--rise-frames", "25"], 50),
            (["--phase-step", "45", "--progress", "0.5"], 8),
            (["--phase-step", "7.5", "--progress", "0.5"], 48),
            (["--phase-speed", "480", "--rise-duration", "0.5"], 90),    // 0.75 s phase, 0.5 s rise at 60 fps
            (["--phase-speed", "600", "--progress", "0.3", "--fps", "50"], 30),
        ]
        for (flags, n) in cases {
            let r = try Self.export(Self.size + flags + ["--format", "spritesheet", "--out", "s.png", "--force"], in: dir)
            #expect(r.status == 0, "\(flags): \(r.stderr)")
            #expect(r.stdout.contains("\(n) frames 0...\(n - 1)") && r.stdout.contains("loops seamlessly"), "\(flags): \(r.stdout)")
            let a = try Executable.run(["render"] + Self.size + flags + ["--frame", String(n), "--out", "n.png"], in: dir)
            let b = try Executable.run(["render"] + Self.size + flags + ["--frame", "0", "--out", "z.png"], in: dir)
            #expect(a.status == 0 && b.status == 0)
            let fn = try PNGFile.read(dir + "/n.png"), f0 = try PNGFile.read(dir + "/z.png")
            #expect(fn.bytes == f0.bytes, "\(flags): frame \(n) is not frame 0")
            try FileManager.default.removeItem(atPath: dir + "/n.png")
            try FileManager.default.removeItem(atPath: dir + "/z.png")
        }
        // The default length is the loop: 360/gcd(360, 8) = 45 and 300 frames meet at 900.
        let d = try Self.export(Self.size + ["--format", "spritesheet", "--out", "d.png", "--columns", "50"], in: dir)
        #expect(d.status == 0 && d.stdout.contains("900 frames 0...899"), "\(d.stdout) \(d.stderr)")
    }

    @Test func incommensurateTimeIsAClearError() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--phase-speed", "100", "--rise-duration", "0.123456789", "--out", "a.apng"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--loop") && r.stderr.contains("--frames") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty)
    }

    @Test func spriteSheetHoldsEveryFrameAndDescribesIt() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--format", "spritesheet", "--frames", "5", "--start", "30", "--columns", "2", "--out", "sheet/s.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let sheet = try PNGFile.read(dir + "/sheet/s.png")
        #expect(sheet.width == 160 && sheet.height == 186)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/sheet/s.json"))) as? [String: Any]
        let byName = json?["frames"] as? [String: [String: Any]] ?? [:]
        let frames = (30 ..< 35).map { byName[String(format: "frame-%05d", $0)] ?? [:] }
        let meta = json?["meta"] as? [String: Any] ?? [:]
        #expect(byName.count == 5)
        #expect(meta["image"] as? String == "s.png" && meta["fps"] as? Int == 60 && meta["frameCount"] as? Int == 5)
        #expect(meta["loop"] as? Bool == false && meta["columns"] as? Int == 2 && meta["rows"] as? Int == 3 && meta["firstFrame"] as? Int == 30)
        let ours = try Self.reference(Self.size, first: 30, count: 5, in: dir)
        for (k, f) in frames.enumerated() {
            let rect = f["frame"] as? [String: Int] ?? [:]
            #expect(rect == ["x": (k % 2) * 80, "y": (k / 2) * 62, "w": 80, "h": 62], "frame \(k): \(rect)")
            #expect(abs((f["duration"] as? Double ?? 0) - 1000.0 / 60) < 1e-9)
            var cell = Pixmap(width: 80, height: 62)
            for y in 0 ..< 62 { for x in 0 ..< 80 { cell.setPixel(x, y, sheet.pixel((rect["x"] ?? 0) + x, (rect["y"] ?? 0) + y)) } }
            #expect(cell.bytes == ours[k].bytes, "cell \(k) differs from frame \(30 + k)")
        }
        // The unused sixth cell is transparent.
        #expect(sheet.pixel(120, 150) == SIMD4<UInt8>(0, 0, 0, 0))
    }

    @Test func pngWritesOneFrame() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--frame", "77", "--out", "f.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let ours = try Self.reference(Self.size, first: 77, count: 1, in: dir)
        #expect(try PNGFile.read(dir + "/f.png").bytes == ours[0].bytes)
    }

    /// At the default 60 fps a GIF is written at 50 fps over the same seconds, frame j showing the
    /// scene frame nearest j / 50 s, with one note on stderr; a loop of whole 1/50 s stays seamless.
    @Test func gifAboveFiftyFPSIsSampledByTime() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--phase-step", "12", "--rise-frames", "30"]      // loop: 30 frames = 0.5 s at 60 fps
        let r = try Self.export(flags + ["--out", "a.gif"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "note: GIF delays are whole 1/100 s: writing 50 fps, frames sampled by time from the 60 fps animation\n", "\(r.stderr)")
        #expect(r.stdout.contains("25 frames at 50 fps (0.5 s) sampled by time from frames 0...29 at 60 fps, loops seamlessly"), "\(r.stdout)")
        let info = try MediaProbe.info(dir + "/a.gif")
        #expect(info.frameCount == 25 && abs(info.duration - 0.5) < 1e-6, "\(info)")
        let delays = try MediaProbe.packetDurations(dir + "/a.gif")
        #expect(delays.count == 25 && delays.allSatisfy { abs($0 - 0.02) < 1e-9 }, "\(delays)")
        let decoded = try MediaProbe.frames(dir + "/a.gif", width: 80, height: 62)
        let ours = try Self.reference(flags, first: 0, count: 31, in: dir)
        #expect(decoded.count == 25)
        for (j, f) in decoded.enumerated() {
            // The scene frame at j / 50 s, and no other, is what GIF frame j shows.
            let want = Int((Double(j) * 1.2).rounded())
            let distance = ours.map { MediaProbe.meanDifference(f, $0) }
            let nearest = distance.indices.min { distance[$0] < distance[$1] } ?? -1
            #expect(distance[want] == distance[nearest], "GIF frame \(j) looks like scene frame \(nearest), not \(want)")
            #expect(MediaProbe.psnr(f, ours[want]) >= 40, "GIF frame \(j)")
        }
        #expect(ours[30].bytes == ours[0].bytes)
        // 10 frames at 60 fps are 8.33 GIF frames: written, and said not to loop seamlessly.
        let odd = try Self.export(Self.size + ["--phase-step", "36", "--rise-frames", "10", "--out", "b.gif"], in: dir)
        #expect(odd.status == 0 && odd.stdout.contains("8 frames at 50 fps") && odd.stdout.contains("does not loop seamlessly"), "\(odd.stdout)")
        #expect(odd.stderr.contains("8.33 frames at 50 fps, not whole") && odd.stderr.split(separator: "\n").count == 1, "\(odd.stderr)")
    }

    /// GIF's 1-bit alpha: translucent pixels are composited over the matte (the background made
    /// opaque, or --gif-matte) with one warning; transparent ones stay transparent.
    /// A transparent GIF reuses the frame before as an opaque one does (only the changed rectangle,
    /// the rest "unchanged"): it is at most 1.5 times the size of its opaque twin.
    @Test func transparentGIFIsAboutItsOpaqueTwinsSize() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [Int] = []
        for (name, background) in [("opaque", "#336699"), ("clear", "#00000000")] {
            let r = try Self.export(Self.size + ["--background", background, "--fps", "50", "--frames", "100", "--out", name + ".gif"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try MediaProbe.frames(dir + "/\(name).gif", width: 80, height: 62).count == 100)
            let bytes = (try FileManager.default.attributesOfItem(atPath: dir + "/\(name).gif")[.size] as? NSNumber)?.intValue ?? 0
            sizes.append(bytes)
        }
        print("GIF 80x62, 100 frames: opaque \(sizes[0]) B, transparent \(sizes[1]) B")
        #expect(sizes[0] > 0 && Double(sizes[1]) <= 1.5 * Double(sizes[0]), "\(sizes)")
    }

    @Test func gifCompositesTranslucentPixelsOverTheMatte() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // (flags, the corner's colour in frame 0, the matte the warning names or nil for no warning)
        let cases: [([String], SIMD4<UInt8>, String?)] = [
            (["--background", "#3366CC40"], SIMD4(0x33, 0x66, 0xCC, 255), "#3366CC"),     // alpha 64: vanished before
            (["--background", "#FF000040", "--gif-matte", "#FFFFFF"], SIMD4(255, 191, 191, 255), "#FFFFFF"),
            (["--background", "#00000000"], SIMD4(0, 0, 0, 0), "#FFFFFF"),                 // the text's edges are translucent
            (["--background", "#336699"], SIMD4(0x33, 0x66, 0x99, 255), nil),
        ]
        for (k, (flags, corner, matte)) in cases.enumerated() {
            let r = try Self.export(Self.size + flags + ["--fps", "50", "--frames", "2", "--out", "\(k).gif"], in: dir)
            #expect(r.status == 0, "\(flags): \(r.stderr)")
            let warning = "warning: GIF has no partial transparency: translucent pixels composited over \(matte ?? "") (--gif-matte)\n"
            #expect(r.stderr == (matte == nil ? "" : warning), "\(flags): \(r.stderr)")
            let f = try MediaProbe.frames(dir + "/\(k).gif", width: 80, height: 62)[0]
            for (x, y) in [(0, 0), (79, 61), (2, 30)] {
                let p = f.pixel(x, y)
                let close = (0 ..< 4).allSatisfy { abs(Int(p[$0]) - Int(corner[$0])) <= 2 }
                #expect(close, "\(flags): (\(x), \(y)) is \(p), want \(corner)")
            }
        }
    }

    /// MP4 and WebM say BT.709 limited range, and a flat green read back with BT.709 is that green
    /// (read with BT.601 it is visibly not: the matrix matters).
    @Test(arguments: ["mp4", "webm"])
    func videoIsBT709LimitedRange(format: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let green = SIMD4<Int>(0x46, 0xB7, 0x51, 255)
        let r = try Self.export(Self.size + ["--background", "#46B751", "--frames", "2", "--out", "g." + format], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try MediaProbe.info(dir + "/g." + format)
        #expect(info.color == ["color_space": "bt709", "color_primaries": "bt709", "color_transfer": "bt709", "color_range": "tv"], "\(info.color)")
        func corner(_ matrix: String?) throws -> SIMD4<Int> {
            let p = try MediaProbe.frames(dir + "/g." + format, width: 80, height: 62, yuvMatrix: matrix)[0].pixel(4, 4)
            return SIMD4(Int(p.x), Int(p.y), Int(p.z), Int(p.w))
        }
        for matrix in ["bt709", nil] {     // forced, and as the stream's tags say
            let c = try corner(matrix)
            #expect((0 ..< 4).allSatisfy { abs(c[$0] - green[$0]) <= 3 }, "\(matrix ?? "tagged"): \(c)")
        }
        let wrong = try corner("bt601")
        #expect((0 ..< 3).contains { abs(wrong[$0] - green[$0]) > 3 }, "BT.601: \(wrong)")
    }

    /// Sprite sheet pages: none over --max-texture, each frame inside its page and equal to the
    /// rendered frame, every page listed in FILE.json with the frame names in order.
    @Test func spriteSheetPagesStayWithinMaxTexture() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--format", "spritesheet", "--frames", "14", "--start", "5", "--max-texture", "200", "--out", "s.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // 80x62 frames in 200 px: 2 columns x 3 rows, so 14 frames take 3 pages.
        #expect(Executable.files(in: dir) == ["s-1.json", "s-1.png", "s-2.json", "s-2.png", "s.json", "s.png"])
        #expect(r.stdout.contains("3 pages of at most 200 px a side"), "\(r.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any] ?? [:]
        let names = (5 ..< 19).map { String(format: "frame-%05d", $0) }
        // Each page's JSON lists its own frames under the animation's name, and passes PixiJS's rules.
        let perPage = try ["s.json", "s-1.json", "s-2.json"].map { name in
            let page = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))) as? [String: Any] ?? [:]
            return (page["animations"] as? [String: [String]])?["wave"] ?? []
        }
        #expect(perPage.joined().elementsEqual(names) && perPage.map(\.count) == [6, 6, 2], "\(perPage)")
        #expect(PixiSpritesheetRules.violations(dir: dir, json: "s.json").isEmpty, "\(PixiSpritesheetRules.violations(dir: dir, json: "s.json"))")
        #expect((json["meta"] as? [String: Any])?["related_multi_packs"] as? [String] == ["s-1.json", "s-2.json"])
        let textures = json["textures"] as? [[String: Any]] ?? []
        #expect(textures.count == 3)
        let ours = try Self.reference(Self.size, first: 5, count: 14, in: dir)
        var listed: [String] = []
        for t in textures {
            let page = try PNGFile.read(dir + "/" + (t["image"] as? String ?? "?"))
            #expect(page.width <= 200 && page.height <= 200, "\(t["image"] ?? "") is \(page.width)x\(page.height)")
            for f in t["frames"] as? [[String: Any]] ?? [] {
                let name = f["filename"] as? String ?? "", rect = f["frame"] as? [String: Int] ?? [:]
                let (x, y) = (rect["x"] ?? 999, rect["y"] ?? 999)
                try #require(x + 80 <= page.width && y + 62 <= page.height, "\(name) at \(rect)")
                var cell = Pixmap(width: 80, height: 62)
                for yy in 0 ..< 62 { for xx in 0 ..< 80 { cell.setPixel(xx, yy, page.pixel(x + xx, y + yy)) } }
                #expect(cell.bytes == ours[listed.count].bytes, "\(name) differs")
                listed.append(name)
            }
        }
        #expect(listed == names)
    }

    /// A re-export with --force into fewer pages removes the old sheet's pages it no longer lists
    /// (PNG and JSON), and leaves other files alone.
    @Test func reExportIntoFewerPagesRemovesTheOldPages() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--format", "spritesheet", "--frames", "14", "--max-texture", "200", "--out", "s.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/s-9.png"))
        #expect(Executable.files(in: dir) == ["s-1.json", "s-1.png", "s-2.json", "s-2.png", "s-9.png", "s.json", "s.png"])
        let again = try Self.export(Self.size + ["--format", "spritesheet", "--frames", "8", "--max-texture", "200", "--out", "s.png", "--force"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Executable.files(in: dir) == ["s-1.json", "s-1.png", "s-9.png", "s.json", "s.png"], "\(Executable.files(in: dir))")
        #expect(again.stdout.contains("removed 2 files"), "\(again.stdout)")
        #expect(PixiSpritesheetRules.violations(dir: dir, json: "s.json").isEmpty)
        let one = try Self.export(Self.size + ["--format", "spritesheet", "--frames", "2", "--max-texture", "200", "--out", "s.png", "--force"], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(Executable.files(in: dir) == ["s-9.png", "s.json", "s.png"], "\(Executable.files(in: dir))")
    }

    /// `export --format lottie|svg`: the default length is the loop, the same document as naming it
    /// with --frames (the players' and browsers' tests hold those documents to our frames); an SVG
    /// with --frame K is that still frame.
    @Test func lottieAndSVGAreTheVectorDocuments() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.size + ["--phase-step", "36", "--rise-frames", "10"]
        let pairs: [([String], [String], String, String)] = [
            (["--out", "a.json"], ["--frames", "10", "--out", "b.json"], "a.json", "b.json"),   // default --loop: 10 frames
            (["--out", "a.lottie", "--frames", "4"], ["--frames", "4", "--out", "b.lottie"], "a.lottie", "b.lottie"),
            (["--out", "a.svg"], ["--frames", "10", "--out", "b.svg"], "a.svg", "b.svg"),
            (["--out", "c.svg", "--frame", "7"], ["--frame", "7", "--out", "d.svg"], "c.svg", "d.svg"),
        ]
        for (ours, theirs, a, b) in pairs {
            let r1 = try Self.export(flags + ours, in: dir)
            let r2 = try Self.export(flags + theirs, in: dir)
            #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr) \(r2.stderr)")
            let da = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + a))
            let db = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + b))
            if a.hasSuffix(".lottie") {
                #expect(da.count > 0 && da.prefix(2) == Data("PK".utf8))   // a zip; its JSON is checked by the players' tests
            } else {
                #expect(da == db, "\(a) differs from \(b)")
            }
        }
        let lottie = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(lottie.contains("\"op\":10") || lottie.contains("\"op\": 10"), "the loop is 10 frames")
        let animated = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        #expect(animated.contains("<animateTransform") && animated.contains("dur=\"0.166667s\""), "the loop is 10 frames at 60 fps")
        #expect(!(try String(contentsOfFile: dir + "/c.svg", encoding: .utf8)).contains("<animate"))
    }

    /// Each bad input: exit 64, one line naming the flag, nothing written.
    @Test(arguments: [
        (["--out", "a.mov"], "--format"), (["--out", "a"], "--format"),
        (["--out", "a.apng", "--frames", "0"], "--frames"), (["--out", "a.apng", "--frames", "2000000"], "--frames"),
        (["--out", "a.apng", "--duration", "-1"], "--duration"), (["--out", "a.apng", "--duration", "nan"], "--duration"),
        (["--out", "a.apng", "--duration", "0.001"], "--duration"), (["--out", "a.apng", "--frames", "3", "--loop"], "--loop"),
        (["--out", "a.apng", "--frames", "3", "--duration", "1"], "--duration"), (["--out", "a.apng", "--frame", "3"], "--frame"),
        (["--out", "a.apng", "--start", "-1"], "--start"), (["--out", "a.apng", "--columns", "3"], "--columns"),
        (["--out", "a.png", "--frames", "3"], "--frames"), (["--out", "a.png", "--loop"], "--loop"),
        (["--out", "a.png", "--frame", "-2"], "--frame"), (["--format", "spritesheet", "--out", "a.json"], "--out"),
        (["--format", "spritesheet", "--out", "s.png", "--columns", "0"], "--columns"),
        (["--format", "spritesheet", "--out", "s.png", "--size", "5000x100", "--frames", "4"], "--max-texture"),
        (["--format", "spritesheet", "--out", "s.png", "--size", "300x100", "--max-texture", "299"], "--max-texture"),
        (["--format", "spritesheet", "--out", "s.png", "--max-texture", "63"], "--max-texture"),
        (["--format", "spritesheet", "--out", "s.png", "--max-texture", "65536"], "--max-texture"),
        (["--format", "spritesheet", "--out", "s.png", "--size", "80x62", "--max-texture", "200", "--columns", "3"], "--columns"),
        (["--out", "a.apng", "--max-texture", "4096"], "--max-texture"), (["--out", "a.apng", "--gif-matte", "#FFFFFF"], "--gif-matte"),
        (["--out", "a.gif", "--gif-matte", "#FFFFFF80"], "--gif-matte"), (["--out", "a.gif", "--gif-matte", "white"], "--gif-matte"),
        (["--format", "tiff", "--out", "a.tiff"], "--format"), (["--out", "a.mp4", "--amplitude", "-1"], "--amplitude"),
        (["--out", "afile/a.gif", "--fps", "50"], "--out"), (["--out", "adir", "--format", "gif", "--fps", "50"], "--out"),
        (["--out", "a.svg", "--frame", "2", "--frames", "3"], "--frames"), (["--out", "a.json", "--start", "2"], "--start"),
        (["--out", "a.svg", "--frame", "2", "--loop"], "--loop"), (["--out", "a.svg", "--start", "2"], "--start"), (["--out", "a.json", "--frame", "2"], "--frame"),
        (["--out", "existing.webm"], "--out"), (["--out", "a.gif", "--fps", "50", "--size", "2000x2000", "--frames", "200"], "--frames"),
    ] as [([String], String)])
    func badInputIsRefusedWithOneLineAndNoOutput(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/afile", contents: Data("x".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/existing.webm", contents: Data("keep".utf8))
        try FileManager.default.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: false)
        let before = Executable.files(in: dir)
        let r = try Self.export(args + ["--save-preset", "p.json"], in: dir)
        #expect(r.status == 64, "\(args) exited \(r.status): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(flag), "\(args): stderr does not name \(flag): \(r.stderr)")
        #expect(Executable.files(in: dir) == before, "\(args) left \(Executable.files(in: dir))")
        #expect(Executable.files(in: dir + "/adir").isEmpty)
        #expect(try String(contentsOfFile: dir + "/existing.webm", encoding: .utf8) == "keep")
    }

    @Test func existingOutputIsReplacedOnlyWithForce() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/a.apng", contents: Data("old".utf8))
        let r = try Self.export(Self.size + ["--frames", "2", "--out", "a.apng", "--force"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try MediaProbe.info(dir + "/a.apng").frameCount == 2)
        #expect(Executable.files(in: dir) == ["a.apng"])
    }

    /// A stand-in for ffmpeg: a shell script written into `dir`.
    static func fakeFFmpeg(_ body: String, in dir: String) throws -> String {
        let path = dir + "/fake-ffmpeg"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    @Test func anEncoderKilledMidwayLeavesNothing() throws {
        let tools = try Executable.temporaryDirectory(), dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tools); try? FileManager.default.removeItem(atPath: dir) }
        // Writes a partial output file, reads some frames, then dies by SIGKILL.
        let fake = try Self.fakeFFmpeg("for last; do :; done; echo partial > \"$last\"; head -c 40000 >/dev/null; kill -9 $$", in: tools)
        let r = try Self.export(Self.size + ["--frames", "100", "--out", "out/a.webm"], in: dir,
                                environment: ["WAVEFILL_FFMPEG": fake, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("killed by signal 9") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(Executable.files(in: dir + "/out").isEmpty, "left \(Executable.files(in: dir + "/out"))")
    }

    /// ffmpeg that reports a failure but exits 0 (as it does when the disk fills while it writes the
    /// trailer) is a failure: one line naming --out and the message, nothing left.
    @Test func anEncoderErrorWithExitStatusZeroIsAFailure() throws {
        let tools = try Executable.temporaryDirectory(), dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tools); try? FileManager.default.removeItem(atPath: dir) }
        let fake = try Self.fakeFFmpeg("for last; do :; done; cat >/dev/null; echo truncated > \"$last\"; echo '[out#0/webm] Error writing trailer: No space left on device' >&2; exit 0", in: tools)
        let r = try Self.export(Self.size + ["--frames", "5", "--out", "out/a.webm"], in: dir,
                                environment: ["WAVEFILL_FFMPEG": fake, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("--out") && r.stderr.contains("No space left") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(Executable.files(in: dir + "/out").isEmpty, "left \(Executable.files(in: dir + "/out"))")
        // An encoder that exits 0 without writing anything is a failure too.
        let silent = try Self.fakeFFmpeg("cat >/dev/null; exit 0", in: tools)
        let s = try Self.export(Self.size + ["--frames", "5", "--out", "out/b.mp4"], in: dir,
                                environment: ["WAVEFILL_FFMPEG": silent, "PATH": "/usr/bin:/bin"])
        #expect(s.status == 1 && s.stderr.contains("no output file"), "\(s.stderr)")
        #expect(Executable.files(in: dir + "/out").isEmpty)
    }

    @Test func anInterruptedExportLeavesNothing() throws {
        for format in ["apng", "spritesheet"] {
            // A folder per format, so what one leaves cannot be taken for the other's temporary file.
            let dir = try Executable.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Executable.path)
            // The sprite sheet's 20000 frames make 39 pages of 4096 px: every one's temporary name goes too.
            p.arguments = ["export", "--format", format, "--frames", "20000", "--size", "200x155", "--out", "a.png"]
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Wait until the temporary file exists, then stop it as `kill` would (SIGTERM; SIGINT, what
            // Ctrl-C sends, is handled the same way but may be ignored under a test runner).
            var waited = 0
            while !Executable.files(in: dir).contains(where: { $0.hasPrefix(".a.png.tmp-") }) && waited < 10_000 && p.isRunning {
                usleep(10_000); waited += 10
            }
            #expect(p.isRunning && waited < 10_000, "\(format): no temporary file while running, or finished before it could be stopped")
            p.terminate()
            p.waitUntilExit()
            #expect(p.terminationStatus == 128 + SIGTERM, "\(format): status \(p.terminationStatus)")
            usleep(200_000)     // ffmpeg, killed, cannot write after this
            #expect(Executable.files(in: dir).isEmpty, "\(format) left \(Executable.files(in: dir))")
        }
    }

    @Test func anEncoderErrorIsReportedInOneLine() throws {
        let tools = try Executable.temporaryDirectory(), dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tools); try? FileManager.default.removeItem(atPath: dir) }
        let fake = try Self.fakeFFmpeg("for last; do :; done; echo x > \"$last\"; cat >/dev/null; echo 'noise' >&2; echo 'Unknown encoder libx264' >&2; exit 1", in: tools)
        let r = try Self.export(Self.size + ["--frames", "3", "--out", "a.mp4"], in: dir,
                                environment: ["WAVEFILL_FFMPEG": fake, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 1)
        #expect(r.stderr == "wavefill: error: --out: ffmpeg failed (exit status 1): Unknown encoder libx264; nothing was written\n", "\(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty)
    }

    @Test func aMissingFFmpegNamesTheDebianPackage() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.export(Self.size + ["--frames", "3", "--out", "a.mp4"], in: dir, environment: ["PATH": dir])
        #expect(r.status != 0)
        #expect(r.stderr.contains("ffmpeg is not installed") && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(Executable.files(in: dir).isEmpty)
        // Sprite sheets and PNG frames need no ffmpeg.
        let s = try Self.export(Self.size + ["--frames", "2", "--format", "spritesheet", "--out", "s.png"], in: dir, environment: ["PATH": dir])
        #expect(s.status == 0, "\(s.stderr)")
    }

    @Test func helpListsTheExportFlags() throws {
        let r = try Executable.run(["export", "--help"])
        #expect(r.status == 0)
        for flag in CLITests.sceneFlags + ["--format", "--out", "--frames", "--duration", "--loop", "--start", "--frame",
                                           "--columns", "--max-texture", "--gif-matte", "--force", "--preset", "--save-preset"] {
            #expect(r.stdout.contains(flag), "\(flag) missing from export --help")
        }
        #expect(r.stdout.contains("default: 400x310") && r.stdout.contains("waterwave"))
    }
}

/// The APNG chunks the tests look at, read straight from the bytes.
struct PNGChunks {
    var acTL: [UInt32] = []
    var delays: [[UInt16]] = []
    init(_ b: [UInt8]) {
        func u32(_ i: Int) -> UInt32 { UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3]) }
        func u16(_ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
        var i = 8
        while i + 8 <= b.count {
            let n = Int(u32(i)), type = String(decoding: b[i + 4 ..< i + 8], as: UTF8.self)
            if type == "acTL" { acTL = [u32(i + 8), u32(i + 12)] }
            if type == "fcTL" { delays.append([u16(i + 8 + 20), u16(i + 8 + 22)]) }
            i += 12 + n
        }
    }
}

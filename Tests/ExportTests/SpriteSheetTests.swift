import Testing
import Foundation
import Raster
@testable import Export
import TestSupport

/// Sprite sheets: the grid, the streamed PNG, the JSON, and all-or-nothing writes.
@Suite struct SpriteSheetTests {
    /// A frame filled with one colour derived from its index.
    static func frame(_ i: Int, _ w: Int = 5, _ h: Int = 3) -> Pixmap {
        var p = Pixmap(width: w, height: h)
        for y in 0 ..< h { for x in 0 ..< w { p.setPixel(x, y, SIMD4(UInt8(i * 20 % 256), UInt8(x * 40 % 256), UInt8(y * 80 % 256), 255)) } }
        return p
    }

    @Test func defaultColumnsAreTheCeilingOfTheSquareRoot() throws {
        for n in 1 ... 2000 {
            let c = SpriteSheet.defaultColumns(n)
            #expect(c * c >= n && (c - 1) * (c - 1) < n, "n = \(n): \(c)")
        }
        let s = try SpriteSheet(frameWidth: 10, frameHeight: 4, frameCount: 7, columns: 3)
        #expect(s.rows == 3 && s.width == 30 && s.height == 12)
        #expect(s.rect(of: 4) == (10, 4, 10, 4))
        #expect(try SpriteSheet(frameWidth: 1, frameHeight: 1, frameCount: 3, columns: 10).columns == 3)
        #expect(s.pageCount == 1)
    }

    @Test func writesEveryFrameIntoItsCellAndDescribesIt() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sheet = try SpriteSheet(frameWidth: 5, frameHeight: 3, frameCount: 7, columns: 3)
        var progress: [Int] = []
        try sheet.write(png: dir + "/s.png", json: dir + "/s.json", fps: 24, loop: true, firstFrame: 10,
                        frame: { Self.frame($0) }, progress: { progress.append($0) })
        #expect(progress == Array(1 ... 7))
        let img = try PNGFile.read(dir + "/s.png")
        #expect(img.width == 15 && img.height == 9)
        for i in 0 ..< 9 {
            let r = sheet.rect(of: i)
            for y in 0 ..< 3 {
                for x in 0 ..< 5 {
                    let want = i < 7 ? Self.frame(i).pixel(x, y) : SIMD4<UInt8>(0, 0, 0, 0)
                    #expect(img.pixel(r.x + x, r.y + y) == want, "cell \(i) (\(x), \(y))")
                }
            }
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any])
        let frames = json["frames"] as? [String: [String: Any]] ?? [:]
        #expect(frames.count == 7 && frames["frame-00010"] != nil)
        #expect(frames["frame-00016"]?["frame"] as? [String: Int] == ["x": 0, "y": 6, "w": 5, "h": 3])
        #expect(PixiSpritesheetRules.violations(dir: dir, json: "s.json").isEmpty, "\(PixiSpritesheetRules.violations(dir: dir, json: "s.json"))")
        #expect(PhaserAtlasRules.violations(dir: dir, json: "s.json").isEmpty, "\(PhaserAtlasRules.violations(dir: dir, json: "s.json"))")
        let meta = json["meta"] as? [String: Any] ?? [:]
        #expect(meta["size"] as? [String: Int] == ["w": 15, "h": 9])
        #expect(meta["fps"] as? Int == 24 && meta["loop"] as? Bool == true && meta["frameCount"] as? Int == 7)
        #expect(meta["pages"] as? Int == 1 && meta["related_multi_packs"] == nil && json["textures"] == nil)
        #expect(json["animations"] as? [String: [String]] == ["animation": (10 ..< 17).map { "frame-000\($0)" }])
        #expect(Executable.files(in: dir) == ["s.json", "s.png"])
    }

    @Test func aFailureLeavesNeitherFile() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        struct Stop: Error {}
        let sheet = try SpriteSheet(frameWidth: 5, frameHeight: 3, frameCount: 9)
        #expect(throws: Stop.self) {
            try sheet.write(png: dir + "/s.png", json: dir + "/s.json", fps: 60, loop: false, firstFrame: 0,
                            frame: { i in if i == 5 { throw Stop() }; return Self.frame(i) })
        }
        #expect(Executable.files(in: dir).isEmpty, "left \(Executable.files(in: dir))")
        // The JSON cannot be placed (a directory has its name): the PNG is not left either.
        try FileManager.default.createDirectory(atPath: dir + "/t.json", withIntermediateDirectories: false)
        #expect(throws: ExportError.self) {
            try sheet.write(png: dir + "/t.png", json: dir + "/t.json", fps: 60, loop: false, firstFrame: 0, frame: { Self.frame($0) })
        }
        #expect(Executable.files(in: dir) == ["t.json"])
        // Several pages: a failure on the last page leaves none of them, nor their JSON.
        let paged = try SpriteSheet(frameWidth: 40, frameHeight: 30, frameCount: 9, maxTexture: 64)
        #expect(paged.pageCount == 5)
        #expect(throws: Stop.self) {
            try paged.write(png: dir + "/p.png", json: dir + "/p.json", fps: 60, loop: false, firstFrame: 0,
                               frame: { i in if i == 8 { throw Stop() }; return Self.frame(i, 40, 30) })
        }
        #expect(Executable.files(in: dir) == ["t.json"], "left \(Executable.files(in: dir))")
        // The last page's JSON cannot be placed: the pages placed before it are removed again.
        try FileManager.default.createDirectory(atPath: dir + "/q-2.json", withIntermediateDirectories: false)
        #expect(throws: ExportError.self) {
            try paged.write(png: dir + "/q.png", json: dir + "/q.json", fps: 60, loop: false, firstFrame: 0, frame: { Self.frame($0, 40, 30) })
        }
        #expect(Executable.files(in: dir) == ["q-2.json", "t.json"], "left \(Executable.files(in: dir))")
    }

    /// Pages: never over the side asked for, every frame inside its page, as many pages as the frames
    /// need, and frames that cannot fit refused.
    @Test(arguments: [(5, 3, 1, 64), (40, 30, 9, 64), (400, 310, 900, 4096), (400, 310, 900, 65535), (64, 64, 1000, 64),
                      (7, 300, 77, 600), (3000, 20, 50, 4096), (100, 1000, 100, 4096), (33, 17, 12345, 1000)])
    func pagesStayWithinTheTextureSize(w: Int, h: Int, n: Int, side: Int) throws {
        let s = try SpriteSheet(frameWidth: w, frameHeight: h, frameCount: n, maxTexture: side)
        var seen = 0
        for p in 0 ..< s.pageCount {
            let size = s.pageSize(p)
            #expect(size.width <= side && size.height <= side, "page \(p): \(size)")
            let frames = s.frames(onPage: p)
            #expect(frames.lowerBound == seen && !frames.isEmpty)
            seen = frames.upperBound
            var cells = Set<[Int]>()
            for i in frames {
                let r = s.rect(of: i)
                #expect(s.page(of: i) == p)
                #expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= size.width && r.y + r.h <= size.height, "frame \(i): \(r) in \(size)")
                cells.insert([r.x, r.y])
            }
            #expect(cells.count == frames.count, "page \(p): frames overlap")
        }
        #expect(seen == n)
        // As few pages as full pages of this grid allow, and a full grid would not fit one more row or column.
        #expect(s.pageCount == (n + s.framesPerPage - 1) / s.framesPerPage)
        #expect(s.rowsPerPage == side / h && (s.columns == min(n, side / w) || s.pageCount == 1))
        #expect(s.pageCount == 1 || s.framesPerPage == (side / w) * (side / h))
    }

    @Test func framesThatCannotFitARefused() {
        #expect(throws: SpriteSheet.LayoutError.frameTooLarge) { try SpriteSheet(frameWidth: 4097, frameHeight: 10, frameCount: 9) }
        #expect(throws: SpriteSheet.LayoutError.frameTooLarge) { try SpriteSheet(frameWidth: 10, frameHeight: 65, frameCount: 1, maxTexture: 64) }
        #expect(throws: SpriteSheet.LayoutError.tooManyColumns(fit: 5)) { try SpriteSheet(frameWidth: 800, frameHeight: 10, frameCount: 9, columns: 6) }
        #expect((try? SpriteSheet(frameWidth: 4096, frameHeight: 4096, frameCount: 3))?.pageCount == 3)
        #expect(SpriteSheet.pagePath("out/s.png", page: 0) == "out/s.png" && SpriteSheet.pagePath("out/s.png", page: 12) == "out/s-12.png")
        #expect(SpriteSheet.pagePath("a.b/s", page: 1) == "a.b/s-1" && SpriteSheet.pagePath("s.json", page: 2) == "s-2.json")
    }

    /// Three pages written and read back: each cell holds its frame, each page's JSON its own frames
    /// and image, FILE.json the other pages (PixiJS's related_multi_packs, Phaser's textures) and the
    /// animation's frame names in order.
    @Test func writesEveryPageAndListsThemAll() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sheet = try SpriteSheet(frameWidth: 30, frameHeight: 20, frameCount: 11, maxTexture: 64)
        #expect(sheet.columns == 2 && sheet.rowsPerPage == 3 && sheet.pageCount == 2)
        try sheet.write(png: dir + "/s.png", json: dir + "/s.json", animation: "wave", fps: 50, loop: true, firstFrame: 3,
                        frame: { Self.frame($0, 30, 20) })
        #expect(Executable.files(in: dir) == ["s-1.json", "s-1.png", "s.json", "s.png"])
        func json(_ name: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))) as? [String: Any])
        }
        let main = try json("s.json")
        let names = (3 ..< 14).map { "frame-" + String(repeating: "0", count: $0 < 10 ? 4 : 3) + String($0) }
        // Each page's animation lists its own frames (what a PixiJS Spritesheet resolves); in page order they are all.
        let pageAnimations = try ["s.json", "s-1.json"].map { try json($0)["animations"] as? [String: [String]] ?? [:] }
        #expect(pageAnimations.map { $0.keys.sorted() } == [["wave"], ["wave"]])
        #expect(pageAnimations.flatMap { $0["wave"] ?? [] } == names && pageAnimations[0]["wave"]?.count == 6)
        #expect(PixiSpritesheetRules.violations(dir: dir, json: "s.json").isEmpty, "\(PixiSpritesheetRules.violations(dir: dir, json: "s.json"))")
        #expect(PhaserAtlasRules.violations(dir: dir, json: "s.json").isEmpty, "\(PhaserAtlasRules.violations(dir: dir, json: "s.json"))")
        let meta = main["meta"] as? [String: Any] ?? [:]
        #expect(meta["related_multi_packs"] as? [String] == ["s-1.json"] && meta["pages"] as? Int == 2 && meta["frameCount"] as? Int == 11)
        let textures = main["textures"] as? [[String: Any]] ?? []
        #expect(textures.map { $0["image"] as? String } == ["s.png", "s-1.png"])
        var listed: [String] = []
        for (p, texture) in textures.enumerated() {
            let img = try PNGFile.read(dir + "/" + (texture["image"] as? String ?? ""))
            #expect(texture["size"] as? [String: Int] == ["w": img.width, "h": img.height] && img.width <= 64 && img.height <= 64)
            let page = try json(p == 0 ? "s.json" : "s-1.json")
            let pageFrames = page["frames"] as? [String: [String: Any]] ?? [:]
            #expect((page["meta"] as? [String: Any])?["image"] as? String == texture["image"] as? String)
            let textureNames = (texture["frames"] as? [[String: Any]] ?? []).compactMap { $0["filename"] as? String }
            #expect(pageFrames.keys.sorted() == textureNames)
            for name in textureNames {
                let f = pageFrames[name] ?? [:]
                let i = (names.firstIndex(of: name) ?? -100)
                let r = f["frame"] as? [String: Int] ?? [:]
                let (x, y) = (r["x"] ?? -1, r["y"] ?? -1)
                #expect(x >= 0 && y >= 0 && x + 30 <= img.width && y + 20 <= img.height, "\(name) at \(r)")
                for yy in 0 ..< 20 { for xx in 0 ..< 30 where x >= 0 && y >= 0 {
                    #expect(img.pixel(x + xx, y + yy) == Self.frame(i, 30, 20).pixel(xx, yy), "\(name) (\(xx), \(yy))")
                } }
                listed.append(name)
            }
        }
        #expect(listed == names)
    }


    /// The PixiJS rules checker refuses the layouts PixiJS cannot load.
    @Test func pixiRulesRefuseWhatPixiCannotLoad() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNGFile.write(Self.frame(0), to: dir + "/a.png")
        func check(_ text: String) throws -> [String] {
            try text.write(toFile: dir + "/a.json", atomically: false, encoding: .utf8)
            return PixiSpritesheetRules.violations(dir: dir, json: "a.json")
        }
        let meta = "\"meta\": {\"image\": \"a.png\", \"size\": {\"w\": 5, \"h\": 3}, \"scale\": \"1\", \"format\": \"RGBA8888\"}"
        let frame = "{\"frame\": {\"x\": 0, \"y\": 0, \"w\": 5, \"h\": 3}, \"rotated\": false, \"trimmed\": false, \"sourceSize\": {\"w\": 5, \"h\": 3}, \"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": 5, \"h\": 3}}"
        #expect(try check("{\"frames\": {\"f\": \(frame)}, \"animations\": {\"a\": [\"f\"]}, \(meta)}").isEmpty)
        #expect(try !check("{\"frames\": [\(frame)], \"animations\": {\"a\": [\"0\"]}, \(meta)}").isEmpty)
        #expect(try !check("{\"frames\": {\"f\": \(frame)}, \"animations\": {\"a\": [\"g\"]}, \(meta)}").isEmpty)
        #expect(try !check("{\"frames\": {\"f\": \(frame)}, \(meta.replacingOccurrences(of: "\"w\": 5", with: "\"w\": 4"))}").isEmpty)
        #expect(try !check("{\"frames\": {\"f\": \(frame.replacingOccurrences(of: "\"rotated\": false, ", with: ""))}, \(meta)}").isEmpty)
        #expect(try !check("{\"frames\": {\"f\": \(frame)}, \(meta.dropLast()), \"related_multi_packs\": [\"b.json\"]}}").isEmpty)
    }

    /// The Phaser rules checker refuses the layouts Phaser's loader cannot load.
    @Test func phaserRulesRefuseWhatPhaserCannotLoad() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNGFile.write(Self.frame(0), to: dir + "/a.png")
        try PNGFile.write(Self.frame(1), to: dir + "/a-1.png")
        func check(_ main: String, page: String? = nil) throws -> [String] {
            try main.write(toFile: dir + "/a.json", atomically: false, encoding: .utf8)
            if let page { try page.write(toFile: dir + "/a-1.json", atomically: false, encoding: .utf8) }
            return PhaserAtlasRules.violations(dir: dir, json: "a.json")
        }
        let meta = "\"meta\": {\"image\": \"a.png\", \"size\": {\"w\": 5, \"h\": 3}}"
        let rect = "\"frame\": {\"x\": 0, \"y\": 0, \"w\": 5, \"h\": 3}, \"rotated\": false, \"trimmed\": false"
        let hash = { (n: String) in "\"frames\": {\"\(n)\": {\(rect)}}" }
        let array = { (n: String) in "[{\"filename\": \"\(n)\", \(rect)}]" }
        let textures = { (a: String, b: String) in
            "\"textures\": [{\"image\": \"a.png\", \"frames\": \(array(a))}, {\"image\": \"a-1.png\", \"frames\": \(array(b))}]"
        }
        let page1 = "{\(hash("g")), \"animations\": {\"x\": [\"g\"]}, \"meta\": {\"image\": \"a-1.png\"}}"
        // One page (load.atlas, JSON Hash), and two (load.multiatlas, and each page alone).
        #expect(try check("{\(hash("f")), \"animations\": {\"x\": [\"f\"]}, \(meta)}").isEmpty)
        // Each page's animation lists its own frames (a page is also loaded alone).
        let both = try check("{\(hash("f")), \(textures("f", "g")), \"animations\": {\"x\": [\"f\"]}, \(meta)}", page: page1)
        #expect(both.isEmpty, "\(both)")
        #expect(try !check("{\(hash("f")), \"animations\": {\"x\": [\"g\"]}, \(meta)}").isEmpty)          // an unknown frame
        #expect(try !check("{\(hash("__BASE")), \(meta)}").isEmpty)                                         // the page's own name
        let wide = hash("f").replacingOccurrences(of: "\"w\": 5", with: "\"w\": 6")
        #expect(try !check("{\(wide), \(meta)}").isEmpty)                                                  // off the page
        #expect(try !check("{\(hash("f")), \(textures("f", "f")), \(meta)}", page: page1).isEmpty)             // a name twice
        #expect(try !check("{\(hash("f")), \(textures("f", "g")), \(meta)}", page: page1.replacingOccurrences(of: "\"g\"]", with: "\"f\"]")).isEmpty)
        #expect(try !check("{\(hash("f")), \"textures\": {}, \(meta)}").isEmpty)                            // textures not a list
    }

    @Test func streamedPNGRoundTripsAndRefusesMisuse() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: 11)
        let rows = (0 ..< 6 * 7 * 4).map { _ in UInt8(rng.int(0 ... 255)) }
        let w = try PNGStreamWriter(path: dir + "/a.png", width: 7, height: 6)
        try w.write(rows: Array(rows[0 ..< 2 * 28]))
        try w.write(rows: Array(rows[2 * 28 ..< 6 * 28]))
        try w.finish()
        #expect(try PNGFile.readStraightRGBA(dir + "/a.png").rgba == rows)
        let short = try PNGStreamWriter(path: dir + "/b.png", width: 7, height: 6)
        #expect(throws: ExportError.self) { try short.write(rows: [1, 2, 3]) }
        #expect(throws: ExportError.self) { try short.finish() }
        #expect(throws: ExportError.self) { try PNGStreamWriter(path: dir + "/missing/c.png", width: 2, height: 2) }
    }
}

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
        for y in 0 ..< h { for x in 0 ..< w { p.setPixel(x, y, SIMD4(UInt8(i * 20 % 256), UInt8(x * 40), UInt8(y * 80), 255)) } }
        return p
    }

    @Test func defaultColumnsAreTheCeilingOfTheSquareRoot() {
        for n in 1 ... 2000 {
            let c = SpriteSheet.defaultColumns(n)
            #expect(c * c >= n && (c - 1) * (c - 1) < n, "n = \(n): \(c)")
        }
        let s = SpriteSheet(frameWidth: 10, frameHeight: 4, frameCount: 7, columns: 3)
        #expect(s.rows == 3 && s.width == 30 && s.height == 12)
        #expect(s.rect(of: 4) == (10, 4, 10, 4))
        #expect(SpriteSheet(frameWidth: 1, frameHeight: 1, frameCount: 3, columns: 10).columns == 3)
    }

    @Test func writesEveryFrameIntoItsCellAndDescribesIt() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sheet = SpriteSheet(frameWidth: 5, frameHeight: 3, frameCount: 7, columns: 3)
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
        let frames = json["frames"] as? [[String: Any]] ?? []
        #expect(frames.count == 7)
        #expect(frames.first?["filename"] as? String == "frame-00010")
        #expect(frames.last?["frame"] as? [String: Int] == ["x": 0, "y": 6, "w": 5, "h": 3])
        let meta = json["meta"] as? [String: Any] ?? [:]
        #expect(meta["size"] as? [String: Int] == ["w": 15, "h": 9])
        #expect(meta["fps"] as? Int == 24 && meta["loop"] as? Bool == true && meta["frameCount"] as? Int == 7)
        #expect(Executable.files(in: dir) == ["s.json", "s.png"])
    }

    @Test func aFailureLeavesNeitherFile() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        struct Stop: Error {}
        let sheet = SpriteSheet(frameWidth: 5, frameHeight: 3, frameCount: 9)
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
        // Too large for a sheet.
        let huge = SpriteSheet(frameWidth: 8000, frameHeight: 10, frameCount: 9, columns: 9)
        #expect(throws: ExportError.self) {
            try huge.write(png: dir + "/h.png", json: dir + "/h.json", fps: 60, loop: false, firstFrame: 0, frame: { _ in Pixmap(width: 8000, height: 10) })
        }
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

import Testing
import Foundation
import Raster
@testable import Export
import TestSupport

@Suite struct PNGFileTests {
    @Test func roundTripIsExactForOpaqueAndWithinOneForTranslucent() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: 7)
        var px = Pixmap(width: 13, height: 7)
        for y in 0 ..< 7 {
            for x in 0 ..< 13 {
                let a = UInt8(x < 6 ? 255 : rng.int(1 ... 255))
                func ch() -> UInt8 { UInt8(rng.int(0 ... Int(a))) }   // premultiplied: c <= a
                px.setPixel(x, y, SIMD4(ch(), ch(), ch(), a))
            }
        }
        try PNGFile.write(px, to: dir + "/a.png")
        let back = try PNGFile.read(dir + "/a.png")
        #expect(back.width == 13 && back.height == 7)
        let d = ImageCompare.compare(px, back, tolerance: 1)
        #expect(d.pixelsOverTolerance == 0, "\(d)")
        for y in 0 ..< 7 { for x in 0 ..< 6 { #expect(back.pixel(x, y) == px.pixel(x, y)) } }
        let mem = try PNGFile.encode(px)
        #expect(Array(mem.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Data(mem) == (try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))))
    }

    @Test func failedWritesLeaveNothingBehind() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ExportError.self) { try PNGFile.write(Pixmap(width: 2, height: 2), to: dir + "/missing/x.png") }
        #expect(throws: ExportError.self) {
            try AtomicFile.write(to: dir + "/y.bin") { tmp in
                _ = FileManager.default.createFile(atPath: tmp, contents: Data([1, 2, 3]))
                throw ExportError.io(path: tmp, message: "simulated failure")
            }
        }
        #expect(Executable.files(in: dir).isEmpty)
    }

    @Test func unreadableFilesAreNamed() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/bad.png", contents: Data("not a png".utf8))
        #expect(throws: ExportError.self) { try PNGFile.read(dir + "/bad.png") }
        #expect(throws: ExportError.self) { try PNGFile.read(dir + "/none.png") }
    }
}

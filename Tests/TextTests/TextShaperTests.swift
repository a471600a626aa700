import Testing
import Geometry
@testable import Text
import Foundation

let dejavuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

@Suite struct TextShaperTests {
    @Test func shapesDuWithInkBoxInWholeSixtyFourths() throws {
        let shaper = try TextShaper(text: "du", face: FontFace(path: dejavuBold))
        let s = try shaper.shape(e64: 40365)   // 630.703125 px, the 1024 px canvas's size
        #expect(s.glyphs.count == 2)
        #expect(s.pixelSize == 630.703125)
        // The box of both glyphs as SCENE.md's bench records it at S = 1024: 819.171875 x 488.125 px.
        #expect(s.inkWidth == 819.171875)
        #expect(s.inkHeight == 488.125)
        // Outline points are FreeType's 26.6 values: whole numbers in 1/64 px.
        for g in s.glyphs {
            for e in g.outline.elements {
                if case .line(let p) = e { #expect(p.x == p.x.rounded() && p.y == p.y.rounded()) }
            }
        }
    }

    @Test func kerningMovesTheSecondGlyphCloser() throws {
        let face = try FontFace(path: dejavuBold)
        let av = try TextShaper(text: "AV", face: face).shape(e64: 64 * 100)
        let a = try TextShaper(text: "A", face: face).shape(e64: 64 * 100)
        let v = try TextShaper(text: "V", face: face).shape(e64: 64 * 100)
        // Without kerning V would start one advance of A to the right; HarfBuzz pulls it left.
        let unkernedWidth = (a.inkMax26.x - a.inkMin26.x) + (v.inkMax26.x - v.inkMin26.x)
        #expect(av.inkMax26.x - av.inkMin26.x < unkernedWidth)
        #expect(av.glyphs[1].x26 > 0)
    }

    @Test func missingCharactersAreNamed() throws {
        let face = try FontFace(path: dejavuBold)
        // A character no installed font has (U+0378 is unassigned): named, with a package to install.
        #expect(throws: TextError.noFontFor(["\u{378}"], packages: ["fonts-noto-core"])) {
            try TextShaper(text: "d\u{378}u", face: face)
        }
        #expect(throws: TextError.emptyText) { try TextShaper(text: "", face: face) }
    }

    @Test func onlySpacesHaveNoInk() throws {
        let shaper = try TextShaper(text: "   ", face: FontFace(path: dejavuBold))
        #expect(throws: TextError.noInk("   ")) { try shaper.shape(e64: 640) }
    }

    @Test func badFontFilesAreRefused() throws {
        #expect(throws: TextError.fontNotFound("/nonexistent/font.ttf")) { try FontFace(path: "/nonexistent/font.ttf") }
        let dir = NSTemporaryDirectory() + "wf-text-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/empty.ttf", text = dir + "/text.ttf", cut = dir + "/cut.ttf"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        _ = FileManager.default.createFile(atPath: text, contents: Data("not a font".utf8))
        let full = try Data(contentsOf: URL(fileURLWithPath: dejavuBold))
        _ = FileManager.default.createFile(atPath: cut, contents: full.prefix(2000))
        for p in [empty, text] {
            #expect(throws: TextError.self) { try FontFace(path: p) }
        }
        // A truncated font either fails to open or fails when its glyphs are read: never a silent result.
        #expect(throws: (any Error).self) {
            let f = try FontFace(path: cut)
            _ = try TextShaper(text: "du", face: f).shape(e64: 640)
        }
        #expect(throws: TextError.self) { try FontFace(path: dir) }   // a directory
    }

    @Test func placedPathFlipsYAndScales() throws {
        let shaper = try TextShaper(text: "d", face: FontFace(path: dejavuBold))
        let s = try shaper.shape(e64: 6400)
        let p = s.path(tx: 10, ty: 200)
        let b = try #require(p.controlBounds)
        // The ink box (exact extrema) lies inside the control box, y flipped about the baseline at 200.
        #expect(b.minX <= 10 + Double(s.inkMin26.x) / 64 + 1e-9)
        #expect(b.maxY >= 200 - Double(s.inkMin26.y) / 64 - 1e-9)
        #expect(b.minY <= 200 - Double(s.inkMax26.y) / 64 + 1e-9)
    }
}

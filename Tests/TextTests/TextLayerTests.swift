import Testing
import Geometry
import Raster
import Text
@testable import Layers

/// CATextLayer with styled runs: runs one after another on one baseline, each in its own font,
/// size and colour; kerning within a run; the line box as preferred size.
@Suite struct TextLayerTests {
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    @Test func runsSitOnOneBaselineOneAfterAnother() throws {
        let bold = try FontFace(path: Self.bold), serif = try FontFace(path: Self.serif)
        let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)
        let l = try TextLayer(runs: [TextRun(text: "Ab", font: bold, size: 20, color: red),
                                     TextRun(text: "cd", font: serif, size: 30, color: blue)])
        let line = try #require(l.line)
        let first = try TextLine(runs: [(try TextShaper(text: "Ab", face: bold), 20 * 64)])
        #expect(line.glyphs.count == 4 && line.clusters.map(\.text) == ["A", "b", "c", "d"])
        #expect(line.glyphs[2].x26 == first.advance26)          // run 2 starts at run 1's advance
        #expect(line.glyphs[2].run == 1 && line.glyphs[1].run == 0)
        #expect(l.preferredSize.width == line.width && l.bounds.width == line.width)
        #expect(line.ascender26 > 0 && line.descender26 > 0 && l.ascent == Double(line.ascender26) / 64)
        // Drawn in their own colours; nothing else.
        let root = Layer()
        root.addSublayer(l)
        l.anchorPoint = .zero; l.position = Point(2, 2)
        let w = Int(l.bounds.width) + 4, h = Int(l.bounds.height) + 4
        let px = LayerRenderer().renderPixmap(root, width: w, height: h)
        var reds = 0, blues = 0, others = 0
        for j in 0 ..< h { for i in 0 ..< w {
            let p = px.pixel(i, j)
            if p.w == 255 && p == SIMD4(255, 0, 0, 255) { reds += 1 } else if p == SIMD4(0, 0, 255, 255) { blues += 1 } else if p.w == 255 { others += 1 }
        } }
        #expect(reds > 20 && blues > 20 && others == 0)
        let split = 2 + Int((Double(first.advance26) / 64).rounded(.down))
        for j in 0 ..< h { #expect(px.pixel(split + 1, j).x == 0 || px.pixel(split + 1, j).z == 0) }
    }

    @Test func singleRunMatchesTheWaveContainersShaping() throws {
        let face = try FontFace(path: Self.bold)
        let shaper = try TextShaper(text: "du", face: face)
        let line = try TextLine(runs: [(shaper, 1000)])
        let shaped = try shaper.shape(e64: 1000)
        #expect(line.path(tx: 3, ty: 40) == shaped.path(tx: 3, ty: 40))
        let ink = try #require(line.inkBounds(tx: 3, ty: 40))
        #expect(ink.minX == 3 + Double(shaped.inkMin26.x) / 64 && ink.maxY == 40 - Double(shaped.inkMin26.y) / 64)
    }

    @Test(arguments: ["AV", "To", "Yes"])
    func kerningAppliesWithinARun(pair: String) throws {
        let face = try FontFace(path: Self.bold)
        let whole = try TextLine(runs: [(try TextShaper(text: pair, face: face), 64 * 64)])
        let alone = try TextLine(runs: [(try TextShaper(text: String(pair.prefix(1)), face: face), 64 * 64)])
        // The second glyph sits closer than the first's own advance: kerned.
        #expect(whole.glyphs[1].x26 < alone.advance26, "\(pair)")
    }

    @Test func missingGlyphsAndBadSizesThrow() throws {
        let face = try FontFace(path: Self.bold)
        #expect(throws: TextError.self) { try TextLayer(runs: [TextRun(text: "\u{378}", font: face, size: 20, color: .black)]) }
        #expect(throws: TextError.self) { try TextLayer(runs: [TextRun(text: "a", font: face, size: 0, color: .black)]) }
        #expect(throws: TextError.self) { try TextLayer(runs: [TextRun(text: "a", font: face, size: .nan, color: .black)]) }
        let spaces = try TextLayer(runs: [TextRun(text: "   ", font: face, size: 20, color: .black)])
        #expect(spaces.inkBounds == nil && spaces.preferredSize.width > 0)
    }
}

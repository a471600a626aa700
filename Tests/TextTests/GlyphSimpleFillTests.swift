import Testing
import Geometry
@testable import Raster
import Text
import Layers

/// Glyphs are the paths `Path.simpleFillWinding` is for: the default font's letters, digits and
/// punctuation are shown simple (holes against their outer contours), and rasterized that way they
/// give the general row algorithm's coverage.
@Suite struct GlyphSimpleFillTests {
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    @Test func theDefaultFontsGlyphsAreShownSimpleAndDrawnAlike() throws {
        let face = try FontFace(path: Self.bold)
        let text = (33 ... 126).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let line = try TextLine(runs: [(try TextShaper(text: text, face: face), 96 * 64)])
        var shown = 0, refused: [String] = []
        let fast = Rasterizer(), general = Rasterizer()
        general.work.simpleContours = false
        for (k, c) in line.clusters.enumerated() {
            let path = line.path(of: c.glyphs, tx: 4, ty: 100)
            let w = path.simpleFillWinding()
            guard w != 0 else { refused.append(c.text); continue }
            shown += 1
            guard k % 3 == 0 else { continue }
            // Squashed as a burning glyph is, and slanted.
            let t = Transform(a: 1, b: 0, c: 0.2, d: 0.37, tx: 0.3, ty: 0.7)
            let shape = path.flattened(transform: t)
            guard let minX = shape.points.map(\.x).min(), let maxX = shape.points.map(\.x).max(),
                  let minY = shape.points.map(\.y).min(), let maxY = shape.points.map(\.y).max() else { continue }
            let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
            let width = Int(maxX.rounded(.up)) - x0 + 1, height = Int(maxY.rounded(.up)) - y0
            var a = [Float](repeating: -1, count: width * height), b = a
            a.withUnsafeMutableBufferPointer {
                fast.render(shape, rule: .nonZero, width: width, height: height, originX: x0, originY: y0, simpleSign: -w, into: $0)
            }
            b.withUnsafeMutableBufferPointer { general.render(shape, rule: .nonZero, width: width, height: height, originX: x0, originY: y0, into: $0) }
            let d = zip(a, b).map { abs($0 - $1) }.max() ?? 0
            #expect(d <= 1e-6, "'\(c.text)': coverage differs by \(d)")
        }
        #expect(shown >= 90, "shown \(shown) of 94; refused: \(refused)")
    }

    /// The renderer hands glyph fills to that path: a line of glyph layers squashed anew every frame
    /// (as burning glyphs are), so that every glyph tile is made again, on one thread and on two.
    /// Every tile the frame makes is a fill shown simple, and the frame is the reference's.
    @Test(arguments: [1, 2])
    func theRendererRasterizesGlyphFillsAsSimple(threads: Int) throws {
        let face = try FontFace(path: Self.bold)
        let line = try TextLine(runs: [(try TextShaper(text: "Wave AVA 8%", face: face), 44 * 64)])
        let w = 300, h = 90
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h)); root.anchorPoint = .zero
        root.backgroundColor = Color(r: 0xFF, g: 0xFF, b: 0xFF)
        var glyphs: [ShapeLayer] = []
        for c in line.clusters {
            let path = line.path(of: c.glyphs, tx: 8, ty: 70)
            guard path.controlBounds != nil else { continue }
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            s.path = path
            s.fillColor = Color(r: 0x20, g: 0x40, b: 0x90)
            root.addSublayer(s)
            glyphs.append(s)
        }
        let fast = FastLayerRenderer()
        fast.threads = threads
        var frame = Pixmap(width: w, height: h)
        for n in 0 ..< 6 {
            let squash = 1 - 0.11 * Double(n + 1)
            for s in glyphs { s.transform = Transform(a: 1, b: 0, c: 0, d: squash, tx: 0.37 * Double(n), ty: 70 * (1 - squash)) }
            fast.render(root, into: &frame, width: w, height: h)
            // (A glyph repeated at the same fraction of a pixel shares its tile.)
            #expect(fast.tilesRasterized >= glyphs.count - 2, "frame \(n): \(fast.tilesRasterized) tiles for \(glyphs.count) glyphs")
            #expect(fast.simpleFillTiles == fast.tilesRasterized, "frame \(n): \(fast.simpleFillTiles) of \(fast.tilesRasterized) tiles simple")
            let reference = LayerRenderer().renderPixmap(root, width: w, height: h)
            let d = zip(frame.bytes, reference.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(d <= 1, "frame \(n): \(d) from the reference")
        }
    }
}

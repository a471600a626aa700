import Testing
import Geometry
@testable import Raster
import Text

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
}

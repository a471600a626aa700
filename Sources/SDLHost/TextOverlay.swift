import Geometry
import Raster
import Text

/// Help and stats text drawn onto frames: shaped by HarfBuzz, outlined by FreeType, covered by the
/// exact-area `Rasterizer`, composited in a translucent box. No SDL_ttf.
///
/// Each distinct line is rasterized once and kept (a small cache keyed by the text), so a frame
/// whose overlay did not change costs only the compositing of the box.
public final class TextOverlay {
    /// Where the box is anchored.
    public enum Corner: Sendable {
        /// (x, y) is the box's top-left corner.
        case topLeft
        /// (x, y) is the box's bottom-left corner.
        case bottomLeft
    }

    /// The em size in pixels.
    public let pixelSize: Double
    /// Distance between baselines in pixels.
    public let lineHeight: Int
    /// Lines rasterized so far (a line found in the cache does not count).
    public private(set) var rasterizations = 0

    private let face: FontFace
    private let rasterizer = Rasterizer()
    private let padding: Int
    private let ascent: Double
    private var cache: [String: Coverage] = [:]
    private static let cacheLimit = 256

    /// Opens the font at `fontPath` for text of `pixelSize` px.
    public init(fontPath: String, pixelSize: Double) throws {
        face = try FontFace(path: fontPath)
        self.pixelSize = pixelSize
        lineHeight = Int((pixelSize * 1.3).rounded(.up))
        ascent = (pixelSize * 1.0).rounded(.up)
        padding = max(2, Int((pixelSize * 0.5).rounded()))
    }

    /// The coverage of one line: its ink from the pen origin at x = 0, one line high.
    ///
    /// Glyphs are rasterized one by one, each in its own pixel box, and added: the exact rasterizer's
    /// cost grows with the pieces that share a row, and a whole line's outlines in one call made a
    /// help screen take a second to appear. Overlay text needs no 0.001 px flattening either.
    public func coverage(of line: String) -> Coverage {
        if let c = cache[line] { return c }
        var c = Coverage(width: 0, height: lineHeight)
        if !line.isEmpty, let shaper = try? TextShaper(text: line, face: face),
           let shaped = try? shaper.shape(e64: max(1, Int((pixelSize * 64).rounded()))) {
            let width = max(0, Int((Double(shaped.inkMax26.x) / 64).rounded(.up)) + 1)
            c = Coverage(width: width, height: lineHeight)
            for g in shaped.glyphs { add(g, baseline: ascent, into: &c) }
        }
        rasterizations += 1
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[line] = c
        return c
    }

    private func add(_ g: PlacedGlyph, baseline: Double, into c: inout Coverage) {
        let ox = Double(g.x26) / 64, oy = baseline - Double(g.y26) / 64
        let (xMin, yMin, xMax, yMax) = g.bbox26
        let bx = Int((ox + Double(xMin) / 64).rounded(.down)), by = Int((oy - Double(yMax) / 64).rounded(.down))
        let bw = Int((ox + Double(xMax) / 64).rounded(.up)) - bx, bh = Int((oy - Double(yMin) / 64).rounded(.up)) - by
        guard bw > 0, bh > 0 else { return }
        let t = Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64, tx: ox - Double(bx), ty: oy - Double(by))
        let glyph = rasterizer.coverage(of: g.outline, width: bw, height: bh, transform: t, tolerance: 0.02)
        for j in 0 ..< bh where by + j >= 0 && by + j < c.height {
            for i in 0 ..< bw where bx + i >= 0 && bx + i < c.width {
                let v = glyph.values[j * bw + i]
                if v > 0 { c[bx + i, by + j] = min(1, c[bx + i, by + j] + v) }
            }
        }
    }

    /// The box `lines` need, padding included.
    public func boxSize(of lines: [String]) -> (width: Int, height: Int) {
        let w = lines.reduce(0) { max($0, coverage(of: $1).width) }
        return (w + 2 * padding, lines.count * lineHeight + 2 * padding)
    }

    /// Draws `lines` in white on a 65 % black box whose `corner` is at (x, y), clipped to the pixmap.
    public func draw(_ lines: [String], onto pixmap: inout Pixmap, x: Int, y: Int, corner: Corner = .topLeft) {
        guard !lines.isEmpty else { return }
        let (bw, bh) = boxSize(of: lines)
        let top = corner == .topLeft ? y : y - bh
        let pw = pixmap.width, ph = pixmap.height
        let cx0 = max(0, x), cx1 = min(pw, x + bw), cy0 = max(0, top), cy1 = min(ph, top + bh)
        guard cx0 < cx1, cy0 < cy1 else { return }
        pixmap.bytes.withUnsafeMutableBufferPointer { px in
            // Box: black at alpha 166/255 over the frame (premultiplied source-over).
            let keep = 255 - 166
            for j in cy0 ..< cy1 {
                var o = (j * pw + cx0) * 4
                for _ in cx0 ..< cx1 {
                    px[o] = UInt8((Int(px[o]) * keep + 127) / 255)
                    px[o + 1] = UInt8((Int(px[o + 1]) * keep + 127) / 255)
                    px[o + 2] = UInt8((Int(px[o + 2]) * keep + 127) / 255)
                    px[o + 3] = UInt8(166 + (Int(px[o + 3]) * keep + 127) / 255)
                    o += 4
                }
            }
            // Text: opaque white with each line's coverage.
            for (k, line) in lines.enumerated() {
                let c = coverage(of: line)
                let ox = x + padding, oy = top + padding + k * lineHeight
                for cj in 0 ..< c.height {
                    let j = oy + cj
                    guard j >= cy0, j < cy1 else { continue }
                    for ci in 0 ..< c.width {
                        let i = ox + ci
                        guard i >= cx0, i < cx1 else { continue }
                        let a = c.values[cj * c.width + ci]
                        guard a > 0 else { continue }
                        let cov = Int((min(a, 1) * 255).rounded())
                        let o = (j * pw + i) * 4
                        for ch in 0 ..< 4 {
                            px[o + ch] = UInt8(cov + (Int(px[o + ch]) * (255 - cov) + 127) / 255)
                        }
                    }
                }
            }
        }
    }
}

import Testing
import Geometry
import Raster
@testable import Layers
import TestSupport

/// A pen wider than its path's curves is drawn as the stroke's pieces, tile by tile, instead of as
/// one outline whose inner joins send spokes through every vertex. Both must cover every pixel
/// alike: held here to rasterizing the outline, on random paths, wide pens, similarities, trims
/// and windows, and in the renderer against the reference renderer frame after frame.
@Suite struct WideStrokeTests {
    static let size = 64

    /// A few contours of lines and curves (open or closed) in a 40 x 40 box, with tight turns.
    static func randomPath(_ r: inout SeededRandom) -> Path {
        var path = Path()
        for _ in 0 ..< r.int(1 ... 2) {
            path.move(to: Point(r.double(0 ... 40), r.double(0 ... 40)))
            for _ in 0 ..< r.int(1 ... 3) {
                let to = Point(r.double(0 ... 40), r.double(0 ... 40))
                switch r.int(0 ... 2) {
                case 0: path.line(to: to)
                case 1: path.quad(to: to, control: Point(r.double(0 ... 40), r.double(0 ... 40)))
                default: path.cubic(to: to, control1: Point(r.double(0 ... 40), r.double(0 ... 40)),
                                    control2: Point(r.double(0 ... 40), r.double(0 ... 40)))
                }
            }
            if r.int(0 ... 1) == 0 { path.close() }
        }
        return path
    }

    /// A similarity placing the 40 x 40 box in the middle of the grid, at a fractional offset.
    static func randomSimilarity(_ r: inout SeededRandom) -> Transform {
        let angle = r.double(-3.2 ... 3.2), scale = r.double(0.5 ... 1.2)
        let flip = r.int(0 ... 3) == 0 ? -1.0 : 1.0
        let c = Double.cosine(angle) * scale, s = Double.sine(angle) * scale
        let t = Transform(a: c * flip, b: s * flip, c: -s, d: c, tx: 0, ty: 0)
        let mid = t.apply(Point(20, 20))
        return Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 32 - mid.x + r.double(0 ... 1), ty: 32 - mid.y + r.double(0 ... 1))
    }

    /// The largest difference between `renderWide` on the window `w` x `h` at (`x0`, `y0`) and the
    /// outline `outline` rasterized on it.
    static func windowDifference(_ builder: StrokeBuilder, _ outline: Polylines, start: Double, end: Double, local t: Transform,
                                 x0: Int, y0: Int, w: Int, h: Int, rasterizer: Rasterizer) -> Float {
        var a = [Float](repeating: 0, count: w * h), b = [Float](repeating: -1, count: w * h)
        a.withUnsafeMutableBufferPointer { rasterizer.render(outline, rule: .nonZero, width: w, height: h, originX: x0, originY: y0, into: $0) }
        b.withUnsafeMutableBufferPointer {
            builder.renderWide(start: start, end: end, local: t, width: w, height: h, originX: x0, originY: y0, rasterizer: rasterizer, into: $0)
        }
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    /// `renderWide` on a window against the outline `outline` gives, rasterized on the same window.
    @Test(arguments: 0 ..< 3)
    func piecesCoverEveryPixelAsTheOutlineDoes(seed: Int) {
        var r = SeededRandom(seed: UInt64(900 + seed))
        var worst: Float = 0
        var drawnWide = 0
        let rasterizer = Rasterizer()
        for _ in 0 ..< 6 {
            let path = Self.randomPath(&r)
            // Round joins and caps most often (the default); any other join and cap too.
            let round = r.int(0 ... 2) > 0
            let style = StrokeStyle(width: r.double(6 ... 40), join: round ? .round : LineJoin.allCases[r.int(0 ... 2)],
                                    cap: round ? .round : LineCap.allCases[r.int(0 ... 2)], miterLimit: r.double(1 ... 6))
            let t = Self.randomSimilarity(&r)
            let builder = StrokeBuilder(path: path, style: style, transform: t)
            let start = r.int(0 ... 2) == 0 ? r.double(0 ... 0.3) : 0
            let end = r.int(0 ... 2) == 0 ? 1 : r.double(start ... 1)
            var outline = Polylines()
            builder.outline(start: start, end: end, local: t, into: &outline)
            if builder.drawsWide(local: t) { drawnWide += 1 }
            for k in 0 ..< 3 {
                // The whole grid, then windows anywhere on it.
                let x0 = k == 0 ? 0 : r.int(0 ... Self.size - 2), y0 = k == 0 ? 0 : r.int(0 ... Self.size - 2)
                let x1 = k == 0 ? Self.size : r.int(x0 + 1 ... Self.size), y1 = k == 0 ? Self.size : r.int(y0 + 1 ... Self.size)
                worst = max(worst, Self.windowDifference(builder, outline, start: start, end: end, local: t,
                                                         x0: x0, y0: y0, w: x1 - x0, h: y1 - y0, rasterizer: rasterizer))
            }
        }
        #expect(worst <= 1e-5, "the pieces cover a pixel \(worst) differently from the outline")
        // Most of these pens are wide next to these curves: the pieces' path is what they take.
        #expect(drawnWide >= 3, "only \(drawnWide) of 6 strokes count as wide")
    }

    /// A long contour being drawn is stroked near the window only (runs of it, cut farther from
    /// the window than the pen reaches, with butt caps there): the window's pixels are the whole
    /// trimmed outline's, for every join and cap, on small windows anywhere, the drawn end's
    /// included.
    @Test func aLongContourIsStrokedOnlyNearTheWindow() {
        // A spiral of quadratic curves over 200 x 200, and a zigzag of lines through it.
        var path = Path()
        path.move(to: Point(100, 100))
        for k in 1 ... 24 {
            let a0 = Double(k - 1) * 0.8, a1 = Double(k) * 0.8, am = (a0 + a1) / 2
            let r1 = 4 * Double(k), rm = 4 * (Double(k) - 0.5) / Double.cosine(0.4)
            path.quad(to: Point(100 + r1 * .cosine(a1), 100 + r1 * .sine(a1)), control: Point(100 + rm * .cosine(am), 100 + rm * .sine(am)))
        }
        path.move(to: Point(5, 190))
        for k in 1 ... 12 { path.line(to: Point(5 + 16 * Double(k), k % 2 == 0 ? 190 : 150)) }
        var r = SeededRandom(seed: 0x3155)
        let rasterizer = Rasterizer()
        var worst: Float = 0, cut = 0
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                let style = StrokeStyle(width: 14, join: join, cap: cap, miterLimit: 4)
                let t = Transform(a: 1, b: 0, c: 0, d: 1, tx: r.double(0 ... 1), ty: r.double(0 ... 1))
                let builder = StrokeBuilder(path: path, style: style, transform: t)
                for _ in 0 ..< 4 {
                    let start = r.int(0 ... 1) == 0 ? 0 : r.double(0 ... 0.2), end = r.double(0.3 ... 0.97)
                    var outline = Polylines()
                    builder.outline(start: start, end: end, local: t, into: &outline)
                    for _ in 0 ..< 3 {
                        let w = r.int(6 ... 30), h = r.int(6 ... 30)
                        let x0 = r.int(-10 ... 200), y0 = r.int(-10 ... 200)
                        worst = max(worst, Self.windowDifference(builder, outline, start: start, end: end, local: t,
                                                                 x0: x0, y0: y0, w: w, h: h, rasterizer: rasterizer))
                    }
                }
                cut += builder.wideRunsCut
            }
        }
        #expect(worst <= 1e-5, "the runs cover a pixel \(worst) differently from the outline")
        #expect(cut > 50, "only \(cut) runs were cut short of the drawn piece")
    }

    /// A contour given twice makes every piece twice, sharing every edge in the same sense: the
    /// tiles where the union of the pieces cannot tell which copy bounds are rasterized in general,
    /// and the stroke still covers every pixel as the outline does.
    @Test func aRepeatedContourCoversEveryPixelAsTheOutlineDoes() {
        var r = SeededRandom(seed: 1901)
        let rasterizer = Rasterizer()
        var worst: Float = 0
        for _ in 0 ..< 3 {
            let once = Self.randomPath(&r)
            var path = once
            path.append(once)
            let style = StrokeStyle(width: r.double(10 ... 40))
            let t = Self.randomSimilarity(&r)
            let builder = StrokeBuilder(path: path, style: style, transform: t)
            #expect(builder.drawsWide(local: t) || !StrokeBuilder(path: once, style: style, transform: t).drawsWide(local: t))
            var outline = Polylines()
            builder.outline(start: 0, end: 1, local: t, into: &outline)
            let n = Self.size
            var a = [Float](repeating: 0, count: n * n), b = [Float](repeating: -1, count: n * n)
            a.withUnsafeMutableBufferPointer { rasterizer.render(outline, rule: .nonZero, width: n, height: n, originX: 0, originY: 0, into: $0) }
            b.withUnsafeMutableBufferPointer {
                builder.renderWide(start: 0, end: 1, local: t, width: n, height: n, originX: 0, originY: 0, rasterizer: rasterizer, into: $0)
            }
            for i in a.indices { worst = max(worst, abs(a[i] - b[i])) }
        }
        #expect(worst <= 1e-5, "the pieces cover a pixel \(worst) differently from the outline")
    }

    /// Butt ends of wide pens on curves: a tile near such an end is filled when no point of it has
    /// the end as its nearest point of the path, and left empty when wholly past the end's line and
    /// out of reach of the rest; open contours (and trims, which cut closed ones open) with butt
    /// caps and every join, held to the outline as above.
    @Test(arguments: 0 ..< 3)
    func buttEndsOfWidePensCoverEveryPixelAsTheOutlineDoes(seed: Int) {
        var r = SeededRandom(seed: UInt64(1700 + seed))
        var worst: Float = 0
        let rasterizer = Rasterizer()
        for _ in 0 ..< 8 {
            let path = Self.randomPath(&r)
            let style = StrokeStyle(width: r.double(8 ... 60), join: LineJoin.allCases[r.int(0 ... 2)], cap: .butt,
                                    miterLimit: r.double(1 ... 6))
            let t = Self.randomSimilarity(&r)
            let builder = StrokeBuilder(path: path, style: style, transform: t)
            let start = r.int(0 ... 1) == 0 ? r.double(0 ... 0.4) : 0
            let end = r.double(start ... 1)
            var outline = Polylines()
            builder.outline(start: start, end: end, local: t, into: &outline)
            let n = Self.size
            var a = [Float](repeating: 0, count: n * n), b = [Float](repeating: -1, count: n * n)
            a.withUnsafeMutableBufferPointer { rasterizer.render(outline, rule: .nonZero, width: n, height: n, originX: 0, originY: 0, into: $0) }
            b.withUnsafeMutableBufferPointer {
                builder.renderWide(start: start, end: end, local: t, width: n, height: n, originX: 0, originY: 0, rasterizer: rasterizer, into: $0)
            }
            for i in a.indices { worst = max(worst, abs(a[i] - b[i])) }
        }
        #expect(worst <= 1e-5, "the pieces cover a pixel \(worst) differently from the outline")
    }

    /// A wide butt-capped pen along an arc: the tiles on the stroke's side of its ends' lines are
    /// filled, not rasterized (only those the lines and the stroke's edges cross are).
    @Test func tilesNearButtEndsAreFilled() throws {
        var path = Path()
        path.move(to: Point(60, 30)); path.quad(to: Point(30, 60), control: Point(60, 60))
        let style = StrokeStyle(width: 40, join: .round, cap: .butt, miterLimit: 4)
        let wide = WideStroke(style: style, tolerance: 1e-4)
        wide.begin()
        let flat = path.flattenedContours(tolerance: 1e-4)
        for c in flat.contours { wide.add(flat.points[c.range], closed: c.isClosed, local: .identity) }
        var out = [Float](repeating: -1, count: 96 * 96)
        out.withUnsafeMutableBufferPointer {
            wide.render(local: .identity, width: 96, height: 96, originX: 0, originY: 0, rasterizer: Rasterizer(), into: $0)
        }
        #expect(!out.contains(-1), "a pixel was left unwritten")
        // Counting no tile within the half-width of a butt end as inside rasterized 229 tiles here
        // (125 filled); now those the ends' lines and the stroke's edges cross (152).
        #expect(wide.tilesExact < 190 && wide.tilesFilled > 130, "\(wide.tilesExact) tiles rasterized, \(wide.tilesFilled) filled")
        // Inside the pen by each end, and past each end's line.
        #expect(out[40 * 96 + 58] == 1 && out[58 * 96 + 40] == 1)
        #expect(out[20 * 96 + 70] == 0 && out[70 * 96 + 20] == 0)
    }

    /// A pen a little narrower than its arc's diameter: the rectangles of the arc's chords all end
    /// round its centre, hundreds of them crossing each tile there, which is split down to single
    /// pixels; the coverage is still the outline's.
    @Test func tilesWhereManyPiecesCrossAreSplit() throws {
        // Three quarters of a circle of radius 20 round (48, 48), in cubic arcs.
        var path = Path()
        let k = 0.5522847498 * 20
        path.move(to: Point(68, 48))
        path.cubic(to: Point(48, 68), control1: Point(68, 48 + k), control2: Point(48 + k, 68))
        path.cubic(to: Point(28, 48), control1: Point(48 - k, 68), control2: Point(28, 48 + k))
        path.cubic(to: Point(48, 28), control1: Point(28, 48 - k), control2: Point(48 - k, 28))
        for cap in [LineCap.butt, .round] {
            let style = StrokeStyle(width: 36, join: .round, cap: cap, miterLimit: 4)
            let builder = StrokeBuilder(path: path, style: style, transform: .identity)
            var outline = Polylines()
            builder.outline(start: 0, end: 1, local: .identity, into: &outline)
            let rasterizer = Rasterizer()
            var a = [Float](repeating: 0, count: 96 * 96), b = [Float](repeating: -1, count: 96 * 96)
            a.withUnsafeMutableBufferPointer { rasterizer.render(outline, rule: .nonZero, width: 96, height: 96, originX: 0, originY: 0, into: $0) }
            let wide = WideStroke(style: style, tolerance: ShapeLayer.strokeTolerance(ctm: .identity))
            wide.begin()
            let flat = path.flattenedContours(tolerance: ShapeLayer.strokeTolerance(ctm: .identity))
            for c in flat.contours { wide.add(flat.points[c.range], closed: c.isClosed, local: .identity) }
            b.withUnsafeMutableBufferPointer {
                wide.render(local: .identity, width: 96, height: 96, originX: 0, originY: 0, rasterizer: rasterizer, into: $0)
            }
            var worst: Float = 0
            for i in a.indices { worst = max(worst, abs(a[i] - b[i])) }
            #expect(worst <= 1e-5, "\(cap): the pieces cover a pixel \(worst) differently from the outline")
            #expect(wide.tilesSplitForPieces > 0, "\(cap): no tile was split for its pieces")
        }
    }

    /// Tiles wholly inside or outside the stroke are filled without rasterizing: a wide pen over a
    /// small curve leaves few tiles to rasterize.
    @Test func tilesInsideAndOutsideAreNotRasterized() throws {
        var path = Path()
        path.move(to: Point(20, 14)); path.quad(to: Point(20, 26), control: Point(30, 20)); path.close()
        let style = StrokeStyle(width: 40, join: .round, cap: .round, miterLimit: 4)
        let wide = WideStroke(style: style, tolerance: 1e-4)
        wide.begin()
        let flat = path.flattenedContours(tolerance: 1e-4)
        for c in flat.contours { wide.add(flat.points[c.range], closed: c.isClosed, local: Transform(a: 1, b: 0, c: 0, d: 1, tx: 12, ty: 12)) }
        var out = [Float](repeating: -1, count: 96 * 96)
        out.withUnsafeMutableBufferPointer {
            wide.render(local: Transform(a: 1, b: 0, c: 0, d: 1, tx: 12, ty: 12), width: 96, height: 96, originX: 0, originY: 0,
                        rasterizer: Rasterizer(), into: $0)
        }
        #expect(!out.contains(-1), "a pixel was left unwritten")
        #expect(wide.tilesFilled > 0 && wide.tilesExact > 0)
        #expect(wide.tilesExact * 2 < wide.tilesFilled, "\(wide.tilesExact) tiles rasterized, \(wide.tilesFilled) filled")
        // The middle of the pen is covered, the corners of the grid are not.
        #expect(out[40 * 96 + 36] == 1 && out[0] == 0 && out[96 * 96 - 1] == 0)
    }

    /// In the renderer, a wide pen drawing a small loop frame after frame (each frame only its
    /// changed window again) matches the reference renderer, which fills the outline.
    @Test func theRendererDrawsAWidePenAsTheReferenceDoes() throws {
        var path = Path()
        path.move(to: Point(14, 12)); path.quad(to: Point(14, 20), control: Point(22, 16))
        path.line(to: Point(10, 16))
        let layer = ShapeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 48, height: 40); layer.anchorPoint = .zero
        layer.path = path; layer.fillColor = nil; layer.strokeColor = .black
        layer.lineWidth = 16; layer.lineJoin = .round; layer.lineCap = .round
        // Wide next to the curve: drawn as pieces.
        let style = StrokeStyle(width: 16, join: .round, cap: .round, miterLimit: 10)
        #expect(StrokeBuilder(path: path, style: style, transform: .identity).drawsWide(local: .identity))
        let fast = FastLayerRenderer()
        var pixmap = Pixmap(width: 48, height: 40)
        var worst = 0, inPlace = 0
        for k in 0 ... 5 {
            layer.strokeEnd = Double(k) / 5
            _ = fast.render(layer, into: &pixmap, width: 48, height: 40)
            inPlace += fast.strokesUpdatedInPlace
            let reference = LayerRenderer().renderPixmap(layer, width: 48, height: 40)
            for y in 0 ..< 40 {
                for x in 0 ..< 48 {
                    let a = pixmap.pixel(x, y), b = reference.pixel(x, y)
                    worst = max(worst, abs(Int(a.x) - Int(b.x)), abs(Int(a.y) - Int(b.y)), abs(Int(a.z) - Int(b.z)), abs(Int(a.w) - Int(b.w)))
                }
            }
        }
        #expect(worst <= 1, "the fast renderer differs from the reference by \(worst)")
        // After the first frames, each frame drew only the pen's changed window again.
        #expect(inPlace >= 3, "only \(inPlace) frames updated the stroke in place")
    }
}

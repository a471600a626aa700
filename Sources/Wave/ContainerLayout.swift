import SceneKit
import Geometry
import Raster
import Text

/// An image whose alpha is a container mask (`--mask-image`), straight 8-bit alpha per pixel.
public struct MaskImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Alpha per pixel, row-major.
    public var alpha: [UInt8]
    /// Creates a mask image.
    public init(width: Int, height: Int, alpha: [UInt8]) {
        precondition(alpha.count == width * height)
        self.width = width; self.height = height; self.alpha = alpha
    }
}

/// Where the container sits on the canvas and what it covers: SCENE.md's ink box and `M(i, j)`.
public struct ContainerLayout: Sendable {
    /// Canvas width.
    public let width: Int
    /// Canvas height.
    public let height: Int
    /// Em size `E` in px (0 for a mask image).
    public let fontSize: Double
    /// The ink box on the canvas (y down): `inkMinX`, `inkMinY` (top), `inkMaxX`, `inkMaxY` (bottom).
    public let inkBox: Rect
    /// The glyph outlines on the canvas (empty for a mask image).
    public let path: Path
    /// How `path` fills (non-zero for text).
    public let fillRule: FillRule
    /// `M(i, j)` for the whole canvas.
    public let coverage: Coverage
    /// For a mask image: how its rows lie on the canvas (nil for outlines).
    let maskPlacement: MaskPlacement?

    /// A mask image's rows on the canvas: image row v spans `originY + scaleY v ... + scaleY`.
    struct MaskPlacement: Sendable {
        var scaleY: Double, originY: Double
        /// Per image row, its alpha-weighted width on the canvas.
        var rowWidths: [Double]
    }

    /// Ink width.
    public var inkW: Double { inkBox.width }
    /// Ink height.
    public var inkH: Double { inkBox.height }

    /// Lays out text per SCENE.md: shaped, sized (given or the largest 1/64 px fitting 80 %), centred.
    /// With a `placement`, the ink box is centred on its centre and the size fitted to its box (an
    /// em size given is kept); `fill` then stretches the outlines to the box.
    public init(text shaper: TextShaper, width: Int, height: Int, fontSize: Double?,
                placement: ContainerPlacement = ContainerPlacement(), rasterizer: Rasterizer = Rasterizer()) throws {
        let e64: Int
        if let fontSize {
            e64 = Int((fontSize * 64).rounded(.toNearestOrEven))
        } else if placement.radius == nil {
            e64 = try Self.fittingE64(shaper, width: width, height: height)
        } else {
            let (bw, bh) = placement.boxSize(width: width, height: height)
            e64 = try shaper.fittingE64(boxWidth: bw, boxHeight: bh, maxE64: Int(WaveParameters.maxFontSize * 64))
        }
        let shaped = try shaper.shape(e64: e64)
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        // Centre the ink box without rounding: X = tx + x/64, Y = ty - y/64.
        let c = placement.centre(width: width, height: height)
        let tx = c.x - Double(x0 + x1) / 128
        let ty = c.y + Double(y0 + y1) / 128
        self.width = width
        self.height = height
        self.fontSize = Double(e64) / 64
        let box = Rect(minX: tx + Double(x0) / 64, minY: ty - Double(y1) / 64,
                       maxX: tx + Double(x1) / 64, maxY: ty - Double(y0) / 64)
        if placement.fit == .fill, box.width > 0, box.height > 0 {
            // Stretched about the centre to the target box.
            let (bw, bh) = placement.boxSize(width: width, height: height)
            let (sx, sy) = (bw / box.width, bh / box.height)
            let t = Transform.translation(-c.x, -c.y).concatenating(.scale(sx, sy)).concatenating(.translation(c.x, c.y))
            inkBox = Rect(minX: c.x - bw / 2, minY: c.y - bh / 2, maxX: c.x + bw / 2, maxY: c.y + bh / 2)
            path = shaped.path(tx: tx, ty: ty).applying(t)
        } else {
            inkBox = box
            path = shaped.path(tx: tx, ty: ty)
        }
        fillRule = .nonZero
        coverage = rasterizer.coverage(of: path, width: width, height: height, rule: .nonZero)
        maskPlacement = nil
    }

    /// The largest 26.6 em size whose ink box fits in 80 % of the canvas width and height.
    public static func fittingE64(_ shaper: TextShaper, width: Int, height: Int) throws -> Int {
        try shaper.fittingE64(width: width, height: height, maxE64: Int(WaveParameters.maxFontSize * 64))
    }

    /// Lays out a mask image: its box of non-zero alpha is the ink box, scaled to fit 80 % of the
    /// canvas and centred; `M` is the exact box-filtered area average of the scaled alpha.
    public init(mask image: MaskImage, width: Int, height: Int, placement: ContainerPlacement = ContainerPlacement()) throws {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0 ..< image.height {
            for x in 0 ..< image.width where image.alpha[y * image.width + x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { throw SettingError("mask-image", "the image is fully transparent; its alpha is the container") }
        let iw = Double(maxX + 1 - minX), ih = Double(maxY + 1 - minY)
        let (sx, sy) = placement.scale(contentW: iw, contentH: ih, width: width, height: height)
        let c = placement.centre(width: width, height: height)
        let ox = c.x - sx * iw / 2 - sx * Double(minX)
        let oy = c.y - sy * ih / 2 - sy * Double(minY)
        self.width = width
        self.height = height
        fontSize = 0
        inkBox = Rect(x: ox + sx * Double(minX), y: oy + sy * Double(minY), width: sx * iw, height: sy * ih)
        path = Path()
        fillRule = .nonZero
        coverage = Self.resample(image, scaleX: sx, scaleY: sy, originX: ox, originY: oy, width: width, height: height)
        // Each image row's alpha-weighted width within the canvas's columns.
        var widths = [Double](repeating: 0, count: image.height)
        for v in 0 ..< image.height {
            var w = 0.0
            for u in 0 ..< image.width where image.alpha[v * image.width + u] != 0 {
                let a = max(ox + sx * Double(u), 0), b = min(ox + sx * Double(u + 1), Double(width))
                if b > a { w += Double(image.alpha[v * image.width + u]) / 255 * (b - a) }
            }
            widths[v] = w
        }
        maskPlacement = MaskPlacement(scaleY: sy, originY: oy, rowWidths: widths)
    }

    /// Lays out vector contours like a mask image: the exact bounds of the curves are the ink box,
    /// scaled (keeping the aspect ratio) to fit 80 % of the canvas and centred; `M` is the exact
    /// coverage of the placed contours under their rule. Throws `SettingError` naming the
    /// outline's key when the contours enclose no area.
    public init(outline: ContainerOutline, width: Int, height: Int, placement: ContainerPlacement = ContainerPlacement(),
                rasterizer: Rasterizer = Rasterizer()) throws {
        let zeroArea = SettingError(outline.key, "the outline encloses no area; expected a closed shape with a width and a height")
        guard let b = Self.curveBounds(outline.path), b.width > 0, b.height > 0, (b.width * b.height).isFinite else { throw zeroArea }
        let (sx, sy) = placement.scale(contentW: b.width, contentH: b.height, width: width, height: height)
        let c = placement.centre(width: width, height: height)
        let ox = c.x - sx * (b.minX + b.maxX) / 2
        let oy = c.y - sy * (b.minY + b.maxY) / 2
        self.width = width
        self.height = height
        fontSize = 0
        inkBox = Rect(x: ox + sx * b.minX, y: oy + sy * b.minY, width: sx * b.width, height: sy * b.height)
        path = outline.path.applying(Transform.scale(sx, sy).concatenating(.translation(ox, oy)))
        fillRule = outline.rule
        coverage = rasterizer.coverage(of: path, width: width, height: height, rule: outline.rule)
        maskPlacement = nil
        guard coverage.values.contains(where: { $0 > 0 }) else { throw zeroArea }
    }

    /// The bounds of the curves themselves (not their control points), to 1e-6 of their size.
    static func curveBounds(_ path: Path) -> Rect? {
        guard let box = path.controlBounds else { return nil }
        let size = max(box.width, box.height)
        guard size > 0, size.isFinite else { return box }
        let flat = path.flattenedContours(tolerance: size * 1e-6)
        guard let first = flat.points.first else { return nil }
        var r = Rect(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in flat.points { r = r.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) }
        return r
    }

    /// Box-filter resampling of a piecewise-constant alpha image placed at `origin`, scaled by `scale`.
    static func resample(_ img: MaskImage, scaleX: Double, scaleY: Double, originX: Double, originY: Double,
                         width: Int, height: Int) -> Coverage {
        // Overlap of canvas pixel i with image pixel u along one axis, as sparse weights.
        func weights(count: Int, canvas: Int, origin: Double, s: Double) -> [[(Int, Float)]] {
            var w = [[(Int, Float)]](repeating: [], count: canvas)
            for u in 0 ..< count {
                let a = origin + s * Double(u), b = a + s
                var i = max(0, Int(a.rounded(.down)))
                while i < canvas, Double(i) < b {
                    let ov = min(b, Double(i + 1)) - max(a, Double(i))
                    if ov > 0 { w[i].append((u, Float(ov))) }
                    i += 1
                }
            }
            return w
        }
        let wx = weights(count: img.width, canvas: width, origin: originX, s: scaleX)
        let wy = weights(count: img.height, canvas: height, origin: originY, s: scaleY)
        var rows = [Float](repeating: 0, count: img.height * width)   // horizontal pass
        for v in 0 ..< img.height {
            for i in 0 ..< width {
                var acc: Float = 0
                for (u, k) in wx[i] { acc += k * Float(img.alpha[v * img.width + u]) / 255 }
                rows[v * width + i] = acc
            }
        }
        var out = Coverage(width: width, height: height)
        for j in 0 ..< height where !wy[j].isEmpty {
            for i in 0 ..< width {
                var acc: Float = 0
                for (v, k) in wy[j] { acc += k * rows[v * width + i] }
                out.values[j * width + i] = min(max(acc, 0), 1)
            }
        }
        return out
    }
}

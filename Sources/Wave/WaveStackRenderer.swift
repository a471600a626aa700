import CRowKernels
import Geometry
import Raster

/// The fast path for a stack of waves (`--waves`) or a water gradient: SCENE.md's compositing of
/// any number of waves back to front with exact coverages, rounded once per pixel.
///
/// As in `WaveRenderer`, each wave is sampled at pixel boundaries, so inside a column it is one
/// straight segment and a pixel's coverage is the exact area under it (`columnCoverage`). Per layout
/// the container's coverage `M`, each wave's colour per row (constant, or the gradient at the row's
/// centre) and two images are made: no wave over the container, and every wave covering it. Per
/// frame, region rows above every wave's highest sample are copies of the first, rows below every
/// wave's lowest copies of the second; only rows in between are shaded per pixel. `renderDirty`
/// rewrites only the rows between the previous and the current band. Buffers are owned and reused:
/// rendering allocates nothing.
public final class WaveStackRenderer: @unchecked Sendable {
    /// The scene whose current tick is rendered.
    public let scene: WaveScene
    let width: Int, height: Int
    // The ink's pixel box, clipped to the canvas.
    let x0: Int, x1: Int, y0: Int, y1: Int
    let regionW: Int, regionH: Int, count: Int
    let bgPixel: UInt32
    let bg: SIMD4<Float>, container: SIMD4<Float>
    // Per layout: M (region-sized), each wave's premultiplied colour per region row (wave-major),
    // and the two whole-coverage images.
    let m: UnsafeMutableBufferPointer<Float>
    let colors: UnsafeMutableBufferPointer<SIMD4<Float>>
    let empty: UnsafeMutablePointer<UInt32>, full: UnsafeMutablePointer<UInt32>
    // Per frame, wave-major: samples at each region column's left and right edges (region rows), and
    // the first row where the coverage may be above 0 and the first where it is 1.
    let left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>
    let top: UnsafeMutableBufferPointer<Int32>, bottom: UnsafeMutableBufferPointer<Int32>
    // The region rows the last frame shaded (every wave fractional somewhere), and the buffer it
    // was drawn into: rows outside both this frame's and the last frame's band hold the same image.
    private var previousBand = 0 ..< 0
    private var previousBuffer: UnsafeRawPointer?

    /// Prepares the per-layout tables of `scene`.
    public init(scene: WaveScene) {
        self.scene = scene
        let p = scene.parameters, lay = scene.layout
        width = p.width; height = p.height
        let box = lay.inkBox
        (x0, x1, y0, y1) = WaveRenderer.pixelBox(box, width: width, height: height)
        regionW = x1 - x0
        regionH = y1 - y0
        let specs = p.waveStack
        count = specs.count
        bg = p.background.premultiplied
        container = p.container.premultiplied
        let n = regionW * regionH
        m = WaveRenderer.buffer(n, 0)
        colors = WaveRenderer.buffer(count * regionH, SIMD4<Float>.zero)
        empty = .allocate(capacity: max(n, 1))
        full = .allocate(capacity: max(n, 1))
        left = WaveRenderer.buffer(count * regionW, 0)
        right = WaveRenderer.buffer(count * regionW, 0)
        top = WaveRenderer.buffer(count * regionW, 0)
        bottom = WaveRenderer.buffer(count * regionW, 0)
        bgPixel = Self.pack(bg)
        for (j, spec) in specs.enumerated() {
            let gradient = Self.gradient(spec.color, to: p.waterGradient, box: box)
            for r in 0 ..< regionH {
                colors[j * regionH + r] = gradient?.premultipliedColor(at: gradient?.parameter(x: 0, y: Double(r + y0) + 0.5) ?? 0)
                    ?? spec.color.premultiplied
            }
        }
        for r in 0 ..< regionH {
            for i in 0 ..< regionW {
                let v = lay.coverage.values[(r + y0) * width + (i + x0)]
                let k = r * regionW + i
                m[k] = v
                var none = bg * (1 - container.w * v) + container * v
                (empty + k).initialize(to: Self.pack(none))
                for j in 0 ..< count {
                    let c = colors[j * regionH + r]
                    none = none * (1 - c.w * v) + c * v
                }
                (full + k).initialize(to: Self.pack(none))
            }
        }
    }

    /// The vertical gradient of a wave of `color` to `bottom` (its alpha kept) over the ink box, or
    /// nil without one.
    static func gradient(_ color: Color, to bottom: Color?, box: Rect) -> Gradient? {
        guard let bottom else { return nil }
        let end = Color(r: bottom.r, g: bottom.g, b: bottom.b, a: color.a)
        return Gradient(colors: [color, end], locations: nil, start: Point(0, box.minY), end: Point(0, box.maxY))
    }

    deinit {
        for b in [m, left, right] { b.deallocate() }
        colors.deallocate()
        empty.deallocate(); full.deallocate()
        top.deallocate(); bottom.deallocate()
    }

    /// Premultiplied RGBA rounded once to 8 bits, packed R G B A in memory.
    @inline(__always)
    static func pack(_ v: SIMD4<Float>) -> UInt32 {
        @inline(__always) func c(_ x: Float) -> UInt32 { UInt32(min(max(x * 255 + 0.5, 0), 255)) }
        return c(v.x) | c(v.y) << 8 | c(v.z) << 16 | c(v.w) << 24
    }

    /// Renders the scene's current tick into `out`, writing every pixel (resized if its size differs).
    public func render(into out: inout Pixmap) {
        if out.width != width || out.height != height { out = Pixmap(width: width, height: height) }
        let band = prepareColumns()
        out.bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            // Outside the ink box every pixel is the background.
            for y in 0 ..< height where y < y0 || y >= y1 {
                wf_fill32(base + y * width, bgPixel, width)
            }
            for r in 0 ..< regionH {
                let row = base + (r + y0) * width
                wf_fill32(row, bgPixel, x0)
                wf_fill32(row + x1, bgPixel, width - x1)
                writeRegionRow(r, band: band, into: row + x0)
            }
            previousBuffer = UnsafeRawPointer(base)
        }
        previousBand = band
    }

    /// Renders the current tick into `out`, which holds the previous frame this renderer drew into
    /// the same buffer, rewriting only the region rows where some wave was or is fractional (above
    /// and below them both frames show the same image); returns those canvas rows (empty when
    /// none). Falls back to a full render when `out` is another buffer or has another size.
    @discardableResult
    public func renderDirty(into out: inout Pixmap) -> Range<Int> {
        let same = out.width == width && out.height == height
            && out.bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } == previousBuffer && previousBuffer != nil
        guard same else {
            render(into: &out)
            return 0 ..< height
        }
        let band = prepareColumns()
        // Rows whose image changes sides (empty above, full below) lie between the two bands too.
        let lo = min(band.lowerBound, previousBand.lowerBound), hi = max(band.upperBound, previousBand.upperBound)
        let rows = band.isEmpty && previousBand.isEmpty && band == previousBand ? 0 ..< 0 : lo ..< hi
        out.bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            for r in rows { writeRegionRow(r, band: band, into: base + (r + y0) * width + x0) }
        }
        previousBand = band
        return rows.isEmpty ? 0 ..< 0 : (rows.lowerBound + y0) ..< (rows.upperBound + y0)
    }

    /// Forgets the previous frame: the next `renderDirty` writes every pixel.
    public func invalidate() { previousBuffer = nil }

    /// Each wave's samples in region rows and the rows its coverage is fractional in; returns the
    /// region rows where any wave is (`first ..< last`; rows above are the empty image, rows
    /// below the full one).
    private func prepareColumns() -> Range<Int> {
        var minTop = Int32(regionH), maxBottom = Int32(0)
        for j in 0 ..< count {
            scene.waves[j].withUnsafeBufferPointer { ys in
                for i in 0 ..< regionW {
                    let a = Float(ys[x0 + i] - Double(y0)), b = Float(ys[x0 + i + 1] - Double(y0))
                    let k = j * regionW + i
                    left[k] = a; right[k] = b
                    let t = WaveRenderer.floorLimit(Double(min(a, b))), u = WaveRenderer.ceilLimit(Double(max(a, b)))
                    top[k] = t; bottom[k] = u
                    minTop = min(minTop, t); maxBottom = max(maxBottom, u)
                }
            }
        }
        let first = Int(min(max(minTop, 0), Int32(regionH))), last = Int(min(max(maxBottom, Int32(first)), Int32(regionH)))
        return first ..< last
    }

    /// Region row `r`: the empty image above `band`, the full one below it, shaded inside it.
    @inline(__always)
    private func writeRegionRow(_ r: Int, band: Range<Int>, into dst: UnsafeMutablePointer<UInt32>) {
        if r < band.lowerBound {
            dst.update(from: empty + r * regionW, count: regionW)
        } else if r >= band.upperBound {
            dst.update(from: full + r * regionW, count: regionW)
        } else {
            shadeRow(r, into: dst)
        }
    }

    /// Region row `r`, every wave's exact coverage per pixel.
    private func shadeRow(_ r: Int, into dst: UnsafeMutablePointer<UInt32>) {
        let rb = Float(r + 1), r32 = Int32(r)
        let (bgv, cv) = (bg, container)
        for i in 0 ..< regionW {
            let k = r * regionW + i
            let v = m[k]
            if v == 0 { dst[i] = bgPixel; continue }
            var px = bgv * (1 - cv.w * v) + cv * v
            for j in 0 ..< count {
                let q = j * regionW + i
                let s: Float
                if r32 < top[q] { continue } else if r32 >= bottom[q] { s = 1 } else {
                    s = WaveRenderer.columnCoverage(rb - left[q], rb - right[q])
                }
                let c = colors[j * regionH + r], cov = v * s
                px = px * (1 - c.w * cov) + c * cov
            }
            dst[i] = Self.pack(px)
        }
    }
}

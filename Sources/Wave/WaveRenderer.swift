import CRowKernels
import Geometry
import Layers
import Raster

/// The fast per-frame path: SCENE.md's compositing with exact coverages, rounded once per pixel.
///
/// What makes it fast without changing a pixel:
/// - The container's coverage `M` is rasterized once per layout; outside the ink's pixel box `M = 0`
///   and every pixel is the background.
/// - Each wave polygon is sampled at pixel boundaries, so inside column i it is one straight segment
///   and a pixel's coverage is the exact area under a line across a unit square (closed form).
/// - Per column, rows above a wave's segment have coverage 0 and rows below have 1. Where both
///   coverages are whole, a pixel depends on `M` only: it is one of four images made once per layout
///   (neither wave, back only, front only, both), by the same `shade` function as every other pixel.
/// - Columns are handled in blocks of 16 (one 64-byte cache line of output). Per block and wave, the
///   rows where the wave is fractional in some column form a short band. A region row clear of
///   every block's band is one copy (on canvases up to 256 px wide, margins included). Any other
///   row is one C call (`wf_wave_band_row`): a block row outside both bands is a 16-pixel copy
///   (runs of them one copy); inside one, the kernel takes sixteen pixels at a time with AVX-512,
///   eight with AVX2, else four: under whole waves it picks, with no branch, one of five colours
///   where `M` is 0 or 1 and the image's pixel at the container's edge; it shades the rest in
///   SIMD lanes, bit-identical to `shade` and `columnCoverage`.
/// - The per-column tables (samples as floats, each wave's first partial and first whole row) and
///   each block's band come from one C call per frame (`wf_wave_columns`).
/// - `renderDirty` rewrites, per block and wave, only the rows between the previous and the current
///   band: elsewhere both frames show the same image pixel.
/// - All buffers are owned and reused: rendering allocates nothing.
public final class WaveRenderer: @unchecked Sendable {
    /// Columns per block: 16 RGBA8 pixels are one 64-byte cache line.
    static let blockWidth = Int(WF_WAVE_BLOCK)
    /// Values past a row's last column that the band kernel may read (`WF_WAVE_SLACK`).
    static let slack = Int(WF_WAVE_SLACK)
    /// `kinds` of a pixel: `M = 0`, `M = 1`, or between.
    static let outsideKind: UInt8 = 0, insideKind: UInt8 = 1, edgeKind: UInt8 = 2

    /// The scene whose current tick is rendered.
    public let scene: WaveScene
    let width: Int, height: Int
    // The ink's pixel box, clipped to the canvas: columns x0 ..< x1, rows y0 ..< y1.
    let x0: Int, x1: Int, y0: Int, y1: Int
    let regionW: Int, regionH: Int, blockCount: Int
    // Static, per layout (region-sized, row-major; `layoutImages` holds them, with M and each
    // pixel's kind): the four whole-coverage images, indexed by 2 * S + C: 0 neither wave, 1 back
    // only, 2 front only, 3 both.
    let layoutImages: WaveImages
    let images: UnsafeMutableBufferPointer<UInt32>   // four region-sized images back to back
    let imageSize: Int
    // The tables and colours `wf_wave_band_row` reads, and all a full frame is drawn from.
    let tables: UnsafeMutablePointer<wf_wave_tables>
    let frame: UnsafeMutablePointer<wf_wave_frame>
    // Per frame, per region column: wave samples at the column's left and right edges (region
    // rows), and the first row where each wave's coverage may be above 0 (top) and the first where
    // it is 1 (bottom).
    // (`fa` and `ba` hold count + 1 values: a column's right edge is the next one's left.)
    let fa, ba: UnsafeMutableBufferPointer<Float>
    let sTop, sBot, cTop, cBot: UnsafeMutableBufferPointer<Int32>
    // Per block and wave: the same limits over the block's columns; and the previous frame's.
    let bandS, bandC, prevS, prevC: UnsafeMutableBufferPointer<SIMD2<Int32>>
    private var previousBuffer: UnsafeRawPointer?
    /// The rows all blocks' bands of each wave lie in (this frame): the front's least and past its
    /// greatest, then the back's.
    private let spans = UnsafeMutablePointer<Int32>.allocate(capacity: 4)

    /// Threads a full frame's rows are split across when it is large (results are the same on any
    /// number); 1 draws on the calling thread only.
    public var threads = 1
    /// Frames of at least this many pixels are split across `threads`. Measured on 2 vCPUs: at
    /// 2048x2048 two threads take 0.73-0.76 ms against 1.18-1.25 ms; at 1024x1024 waking the other
    /// thread costs more than it saves.
    public var splitPixels = 2048 * 1024
    private var helperThreads: HelperThreads?
    /// The band kernel's path (`WF_WAVE_PATH_*`), or 0 for the widest the processor has (tests hold
    /// every path to the same pixels).
    var rowPath: Int32 = 0 { didSet { frame.pointee.path = rowPath } }
    private let rowsJob = WaveRowsJob()

    /// Prepares the static images of the scene's layout, or takes those of `other` when it draws a
    /// scene of the same size, colours and container coverage (indicators of one style): they are
    /// made once and read by all, so many such renderers keep one set in cache.
    public init(scene: WaveScene, sharingImagesOf other: WaveRenderer? = nil) {
        self.scene = scene
        let p = scene.parameters, lay = scene.layout
        width = p.width; height = p.height
        let box = lay.inkBox
        (x0, x1, y0, y1) = WaveRenderer.pixelBox(box, width: width, height: height)
        regionW = x1 - x0
        regionH = y1 - y0
        blockCount = (regionW + Self.blockWidth - 1) / Self.blockWidth
        let made = other.map(\.layoutImages).flatMap { $0.fits(scene) ? $0 : nil } ?? WaveImages(scene: scene)
        layoutImages = made
        images = made.images
        imageSize = made.imageSize
        let cols = regionW, blocks = blockCount
        let slacked = cols + Self.slack
        fa = Self.buffer(slacked + 1, 0); ba = Self.buffer(slacked + 1, 0)
        sTop = Self.buffer(slacked, 0); sBot = Self.buffer(slacked, 0); cTop = Self.buffer(slacked, 0); cBot = Self.buffer(slacked, 0)
        bandS = Self.buffer(blocks, .zero); bandC = Self.buffer(blocks, .zero)
        prevS = Self.buffer(blocks, .zero); prevC = Self.buffer(blocks, .zero)
        spans.initialize(repeating: 0, count: 4)
        tables = .allocate(capacity: 1)
        func rgba(_ v: SIMD4<Float>) -> (Float, Float, Float, Float) { (v.x, v.y, v.z, v.w) }
        tables.initialize(to: wf_wave_tables(
            sTop: sTop.baseAddress, sBot: sBot.baseAddress, cTop: cTop.baseAddress, cBot: cBot.baseAddress,
            fa: fa.baseAddress, ba: ba.baseAddress,
            kinds: made.kinds.baseAddress, m: made.m.baseAddress, regionW: regionW, blockOut: made.blockOut.baseAddress,
            pixels: (made.pixels[0], made.pixels[1], made.pixels[2], made.pixels[3], made.pixels[4]),
            bg: rgba(p.background.premultiplied), container: rgba(p.container.premultiplied),
            back: rgba(p.backWave.premultiplied), front: rgba(p.frontWave.premultiplied)))
        frame = .allocate(capacity: 1)
        func int32s(_ b: UnsafeMutableBufferPointer<SIMD2<Int32>>) -> UnsafePointer<Int32>? {
            b.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: Int32.self) }
        }
        let bandPointers = (int32s(bandS), int32s(bandC))
        frame.initialize(to: wf_wave_frame(
            tables: UnsafePointer(tables), bandS: bandPointers.0, bandC: bandPointers.1, spans: UnsafePointer(spans),
            blockCount: blocks, width: width, height: height, x0: x0, x1: x1, y0: y0, y1: y1, bgPixel: made.pixels[0],
            images: UnsafePointer(made.images.baseAddress), wide: UnsafePointer(made.wide?.baseAddress),
            imageSize: made.imageSize, wideSize: made.wideSize, path: 0))
    }

    /// The pixels `box` touches, clipped to the canvas: columns `x0 ..< x1`, rows `y0 ..< y1`.
    static func pixelBox(_ box: Rect, width: Int, height: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        let x0 = max(0, min(width, Int(box.minX.rounded(.down))))
        let x1 = max(x0, min(width, Int(box.maxX.rounded(.up))))
        let y0 = max(0, min(height, Int(box.minY.rounded(.down))))
        let y1 = max(y0, min(height, Int(box.maxY.rounded(.up))))
        return (x0, x1, y0, y1)
    }

    static func buffer<T>(_ count: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
        let b = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        b.initialize(repeating: value)
        return b
    }

    deinit {
        for b in [fa, ba] { b.deallocate() }
        spans.deallocate()
        tables.deallocate()
        frame.deallocate()
        for b in [sTop, sBot, cTop, cBot] { b.deallocate() }
        for b in [bandS, bandC, prevS, prevC] { b.deallocate() }
    }

    /// One pixel: background, container with `M`, back wave with `M C`, front wave with `M S`,
    /// source-over in premultiplied Float32, rounded once to 8 bits, packed R G B A in memory.
    @inline(__always)
    static func shade(_ m: Float, _ c: Float, _ s: Float, _ bg: SIMD4<Float>, _ cont: SIMD4<Float>,
                      _ back: SIMD4<Float>, _ front: SIMD4<Float>) -> UInt32 {
        // Scalar lanes: the generic SIMD rounding and clamping do not inline into tight code.
        let mc = m * c, ms = m * s
        let kc = 1 - cont.w * m, kb = 1 - back.w * mc, kf = 1 - front.w * ms
        @inline(__always) func channel(_ b: Float, _ co: Float, _ bk: Float, _ fr: Float) -> UInt32 {
            let v = ((b * kc + co * m) * kb + bk * mc) * kf + fr * ms
            return UInt32(min(max(v * 255 + 0.5, 0), 255))
        }
        return channel(bg.x, cont.x, back.x, front.x) | channel(bg.y, cont.y, back.y, front.y) << 8
            | channel(bg.z, cont.z, back.z, front.z) << 16 | channel(bg.w, cont.w, back.w, front.w) << 24
    }

    /// Exact area of the unit column square [0,1] x [j, j+1] below a line from y = a (left) to y = b
    /// (right), given `g0 = j + 1 - a`, `g1 = j + 1 - b`: the integral of clamp(g, 0, 1) along x.
    @inline(__always)
    static func columnCoverage(_ g0: Float, _ g1: Float) -> Float {
        let lo = min(g0, g1), hi = max(g0, g1)
        if lo >= 1 { return 1 }
        if hi <= 0 { return 0 }
        let d = hi - lo
        if d < 1e-4 { return min(max((lo + hi) * 0.5, 0), 1) }
        @inline(__always) func f(_ u: Float) -> Float { u <= 0 ? 0 : (u <= 1 ? u * u * 0.5 : u - 0.5) }
        return (f(hi) - f(lo)) / d
    }

    /// Renders the scene's current tick into `out`, writing every pixel (resized if its size differs).
    public func render(into out: inout Pixmap) {
        if out.width != width || out.height != height { out = Pixmap(width: width, height: height) }
        prepareColumns()
        out.bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            renderFull(base, stride: width)
            previousBuffer = UnsafeRawPointer(base)
        }
        keepBands()
    }

    /// Renders every pixel of the current tick into `width x height` pixels at `base`, rows `stride`
    /// pixels apart (a sub-rectangle of a larger frame, say), packed R G B A in memory.
    public func render(into base: UnsafeMutablePointer<UInt32>, stride: Int) {
        precondition(stride >= width)
        prepareColumns()
        renderFull(base, stride: stride)
        // No frame here for `renderDirty` to build on: its next call draws a whole one (and keeps
        // the bands then).
        previousBuffer = nil
    }

    /// Renders the current tick into `out`, which holds the previous frame this renderer drew into
    /// the same buffer, rewriting only rows that changed; returns those rows (empty when none). Falls
    /// back to a full render when `out` is another buffer or has another size.
    @discardableResult
    public func renderDirty(into out: inout Pixmap) -> Range<Int> {
        if out.width != width || out.height != height { out = Pixmap(width: width, height: height) }
        prepareColumns()
        var rows = 0 ..< height
        out.bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            if previousBuffer == UnsafeRawPointer(base) {
                rows = renderChanged(base, stride: width)
            } else {
                renderFull(base, stride: width)
                previousBuffer = UnsafeRawPointer(base)
            }
        }
        keepBands()
        return rows
    }

    /// Rows `rows` of the current tick, the columns already prepared (`prepareColumns`), into the
    /// frame at `out`: what `WaveGrid` draws a cell's rows between its shared background rows with.
    func renderPreparedRows(_ rows: Range<Int>, _ out: UnsafeMutablePointer<UInt32>, stride: Int) {
        renderRows(rows, out, stride: stride)
        previousBuffer = nil
    }

    /// Forgets the previous frame: the next `renderDirty` writes every pixel.
    public func invalidate() { previousBuffer = nil }

    private func keepBands() {
        guard blockCount > 0, let s = bandS.baseAddress, let c = bandC.baseAddress else { return }
        prevS.baseAddress?.update(from: s, count: blockCount)
        prevC.baseAddress?.update(from: c, count: blockCount)
    }

    /// Fills the per-column samples and row limits and the per-block bands.
    func prepareColumns() {
        guard regionW > 0 else { return }
        scene.front.withUnsafeBufferPointer { f in
            scene.back.withUnsafeBufferPointer { b in
                guard let f = f.baseAddress, let b = b.baseAddress, let fa = fa.baseAddress, let ba = ba.baseAddress,
                      let sTop = sTop.baseAddress, let sBot = sBot.baseAddress, let cTop = cTop.baseAddress,
                      let cBot = cBot.baseAddress, let bs = bandS.baseAddress, let bc = bandC.baseAddress else { return }
                let blocks = 2 * blockCount
                // Region-relative sample heights keep Float precise on large canvases.
                UnsafeMutableRawPointer(bs).withMemoryRebound(to: Int32.self, capacity: blocks) { bs in
                    UnsafeMutableRawPointer(bc).withMemoryRebound(to: Int32.self, capacity: blocks) { bc in
                        wf_wave_columns(f + x0, b + x0, regionW, Double(y0), fa, ba, sTop, sBot, cTop, cBot, bs, bc, spans)
                    }
                }
            }
        }
    }

    // floor and ceil to Int32, clamped to +-1e8 rows, without calls into libm (baseline x86-64 has no
    // rounding instruction, so `rounded(.down)` is a call per sample).
    @inline(__always) static func floorLimit(_ v: Double) -> Int32 {
        let c = max(min(v, 1e8), -1e8)
        let t = Int32(c)
        return Double(t) > c ? t - 1 : t
    }

    @inline(__always) static func ceilLimit(_ v: Double) -> Int32 {
        let c = max(min(v, 1e8), -1e8)
        let t = Int32(c)
        return Double(t) < c ? t + 1 : t
    }

    private func renderFull(_ out: UnsafeMutablePointer<UInt32>, stride: Int) {
        let n = max(1, min(threads, 8))
        guard n > 1, width * height >= splitPixels, height >= n else {
            renderRows(0 ..< height, out, stride: stride)
            return
        }
        // One band of rows per thread; each writes its own rows only.
        if helperThreads?.helpers != n - 1 { helperThreads = HelperThreads(helpers: n - 1) }
        rowsJob.renderer = self
        rowsJob.target = WaveRowsJob.Target(out: out, stride: stride, parts: n)
        helperThreads?.perform(n, rowsJob)
        rowsJob.renderer = nil
    }

    /// Rows `rows` of a full frame: one C call (`wf_wave_frame_rows`).
    fileprivate func renderRows(_ rows: Range<Int>, _ out: UnsafeMutablePointer<UInt32>, stride: Int) {
        wf_wave_frame_rows(frame, rows.lowerBound, rows.upperBound, out, stride)
    }

    /// The image (0...3) all of region row `r` shows when it is above or below every block's band of
    /// both waves; nil when a wave may be fractional somewhere on it.
    @inline(__always)
    private func clearState(_ r: Int) -> Int? {
        let state = wf_wave_clear_state(spans, r)
        return state < 0 ? nil : Int(state)
    }

    /// Region row `r` over a range of blocks: runs of blocks showing one image are one copy each.
    @inline(__always)
    private func writeRegionRow(_ r: Int, blocks: Range<Int>, into row: UnsafeMutablePointer<UInt32>) {
        let r32 = Int32(r)
        if blocks.count > 1, let state = clearState(r) {
            // Above or below every block's band of both waves: one image across the row.
            let lo = blocks.lowerBound * Self.blockWidth, hi = min(blocks.upperBound * Self.blockWidth, regionW)
            if let image = images.baseAddress { (row + lo).update(from: image + state * imageSize + r * regionW + lo, count: hi - lo) }
            return
        }
        guard let bs = bandS.baseAddress, let bc = bandC.baseAddress, let image = images.baseAddress else { return }
        let n = 2 * blockCount
        UnsafeMutableRawPointer(bs).withMemoryRebound(to: Int32.self, capacity: n) { s in
            UnsafeMutableRawPointer(bc).withMemoryRebound(to: Int32.self, capacity: n) { c in
                if rowPath == 0 {
                    wf_wave_band_row(tables, s, c, blocks.lowerBound, blocks.upperBound, r32, image, imageSize, row)
                } else {
                    wf_wave_band_row_using(rowPath, tables, s, c, blocks.lowerBound, blocks.upperBound, r32, image, imageSize, row)
                }
            }
        }
    }

    /// Rewrites, per block, the rows between each wave's previous and current band.
    private func renderChanged(_ out: UnsafeMutablePointer<UInt32>, stride: Int) -> Range<Int> {
        var dirtyLo = Int.max, dirtyHi = Int.min
        let h = Int32(regionH)
        for blk in 0 ..< blockCount {
            // Rows where the front wave's or the back wave's state can differ between the frames.
            let s = SIMD2(min(prevS[blk].x, bandS[blk].x), max(prevS[blk].y, bandS[blk].y))
            let c = SIMD2(min(prevC[blk].x, bandC[blk].x), max(prevC[blk].y, bandC[blk].y))
            let a0 = max(s.x, 0), a1 = min(s.y, h), b0 = max(c.x, 0), b1 = min(c.y, h)
            let ranges: (Int32, Int32, Int32, Int32)
            if a0 >= a1 { ranges = (b0, b1, 0, 0) }
            else if b0 >= b1 { ranges = (a0, a1, 0, 0) }
            else if max(a0, b0) <= min(a1, b1) { ranges = (min(a0, b0), max(a1, b1), 0, 0) }
            else { ranges = a0 < b0 ? (a0, a1, b0, b1) : (b0, b1, a0, a1) }
            for k in 0 ..< 2 {
                let (lo, hi) = k == 0 ? (ranges.0, ranges.1) : (ranges.2, ranges.3)
                guard lo < hi else { continue }
                dirtyLo = min(dirtyLo, Int(lo)); dirtyHi = max(dirtyHi, Int(hi))
                for r in Int(lo) ..< Int(hi) {
                    writeRegionRow(r, blocks: blk ..< blk + 1, into: out + (r + y0) * stride + x0)
                }
            }
        }
        return dirtyLo < dirtyHi ? (dirtyLo + y0) ..< (dirtyHi + y0) : 0 ..< 0
    }
}

/// What a `WaveRenderer` draws from that depends only on its scene's size, colours and container:
/// per region pixel `M`, its kind (0, 1 or between) and the four whole-coverage images; and the
/// background and the four states' colours where `M = 1`. Immutable once made.
final class WaveImages: @unchecked Sendable {
    let m: UnsafeMutableBufferPointer<Float>
    let images: UnsafeMutableBufferPointer<UInt32>   // four region-sized images back to back
    // Per pixel, whether M is 0, 1 or between (`outsideKind`, `insideKind`, `edgeKind`): a band's
    // pixels under whole waves where M is 0 or 1 are one of five colours.
    let kinds: UnsafeMutableBufferPointer<UInt8>
    /// Per region row and block of `blockWidth` columns: 1 where M is 0 on all of the block's pixels
    /// in that row (every image shows the background there, whatever the waves), else 0.
    let blockOut: UnsafeMutableBufferPointer<UInt8>
    let imageSize: Int
    /// On narrow canvases (`wideLimit`), the four images as whole canvas rows, margins included
    /// (`wideSize` pixels each): a row clear of the waves is then one copy, not a copy and two fills.
    let wide: UnsafeMutableBufferPointer<UInt32>?
    let wideSize: Int
    static let wideLimit = 256
    /// The background pixel, then the four states' pixels where `M = 1`.
    let pixels: [UInt32]
    // What they were made from.
    private let width: Int, height: Int, box: (Int, Int, Int, Int)
    private let colours: [SIMD4<Float>]
    private let coverage: [Float]

    init(scene: WaveScene) {
        let p = scene.parameters, lay = scene.layout
        width = p.width; height = p.height
        let (x0, x1, y0, y1) = WaveRenderer.pixelBox(lay.inkBox, width: width, height: height)
        box = (x0, x1, y0, y1)
        let (bgv, cv, bv, fv) = (p.background.premultiplied, p.container.premultiplied, p.backWave.premultiplied, p.frontWave.premultiplied)
        colours = [bgv, cv, bv, fv]
        coverage = lay.coverage.values
        let regionW = x1 - x0, regionH = y1 - y0, n = regionW * regionH
        imageSize = n
        // The band kernel may read `slack` values past the last pixel of M, the kinds and the images.
        m = WaveRenderer.buffer(n + WaveRenderer.slack, 0)
        images = WaveRenderer.buffer(4 * n + WaveRenderer.slack, UInt32(0))
        kinds = WaveRenderer.buffer(n + WaveRenderer.slack, WaveRenderer.outsideKind)
        let bgPixel = WaveRenderer.shade(0, 0, 0, bgv, cv, bv, fv)
        // Inside the glyphs (M = 1) each image is one colour; only edge pixels need their own shade.
        let inside = (0 ..< 4).map { WaveRenderer.shade(1, Float($0 & 1), Float($0 >> 1), bgv, cv, bv, fv) }
        pixels = [bgPixel] + inside
        wideSize = width * regionH
        wide = width <= Self.wideLimit && n > 0 ? WaveRenderer.buffer(4 * wideSize, bgPixel) : nil
        for j in 0 ..< regionH {
            for i in 0 ..< regionW {
                let v = coverage[(j + y0) * width + (i + x0)]
                let k = j * regionW + i
                m[k] = v
                kinds[k] = v == 0 ? WaveRenderer.outsideKind : v == 1 ? WaveRenderer.insideKind : WaveRenderer.edgeKind
                for state in 0 ..< 4 {
                    let px = v == 0 ? bgPixel : v == 1 ? inside[state]
                        : WaveRenderer.shade(v, Float(state & 1), Float(state >> 1), bgv, cv, bv, fv)
                    images[state * n + k] = px
                    wide?[state * wideSize + j * width + i + x0] = px
                }
            }
        }
        let blocks = (regionW + WaveRenderer.blockWidth - 1) / WaveRenderer.blockWidth
        blockOut = WaveRenderer.buffer(blocks * regionH, 0)
        for j in 0 ..< regionH {
            for b in 0 ..< blocks {
                let lo = j * regionW + b * WaveRenderer.blockWidth, hi = j * regionW + min((b + 1) * WaveRenderer.blockWidth, regionW)
                blockOut[j * blocks + b] = kinds[lo ..< hi].allSatisfy { $0 == WaveRenderer.outsideKind } ? 1 : 0
            }
        }
    }

    deinit {
        m.deallocate()
        images.deallocate()
        wide?.deallocate()
        kinds.deallocate()
        blockOut.deallocate()
    }

    /// Whether `scene` would make the same images: same size, colours and container coverage.
    func fits(_ scene: WaveScene) -> Bool {
        let p = scene.parameters, lay = scene.layout
        guard p.width == width, p.height == height else { return false }
        let b = WaveRenderer.pixelBox(lay.inkBox, width: width, height: height)
        guard b == box else { return false }
        guard [p.background.premultiplied, p.container.premultiplied, p.backWave.premultiplied, p.frontWave.premultiplied] == colours
        else { return false }
        // Scenes built on one layout share its coverage's storage, and this is then one comparison.
        return lay.coverage.values == coverage
    }
}

/// A full frame's rows in bands, one per part: part k draws the k-th of `parts` bands.
final class WaveRowsJob: HelperJob, @unchecked Sendable {
    struct Target {
        let out: UnsafeMutablePointer<UInt32>
        let stride: Int
        let parts: Int
    }
    unowned(unsafe) var renderer: WaveRenderer?
    var target: Target?

    func runPart(_ k: Int) {
        guard let r = renderer, let t = target else { return }
        let h = r.height
        r.renderRows(h * k / t.parts ..< h * (k + 1) / t.parts, t.out, stride: t.stride)
    }
}

import Geometry
import Raster

/// The fast per-frame path: SCENE.md's compositing with exact coverages, rounded once per pixel.
///
/// What makes it fast without changing a pixel:
/// - The container's coverage `M` is rasterized once per layout; outside the ink's pixel box `M = 0`
///   and every pixel is the background.
/// - Each wave polygon is sampled at pixel boundaries, so inside column i it is one straight segment
///   and a pixel's coverage is the exact area under a line across a unit square (closed form).
/// - Per column, rows above a wave's segment have coverage 0 and rows below have 1. Pixels above
///   both waves (S = C = 0) and below both (S = C = 1) depend on `M` only: they are copied from two
///   images made once per layout, by the same `shade` function as every other pixel.
/// - Columns are handled in blocks of 16 (one 64-byte cache line of output): each block has one band
///   of rows where anything but those two images can appear. `renderDirty` rewrites only the rows
///   of each block whose band moved since the previous frame.
/// - All buffers are owned and reused: rendering allocates nothing.
public final class WaveRenderer: @unchecked Sendable {
    /// Columns per block: 16 RGBA8 pixels are one 64-byte cache line.
    static let blockWidth = 16

    /// The scene whose current tick is rendered.
    public let scene: WaveScene
    let width: Int, height: Int
    // The ink's pixel box, clipped to the canvas: columns x0 ..< x1, rows y0 ..< y1.
    let x0: Int, x1: Int, y0: Int, y1: Int
    let regionW: Int, regionH: Int, blockCount: Int
    let bgPixel: UInt32
    let bg, container, backC, frontC: SIMD4<Float>
    // Static, per layout (region-sized, row-major).
    let m: UnsafeMutableBufferPointer<Float>
    let empty: UnsafeMutableBufferPointer<UInt32>    // shade(M, 0, 0)
    let filled: UnsafeMutableBufferPointer<UInt32>   // shade(M, 1, 1)
    // Per frame, per region column: wave samples at the column's left and right edges, and the rows
    // where each wave's coverage stops being 0 (top) and becomes 1 (bottom), in region rows.
    let fa, fb, ba, bb: UnsafeMutableBufferPointer<Float>
    let sTop, sBot, cTop, cBot: UnsafeMutableBufferPointer<Int32>
    // Per block: the band of rows (region rows) where pixels are neither `empty` nor `filled`.
    let bandTop, bandBot, prevTop, prevBot: UnsafeMutableBufferPointer<Int32>
    private var previousBuffer: UnsafeRawPointer?

    /// Prepares the static images of the scene's layout.
    public init(scene: WaveScene) {
        self.scene = scene
        let p = scene.parameters, lay = scene.layout
        width = p.width; height = p.height
        let box = lay.inkBox
        x0 = max(0, min(width, Int(box.minX.rounded(.down))))
        x1 = max(x0, min(width, Int(box.maxX.rounded(.up))))
        y0 = max(0, min(height, Int(box.minY.rounded(.down))))
        y1 = max(y0, min(height, Int(box.maxY.rounded(.up))))
        regionW = x1 - x0
        regionH = y1 - y0
        blockCount = (regionW + Self.blockWidth - 1) / Self.blockWidth
        bg = p.background.premultiplied
        container = p.container.premultiplied
        backC = p.backWave.premultiplied
        frontC = p.frontWave.premultiplied
        let n = regionW * regionH
        m = .allocate(capacity: n)
        empty = .allocate(capacity: n)
        filled = .allocate(capacity: n)
        let (bgv, cv, bv, fv) = (bg, container, backC, frontC)
        bgPixel = WaveRenderer.shade(0, 0, 0, bgv, cv, bv, fv)
        for j in 0 ..< regionH {
            for i in 0 ..< regionW {
                let v = lay.coverage.values[(j + y0) * width + (i + x0)]
                m[j * regionW + i] = v
                empty[j * regionW + i] = WaveRenderer.shade(v, 0, 0, bgv, cv, bv, fv)
                filled[j * regionW + i] = WaveRenderer.shade(v, 1, 1, bgv, cv, bv, fv)
            }
        }
        let cols = regionW, blocks = blockCount
        fa = Self.buffer(cols, 0); fb = Self.buffer(cols, 0); ba = Self.buffer(cols, 0); bb = Self.buffer(cols, 0)
        sTop = Self.buffer(cols, 0); sBot = Self.buffer(cols, 0); cTop = Self.buffer(cols, 0); cBot = Self.buffer(cols, 0)
        bandTop = Self.buffer(blocks, 0); bandBot = Self.buffer(blocks, 0)
        prevTop = Self.buffer(blocks, 0); prevBot = Self.buffer(blocks, 0)
    }

    static func buffer<T>(_ count: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
        let b = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        b.initialize(repeating: value)
        return b
    }

    deinit {
        for b in [m, fa, fb, ba, bb] { b.deallocate() }
        for b in [empty, filled] { b.deallocate() }
        for b in [sTop, sBot, cTop, cBot, bandTop, bandBot, prevTop, prevBot] { b.deallocate() }
    }

    /// One pixel: background, container with `M`, back wave with `M C`, front wave with `M S`,
    /// source-over in premultiplied Float32, rounded once to 8 bits, packed R G B A in memory.
    @inline(__always)
    static func shade(_ m: Float, _ c: Float, _ s: Float, _ bg: SIMD4<Float>, _ cont: SIMD4<Float>,
                      _ back: SIMD4<Float>, _ front: SIMD4<Float>) -> UInt32 {
        var v = cont * m + bg * (1 - cont.w * m)
        let mc = m * c, ms = m * s
        v = back * mc + v * (1 - back.w * mc)
        v = front * ms + v * (1 - front.w * ms)
        let r = (v * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let u = SIMD4<UInt32>(truncatingIfNeeded: SIMD4<Int32>(r.rounded(.down)))
        return u.x | u.y << 8 | u.z << 16 | u.w << 24
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
            renderFull(base)
            previousBuffer = UnsafeRawPointer(base)
        }
        swapBands()
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
                rows = renderChanged(base)
            } else {
                renderFull(base)
                previousBuffer = UnsafeRawPointer(base)
            }
        }
        swapBands()
        return rows
    }

    /// Forgets the previous frame: the next `renderDirty` writes every pixel.
    public func invalidate() { previousBuffer = nil }

    private func swapBands() {
        prevTop.baseAddress?.update(from: bandTop.baseAddress!, count: blockCount)
        prevBot.baseAddress?.update(from: bandBot.baseAddress!, count: blockCount)
    }

    /// Fills the per-column samples and row limits and the per-block bands.
    func prepareColumns() {
        guard regionW > 0 else { return }
        scene.front.withUnsafeBufferPointer { f in
            scene.back.withUnsafeBufferPointer { b in
                let oy = Double(y0)
                for c in 0 ..< regionW {
                    let i = x0 + c
                    // Region-relative sample heights keep Float precise on large canvases.
                    let f0 = f[i] - oy, f1 = f[i + 1] - oy, b0 = b[i] - oy, b1 = b[i + 1] - oy
                    fa[c] = Float(f0); fb[c] = Float(f1); ba[c] = Float(b0); bb[c] = Float(b1)
                    sTop[c] = Self.rowLimit(min(f0, f1).rounded(.down))
                    sBot[c] = Self.rowLimit(max(f0, f1).rounded(.up))
                    cTop[c] = Self.rowLimit(min(b0, b1).rounded(.down))
                    cBot[c] = Self.rowLimit(max(b0, b1).rounded(.up))
                }
            }
        }
        for blk in 0 ..< blockCount {
            let lo = blk * Self.blockWidth, hi = min(lo + Self.blockWidth, regionW)
            var t = Int32.max, b = Int32.min
            for c in lo ..< hi {
                t = min(t, sTop[c], cTop[c]); b = max(b, sBot[c], cBot[c])
            }
            bandTop[blk] = t; bandBot[blk] = b
        }
    }

    @inline(__always) static func rowLimit(_ v: Double) -> Int32 {
        Int32(max(min(v, 1e8), -1e8))
    }

    private func renderFull(_ out: UnsafeMutablePointer<UInt32>) {
        for j in 0 ..< height {
            let row = out + j * width
            if j < y0 || j >= y1 || regionW == 0 {
                row.update(repeating: bgPixel, count: width)
                continue
            }
            row.update(repeating: bgPixel, count: x0)
            (row + x1).update(repeating: bgPixel, count: width - x1)
            let r = Int32(j - y0)
            // Runs of blocks that are wholly `empty` or wholly `filled` in this row are one copy each.
            var blk = 0
            while blk < blockCount {
                if r < bandTop[blk] || r >= bandBot[blk] {
                    let useEmpty = r < bandTop[blk]
                    var end = blk + 1
                    while end < blockCount, (useEmpty ? r < bandTop[end] : r >= bandBot[end]) { end += 1 }
                    let lo = blk * Self.blockWidth, hi = min(end * Self.blockWidth, regionW)
                    let src = (useEmpty ? empty : filled).baseAddress! + Int(r) * regionW + lo
                    (row + x0 + lo).update(from: src, count: hi - lo)
                    blk = end
                } else {
                    shadeBlockRow(blk, regionRow: Int(r), into: row + x0)
                    blk += 1
                }
            }
        }
    }

    /// Rewrites, per block, the rows between the union of the previous and the current band.
    private func renderChanged(_ out: UnsafeMutablePointer<UInt32>) -> Range<Int> {
        var dirtyLo = Int.max, dirtyHi = Int.min
        for blk in 0 ..< blockCount {
            let lo = Int(max(min(prevTop[blk], bandTop[blk]), 0))
            let hi = Int(min(max(prevBot[blk], bandBot[blk]), Int32(regionH)))
            guard lo < hi else { continue }
            dirtyLo = min(dirtyLo, lo); dirtyHi = max(dirtyHi, hi)
            let c0 = blk * Self.blockWidth, c1 = min(c0 + Self.blockWidth, regionW)
            for r in lo ..< hi {
                let row = out + (r + y0) * width + x0
                let r32 = Int32(r)
                if r32 < bandTop[blk] {
                    (row + c0).update(from: empty.baseAddress! + r * regionW + c0, count: c1 - c0)
                } else if r32 >= bandBot[blk] {
                    (row + c0).update(from: filled.baseAddress! + r * regionW + c0, count: c1 - c0)
                } else {
                    shadeBlockRow(blk, regionRow: r, into: row)
                }
            }
        }
        return dirtyLo < dirtyHi ? (dirtyLo + y0) ..< (dirtyHi + y0) : 0 ..< 0
    }

    /// The pixels of one block in one region row, where the waves may be fractional.
    @inline(__always)
    private func shadeBlockRow(_ blk: Int, regionRow r: Int, into row: UnsafeMutablePointer<UInt32>) {
        let c0 = blk * Self.blockWidth, c1 = min(c0 + Self.blockWidth, regionW)
        let r32 = Int32(r), jb = Float(r + 1)
        let base = r * regionW
        let (bgv, cv, bv, fv) = (bg, container, backC, frontC)
        for c in c0 ..< c1 {
            let mv = m[base + c]
            if mv == 0 { row[c] = bgPixel; continue }
            let s: Float = r32 < sTop[c] ? 0 : (r32 >= sBot[c] ? 1 : Self.columnCoverage(jb - fa[c], jb - fb[c]))
            let cc: Float = r32 < cTop[c] ? 0 : (r32 >= cBot[c] ? 1 : Self.columnCoverage(jb - ba[c], jb - bb[c]))
            if s == 0 && cc == 0 { row[c] = empty[base + c] }
            else if s == 1 && cc == 1 { row[c] = filled[base + c] }
            else { row[c] = Self.shade(mv, cc, s, bgv, cv, bv, fv) }
        }
    }
}

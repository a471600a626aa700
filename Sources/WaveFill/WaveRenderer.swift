import Geometry
import Raster

/// The fast per-frame path: SCENE.md's compositing with exact coverages, rounded once per pixel.
///
/// What makes it fast without changing a pixel:
/// - The container's coverage `M` is rasterized once per layout; outside the ink's pixel box `M = 0`
///   and every pixel is the background.
/// - Each wave polygon is sampled at pixel boundaries, so inside column i it is one straight segment
///   and a pixel's coverage is the exact area under a line across a unit square (closed form).
/// - Rows above both waves (S = C = 0) and below both (S = C = 1) depend on `M` only: they are copied
///   from two images made once per layout, by the same `shade` function as the band rows.
/// - All buffers are owned and reused: `render` allocates nothing.
public final class WaveRenderer: @unchecked Sendable {
    /// The scene whose current tick is rendered.
    public let scene: WaveScene
    let width: Int, height: Int
    // The ink's pixel box, clipped to the canvas: columns x0 ..< x1, rows y0 ..< y1.
    let x0: Int, x1: Int, y0: Int, y1: Int
    let regionW: Int
    let m: [Float]            // M over the region, row-major
    let empty: [UInt32]       // shade(M, 0, 0) over the region
    let filled: [UInt32]      // shade(M, 1, 1) over the region
    let bgPixel: UInt32
    let bg, container, backC, frontC: SIMD4<Float>
    // Per-frame column buffers (region columns): wave samples at the column's left and right edge.
    var fa: [Float], fb: [Float], ba: [Float], bb: [Float]

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
        bg = p.background.premultiplied
        container = p.container.premultiplied
        backC = p.backWave.premultiplied
        frontC = p.frontWave.premultiplied
        var m = [Float](repeating: 0, count: regionW * (y1 - y0))
        for j in y0 ..< y1 {
            for i in x0 ..< x1 { m[(j - y0) * regionW + (i - x0)] = lay.coverage.values[j * width + i] }
        }
        self.m = m
        let (bgv, cv, bv, fv) = (bg, container, backC, frontC)
        bgPixel = WaveRenderer.shade(0, 0, 0, bgv, cv, bv, fv)
        empty = m.map { WaveRenderer.shade($0, 0, 0, bgv, cv, bv, fv) }
        filled = m.map { WaveRenderer.shade($0, 1, 1, bgv, cv, bv, fv) }
        fa = [Float](repeating: 0, count: regionW)
        fb = fa; ba = fa; bb = fa
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

    /// Renders the scene's current tick into `out` (resized only if its size differs), every pixel.
    public func render(into out: inout Pixmap) {
        if out.width != width || out.height != height { out = Pixmap(width: width, height: height) }
        let p = prepareColumns()
        out.bytes.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: UInt32.self)
            guard let base = px.baseAddress else { return }
            for j in 0 ..< height {
                let row = base + j * width
                if j < y0 || j >= y1 {
                    row.update(repeating: bgPixel, count: width)
                    continue
                }
                row.update(repeating: bgPixel, count: x0)
                (row + x1).update(repeating: bgPixel, count: width - x1)
                renderRegionRow(j, into: row + x0, bandTop: p.top, bandBottom: p.bottom)
            }
        }
    }

    /// Fills the per-column sample buffers; returns the band of rows where a wave is fractional.
    func prepareColumns() -> (top: Int, bottom: Int) {
        var lo = Double.infinity, hi = -Double.infinity
        scene.front.withUnsafeBufferPointer { f in
            scene.back.withUnsafeBufferPointer { b in
                for c in 0 ..< regionW {
                    let i = x0 + c
                    fa[c] = Float(f[i]); fb[c] = Float(f[i + 1]); ba[c] = Float(b[i]); bb[c] = Float(b[i + 1])
                    lo = min(lo, f[i], f[i + 1], b[i], b[i + 1])
                    hi = max(hi, f[i], f[i + 1], b[i], b[i + 1])
                }
            }
        }
        guard regionW > 0, lo.isFinite, hi.isFinite else { return (Int.max, Int.max) }
        // Row j is wave-free above when j + 1 <= lo, fully under both waves when j >= hi.
        let top = Int(max(min(lo.rounded(.down), 1e9), -1e9))
        let bottom = Int(max(min(hi.rounded(.up), 1e9), -1e9))
        return (top, bottom)
    }

    @inline(__always)
    func renderRegionRow(_ j: Int, into row: UnsafeMutablePointer<UInt32>, bandTop: Int, bandBottom: Int) {
        guard regionW > 0 else { return }
        let r = (j - y0) * regionW
        if j < bandTop {
            empty.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + r, count: regionW) }
            return
        }
        if j >= bandBottom {
            filled.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + r, count: regionW) }
            return
        }
        let jb = Float(j + 1)
        let (bgv, cv, bv, fv) = (bg, container, backC, frontC)
        m.withUnsafeBufferPointer { mp in
            empty.withUnsafeBufferPointer { ep in
                filled.withUnsafeBufferPointer { fp in
                    for c in 0 ..< regionW {
                        let mv = mp[r + c]
                        if mv == 0 { row[c] = bgPixel; continue }
                        let s = WaveRenderer.columnCoverage(jb - fa[c], jb - fb[c])
                        let cc = WaveRenderer.columnCoverage(jb - ba[c], jb - bb[c])
                        if s == 0 && cc == 0 { row[c] = ep[r + c] }
                        else if s == 1 && cc == 1 { row[c] = fp[r + c] }
                        else { row[c] = WaveRenderer.shade(mv, cc, s, bgv, cv, bv, fv) }
                    }
                }
            }
        }
    }
}

/// A layer shadow's blur: the shadow's alpha is the source alpha blurred by three successive box
/// blurs along x, then three along y, shifted by a whole-pixel offset and scaled by the opacity.
///
/// The blur is the one SVG's `feGaussianBlur` defines as its approximation of a Gaussian of
/// standard deviation `σ` (Filter Effects 1, §15.17): box size `d = floor(σ · 3 √(2π) / 4 + 0.5)`;
/// for an odd `d` three boxes of `d` pixels centred on the pixel, for an even `d` two boxes of `d`
/// (the first centred on the pixel's left edge, the second on its right edge) and one of `d + 1`
/// centred. A shadow of blur radius `r` (Core Animation's `shadowRadius`) takes `σ = r / 2`. The
/// source is zero outside the canvas. Each box is a running sum in Double along the line (exact to
/// rounding); each pass rounds to Float32. Cost per pixel does not depend on the radius.
///
/// The buffers are kept from call to call: making shadows of one size allocates nothing once they
/// have grown.
public final class ShadowBlur {
    /// The largest blur radius (px) a shadow takes.
    public static let maxRadius = 250.0
    private var scratch: [Float] = []
    private var sums: [Double] = []
    private var line: [Float] = []

    /// A blur with empty buffers.
    public init() {}

    /// The box size `d` for blur radius `radius` (σ = radius / 2); 0 or 1: no blur.
    public static func boxSize(radius: Double) -> Int {
        guard radius.isFinite, radius > 0 else { return 0 }
        let sigma = min(radius, maxRadius) / 2
        return Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Box `k` (0...2) of box size `d`: pixels taken before and after the centre.
    static func box(_ d: Int, _ k: Int) -> (lo: Int, hi: Int) {
        if d % 2 == 1 { let h = (d - 1) / 2; return (h, h) }
        switch k {
        case 0: return (d / 2, d / 2 - 1)
        case 1: return (d / 2 - 1, d / 2)
        default: return (d / 2, d / 2)
        }
    }

    /// How many boxes a blur of box size `d` takes (none below 2: a box of one pixel changes nothing).
    static func boxCount(_ d: Int) -> Int { d <= 1 ? 0 : 3 }

    /// How far (px) the blur of `radius` spreads a source pixel each way.
    public static func spread(radius: Double) -> Int {
        let d = boxSize(radius: radius)
        var s = 0
        for k in 0 ..< boxCount(d) { let b = box(d, k); s += max(b.lo, b.hi) }
        return s
    }

    /// Writes into `out` the shadow of `source` (same size): blurred for `radius`, moved by
    /// (`dx`, `dy`) whole pixels, times `opacity`. `source` is used as scratch (its values are lost).
    /// Every value of `out` is written.
    public func shadow(of source: inout Coverage, radius: Double, dx: Int, dy: Int, opacity: Float, into out: inout Coverage) {
        precondition(source.width == out.width && source.height == out.height)
        let w = source.width, h = source.height
        for i in out.values.indices { out.values[i] = 0 }
        guard w > 0, h > 0, opacity > 0 else { return }
        // The box of source pixels above zero.
        var x0 = w, x1 = 0, y0 = h, y1 = 0
        source.values.withUnsafeBufferPointer { v in
            for y in 0 ..< h {
                let row = y * w
                var first = -1, last = -1
                for x in 0 ..< w where v[row + x] != 0 { if first < 0 { first = x }; last = x }
                if first >= 0 { x0 = min(x0, first); x1 = max(x1, last + 1); y0 = min(y0, y); y1 = max(y1, y + 1) }
            }
        }
        guard x0 < x1 else { return }
        let d = Self.boxSize(radius: radius), n = Self.boxCount(d)
        let s = Self.spread(radius: radius)
        let bx0 = max(0, x0 - s), bx1 = min(w, x1 + s), by0 = max(0, y0 - s), by1 = min(h, y1 + s)
        let bw = bx1 - bx0
        if scratch.count < w * h { scratch = [Float](repeating: 0, count: w * h) }
        if sums.count < max(w, h) { sums = [Double](repeating: 0, count: max(w, h)) }
        if line.count < 16 * max(w, h) { line = [Float](repeating: 0, count: 16 * max(w, h)) }
        source.values.withUnsafeMutableBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { tmp in
                sums.withUnsafeMutableBufferPointer { acc in
                    line.withUnsafeMutableBufferPointer { ln in
                        guard let sp = src.baseAddress, let tp = tmp.baseAddress, let ap = acc.baseAddress,
                              let lp = ln.baseAddress else { return }
                        // Along x, eight rows at a time (their running sums side by side), the rest one by one.
                        var y = by0
                        while y + 8 <= by1, n > 0 {
                            Self.boxRows8(sp + y * w + bx0, stride: w, count: bw, d: d, boxes: n, line: lp)
                            y += 8
                        }
                        while y < by1 {
                            let row = sp + y * w + bx0
                            for k in 0 ..< n {
                                let (lo, hi) = Self.box(d, k)
                                lp.update(from: row, count: bw)
                                Self.boxLine(lp, row, count: bw, lo: lo, hi: hi)
                            }
                            y += 1
                        }
                        // Along y, every column at once (a row of running sums).
                        var a = sp, b = tp
                        for k in 0 ..< n {
                            let (lo, hi) = Self.box(d, k)
                            Self.boxColumns(a, b, stride: w, x0: bx0, x1: bx1, y0: by0, y1: by1, lo: lo, hi: hi, sums: ap)
                            swap(&a, &b)
                        }
                        // `a` holds the blur: shift, scale and clamp into `out`.
                        out.values.withUnsafeMutableBufferPointer { o in
                            guard let op = o.baseAddress else { return }
                            for y in by0 ..< by1 {
                                let ty = y + dy
                                guard ty >= 0, ty < h else { continue }
                                for x in bx0 ..< bx1 {
                                    let tx = x + dx
                                    guard tx >= 0, tx < w else { continue }
                                    op[ty * w + tx] = min(max(a[y * w + x], 0), 1) * opacity
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One box along a line: `dst[x] = Σ src[x - lo ... x + hi] / (lo + hi + 1)` with zeros outside.
    @inline(__always)
    static func boxLine(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, count n: Int, lo: Int, hi: Int) {
        let inv = 1 / Double(lo + hi + 1)
        var s = 0.0
        for k in 0 ..< min(hi, n - 1) + 1 { s += Double(src[k]) }
        for x in 0 ..< n {
            dst[x] = Float(s * inv)
            let add = x + 1 + hi, sub = x - lo
            if add < n { s += Double(src[add]) }
            if sub >= 0 { s -= Double(src[sub]) }
        }
    }

    /// The boxes along each of eight rows (`stride` apart) in place, with the same sums as
    /// `boxLine` (Double, in the same order), eight at once: the rows are interleaved into `line`
    /// (2 x 8 x `count` floats), boxed there back and forth, and written back.
    @inline(__always)
    static func boxRows8(_ rows: UnsafeMutablePointer<Float>, stride w: Int, count n: Int, d: Int, boxes: Int,
                         line: UnsafeMutablePointer<Float>) {
        var a = line, b = line + 8 * n
        for x in 0 ..< n { for r in 0 ..< 8 { a[8 * x + r] = rows[r * w + x] } }
        for k in 0 ..< boxes {
            let (lo, hi) = box(d, k)
            let inv = 1 / Double(lo + hi + 1)
            @inline(__always) func load(_ x: Int) -> SIMD8<Double> {
                SIMD8<Double>(UnsafeRawPointer(a + 8 * x).loadUnaligned(as: SIMD8<Float>.self))
            }
            var s = SIMD8<Double>(repeating: 0)
            for k in 0 ..< min(hi, n - 1) + 1 { s += load(k) }
            for x in 0 ..< n {
                UnsafeMutableRawPointer(b + 8 * x).storeBytes(of: SIMD8<Float>(s * inv), as: SIMD8<Float>.self)
                let add = x + 1 + hi, sub = x - lo
                if add < n { s += load(add) }
                if sub >= 0 { s -= load(sub) }
            }
            swap(&a, &b)
        }
        for x in 0 ..< n { for r in 0 ..< 8 { rows[r * w + x] = a[8 * x + r] } }
    }

    /// One box along y over columns `x0 ..< x1`, rows `y0 ..< y1` (zeros outside), `src` to `dst`.
    @inline(__always)
    static func boxColumns(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, stride w: Int,
                           x0: Int, x1: Int, y0: Int, y1: Int, lo: Int, hi: Int, sums: UnsafeMutablePointer<Double>) {
        let inv = 1 / Double(lo + hi + 1)
        for x in x0 ..< x1 { sums[x] = 0 }
        for k in y0 ..< min(y0 + hi, y1 - 1) + 1 {
            let r = src + k * w
            for x in x0 ..< x1 { sums[x] += Double(r[x]) }
        }
        for y in y0 ..< y1 {
            let d = dst + y * w
            for x in x0 ..< x1 { d[x] = Float(sums[x] * inv) }
            let add = y + 1 + hi, sub = y - lo
            if add < y1 { let r = src + add * w; for x in x0 ..< x1 { sums[x] += Double(r[x]) } }
            if sub >= y0 { let r = src + sub * w; for x in x0 ..< x1 { sums[x] -= Double(r[x]) } }
        }
    }
}

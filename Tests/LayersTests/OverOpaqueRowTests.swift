import CRowKernels
import Testing
import TestSupport

/// `wf_over_opaque_row` (a solid colour's coverage over an opaque background, rounded) is its
/// definition bit for bit on every path the processor has: lanes of 16 or 8, and SSE2 four at a time.
struct OverOpaqueRowTests {
    /// Per channel `s * c + bg * (1 - a * c)`, scaled, a half added, clamped to 0 ... 255 and
    /// truncated, in Float32 with no fused operations (what filling with `bg`, painting and rounding do).
    static func definition(_ c: Float, _ s: [Float], _ bg: [Float]) -> UInt32 {
        let k = 1 - s[3] * c
        var px: UInt32 = 0
        for ch in 0 ..< 4 {
            let m = s[ch] * c, n = bg[ch] * k
            var v = (m + n) * 255 + 0.5
            v = v > 0 ? v : 0
            v = v < 255 ? v : 255
            px |= UInt32(v) << (8 * ch)
        }
        return px
    }

    @Test func everyPixelIsItsDefinitionOnEveryPath() {
        let paths = [16, 8, 0].filter { $0 <= wf_over_opaque_widest() }
        var fractional = 0
        for seed in UInt64(1) ... 40 {
            var rng = SeededRandom(seed: seed &* 104_729)
            let count = rng.int(0 ... 300)
            // Runs of no, whole and partial coverage, so every lane group meets each case and mixes.
            var cov = [Float](repeating: 0, count: count)
            var i = 0
            while i < count {
                let run = rng.int(1 ... 40), kind = rng.int(0 ... 3)
                for j in i ..< min(i + run, count) {
                    cov[j] = kind == 0 ? 0 : kind == 1 ? 1 : Float(rng.double(0 ... 1))
                    if kind >= 2, rng.int(0 ... 4) == 0 { cov[j] = rng.int(0 ... 1) == 0 ? 0 : 1 }
                }
                i += run
            }
            let opaque = rng.int(0 ... 1) == 0
            let a: Float = opaque ? 1 : Float(rng.double(0 ... 1))
            // Premultiplied: each colour channel at most its alpha.
            let s = [Float(rng.double(0 ... 1)) * a, Float(rng.double(0 ... 1)) * a, Float(rng.double(0 ... 1)) * a, a]
            let bg = [Float(rng.double(0 ... 1)), Float(rng.double(0 ... 1)), Float(rng.double(0 ... 1)), 1]
            let want = cov.map { Self.definition($0, s, bg) }
            fractional += cov.filter { $0 != 0 && $0 != 1 }.count
            let bgPixel = Self.definition(0, s, bg), fgPixel = Self.definition(1, s, bg)
            for lanes in paths {
                // One pixel more on each side, which must stay as it was.
                var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 2)
                out.withUnsafeMutableBufferPointer { o in
                    guard let base = o.baseAddress else { return }
                    wf_over_opaque_row_lanes(Int32(lanes), cov, base + 1, count, s, bg, bgPixel, fgPixel)
                }
                #expect(out.first == 0xDEAD_BEEF && out.last == 0xDEAD_BEEF, "lanes \(lanes), seed \(seed): wrote outside the row")
                let got = Array(out.dropFirst().dropLast())
                let bad = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                #expect(bad.isEmpty, "lanes \(lanes), seed \(seed), \(count) px: \(bad.count) differ, first at \(bad.first as Any)")
            }
        }
        #expect(fractional > 1000)
    }

    /// `wf_over_opaque_multi`: several colours in order over the background, each with its own
    /// coverage row (and, for half the seeds, some with an opacity), is the one-colour definition
    /// applied colour after colour (from the background, in Float32, no fused operations; a faded
    /// colour's share times its opacity, as `wf_sole_fill`), rounded once, on every path.
    @Test func severalColoursAreTheirDefinitionOnEveryPath() {
        let paths = [16, 8, 0].filter { $0 <= wf_over_opaque_widest() }
        var mixed = 0
        for seed in UInt64(1) ... 40 {
            var rng = SeededRandom(seed: seed &* 7_919)
            let count = rng.int(0 ... 200), k = rng.int(1 ... 5)
            var covs: [[Float]] = []
            var colors: [Float] = [], opacities: [Float] = []
            // Half the seeds give some colours an opacity (a fill alone in a group of its own).
            let faded = seed % 2 == 0
            for _ in 0 ..< k {
                opacities.append(faded && rng.int(0 ... 1) == 0 ? Float(rng.double(0 ... 1)) : 1)
                var cov = [Float](repeating: 0, count: count)
                var i = 0
                while i < count {
                    let run = rng.int(1 ... 30), kind = rng.int(0 ... 3)
                    for j in i ..< min(i + run, count) { cov[j] = kind == 0 ? 0 : kind == 1 ? 1 : Float(rng.double(0 ... 1)) }
                    i += run
                }
                covs.append(cov)
                let a: Float = rng.int(0 ... 1) == 0 ? 1 : Float(rng.double(0 ... 1))
                colors += [Float(rng.double(0 ... 1)) * a, Float(rng.double(0 ... 1)) * a, Float(rng.double(0 ... 1)) * a, a]
            }
            let bg = [Float(rng.double(0 ... 1)), Float(rng.double(0 ... 1)), Float(rng.double(0 ... 1)), 1]
            var want = [UInt32](repeating: 0, count: count)
            for x in 0 ..< count {
                var v = bg
                var covered = 0
                for j in 0 ..< k {
                    let c = covs[j][x]
                    if c == 0 { continue }
                    covered += 1
                    let o = opacities[j]
                    let kk = 1 - (o == 1 ? colors[4 * j + 3] * c : (colors[4 * j + 3] * c) * o)
                    for ch in 0 ..< 4 {
                        let m = o == 1 ? colors[4 * j + ch] * c : (colors[4 * j + ch] * c) * o, n = v[ch] * kk
                        v[ch] = m + n
                    }
                }
                if covered > 1 { mixed += 1 }
                var px: UInt32 = 0
                for ch in 0 ..< 4 {
                    var q = v[ch] * 255 + 0.5
                    q = q > 0 ? q : 0
                    q = q < 255 ? q : 255
                    px |= UInt32(q) << (8 * ch)
                }
                want[x] = px
            }
            let bgPixel = Self.definition(0, [0, 0, 0, 0], bg)
            for lanes in paths {
                var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 2)
                let rows = covs.map { c -> UnsafeMutablePointer<Float> in
                    let p = UnsafeMutablePointer<Float>.allocate(capacity: max(count, 1))
                    p.initialize(from: c, count: count)
                    return p
                }
                defer { for p in rows { p.deallocate() } }
                let pointers: [UnsafePointer<Float>?] = rows.map { UnsafePointer($0) }
                out.withUnsafeMutableBufferPointer { o in
                    guard let base = o.baseAddress else { return }
                    if faded {
                        wf_over_opaque_multi_lanes(Int32(lanes), Int32(k), pointers, colors, opacities, base + 1, count, bg, bgPixel)
                    } else {
                        wf_over_opaque_multi_lanes(Int32(lanes), Int32(k), pointers, colors, nil, base + 1, count, bg, bgPixel)
                    }
                }
                #expect(out.first == 0xDEAD_BEEF && out.last == 0xDEAD_BEEF, "lanes \(lanes), seed \(seed): wrote outside the row")
                let got = Array(out.dropFirst().dropLast())
                let bad = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                #expect(bad.isEmpty, "lanes \(lanes), seed \(seed), \(k) colours, \(count) px: \(bad.count) differ, first at \(bad.first as Any)")
            }
        }
        #expect(mixed > 500)
    }
}

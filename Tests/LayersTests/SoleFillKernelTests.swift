import CRowKernels
import Testing
import TestSupport

/// `wf_sole_fill` (a group of one solid fill and an opacity, over what is below, without the
/// group's buffer) is the Swift row worker's definition bit for bit: `t = (s * c) * opacity`, then
/// `t + d * (1 - t.a)`, pixels of no coverage or no alpha left alone, on both the four-pixel path and
/// the tail.
struct SoleFillKernelTests {
    @Test func everyPixelIsItsDefinition() {
        var changed = 0
        for seed in UInt64(1) ... 40 {
            var rng = SeededRandom(seed: seed &* 7919)
            let count = rng.int(0 ... 157)
            var cov = [Float](repeating: 0, count: count)
            var i = 0
            while i < count {
                let run = rng.int(1 ... 9), kind = rng.int(0 ... 2)
                for j in i ..< min(i + run, count) { cov[j] = kind == 0 ? 0 : kind == 1 ? 1 : Float(rng.double(0 ... 1)) }
                i += run
            }
            let alpha: Float = rng.int(0 ... 5) == 0 ? 0 : Float(rng.double(0.05 ... 1))
            let s: [Float] = [Float(rng.double(0 ... 1)) * alpha, Float(rng.double(0 ... 1)) * alpha, Float(rng.double(0 ... 1)) * alpha, alpha]
            let opacity = Float(rng.double(0 ... 1))
            var dst = (0 ..< 4 * count).map { _ in Float(rng.double(0 ... 1)) }
            var expected = dst
            for x in 0 ..< count {
                let c = cov[x]
                guard c != 0 else { continue }
                let v = SIMD4<Float>(s[0], s[1], s[2], s[3]) * c
                guard v.w != 0 else { continue }
                let t = v * opacity
                let d = SIMD4<Float>(expected[4 * x], expected[4 * x + 1], expected[4 * x + 2], expected[4 * x + 3])
                let out = t + d * (1 - t.w)
                for ch in 0 ..< 4 { expected[4 * x + ch] = out[ch] }
            }
            let before = dst
            s.withUnsafeBufferPointer { sp in
                cov.withUnsafeBufferPointer { cp in
                    dst.withUnsafeMutableBufferPointer { dp in
                        wf_sole_fill(cp.baseAddress, dp.baseAddress, count, sp.baseAddress, opacity)
                    }
                }
            }
            #expect(dst.map(\.bitPattern) == expected.map(\.bitPattern), "seed \(seed): differs from the definition")
            changed += zip(dst, before).filter { $0 != $1 }.count
        }
        #expect(changed > 1000)
    }
}

import Testing
import Geometry
import Raster
@testable import Layers
import TestSupport

/// The per-band index a row's drawing reads: for every row, the top-level steps (a group or a sum
/// whole, at its first step) whose bounds reach it must all be listed, in drawing order, with step
/// 0 always first; nothing inside a group or a sum may be listed on its own.
@Suite struct StepIndexTests {
    @Test(arguments: 0 ..< 6)
    func everyTopLevelStepReachingARowIsListedInOrder(seed: UInt64) {
        var g = SeededRandom(seed: seed + 90)
        let height = g.int(1 ... 200)
        var ops: [RenderOp] = []
        func op(_ kind: RenderOp.Kind) -> RenderOp {
            var o = RenderOp(kind: kind, path: Path(), transform: .identity, rule: .nonZero, paint: .color(.black))
            let y0 = g.int(-20 ... height + 10), h = g.int(0 ... 40), x0 = g.int(-5 ... 50)
            o.bounds = g.int(0 ... 9) == 0 ? .empty : PixelRect(x0: x0, y0: y0, x1: x0 + g.int(0 ... 30), y1: y0 + h)
            return o
        }
        ops.append(op(.rect))
        var topLevel: [Int] = [0]
        for _ in 0 ..< g.int(0 ... 60) {
            switch g.int(0 ... 3) {
            case 0:
                // A group of one or two fills.
                let g0 = ops.count
                topLevel.append(g0)
                ops.append(op(.groupBegin))
                for _ in 0 ..< g.int(1 ... 2) { ops.append(op(.fill)) }
                var end = op(.groupEnd)
                end.end = g0
                ops.append(end)
                ops[g0].end = ops.count - 1
            case 1:
                // A sum of parts.
                let s0 = ops.count
                topLevel.append(s0)
                ops.append(op(.sumBegin))
                for _ in 0 ..< g.int(1 ... 3) { ops.append(op(.sumPart)) }
                ops[s0].end = ops.count
            default:
                topLevel.append(ops.count)
                ops.append(op(.fill))
            }
        }
        let index = StepIndex()
        ops.withUnsafeBufferPointer { index.build($0, height: height) }
        for y in 0 ..< height {
            let listed = Array(index.steps(ofRow: y)).map(Int.init)
            let reaching = topLevel.filter { i in i == 0 || (ops[i].bounds.y0 <= y && y < ops[i].bounds.y1) }
            // Listed: every step that reaches the row, and only top-level ones, in order.
            #expect(listed.first == 0, "seed \(seed) row \(y): step 0 not first")
            #expect(listed == listed.sorted(), "seed \(seed) row \(y): not in drawing order")
            #expect(Set(listed).isSubset(of: Set(topLevel)), "seed \(seed) row \(y): a step inside a group or sum is listed")
            #expect(Set(reaching).isSubset(of: Set(listed)), "seed \(seed) row \(y): \(Set(reaching).subtracting(listed)) missing")
        }
    }
}

import Geometry
import Raster
import Testing
import TestSupport

/// Row programs: a shape's pieces recorded once and replayed moved sideways by a fraction of a
/// pixel give the coverage of the moved shape, with the ranges where each row varies.
@Suite struct RowProgramTests {
    /// A random shape that stays near the grid (no far-off points), its points moved by `dx`.
    static func shape(_ g: inout SeededRandom, width: Int, height: Int) -> Polylines {
        var s: Polylines
        repeat {
            s = RasterizerPropertyTests.randomShape(&g, width: width, height: height)
        } while s.points.contains { abs($0.x) > 1000 || abs($0.y) > 1000 }
        return s
    }

    static func moved(_ s: Polylines, by dx: Double) -> Polylines {
        var out = s
        out.points = s.points.map { Point($0.x + dx, $0.y) }
        return out
    }

    /// The grid a program is recorded on: from the column of the leftmost point to one column past
    /// the rightmost, the rows the points reach.
    static func grid(_ s: Polylines) -> (x0: Int, y0: Int, w: Int, h: Int)? {
        guard let minX = s.points.map(\.x).min(), let maxX = s.points.map(\.x).max(),
              let minY = s.points.map(\.y).min(), let maxY = s.points.map(\.y).max() else { return nil }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0 + 1, h = Int(maxY.rounded(.up)) - y0
        return h > 0 ? (x0, y0, w, h) : nil
    }

    @Test(arguments: 0 ..< 4)
    func aReplayIsTheMovedShapesCoverage(part: Int) {
        let r = Rasterizer()
        var worst: Float = 0
        for seed in 0 ..< 60 {
            var g = SeededRandom(seed: UInt64(7000 + part * 100 + seed))
            let shape = Self.shape(&g, width: g.int(6 ... 40), height: g.int(6 ... 40))
            guard let (x0, y0, w, h) = Self.grid(shape) else { continue }
            for rule in FillRule.allCases {
                let program = RowProgram()
                r.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: program)
                for dx in [0, 0.5, g.double(0 ... 1), 0.999_999, 1e-12] where dx < 1 {
                    var replayed = [Float](repeating: -1, count: w * h)
                    replayed.withUnsafeMutableBufferPointer { b in
                        r.replay(program, dx: dx, width: w, rows: 0 ..< h, into: b)
                    }
                    var direct = [Float](repeating: -1, count: w * h)
                    direct.withUnsafeMutableBufferPointer { b in
                        r.render(Self.moved(shape, by: dx), rule: rule, width: w, height: h, originX: x0, originY: y0, into: b)
                    }
                    var d: Float = 0
                    for k in 0 ..< w * h { d = max(d, abs(replayed[k] - direct[k])) }
                    worst = max(worst, d)
                    #expect(d <= 1e-5, "seed \(7000 + part * 100 + seed) \(rule) dx \(dx): differs by \(d)")
                }
            }
        }
        print("RowProgramTests: worst difference of a replay to the moved shape's rasterization: \(worst)")
    }

    /// Outside its ranges a row holds the constant of the range before (0 before the first); the
    /// ranges are sorted, disjoint and on the grid; a row with more than `maxRanges` says so. A
    /// replay of some rows is those rows of the whole replay.
    @Test(arguments: [2, 16])
    func rangesHoldWhereARowVaries(maxRanges: Int) {
        let r = Rasterizer()
        var overflowed = 0, rowsSeen = 0
        for seed in 0 ..< 120 {
            var g = SeededRandom(seed: UInt64(8000 + seed))
            let shape = Self.shape(&g, width: g.int(6 ... 40), height: g.int(6 ... 40))
            guard let (x0, y0, w, h) = Self.grid(shape) else { continue }
            let rule = FillRule.allCases[seed % 2]
            let program = RowProgram()
            r.record(shape, rule: rule, width: w, height: h, originX: x0, originY: y0, into: program)
            let dx = g.double(0 ... 0.999)
            var values = [Float](repeating: -1, count: w * h)
            var ranges = [Int32](repeating: -7, count: 3 * maxRanges * h)
            var counts = [UInt8](repeating: 200, count: h)
            values.withUnsafeMutableBufferPointer { b in
                ranges.withUnsafeMutableBufferPointer { rb in
                    counts.withUnsafeMutableBufferPointer { cb in
                        r.replay(program, dx: dx, width: w, rows: 0 ..< h, into: b, ranges: rb.baseAddress, counts: cb.baseAddress,
                                 maxRanges: maxRanges)
                    }
                }
            }
            for y in 0 ..< h {
                rowsSeen += 1
                let n = Int(counts[y])
                #expect(n <= maxRanges + 1, "seed \(8000 + seed) row \(y): count \(n)")
                if n > maxRanges { overflowed += 1; continue }
                var constant: Float = 0, x = 0
                for k in 0 ..< n {
                    let lo = Int(ranges[3 * (y * maxRanges + k)]), hi = Int(ranges[3 * (y * maxRanges + k) + 1])
                    #expect(lo >= x && lo <= hi && hi < w, "seed \(8000 + seed) row \(y): range \(lo)...\(hi) after \(x)")
                    for c in x ..< min(lo, w) where values[y * w + c] != constant {
                        Issue.record("seed \(8000 + seed) row \(y) column \(c): \(values[y * w + c]), not the gap's \(constant)")
                    }
                    constant = Float(bitPattern: UInt32(bitPattern: ranges[3 * (y * maxRanges + k) + 2]))
                    x = hi + 1
                }
                for c in x ..< w where values[y * w + c] != constant {
                    Issue.record("seed \(8000 + seed) row \(y) column \(c): \(values[y * w + c]), not the last gap's \(constant)")
                }
            }
            // Some rows again, alone.
            let a = g.int(0 ... h - 1), b = g.int(a + 1 ... h)
            var part = [Float](repeating: -1, count: w * h)
            part.withUnsafeMutableBufferPointer { p in r.replay(program, dx: dx, width: w, rows: a ..< b, into: p) }
            #expect(Array(part[a * w ..< b * w]) == Array(values[a * w ..< b * w]), "seed \(8000 + seed): rows \(a) ..< \(b) alone")
            #expect(part[..<(a * w)].allSatisfy { $0 == -1 } && part[(b * w)...].allSatisfy { $0 == -1 })
        }
        #expect(rowsSeen > 1000)
        if maxRanges == 2 { #expect(overflowed > 0, "no row had more than 2 ranges") }
    }

    /// A replay over the values of an earlier one (told their ranges) writes only where rows change,
    /// and ends with exactly the values and ranges of a replay into fresh storage.
    @Test(arguments: [2, 16])
    func aReplayOverAnEarlierOneEqualsAFreshOne(maxRanges: Int) {
        let r = Rasterizer()
        for seed in 0 ..< 80 {
            var g = SeededRandom(seed: UInt64(9000 + seed))
            let shape = Self.shape(&g, width: g.int(6 ... 40), height: g.int(6 ... 40))
            guard let (x0, y0, w, h) = Self.grid(shape) else { continue }
            let program = RowProgram()
            r.record(shape, rule: FillRule.allCases[seed % 2], width: w, height: h, originX: x0, originY: y0, into: program)
            func replay(_ dx: Double, into values: inout [Float], _ ranges: inout [Int32], _ counts: inout [UInt8],
                        over old: ([Int32], [UInt8])? = nil) {
                values.withUnsafeMutableBufferPointer { b in
                    ranges.withUnsafeMutableBufferPointer { rb in
                        counts.withUnsafeMutableBufferPointer { cb in
                            if let old {
                                old.0.withUnsafeBufferPointer { ob in
                                    old.1.withUnsafeBufferPointer { oc in
                                        r.replay(program, dx: dx, width: w, rows: 0 ..< h, into: b, ranges: rb.baseAddress,
                                                 counts: cb.baseAddress, maxRanges: maxRanges, oldRanges: ob.baseAddress,
                                                 oldCounts: oc.baseAddress)
                                    }
                                }
                            } else {
                                r.replay(program, dx: dx, width: w, rows: 0 ..< h, into: b, ranges: rb.baseAddress,
                                         counts: cb.baseAddress, maxRanges: maxRanges)
                            }
                        }
                    }
                }
            }
            var values = [Float](repeating: -1, count: w * h)
            var ranges = [Int32](repeating: 0, count: 3 * maxRanges * h), counts = [UInt8](repeating: 0, count: h)
            var dx = g.double(0 ... 0.999)
            replay(dx, into: &values, &ranges, &counts)
            for step in 0 ..< 4 {
                dx = step == 3 ? dx : g.double(0 ... 0.999)     // the last step: the same offset again
                var newRanges = [Int32](repeating: 0, count: ranges.count), newCounts = [UInt8](repeating: 0, count: h)
                replay(dx, into: &values, &newRanges, &newCounts, over: (ranges, counts))
                var fresh = [Float](repeating: -1, count: w * h)
                var freshRanges = [Int32](repeating: 0, count: ranges.count), freshCounts = [UInt8](repeating: 0, count: h)
                replay(dx, into: &fresh, &freshRanges, &freshCounts)
                #expect(values.map(\.bitPattern) == fresh.map(\.bitPattern), "seed \(9000 + seed) step \(step): values differ")
                #expect(newCounts == freshCounts, "seed \(9000 + seed) step \(step): range counts differ")
                for y in 0 ..< h where Int(freshCounts[y]) <= maxRanges {
                    let n = 3 * Int(freshCounts[y]), at = 3 * maxRanges * y
                    #expect(newRanges[at ..< at + n] == freshRanges[at ..< at + n], "seed \(9000 + seed) step \(step) row \(y)")
                }
                ranges = newRanges; counts = newCounts
            }
        }
    }

    /// Where the earlier values are said to hold another constant than the new row's (a gap of the
    /// old row that is not one of the new), they are written again.
    @Test func gapsWhoseConstantChangedAreWrittenAgain() {
        let r = Rasterizer()
        var square = Polylines()
        square.points = [Point(2.25, 1), Point(9.5, 1), Point(9.5, 5), Point(2.25, 5)]
        square.starts = [0]
        let program = RowProgram()
        r.record(square, rule: .nonZero, width: 12, height: 6, originX: 0, originY: 0, into: program)
        let w = 12, h = 6, maxRanges = 4
        // Every row said to hold 0.25 from column 1 on (column 0 a range of its own).
        var values = [Float](repeating: 0.25, count: w * h)
        var old = [Int32](repeating: 0, count: 3 * maxRanges * h), oldCounts = [UInt8](repeating: 1, count: h)
        for y in 0 ..< h { old[3 * maxRanges * y + 2] = Int32(bitPattern: Float(0.25).bitPattern) }
        var ranges = [Int32](repeating: 0, count: old.count), counts = [UInt8](repeating: 0, count: h)
        values.withUnsafeMutableBufferPointer { b in
            ranges.withUnsafeMutableBufferPointer { rb in
                counts.withUnsafeMutableBufferPointer { cb in
                    old.withUnsafeBufferPointer { ob in
                        oldCounts.withUnsafeBufferPointer { oc in
                            r.replay(program, dx: 0.5, width: w, rows: 0 ..< h, into: b, ranges: rb.baseAddress,
                                     counts: cb.baseAddress, maxRanges: maxRanges, oldRanges: ob.baseAddress,
                                     oldCounts: oc.baseAddress)
                        }
                    }
                }
            }
        }
        var fresh = [Float](repeating: -1, count: w * h)
        fresh.withUnsafeMutableBufferPointer { b in r.replay(program, dx: 0.5, width: w, rows: 0 ..< h, into: b) }
        #expect(values == fresh)
        #expect(fresh[3 * w + 6] == 1 && fresh[3 * w + 11] == 0 && fresh[0] == 0)
    }
}

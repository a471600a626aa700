// The simple building blocks of the Rasterizer: font-rs style accumulation of one straight piece
// into the row's cells, and an in-place sort that never allocates (the standard library's sort may
// take a scratch buffer, which the per-frame path must not).

extension Rasterizer.Workspace {
    /// Adds `sign` times the area right of the piece `(x0, y0)-(x1, y1)` (`y0 < y1`, inside the
    /// current row) to `acc`, cell by cell: a running sum over `acc` then gives each pixel's area.
    ///
    /// The part left of x = 0 covers every pixel, so its whole height goes to cell 0; the part right
    /// of x = width covers none and is dropped.
    mutating func accumulate(x0: Double, y0: Double, x1: Double, y1: Double, sign: Double, width: Int) {
        if recording { recorded.append(RowProgram.Segment(x0: x0, y0: y0, x1: x1, y1: y1, sign: sign)); return }
        let (lo, hi) = acc.withUnsafeMutableBufferPointer { acc in
            guard let a = acc.baseAddress else { return (0, -1) }
            return Rasterizer.accumulateCells(a, x0: x0, y0: y0, x1: x1, y1: y1, sign: sign, width: Double(width))
        }
        if lo <= hi { spans.append(Rasterizer.CellRange(lo: lo, hi: hi)) }
    }

    /// Running sum of `acc` into the row (clamped, snapped), leaving `acc` all zero again (see
    /// `Rasterizer.finishCells`; `sorted`: `spans` are already in order of their low ends).
    @discardableResult
    mutating func finishRow(_ row: UnsafeMutableBufferPointer<Float>, sorted: Bool = false,
                            ranges: UnsafeMutablePointer<Int32>? = nil, maxRanges: Int = 0) -> Int {
        if !sorted, ranges == nil, denseRows, spans.count > 12, finishDense(row) { return 0 }
        if !sorted {
            spans.withUnsafeMutableBufferPointer { b in
                // A small shape's row has a few spans: sorted in place here, without the call.
                guard b.count > 12 else {
                    for k in 1 ..< Swift.max(b.count, 1) {
                        let v = b[k]
                        var m = k
                        while m > 0, v.lo < b[m - 1].lo { b[m] = b[m - 1]; m -= 1 }
                        b[m] = v
                    }
                    return
                }
                sortInPlace(b) { $0.lo < $1.lo }
            }
        }
        let count = acc.withUnsafeMutableBufferPointer { a in
            spans.withUnsafeBufferPointer { sp in
                guard let ap = a.baseAddress else { return 0 }
                return Rasterizer.finishCells(row, acc: ap, spans: sp, ranges: ranges, maxRanges: maxRanges)
            }
        }
        spans.removeAll(keepingCapacity: true)
        return count
    }

    /// `finishRow` without sorting the spans, when they are many (a glyph's row of short pieces) and
    /// the cells from the lowest to the highest they reach are few for their number: the running
    /// sum goes through every one of those cells, the others holding 0, so the values are the same
    /// bits. False, with nothing done, when the cells are too many.
    private mutating func finishDense(_ row: UnsafeMutableBufferPointer<Float>) -> Bool {
        var lo = Int.max, hi = Int.min
        for r in spans { lo = Swift.min(lo, r.lo); hi = Swift.max(hi, r.hi) }
        guard lo <= hi, hi - lo < 16 * spans.count else { return false }
        let width = row.count
        acc.withUnsafeMutableBufferPointer { ab in
            guard let a = ab.baseAddress, let out = row.baseAddress else { return }
            if lo > 0 { out.update(repeating: 0, count: Swift.min(lo, width)) }
            var sum = 0.0
            for i in Swift.max(lo, 0) ... hi {
                sum += a[i]; a[i] = 0
                if i < width { out[i] = Rasterizer.snapped(sum) }
            }
            if hi + 1 < width { (out + hi + 1).update(repeating: Rasterizer.snapped(sum), count: width - hi - 1) }
        }
        spans.removeAll(keepingCapacity: true)
        denseRowsFinished &+= 1
        return true
    }
}

extension Rasterizer {
    /// `accumulate` on the cells `acc` (at least `width + 2` of them): returns the inclusive range
    /// of cells written (`lo > hi`: none).
    @inline(__always)
    static func accumulateCells(_ acc: UnsafeMutablePointer<Double>, x0: Double, y0: Double, x1: Double, y1: Double,
                                sign: Double, width w: Double) -> (Int, Int) {
        if x0 == x1 {
            let h = sign * (y1 - y0)
            if x0 <= 0 { acc[0] += h; return (0, 0) }
            if x0 >= w { return (0, -1) }
            let c = Int(x0), f = x0 - Double(c)
            acc[c] += h * (1 - f); acc[c + 1] += h * f
            return (c, c + 1)
        }
        // Inside one cell (a steep piece, the common case): what the walk below does for one
        // cell, with the same operations.
        if x0 > 0, x1 > 0, x0 < w, x1 < w {
            let c = Int(x0)
            if c == Int(x1) {
                let h = sign * abs(y1 - y0)
                let f = 0.5 * (x0 + x1) - Double(c)
                acc[c] += h * (1 - f); acc[c + 1] += h * f
                return (c, c + 1)
            }
        }
        var lo = Int.max, hi = -1
        // Walk left to right: `ua < ub`, with `va`, `vb` the y at those ends.
        let (ua, va, ub, vb) = x0 < x1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let ylo = Swift.min(va, vb), yhi = Swift.max(va, vb)
        let slope = (vb - va) / (ub - ua)
        @inline(__always) func y(at x: Double) -> Double {
            if x >= ub { return vb }
            return Swift.min(Swift.max(va + (x - ua) * slope, ylo), yhi)
        }
        var xs = ua, ys = va
        if ua < 0 {
            let xe = Swift.min(ub, 0), ye = y(at: xe)
            acc[0] += sign * abs(ye - ys)
            lo = 0; hi = 0
            xs = xe; ys = ye
        }
        let xEnd = Swift.min(ub, w)
        guard xs < xEnd else { return (lo, hi) }
        var c = Int(xs)
        lo = Swift.min(lo, c)
        while xs < xEnd {
            let cx = Double(c)
            let xn = Swift.min(cx + 1, xEnd), yn = y(at: xn)
            let h = sign * abs(yn - ys)
            let f = 0.5 * (xs + xn) - cx
            acc[c] += h * (1 - f); acc[c + 1] += h * f
            xs = xn; ys = yn; c += 1
        }
        return (lo, c)
    }

    /// A running sum as a coverage value: snapping what is within rounding of 0 or 1 keeps
    /// cancelled areas (a contour and its reverse) at 0 and interiors at exactly 1.
    @inline(__always)
    static func snapped(_ sum: Double) -> Float { sum < 1e-9 ? 0 : (sum > 1 - 1e-9 ? 1 : Float(sum)) }

    /// Running sum of the cells `acc` into `row` (clamped, snapped), leaving them all zero again.
    ///
    /// Only the cells in `spans` (sorted by their low ends) hold non-zero areas; between them the
    /// coverage is constant, which a fill writes faster than a running sum.
    ///
    /// With `ranges`, the merged column ranges the running sum went through cell by cell are written
    /// there as triples (lo, hi, after): inclusive columns, and the bits of the Float every column
    /// from `hi + 1` to the next range holds. Columns before the first range hold 0. At most
    /// `maxRanges`; the count is returned, or `maxRanges + 1` when the row had more.
    ///
    /// With `old` (`oldCount` triples of the same form, describing what `row` holds now), columns
    /// between the new ranges are written only where they can differ: inside an old range, or in an
    /// old gap whose constant is not the new one. The row ends the same as when written whole.
    static func finishCells(_ row: UnsafeMutableBufferPointer<Float>, acc a: UnsafeMutablePointer<Double>,
                            spans: UnsafeBufferPointer<CellRange>,
                            ranges: UnsafeMutablePointer<Int32>? = nil, maxRanges: Int = 0,
                            old: UnsafePointer<Int32>? = nil, oldCount: Int = 0) -> Int {
        let width = row.count
        @inline(__always) func value(_ sum: Double) -> Float { snapped(sum) }
        var count = 0
        // The old range next at or right of the gap being written, and the old constant left of it.
        var oi = 0, oc: UInt32 = 0
        @inline(__always) func gap(_ a0: Int, _ b: Int, _ v: Float) {
            guard let old else {
                UnsafeMutableBufferPointer(rebasing: row[a0 ..< b]).update(repeating: v)
                return
            }
            var a = a0
            while oi < oldCount, Int(old[3 * oi + 1]) < a { oc = UInt32(bitPattern: old[3 * oi + 2]); oi += 1 }
            while a < b {
                if oi < oldCount, Int(old[3 * oi]) <= a {
                    // Inside old range `oi`: anything may be there.
                    let end = Swift.min(b, Int(old[3 * oi + 1]) + 1)
                    UnsafeMutableBufferPointer(rebasing: row[a ..< end]).update(repeating: v)
                    a = end
                    if a == Int(old[3 * oi + 1]) + 1 { oc = UInt32(bitPattern: old[3 * oi + 2]); oi += 1 }
                } else {
                    let end = oi < oldCount ? Swift.min(b, Int(old[3 * oi])) : b
                    if oc != v.bitPattern { UnsafeMutableBufferPointer(rebasing: row[a ..< end]).update(repeating: v) }
                    a = end
                }
            }
        }
        var sum = 0.0
        var done = 0  // row[..< done] written, acc[..< done] summed and cleared
        var k = 0
        while k < spans.count {
            var lo = spans[k].lo, hi = spans[k].hi
            k += 1
            while k < spans.count, spans[k].lo <= hi + 1 { hi = Swift.max(hi, spans[k].hi); k += 1 }
            lo = Swift.max(lo, done)
            guard lo <= hi else { continue }
            if lo > done, done < width { gap(done, Swift.min(lo, width), value(sum)) }
            for i in lo ... hi {
                sum += a[i]; a[i] = 0
                if i < width { row[i] = value(sum) }
            }
            if let ranges, lo < width {
                if count < maxRanges {
                    ranges[3 * count] = Int32(lo); ranges[3 * count + 1] = Int32(Swift.min(hi, width - 1))
                    ranges[3 * count + 2] = Int32(bitPattern: value(sum).bitPattern)
                }
                count = Swift.min(count + 1, maxRanges + 1)
            }
            done = hi + 1
        }
        if done < width { gap(done, width, value(sum)) }
        return count
    }
}

/// Sorts `b` in place by `less` (introsort: quicksort, insertion sort for short ranges, heapsort
/// past the depth limit). Not stable. Allocates nothing.
@inline(__always)
func sortInPlace<T>(_ b: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    guard b.count > 1 else { return }
    var depth = 0, n = b.count
    while n > 0 { depth += 2; n >>= 1 }
    introsort(b, 0, b.count, depth, less)
}

private func introsort<T>(_ b: UnsafeMutableBufferPointer<T>, _ lo0: Int, _ hi0: Int, _ depth0: Int,
                          _ less: (T, T) -> Bool) {
    var lo = lo0, hi = hi0, depth = depth0
    while hi - lo > 16 {
        if depth == 0 { heapsort(b, lo, hi, less); return }
        depth -= 1
        // Tukey's ninther (median of three medians of three) to the front, then Hoare partition
        // around it. A plain median of first, middle and last degrades on organ-pipe input, which
        // the tops of a wave's edges are.
        @inline(__always) func median(_ a: Int, _ b0: Int, _ c: Int) -> Int {
            less(b[a], b[b0]) ? (less(b[b0], b[c]) ? b0 : (less(b[a], b[c]) ? c : a))
                              : (less(b[a], b[c]) ? a : (less(b[b0], b[c]) ? c : b0))
        }
        let n = hi - lo, mid = lo + n / 2
        let m: Int
        if n > 64 {
            let s = n / 8
            m = median(median(lo, lo + s, lo + 2 * s), median(mid - s, mid, mid + s), median(hi - 1 - 2 * s, hi - 1 - s, hi - 1))
        } else {
            m = median(lo, mid, hi - 1)
        }
        b.swapAt(lo, m)
        let pivot = b[lo]
        var i = lo, j = hi
        while true {
            repeat { i += 1 } while i < hi && less(b[i], pivot)
            repeat { j -= 1 } while less(pivot, b[j])
            if i >= j { break }
            b.swapAt(i, j)
        }
        b.swapAt(lo, j)
        // Recurse into the smaller side, loop on the larger.
        if j - lo < hi - j - 1 {
            introsort(b, lo, j, depth, less); lo = j + 1
        } else {
            introsort(b, j + 1, hi, depth, less); hi = j
        }
    }
    for k in lo + 1 ..< Swift.max(hi, lo + 1) {
        let v = b[k]
        var m = k
        while m > lo, less(v, b[m - 1]) { b[m] = b[m - 1]; m -= 1 }
        b[m] = v
    }
}

private func heapsort<T>(_ b: UnsafeMutableBufferPointer<T>, _ lo: Int, _ hi: Int, _ less: (T, T) -> Bool) {
    let n = hi - lo
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while 2 * root + 1 < end {
            var child = 2 * root + 1
            if child + 1 < end, less(b[lo + child], b[lo + child + 1]) { child += 1 }
            if less(b[lo + root], b[lo + child]) { b.swapAt(lo + root, lo + child); root = child } else { return }
        }
    }
    var start = n / 2 - 1
    while start >= 0 { siftDown(start, n); start -= 1 }
    var end = n - 1
    while end > 0 { b.swapAt(lo, lo + end); siftDown(0, end); end -= 1 }
}

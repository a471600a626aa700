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
        let w = Double(width)
        var lo = Int.max, hi = -1
        acc.withUnsafeMutableBufferPointer { acc in
            if x0 == x1 {
                let h = sign * (y1 - y0)
                if x0 <= 0 { acc[0] += h; lo = 0; hi = 0; return }
                if x0 >= w { return }
                let c = Int(x0), f = x0 - Double(c)
                acc[c] += h * (1 - f); acc[c + 1] += h * f
                lo = c; hi = c + 1
                return
            }
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
            guard xs < xEnd else { return }
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
            hi = c
        }
        if lo <= hi { spans.append(Rasterizer.CellRange(lo: lo, hi: hi)) }
    }

    /// Running sum of `acc` into the row (clamped, snapped), leaving `acc` all zero again.
    ///
    /// Only the cells in `spans` hold non-zero areas; between them the coverage is constant, which
    /// a fill writes faster than a running sum.
    mutating func finishRow(_ row: UnsafeMutableBufferPointer<Float>) {
        let width = row.count
        // Snapping what is within rounding of 0 or 1 keeps cancelled areas (a contour and its
        // reverse) at 0 and interiors at exactly 1.
        @inline(__always) func value(_ sum: Double) -> Float { sum < 1e-9 ? 0 : (sum > 1 - 1e-9 ? 1 : Float(sum)) }
        spans.withUnsafeMutableBufferPointer { b in sortInPlace(b) { $0.lo < $1.lo } }
        acc.withUnsafeMutableBufferPointer { a in
            var sum = 0.0
            var done = 0  // row[..< done] written, acc[..< done] summed and cleared
            var k = 0
            while k < spans.count {
                var lo = spans[k].lo, hi = spans[k].hi
                k += 1
                while k < spans.count, spans[k].lo <= hi + 1 { hi = Swift.max(hi, spans[k].hi); k += 1 }
                lo = Swift.max(lo, done)
                guard lo <= hi else { continue }
                if lo > done, done < width {
                    UnsafeMutableBufferPointer(rebasing: row[done ..< Swift.min(lo, width)]).update(repeating: value(sum))
                }
                for i in lo ... hi {
                    sum += a[i]; a[i] = 0
                    if i < width { row[i] = value(sum) }
                }
                done = hi + 1
            }
            if done < width { UnsafeMutableBufferPointer(rebasing: row[done...]).update(repeating: value(sum)) }
        }
        spans.removeAll(keepingCapacity: true)
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

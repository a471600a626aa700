import CRowKernels

/// The pixels a frame draws again, as column spans per row: at most `perRow` sorted, disjoint spans
/// on each row, spans closer than `gap` columns joined (drawing a few unchanged pixels costs less
/// than starting another span). Past `perRow` the two closest spans of the row are joined, so the
/// spans always hold every pixel added.
///
/// Storage is kept between frames; `reset` clears only the rows touched. Read by the row-drawing
/// threads while no one writes it; written by several threads only through `addDifference` on
/// disjoint rows, each with its own part number (its own scratch).
final class SpanDamage: @unchecked Sendable {
    /// Spans kept per row.
    static let perRow = 8
    /// Spans closer than this many columns are joined.
    static let gap = 32

    private(set) var height = 0
    private var counts: UnsafeMutablePointer<UInt8>
    /// `perRow` pairs (x0, x1) per row.
    private var spans: UnsafeMutablePointer<Int32>
    /// Rows that may hold spans (`lo ..< hi`).
    private(set) var rows = 0 ..< 0
    /// Per part (thread), scratch for one row's differences, then room for one row's spans while a
    /// span is added (one more than a row keeps).
    private let scratch: UnsafeMutablePointer<Int32>
    private static let scratchSpans = 64
    private static let scratchStride = 2 * scratchSpans + 2 * (perRow + 1)
    /// Parts that may add differences at once.
    static let maxParts = 8

    init() {
        counts = .allocate(capacity: 1)
        spans = .allocate(capacity: 2 * Self.perRow)
        scratch = .allocate(capacity: Self.maxParts * Self.scratchStride)
    }

    deinit { counts.deallocate(); spans.deallocate(); scratch.deallocate() }

    /// No spans, on a canvas `height` rows tall.
    func reset(height h: Int) {
        let h = max(h, 0)
        if h != height {
            counts.deallocate(); spans.deallocate()
            counts = .allocate(capacity: max(h, 1))
            spans = .allocate(capacity: max(h, 1) * 2 * Self.perRow)
            counts.initialize(repeating: 0, count: max(h, 1))
            height = h
        } else {
            for y in rows { counts[y] = 0 }
        }
        rows = 0 ..< 0
    }

    /// True when no row has a span.
    var isEmpty: Bool { rows.isEmpty }

    /// The spans of row `y`, as (x0, x1) pairs.
    @inline(__always)
    func spans(ofRow y: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: spans + y * 2 * Self.perRow, count: 2 * Int(counts[y]))
    }

    /// Spans on all rows.
    var count: Int {
        var n = 0
        for y in rows { n += Int(counts[y]) }
        return n
    }

    /// Pixels the spans hold.
    var area: Int {
        var n = 0
        for y in rows {
            let s = spans(ofRow: y)
            for k in stride(from: 0, to: s.count, by: 2) { n += Int(s[k + 1] - s[k]) }
        }
        return n
    }

    /// Adds columns `x0 ..< x1` of row `y` (clipped to the canvas rows; columns are the caller's).
    func add(row y: Int, x0: Int, x1: Int) {
        guard y >= 0, y < height, x0 < x1 else { return }
        cover(y ..< y + 1)
        insert(row: y, x0: x0, x1: x1, part: 0)
    }

    /// Widens `rows` to hold `r` (clipped to the canvas).
    private func cover(_ r: Range<Int>) {
        let r = r.clamped(to: 0 ..< height)
        guard !r.isEmpty else { return }
        rows = rows.isEmpty ? r : min(rows.lowerBound, r.lowerBound) ..< max(rows.upperBound, r.upperBound)
    }

    /// Puts a span into row `y`'s list (touching nothing but that row and part `part`'s scratch).
    private func insert(row y: Int, x0: Int, x1: Int, part: Int) {
        let row = spans + y * 2 * Self.perRow
        let n = Int(counts[y])
        var a = Int32(clamping: x0), b = Int32(clamping: x1)
        let gap = Int32(Self.gap)
        // Right of every span and not near the last (what comes left to right): appended.
        if n < Self.perRow, n == 0 || row[2 * n - 1] + gap <= a {
            row[2 * n] = a; row[2 * n + 1] = b
            counts[y] = UInt8(n + 1)
            return
        }
        // Join every span within `gap` of the new one; the rest, and the result, in order into `merged`.
        let t = scratch + part * Self.scratchStride + 2 * Self.scratchSpans
        var out = 0, at = -1
        for k in 0 ..< n {
            let s0 = row[2 * k], s1 = row[2 * k + 1]
            if s1 + gap > a, b + gap > s0 {
                a = min(a, s0); b = max(b, s1)
            } else {
                if at < 0, s0 > b { at = out; out += 1 }        // the new span's place
                t[2 * out] = s0; t[2 * out + 1] = s1
                out += 1
            }
        }
        if at < 0 { at = out; out += 1 }
        t[2 * at] = a; t[2 * at + 1] = b
        if out > Self.perRow {
            // Join the two neighbours with the smallest gap.
            var best = 0, bestGap = Int32.max
            for j in 0 ..< out - 1 where t[2 * j + 2] - t[2 * j + 1] < bestGap { bestGap = t[2 * j + 2] - t[2 * j + 1]; best = j }
            t[2 * best + 1] = t[2 * best + 3]
            for j in best + 1 ..< out - 1 { t[2 * j] = t[2 * j + 2]; t[2 * j + 1] = t[2 * j + 3] }
            out -= 1
        }
        for k in 0 ..< 2 * out { row[k] = t[k] }
        let n2 = out
        counts[y] = UInt8(n2)
    }

    /// Adds every pixel of `r` (rows clipped to the canvas).
    func add(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        for y in max(r.y0, 0) ..< min(r.y1, height) { add(row: y, x0: r.x0, x1: r.x1) }
    }

    /// Makes the rows of `area` ready for `addDifference` (call it first, on one thread).
    func prepareDifference(over area: PixelRect) {
        if !area.isEmpty { cover(area.y0 ..< area.y1) }
    }

    /// Adds, over `area`, the pixels where tile `old` (placed at `oldX`, `oldY`) and tile `new` (at
    /// `newX`, `newY`) can differ in coverage, from their rows' ranges alone (both tiles must have
    /// them; a missing tile covers nothing): every column in a range of either, and every stretch
    /// between them where the constants the two rows hold there differ. Work is per range, not per
    /// pixel, and no tile value is read. `oldIsPrevious`: `old` was replayed over itself this frame,
    /// and its previous ranges describe what it held. Returns the box of what was added. One thread.
    func addRangeDifference(old oldTile: CoverageTile?, oldX: Int, oldY: Int, new newTile: CoverageTile?, newX: Int, newY: Int,
                            over area: PixelRect, oldIsPrevious: Bool) -> PixelRect {
        var box = PixelRect.empty
        guard !area.isEmpty else { return box }
        cover(area.y0 ..< area.y1)
        // Scratch: the union of both rows' ranges as half-open (x0, x1) pairs.
        let u = scratch
        let cap = Self.scratchSpans
        let ow = oldTile?.width ?? 0, oh = oldTile?.height ?? 0, nw = newTile?.width ?? 0, nh = newTile?.height ?? 0
        let old = oldTile.map { oldIsPrevious ? $0.previousRanges : $0.ranges }
        let new = newTile?.ranges
        let empty = UnsafeBufferPointer<Int32>(start: nil, count: 0)
        for y in max(area.y0, 0) ..< max(min(area.y1, height), 0) {
            let oRow = old != nil && y >= oldY && y < oldY + oh && ow > 0
            let nRow = new != nil && y >= newY && y < newY + nh && nw > 0
            guard oRow || nRow else { continue }
            // What changed on the row comes left to right: joined here while closer than `gap`,
            // put into the row's spans when the next is farther or the row ends.
            var pa = 0, pb = Int.min
            @inline(__always) func flush() {
                guard pb > pa else { return }
                insert(row: y, x0: pa, x1: pb, part: 0)
                box = box.union(PixelRect(x0: pa, y0: y, x1: pb, y1: y + 1))
                pb = Int.min
            }
            @inline(__always) func changed(_ x0: Int, _ x1: Int) {
                let a = max(x0, area.x0), b = min(x1, area.x1)
                guard a < b else { return }
                if pb != Int.min, a < pb + Self.gap { pb = max(pb, b); return }
                flush()
                pa = a; pb = b
            }
            defer { flush() }
            let lo = min(oRow ? oldX : Int.max, nRow ? newX : Int.max)
            let hi = max(oRow ? oldX + ow : Int.min, nRow ? newX + nw : Int.min)
            // Either row too varied: everything either covers.
            guard let oR = oRow ? old?.ofRow(y - oldY) : empty,
                  let nR = nRow ? new?.ofRow(y - newY) : empty else { changed(lo, hi); continue }
            // Merge the two sorted lists into their union.
            var n = 0, i = 0, k = 0
            while i < oR.count || k < nR.count {
                let a0: Int, a1: Int
                if k >= nR.count || (i < oR.count && oldX + Int(oR[i]) <= newX + Int(nR[k])) {
                    a0 = oldX + Int(oR[i]); a1 = oldX + Int(oR[i + 1]) + 1; i += 3
                } else {
                    a0 = newX + Int(nR[k]); a1 = newX + Int(nR[k + 1]) + 1; k += 3
                }
                if n > 0, a0 <= Int(u[2 * n - 1]) {
                    u[2 * n - 1] = Int32(max(Int(u[2 * n - 1]), a1))
                } else if n < cap {
                    u[2 * n] = Int32(a0); u[2 * n + 1] = Int32(a1); n += 1
                } else {
                    u[2 * n - 1] = Int32(max(Int(u[2 * n - 1]), a1))     // out of room: widen the last
                }
            }
            // The stretches between: each lies in one gap of each row (or off its tile), where the
            // row holds the constant after its last range passed (0 before the first, and off the
            // tile); split at the tiles' edges.
            var oc: Float = 0, nc: Float = 0
            i = 0; k = 0
            var x = lo
            for j in 0 ... n {
                let g1 = j < n ? Int(u[2 * j]) : hi
                var a = x
                if a < g1 {
                    while i < oR.count, oldX + Int(oR[i + 1]) < a { oc = Float(bitPattern: UInt32(bitPattern: oR[i + 2])); i += 3 }
                    while k < nR.count, newX + Int(nR[k + 1]) < a { nc = Float(bitPattern: UInt32(bitPattern: nR[k + 2])); k += 3 }
                }
                while a < g1 {
                    var b = g1
                    if oRow { if oldX > a { b = min(b, oldX) } else if oldX + ow > a { b = min(b, oldX + ow) } }
                    if nRow { if newX > a { b = min(b, newX) } else if newX + nw > a { b = min(b, newX + nw) } }
                    let vo: Float = oRow && a >= oldX && a < oldX + ow ? oc : 0
                    let vn: Float = nRow && a >= newX && a < newX + nw ? nc : 0
                    if vo != vn { changed(a, b) }
                    a = b
                }
                if j < n {
                    changed(Int(u[2 * j]), Int(u[2 * j + 1]))
                    x = Int(u[2 * j + 1])
                }
            }
        }
        return box
    }

    /// Adds, over `area` (rows `band` of it only), the pixels where tile `old` (placed at `oldX`,
    /// `oldY`) and tile `new` (at `newX`, `newY`) differ in coverage (a missing tile covers
    /// nothing). Returns the box of what was added (empty when they are equal there). Call
    /// `prepareDifference(over: area)` first; threads may then call it at once for disjoint bands,
    /// each with its own `part` (0 ..< maxParts).
    func addDifference(old: CoverageTile?, oldX: Int, oldY: Int, new: CoverageTile?, newX: Int, newY: Int,
                       over area: PixelRect, band: Range<Int>, part: Int) -> PixelRect {
        var box = PixelRect.empty
        guard !area.isEmpty else { return box }
        let scratch = self.scratch + part * Self.scratchStride
        let ys = band.clamped(to: max(area.y0, 0) ..< max(min(area.y1, height), 0))
        let ow = old?.width ?? 0, oh = old?.height ?? 0, nw = new?.width ?? 0, nh = new?.height ?? 0
        let ov = old.map { UnsafePointer($0.storage) }, nv = new.map { UnsafePointer($0.storage) }
        for y in ys {
            // A row's values indexed by column (never read outside the tile's columns).
            let oRow = y >= oldY && y < oldY + oh && ow > 0
            let nRow = y >= newY && y < newY + nh && nw > 0
            guard oRow || nRow else { continue }
            let op = oRow ? ov.map { $0 + (y - oldY) * ow - oldX } : nil
            let np = nRow ? nv.map { $0 + (y - newY) * nw - newX } : nil
            let count = wf_diff_spans(op, oRow ? oldX : 0, oRow ? oldX + ow : 0,
                                      np, nRow ? newX : 0, nRow ? newX + nw : 0,
                                      area.x0, area.x1, Self.gap, scratch, Self.scratchSpans)
            guard count > 0 else { continue }
            for j in 0 ..< count { insert(row: y, x0: Int(scratch[2 * j]), x1: Int(scratch[2 * j + 1]), part: part) }
            box = box.union(PixelRect(x0: Int(scratch[0]), y0: y, x1: Int(scratch[2 * count - 1]), y1: y + 1))
        }
        return box
    }
}

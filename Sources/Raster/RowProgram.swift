import Geometry

/// A shape's rasterization with the geometry done: for each row of its grid, the straight pieces
/// the row algorithm accumulates (clipped to the row, with their effective signs), in order of their
/// left ends.
///
/// Finding those pieces (collecting and ordering edges, clipping them to rows, ordering them within
/// a row, cutting strips at crossings) is most of a rasterization. None of it changes when the shape
/// moves sideways: the same pieces, moved by `dx`, are what the row algorithm would find for the
/// moved shape. `Rasterizer.replay` accumulates them so, which is what a glyph scrolling by
/// fractions of a pixel needs each frame. A replay is a function of the program and `dx` alone.
///
/// Record on a grid whose left edge is at or left of every point and whose right edge is at least one
/// column right of every point (so that nothing lies off the grid, moved by up to a pixel), and
/// replay with `dx` in `0 ..< 1` onto a grid as wide.
public final class RowProgram: @unchecked Sendable {
    /// A piece of a row: `sign` times the area right of `(x0, y0)-(x1, y1)`, `y0 < y1`.
    struct Segment {
        var x0, y0, x1, y1, sign: Double
    }

    /// The grid it was recorded on.
    public internal(set) var width = 0, height = 0
    /// The pieces, row after row.
    var segments: [Segment] = []
    /// Per row, the end of its pieces in `segments` (the start is the previous row's end).
    var rowEnds: [Int] = []
    /// The most pieces any row has.
    var maxRowPieces = 0

    /// An empty program (replays as nothing covered).
    public init() {}

    /// Bytes held, for cache budgets.
    public var byteCount: Int {
        segments.capacity * MemoryLayout<Segment>.stride + rowEnds.capacity * MemoryLayout<Int>.stride
    }

    /// The pieces and rows it holds now.
    public var pieceCount: Int { segments.count }
    public var rowCount: Int { rowEnds.count }
    /// The pieces and rows it has room for without allocating.
    public var pieceRoom: Int { segments.capacity }
    public var rowRoom: Int { rowEnds.capacity }

    /// Whether `copy(from:)` of `other` fits in the storage this one has (allocates nothing).
    public func holds(_ other: RowProgram) -> Bool {
        segments.capacity >= other.segments.count && rowEnds.capacity >= other.rowEnds.count
    }

    /// Becomes a copy of `other`, reusing its storage. Storage that must grow gets half as much
    /// again as it needs, so that a kept program copied from ever so slightly larger shapes (a
    /// glyph scaled by an animation) grows a few times, not at every new size.
    public func copy(from other: RowProgram) {
        segments.removeAll(keepingCapacity: true)
        if segments.capacity < other.segments.count { segments.reserveCapacity(other.segments.count * 3 / 2) }
        segments.append(contentsOf: other.segments)
        rowEnds.removeAll(keepingCapacity: true)
        if rowEnds.capacity < other.rowEnds.count { rowEnds.reserveCapacity(other.rowEnds.count * 3 / 2) }
        rowEnds.append(contentsOf: other.rowEnds)
        width = other.width; height = other.height; maxRowPieces = other.maxRowPieces
    }
}

extension Rasterizer {
    /// Records the pieces of `polylines` on the `width` x `height` grid whose top-left pixel is
    /// (`originX`, `originY`) into `program` (its storage reused). For `replay` with a sideways
    /// move, every point must lie in `originX ..< originX + width - 1`.
    /// `simpleSign`: as `render` takes it.
    public func record(_ polylines: Polylines, rule: FillRule, width: Int, height: Int, originX: Int, originY: Int,
                       simpleSign: Int = 0, into program: RowProgram) {
        var w = Workspace()
        swap(&w, &work)
        var segments: [RowProgram.Segment] = [], ends: [Int] = []
        swap(&segments, &program.segments); swap(&ends, &program.rowEnds)
        segments.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true)
        swap(&w.recorded, &segments)
        w.recording = true
        var last = 0, maxPieces = 0
        // Rows before the first solved one and after the last get no pieces.
        let h = max(height, 0)
        w.solveRows(polylines, rule: rule, width: width, height: h, originX: Double(originX), originY: Double(originY),
                    rows: 0 ..< h, knownSign: simpleSign) { w, j, _ in
            while ends.count < j { ends.append(last) }
            // In order of left ends: a replay's cell ranges then come sorted.
            w.recorded.withUnsafeMutableBufferPointer { b in
                let row = UnsafeMutableBufferPointer(rebasing: b[last ..< b.count])
                sortInPlace(row) { Swift.min($0.x0, $0.x1) < Swift.min($1.x0, $1.x1) }
            }
            maxPieces = Swift.max(maxPieces, w.recorded.count - last)
            last = w.recorded.count
            ends.append(last)
        }
        while ends.count < h { ends.append(last) }
        w.recording = false
        swap(&w.recorded, &segments)
        swap(&segments, &program.segments); swap(&ends, &program.rowEnds)
        program.width = max(width, 0); program.height = h
        program.maxRowPieces = maxPieces
        swap(&w, &work)
    }

    /// Writes the coverage of `program`'s shape moved right by `dx` (in `0 ..< 1`) into rows `rows`
    /// of `buffer` (row-major, `width` per row, `width` the program's). With
    /// `ranges`, each row's column ranges the coverage varies in (see `finishCells`) go to
    /// `ranges + 3 * maxRanges * row` and their count to `counts[row]` (`maxRanges + 1`: more than
    /// that). No allocation in steady state.
    ///
    /// With `oldRanges` and `oldCounts` (of the same form, describing what `buffer` holds now, in
    /// other storage than `ranges`), a row is written only where it can change: its new ranges, the
    /// old ranges, and gaps whose constant changed (a row whose old ranges were too many, whole).
    /// The result is the same as writing every value.
    public func replay(_ program: RowProgram, dx: Double, width: Int, rows: Range<Int>,
                       into buffer: UnsafeMutableBufferPointer<Float>,
                       ranges: UnsafeMutablePointer<Int32>? = nil, counts: UnsafeMutablePointer<UInt8>? = nil, maxRanges: Int = 0,
                       oldRanges: UnsafePointer<Int32>? = nil, oldCounts: UnsafePointer<UInt8>? = nil) {
        let rows = rows.clamped(to: 0 ..< program.height)
        guard !rows.isEmpty, width > 0 else { return }
        precondition(buffer.count >= width * program.height && maxRanges < 255)
        // The row loop works on the cells and spans moved out into locals, through raw pointers.
        var acc: [Double] = [], spans: [CellRange] = []
        swap(&acc, &work.acc); swap(&spans, &work.spans)
        if acc.count < width + 2 { acc = [Double](repeating: 0, count: width + 2) }
        if spans.count < program.maxRowPieces { spans.append(contentsOf: repeatElement(CellRange(lo: 0, hi: -1), count: program.maxRowPieces - spans.count)) }
        let w = Double(width)
        acc.withUnsafeMutableBufferPointer { accBuffer in
            spans.withUnsafeMutableBufferPointer { sp in
                program.segments.withUnsafeBufferPointer { segs in
                    program.rowEnds.withUnsafeBufferPointer { ends in
                        guard let a = accBuffer.baseAddress else { return }
                        for j in rows {
                            let first = j == 0 ? 0 : ends[j - 1]
                            var n = 0
                            for k in first ..< ends[j] {
                                let s = segs[k]
                                let (lo, hi) = Rasterizer.accumulateCells(a, x0: s.x0 + dx, y0: s.y0, x1: s.x1 + dx, y1: s.y1,
                                                                          sign: s.sign, width: w)
                                if lo <= hi { sp[n] = CellRange(lo: lo, hi: hi); n += 1 }
                            }
                            let row = UnsafeMutableBufferPointer(rebasing: buffer[j * width ..< (j + 1) * width])
                            var old: UnsafePointer<Int32>? = nil, oldCount = 0
                            if let oldRanges, let oldCounts, Int(oldCounts[j]) <= maxRanges {
                                old = oldRanges + 3 * maxRanges * j; oldCount = Int(oldCounts[j])
                            }
                            let count = Rasterizer.finishCells(row, acc: a, spans: UnsafeBufferPointer(rebasing: sp[0 ..< n]),
                                                               ranges: ranges.map { $0 + 3 * maxRanges * j }, maxRanges: maxRanges,
                                                               old: old, oldCount: oldCount)
                            counts?[j] = UInt8(count)
                        }
                    }
                }
            }
        }
        spans.removeAll(keepingCapacity: true)
        swap(&acc, &work.acc); swap(&spans, &work.spans)
    }
}

import Geometry
import Raster

/// The exact area of an outline container below any height: for each pixel row, the width of the
/// container at every height in it is piecewise linear (the outline flattened to 1/1000 px), between
/// the heights where an edge starts, ends or crosses another; the area below a height is the
/// integral of that width, so the height that has a given share of the area below it is found
/// exactly, within a row too (not by spreading a row's area evenly over it).
///
/// Widths follow the fill rule, so overlapping and nested contours count as they are drawn. Rows
/// with more than `maxPairs` pairs of edges are not searched for crossings (their edges are taken
/// not to cross inside the row), which bounds the work on dense outlines.
struct AreaProfile: Sendable {
    /// A run of heights in one row where the width is linear: from `top` to `bottom` (y down), the
    /// width at each end.
    struct Piece: Sendable {
        var top: Double, bottom: Double, wTop: Double, wBottom: Double
        var area: Double { (wTop + wBottom) / 2 * (bottom - top) }
    }

    /// Each row's pieces, top to bottom.
    let rows: [[Piece]]
    /// The area below each row's top edge (H + 1 values, from row 0's top down to 0 at the bottom).
    let below: [Double]

    static let maxPairs = 40_000

    init(path: Path, rule: FillRule, height: Int) {
        // Edges, not horizontal, each with its direction (winding contribution).
        struct Edge { var x0, y0, x1, y1: Double; var dir: Int
            func x(at y: Double) -> Double { y1 == y0 ? x0 : x0 + (x1 - x0) * (y - y0) / (y1 - y0) }
        }
        var edges: [Edge] = []
        let flat = path.flattenedContours(tolerance: 0.001)
        for c in flat.contours {
            let pts = Array(flat.points[c.range])
            guard pts.count >= 2 else { continue }
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                edges.append(a.y < b.y ? Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, dir: 1) : Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, dir: -1))
            }
        }
        edges.sort { $0.y0 < $1.y0 }
        func inside(_ winding: Int) -> Bool { rule == .evenOdd ? winding & 1 != 0 : winding != 0 }
        var rows: [[Piece]] = []
        rows.reserveCapacity(height)
        var active: [Edge] = []
        var next = 0
        for j in 0 ..< height {
            let top = Double(j), bottom = Double(j + 1)
            active.removeAll { $0.y1 <= top }
            while next < edges.count, edges[next].y0 < bottom {
                if edges[next].y1 > top { active.append(edges[next]) }
                next += 1
            }
            let here = active.filter { $0.y1 > top && $0.y0 < bottom }
            guard !here.isEmpty else { rows.append([]); continue }
            // Heights where the width stops being linear.
            var cuts: [Double] = [top, bottom]
            for e in here {
                if e.y0 > top { cuts.append(e.y0) }
                if e.y1 < bottom { cuts.append(e.y1) }
            }
            if here.count * here.count <= Self.maxPairs {
                for a in 0 ..< here.count {
                    for b in a + 1 ..< here.count {
                        let p = here[a], q = here[b]
                        let lo = max(p.y0, q.y0, top), hi = min(p.y1, q.y1, bottom)
                        guard lo < hi else { continue }
                        let d0 = p.x(at: lo) - q.x(at: lo), d1 = p.x(at: hi) - q.x(at: hi)
                        if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) { cuts.append(lo + (hi - lo) * d0 / (d0 - d1)) }
                    }
                }
            }
            cuts.sort()
            var pieces: [Piece] = []
            var k = 0
            while k + 1 < cuts.count {
                let a = cuts[k], b = cuts[k + 1]
                k += 1
                guard b > a else { continue }
                let mid = (a + b) / 2
                // The edges across this run, in x order at its middle; the width at either end is the
                // length of the inside spans, with the spans' order taken at the middle.
                var across = here.filter { $0.y0 <= a && $0.y1 >= b }
                across.sort { $0.x(at: mid) < $1.x(at: mid) }
                var wa = 0.0, wb = 0.0, winding = 0
                for i in across.indices {
                    let was = inside(winding)
                    winding += across[i].dir
                    if was, i > 0 {
                        wa += across[i].x(at: a) - across[i - 1].x(at: a)
                        wb += across[i].x(at: b) - across[i - 1].x(at: b)
                    }
                }
                pieces.append(Piece(top: a, bottom: b, wTop: max(0, wa), wBottom: max(0, wb)))
            }
            rows.append(pieces)
        }
        self.rows = rows
        var below = [Double](repeating: 0, count: height + 1)
        for j in stride(from: height - 1, through: 0, by: -1) {
            below[j] = below[j + 1] + rows[j].reduce(0) { $0 + $1.area }
        }
        self.below = below
    }

    /// The height (y down) with `target` of the area below it (0 < target < total).
    func height(below target: Double) -> Double {
        // The row j whose span holds it: below[j] >= target >= below[j + 1].
        var lo = 0, hi = below.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if below[mid] >= target { lo = mid } else { hi = mid - 1 }
        }
        var rest = target - below[lo + 1]
        // Up through the row's pieces from its bottom.
        for p in rows[lo].reversed() {
            let a = p.area
            if rest > a { rest -= a; continue }
            // Within p: the t above its bottom whose area is `rest`, the width linear in t.
            // wBottom t + s t^2 / 2 = rest, solved in the form that does not cancel.
            let h = p.bottom - p.top
            let s = (p.wTop - p.wBottom) / h
            let root = max(0, p.wBottom * p.wBottom + 2 * s * rest).squareRoot()
            let t = p.wBottom + root > 0 ? 2 * rest / (p.wBottom + root) : 0
            return p.bottom - min(max(t, 0), h)
        }
        return Double(lo)
    }
}

/// The exact area of a mask-image container below any height: the image is piecewise constant, so
/// image row v, spanning `originY + scaleY v ... + scaleY` on the canvas, holds its alpha-weighted
/// width (within the canvas's columns) evenly over its span, and the area below a height is piecewise
/// linear between the rows' edges (clipped to the canvas's rows).
struct MaskAreaProfile: Sendable {
    /// Per image row, bottom up: the canvas span's top and bottom (y down) and its area per unit height.
    private let tops: [Double], bottoms: [Double], densities: [Double]
    /// The area below each row's top, bottom up (cumulative).
    private let below: [Double]
    /// The whole area.
    let total: Double

    init(rowWidths: [Double], scaleY: Double, originY: Double, height: Int) {
        var tops: [Double] = [], bottoms: [Double] = [], densities: [Double] = [], below: [Double] = []
        var acc = 0.0
        let h = Double(height)
        for v in stride(from: rowWidths.count - 1, through: 0, by: -1) where rowWidths[v] > 0 {
            let a = max(originY + scaleY * Double(v), 0), b = min(originY + scaleY * Double(v + 1), h)
            guard b > a else { continue }
            tops.append(a); bottoms.append(b); densities.append(rowWidths[v])
            acc += rowWidths[v] * (b - a)
            below.append(acc)
        }
        self.tops = tops; self.bottoms = bottoms; self.densities = densities; self.below = below
        total = acc
    }

    /// The height (y down) with `target` of the area below it (0 < target < total).
    func height(below target: Double) -> Double {
        guard !below.isEmpty else { return 0 }
        // The first row (bottom up) whose cumulative area reaches the target.
        var lo = 0, hi = below.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if below[mid] >= target { hi = mid } else { lo = mid + 1 }
        }
        let before = lo == 0 ? 0 : below[lo - 1]
        let t = (target - before) / densities[lo]
        return bottoms[lo] - min(max(t, 0), bottoms[lo] - tops[lo])
    }
}

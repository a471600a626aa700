import Geometry
import Raster

/// Coverage of a stroke with round joins and caps whose pen is wide next to its path's curves.
///
/// Stroked as one outline, such a pen sends its inner joins through the vertices: every vertex of a
/// finely flattened curve adds two spokes as long as the pen's half-width, and every pixel row
/// crosses hundreds of them, which the exact rasterizer must order. Here the stroke is kept as its
/// pieces instead (`PolylineStroker.pieces`: a rectangle per segment, a join piece per vertex, the
/// caps; convex, all of positive area), whose non-zero union is the same region. The window is cut
/// into square tiles, and each tile is classified by its centre's distance `d` to the path, mapped
/// to the grid (a similarity, so the pen stays round, of radius `h`):
///
/// - every point of the tile is within `d + R` of the path (`R` the tile's half-diagonal): when that
///   is at most `h - tol` the tile is inside the stroke (the pieces cover every point within
///   `h - tol` of the path: rectangles, and join and cap polygons inscribed within `tol` of their
///   arcs), so it is all 1;
/// - every point is at least `d - R` from the path: when that is at least `h + tol` (a join piece's
///   corner reaches at most `tol` past its arc) the tile is outside, all 0;
/// - otherwise only the pieces whose boxes meet the tile are rasterized on it, exactly: a convex
///   closed piece that misses the tile winds around none of its points.
///
/// Buffers are kept between calls (no allocation once they have grown).
final class WideStroke {
    /// Tile side, in pixels.
    static let tile = 8
    /// Pieces per block (a block's box lets a tile pass over its pieces at once).
    private static let block = 32
    /// Path segments per block of the distance search.
    private static let segmentBlock = 16

    private var stroker: PolylineStroker
    private let style: StrokeStyle
    private let tolerance: Double
    /// The pieces on the grid, and each one's and each block's box.
    private var pieces = Polylines()
    private var pieceBoxes: [Box] = []
    private var blockBoxes: [Box] = []
    /// The path on the grid as segments (a point alone: both ends the same), and each block's box.
    private var segments: [Point] = []
    private var segmentBoxes: [Box] = []
    private var gathered = Polylines()
    private var scratch: [Float] = []
    /// Tiles filled as wholly inside or outside, and tiles rasterized, since `begin` (for tests).
    private(set) var tilesFilled = 0, tilesExact = 0

    struct Box {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        mutating func add(_ p: Point) {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x); minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        mutating func add(_ b: Box) {
            minX = Swift.min(minX, b.minX); maxX = Swift.max(maxX, b.maxX); minY = Swift.min(minY, b.minY); maxY = Swift.max(maxY, b.maxY)
        }
        /// Squared distance from `p` to the box (0 inside).
        func distance2(_ p: Point) -> Double {
            let dx = Swift.max(minX - p.x, 0, p.x - maxX), dy = Swift.max(minY - p.y, 0, p.y - maxY)
            return dx * dx + dy * dy
        }
    }

    init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.tolerance = tolerance
        stroker = PolylineStroker(style: style, tolerance: tolerance)
    }

    /// The scale of `t` when it is a similarity (rotation, uniform scale, maybe a reflection),
    /// else nil.
    static func similarityScale(_ t: Transform) -> Double? {
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        guard sx.isFinite, sx > 0, abs(sx - sy) <= 1e-12 * sx, abs(t.a * t.c + t.b * t.d) <= 1e-12 * sx * sx else { return nil }
        return sx
    }

    /// True when this class draws `style` under `local`: round joins and caps, a similarity, and a
    /// pen at least `minimumRadius` pixels wide on the grid.
    static func applies(_ style: StrokeStyle, local: Transform, minimumRadius: Double = 4) -> Bool {
        guard style.join == .round, style.cap == .round, style.width.isFinite, style.width > 0,
              let s = similarityScale(local) else { return false }
        return style.width / 2 * s >= minimumRadius
    }

    /// Starts a stroke: no pieces, no path.
    func begin() {
        pieces.points.removeAll(keepingCapacity: true); pieces.starts.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
        tilesFilled = 0; tilesExact = 0
    }

    /// Adds one contour of the path (as the stroker takes it), in the path's coordinates, mapped by
    /// `local`.
    func add(_ points: ArraySlice<Point>, closed: Bool, local: Transform) {
        stroker.pieces(points, closed: closed, transform: local, into: &pieces)
        guard let first = points.first else { return }
        var last = local.apply(first)
        if points.count == 1 { segments.append(last); segments.append(last); return }
        for p in points.dropFirst() {
            let q = local.apply(p)
            segments.append(last); segments.append(q)
            last = q
        }
        if closed { segments.append(last); segments.append(local.apply(first)) }
    }

    /// Writes the coverage of the stroke added since `begin` on the `width` x `height` window whose
    /// top-left pixel is (`originX`, `originY`) into `out` (row-major, `width` per row). `local`
    /// must be the transform the contours were added with (a similarity: `applies`).
    func render(local: Transform, width: Int, height: Int, originX: Int, originY: Int,
                rasterizer: Rasterizer, into out: UnsafeMutableBufferPointer<Float>) {
        guard width > 0, height > 0, let base = out.baseAddress else { return }
        let scale = Self.similarityScale(local) ?? 1
        let h = style.width / 2 * scale, tol = tolerance * scale
        // Rounding of the distances: far below a pixel, far above a Double's.
        let margin = 1e-9 * Swift.max(1, h)
        boxes()
        let side = Self.tile
        var ty = 0
        while ty < height {
            let th = Swift.min(side, height - ty)
            var tx = 0
            while tx < width {
                let tw = Swift.min(side, width - tx)
                fill(tx, ty, tw, th, h: h, tol: tol, margin: margin, width: width, originX: originX, originY: originY,
                     rasterizer: rasterizer, base: base)
                tx += side
            }
            ty += side
        }
    }

    /// Tiles whose classification is left open are split in four down to this side, which is
    /// rasterized (a tile near where many pieces cross, such as a curve's centre that the pen
    /// nearly covers, keeps only its pixels near the stroke's edge).
    static let smallestTile = 4

    /// Fills the tile `tw` x `th` at (`tx`, `ty`) of the window: 1 inside the stroke, 0 outside,
    /// split when its size allows, else rasterized from the pieces that reach it.
    private func fill(_ tx: Int, _ ty: Int, _ tw: Int, _ th: Int, h: Double, tol: Double, margin: Double, width: Int,
                      originX: Int, originY: Int, rasterizer: Rasterizer, base: UnsafeMutablePointer<Float>) {
        let x0 = Double(originX + tx), y0 = Double(originY + ty)
        let c = Point(x0 + Double(tw) / 2, y0 + Double(th) / 2)
        let r = (Double(tw * tw + th * th)).squareRoot() / 2
        let inner = h - tol - margin - r, outer = h + tol + margin + r
        let d = distance(c, below: outer)
        if d <= inner {
            for j in 0 ..< th { (base + (ty + j) * width + tx).update(repeating: 1, count: tw) }
            tilesFilled += 1
        } else if d >= outer {
            for j in 0 ..< th { (base + (ty + j) * width + tx).update(repeating: 0, count: tw) }
            tilesFilled += 1
        } else if Swift.max(tw, th) > Self.smallestTile {
            let hw = (tw + 1) / 2, hh = (th + 1) / 2
            for q in 0 ..< 4 {
                let sx = q & 1 == 0 ? 0 : hw, sw = q & 1 == 0 ? hw : tw - hw
                let sy = q < 2 ? 0 : hh, sh = q < 2 ? hh : th - hh
                guard sw > 0, sh > 0 else { continue }
                fill(tx + sx, ty + sy, sw, sh, h: h, tol: tol, margin: margin, width: width, originX: originX,
                     originY: originY, rasterizer: rasterizer, base: base)
            }
        } else {
            tilesExact += 1
            exact(x0: x0, y0: y0, tw: tw, th: th, rasterizer: rasterizer) { s in
                for j in 0 ..< th { (base + (ty + j) * width + tx).update(from: s + j * tw, count: tw) }
            }
        }
    }

    /// The boxes of the pieces, of their blocks and of the path's segment blocks.
    private func boxes() {
        pieceBoxes.removeAll(keepingCapacity: true); blockBoxes.removeAll(keepingCapacity: true)
        for k in 0 ..< pieces.starts.count {
            var b = Box()
            for i in pieces.range(of: k) { b.add(pieces.points[i]) }
            pieceBoxes.append(b)
            if k % Self.block == 0 { blockBoxes.append(b) } else { blockBoxes[blockBoxes.count - 1].add(b) }
        }
        segmentBoxes.removeAll(keepingCapacity: true)
        let n = segments.count / 2
        for k in 0 ..< n {
            var b = Box()
            b.add(segments[2 * k]); b.add(segments[2 * k + 1])
            if k % Self.segmentBlock == 0 { segmentBoxes.append(b) } else { segmentBoxes[segmentBoxes.count - 1].add(b) }
        }
    }

    /// The distance from `p` to the nearest segment, or any value at least `limit` when none is
    /// nearer than that.
    private func distance(_ p: Point, below limit: Double) -> Double {
        var best = limit * limit
        let n = segments.count / 2
        for (k, b) in segmentBoxes.enumerated() where b.distance2(p) < best {
            for i in k * Self.segmentBlock ..< Swift.min((k + 1) * Self.segmentBlock, n) {
                let a = segments[2 * i], e = segments[2 * i + 1]
                let v = e - a, w = p - a
                let l2 = v.x * v.x + v.y * v.y
                let t = l2 > 0 ? Swift.min(Swift.max((w.x * v.x + w.y * v.y) / l2, 0), 1) : 0
                let q = Point(a.x + v.x * t - p.x, a.y + v.y * t - p.y)
                best = Swift.min(best, q.x * q.x + q.y * q.y)
            }
        }
        return best.squareRoot()
    }

    /// True when an edge of piece `i` (convex, positive area) has the whole box `x0 ... x1`,
    /// `y0 ... y1` beyond it by more than a hair: the piece then misses the box (a thin piece across
    /// the stroke whose box meets the tile's often does). Edges too short to give a direction
    /// separate nothing.
    private func separated(_ i: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let r = pieces.range(of: i)
        var a = pieces.points[r.upperBound - 1]
        for k in r {
            let b = pieces.points[k]
            defer { a = b }
            let ex = b.x - a.x, ey = b.y - a.y
            let len = (ex * ex + ey * ey).squareRoot()
            guard len > 1e-6 else { continue }
            // Positive area: the piece lies left of each edge (cross > 0). The box's corner farthest
            // to the left of the edge decides.
            let cx = ey > 0 ? x0 : x1, cy = ex > 0 ? y1 : y0
            let c = ex * (cy - a.y) - ey * (cx - a.x)
            if c < -1e-9 * len { return true }
        }
        return false
    }

    /// Rasterizes, on the tile `tw` x `th` at (`x0`, `y0`), the pieces whose boxes meet it, and
    /// hands the tile's values (row-major) to `body`.
    private func exact(x0: Double, y0: Double, tw: Int, th: Int, rasterizer: Rasterizer,
                       _ body: (UnsafePointer<Float>) -> Void) {
        gathered.points.removeAll(keepingCapacity: true); gathered.starts.removeAll(keepingCapacity: true)
        let x1 = x0 + Double(tw), y1 = y0 + Double(th)
        @inline(__always) func meets(_ b: Box) -> Bool { b.maxX > x0 && b.minX < x1 && b.maxY > y0 && b.minY < y1 }
        let count = pieces.starts.count
        for (k, b) in blockBoxes.enumerated() where meets(b) {
            for i in k * Self.block ..< Swift.min((k + 1) * Self.block, count) where meets(pieceBoxes[i]) && !separated(i, x0, y0, x1, y1) {
                gathered.starts.append(gathered.points.count)
                gathered.points.append(contentsOf: pieces.points[pieces.range(of: i)])
            }
        }
        if scratch.count < tw * th { scratch.append(contentsOf: repeatElement(0, count: tw * th - scratch.count)) }
        scratch.withUnsafeMutableBufferPointer { s in
            guard let sb = s.baseAddress else { return }
            if gathered.starts.isEmpty {
                sb.update(repeating: 0, count: tw * th)
            } else {
                rasterizer.render(gathered, rule: .nonZero, width: tw, height: th, originX: Int(x0), originY: Int(y0),
                                  into: UnsafeMutableBufferPointer(rebasing: s[0 ..< tw * th]))
            }
            body(UnsafePointer(sb))
        }
    }
}

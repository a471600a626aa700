import Geometry
import Raster

/// Coverage of a stroke whose pen is wide next to its path's curves.
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
///   is at most `h - tol` the tile is inside the stroke, all 1, unless part of it is past the line
///   of an open end with a butt cap within the half-width of that end (points whose nearest point
///   of the path is the end), or in the part of the disk round a corner that a bevel's chord leaves
///   out (beyond `cos(turn / 2) h`). The pieces cover every other point within `h - tol` of the
///   path: rectangles beside the segments; round joins and caps inscribed within `tol` of their
///   arcs, miters within their limit and square caps holding the whole disk, bevels whose chord is
///   within `tol` of the arc;
/// - every point is at least `d - R` from the path: when that is at least `h + tol` the tile is
///   outside, all 0, unless it is within reach of a tip: a miter's (`h / cos(turn / 2)` from its
///   vertex) or a square cap's corners (`h` times the square root of 2 from its end); a round
///   piece's corner reaches `tol` past its arc. A tile wholly past a butt end's line is measured
///   without that end's segment (only its other end's joins reach past the line);
/// - otherwise only the pieces whose boxes meet the tile are drawn on it, exactly: a convex
///   closed piece that misses the tile winds around none of its points. They are drawn as their
///   union's boundary (`ConvexUnion`: each edge less its parts inside other pieces), without the
///   general rasterizer's ordering of every edge against every other.
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
    /// The pieces near the window being rendered, on the grid, and each one's and each block's box.
    private var pieces = Polylines()
    private var pieceBoxes: [Box] = []
    private var blockBoxes: [Box] = []
    /// Per piece, where its chunks' boxes start in `chunkBoxes` (-1: a small piece, none).
    private var pieceChunks: [Int] = []
    private var chunkBoxes: [Box] = []
    /// The path near that window on the grid as segments (a point alone: both ends the same), and
    /// each block's box.
    private var segments: [Point] = []
    private var segmentBoxes: [Box] = []
    /// Per segment (of `segments`), whether its start (bit 0) or its end (bit 1) is a butt end.
    private var segmentButts: [UInt8] = []
    /// The kept contours added since `begin` (their pieces and path, with their boxes, are not
    /// copied), and what was stroked from points since `begin` (`live`).
    private var sources: [Contour] = []
    private var live = Contour()
    /// The pieces `gather` found for a tile, as ranges of `pieces.points`.
    private var gathered: [Range<Int>] = []
    /// The same copied, for the general rasterizer.
    private var gatheredCopy = Polylines()
    private var scratch: [Float] = []
    private var union = ConvexUnion()
    /// Tiles filled as wholly inside or outside, and tiles rasterized, since `begin` (for tests).
    private(set) var tilesFilled = 0, tilesExact = 0
    /// Tiles split for the number of pieces crossing them (`manyPieces`), since `begin`.
    private(set) var tilesSplitForPieces = 0

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
        /// Squared distance between the two boxes (0 when they meet).
        func distance2(_ b: Box) -> Double {
            let dx = Swift.max(minX - b.maxX, 0, b.minX - maxX), dy = Swift.max(minY - b.maxY, 0, b.minY - maxY)
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

    /// True when this class draws `style` under `local`: a similarity, and a pen at least
    /// `minimumRadius` pixels wide on the grid.
    static func applies(_ style: StrokeStyle, local: Transform, minimumRadius: Double = 4) -> Bool {
        guard style.width.isFinite, style.width > 0, let s = similarityScale(local) else { return false }
        return style.width / 2 * s >= minimumRadius
    }

    /// How far past the half-width a piece can reach: a miter's tip (the limit), a square cap's
    /// corner (the square root of 2).
    /// The points round which a piece added so far reaches past the half-width by more than the
    /// tolerance, on the grid, with how far in half-widths: a miter's tip (1 / cos(turn / 2), within
    /// its limit), a square cap's corners (the square root of 2).
    private var tips: [(point: Point, reach: Double)] = []
    /// For the joins that turn little, the most any reaches past the half-width and the least any
    /// keeps of it (in half-widths).
    private var overall = (reach: 1.0, keep: 1.0)
    /// A join reaching at most this many half-widths, or keeping at least its inverse, turns little.
    static let slight = 1.01

    /// True when the disk of radius `r` round `p` is beyond the reach of every tip.
    private func beyondTips(_ p: Point, r: Double, h: Double, margin: Double) -> Bool {
        for t in tips where (t.point - p).length < h * t.reach + r + margin { return false }
        return true
    }

    /// True when the disk of radius `r` round `p` holds no point whose nearest point of the path is
    /// a butt end (such a point, past the end's line, no piece need cover). For every butt end the
    /// disk is beyond its half-width; or wholly on the stroke's side of its line (every point of it
    /// then has a nearer point on the end's segment); or nearer, by more than its diameter, to
    /// the rest of the path than to the end (`rest`, `distance` past butts: every point of it then has a
    /// nearer point elsewhere).
    private func clearOfButts(_ p: Point, r: Double, h: Double, margin: Double, rest: Double) -> Bool {
        for e in buttEnds {
            let w = p - e.point
            let far = w.length
            guard far < h + r + margin, w.x * e.inward.x + w.y * e.inward.y < r + margin else { continue }
            if !(rest + 2 * r + margin < far) { return false }
        }
        return true
    }

    /// True when the disk of radius `r` round `p` holds no point a corner may leave uncovered
    /// within the half-width `h` of the path: it is beyond the half-width of every corner unless
    /// within the part of its disk the corner's chord keeps.
    private func clearOfCorners(_ p: Point, r: Double, h: Double, margin: Double) -> Bool {
        for k in corners {
            let d = (k.point - p).length
            if d < h + r + margin && d + r > h * k.reach - margin { return false }
        }
        return true
    }

    /// The joins added so far that leave part of the pen's disk round their vertex uncovered by
    /// more than the tolerance (a bevel, a miter past its limit, at a corner), on the grid, with
    /// the fraction of the half-width their chord keeps (cos(turn / 2)): within that of the vertex
    /// every point is covered, between it and the half-width some are not.
    private var corners: [(point: Point, reach: Double)] = []
    /// The open ends with butt caps added so far, on the grid, with the unit direction of their
    /// segment into the stroke: past their line nothing is covered.
    private var buttEnds: [(point: Point, inward: Point)] = []
    /// A contour's points without repeats (as the stroker drops them).
    private var distinct: [Point] = []

    /// Starts a stroke: no pieces, no path.
    func begin() {
        live.pieces.points.removeAll(keepingCapacity: true); live.pieces.starts.removeAll(keepingCapacity: true)
        live.segments.removeAll(keepingCapacity: true); live.segmentButts.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        buttEnds.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true); tips.removeAll(keepingCapacity: true)
        overall = (1, 1)
        tilesFilled = 0; tilesExact = 0; tilesSplitForPieces = 0
    }

    /// What `add` keeps of one contour under one transform: its pieces and what tiles are
    /// classified by. A contour a pen has finished is the same frame after frame: kept (`contour`)
    /// and added again (`add(_:)`) rather than stroked again.
    struct Contour {
        fileprivate var pieces = Polylines()
        /// Each piece's box, and each block's (of `block` pieces).
        fileprivate var pieceBoxes: [Box] = []
        fileprivate var blockBoxes: [Box] = []
        /// Per piece of many points, the boxes of its edges `ConvexUnion.chunk` at a time (as
        /// `ConvexUnion.add` takes them): where they start in `chunkBoxes`, else -1.
        fileprivate var pieceChunks: [Int] = []
        fileprivate var chunkBoxes: [Box] = []
        fileprivate var segments: [Point] = []
        fileprivate var segmentButts: [UInt8] = []
        /// Each block's box (of `segmentBlock` segments).
        fileprivate var segmentBoxes: [Box] = []
        fileprivate var tips: [(point: Point, reach: Double)] = []
        fileprivate var corners: [(point: Point, reach: Double)] = []
        fileprivate var buttEnds: [(point: Point, inward: Point)] = []
        fileprivate var overall = (reach: 1.0, keep: 1.0)

        /// The boxes of the pieces, of their blocks and of the path's segment blocks.
        fileprivate mutating func makeBoxes() {
            pieceBoxes.removeAll(keepingCapacity: true); blockBoxes.removeAll(keepingCapacity: true)
            segmentBoxes.removeAll(keepingCapacity: true)
            pieceChunks.removeAll(keepingCapacity: true); chunkBoxes.removeAll(keepingCapacity: true)
            let count = pieces.starts.count, total = pieces.points.count
            var pieceBoxes: [Box] = [], blockBoxes: [Box] = [], segmentBoxes: [Box] = [], pieceChunks: [Int] = [], chunkBoxes: [Box] = []
            swap(&pieceBoxes, &self.pieceBoxes); swap(&blockBoxes, &self.blockBoxes); swap(&segmentBoxes, &self.segmentBoxes)
            swap(&pieceChunks, &self.pieceChunks); swap(&chunkBoxes, &self.chunkBoxes)
            defer {
                swap(&pieceBoxes, &self.pieceBoxes); swap(&blockBoxes, &self.blockBoxes); swap(&segmentBoxes, &self.segmentBoxes)
                swap(&pieceChunks, &self.pieceChunks); swap(&chunkBoxes, &self.chunkBoxes)
            }
            let size = ConvexUnion.chunk
            pieces.points.withUnsafeBufferPointer { pts in
                pieces.starts.withUnsafeBufferPointer { starts in
                    for k in 0 ..< count {
                        var b = Box()
                        let r = starts[k] ..< (k + 1 < count ? starts[k + 1] : total)
                        for i in r { b.add(pts[i]) }
                        if r.count > 2 * size {
                            // Edge i runs from point i - 1 (the last for the first) to point i.
                            pieceChunks.append(chunkBoxes.count)
                            for lo in stride(from: 0, to: r.count, by: size) {
                                var c = Box()
                                c.add(pts[lo == 0 ? r.upperBound - 1 : r.lowerBound + lo - 1])
                                for i in r.lowerBound + lo ..< r.lowerBound + Swift.min(lo + size, r.count) { c.add(pts[i]) }
                                chunkBoxes.append(c)
                            }
                        } else {
                            pieceChunks.append(-1)
                        }
                        pieceBoxes.append(b)
                        if k % WideStroke.block == 0 { blockBoxes.append(b) } else { blockBoxes[blockBoxes.count - 1].add(b) }
                    }
                }
            }
            WideStroke.segmentBlockBoxes(segments, into: &segmentBoxes)
        }
    }

    /// Per block of `segmentBlock` segments of `segments` (pairs of points), its box, into `boxes`.
    private static func segmentBlockBoxes(_ segments: [Point], into boxes: inout [Box]) {
        boxes.removeAll(keepingCapacity: true)
        let n = segments.count / 2
        segments.withUnsafeBufferPointer { seg in
            for k in 0 ..< n {
                var b = Box()
                b.add(seg[2 * k]); b.add(seg[2 * k + 1])
                if k % segmentBlock == 0 { boxes.append(b) } else { boxes[boxes.count - 1].add(b) }
            }
        }
    }

    /// One contour (as `add` takes it) kept: what adding it alone gives. Forgets what was added
    /// since `begin`.
    func contour(_ points: ArraySlice<Point>, closed: Bool, local: Transform) -> Contour {
        begin()
        add(points, closed: closed, local: local)
        var c = Contour()
        swap(&c, &live)
        c.makeBoxes()
        c.tips = tips; c.corners = corners; c.buttEnds = buttEnds; c.overall = overall
        return c
    }

    /// Adds a kept contour: the same as adding its points under its transform again (its pieces
    /// and path are not copied).
    func add(_ c: Contour) {
        sources.append(c)
        tips.append(contentsOf: c.tips); corners.append(contentsOf: c.corners); buttEnds.append(contentsOf: c.buttEnds)
        overall = (Swift.max(overall.reach, c.overall.reach), Swift.min(overall.keep, c.overall.keep))
    }

    /// Adds one contour of the path (as the stroker takes it), in the path's coordinates, mapped by
    /// `local`. An open one's ends marked `cutStart` / `cutEnd` get butt caps whatever the style's
    /// (a run cut out of a longer contour, its cuts farther from the window drawn than the pen
    /// reaches).
    func add(_ points: ArraySlice<Point>, closed: Bool, local: Transform, cutStart: Bool = false, cutEnd: Bool = false) {
        let cut = !closed && (cutStart || cutEnd)
        if cut {
            stroker.pieces(points, buttStart: cutStart, buttEnd: cutEnd, transform: local, into: &live.pieces)
        } else {
            stroker.pieces(points, closed: closed, transform: local, into: &live.pieces)
        }
        // Whether each end's cap is a butt.
        let butt = (start: style.cap == .butt || (cut && cutStart), end: style.cap == .butt || (cut && cutEnd))
        // The buffers as locals while they grow (no access check per element).
        var kept: [Point] = [], segments: [Point] = [], segmentButts: [UInt8] = []
        swap(&kept, &distinct); swap(&segments, &live.segments); swap(&segmentButts, &live.segmentButts)
        defer { swap(&kept, &distinct); swap(&segments, &live.segments); swap(&segmentButts, &live.segmentButts) }
        // The contour as the stroker sees it: repeated points dropped, a closed one's last point
        // when it repeats the first.
        kept.removeAll(keepingCapacity: true)
        for p in points where kept.last.map({ ($0 - p).length > 1e-9 }) ?? true { kept.append(p) }
        if closed, kept.count > 1, let f = kept.first, let l = kept.last, (l - f).length <= 1e-9 { kept.removeLast() }
        let n = kept.count
        guard n >= 2 else {
            // A zero-length open contour: a dot (round or square cap) covering every point within
            // the half-width, or nothing (butt).
            if n == 1, !closed, points.count > 1, style.cap != .butt, !cut {
                let q = local.apply(kept[0])
                if style.cap == .square { tips.append((q, 2.0.squareRoot() * (1 + 1e-9))) }
                segments.append(q); segments.append(q); segmentButts.append(0)
            }
            return
        }
        if style.join != .round {
            let first = closed ? 0 : 1, last = closed ? n - 1 : n - 2
            if last >= first {
                for i in first ... last {
                    let d1 = kept[i] - kept[(i + n - 1) % n], d2 = kept[(i + 1) % n] - kept[i]
                    let u1 = d1 * (1 / d1.length), u2 = d2 * (1 / d2.length)
                    let c = (Swift.max(0, (1 + u1.x * u2.x + u1.y * u2.y) / 2)).squareRoot()
                    // A miter's tip: at most the limit (the stroker's test at the limit may go either
                    // way: both bounds are kept there).
                    // Joins that turn little (a flattened curve's) go into one bound for the whole
                    // stroke; corners are kept one by one.
                    if style.join == .miter, c > 0, 1 / c <= style.miterLimit * (1 + 1e-9) {
                        let reach = Swift.min(1 / c, style.miterLimit) * (1 + 1e-9)
                        if reach <= Self.slight { overall.reach = Swift.max(overall.reach, reach) } else { tips.append((local.apply(kept[i]), reach)) }
                        if 1 / c <= style.miterLimit * (1 - 1e-9) { continue }
                    }
                    if c >= 1 / Self.slight { overall.keep = Swift.min(overall.keep, c) } else { corners.append((local.apply(kept[i]), c)) }
                }
            }
        }
        if !closed {
            for end in 0 ..< 2 where end == 0 ? butt.start : butt.end {
                let q = local.apply(kept[end == 0 ? 0 : n - 1]), v = local.apply(kept[end == 0 ? 1 : n - 2]) - q
                let len = v.length
                buttEnds.append((q, len > 0 ? v * (1 / len) : Point(0, 0)))
            }
        }
        if !closed, style.cap == .square {
            let reach = 2.0.squareRoot() * (1 + 1e-9)
            if !butt.start { tips.append((local.apply(kept[0]), reach)) }
            if !butt.end { tips.append((local.apply(kept[n - 1]), reach)) }
        }
        let firstSegment = segments.count / 2
        var last = local.apply(kept[0])
        for p in kept.dropFirst() {
            let q = local.apply(p)
            segments.append(last); segments.append(q); segmentButts.append(0)
            last = q
        }
        if closed { segments.append(last); segments.append(local.apply(kept[0])); segmentButts.append(0) }
        if !closed {
            if butt.start { segmentButts[firstSegment] |= 1 }
            if butt.end { segmentButts[segmentButts.count - 1] |= 2 }
        }
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
        // What a tile of the window can reach: its centre's distance tests go at most this far.
        let far = h * overall.reach + tol + margin + Double(Self.tile) * 2.0.squareRoot() / 2 + 1
        near(x0: Double(originX), y0: Double(originY), x1: Double(originX + width), y1: Double(originY + height), far: far)
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
        let inner = h * overall.keep - tol - margin - r, outer = h * overall.reach + tol + margin + r
        // Nearer than `inner` settles it: the search stops there.
        let d = distance(c, below: outer, enough: inner)
        // Within reach of a butt end, the distance that leaves out the segments the tile is wholly
        // behind the butt line of (computed once, for both tests); elsewhere it is `d`'s.
        var nearButt = false
        for e in buttEnds where (e.point - c).length < outer { nearButt = true; break }
        let rest = nearButt ? distance(c, below: outer, pastButts: r + margin) : d
        let inside = d <= inner && clearOfCorners(c, r: r, h: h, margin: margin) && clearOfButts(c, r: r, h: h, margin: margin, rest: rest)
        var outside = false
        if !inside {
            // Past a butt end's line, the end's segment reaches nothing.
            outside = (d >= outer || rest >= outer) && beyondTips(c, r: r, h: h, margin: margin)
        }
        if inside {
            for j in 0 ..< th { (base + (ty + j) * width + tx).update(repeating: 1, count: tw) }
            tilesFilled += 1
        } else if outside {
            for j in 0 ..< th { (base + (ty + j) * width + tx).update(repeating: 0, count: tw) }
            tilesFilled += 1
        } else if Swift.max(tw, th) > Self.smallestTile {
            split(tx, ty, tw, th, h: h, tol: tol, margin: margin, width: width, originX: originX, originY: originY,
                  rasterizer: rasterizer, base: base)
        } else {
            let found = gather(x0: x0, y0: y0, tw: tw, th: th)
            if found < 0 {
                // A piece holds the whole tile.
                for j in 0 ..< th { (base + (ty + j) * width + tx).update(repeating: 1, count: tw) }
                tilesFilled += 1
            } else if found > Self.manyPieces && Swift.max(tw, th) > 1 {
                // Many pieces cross here (a pen wider than a curve's radius, near its centre): their
                // crossings grow as the square of their number, which smaller tiles divide.
                tilesSplitForPieces += 1
                split(tx, ty, tw, th, h: h, tol: tol, margin: margin, width: width, originX: originX, originY: originY,
                      rasterizer: rasterizer, base: base)
            } else {
                tilesExact += 1
                rasterizeGathered(x0: x0, y0: y0, tw: tw, th: th, rasterizer: rasterizer) { s in
                    for j in 0 ..< th { (base + (ty + j) * width + tx).update(from: s + j * tw, count: tw) }
                }
            }
        }
    }

    /// Pieces gathered on a tile from which it is split again, down to single pixels.
    static let manyPieces = 32

    /// Fills the four quarters of the tile `tw` x `th` at (`tx`, `ty`) (see `fill`).
    private func split(_ tx: Int, _ ty: Int, _ tw: Int, _ th: Int, h: Double, tol: Double, margin: Double, width: Int,
                       originX: Int, originY: Int, rasterizer: Rasterizer, base: UnsafeMutablePointer<Float>) {
        let hw = (tw + 1) / 2, hh = (th + 1) / 2
        for q in 0 ..< 4 {
            let sx = q & 1 == 0 ? 0 : hw, sw = q & 1 == 0 ? hw : tw - hw
            let sy = q < 2 ? 0 : hh, sh = q < 2 ? hh : th - hh
            guard sw > 0, sh > 0 else { continue }
            fill(tx + sx, ty + sy, sw, sh, h: h, tol: tol, margin: margin, width: width, originX: originX,
                 originY: originY, rasterizer: rasterizer, base: base)
        }
    }

    /// Copies the pieces and path segments that tiles of the window `x0 ... x1` x `y0 ... y1` may
    /// meet into the working buffers, in whole blocks: the blocks of pieces whose boxes meet the
    /// window, and of segments whose boxes are nearer to it than `far`. The live stroke's boxes are
    /// made first; a kept contour's were made with it.
    private func near(x0: Double, y0: Double, x1: Double, y1: Double, far: Double) {
        live.makeBoxes()
        var pieces = Polylines(), pieceBoxes: [Box] = [], segments: [Point] = [], segmentButts: [UInt8] = []
        var pieceChunks: [Int] = [], chunkBoxes: [Box] = []
        swap(&pieces, &self.pieces); swap(&pieceBoxes, &self.pieceBoxes); swap(&segments, &self.segments); swap(&segmentButts, &self.segmentButts)
        swap(&pieceChunks, &self.pieceChunks); swap(&chunkBoxes, &self.chunkBoxes)
        defer {
            swap(&pieces, &self.pieces); swap(&pieceBoxes, &self.pieceBoxes); swap(&segments, &self.segments); swap(&segmentButts, &self.segmentButts)
            swap(&pieceChunks, &self.pieceChunks); swap(&chunkBoxes, &self.chunkBoxes)
        }
        pieceChunks.removeAll(keepingCapacity: true); chunkBoxes.removeAll(keepingCapacity: true)
        pieces.points.removeAll(keepingCapacity: true); pieces.starts.removeAll(keepingCapacity: true)
        pieceBoxes.removeAll(keepingCapacity: true); segments.removeAll(keepingCapacity: true); segmentButts.removeAll(keepingCapacity: true)
        let window = Box(minX: x0, minY: y0, maxX: x1, maxY: y1)
        for c in sources {
            Self.take(c, window: window, far: far, pieces: &pieces, pieceBoxes: &pieceBoxes, pieceChunks: &pieceChunks, chunkBoxes: &chunkBoxes,
                      segments: &segments, segmentButts: &segmentButts)
        }
        Self.take(live, window: window, far: far, pieces: &pieces, pieceBoxes: &pieceBoxes, pieceChunks: &pieceChunks, chunkBoxes: &chunkBoxes,
                  segments: &segments, segmentButts: &segmentButts)
        blockBoxes.removeAll(keepingCapacity: true)
        for (k, b) in pieceBoxes.enumerated() {
            if k % Self.block == 0 { blockBoxes.append(b) } else { blockBoxes[blockBoxes.count - 1].add(b) }
        }
        Self.segmentBlockBoxes(segments, into: &segmentBoxes)
    }

    /// Appends the blocks of `c`'s pieces whose boxes meet `window` and of its segments nearer to
    /// it than `far` (see `near`).
    private static func take(_ c: Contour, window: Box, far: Double, pieces: inout Polylines, pieceBoxes: inout [Box],
                             pieceChunks: inout [Int], chunkBoxes: inout [Box], segments: inout [Point], segmentButts: inout [UInt8]) {
        let x0 = window.minX, y0 = window.minY, x1 = window.maxX, y1 = window.maxY
        let far2 = far * far
        do {
            let count = c.pieces.starts.count, total = c.pieces.points.count
            c.pieces.points.withUnsafeBufferPointer { pts in
                c.pieces.starts.withUnsafeBufferPointer { starts in
                    c.pieceBoxes.withUnsafeBufferPointer { pb in
                        for (k, b) in c.blockBoxes.enumerated() where b.maxX >= x0 && b.minX <= x1 && b.maxY >= y0 && b.minY <= y1 {
                            for i in k * Self.block ..< Swift.min((k + 1) * Self.block, count) {
                                let r = starts[i] ..< (i + 1 < count ? starts[i + 1] : total)
                                pieces.starts.append(pieces.points.count)
                                pieces.points.append(contentsOf: UnsafeBufferPointer(rebasing: pts[r]))
                                pieceBoxes.append(pb[i])
                                if c.pieceChunks[i] < 0 {
                                    pieceChunks.append(-1)
                                } else {
                                    pieceChunks.append(chunkBoxes.count)
                                    let first = c.pieceChunks[i]
                                    chunkBoxes.append(contentsOf: c.chunkBoxes[first ..< first + (r.count + ConvexUnion.chunk - 1) / ConvexUnion.chunk])
                                }
                            }
                        }
                    }
                }
            }
            let n = c.segments.count / 2
            c.segments.withUnsafeBufferPointer { seg in
                c.segmentButts.withUnsafeBufferPointer { butts in
                    for (k, b) in c.segmentBoxes.enumerated() where b.distance2(window) < far2 {
                        let r = k * Self.segmentBlock ..< Swift.min((k + 1) * Self.segmentBlock, n)
                        segments.append(contentsOf: UnsafeBufferPointer(rebasing: seg[2 * r.lowerBound ..< 2 * r.upperBound]))
                        segmentButts.append(contentsOf: UnsafeBufferPointer(rebasing: butts[r]))
                    }
                }
            }
        }
    }

    /// The segment block where `distance` last found a nearer segment.
    private var hint = 0

    /// The distance from `p` to the nearest segment, or any value at least `limit` when none is
    /// nearer than that; the search stops at the first found within `enough`. With `pastButts` (the
    /// radius of a disk round `p`, with the margin), the distance to what the pieces are built round
    /// next to butt ends: a segment's rectangle ends at the line through a butt end across it, and
    /// nothing is built at that end, so when the whole disk is past that line the segment counts
    /// only by its other end (the joins there), or not at all when that is a butt end too.
    private func distance(_ p: Point, below limit: Double, enough: Double = 0, pastButts: Double? = nil) -> Double {
        var best = limit * limit
        let stop = enough > 0 ? enough * enough : -1
        let n = segments.count / 2
        var hint = self.hint
        // Through buffers: one access to each array, not one per element.
        segments.withUnsafeBufferPointer { seg in
            segmentBoxes.withUnsafeBufferPointer { boxes in
                segmentButts.withUnsafeBufferPointer { buttFlags in
                    @inline(__always) func scan(_ k: Int) {
                        for i in k * Self.segmentBlock ..< Swift.min((k + 1) * Self.segmentBlock, n) {
                            let a = seg[2 * i], e = seg[2 * i + 1]
                            let v = e - a, w = p - a
                            let l2 = v.x * v.x + v.y * v.y
                            let u = l2 > 0 ? (w.x * v.x + w.y * v.y) / l2 : 0
                            var t = Swift.min(Swift.max(u, 0), 1)
                            if let reach = pastButts, buttFlags[i] != 0 {
                                let butts = buttFlags[i], len = l2.squareRoot()
                                if butts & 1 != 0, u * len < -reach {
                                    guard butts & 2 == 0 else { continue }
                                    t = 1
                                } else if butts & 2 != 0, (1 - u) * len < -reach {
                                    guard butts & 1 == 0 else { continue }
                                    t = 0
                                }
                            }
                            let q = Point(a.x + v.x * t - p.x, a.y + v.y * t - p.y)
                            best = Swift.min(best, q.x * q.x + q.y * q.y)
                        }
                    }
                    // The block where the last point asked about found its nearest first (the
                    // tiles go in order, and a near segment found early passes over the other
                    // blocks by their boxes).
                    let first = hint < boxes.count ? hint : 0
                    if first < boxes.count, boxes[first].distance2(p) < best { scan(first) }
                    guard best > stop else { return }
                    for k in 0 ..< boxes.count where k != first && boxes[k].distance2(p) < best {
                        let before = best
                        scan(k)
                        if best < before { hint = k }
                        if best <= stop { return }
                    }
                }
            }
        }
        self.hint = hint
        return best.squareRoot()
    }

    /// Gathers the pieces whose edges meet the tile `tw` x `th` at (`x0`, `y0`) into `union` (and
    /// their ranges into `gathered`); returns how many, or -1 when one of them holds the whole tile.
    private func gather(x0: Double, y0: Double, tw: Int, th: Int) -> Int {
        var gathered: [Range<Int>] = []
        swap(&gathered, &self.gathered)
        defer { swap(&gathered, &self.gathered) }
        gathered.removeAll(keepingCapacity: true)
        union.begin(x0: x0, y0: y0, tw: tw, th: th)
        let x1 = x0 + Double(tw), y1 = y0 + Double(th)
        @inline(__always) func meets(_ b: Box) -> Bool { b.maxX > x0 && b.minX < x1 && b.maxY > y0 && b.minY < y1 }
        let count = pieces.starts.count, total = pieces.points.count
        var held = false
        pieces.points.withUnsafeBufferPointer { pts in
            pieces.starts.withUnsafeBufferPointer { starts in
                pieceBoxes.withUnsafeBufferPointer { pb in
                    blockBoxes.withUnsafeBufferPointer { bb in
                        pieceChunks.withUnsafeBufferPointer { pc in
                            chunkBoxes.withUnsafeBufferPointer { cb in
                                for k in 0 ..< bb.count where meets(bb[k]) {
                                    for i in k * Self.block ..< Swift.min((k + 1) * Self.block, count) where meets(pb[i]) {
                                        let r = starts[i] ..< (i + 1 < count ? starts[i + 1] : total)
                                        let chunks = pc[i] < 0 ? UnsafeBufferPointer(start: nil, count: 0)
                                            : UnsafeBufferPointer(rebasing: cb[pc[i] ..< pc[i] + (r.count + ConvexUnion.chunk - 1) / ConvexUnion.chunk])
                                        switch union.add(pts, r, chunks: chunks) {
                                        case .meets: gathered.append(r)
                                        case .holds: held = true; return
                                        case .misses: break
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return held ? -1 : gathered.count
    }

    /// Rasterizes the pieces `gather` gathered for the tile `tw` x `th` at (`x0`, `y0`) on it, and
    /// hands the tile's values (row-major) to `body`.
    private func rasterizeGathered(x0: Double, y0: Double, tw: Int, th: Int, rasterizer: Rasterizer,
                                   _ body: (UnsafePointer<Float>) -> Void) {
        if scratch.count < tw * th { scratch.append(contentsOf: repeatElement(0, count: tw * th - scratch.count)) }
        scratch.withUnsafeMutableBufferPointer { s in
            guard let sb = s.baseAddress else { return }
            if gathered.isEmpty {
                sb.update(repeating: 0, count: tw * th)
            } else if union.finish(into: sb) {
                // The union from its boundary (`ConvexUnion`).
            } else {
                // Pieces repeated: the general rasterizer, under the non-zero rule.
                gatheredCopy.points.removeAll(keepingCapacity: true); gatheredCopy.starts.removeAll(keepingCapacity: true)
                for r in gathered {
                    gatheredCopy.starts.append(gatheredCopy.points.count)
                    gatheredCopy.points.append(contentsOf: pieces.points[r])
                }
                rasterizer.render(gatheredCopy, rule: .nonZero, width: tw, height: th, originX: Int(x0), originY: Int(y0),
                                  into: UnsafeMutableBufferPointer(rebasing: s[0 ..< tw * th]))
            }
            body(UnsafePointer(sb))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stroking: a path and a `StrokeStyle` -> the outline of the stroke as a path to fill non-zero.
///
/// The stroke of a polyline is the union of one rectangle per segment, one join piece per vertex on
/// the outer side of the turn (miter quadrilateral, bevel triangle or round pie slice) and a cap at
/// each open end (SVG's and Core Graphics' definition). The outline is those pieces' boundaries
/// added up as chains: every piece is oriented the same way, so in the sum the shared edges cancel
/// and what is left is, per contour, the left offset forwards with the outer joins, the end cap,
/// the right offset backwards and the start cap (two loops for a closed contour). On the inner side
/// of a turn the chain passes through the vertex itself, or, when both segments are long enough, the
/// point where the two inner offsets cross (the cut-off loop lies inside both rectangles: each
/// segment reaches past the crossing and past the other inner offset's end). Filled
/// with the non-zero rule, that outline covers exactly the union, overlaps and all.
///
/// Curves are flattened first (chords within `tolerance`), and round joins and caps are inscribed
/// polygons within `tolerance` of their arcs. This allocates: it is the reference path.
extension FlattenedPath {
    /// The outline of the stroke of these polylines (a path of straight segments; fill it non-zero).
    public func strokeOutline(_ style: StrokeStyle, tolerance: Double = Path.defaultTolerance) -> Path {
        var out = Path()
        let h = style.width / 2
        guard h > 0, h.isFinite else { return out }
        var stroker = Stroker(h: h, style: style, tolerance: tolerance > 0 ? tolerance : Path.defaultTolerance)
        for c in contours {
            stroker.stroke(points[c.range], closed: c.isClosed, into: &out)
        }
        return out
    }
}

/// A stroker kept between calls: its scratch buffers are reused, so outlining a polyline into a
/// reused path allocates nothing once they have grown (a per-frame trim strokes this way).
public struct PolylineStroker {
    private var stroker: Stroker

    /// A stroker for `style` (no outline for a width that is not a positive number).
    public init(style: StrokeStyle, tolerance: Double = Path.defaultTolerance) {
        stroker = Stroker(h: style.width / 2, style: style, tolerance: tolerance > 0 ? tolerance : Path.defaultTolerance)
    }

    /// Appends the outline of the stroke of `points` (one contour) to `out`, as `strokeOutline` does.
    public mutating func outline(_ points: ArraySlice<Point>, closed: Bool, into out: inout Path) {
        guard stroker.h > 0, stroker.h.isFinite else { return }
        stroker.stroke(points, closed: closed, into: &out)
    }

    /// How many inner joins the outlines made so far went through their vertex: each adds two edges
    /// as long as half the pen across the stroke (many when the pen is wider than the curves).
    public var joinsThroughVertex: Int { stroker.throughVertex }

    /// The pieces whose union is the stroke of `points` (one contour, stroked as `outline` strokes
    /// it): a rectangle per segment, the outer join piece at each vertex and a cap at each open end,
    /// each mapped by `transform` and appended to `out` as its own convex loop of positive signed
    /// area. Filled non-zero they cover what the outline covers; a piece that misses a region winds
    /// around none of its points, so a region's coverage needs only the pieces that reach it.
    public mutating func pieces(_ points: ArraySlice<Point>, closed: Bool, transform: Transform, into out: inout Polylines) {
        guard stroker.h > 0, stroker.h.isFinite else { return }
        stroker.pieces(points, closed: closed, transform: transform, into: &out)
    }

    /// The pieces of an open polyline, with butt caps (no cap piece) at the ends marked
    /// `buttStart` / `buttEnd`.
    public mutating func pieces(_ points: ArraySlice<Point>, buttStart: Bool, buttEnd: Bool, transform: Transform,
                                into out: inout Polylines) {
        guard stroker.h > 0, stroker.h.isFinite else { return }
        stroker.butt = (buttStart, buttEnd)
        defer { stroker.butt = (false, false) }
        stroker.pieces(points, closed: false, transform: transform, into: &out)
    }

    /// The same for an open polyline, with butt caps at the ends marked `buttStart` / `buttEnd`
    /// (a piece cut out of a longer polyline where what its cap looks like does not matter).
    public mutating func outline(_ points: ArraySlice<Point>, buttStart: Bool, buttEnd: Bool, into out: inout Path) {
        guard stroker.h > 0, stroker.h.isFinite else { return }
        stroker.butt = (buttStart, buttEnd)
        defer { stroker.butt = (false, false) }
        stroker.stroke(points, closed: false, into: &out)
    }
}

extension Path {
    /// The outline of this path's stroke, to be filled with the non-zero rule (see `FlattenedPath`'s
    /// `strokeOutline`). A contour is joined at its ends only if the path closed it.
    public func stroked(_ style: StrokeStyle, tolerance: Double = Path.defaultTolerance) -> Path {
        flattenedContours(tolerance: tolerance).strokeOutline(style, tolerance: tolerance)
    }
}

/// Cross product (z of the 3-D product) of two vectors.
@inline(__always) private func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }
/// Dot product.
@inline(__always) private func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
/// `v` rotated by `angle` radians (the sense in which a positive `cross` turns).
@inline(__always) private func rotate(_ v: Point, _ angle: Double) -> Point {
    let c = Double.cosine(angle), s = Double.sine(angle)
    return Point(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// The stroker's state for one path (scratch buffers reused from contour to contour).
struct Stroker {
    let h: Double
    let style: StrokeStyle
    let tolerance: Double
    var pts: [Point] = []
    var dirs: [Point] = []
    var lens: [Double] = []
    var left: [Point] = []
    var right: [Point] = []
    /// An open contour's outline, built here before it is emitted.
    var contour: [Point] = []
    /// Butt caps in place of the style's at an open contour's start and end.
    var butt = (start: false, end: false)
    /// Inner joins taken through the vertex so far (where the pen reaches past the other side).
    var throughVertex = 0

    /// The angle between points of an arc of radius `h` whose chords stay within `tolerance`.
    let arcStep: Double

    init(h: Double, style: StrokeStyle, tolerance: Double) {
        self.h = h; self.style = style; self.tolerance = tolerance
        arcStep = tolerance >= h ? Double.pi / 2 : 2 * acos(1 - tolerance / h)
    }

    /// Left normal of a unit direction: the side the outline's first chain runs along.
    @inline(__always) func normal(_ d: Point) -> Point { Point(d.y, -d.x) }

    /// Points strictly between `from` and `from` rotated by `angle`, on the circle of radius `h`
    /// around `center`, spaced so that each chord is within `tolerance` of the arc.
    func arc(center: Point, from: Point, angle: Double, into out: inout [Point]) {
        let step = arcStep
        let n = Swift.max(1, Int((abs(angle) / step).rounded(.up)))
        guard n > 1 else { return }
        // Turned step by step (one sine and cosine per arc, not per point): each step drifts by
        // a few 1e-16 of the radius, far below the tolerance after the longest arcs.
        let turn = rotate(Point(1, 0), angle / Double(n))
        var v = from
        for _ in 1 ..< n {
            v = Point(v.x * turn.x - v.y * turn.y, v.x * turn.y + v.y * turn.x)
            out.append(center + v * h)
        }
    }

    mutating func stroke(_ input: ArraySlice<Point>, closed: Bool, into out: inout Path) {
        // Drop repeated points: a zero-length segment has no direction.
        pts.removeAll(keepingCapacity: true)
        let eps = 1e-9
        for p in input where pts.last.map({ ($0 - p).length > eps }) ?? true { pts.append(p) }
        if closed, pts.count > 1, let f = pts.first, let l = pts.last, (l - f).length <= eps { pts.removeLast() }
        guard pts.count >= 2 else {
            // A zero-length open subpath: a dot for round and square caps, nothing for butt.
            if !closed, !butt.start, !butt.end, let p = pts.first, !input.dropFirst().isEmpty { zeroLengthDot(at: p, into: &out) }
            return
        }
        let n = pts.count
        let segments = closed ? n : n - 1
        dirs.removeAll(keepingCapacity: true); lens.removeAll(keepingCapacity: true)
        for k in 0 ..< segments {
            let v = pts[(k + 1) % n] - pts[k]
            let l = v.length
            dirs.append(v * (1 / l)); lens.append(l)
        }
        left.removeAll(keepingCapacity: true); right.removeAll(keepingCapacity: true)
        // What vertex 0 of a closed contour takes from the end of the last segment, per side.
        var endUsed = (left: 0.0, right: 0.0), startUsed = (left: 0.0, right: 0.0)
        if closed {
            // Vertex 0 joins the last segment to the first.
            let u = join(at: 0, incoming: segments - 1, outgoing: 0, budgetLeft: lens[segments - 1],
                         budgetRight: lens[segments - 1], outgoingLeft: lens[0], outgoingRight: lens[0])
            endUsed = (u.incomingLeft, u.incomingRight)
            startUsed = (u.left, u.right)
        } else {
            let n0 = normal(dirs[0])
            left.append(pts[0] + n0 * h); right.append(pts[0] - n0 * h)
        }
        // What the previous vertex's inner crossing left of the incoming segment's length, per side.
        var budgetLeft = lens[0] - startUsed.left, budgetRight = lens[0] - startUsed.right
        let lastVertex = closed ? n - 1 : n - 2
        if lastVertex >= 1 {
            for i in 1 ... lastVertex {
                // The outgoing segment's far end is free, except the last one of a closed contour.
                let last = closed && i == lastVertex
                let used = join(at: i, incoming: i - 1, outgoing: i, budgetLeft: budgetLeft, budgetRight: budgetRight,
                                outgoingLeft: lens[i] - (last ? endUsed.left : 0),
                                outgoingRight: lens[i] - (last ? endUsed.right : 0))
                budgetLeft = lens[i] - used.left; budgetRight = lens[i] - used.right
            }
        }
        if closed {
            // Two loops: the left offset forwards, the right offset backwards.
            emit(left, into: &out)
            right.reverse()
            emit(right, into: &out)
            return
        }
        let dEnd = dirs[segments - 1], nEnd = normal(dEnd), pEnd = pts[n - 1]
        left.append(pEnd + nEnd * h)
        right.append(pEnd - nEnd * h)
        // Left side forwards, end cap, right side backwards, start cap (in the reused buffer, moved
        // out of `self` meanwhile).
        var contour: [Point] = []
        swap(&contour, &self.contour)
        defer { swap(&contour, &self.contour) }
        contour.removeAll(keepingCapacity: true)
        contour.append(contentsOf: left)
        if !butt.end { cap(at: pEnd, direction: dEnd, from: pEnd + nEnd * h, into: &contour) }
        contour.append(contentsOf: right.reversed())
        let d0 = dirs[0] * -1
        if !butt.start { cap(at: pts[0], direction: d0, from: pts[0] - normal(dirs[0]) * h, into: &contour) }
        emit(contour, into: &out)
    }

    /// Appends the join at vertex `i` between segments `incoming` and `outgoing` to both sides.
    /// The inner crossing is used when it lies within what is left of the incoming segment
    /// (`budget*`) and of the outgoing one (`outgoing*`) on the inner side; returns how much of each
    /// it used, per side (the same length along both).
    mutating func join(at i: Int, incoming: Int, outgoing: Int, budgetLeft: Double, budgetRight: Double,
                       outgoingLeft: Double, outgoingRight: Double)
        -> (left: Double, right: Double, incomingLeft: Double, incomingRight: Double) {
        let p = pts[i], d1 = dirs[incoming], d2 = dirs[outgoing]
        let n1 = normal(d1), n2 = normal(d2)
        let cr = cross(d1, d2), dt = dot(d1, d2)
        if cr == 0 && dt > 0 {                       // straight on: no join
            left.append(p + n1 * h); right.append(p - n1 * h)
            return (0, 0, 0, 0)
        }
        let theta = atan2(cr, dt)                    // the turn, in (-pi, pi]; pi for a U-turn
        let outerLeft = theta > 0
        let s: Double = outerLeft ? 1 : -1           // outer side: +normal on the left, -normal on the right
        // The outer and inner sides' chains, appended in place (moved out of `self` meanwhile, so
        // that no join allocates).
        var outer: [Point] = [], inner: [Point] = []
        if outerLeft { swap(&outer, &left); swap(&inner, &right) } else { swap(&outer, &right); swap(&inner, &left) }
        defer { if outerLeft { swap(&outer, &left); swap(&inner, &right) } else { swap(&outer, &right); swap(&inner, &left) } }
        outerJoin(at: p, n1: n1, n2: n2, theta: theta, side: s, into: &outer)
        // Inner side: the crossing of the two inner offsets when both segments reach past it.
        // How far along each segment from the vertex the cut-off quadrilateral (crossing, end of
        // the incoming inner offset, vertex, start of the outgoing one) reaches: the crossing lies
        // h tan(turn / 2) back, the other offset's end h sin(turn) back. It lies inside both
        // rectangles (so the fill still counts it) only when both segments reach that far.
        let reach = Swift.max(h * tan(abs(theta) / 2), h * sin(abs(theta)))
        let budget = outerLeft ? budgetRight : budgetLeft
        let room = outerLeft ? outgoingRight : outgoingLeft
        var used = 0.0
        if reach.isFinite, reach <= budget, reach <= room {
            let bis = n1 + n2
            let c = Double.cosine(abs(theta) / 2)
            inner.append(p + bis * (-s * h / (c * bis.length)))
            used = reach
        } else {
            // Through the vertex: each piece's boundary kept, so the fill counts every piece there.
            // (Straight across from one offset to the other would take the triangle it cuts off
            // away from the count: where a pen wider than the curve's radius reaches past the far
            // side, that triangle is covered by one piece only and would become a hole.)
            inner.append(p - n1 * (s * h)); inner.append(p); inner.append(p - n2 * (s * h))
            throughVertex += 1
        }
        return outerLeft ? (0, used, 0, used) : (used, 0, used, 0)
    }

    /// Appends the outer side of the join at `p` (turn `theta`, from normal `n1` to `n2`, the outer
    /// side `side` times the normal): the join piece's points from the incoming segment's offset
    /// end round to the outgoing one's start.
    func outerJoin(at p: Point, n1: Point, n2: Point, theta: Double, side s: Double, into outer: inout [Point]) {
        let a = p + n1 * (s * h), b = p + n2 * (s * h)
        // The point where the two outer offsets cross, when `keep` says it may stand for the join.
        // It lies on both offsets' lines, past `a` on the incoming one and before `b` on the
        // outgoing one, so `a` and `b` are on straight lines through it and leaving them out
        // changes no winding number off those lines.
        @inline(__always) func crossing(_ keep: (Double) -> Bool) -> Point? {
            let c = Double.cosine(abs(theta) / 2)
            guard c > 0, keep(c) else { return nil }
            let bis = n1 + n2
            let bl = bis.length
            guard bl > 0 else { return nil }
            return p + bis * (s * h / (c * bl))
        }
        switch style.join {
        case .bevel:
            outer.append(a); outer.append(b)
        case .round:
            // A turn too small for a point between its ends (a curve flattened finely): the crossing,
            // outside the arc by h (1 / cos(turn / 2) - 1), when that is within the tolerance (as the
            // chord ab lies inside it by about as much), for one point instead of two.
            if abs(theta) <= arcStep, let m = crossing({ h * (1 / $0 - 1) <= tolerance }) {
                outer.append(m)
            } else {
                outer.append(a)
                arc(center: p, from: n1 * s, angle: theta, into: &outer)
                outer.append(b)
            }
        case .miter:
            // The miter's tip alone: the same outline as a, tip, b.
            if let m = crossing({ 1 / $0 <= style.miterLimit }) {
                outer.append(m)
            } else {
                outer.append(a); outer.append(b)
            }
        }
    }

    /// The pieces whose union is the stroke of `input` (one contour, as `stroke` takes it): a
    /// rectangle per segment, the outer join piece at each vertex (the `outerJoin` points and the
    /// vertex), a cap at each open end (a dot for a zero-length open contour), each mapped by `t`
    /// and appended to `out` as its own closed loop, turned to positive signed area: filled
    /// non-zero, their union is what `stroke`'s outline covers. Each piece is convex.
    mutating func pieces(_ input: ArraySlice<Point>, closed: Bool, transform t: Transform, into out: inout Polylines) {
        pts.removeAll(keepingCapacity: true)
        let eps = 1e-9
        for p in input where pts.last.map({ ($0 - p).length > eps }) ?? true { pts.append(p) }
        if closed, pts.count > 1, let f = pts.first, let l = pts.last, (l - f).length <= eps { pts.removeLast() }
        // The piece being built, moved out of `self` meanwhile (so that appending to it while
        // `self`'s methods run copies nothing).
        var contour: [Point] = []
        swap(&contour, &self.contour)
        defer { swap(&contour, &self.contour) }
        contour.removeAll(keepingCapacity: true)
        @inline(__always) func emitPiece(_ q: inout [Point], into out: inout Polylines) {
            var area = 0.0
            for k in q.indices {
                let u = t.apply(q[k]), v = t.apply(q[(k + 1) % q.count])
                area += u.x * v.y - v.x * u.y
            }
            guard area != 0, area.isFinite else { q.removeAll(keepingCapacity: true); return }
            out.starts.append(out.points.count)
            if area > 0 {
                for k in q.indices { out.points.append(t.apply(q[k])) }
            } else {
                for k in q.indices.reversed() { out.points.append(t.apply(q[k])) }
            }
            q.removeAll(keepingCapacity: true)
        }
        guard pts.count >= 2 else {
            if !closed, !butt.start, !butt.end, let p = pts.first, !input.dropFirst().isEmpty, style.cap != .butt {
                if style.cap == .square {
                    contour.append(Point(p.x - h, p.y - h)); contour.append(Point(p.x + h, p.y - h))
                    contour.append(Point(p.x + h, p.y + h)); contour.append(Point(p.x - h, p.y + h))
                } else {
                    contour.append(p + Point(h, 0))
                    arc(center: p, from: Point(1, 0), angle: 2 * Double.pi, into: &contour)
                }
                emitPiece(&contour, into: &out)
            }
            return
        }
        let n = pts.count
        let segments = closed ? n : n - 1
        for k in 0 ..< segments {
            let p = pts[k], q = pts[(k + 1) % n]
            let v = q - p
            let nk = normal(v * (1 / v.length))
            contour.append(p + nk * h); contour.append(q + nk * h); contour.append(q - nk * h); contour.append(p - nk * h)
            emitPiece(&contour, into: &out)
        }
        let first = closed ? 0 : 1, last = closed ? n - 1 : n - 2
        if last >= first {
            for i in first ... last {
                let p = pts[i]
                let d1 = pts[i] - pts[(i + n - 1) % n], d2 = pts[(i + 1) % n] - pts[i]
                let u1 = d1 * (1 / d1.length), u2 = d2 * (1 / d2.length)
                let cr = cross(u1, u2), dt = dot(u1, u2)
                if cr == 0 && dt > 0 { continue }
                let theta = atan2(cr, dt)
                let n1 = normal(u1), n2 = normal(u2), side: Double = theta > 0 ? 1 : -1
                // The vertex, both offsets' ends and the join's outer points between them (where the
                // join stands for them by the offsets' crossing, a and b close the piece round it;
                // a point repeated adds no area).
                contour.append(p); contour.append(p + n1 * (side * h))
                outerJoin(at: p, n1: n1, n2: n2, theta: theta, side: side, into: &contour)
                contour.append(p + n2 * (side * h))
                emitPiece(&contour, into: &out)
            }
        }
        guard !closed else { return }
        if !butt.end, style.cap != .butt {
            let pEnd = pts[n - 1], d = pts[n - 1] - pts[n - 2]
            let u = d * (1 / d.length), nEnd = normal(u)
            contour.append(pEnd + nEnd * h)
            cap(at: pEnd, direction: u, from: pEnd + nEnd * h, into: &contour)
            contour.append(pEnd - nEnd * h)
            emitPiece(&contour, into: &out)
        }
        if !butt.start, style.cap != .butt {
            let d = pts[1] - pts[0]
            let u = d * (1 / d.length) * -1, n0 = normal(d * (1 / d.length))
            contour.append(pts[0] - n0 * h)
            cap(at: pts[0], direction: u, from: pts[0] - n0 * h, into: &contour)
            contour.append(pts[0] + n0 * h)
            emitPiece(&contour, into: &out)
        }
    }

    /// Appends the cap at `p` (the stroke leaving along `direction`) from `from` (the side reached
    /// first) round to the other side, which the caller appends.
    func cap(at p: Point, direction d: Point, from: Point, into contour: inout [Point]) {
        switch style.cap {
        case .butt:
            break
        case .square:
            let other = p * 2 - from
            contour.append(from + d * h); contour.append(other + d * h)
        case .round:
            let v = (from - p) * (1 / h)
            // Half a turn through `d`: the sign that takes v through d.
            let angle = cross(v, d) >= 0 ? Double.pi : -Double.pi
            arc(center: p, from: v, angle: angle, into: &contour)
        }
    }

    /// A round or square dot for a zero-length open subpath (butt caps draw nothing), built in the
    /// reused contour buffer.
    mutating func zeroLengthDot(at p: Point, into out: inout Path) {
        var ring: [Point] = []
        swap(&ring, &contour)
        defer { swap(&ring, &contour) }
        ring.removeAll(keepingCapacity: true)
        switch style.cap {
        case .butt:
            return
        case .square:
            // The square's corners clockwise on screen from its top left, as `Path(rect:)`.
            let r = Rect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h)
            ring.append(Point(r.minX, r.minY)); ring.append(Point(r.maxX, r.minY))
            ring.append(Point(r.maxX, r.maxY)); ring.append(Point(r.minX, r.maxY))
        case .round:
            ring.append(p + Point(h, 0))
            arc(center: p, from: Point(1, 0), angle: 2 * Double.pi, into: &ring)
        }
        emit(ring, into: &out)
    }

    func emit(_ contour: [Point], into out: inout Path) {
        guard let first = contour.first else { return }
        out.move(to: first)
        for q in contour.dropFirst() { out.line(to: q) }
        out.close()
    }
}

import Geometry
import Raster

/// What a fill lays down on the canvas: a solid colour or a gradient (axial or radial) in canvas
/// coordinates, evaluated at pixel centres.
public enum LayerPaint: Equatable, Sendable {
    /// One straight RGBA colour.
    case color(Color)
    /// A gradient paint in the coordinates `ctm` maps to the canvas.
    case gradient(Paint, ctm: Transform)

    /// True when it paints nothing anywhere: a colour of alpha 0, or a gradient whose every colour
    /// has alpha 0. A gradient takes the last stop at or before t and goes towards the next: with
    /// the stops in order, the colours it shows are the first stop's (before it), the last one's
    /// (after it) and those between two stops at different places; two stops at one place show
    /// nothing between them (a spread whose stops all sit at one place is clear when its ends are).
    /// Out of order, every stop counts.
    var isClear: Bool {
        switch self {
        case .color(let c): return c.a == 0
        case .gradient(let p, _):
            switch p {
            case .solid(let c): return c.a == 0
            case .linear(let stops, _, _), .radial(let stops, _, _):
                guard let first = stops.first, let last = stops.last else { return false }
                var sorted = true
                for k in stops.indices.dropLast() where !(stops[k].location <= stops[k + 1].location) { sorted = false }
                guard sorted else { return !stops.contains { $0.color.a != 0 } }
                guard first.color.a == 0, last.color.a == 0 else { return false }
                for k in stops.indices.dropLast() where stops[k].location < stops[k + 1].location {
                    if stops[k].color.a != 0 || stops[k + 1].color.a != 0 { return false }
                }
                return true
            }
        }
    }

    /// `paint` (in coordinates `ctm` maps to the canvas) as it lands on the canvas: a solid colour
    /// when it is one (or cannot be drawn as a gradient). Allocates nothing.
    public init(_ paint: Paint, ctm: Transform) {
        if let c = paint.solidColor { self = .color(c); return }
        if paint.canvasMapping(ctm: ctm) == nil { self = .color(paint.fallbackColor); return }
        self = .gradient(paint, ctm: ctm)
    }
}

/// A stroke's style and trim, as `ShapeLayer` strokes a path.
public struct StrokeSpec: Hashable, Sendable {
    /// The line's style.
    public var style: StrokeStyle
    /// Trim start and end as fractions (0...1) of the path's length.
    public var start: Double, end: Double

    /// A stroke of `style` trimmed to `start...end`.
    public init(style: StrokeStyle, start: Double, end: Double) {
        self.style = style; self.start = start; self.end = end
    }
}

/// One piece of a text run: outlines in 26.6 font units (y up) relative to the piece's origin,
/// which sits at (`x26`, `y26`) from the run's line origin (also 26.6, y up).
public struct GlyphPiece: Sendable {
    /// The outlines.
    public var outline: Path
    /// The piece's origin from the line origin, 26.6 units, y up.
    public var x26: Int, y26: Int

    /// A piece.
    public init(outline: Path, x26: Int, y26: Int) {
        self.outline = outline; self.x26 = x26; self.y26 = y26
    }
}

/// What one layer draws of its own, in drawing order, as `FastLayerRenderer` takes it: a layer's
/// `emitContent(into:ctm:)` calls these instead of drawing. Every call names the shape, its
/// transform to the canvas and its paint; the renderer caches coverage by content, so a shape
/// whose transform only moves by whole pixels is not rasterized again.
public struct LayerContentSink {
    var ops: [RenderOp] = []

    /// Fills `path` (in the coordinates `transform` maps to the canvas) with `paint`.
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, transform: Transform, paint: LayerPaint) {
        guard !path.isEmpty else { return }
        ops.append(RenderOp(kind: .fill, path: path, transform: transform, rule: rule, paint: paint))
    }

    /// Fills the rectangle `rect` (mapped by `transform`) with `paint`, with exact area coverage.
    public mutating func fill(rect: Rect, transform: Transform, paint: LayerPaint) {
        guard !rect.isEmpty else { return }
        if transform.b == 0, transform.c == 0 {
            var op = RenderOp(kind: .rect, path: Path(), transform: transform, rule: .nonZero, paint: paint)
            op.rect = RenderOp.deviceRect(rect, transform)
            ops.append(op)
        } else {
            ops.append(RenderOp(kind: .fill, path: Path(rect: rect), transform: transform, rule: .nonZero, paint: paint))
        }
    }

    /// Strokes `path` with `stroke` (the outline is made as `ShapeLayer.strokeOutline` makes it).
    public mutating func stroke(_ path: Path, _ stroke: StrokeSpec, transform: Transform, paint: LayerPaint) {
        guard !path.isEmpty else { return }
        var op = RenderOp(kind: .fill, path: path, transform: transform, rule: .nonZero, paint: paint)
        op.stroke = stroke
        ops.append(op)
    }

    /// Fills pieces whose ink does not overlap (their exact boxes are disjoint) as one shape: the
    /// coverage of their union is the sum of theirs, so each piece is cached on its own (a glyph
    /// moving by whole pixels is a copy). `origin` maps 26.6 units at the line origin to the canvas
    /// (y up in the pieces, so it flips y).
    public mutating func fill(pieces: [GlyphPiece], lineTransform: Transform, paint: LayerPaint) {
        guard !pieces.isEmpty else { return }
        let begin = ops.count
        ops.append(RenderOp(kind: .sumBegin, path: Path(), transform: lineTransform, rule: .nonZero, paint: paint))
        for p in pieces where !p.outline.isEmpty {
            let t = Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64, tx: Double(p.x26) / 64, ty: -Double(p.y26) / 64)
            ops.append(RenderOp(kind: .sumPart, path: p.outline, transform: t.concatenating(lineTransform), rule: .nonZero, paint: paint))
        }
        ops[begin].end = ops.count
    }

    /// Fills `color` with a coverage image in canvas pixels (its size must be the canvas's).
    public mutating func fill(coverage: Coverage, paint: LayerPaint) {
        var op = RenderOp(kind: .image, path: Path(), transform: .identity, rule: .nonZero, paint: paint)
        op.image = coverage
        ops.append(op)
    }
}

/// An integer rectangle of pixels, `x0 ..< x1` by `y0 ..< y1`.
public struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    /// Left column (inclusive) and right column (exclusive).
    public var x0, x1: Int
    /// Top row (inclusive) and bottom row (exclusive).
    public var y0, y1: Int

    /// A rectangle.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    /// The empty rectangle.
    public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// True when it holds no pixel.
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    /// Pixels it holds.
    public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
    /// The smallest rectangle holding both (the empty one is the identity).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    /// The common part (empty when none).
    public func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    /// True when they share a pixel.
    public func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }
    /// `x0,y0 ..< x1,y1`.
    public var description: String { "\(x0),\(y0)..<\(x1),\(y1)" }

    /// The pixels a device-space rectangle touches, or nil when it is not finite.
    static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect? {
        let lim = 1e9
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let x0 = Int(max(-lim, min(lim, minX.rounded(.down)))), y0 = Int(max(-lim, min(lim, minY.rounded(.down))))
        let x1 = Int(max(-lim, min(lim, maxX.rounded(.up)))), y1 = Int(max(-lim, min(lim, maxY.rounded(.up))))
        return PixelRect(x0: x0, y0: y0, x1: max(x1, x0), y1: max(y1, y0))
    }
}

/// One step of a flattened layer tree: a fill, a group's start, its mask's start, or its end.
struct RenderOp {
    enum Kind: UInt8 { case fill, rect, sumBegin, sumPart, image, groupBegin, maskBegin, groupEnd }
    var kind: Kind
    /// The shape (kept so that its storage, which identifies it, stays alive).
    var path: Path
    var transform: Transform
    var rule: FillRule
    var paint: LayerPaint
    var stroke: StrokeSpec?
    /// `.rect`: the device rectangle; group: the clip rectangle in device space (axis-aligned clip).
    var rect = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
    var image: Coverage?
    /// Group: opacity; whether a mask and a clip follow.
    var opacity = 1.0
    var hasMask = false
    /// `.groupBegin`: index of its `.maskBegin` (when it has a mask), and whether the mask is drawn
    /// first (the content is costlier: gradients), so the content is drawn only where it shows.
    var maskIndex = -1
    var maskFirst = false
    /// `.groupBegin`: rows and columns where the mask is exactly opaque and the group needs no
    /// buffer (opacity 1, no clip): its content is drawn straight onto the level below.
    var bypassRows = 0 ..< 0
    var bypassColumns = 0 ..< 0
    /// `.sumBegin`: the parts' columns do not overlap, so each is painted from its own tile.
    var disjointParts = false
    var clip: ClipKind = .none
    /// `.groupBegin`: index of its `.groupEnd`; `.maskBegin`: of the group's begin; `.sumBegin`: one past its last part.
    var end = 0
    /// Who made the step, to find it again in the next frame's list: the model layer
    /// (`Layer.modelIdentity`), the step's number among that layer's steps, and its index in its list.
    var origin: UInt = 0
    var seq: Int32 = 0
    var at: Int32 = 0
    // Resolved each frame.
    var tile: CoverageTile?
    var tileX = 0, tileY = 0
    /// The tile's values and size, for the row workers (which then touch no reference counts).
    var tileValues: UnsafePointer<Float>?
    var tileWidth = 0, tileHeight = 0
    /// `.sumBegin`: the parts that draw anything lie in `parts` (a sub-range of its parts).
    var parts = 0 ..< 0
    var bounds = PixelRect.empty
    var gradient = -1

    enum ClipKind: Equatable { case none, rect, path }

    init(kind: Kind, path: Path, transform: Transform, rule: FillRule, paint: LayerPaint) {
        self.kind = kind; self.path = path; self.transform = transform; self.rule = rule; self.paint = paint
    }

    static func deviceRect(_ r: Rect, _ t: Transform) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let a = t.apply(Point(r.minX, r.minY)), b = t.apply(Point(r.maxX, r.maxY))
        return (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
    }

    // The comparisons below read both steps in place, through pointers: calling a method on a step
    // in a buffer, or passing one, copies it first (a dozen reference counts each way).

    /// The same kind, fill rule, stroke and paint.
    private static func paintsLike(_ a: UnsafePointer<RenderOp>, _ b: UnsafePointer<RenderOp>) -> Bool {
        a.pointee.kind == b.pointee.kind && a.pointee.rule == b.pointee.rule && a.pointee.stroke == b.pointee.stroke
            && a.pointee.paint == b.pointee.paint
    }

    /// The same rectangle, opacity, mask, clip and extent (what a group or a rectangle adds; the
    /// extent counted in steps from the step itself, which may stand elsewhere in its list).
    private static func groupsLike(_ a: UnsafePointer<RenderOp>, _ b: UnsafePointer<RenderOp>) -> Bool {
        a.pointee.rect == b.pointee.rect && a.pointee.opacity == b.pointee.opacity && a.pointee.hasMask == b.pointee.hasMask
            && a.pointee.clip == b.pointee.clip && relativeEnd(a) == relativeEnd(b)
    }

    /// Where `end` points, counted from the step (0 for the kinds that have none).
    @inline(__always)
    private static func relativeEnd(_ a: UnsafePointer<RenderOp>) -> Int {
        switch a.pointee.kind {
        case .groupBegin, .maskBegin, .groupEnd, .sumBegin: return a.pointee.end - Int(a.pointee.at)
        case .fill, .rect, .sumPart, .image: return 0
        }
    }

    /// Where a group's mask starts, counted from the step (-1: it has none).
    @inline(__always)
    private static func relativeMask(_ a: UnsafePointer<RenderOp>) -> Int {
        a.pointee.maskIndex < 0 ? -1 : a.pointee.maskIndex - Int(a.pointee.at)
    }

    /// The same shape (one storage, or equal elements).
    private static func sameShape(_ a: UnsafePointer<RenderOp>, _ b: UnsafePointer<RenderOp>) -> Bool {
        a.pointee.path.sharesStorage(with: b.pointee.path) || a.pointee.path == b.pointee.path
    }

    /// True for a group or a sum (`a`) that draws what `b` drew wherever its content is the same:
    /// they differ at most in their bounds and (where it is not used: a sum's, or a group's without
    /// a path clip) their transform. The bounds follow the content and change no pixel by themselves.
    static func placesSame(_ a: UnsafePointer<RenderOp>, as b: UnsafePointer<RenderOp>) -> Bool {
        (a.pointee.kind == .sumBegin || a.pointee.kind == .groupBegin) && a.pointee.clip != .path && paintsLike(a, b)
            && groupsLike(a, b) && relativeMask(a) == relativeMask(b) && a.pointee.maskFirst == b.pointee.maskFirst
            && a.pointee.bypassRows == b.pointee.bypassRows && a.pointee.bypassColumns == b.pointee.bypassColumns
    }

    /// True when it paints one solid colour.
    var paintsSolid: Bool {
        if case .color = paint { return true }
        return false
    }

    /// True for a fill (`a`) that is `b`'s shape, fill rule, stroke and paint under the same linear
    /// part, moved: its pixels differ from `b`'s only where the two tiles' coverages differ.
    static func movedOnly(_ a: UnsafePointer<RenderOp>, from b: UnsafePointer<RenderOp>) -> Bool {
        let s = a.pointee.transform, t = b.pointee.transform
        return (a.pointee.kind == .fill || a.pointee.kind == .sumPart) && paintsLike(a, b) && s.a == t.a && s.b == t.b
            && s.c == t.c && s.d == t.d && a.pointee.image == nil && b.pointee.image == nil && sameShape(a, b)
    }

    /// Where a step that only changed its linear gradient's stops (same shape, place, group and a
    /// gradient along x under the same mapping; the shimmer's band) can draw differently: the columns
    /// where the old or the new stops are not clear, within the step's bounds. Elsewhere both
    /// gradients are clear (pad beyond a clear end stop, or between two clear stops). Nil when the
    /// steps are not like that (then all of their bounds is damage).
    static func gradientChange(_ a: UnsafePointer<RenderOp>, from b: UnsafePointer<RenderOp>) -> PixelRect? {
        guard a.pointee.kind == b.pointee.kind, a.pointee.rule == b.pointee.rule, a.pointee.stroke == b.pointee.stroke,
              a.pointee.transform == b.pointee.transform, groupsLike(a, b), sameShape(a, b), a.pointee.image == nil,
              b.pointee.image == nil, a.pointee.bounds == b.pointee.bounds,
              case .gradient(let pa, let ctmA) = a.pointee.paint, case .gradient(let pb, let ctmB) = b.pointee.paint,
              case .linear(let stopsA, let sA, let eA) = pa, case .linear(let stopsB, let sB, let eB) = pb,
              sA == sB, eA == eB, ctmA == ctmB, let m = pa.canvasMapping(ctm: ctmA), m.ay == 0, m.ax != 0, m.ax.isFinite
        else { return nil }
        let box = a.pointee.bounds
        guard let ta = visibleRange(stopsA), let tb = visibleRange(stopsB) else { return nil }
        // Columns whose centre's t (ax (x + 0.5) + c) lies inside a range, widened by a pixel each side.
        func columns(_ t: Range<Double>) -> PixelRect {
            guard t.lowerBound < t.upperBound else { return .empty }
            let u0 = (t.lowerBound - m.c) / m.ax - 0.5, u1 = (t.upperBound - m.c) / m.ax - 0.5
            let lo = Swift.min(u0, u1), hi = Swift.max(u0, u1)
            let x0 = lo.isFinite ? Int(Swift.max(Swift.min(lo.rounded(.down) - 1, Double(box.x1)), Double(box.x0))) : box.x0
            let x1 = hi.isFinite ? Int(Swift.max(Swift.min(hi.rounded(.up) + 2, Double(box.x1)), Double(box.x0))) : box.x1
            return PixelRect(x0: x0, y0: box.y0, x1: x1, y1: box.y1)
        }
        return columns(ta).union(columns(tb))
    }

    /// The gradient positions where `stops` (sorted by location) are not clear: from the stop before
    /// the first non-clear one to the stop after the last (unbounded where that is an end stop, which
    /// pads). Empty when every stop is clear; nil when the stops are not sorted or not finite.
    private static func visibleRange(_ stops: [GradientStop]) -> Range<Double>? {
        guard !stops.isEmpty else { return nil }
        var first = -1, last = -1, previous = -Double.infinity
        for (k, s) in stops.enumerated() {
            guard s.location.isFinite, s.location >= previous else { return nil }
            previous = s.location
            if s.color.a > 0 { if first < 0 { first = k }; last = k }
        }
        guard first >= 0 else { return 0 ..< 0 }
        let lo = first == 0 ? -Double.infinity : stops[first - 1].location
        let hi = last == stops.count - 1 ? Double.infinity : stops[last + 1].location
        return lo < hi ? lo ..< hi : nil
    }

    /// True when drawing `a` lays down the same pixels as drawing `b` did (same shape, place and paint).
    static func drawsSame(_ a: UnsafePointer<RenderOp>, as b: UnsafePointer<RenderOp>) -> Bool {
        guard paintsLike(a, b), a.pointee.transform == b.pointee.transform, groupsLike(a, b), sameShape(a, b) else { return false }
        switch (a.pointee.image, b.pointee.image) {
        case (nil, nil): return true
        case (let x?, let y?): return x == y
        default: return false
        }
    }
}

extension Path {
    /// True when both paths use the same element storage (a cheap identity check; equal paths may
    /// still have different storage).
    func sharesStorage(with o: Path) -> Bool { storageID == o.storageID }

    /// The address of the element storage: identifies the path while it is alive.
    var storageID: UInt {
        elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}

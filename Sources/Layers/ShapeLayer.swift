import Animation
import Geometry
import Raster

/// A layer that fills a path, like `CAShapeLayer`.
open class ShapeLayer: Layer, @unchecked Sendable {
    /// The shape, in the layer's coordinates.
    public var path: Path? {
        get { shape.path }
        set { shape.path = newValue }
    }
    /// Fill colour; nil fills nothing. Defaults to opaque black, as Core Animation does.
    public final var fillColor: Color? {
        get { shape.fillColor }
        set { shape.fillColor = newValue }
    }
    /// A gradient (or solid) fill in the layer's coordinates; when set it is drawn instead of
    /// `fillColor`.
    public final var fillPaint: Paint? {
        get { shape.fillPaint }
        set { shape.fillPaint = newValue }
    }
    /// A gradient (or solid) stroke in the layer's coordinates; when set it is drawn instead of
    /// `strokeColor` (the line's width, joins, caps and trim as for the colour).
    public final var strokePaint: Paint? {
        get { shape.strokePaint }
        set { shape.strokePaint = newValue }
    }
    /// How overlapping contours fill.
    public var fillRule: FillRule {
        get { shape.fillRule }
        set { shape.fillRule = newValue }
    }
    /// Stroke colour; nil (the default, as in Core Animation) strokes nothing.
    public final var strokeColor: Color? {
        get { shape.strokeColor }
        set { shape.strokeColor = newValue }
    }
    /// Stroke width in the layer's coordinates (half on each side of the path).
    public final var lineWidth: Double {
        get { shape.lineWidth }
        set { shape.lineWidth = newValue }
    }
    /// How stroked segments meet.
    public var lineJoin: LineJoin {
        get { shape.lineJoin }
        set { shape.lineJoin = newValue }
    }
    /// How open stroked ends look.
    public var lineCap: LineCap {
        get { shape.lineCap }
        set { shape.lineCap = newValue }
    }
    /// Longest miter, in stroke widths, before a miter join becomes a bevel.
    public var miterLimit: Double {
        get { shape.miterLimit }
        set { shape.miterLimit = newValue }
    }
    /// Where the stroke starts, as a fraction (0...1) of the whole path's length.
    public final var strokeStart: Double {
        get { shape.strokeStart }
        set { shape.strokeStart = newValue }
    }
    /// Where the stroke ends, as a fraction (0...1) of the whole path's length.
    public final var strokeEnd: Double {
        get { shape.strokeEnd }
        set { shape.strokeEnd = newValue }
    }
    /// The properties above in one value (copied into a presentation copy in one assignment).
    final var shape = ShapeProperties() { didSet { version &+= 1 } }

    /// An empty shape layer.
    public override init() { super.init() }

    /// A copy of the properties, including the shape's.
    open override func copyProperties() -> Layer {
        let l = ShapeLayer()
        copyBase(to: l)
        l.shape = shape
        return l
    }

    /// Writes the layer's and the shape's properties into `other` (a `ShapeLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? ShapeLayer else { return }
        l.shape = shape
    }

    /// Fills the path with exact coverage, then strokes it (Core Animation's order).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let path, !path.isEmpty else { return }
        if let fill = fill {
            let cov = rasterizer.coverage(of: path, width: canvas.width, height: canvas.height, rule: fillRule, transform: ctm)
            canvas.fill(fill, ctm: ctm, coverage: cov)
        }
        if let outline = strokeOutline(ctm: ctm), let stroke {
            let cov = rasterizer.coverage(of: outline, width: canvas.width, height: canvas.height, rule: .nonZero, transform: ctm)
            canvas.fill(stroke, ctm: ctm, coverage: cov)
        }
    }

    /// The fill and the stroke, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        guard let path, !path.isEmpty else { return }
        if let fill { sink.fill(path, rule: fillRule, transform: ctm, paint: LayerPaint(fill, ctm: ctm)) }
        guard let stroke, lineWidth > 0, lineWidth.isFinite else { return }
        let start = min(max(strokeStart.isNaN ? 0 : strokeStart, 0), 1)
        let end = min(max(strokeEnd.isNaN ? 1 : strokeEnd, 0), 1)
        guard end > start else { return }
        let style = StrokeStyle(width: lineWidth, join: lineJoin, cap: lineCap, miterLimit: miterLimit)
        sink.stroke(path, StrokeSpec(style: style, start: start, end: end), transform: ctm, paint: LayerPaint(stroke, ctm: ctm))
    }

    /// What the fill lays down (`fillPaint`, else `fillColor`), nil when it draws nothing.
    public var fill: Paint? {
        let p = fillPaint ?? fillColor.map(Paint.solid)
        guard let p, !p.isInvisible else { return nil }
        return p
    }

    /// What the stroke lays down (`strokePaint`, else `strokeColor`), nil when it draws nothing.
    public var stroke: Paint? {
        let p = strokePaint ?? strokeColor.map(Paint.solid)
        guard let p, !p.isInvisible else { return nil }
        return p
    }

    /// The outline of `path`'s stroke trimmed and styled by `spec`, in the path's coordinates,
    /// flattened finely enough for `ctm` (what `strokeOutline(ctm:)` returns for a layer with those
    /// properties).
    public static func strokeOutline(of path: Path, _ spec: StrokeSpec, ctm: Transform) -> Path {
        let tolerance = strokeTolerance(ctm: ctm)
        var flat = path.flattenedContours(tolerance: tolerance)
        if spec.start > 0 || spec.end < 1 { flat = flat.trimmed(from: spec.start, to: spec.end) }
        return flat.strokeOutline(spec.style, tolerance: tolerance)
    }

    /// The flattening tolerance, in the path's coordinates, that keeps a stroke's outline within
    /// `Path.defaultTolerance` on the canvas under `ctm` (the largest stretch the transform applies to
    /// a unit vector bounds the canvas error).
    static func strokeTolerance(ctm: Transform) -> Double {
        let stretch = max((ctm.a * ctm.a + ctm.b * ctm.b).squareRoot(), (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot(), 1e-12)
        return Path.defaultTolerance / (stretch * 2)
    }

    /// The outline of the stroke in the layer's coordinates (nil when nothing is stroked): the path
    /// trimmed to `strokeStart...strokeEnd` by arc length, stroked with the layer's style. Curves and
    /// round parts are flattened finely enough for `ctm` (within `Path.defaultTolerance` on the canvas).
    /// Allocates: this is the reference path.
    public func strokeOutline(ctm: Transform = .identity) -> Path? {
        guard let path, !path.isEmpty, stroke != nil, lineWidth > 0, lineWidth.isFinite else { return nil }
        let start = min(max(strokeStart.isNaN ? 0 : strokeStart, 0), 1)
        let end = min(max(strokeEnd.isNaN ? 1 : strokeEnd, 0), 1)
        guard end > start else { return nil }
        let style = StrokeStyle(width: lineWidth, join: lineJoin, cap: lineCap, miterLimit: miterLimit)
        return Self.strokeOutline(of: path, StrokeSpec(style: style, start: start, end: end), ctm: ctm)
    }
}

/// A layer whose content is a coverage image in canvas pixels, filled with a colour: how a
/// bitmap's alpha (a mask image) enters the tree. It draws at its canvas position only, so it must
/// sit where its layer-to-canvas transform is the identity.
open class CoverageLayer: Layer, @unchecked Sendable {
    /// Coverage per canvas pixel.
    public var coverage: Coverage?
    /// The colour laid down with that coverage.
    public var color: Color = .black
    /// A gradient (or solid) in canvas coordinates laid down instead of `color` when set.
    public var paint: Paint?

    /// An empty coverage layer.
    public override init() { super.init() }

    /// A copy including the coverage.
    open override func copyProperties() -> Layer {
        let l = CoverageLayer()
        copyBase(to: l)
        l.coverage = coverage; l.color = color; l.paint = paint
        return l
    }

    /// Writes the layer's properties and the coverage into `other` (a `CoverageLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? CoverageLayer else { return }
        l.coverage = coverage; l.color = color; l.paint = paint
    }

    /// The coverage image, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        guard let coverage else { return }
        sink.fill(coverage: coverage, paint: LayerPaint(paint ?? .solid(color), ctm: .identity))
    }

    /// Fills `color` with the stored coverage (sizes must match the canvas).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let coverage, coverage.width == canvas.width, coverage.height == canvas.height else { return }
        canvas.fill(paint ?? .solid(color), ctm: .identity, coverage: coverage)
    }
}

/// A shape layer's own properties (see `ShapeLayer`), kept together so that they are copied as one value.
struct ShapeProperties {
    var path: Path?
    var fillColor: Color? = .black
    var fillPaint: Paint?
    var strokePaint: Paint?
    var fillRule = FillRule.nonZero
    var strokeColor: Color?
    var lineWidth = 1.0
    var lineJoin = LineJoin.miter
    var lineCap = LineCap.butt
    var miterLimit = 10.0
    var strokeStart = 0.0
    var strokeEnd = 1.0
}

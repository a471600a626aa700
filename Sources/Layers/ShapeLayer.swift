import Animation
import Geometry
import Raster

/// A layer that fills a path, like `CAShapeLayer`.
open class ShapeLayer: Layer, @unchecked Sendable {
    /// The shape, in the layer's coordinates.
    public var path: Path?
    /// Fill colour; nil fills nothing. Defaults to opaque black, as Core Animation does.
    public final var fillColor: Color? = .black
    /// How overlapping contours fill.
    public var fillRule = FillRule.nonZero
    /// Stroke colour; nil (the default, as in Core Animation) strokes nothing.
    public final var strokeColor: Color?
    /// Stroke width in the layer's coordinates (half on each side of the path).
    public final var lineWidth = 1.0
    /// How stroked segments meet.
    public var lineJoin = LineJoin.miter
    /// How open stroked ends look.
    public var lineCap = LineCap.butt
    /// Longest miter, in stroke widths, before a miter join becomes a bevel.
    public var miterLimit = 10.0
    /// Where the stroke starts, as a fraction (0...1) of the whole path's length.
    public final var strokeStart = 0.0
    /// Where the stroke ends, as a fraction (0...1) of the whole path's length.
    public final var strokeEnd = 1.0

    /// An empty shape layer.
    public override init() { super.init() }

    /// A copy of the properties, including the shape's.
    open override func copyProperties() -> Layer {
        let l = ShapeLayer()
        copyBase(to: l)
        l.path = path; l.fillColor = fillColor; l.fillRule = fillRule
        l.strokeColor = strokeColor; l.lineWidth = lineWidth; l.lineJoin = lineJoin; l.lineCap = lineCap
        l.miterLimit = miterLimit; l.strokeStart = strokeStart; l.strokeEnd = strokeEnd
        return l
    }

    /// Writes the layer's and the shape's properties into `other` (a `ShapeLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? ShapeLayer else { return }
        l.path = path; l.fillColor = fillColor; l.fillRule = fillRule
        l.strokeColor = strokeColor; l.lineWidth = lineWidth; l.lineJoin = lineJoin; l.lineCap = lineCap
        l.miterLimit = miterLimit; l.strokeStart = strokeStart; l.strokeEnd = strokeEnd
    }

    /// Fills the path with exact coverage, then strokes it (Core Animation's order).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let path, !path.isEmpty else { return }
        if let fillColor, fillColor.a > 0 {
            let cov = rasterizer.coverage(of: path, width: canvas.width, height: canvas.height, rule: fillRule, transform: ctm)
            canvas.fill(fillColor, coverage: cov)
        }
        if let outline = strokeOutline(ctm: ctm), let strokeColor {
            let cov = rasterizer.coverage(of: outline, width: canvas.width, height: canvas.height, rule: .nonZero, transform: ctm)
            canvas.fill(strokeColor, coverage: cov)
        }
    }

    /// The fill and the stroke, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        guard let path, !path.isEmpty else { return }
        if let fillColor, fillColor.a > 0 { sink.fill(path, rule: fillRule, transform: ctm, paint: .color(fillColor)) }
        guard let strokeColor, strokeColor.a > 0, lineWidth > 0, lineWidth.isFinite else { return }
        let start = min(max(strokeStart.isNaN ? 0 : strokeStart, 0), 1)
        let end = min(max(strokeEnd.isNaN ? 1 : strokeEnd, 0), 1)
        guard end > start else { return }
        let style = StrokeStyle(width: lineWidth, join: lineJoin, cap: lineCap, miterLimit: miterLimit)
        sink.stroke(path, StrokeSpec(style: style, start: start, end: end), transform: ctm, color: strokeColor)
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
        guard let path, !path.isEmpty, let strokeColor, strokeColor.a > 0, lineWidth > 0, lineWidth.isFinite else { return nil }
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

    /// An empty coverage layer.
    public override init() { super.init() }

    /// A copy including the coverage.
    open override func copyProperties() -> Layer {
        let l = CoverageLayer()
        copyBase(to: l)
        l.coverage = coverage; l.color = color
        return l
    }

    /// Writes the layer's properties and the coverage into `other` (a `CoverageLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? CoverageLayer else { return }
        l.coverage = coverage; l.color = color
    }

    /// The coverage image, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        guard let coverage else { return }
        sink.fill(coverage: coverage, color: color)
    }

    /// Fills `color` with the stored coverage (sizes must match the canvas).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let coverage, coverage.width == canvas.width, coverage.height == canvas.height else { return }
        canvas.fill(color, coverage: coverage)
    }
}

import Animation
import Geometry
import Raster

/// A layer that fills a path, like `CAShapeLayer`.
open class ShapeLayer: Layer, @unchecked Sendable {
    /// The shape, in the layer's coordinates.
    public var path: Path?
    /// Fill colour; nil fills nothing. Defaults to opaque black, as Core Animation does.
    public var fillColor: Color? = .black
    /// How overlapping contours fill.
    public var fillRule = FillRule.nonZero

    /// An empty shape layer.
    public override init() { super.init() }

    /// A copy of the properties, including the shape's.
    open override func copyProperties() -> Layer {
        let l = ShapeLayer()
        copyBase(to: l)
        l.path = path; l.fillColor = fillColor; l.fillRule = fillRule
        return l
    }

    /// Fills the path with exact coverage.
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let path, let fillColor, fillColor.a > 0, !path.isEmpty else { return }
        let cov = rasterizer.coverage(of: path, width: canvas.width, height: canvas.height, rule: fillRule, transform: ctm)
        canvas.fill(fillColor, coverage: cov)
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

    /// Fills `color` with the stored coverage (sizes must match the canvas).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let coverage, coverage.width == canvas.width, coverage.height == canvas.height else { return }
        canvas.fill(color, coverage: coverage)
    }
}

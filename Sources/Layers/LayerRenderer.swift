import Geometry
import Raster

/// Draws a layer tree into a Float32 canvas: exact coverage per shape, source-over in
/// premultiplied Float32, masks and group opacity through offscreen canvases, rounded once at the end.
public final class LayerRenderer {
    private let rasterizer = Rasterizer()
    private let shadows = ShadowMaker()

    /// A renderer with its own rasterizer buffers.
    public init() {}

    /// Renders `root` (already a presentation tree) on a transparent `width` x `height` canvas.
    public func render(_ root: Layer, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        draw(root, into: &canvas, parentCTM: .identity)
        return canvas
    }

    /// Renders and rounds to an 8-bit pixmap.
    public func renderPixmap(_ root: Layer, width: Int, height: Int) -> Pixmap {
        render(root, width: width, height: height).pixmap()
    }

    private func draw(_ layer: Layer, into canvas: inout Canvas, parentCTM: Transform) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        if layer.castsShadow {
            // The shadow beneath the layer (see `ShadowMaker`).
            // A coverage per shadow: a sublayer's shadow is made while this one's source is drawn.
            var coverage = Coverage(width: canvas.width, height: canvas.height)
            shadows.shadow(of: layer, parentCTM: parentCTM, width: canvas.width, height: canvas.height,
                           into: &coverage) { alone in self.drawWithoutShadow(layer, into: &alone, parentCTM: parentCTM) }
            canvas.fill(layer.shadowColor, coverage: coverage)
        }
        drawWithoutShadow(layer, into: &canvas, parentCTM: parentCTM)
    }

    /// Draws `layer` (under `parentCTM`) without its own shadow onto `canvas`: the alpha that casts it.
    func drawAlone(_ layer: Layer, into canvas: inout Canvas, parentCTM: Transform) {
        drawWithoutShadow(layer, into: &canvas, parentCTM: parentCTM)
    }

    private func drawWithoutShadow(_ layer: Layer, into canvas: inout Canvas, parentCTM: Transform) {
        let ctm = layer.transformToSuperlayer.concatenating(parentCTM)
        let grouped = layer.mask != nil || layer.opacity < 1 || layer.masksToBounds
        if !grouped {
            drawSelfAndSublayers(layer, into: &canvas, ctm: ctm)
            return
        }
        var group = Canvas(width: canvas.width, height: canvas.height)
        drawSelfAndSublayers(layer, into: &group, ctm: ctm)
        var maskCoverage: Coverage?
        if let mask = layer.mask {
            var m = Canvas(width: canvas.width, height: canvas.height)
            draw(mask, into: &m, parentCTM: ctm)          // a mask lives in its layer's coordinates
            maskCoverage = m.alphaCoverage
        }
        if layer.masksToBounds {
            let clip = rasterizer.coverage(of: Path(rect: layer.bounds), width: canvas.width, height: canvas.height,
                                           rule: .nonZero, transform: ctm)
            maskCoverage = maskCoverage.map { $0.multiplied(by: clip) } ?? clip
        }
        canvas.composite(group, coverage: maskCoverage, opacity: Float(min(max(layer.opacity, 0), 1)))
    }

    private func drawSelfAndSublayers(_ layer: Layer, into canvas: inout Canvas, ctm: Transform) {
        if let bg = layer.backgroundColor, bg.a > 0, !layer.bounds.isEmpty {
            let cov = rasterizer.coverage(of: Path(rect: layer.bounds), width: canvas.width, height: canvas.height,
                                          rule: .nonZero, transform: ctm)
            canvas.fill(bg, coverage: cov)
        }
        layer.drawContent(in: &canvas, ctm: ctm, rasterizer: rasterizer)
        for s in layer.sublayers { draw(s, into: &canvas, parentCTM: ctm) }
    }
}

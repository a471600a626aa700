import Geometry
import Raster

/// Makes a layer's shadow, the same way for both renderers, as coverage to fill with the shadow's
/// colour beneath the layer (in the layer's superlayer, before the layer draws).
///
/// The source alpha is the coverage of `shadowPath` under the layer's transform to the canvas
/// (non-zero rule) times the layer's opacity, or without a path the alpha of the layer drawn alone
/// on a transparent canvas by the reference renderer (its content, sublayers, mask, clip and
/// opacity; its own shadow left out). The shadow is that alpha blurred by `ShadowBlur` for the
/// radius on the canvas (the radius times the superlayer-to-canvas transform's mean scale,
/// `sqrt|det|`), moved by `shadowOffset` mapped by that transform's linear part and rounded to
/// whole pixels, times `shadowOpacity`. Only what lies on the canvas casts a shadow.
///
/// Buffers are kept: a shadow with a path of one canvas size allocates nothing once they exist
/// (without a path, the reference drawing allocates).
final class ShadowMaker {
    private let blur = ShadowBlur()
    private let rasterizer = Rasterizer()
    private var polylines = Polylines()
    private var source = Coverage(width: 0, height: 0)

    /// The coverage of a coverage layer in one colour with nothing else to draw (no background,
    /// sublayers or mask): its shadow's source is read off it directly.
    static func directImage(_ layer: Layer) -> Coverage? {
        guard let l = layer as? CoverageLayer, l.paint == nil, l.backgroundColor == nil, l.sublayers.isEmpty, l.mask == nil,
              !l.masksToBounds, l.color.a > 0 else { return nil }
        return l.coverage
    }

    static func canvasGeometry(_ layer: Layer, parentCTM: Transform) -> (radius: Double, dx: Int, dy: Int) {
        ShadowGeometry.canvas(layer, parentCTM: parentCTM)
    }

    /// Writes `layer`'s shadow into `out` (resized to the canvas when its size differs).
    /// `drawAlone` draws the layer alone (without its shadow) onto the transparent canvas it is given.
    func shadow(of layer: Layer, parentCTM: Transform, width: Int, height: Int, into out: inout Coverage,
                drawAlone: (inout Canvas) -> Void) {
        if out.width != width || out.height != height { out = Coverage(width: width, height: height) }
        if source.width != width || source.height != height { source = Coverage(width: width, height: height) }
        let opacity = Float(min(max(layer.opacity, 0), 1))
        if let path = layer.shadowPath {
            let ctm = layer.transformToSuperlayer.concatenating(parentCTM)
            path.flatten(into: &polylines, transform: ctm)
            rasterizer.render(polylines, rule: .nonZero, into: &source)
            if opacity < 1 { for i in source.values.indices { source.values[i] *= opacity } }
        } else if let image = Self.directImage(layer), image.width == width, image.height == height {
            // A coverage layer alone: its alpha is the colour's times the coverage (as drawn).
            let al = (layer as? CoverageLayer)?.color.premultiplied.w ?? 1
            for i in source.values.indices {
                let a = al * image.values[i]
                source.values[i] = opacity < 1 ? a * opacity : a
            }
        } else {
            var c = Canvas(width: width, height: height)
            drawAlone(&c)
            for i in source.values.indices { source.values[i] = min(max(c.pixels[i].w, 0), 1) }
        }
        let g = Self.canvasGeometry(layer, parentCTM: parentCTM)
        let k = Float(min(max(layer.shadowOpacity, 0), 1))
        blur.shadow(of: &source, radius: g.radius, dx: g.dx, dy: g.dy, opacity: k, into: &out)
    }
}

/// Where a layer's shadow lands on the canvas.
public enum ShadowGeometry {
    /// The blur radius and whole-pixel offset on the canvas of `layer`'s shadow under `parentCTM`
    /// (its superlayer's transform to the canvas).
    public static func canvas(_ layer: Layer, parentCTM: Transform) -> (radius: Double, dx: Int, dy: Int) {
        let t = parentCTM
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        let o = layer.shadowOffset
        let ox = t.a * o.x + t.c * o.y, oy = t.b * o.x + t.d * o.y
        func whole(_ v: Double) -> Int { Int(max(-1e6, min(1e6, v.isFinite ? v : 0)).rounded()) }
        let r = layer.shadowRadius * scale
        return (r.isFinite ? min(max(r, 0), ShadowBlur.maxRadius) : 0, whole(ox), whole(oy))
    }
}

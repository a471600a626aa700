import Geometry
import Raster

/// A layer that fills its bounds with a linear gradient, like `CAGradientLayer` (axial type).
///
/// `startPoint` and `endPoint` are in unit coordinates of the bounds ((0, 0) top-left, (1, 1)
/// bottom-right) and map onto the bounds; the colour is constant on lines perpendicular to the
/// segment between them in the layer's coordinates (what Core Graphics draws between the mapped
/// points), and the end colours extend beyond them. Colours blend in straight RGBA, as Core
/// Animation's do (see `Gradient`). The colour is evaluated at each pixel centre in Float32; the
/// bounds' edges get exact area coverage.
open class GradientLayer: Layer, @unchecked Sendable {
    /// The stops' colours, in order; empty draws nothing.
    public final var colors: [Color] = []
    /// Where each colour sits along the axis, 0...1 (nil, or not one per colour: evenly spaced).
    public final var locations: [Double]?
    /// Start of the axis in unit coordinates of the bounds. Core Animation's default: top centre.
    public final var startPoint = Point(0.5, 0)
    /// End of the axis in unit coordinates of the bounds. Core Animation's default: bottom centre.
    public final var endPoint = Point(0.5, 1)

    /// An empty gradient layer.
    public override init() { super.init() }

    /// A copy including the gradient.
    open override func copyProperties() -> Layer {
        let l = GradientLayer()
        copyBase(to: l)
        l.colors = colors; l.locations = locations; l.startPoint = startPoint; l.endPoint = endPoint
        return l
    }

    /// Writes the layer's and the gradient's properties into `other` (a `GradientLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? GradientLayer else { return }
        l.colors = colors; l.locations = locations; l.startPoint = startPoint; l.endPoint = endPoint
    }

    /// The stops made from `colors` and `locations` last time (kept while they stay the same, so a
    /// presentation copy drawn every frame allocates nothing), and copies of the colours and
    /// locations they were made from, in the layer's own storage: holding an animation's value
    /// itself would keep the storage its animation writes into again a few frames later (then
    /// copied, allocating) whenever the layer is not drawn for a while.
    private var madeStops: [GradientStop]?
    private var madeColors: [Color] = []
    private var madeLocations: [Double] = []
    private var madeWithLocations = false
    /// The last few stop lists made, each written into again `stopRing.count` makings later (when
    /// nobody holds it any more), so animated locations or colours allocate nothing per frame.
    private var stopRing: [[GradientStop]] = []
    private var stopNext = 0

    private static let stopRingSize = 4

    /// The gradient as a paint in the layer's coordinates, or nil when it draws nothing (no colours,
    /// empty bounds or a zero-length axis).
    public var paint: Paint? {
        guard !colors.isEmpty, !bounds.isEmpty else { return nil }
        let s = Point(bounds.minX + startPoint.x * bounds.width, bounds.minY + startPoint.y * bounds.height)
        let e = Point(bounds.minX + endPoint.x * bounds.width, bounds.minY + endPoint.y * bounds.height)
        let d = e - s
        let dd = d.x * d.x + d.y * d.y
        guard dd > 0, dd.isFinite else { return nil }
        let stops: [GradientStop]
        if let m = madeStops, madeColors == colors, madeWithLocations == (locations != nil), locations.map({ $0 == madeLocations }) ?? true {
            stops = m
        } else {
            let n = colors.count
            let given = locations.flatMap { $0.count == n && $0.allSatisfy(\.isFinite) ? $0 : nil }
            var out: [GradientStop] = []
            if stopRing.count == Self.stopRingSize { swap(&out, &stopRing[stopNext]) }
            out.removeAll(keepingCapacity: true)
            for (i, c) in colors.enumerated() {
                out.append(GradientStop(c, at: given?[i] ?? (n == 1 ? 0 : Double(i) / Double(n - 1))))
            }
            if stopRing.count < Self.stopRingSize { stopRing.append(out) } else { stopRing[stopNext] = out }
            stopNext = (stopNext + 1) % Self.stopRingSize
            stops = out
            madeStops = stops
            madeColors.removeAll(keepingCapacity: true); madeColors.append(contentsOf: colors)
            madeLocations.removeAll(keepingCapacity: true); madeLocations.append(contentsOf: locations ?? [])
            madeWithLocations = locations != nil
        }
        return .linear(stops: stops, start: s, end: e)
    }

    /// The gradient as it lands on the canvas under `ctm`, or nil when it draws nothing (no colours,
    /// empty bounds, a zero-length axis or a singular transform).
    public func canvasGradient(ctm: Transform) -> Gradient? { paint?.canvasGradient(ctm: ctm) }

    /// The gradient over the bounds, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        guard let p = paint, p.canvasMapping(ctm: ctm) != nil else { return }
        sink.fill(rect: bounds, transform: ctm, paint: LayerPaint(p, ctm: ctm))
    }

    /// Fills the bounds with the gradient. Allocates the bounds' coverage per draw (the reference path).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        guard let gradient = canvasGradient(ctm: ctm) else { return }
        let cov = rasterizer.coverage(of: Path(rect: bounds), width: canvas.width, height: canvas.height,
                                      rule: .nonZero, transform: ctm)
        canvas.fill(gradient, coverage: cov)
    }
}

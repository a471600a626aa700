import Geometry
import Raster
import Layers
import Text
import Vector

/// Per-frame opacity multipliers: at each frame and just before it.
typealias Alpha = (samples: [Double], before: [Double])

/// What one node draws of its own, bottom first (as a layer draws its content).
enum LayerPart: Equatable {
    case background
    case fill(rule: FillRule)
    case stroke
    case gradient
    case run(Int)
}

/// What the vector writers read off a sampled node: its parts, opacity, name, transform and colour
/// tracks. Shared by the Lottie and the SVG writers.
extension LayerSampling.Node {
    /// The node's own parts, bottom first. Throws `VectorExportError` for a layer that cannot be
    /// written as vectors (a bitmap, an unknown kind, a path that changes).
    func parts() throws -> [LayerPart] {
        let present = samples.compactMap { $0?.layer } + before.compactMap { $0?.layer }
        guard let l = present.first else { return [] }
        var out: [LayerPart] = []
        if present.contains(where: { ($0.backgroundColor?.a ?? 0) > 0 && !$0.bounds.isEmpty }) { out.append(.background) }
        switch l {
        case let shape as ShapeLayer:
            try checkPaths()
            guard let path = shape.path, !path.isEmpty else { break }
            if present.contains(where: { ($0 as? ShapeLayer)?.fill != nil }) { out.append(.fill(rule: shape.fillRule)) }
            if present.contains(where: { s in
                guard let s = s as? ShapeLayer, s.stroke != nil else { return false }
                return s.lineWidth > 0 && s.lineWidth.isFinite
            }) { out.append(.stroke) }
        case let gradient as GradientLayer:
            if !gradient.colors.isEmpty { out.append(.gradient) }
        case let text as TextLayer:
            for (k, run) in text.runs.enumerated() where run.color.a > 0 && !text.runPaths[k].isEmpty { out.append(.run(k)) }
        case is CoverageLayer:
            throw VectorExportError("a bitmap (mask image) layer cannot be written as vectors")
        default:
            guard type(of: l) == Layer.self else {
                throw VectorExportError("a \(type(of: l)) layer cannot be written as vectors")
            }
        }
        return out
    }

    private func checkPaths() throws {
        let paths = samples.compactMap { ($0?.layer as? ShapeLayer)?.path }
        guard let first = paths.first, paths.allSatisfy({ $0 == first }) else {
            if !paths.isEmpty { throw VectorExportError("a shape layer's path changes during the animation; vector export needs fixed paths") }
            return
        }
    }

    /// How many parts the node and its sublayers draw.
    func drawnCount() throws -> Int {
        try children.reduce(try parts().count) { $0 + (try $1.drawnCount()) }
    }

    /// The node's own opacity at each frame: opacity (clamped to 0...1), 0 when hidden or absent.
    var ownAlpha: Alpha {
        func a(_ s: (layer: Layer, ctm: Transform)?) -> Double {
            guard let l = s?.layer, !l.isHidden, l.opacity.isFinite else { return 0 }
            return min(max(l.opacity, 0), 1)
        }
        return (samples.map(a), before.map(a))
    }

    /// The layer's name, or its kind.
    var displayName: String {
        guard let l = any else { return "layer" }
        if let n = l.name { return n }
        switch l {
        case is TextLayer: return "text"
        case is GradientLayer: return "gradient"
        case is ShapeLayer: return "shape"
        default: return "layer"
        }
    }

    /// Tracks of a colour's straight RGB (0...255) and opacity (0...1, times `alpha`); nil counts as
    /// transparent, keeping the colour shown nearest in time.
    func colorTracks(alpha: Alpha, _ color: (Layer) -> Color?) -> (rgb: SampledTrack, opacity: SampledTrack) {
        func rgb(_ c: Color) -> [Double] { [Double(c.r), Double(c.g), Double(c.b)] }
        let anyColor = (samples.compactMap { $0.flatMap { color($0.layer) } }.first) ?? .clear
        let c = track({ l, _ in rgb(color(l) ?? anyColor) }, absent: rgb(anyColor))
        let a = track({ l, _ in [Double(color(l)?.a ?? 0) / 255] }, absent: [0])
        return (SampledTrack(samples: c.samples, before: c.before, tolerance: 1.5),
                SampledTrack(samples: zip(a.samples, alpha.samples).map { [$0[0] * $1] },
                             before: zip(a.before, alpha.before).map { [$0[0] * $1] }, tolerance: 0.003))
    }

    /// A track of `value`, reduced with `tolerance`.
    func sampledTrack(_ value: (Layer, Transform) -> [Double], absent: [Double], tolerance: Double = 0.01) -> SampledTrack {
        let t = track(value, absent: absent)
        return SampledTrack(samples: t.samples, before: t.before, tolerance: tolerance)
    }

    /// The fill colour as drawn (`fillPaint` when it is one colour, else `fillColor`).
    static func fillColor(_ l: Layer) -> Color? {
        guard let s = l as? ShapeLayer else { return nil }
        return s.fillPaint.map { $0.solidColor ?? .clear } ?? s.fillColor
    }

    /// The shape layer's fill (or stroke) gradient, nil when it is drawn in colours. Throws
    /// `VectorExportError` when it changes during the animation.
    func gradientPaint(stroke: Bool) throws -> Paint? {
        let paints = (samples + before).compactMap { $0?.layer as? ShapeLayer }.map { stroke ? $0.strokePaint : $0.fillPaint }
        guard let found = paints.first(where: { $0 != nil && $0?.solidColor == nil }), let first = found else { return nil }
        guard paints.allSatisfy({ $0 == first }) else {
            throw VectorExportError("a shape layer's gradient changes during the animation; vector export needs a fixed gradient")
        }
        return first
    }

    /// The layer's shadow, fixed during the animation, with its blur radius and whole-pixel offset
    /// on the canvas; nil when it casts none. Throws `VectorExportError` when it changes, or when
    /// its path is not the shape the layer draws (the formats' shadows are cast by the drawn alpha).
    func shadow() throws -> (color: Color, opacity: Double, radius: Double, dx: Int, dy: Int)? {
        let present = samples.compactMap { $0 }
        guard let first = present.first, first.layer.castsShadow else {
            if present.contains(where: { $0.layer.castsShadow }) {
                throw VectorExportError("a layer's shadow appears during the animation; vector export needs a fixed shadow")
            }
            return nil
        }
        func geometry(_ s: (layer: Layer, ctm: Transform)) -> (Double, Int, Int) {
            let parent = s.layer.transformToSuperlayer.inverted.map { $0.concatenating(s.ctm) } ?? s.ctm
            let g = ShadowGeometry.canvas(s.layer, parentCTM: parent)
            return (g.radius, g.dx, g.dy)
        }
        let g0 = geometry(first)
        for s in present {
            let l = s.layer, f = first.layer
            guard l.castsShadow, l.shadowColor == f.shadowColor, l.shadowOpacity == f.shadowOpacity, geometry(s) == g0 else {
                throw VectorExportError("a layer's shadow changes during the animation; vector export needs a fixed shadow")
            }
        }
        if let path = first.layer.shadowPath {
            guard let shape = first.layer as? ShapeLayer, shape.path == path, shape.sublayers.isEmpty, shape.mask == nil,
                  shape.stroke == nil, shape.fill?.solidColor?.a == 255 else {
                throw VectorExportError("a shadow whose path is not the layer's own opaque shape cannot be written as vectors")
            }
        }
        return (first.layer.shadowColor, min(max(first.layer.shadowOpacity, 0), 1), g0.0, g0.1, g0.2)
    }

    /// The stroke colour as drawn: transparent when the trimmed part is empty or the width is not
    /// positive.
    static func drawnStrokeColor(_ l: Layer) -> Color? {
        guard let s = l as? ShapeLayer, let c = s.strokePaint.map({ $0.solidColor ?? .clear }) ?? s.strokeColor else { return nil }
        let a = s.strokeStart.isNaN ? 0 : min(max(s.strokeStart, 0), 1), b = s.strokeEnd.isNaN ? 1 : min(max(s.strokeEnd, 0), 1)
        return b > a && s.lineWidth > 0 && s.lineWidth.isFinite ? c : Color(r: c.r, g: c.g, b: c.b, a: 0)
    }

    /// The stroke width as drawn (0 when not finite or negative).
    static func lineWidth(_ l: Layer, _: Transform) -> [Double] {
        let w = (l as? ShapeLayer)?.lineWidth ?? 0
        return [w.isFinite ? max(w, 0) : 0]
    }

    /// The stroke's trim [start, end] (clamped, end >= start) at each frame.
    var trimTrack: (samples: [[Double]], before: [[Double]]) {
        func clamp(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : min(max(v, 0), 1) }
        return track({ (l: Layer, _: Transform) -> [Double] in
            guard let s = l as? ShapeLayer else { return [0, 1] }
            let a = clamp(s.strokeStart, 0), b = clamp(s.strokeEnd, 1)
            return [a, max(a, b)]
        }, absent: [0, 1])
    }
}

extension LayerSampling.Node {
    /// A gradient layer's samples: its stops (`gradientStopValues`) and its axis [start x, y, end x,
    /// y] in its own coordinates. Throws when the number of colours changes, which no vector format
    /// can keyframe.
    func gradientSamples() throws -> (colors: Int, stops: (samples: [[Double]], before: [[Double]]),
                                     axis: (samples: [[Double]], before: [[Double]])) {
        guard let first = any as? GradientLayer else { return (0, ([], []), ([], [])) }
        let count = first.colors.count
        let stops = track({ (l: Layer, _: Transform) -> [Double] in
            guard let g = l as? GradientLayer, g.colors.count == count else { return [] }
            return gradientStopValues(g)
        }, absent: gradientStopValues(first))
        if (stops.samples + stops.before).contains(where: \.isEmpty) {
            throw VectorExportError("a gradient layer's number of colours changes during the animation; vector export needs a fixed count")
        }
        func point(_ l: Layer, _ p: (GradientLayer) -> Point) -> [Double] {
            guard let g = l as? GradientLayer else { return [0, 0] }
            let u = p(g), b = g.bounds
            return [b.minX + u.x * b.width, b.minY + u.y * b.height]
        }
        let axis = track({ l, _ in point(l) { $0.startPoint } + point(l) { $0.endPoint } }, absent: [0, 0, 0, 0])
        return (count, stops, axis)
    }
}

/// A paint's stops as Lottie lays them out: [location, r, g, b] per stop (0...1), then
/// [location, alpha] per stop.
func gradientStopValues(_ stops: [GradientStop]) -> [Double] {
    var out: [Double] = []
    for s in stops { out += [s.location, Double(s.color.r) / 255, Double(s.color.g) / 255, Double(s.color.b) / 255] }
    for s in stops { out += [s.location, Double(s.color.a) / 255] }
    return out
}

/// A gradient's stops as Lottie lays them out, which the SVG writer reads too: [location, r, g, b]
/// per colour (0...1), then [location, alpha] per colour, in location order (locations evenly spaced
/// when not one per colour, as the layer draws them).
func gradientStopValues(_ g: GradientLayer) -> [Double] {
    let n = g.colors.count
    var locations: [Double]
    if let l = g.locations, l.count == n, l.allSatisfy(\.isFinite) { locations = l } else {
        locations = (0 ..< n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
    }
    let order = locations.indices.sorted { (locations[$0], $0) < (locations[$1], $1) }
    // Stops at one location are drawn 1e-4 apart (within 1e-4 of the axis): rlottie loses the
    // opacity of coincident stops.
    var at = order.map { min(max(locations[$0], 0), 1) }
    for k in at.indices.dropFirst() where at[k] < at[k - 1] + 1e-4 { at[k] = at[k - 1] + 1e-4 }
    if let last = at.last, last > 1 {
        at[at.count - 1] = 1
        for k in at.indices.dropLast().reversed() where at[k] > at[k + 1] - 1e-4 { at[k] = max(0, at[k + 1] - 1e-4) }
    }
    var colour: [Double] = [], alpha: [Double] = []
    for (k, i) in order.enumerated() {
        let c = g.colors[i]
        colour += [at[k]] + LottieColor.rgb(c)
        alpha += [at[k], LottieColor.component(c.a)]
    }
    return colour + alpha
}

/// The components `range` of sampled values (`LayerSampling.Node.track`) as a track of their own,
/// so that a component that never changes is constant even when others move.
func sampledTrack(_ t: (samples: [[Double]], before: [[Double]]), _ range: Range<Int>, tolerance: Double) -> SampledTrack {
    SampledTrack(samples: t.samples.map { Array($0[range]) }, before: t.before.map { Array($0[range]) }, tolerance: tolerance)
}

/// An opacity track of `alpha` times a constant.
func opacityTrack(_ alpha: Alpha, times f: Double) -> SampledTrack {
    SampledTrack(samples: alpha.samples.map { [$0 * f] }, before: alpha.before.map { [$0 * f] }, tolerance: 0.0001)
}

/// `alpha` times the node's own opacity.
func multiplied(_ a: Alpha, _ b: Alpha) -> Alpha {
    (zip(a.samples, b.samples).map(*), zip(a.before, b.before).map(*))
}

/// True when `alpha` shows anything at a frame or just before one.
func isVisible(_ alpha: Alpha) -> Bool {
    alpha.samples.contains { $0 > 0 } || alpha.before.dropFirst().contains { $0 > 0 }
}

/// A node's transform to the canvas (or a matrix derived from it) as tracks of its parts:
/// m = translate . rotate . scale . rotate(inner), the inner rotation only when some frame shears
/// (`LottieProperty.parts`), rotations unwrapped so that none turns by more than half a turn between
/// samples.
struct SampledTransform {
    /// Whether the inner rotation is used.
    let sheared: Bool
    /// Position [x, y], rotation [degrees], scale [x, y] (%), inner rotation [degrees].
    let position: SampledTrack, rotation: SampledTrack, scale: SampledTrack, inner: SampledTrack

    init(_ node: LayerSampling.Node, _ matrix: (Layer, Transform) -> Transform = { $1 }) {
        let sheared = node.samples.contains { $0.map { LottieProperty.isSheared(matrix($0.layer, $0.ctm)) } ?? false }
        var (s, b) = node.track({ LottieProperty.parts(matrix($0, $1), sheared: sheared) }, absent: [0, 0, 0, 100, 100, 0])
        LottieProperty.unwrapRotation(&s, &b, index: 2)
        LottieProperty.unwrapRotation(&s, &b, index: 5)
        func part(_ range: Range<Int>) -> SampledTrack { sampledTrack((s, b), range, tolerance: 0.01) }
        self.sheared = sheared
        position = part(0 ..< 2); rotation = part(2 ..< 3); scale = part(3 ..< 5); inner = part(5 ..< 6)
    }

    /// True when no part moves.
    var isConstant: Bool { position.isConstant && rotation.isConstant && scale.isConstant && inner.isConstant }
}

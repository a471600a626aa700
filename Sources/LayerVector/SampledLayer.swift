import Geometry
import Raster
import Layers
import Text
import Vector
import Export

/// Per-frame opacity multipliers: at each frame and just before it.
typealias Alpha = (samples: [Double], before: [Double])

/// What one node draws of its own, bottom first (as a layer draws its content).
enum LayerPart: Equatable {
    case background
    case fill(rule: FillRule)
    case stroke
    case gradient
    case run(Int)
    /// A coverage layer's colour through its coverage, as an embedded PNG image.
    case image
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
        case let c as CoverageLayer:
            try checkCoverage()
            if c.coverage != nil, present.contains(where: { (($0 as? CoverageLayer)?.color.a ?? 0) > 0 }) { out.append(.image) }
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

    /// A coverage layer's image must stay the same: one coverage and one colour in every frame.
    private func checkCoverage() throws {
        let layers = (samples + before).compactMap { $0?.layer as? CoverageLayer }
        guard let first = layers.first else { return }
        for l in layers where l.color != first.color || !sameCoverage(l.coverage, first.coverage) {
            throw VectorExportError("a coverage (bitmap) layer's image or colour changes during the animation; vector export needs a fixed image")
        }
    }

    private func sameCoverage(_ a: Coverage?, _ b: Coverage?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.width == b.width, a.height == b.height else { return false }
        return a.values.withUnsafeBufferPointer { x in
            b.values.withUnsafeBufferPointer { y in
                x.baseAddress == y.baseAddress || x.elementsEqual(y)
            }
        }
    }

    /// A coverage layer's image as PNG bytes on the canvas: its colour, the alpha the colour's times
    /// the coverage (rounded to 8 bits). Nil for a layer without coverage.
    func imagePNG() throws -> (png: [UInt8], width: Int, height: Int)? {
        guard let l = any as? CoverageLayer, let c = l.coverage else { return nil }
        var straight = [UInt8](repeating: 0, count: c.width * c.height * 4)
        let a = Float(l.color.a)
        for i in 0 ..< c.values.count {
            straight[4 * i] = l.color.r; straight[4 * i + 1] = l.color.g; straight[4 * i + 2] = l.color.b
            straight[4 * i + 3] = UInt8((min(max(c.values[i], 0), 1) * a).rounded())
        }
        return (try PNGFile.encode(Pixmap(width: c.width, height: c.height, straight: straight)), c.width, c.height)
    }

    /// How many parts the node and its sublayers draw.
    func drawnCount() throws -> Int {
        try children.reduce(try parts().count) { $0 + (try $1.drawnCount()) }
    }

    /// The node's own opacity at each frame: opacity (clamped to 0...1), 0 when hidden or absent.
    var ownAlpha: Alpha {
        (samples.map(Self.opacity), before.map(Self.opacity))
    }

    /// A presented layer's own opacity: clamped to 0...1, 0 when hidden or absent.
    static func opacity(_ s: (layer: Layer, ctm: Transform)?) -> Double {
        guard let l = s?.layer, !l.isHidden, l.opacity.isFinite else { return 0 }
        return min(max(l.opacity, 0), 1)
    }

    /// `alpha` (this node's opacity times what it inherits) between frames: a constant, or the
    /// node's own opacity times a constant; nil when it is neither (its motion's ends are then
    /// taken on whole frames).
    func alphaProbe(_ alpha: Alpha) -> ((Double) -> Double)? {
        let all = alpha.samples + alpha.before.dropFirst()
        if let f = all.first, all.allSatisfy({ $0 == f }) { return { _ in f } }
        let own = ownAlpha, o = own.samples + own.before.dropFirst()
        guard let k = o.firstIndex(where: { $0 > 0 }) else { return nil }
        let c = all[k] / o[k]
        guard zip(all, o).allSatisfy({ $0 == $1 * c }) else { return nil }
        return { [self] f in Self.opacity(sample(at: f)) * c }
    }

    /// A track of `alpha` (0...1) eased or decimated to 1/255, its motions' ends found between
    /// frames where `alphaProbe` can tell it there.
    func alphaTrack(_ alpha: Alpha) -> SampledTrack {
        let s = alpha.samples.map { [$0] }, b = alpha.before.map { [$0] }
        guard let at = alphaProbe(alpha) else { return SampledTrack(samples: s, before: b, tolerance: 0.0001, error: VectorError.opacity) }
        return SampledTrack(samples: s, before: b, tolerance: 0.0001, error: VectorError.opacity) { f, _ in [at(f)] }
    }

    /// A track of per-frame values `t` of `value` whose motions are eased (two keyframes) or
    /// decimated to `error` (`SampledTrack.init(samples:before:tolerance:error:probe:easings:)`),
    /// their ends found by presenting the tree between frames.
    func fitted(_ t: (samples: [[Double]], before: [[Double]]), tolerance: Double, error: Double, absent: [Double],
                _ value: (Layer, Transform) -> [Double]) -> SampledTrack {
        SampledTrack(samples: t.samples, before: t.before, tolerance: tolerance, error: error) { f, _ in
            guard let s = sample(at: f) else { return absent }
            return value(s.layer, s.ctm)
        }
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
        let rgbTrack = fitted(c, tolerance: 1.5, error: VectorError.colour, absent: rgb(anyColor)) { l, _ in rgb(color(l) ?? anyColor) }
        let opacity = (samples: zip(a.samples, alpha.samples).map { [$0[0] * $1] }, before: zip(a.before, alpha.before).map { [$0[0] * $1] })
        // Colours animate in 8-bit steps: a step of 1/255 is not a jump.
        guard let at = alphaProbe(alpha) else {
            return (rgbTrack, SampledTrack(samples: opacity.samples, before: opacity.before, tolerance: 1.5 / 255, error: VectorError.opacity))
        }
        return (rgbTrack, SampledTrack(samples: opacity.samples, before: opacity.before, tolerance: 1.5 / 255, error: VectorError.opacity) { f, _ in
            guard let s = sample(at: f) else { return [0] }
            return [Double(color(s.layer)?.a ?? 0) / 255 * at(f)]
        })
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
        track({ l, _ in Self.trim(l) }, absent: [0, 1])
    }

    /// A layer's stroke trim [start, end] (clamped, end >= start).
    static func trim(_ l: Layer?) -> [Double] {
        func clamp(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : min(max(v, 0), 1) }
        guard let s = l as? ShapeLayer else { return [0, 1] }
        let a = clamp(s.strokeStart, 0), b = clamp(s.strokeEnd, 1)
        return [a, max(a, b)]
    }

    /// Tracks of components `0` and `1` of `part` of the trim (the trim of one subpath, say), each
    /// eased or decimated to `error`, their motions' ends found between frames.
    func trimTracks(error: Double, _ part: ([Double]) -> [Double]) -> (start: SampledTrack, end: SampledTrack) {
        let t = trimTrack
        let s = t.samples.map(part), b = t.before.map(part)
        func component(_ i: Int) -> SampledTrack {
            SampledTrack(samples: s.map { [$0[i]] }, before: b.map { [$0[i]] }, tolerance: 0.01, error: error) { f, _ in
                [part(Self.trim(sample(at: f)?.layer))[i]]
            }
        }
        return (component(0), component(1))
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
/// With `error`, its motions are eased or decimated to it (on whole frames).
func sampledTrack(_ t: (samples: [[Double]], before: [[Double]]), _ range: Range<Int>, tolerance: Double, error: Double? = nil) -> SampledTrack {
    let s = t.samples.map { Array($0[range]) }, b = t.before.map { Array($0[range]) }
    guard let error else { return SampledTrack(samples: s, before: b, tolerance: tolerance) }
    return SampledTrack(samples: s, before: b, tolerance: tolerance, error: error)
}

/// An opacity track of `alpha` times a constant, its motions eased or decimated to 1/255.
func opacityTrack(_ alpha: Alpha, times f: Double) -> SampledTrack {
    SampledTrack(samples: alpha.samples.map { [$0 * f] }, before: alpha.before.map { [$0 * f] }, tolerance: 0.0001, error: VectorError.opacity)
}

/// The most a decimated motion (one no easing gives back) is off its sampled value at a frame.
enum VectorError {
    /// Canvas pixels, for positions and path points.
    static let position = 0.25
    /// Degrees: 0.25 px at 700 px from the turning point.
    static let rotation = 0.02
    /// Percent: 0.25 px at 500 px from the scaling origin.
    static let scale = 0.05
    /// A colour component, of 0...255.
    static let colour = 1.0
    /// Opacity, of 0...1.
    static let opacity = 1.0 / 255
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
/// m = translate . rotate . scale . rotate(inner) . translate(-anchor), the inner rotation only when
/// some frame shears (`LottieProperty.parts`), rotations unwrapped so that none turns by more than
/// half a turn between samples. The anchor is the layer's anchor point (in the matrix's space) when
/// the layer turns or scales about it, so that an eased turn is an eased rotation and an eased
/// position, else the origin.
struct SampledTransform {
    /// Whether the inner rotation is used.
    let sheared: Bool
    /// The point [x, y] the rotation and scale are about, fixed.
    let anchor: [Double]
    /// Position [x, y] (where the anchor lands), rotation [degrees], scale [x, y] (%), inner
    /// rotation [degrees].
    let position: SampledTrack, rotation: SampledTrack, scale: SampledTrack, inner: SampledTrack

    init(_ node: LayerSampling.Node, _ matrix: (Layer, Transform) -> Transform = { $1 }) {
        let sheared = node.samples.contains { $0.map { LottieProperty.isSheared(matrix($0.layer, $0.ctm)) } ?? false }
        let anchor = Self.anchor(node, matrix)
        func parts(_ l: Layer, _ ctm: Transform) -> [Double] {
            let m = matrix(l, ctm)
            var v = LottieProperty.parts(m, sheared: sheared)
            let p = m.apply(Point(anchor[0], anchor[1]))
            v[0] = p.x; v[1] = p.y
            return v
        }
        let absent: [Double] = [0, 0, 0, 100, 100, 0]
        var (s, b) = node.track(parts, absent: absent)
        LottieProperty.unwrapRotation(&s, &b, index: 2)
        LottieProperty.unwrapRotation(&s, &b, index: 5)
        func part(_ range: Range<Int>, error: Double, turns: Bool = false) -> SampledTrack {
            SampledTrack(samples: s.map { Array($0[range]) }, before: b.map { Array($0[range]) }, tolerance: 0.01, error: error) { f, near in
                guard let x = node.sample(at: f) else { return Array(absent[range]) }
                var v = Array(parts(x.layer, x.ctm)[range])
                if turns { v[0] += 360 * ((near[0] - v[0]) / 360).rounded() }
                return v
            }
        }
        self.sheared = sheared
        self.anchor = anchor
        position = part(0 ..< 2, error: VectorError.position)
        rotation = part(2 ..< 3, error: VectorError.rotation, turns: true)
        scale = part(3 ..< 5, error: VectorError.scale)
        inner = part(5 ..< 6, error: VectorError.rotation, turns: true)
    }

    /// The layer's anchor point in the space `matrix` maps from, when the matrix's linear part
    /// changes and the anchor stays on one point of that space; else the origin.
    private static func anchor(_ node: LayerSampling.Node, _ matrix: (Layer, Transform) -> Transform) -> [Double] {
        let present = node.samples.compactMap { $0 } + node.before.compactMap { $0 }
        guard let first = present.first else { return [0, 0] }
        let m0 = matrix(first.layer, first.ctm)
        guard present.contains(where: { s in
            let m = matrix(s.layer, s.ctm)
            return m.a != m0.a || m.b != m0.b || m.c != m0.c || m.d != m0.d
        }) else { return [0, 0] }
        func local(_ s: (layer: Layer, ctm: Transform)) -> Point? {
            let l = s.layer
            let onLayer = Point(l.anchorPoint.x * l.bounds.width + l.bounds.minX, l.anchorPoint.y * l.bounds.height + l.bounds.minY)
            return matrix(l, s.ctm).inverted?.apply(s.ctm.apply(onLayer))
        }
        guard let a = local(first), a.x.isFinite, a.y.isFinite,
              present.allSatisfy({ s in local(s).map { abs($0.x - a.x) <= 1e-6 && abs($0.y - a.y) <= 1e-6 } ?? false })
        else { return [0, 0] }
        return [a.x, a.y]
    }

    /// True when no part moves.
    var isConstant: Bool { position.isConstant && rotation.isConstant && scale.isConstant && inner.isConstant }
}

extension LayerSampling {
    /// How many nodes fill each outline: a shape layer's path, a text layer's run (its glyph
    /// outlines). The writers define an outline filled by more than one node once and refer to it
    /// from each (the marquee's copies of its caption, a label's glyphs).
    func outlineUses() -> [Path: Int] {
        var uses: [Path: Int] = [:]
        var seen = Set<ObjectIdentifier>()
        func visit(_ node: Node) {
            guard seen.insert(ObjectIdentifier(node)).inserted else { return }
            switch node.any {
            case let s as ShapeLayer: if let p = s.path, !p.isEmpty { uses[p, default: 0] += 1 }
            case let t as TextLayer: for p in Set(t.runPaths) where !p.isEmpty { uses[p, default: 0] += 1 }
            default: break
            }
            if let m = node.mask { visit(m) }
            node.children.forEach(visit)
        }
        roots.forEach(visit)
        return uses
    }
}

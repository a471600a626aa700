import Geometry
import Raster
import Layers
import Text
import Vector

/// A layer tree's animation as an animated SVG document: one file, no script, SMIL animations
/// (`<animate>`, `<animateTransform>`) repeating indefinitely, as browsers play them; or one frame
/// as a still SVG, the same mapping without animations.
///
/// The tree is sampled as for Lottie (`LayerSampling`) and each property's keyframes
/// (`SampledTrack`) become `values` at `keyTimes` with linear interpolation: every whole frame
/// shows the sampled value, a jump holds until just before its frame, and the last keyframe sits on
/// frame n with the motion's continuation. Every animated attribute also carries its frame-0 value,
/// so renderers that do not animate (rsvg-convert) draw frame 0.
///
/// Mapping, everything in canvas coordinates (SVG's y points down, as ours):
/// - each layer is a `<g>` at its opacity (0 where hidden or absent, a held jump where it appears),
///   drawing its own parts and then its sublayers; its mask layer becomes a `<mask>` with
///   `mask-type: alpha`, masksToBounds a `<clipPath>` of its bounds;
/// - a part's transform to the canvas is `translate rotate scale` (and an inner `rotate` when it
///   shears), animated by one `<animateTransform>` per part, summed;
/// - a background is a `<rect>`, a shape layer's fill a `<path>` with its fill rule, its stroke a
///   `<path>` with its width, cap, join and miter limit; a trimmed stroke (strokeStart/strokeEnd)
///   is one `<path>` per subpath with a dash of the part of the trim on it (dashes restart on each
///   subpath), hidden while that part is empty;
/// - a gradient layer is its bounds filled with a `<linearGradient>` in user space, its stops
///   animated;
/// - a text layer's runs are glyph outlines defined once in `<defs>` and `<use>`d (a layer repeated,
///   like a marquee's copies, shares them);
/// - colours are `#RRGGBB` with their alpha as fill or stroke opacity.
public enum LayerSVG {
    /// Most frames a document may have.
    public static let maxFrames = 1_000_000

    /// The animated SVG of frames 0 ..< `frames` at `fps`, document frame k showing `tree` at
    /// `time(k)` seconds, repeating. Throws `VectorExportError` for what cannot be written (a bitmap
    /// layer, a path that changes its shape, a number that is not finite).
    public static func document(name: String, width: Int, height: Int, fps: Double, frames: Int,
                                time: @escaping (Double) -> Double, tree: (Double) -> Layer) throws -> String {
        guard (1 ... maxFrames).contains(frames) else {
            throw VectorExportError("an animated SVG holds 1 ... \(maxFrames) frames, not \(frames)")
        }
        return try withoutActuallyEscaping(tree) { tree in
            let sampling = LayerSampling(lastFrame: frames, time: time, tree: tree)
            var writer = SVGWriter(width: width, height: height, timing: SMILTiming(frames: frames, fps: fps))
            let comment = "\(name): \(frames) frames at \(DecimalText.format(fps, decimals: 6)) fps, repeating"
            return try writer.document(sampling, comment: comment)
        }
    }

    /// A still SVG of `layer` (a presentation tree), as the animated document shows it at that time.
    public static func still(name: String, width: Int, height: Int, layer: Layer) throws -> String {
        let sampling = LayerSampling(lastFrame: 0, time: { $0 }, tree: { _ in layer })
        var writer = SVGWriter(width: width, height: height, timing: nil)
        return try writer.document(sampling, comment: name)
    }
}

/// Writes sampled nodes as SVG elements; `timing` nil writes frame 0 without animations.
struct SVGWriter {
    let width: Int, height: Int
    let timing: SMILTiming?
    /// Elements for `<defs>`: masks, clip paths, gradients and glyph outlines.
    private var defs: [String] = []
    /// How many nodes fill each outline (`LayerSampling.outlineUses`): one filled by several is
    /// defined once and `<use>`d.
    private var outlineUses: [Path: Int] = [:]
    /// Glyph outline ids by path data.
    private var outlines: [String: String] = [:]
    /// Image ids by PNG bytes.
    private var images: [[UInt8]: String] = [:]
    private var counter = 0
    private let one: Alpha

    init(width: Int, height: Int, timing: SMILTiming?) {
        self.width = width; self.height = height; self.timing = timing
        let n = (timing?.frames ?? 0) + 1
        one = ([Double](repeating: 1, count: n), [Double](repeating: 1, count: n))
    }

    mutating func document(_ sampling: LayerSampling, comment: String) throws -> String {
        var body = ""
        outlineUses = sampling.outlineUses()
        for root in sampling.roots { body += try emit(root) }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\""
        s += " width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        s += "<!-- \(SVGText.escaped(comment).replacing("--", with: "- -")) -->\n"
        if !defs.isEmpty { s += "<defs>\n" + defs.joined() + "</defs>\n" }
        return s + body + "</svg>\n"
    }

    private mutating func newID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    // MARK: - Layers

    /// The node as a group: its parts, its sublayers, at its opacity, under its mask and clip.
    mutating func emit(_ node: LayerSampling.Node) throws -> String {
        let alpha = node.ownAlpha
        guard isVisible(alpha) else { return "" }
        var body = ""
        for part in try node.parts() { body += try element(part, of: node) }
        for child in node.children { body += try emit(child) }
        guard !body.isEmpty else { return "" }
        var attributes = ""
        var animations = ""
        let opacity = node.alphaTrack(alpha)
        if !(opacity.isConstant && opacity.keys[0].value == [1]) {
            attributes += " opacity=\"\(try SVGText.number(opacity.keys[0].value[0], decimals: 6))\""
            animations += try animate("opacity", opacity) { try SVGText.number($0[0], decimals: 6) }
        }
        if node.samples.contains(where: { $0?.layer.masksToBounds == true }) {
            let id = newID("bounds")
            let rect = try boundsRect(node)
            defs.append("<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\">\n\(rect)</clipPath>\n")
            attributes += " clip-path=\"url(#\(id))\""
        }
        if let maskNode = node.mask {
            let content = try emit(maskNode)
            guard !content.isEmpty else { return "" }      // an empty mask shows nothing
            let id = newID("mask")
            defs.append("<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" style=\"mask-type:alpha\">\n\(content)</mask>\n")
            attributes += " mask=\"url(#\(id))\""
        }
        let group = attributes.isEmpty && animations.isEmpty ? body : "<g\(attributes)>\n\(animations)\(body)</g>\n"
        guard let shadow = try node.shadow() else { return group }
        // The shadow of the group as drawn (mask, clip and opacity applied): its alpha blurred
        // (feGaussianBlur, whose box approximation is ShadowBlur's), moved, in the shadow's colour,
        // beneath it.
        let id = newID("shadow")
        var f = "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\""
        f += " color-interpolation-filters=\"sRGB\">\n"
        f += "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(try SVGText.number(shadow.radius / 2, decimals: 6))\"/>\n"
        f += "<feOffset dx=\"\(shadow.dx)\" dy=\"\(shadow.dy)\" result=\"blur\"/>\n"
        f += "<feFlood flood-color=\"\(SVGText.hex(shadow.color))\" flood-opacity=\"\(try SVGText.number(shadow.opacity * Double(shadow.color.a) / 255, decimals: 6))\"/>\n"
        f += "<feComposite in2=\"blur\" operator=\"in\"/>\n"
        f += "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>\n</filter>\n"
        defs.append(f)
        return "<g filter=\"url(#\(id))\">\n\(group)</g>\n"
    }

    // MARK: - Parts

    private mutating func element(_ part: LayerPart, of node: LayerSampling.Node) throws -> String {
        switch part {
        case .background:
            return try boundsRect(node, paint: try paint("fill", node.colorTracks(alpha: one) { $0.backgroundColor }))
        case .fill(let rule):
            guard let path = (node.any as? ShapeLayer)?.path else { return "" }
            var fill: (attributes: String, animations: String)
            if let g = try node.gradientPaint(stroke: false) {
                fill = (" fill=\"url(#\(try paintServer(g)))\"", "")
            } else {
                fill = try paint("fill", node.colorTracks(alpha: one, LayerSampling.Node.fillColor))
            }
            let attributes = fill.attributes + (rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")
            let d = try SVGText.pathData(path)
            guard (outlineUses[path] ?? 0) > 1 else {
                return try transformed("path", node, attributes: attributes + " d=\"\(d)\"", content: fill.animations)
            }
            return try transformed("use", node, attributes: " xlink:href=\"#\(outline(d))\"" + attributes, content: fill.animations)
        case .stroke:
            return try stroke(node)
        case .gradient:
            return try gradient(node)
        case .run(let k):
            return try run(k, of: node)
        case .image:
            return try image(node)
        }
    }

    /// A coverage layer's image (defined once per distinct image) on the canvas.
    private mutating func image(_ node: LayerSampling.Node) throws -> String {
        guard let image = try node.imagePNG() else { return "" }
        let id: String
        if let known = images[image.png] { id = known } else {
            id = newID("image")
            images[image.png] = id
            defs.append("<image id=\"\(id)\" width=\"\(image.width)\" height=\"\(image.height)\" xlink:href=\"data:image/png;base64,\(Base64.encode(image.png))\"/>\n")
        }
        return "<use xlink:href=\"#\(id)\"/>\n"
    }

    /// `<name>` with the node's transform (or `matrix` of it) as its `transform` attribute and
    /// animations, then `attributes` and `content`.
    private func transformed(_ name: String, _ node: LayerSampling.Node, _ matrix: (Layer, Transform) -> Transform = { $1 },
                             attributes: String, content: String = "") throws -> String {
        let t = SampledTransform(node, matrix)
        func v(_ track: SampledTrack) -> [Double] { track.keys[0].value }
        // Frame 0's transform, leaving out what is the identity.
        let p = v(t.position), r = v(t.rotation)[0], sc = v(t.scale), inner = v(t.inner)[0]
        var base: [String] = []
        if p != [0, 0] { base.append("translate(\(try SVGText.number(p[0])) \(try SVGText.number(p[1])))") }
        if r != 0 { base.append("rotate(\(try SVGText.number(r)))") }
        if sc != [100, 100] { base.append("scale(\(try SVGText.number(sc[0] / 100, decimals: 6)) \(try SVGText.number(sc[1] / 100, decimals: 6)))") }
        if t.sheared, inner != 0 { base.append("rotate(\(try SVGText.number(inner)))") }
        let anchor = t.anchor == [0, 0] ? nil : try SVGText.number(-t.anchor[0]) + "," + SVGText.number(-t.anchor[1])
        if let anchor { base.append("translate(\(anchor))") }
        var animations = ""
        if let timing, !t.isConstant {
            animations += try timing.element("transform", transformType: "translate", keys: t.position.keys) {
                try SVGText.number($0[0]) + "," + SVGText.number($0[1])
            } + "\n"
            animations += try timing.element("transform", transformType: "rotate", additive: true, keys: t.rotation.keys) {
                try SVGText.number($0[0])
            } + "\n"
            animations += try timing.element("transform", transformType: "scale", additive: true, keys: t.scale.keys) {
                try SVGText.number($0[0] / 100, decimals: 6) + "," + SVGText.number($0[1] / 100, decimals: 6)
            } + "\n"
            if t.sheared {
                animations += try timing.element("transform", transformType: "rotate", additive: true, keys: t.inner.keys) {
                    try SVGText.number($0[0])
                } + "\n"
            }
            if let anchor {
                animations += try timing.element("transform", transformType: "translate", additive: true,
                                                 keys: SampledTrack(constant: [0]).keys) { _ in anchor } + "\n"
            }
        }
        let singular = sc[0] == 0 || sc[1] == 0
        // A shape scaled to nothing for the whole document draws nothing.
        if singular, animations.isEmpty { return "" }
        let inside = animations + content
        if singular, name == "use" {
            // rsvg-convert refuses a whole document over a `<use>` whose own transform is singular
            // (InvalidMatrix), though a group's may be: the transform goes on a group around it.
            let use = "<use" + attributes + (content.isEmpty ? "/>\n" : ">\n" + content + "</use>\n")
            return "<g transform=\"\(base.joined(separator: " "))\">\n" + animations + use + "</g>\n"
        }
        let open = "<\(name)" + (base.isEmpty ? "" : " transform=\"\(base.joined(separator: " "))\"") + attributes
        return inside.isEmpty ? open + "/>\n" : open + ">\n" + inside + "</\(name)>\n"
    }

    /// The layer's bounds as a `<rect>` in its coordinates, transformed to the canvas.
    private func boundsRect(_ node: LayerSampling.Node, paint extra: (attributes: String, animations: String) = ("", "")) throws -> String {
        let bounds = node.track({ l, _ in [l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height] }, absent: [0, 0, 0, 0])
        var attributes = ""
        var animations = extra.animations
        for (i, name) in ["x", "y", "width", "height"].enumerated() {
            let track = sampledTrack(bounds, i ..< i + 1, tolerance: 0.01)
            attributes += " \(name)=\"\(try SVGText.number(track.keys[0].value[0]))\""
            animations += try animate(name, track) { try SVGText.number($0[0]) }
        }
        return try transformed("rect", node, attributes: attributes + extra.attributes, content: animations)
    }

    /// A shape layer's stroke: one path, or one per subpath dashed to its part of the trim.
    private mutating func stroke(_ node: LayerSampling.Node) throws -> String {
        guard let shape = node.any as? ShapeLayer, let path = shape.path else { return "" }
        var style: (attributes: String, animations: String)
        if let g = try node.gradientPaint(stroke: true) {
            style = (" stroke=\"url(#\(try paintServer(g)))\"", "")
        } else {
            style = try paint("stroke", node.colorTracks(alpha: one, LayerSampling.Node.drawnStrokeColor))
        }
        let width = node.sampledTrack(LayerSampling.Node.lineWidth, absent: [0])
        style.attributes += " fill=\"none\" stroke-width=\"\(try SVGText.number(width.keys[0].value[0]))\""
        style.animations += try animate("stroke-width", width) { try SVGText.number($0[0]) }
        switch shape.lineCap { case .butt: break; case .round: style.attributes += " stroke-linecap=\"round\""; case .square: style.attributes += " stroke-linecap=\"square\"" }
        switch shape.lineJoin { case .miter: break; case .round: style.attributes += " stroke-linejoin=\"round\""; case .bevel: style.attributes += " stroke-linejoin=\"bevel\"" }
        style.attributes += " stroke-miterlimit=\"\(try SVGText.number(max(1, shape.miterLimit)))\""
        let trim = node.trimTrack
        guard !(trim.samples + trim.before).allSatisfy({ $0 == [0, 1] }) else {
            return try transformed("path", node, attributes: style.attributes + " d=\"\(try SVGText.pathData(path))\"", content: style.animations)
        }
        let subpaths = LottieBezier.subpaths(of: path)
        let lengths = subpaths.map(\.length)
        let total = lengths.reduce(0, +)
        var inside = style.animations
        var before = 0.0
        for (i, sub) in subpaths.enumerated() {
            inside += try dashed(sub, length: lengths[i], from: before, total: total, trim: trim)
            before += lengths[i]
        }
        return try transformed("g", node, attributes: style.attributes, content: inside)
    }

    /// One subpath of a trimmed stroke: a dash from the trim's start to its end as they fall on it
    /// (`stroke-dasharray` and `stroke-dashoffset`, in the path's units), hidden while that part is
    /// empty. The dash reaches 1 px past the end when the trim does, so the path's end is drawn
    /// whatever length a renderer measures.
    private func dashed(_ sub: LottieBezier, length: Double, from: Double, total: Double,
                        trim: (samples: [[Double]], before: [[Double]])) throws -> String {
        // [dash, offset, shown] for the trim [a, b] of the whole path.
        func dash(_ v: [Double]) -> [Double] {
            guard length > 0, total > 0 else { return [0, 0, 0] }
            let a = min(max((v[0] * total - from) / length, 0), 1), b = min(max((v[1] * total - from) / length, 0), 1)
            guard b > a else { return [0, 0, 0] }
            return [(b - a) * length + (b >= 1 ? 1 : 0), -a * length, 1]
        }
        let s = trim.samples.map(dash), b = trim.before.map(dash)
        let dash = sampledTrack((s, b), 0 ..< 1, tolerance: 0.001, error: VectorError.position)
        let offset = sampledTrack((s, b), 1 ..< 2, tolerance: 0.001, error: VectorError.position)
        let shown = Self.visibility(samples: s.map { $0[2] > 0 }, before: b.map { $0[2] > 0 })
        let gap = try SVGText.number(length + 1)
        var attributes = " stroke-dasharray=\"\(try SVGText.number(dash.keys[0].value[0])) \(gap)\""
        attributes += " stroke-dashoffset=\"\(try SVGText.number(offset.keys[0].value[0]))\""
        if shown[0].value[0] == 0 { attributes += " visibility=\"hidden\"" }
        var animations = try animate("stroke-dasharray", dash) { try SVGText.number($0[0]) + " " + gap }
        animations += try animate("stroke-dashoffset", offset) { try SVGText.number($0[0]) }
        if shown.count > 1, let timing {
            animations += try timing.element("visibility", discrete: true, keys: shown) { $0[0] > 0 ? "visible" : "hidden" } + "\n"
        }
        let open = "<path\(attributes) d=\"\(try SVGText.pathData([sub]))\""
        return animations.isEmpty ? open + "/>\n" : open + ">\n" + animations + "</path>\n"
    }

    /// Keys (1 shown, 0 hidden) of a discrete visibility: as sampled at frame k, and between frames
    /// k and k + 1 shown when either end is (frame k, or just before k + 1), since a dash growing
    /// from nothing is drawn from just after the frame where it was empty.
    static func visibility(samples: [Bool], before: [Bool]) -> [SampledTrack.Key] {
        var keys: [SampledTrack.Key] = []
        func add(_ time: Double, _ shown: Bool) {
            let v: [Double] = [shown ? 1 : 0]
            if keys.last?.value != v { keys.append(SampledTrack.Key(time: time, value: v, hold: false)) }
        }
        for k in samples.indices {
            add(Double(k), samples[k])
            if k + 1 < samples.count { add(Double(k) + SampledTrack.jumpWidth, samples[k] || before[k + 1]) }
        }
        return keys
    }

    /// A gradient layer: its bounds filled with a linear gradient in its coordinates.
    private mutating func gradient(_ node: LayerSampling.Node) throws -> String {
        let (count, t, axis) = try node.gradientSamples()
        guard count > 0 else { return "" }
        let id = newID("gradient")
        var s = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
        var animations = ""
        for (i, name) in ["x1", "y1", "x2", "y2"].enumerated() {
            let track = sampledTrack(axis, i ..< i + 1, tolerance: 0.01)
            s += " \(name)=\"\(try SVGText.number(track.keys[0].value[0]))\""
            animations += try animate(name, track) { try SVGText.number($0[0]) }
        }
        s += ">\n" + animations
        // Lottie's stop layout: [location, r, g, b] per colour (0...1), then [location, alpha].
        for k in 0 ..< count {
            let offset = sampledTrack(t, 4 * k ..< 4 * k + 1, tolerance: 1e-4)
            let rgb = sampledTrack(t, 4 * k + 1 ..< 4 * k + 4, tolerance: 1e-4).map { $0.map { $0 * 255 } }
            let alpha = sampledTrack(t, 4 * count + 2 * k + 1 ..< 4 * count + 2 * k + 2, tolerance: 1e-4)
            s += "<stop offset=\"\(try SVGText.number(offset.keys[0].value[0], decimals: 6))\" stop-color=\"\(SVGText.hex(rgb.keys[0].value))\""
            s += " stop-opacity=\"\(try SVGText.number(alpha.keys[0].value[0], decimals: 6))\""
            let inside = try animate("offset", offset) { try SVGText.number($0[0], decimals: 6) }
                + (try animate("stop-color", rgb) { SVGText.hex($0) })
                + (try animate("stop-opacity", alpha) { try SVGText.number($0[0], decimals: 6) })
            s += inside.isEmpty ? "/>\n" : ">\n" + inside + "</stop>\n"
        }
        defs.append(s + "</linearGradient>\n")
        return try boundsRect(node, paint: (" fill=\"url(#\(id))\"", ""))
    }

    /// A gradient paint as a `<linearGradient>` or `<radialGradient>` in the user space of the
    /// element that uses it (the layer's coordinates), padded as ours; returns its id.
    private mutating func paintServer(_ p: Paint) throws -> String {
        let id = newID("paint")
        let name: String
        var s: String
        switch p {
        case .solid: return ""
        case .linear(_, let a, let b):
            name = "linearGradient"
            s = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(try SVGText.number(a.x))\" y1=\"\(try SVGText.number(a.y))\""
            s += " x2=\"\(try SVGText.number(b.x))\" y2=\"\(try SVGText.number(b.y))\">\n"
        case .radial(_, let c, let r):
            name = "radialGradient"
            s = "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(try SVGText.number(c.x))\" cy=\"\(try SVGText.number(c.y))\""
            s += " r=\"\(try SVGText.number(r))\">\n"
        }
        for stop in p.stops {
            s += "<stop offset=\"\(try SVGText.number(stop.location, decimals: 6))\" stop-color=\"\(SVGText.hex(stop.color))\""
            s += " stop-opacity=\"\(try SVGText.number(Double(stop.color.a) / 255, decimals: 6))\"/>\n"
        }
        defs.append(s + "</\(name)>\n")
        return id
    }

    /// A text run: its glyph outlines (defined once) in its colour, at the line's origin.
    private mutating func run(_ k: Int, of node: LayerSampling.Node) throws -> String {
        guard let text = node.any as? TextLayer else { return "" }
        let id = outline(try SVGText.pathData(text.runPaths[k]))
        let c = text.runs[k].color
        var attributes = " xlink:href=\"#\(id)\" fill=\"\(SVGText.hex(c))\""
        if c.a < 255 { attributes += " fill-opacity=\"\(try SVGText.number(Double(c.a) / 255, decimals: 6))\"" }
        return try transformed("use", node, { l, ctm in
            let o = (l as? TextLayer)?.lineOrigin ?? .zero
            return Transform.translation(o.x, o.y).concatenating(ctm)
        }, attributes: attributes)
    }

    /// The id of the `<path>` in `<defs>` with path data `d` (defined on first use).
    private mutating func outline(_ d: String) -> String {
        if let known = outlines[d] { return known }
        let id = newID("outline")
        outlines[d] = id
        defs.append("<path id=\"\(id)\" d=\"\(d)\"/>\n")
        return id
    }

    // MARK: - Values

    /// `fill` or `stroke` colour and opacity attributes, and their animations.
    private func paint(_ name: String, _ color: (rgb: SampledTrack, opacity: SampledTrack)) throws -> (attributes: String, animations: String) {
        let o = color.opacity.keys[0].value[0]
        var attributes = " \(name)=\"\(SVGText.hex(color.rgb.keys[0].value))\""
        if !(color.opacity.isConstant && o == 1) { attributes += " \(name)-opacity=\"\(try SVGText.number(o, decimals: 6))\"" }
        let animations = try animate(name, color.rgb) { SVGText.hex($0) }
            + (try animate("\(name)-opacity", color.opacity) { try SVGText.number($0[0], decimals: 6) })
        return (attributes, animations)
    }

    /// An `<animate>` line of `attribute` through `track`, or nothing when it is constant or the
    /// document is still.
    private func animate(_ attribute: String, _ track: SampledTrack, _ value: ([Double]) throws -> String) throws -> String {
        guard let timing, !track.isConstant else { return "" }
        return try timing.element(attribute, keys: track.keys, value: value) + "\n"
    }
}

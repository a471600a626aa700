import Geometry
import Raster
import Layers
import Text
import Vector

/// A layer tree's animation as a Lottie document (bodymovin JSON, as lottie-web, lottie-ios,
/// lottie-android, rlottie and ThorVG play it), for any scene built from layers.
///
/// The tree is sampled at every frame 0...n (`LayerSampling`) and each animated property becomes
/// keyframes that a player interpolating linearly between them turns back into the sampled value at
/// every whole frame: runs that move in a straight line keep only their ends, a jump (a scroll
/// wrapping, a text changing) holds until the frame it happens on, and the last keyframe sits on
/// frame n with the motion's continuation, so a loop has no stall at its seam.
///
/// Mapping, with every shape in canvas coordinates (its layer's transform to the canvas is the
/// shape group's transform: position, rotation and scale, and for a sheared transform a second
/// rotation inside, since rlottie ignores Lottie's skew):
/// - a layer with content becomes a shape layer: its background (a rectangle), then a shape
///   layer's fill and its stroke (trim paths for strokeStart/strokeEnd, joins, caps, miter limit), a
///   gradient layer's linear gradient (its stops keyframed), or a text layer's runs as glyph
///   outlines filled in their colours;
/// - a layer that must be composited as a group (a mask, masksToBounds, or an opacity below 1 over
///   more than one drawn part) becomes a precomposition, at the layer's opacity; its mask becomes
///   the alpha track matte above it, its bounds a layer mask;
/// - other opacities and hidden flags multiply into the opacity of the one part they cover.
/// Layers that exist only part of the time are drawn only then (in and out points, opacity 0).
public enum LayerLottie {
    /// The bodymovin schema version the document declares.
    public static let schemaVersion = "5.7.4"
    /// Most frames a document may have.
    public static let maxFrames = 1_000_000

    /// The Lottie JSON of frames 0 ..< `frames` at `fps`, document frame k showing `tree` at
    /// `time(k)` seconds. Throws `VectorExportError` for what cannot be written (a bitmap layer, a
    /// path that changes its shape, a number that is not finite).
    public static func document(name: String, width: Int, height: Int, fps: Double, frames: Int, masks: LottieMaskForm = .matte,
                                time: @escaping (Double) -> Double, tree: (Double) -> Layer) throws -> String {
        guard (1 ... maxFrames).contains(frames) else {
            throw VectorExportError("a Lottie document holds 1 ... \(maxFrames) frames, not \(frames)")
        }
        return try withoutActuallyEscaping(tree) { tree in
            let sampling = LayerSampling(lastFrame: frames, time: time, tree: tree)
            var writer = LottieWriter(frames: frames, width: width, height: height, masks: masks)
            writer.outlineUses = sampling.outlineUses()
            var layers: [LottieLayer] = []
            let one = [Double](repeating: 1, count: frames + 1)
            for root in sampling.roots { layers += try writer.emit(root, inherited: (one, one)) }
            let doc: JSONValue = .object([
                ("v", .string(schemaVersion)), ("meta", .object([("g", .string("WaveFill"))])),
                ("fr", .number(fps)), ("ip", .integer(0)), ("op", .integer(frames)),
                ("w", .integer(width)), ("h", .integer(height)), ("nm", .string(name)),
                ("ddd", .integer(0)), ("assets", .array(writer.assets)), ("layers", .array(LottieLayer.composition(layers))),
                ("slots", writer.slots.json),
            ])
            return try doc.serialized(decimals: 4)
        }
    }
}

/// One Lottie layer being built (its `ind` is given when its composition is complete).
struct LottieLayer {
    var members: [(String, JSONValue)]

    /// The layers of a composition, given bottom first, as Lottie lists them (top first, numbered).
    static func composition(_ bottomFirst: [LottieLayer]) -> [JSONValue] {
        bottomFirst.reversed().enumerated().map { i, l in
            var m = l.members
            m.insert(("ind", .integer(i + 1)), at: 1)
            return .object(m)
        }
    }
}

/// The document's slots: an id per colour a designer can change in one place. Parts that share a name
/// and a colour share a slot (the marquee's caption and its copies).
final class SlotTable {
    private(set) var entries: [(id: String, value: JSONValue, text: String)] = []

    /// The id of a slot holding `value`, named `name` (a new one, numbered, when that name holds
    /// another value).
    func add(_ name: String, _ value: JSONValue) -> String {
        let text = (try? value.serialized(decimals: 6)) ?? ""
        var id = name, k = 1
        while let e = entries.first(where: { $0.id == id }) {
            if e.text == text { return id }
            k += 1
            id = "\(name) \(k)"
        }
        entries.append((id, value, text))
        return id
    }

    /// `{"id": {"p": {"a": 0, "k": value}}, ...}`.
    var json: JSONValue {
        .object(entries.map { ($0.id, .object([("p", .object([("a", .integer(0)), ("k", $0.value)]))])) })
    }
}

/// An outline precomposition: the outline and the paint it is filled with.
struct OutlineKey: Hashable {
    let path: Path, rgb: [Double], opacity: Double, rule: FillRule, slot: String?
}

struct LottieWriter {
    let frames: Int, width: Int, height: Int
    /// How masks are written.
    let masks: LottieMaskForm
    /// Precompositions made so far.
    var assets: [JSONValue] = []
    /// Colour slots made so far.
    let slots = SlotTable()
    /// Image asset ids by PNG bytes.
    private var images: [[UInt8]: String] = [:]
    /// How many nodes fill each outline (`LayerSampling.outlineUses`).
    var outlineUses: [Path: Int] = [:]
    /// Outline precompositions made so far: id, size and the offset of the outline in it.
    private var outlines: [OutlineKey: (id: String, width: Int, height: Int, offset: Point)] = [:]
    private var counter = 0

    init(frames: Int, width: Int, height: Int, masks: LottieMaskForm) {
        self.frames = frames; self.width = width; self.height = height; self.masks = masks
    }

    /// The layers drawing `node` and its subtree, bottom first, with `inherited` opacity.
    mutating func emit(_ node: LayerSampling.Node, inherited: Alpha) throws -> [LottieLayer] {
        guard let shadow = try node.shadow() else { return try emitUnshadowed(node, inherited: inherited) }
        // The drop shadow effect is cast by one layer: the node's own, or a precomposition of it all.
        var layers = try emitUnshadowed(node, inherited: inherited, whole: true)
        if layers.count > 1 {
            let one = [Double](repeating: 1, count: frames + 1)
            layers = [precomposition(layers, name: node.displayName, alpha: (one, one))]
        }
        guard !layers.isEmpty else { return [] }
        layers[0].members.append(("ef", .array([dropShadow(shadow)])))
        return layers
    }

    /// After Effects' drop shadow (`ty` 25) for a shadow: the direction (degrees clockwise from up)
    /// and distance of its offset, its opacity x 255, and a softness of 4 σ (lottie-web blurs by
    /// softness / 4; σ = radius / 2).
    private func dropShadow(_ s: (color: Color, opacity: Double, radius: Double, dx: Int, dy: Int)) -> JSONValue {
        let dx = Double(s.dx), dy = Double(s.dy)
        let distance = (dx * dx + dy * dy).squareRoot()
        var direction = distance > 0 ? Double.arcTangent2(dx, -dy) * 180 / .pi : 0
        if direction < 0 { direction += 360 }
        func value(_ n: String, _ ty: Int, _ ix: Int, _ v: JSONValue) -> JSONValue {
            .object([("ty", .integer(ty)), ("nm", .string(n)), ("mn", .string("ADBE Drop Shadow-000\(ix)")), ("ix", .integer(ix)),
                     ("v", .object([("a", .integer(0)), ("k", v)]))])
        }
        let c = s.color
        let rgba: JSONValue = .array([Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, 1].map { .number($0) })
        return .object([
            ("ty", .integer(25)), ("nm", .string("Drop Shadow")), ("mn", .string("ADBE Drop Shadow")), ("ix", .integer(1)),
            ("en", .integer(1)), ("np", .integer(8)),
            ("ef", .array([
                value("Shadow Color", 2, 1, rgba),
                value("Opacity", 0, 2, .number(s.opacity * Double(c.a))),
                value("Direction", 0, 3, .number(direction)),
                value("Distance", 0, 4, .number(distance)),
                value("Softness", 0, 5, .number(4 * s.radius / 2)),
                value("Shadow Only", 7, 6, .integer(0)),
            ])),
        ])
    }

    /// The node's layers without its own shadow; `whole` keeps a node with sublayers or a mask in
    /// one precomposition (its shadow is cast by all of it).
    private mutating func emitUnshadowed(_ node: LayerSampling.Node, inherited: Alpha, whole: Bool = false) throws -> [LottieLayer] {
        let own = node.ownAlpha
        let alpha = multiplied(inherited, own)
        guard isVisible(alpha) else { return [] }
        let parts = try node.parts()
        let drawn = try node.drawnCount()
        // Opacity 0 or 1 (hidden, absent) multiplies each part alike; only a value between needs a group.
        let opaque = (own.samples + own.before.dropFirst()).allSatisfy { $0 == 0 || $0 == 1 }
        let clips = node.samples.contains { $0?.layer.masksToBounds == true }
        if node.mask != nil || clips || (!opaque && drawn > 1) || (whole && !node.children.isEmpty) {
            return try group(node, parts: parts, alpha: alpha, clips: clips)
        }
        var out = try ownLayers(node, parts: parts, alpha: alpha)
        for child in node.children { out += try emit(child, inherited: alpha) }
        return out
    }

    /// A precomposition of the node's content and sublayers at opacity `alpha`, under its mask's
    /// matte and within its bounds.
    private mutating func group(_ node: LayerSampling.Node, parts: [LayerPart], alpha: Alpha, clips: Bool) throws -> [LottieLayer] {
        let one = [Double](repeating: 1, count: frames + 1)
        var inside: [LottieLayer] = []
        inside += try ownLayers(node, parts: parts, alpha: (one, one))
        for child in node.children { inside += try emit(child, inherited: (one, one)) }
        guard !inside.isEmpty else { return [] }
        let base = precomposition(inside, name: node.displayName, alpha: alpha)
        // The mask as layer masks: one copy of the layer per piece of the mask's outline.
        var pieces: [[JSONValue]] = [[]]
        var matted = node.mask != nil && masks == .matte
        if let maskNode = node.mask {
            if masks == .mask {
                pieces = try contourMasks(maskNode, exact: false) ?? pieces
            } else if maskNode.samples.contains(where: { $0?.layer.prefersLayerMasks == true }),
                      let exact = try? contourMasks(maskNode, exact: true) {
                pieces = exact
                matted = false
            }
        }
        let copies = pieces.enumerated().map { k, piece -> LottieLayer in
            var copy = base
            var layerMasks = piece
            // The bounds intersect what the mask's contours leave.
            if clips { layerMasks.append(boundsMask(node, mode: layerMasks.isEmpty ? "a" : "i")) }
            if pieces.count > 1, let name = copy.members.firstIndex(where: { $0.0 == "nm" }) {
                copy.members[name].1 = .string("\(node.displayName) \(k + 1)")
            }
            if !layerMasks.isEmpty {
                // rlottie reads masks only when `hasMask` says there are some.
                copy.members.append(("hasMask", .bool(true)))
                copy.members.append(("masksProperties", .array(layerMasks)))
            }
            return copy
        }
        guard let maskNode = node.mask, matted else { return copies }
        var layer = base
        if clips {
            layer.members.append(("hasMask", .bool(true)))
            layer.members.append(("masksProperties", .array([boundsMask(node, mode: "a")])))
        }
        let maskLayers = try emit(maskNode, inherited: (one, one))
        guard !maskLayers.isEmpty else { return [] }      // an empty mask shows nothing
        var matte = maskLayers.count == 1 ? maskLayers[0] : precomposition(maskLayers, name: maskNode.displayName, alpha: (one, one))
        matte.members.append(("td", .integer(1)))
        layer.members.append(("tt", .integer(1)))
        return [layer, matte]
    }

    /// The layers drawing the node's own parts, bottom first: its shapes in shape layers, an
    /// outline filled by other nodes too as a layer showing that outline's precomposition (`outline`),
    /// its image (a coverage layer's) in an image layer.
    private mutating func ownLayers(_ node: LayerSampling.Node, parts: [LayerPart], alpha: Alpha) throws -> [LottieLayer] {
        var out: [LottieLayer] = []
        var shapes: [LayerPart] = []
        func flush() throws {
            if !shapes.isEmpty { out.append(try shapeLayer(node, parts: shapes, alpha: alpha)) }
            shapes = []
        }
        for part in parts {
            if part == .image { continue }
            if let shared = try outline(part, of: node, alpha: alpha) {
                try flush()
                out.append(shared)
            } else {
                shapes.append(part)
            }
        }
        try flush()
        if parts.contains(.image), let image = try imageLayer(node, alpha: alpha) { out.append(image) }
        return out
    }

    /// A fill (or a text run) whose outline other nodes fill too, as a layer showing the outline's
    /// precomposition (one per outline and paint in the document) placed by the node's transform at
    /// opacity `alpha`. Nil where the part is drawn in place: an outline filled once, a colour that
    /// changes, an opacity between 0 and 1 (rlottie composites a translucent layer wrongly), a
    /// sheared transform.
    private mutating func outline(_ part: LayerPart, of node: LayerSampling.Node, alpha: Alpha) throws -> LottieLayer? {
        guard (alpha.samples + alpha.before).allSatisfy({ $0 == 0 || $0 == 1 }) else { return nil }
        let path: Path, rgb: [Double], opacity: Double, rule: FillRule, slot: String?
        var matrix: (Layer, Transform) -> Transform = { $1 }
        switch part {
        case .fill(let r):
            guard let p = (node.any as? ShapeLayer)?.path else { return nil }
            let c = node.colorTracks(alpha: (alpha.samples.map { _ in 1 }, alpha.before.map { _ in 1 })) { ($0 as? ShapeLayer)?.fillColor }
            guard c.rgb.isConstant, c.opacity.isConstant else { return nil }
            path = p; rule = r; slot = slotName(node, "fill")
            rgb = c.rgb.keys[0].value.map { LottieColor.component(UInt8($0)) }; opacity = c.opacity.keys[0].value[0]
        case .run(let k):
            guard let text = node.any as? TextLayer else { return nil }
            path = text.runPaths[k]; rule = .nonZero
            slot = slotName(node, text.runs.count == 1 ? "text" : "run \(k + 1)")
            let c = text.runs[k].color
            rgb = LottieColor.rgb(c); opacity = Double(c.a) / 255
            matrix = { l, ctm in
                let o = (l as? TextLayer)?.lineOrigin ?? .zero
                return Transform.translation(o.x, o.y).concatenating(ctm)
            }
        default:
            return nil
        }
        guard (outlineUses[path] ?? 0) > 1, let box = path.controlBounds, box.width.isFinite, box.height.isFinite else { return nil }
        let t = SampledTransform(node, matrix)
        guard !t.sheared else { return nil }
        let key = OutlineKey(path: path, rgb: rgb, opacity: opacity, rule: rule, slot: slot)
        let asset: (id: String, width: Int, height: Int, offset: Point)
        if let known = outlines[key] { asset = known } else {
            let offset = Point(1 - box.minX.rounded(.down), 1 - box.minY.rounded(.down))
            let w = Int((box.maxX + offset.x).rounded(.up)) + 1, h = Int((box.maxY + offset.y).rounded(.up)) + 1
            let id = "outline \(outlines.count + 1)"
            let shapes = LottieBezier.contours(of: path.applying(.translation(offset.x, offset.y))).map(\.json)
            let fill = fillJSON((.init(constant: rgb), .init(constant: [opacity * 100])), rule: rule, slot: slot)
            let one = [Double](repeating: 1, count: frames + 1)
            let layer = LottieLayer(members: [
                ("ddd", .integer(0)), ("ty", .integer(4)), ("nm", .string(node.displayName)),
                ("sr", .integer(1)), ("ks", layerTransform((one, one))), ("ao", .integer(0)),
                ("shapes", .array([groupJSON("fill", shapes, [fill], transform: GroupTransform(outer: LottieProperty.identityTransform, inner: nil))])),
                ("ip", .integer(0)), ("op", .integer(frames)), ("st", .integer(0)), ("bm", .integer(0)),
            ])
            assets.append(.object([("id", .string(id)), ("nm", .string(node.displayName)), ("layers", .array(LottieLayer.composition([layer])))]))
            asset = (id, w, h, offset)
            outlines[key] = asset
        }
        let (ip, op) = span(alpha)
        let o = node.alphaTrack(alpha).map { [$0[0] * 100] }
        let ks: JSONValue = .object([
            ("o", LottieProperty.animated(o)), ("r", LottieProperty.animated(t.rotation)),
            ("p", LottieProperty.animated(t.position.map { $0 + [0] })),
            ("a", LottieProperty.fixed([asset.offset.x + t.anchor[0], asset.offset.y + t.anchor[1], 0])),
            ("s", LottieProperty.animated(t.scale.map { $0 + [100] })),
        ])
        return LottieLayer(members: [
            ("ddd", .integer(0)), ("ty", .integer(0)), ("nm", .string(node.displayName)), ("refId", .string(asset.id)),
            ("sr", .integer(1)), ("ks", ks), ("ao", .integer(0)), ("w", .integer(asset.width)), ("h", .integer(asset.height)),
            ("ip", .integer(ip)), ("op", .integer(op)), ("st", .integer(0)), ("bm", .integer(0)),
        ])
    }

    /// An image layer of a coverage layer (its image an embedded PNG asset, one per distinct image)
    /// at opacity `alpha`. The coverage lies on the canvas, so the layer sits at the identity.
    private mutating func imageLayer(_ node: LayerSampling.Node, alpha: Alpha) throws -> LottieLayer? {
        guard let image = try node.imagePNG() else { return nil }
        let id: String
        if let known = images[image.png] { id = known } else {
            id = "image \(images.count + 1)"
            images[image.png] = id
            assets.append(.object([
                ("id", .string(id)), ("nm", .string(node.displayName)), ("w", .integer(image.width)), ("h", .integer(image.height)),
                ("u", .string("")), ("p", .string("data:image/png;base64," + Base64.encode(image.png))), ("e", .integer(1)),
            ]))
        }
        let (ip, op) = span(alpha)
        return LottieLayer(members: [
            ("ddd", .integer(0)), ("ty", .integer(2)), ("nm", .string(node.displayName)), ("refId", .string(id)),
            ("sr", .integer(1)), ("ks", layerTransform(alpha)), ("ao", .integer(0)),
            ("ip", .integer(ip)), ("op", .integer(op)), ("st", .integer(0)), ("bm", .integer(0)),
        ])
    }

    /// A precomposition layer (canvas-sized, at the identity) showing `layers` at opacity `alpha`.
    private mutating func precomposition(_ layers: [LottieLayer], name: String, alpha: Alpha) -> LottieLayer {
        counter += 1
        let id = "group \(counter)"
        assets.append(.object([("id", .string(id)), ("nm", .string(name)), ("layers", .array(LottieLayer.composition(layers)))]))
        let (ip, op) = span(alpha)
        return LottieLayer(members: [
            ("ddd", .integer(0)), ("ty", .integer(0)), ("nm", .string(name)), ("refId", .string(id)),
            ("sr", .integer(1)), ("ks", layerTransform(alpha)), ("ao", .integer(0)),
            ("w", .integer(width)), ("h", .integer(height)),
            ("ip", .integer(ip)), ("op", .integer(op)), ("st", .integer(0)), ("bm", .integer(0)),
        ])
    }

    /// A shape layer with the node's own parts (top first, as Lottie lists shapes). `alpha` goes
    /// into each part's paint opacity, not the layer's: the node is not a group, so either it draws
    /// one part or `alpha` is 0 or 1, and both multiply alike (rlottie composites a translucent layer
    /// wrongly, a translucent fill rightly).
    private func shapeLayer(_ node: LayerSampling.Node, parts: [LayerPart], alpha: Alpha) throws -> LottieLayer {
        var shapes: [JSONValue] = []
        for part in parts.reversed() { shapes.append(try shape(part, of: node, alpha: alpha)) }
        let (ip, op) = span(alpha)
        let one = [Double](repeating: 1, count: frames + 1)
        return LottieLayer(members: [
            ("ddd", .integer(0)), ("ty", .integer(4)), ("nm", .string(node.displayName)),
            ("sr", .integer(1)), ("ks", layerTransform((one, one))), ("ao", .integer(0)),
            ("shapes", .array(shapes)),
            ("ip", .integer(ip)), ("op", .integer(op)), ("st", .integer(0)), ("bm", .integer(0)),
        ])
    }

    /// A layer transform at the identity with opacity `alpha` (x 100).
    private func layerTransform(_ alpha: Alpha) -> JSONValue {
        let o = SampledTrack(samples: alpha.samples.map { [$0 * 100] }, before: alpha.before.map { [$0 * 100] }, tolerance: 0.01)
        return .object([
            ("o", LottieProperty.animated(o)), ("r", LottieProperty.fixed([0])), ("p", LottieProperty.fixed([0, 0, 0])),
            ("a", LottieProperty.fixed([0, 0, 0])), ("s", LottieProperty.fixed([100, 100, 100])),
        ])
    }

    /// In and out points covering every frame where `alpha` shows anything (a frame seen just before
    /// frame k needs frame k - 1's span).
    private func span(_ alpha: Alpha) -> (Int, Int) {
        var first = frames, last = 0
        // Frame n's sample is not shown (the document ends there); the sample just before it is.
        for k in 0 ... frames {
            if k < frames, alpha.samples[k] > 0 { first = min(first, k); last = max(last, k + 1) }
            if k > 0, alpha.before[k] > 0 { first = min(first, k - 1); last = max(last, k) }
        }
        return (min(first, frames - 1), min(max(last, first + 1), frames))
    }

    // MARK: - Parts

    private func shape(_ part: LayerPart, of node: LayerSampling.Node, alpha: Alpha) throws -> JSONValue {
        switch part {
        case .background:
            let bounds = node.track({ l, _ in rectValue(l.bounds) }, absent: [0, 0, 0, 0])
            let color = colorTracks(node, alpha: alpha) { $0.backgroundColor }
            return groupJSON("background", [rectangle(bounds)] + [fillJSON(color, rule: .nonZero, slot: slotName(node, "background"))], transform: transform(node))
        case .fill(let rule):
            if let g = try node.gradientPaint(stroke: false) {
                var fill = gradientJSON(g, type: "gf", alpha: alpha)
                if case .object(var m) = fill { m.append(("r", .integer(rule == .evenOdd ? 2 : 1))); fill = .object(m) }
                return groupJSON("fill", paths(node), [fill], transform: transform(node))
            }
            let color = colorTracks(node, alpha: alpha, LayerSampling.Node.fillColor)
            return groupJSON("fill", paths(node), [fillJSON(color, rule: rule, slot: slotName(node, "fill"))], transform: transform(node))
        case .stroke:
            return try strokeGroup(node, alpha: alpha)
        case .gradient:
            return try gradientGroup(node, alpha: alpha)
        case .image:
            return .object([])
        case .run(let k):
            guard let text = node.any as? TextLayer else { return .object([]) }
            let shapes = text.runPaths[k].isEmpty ? [] : LottieBezier.contours(of: text.runPaths[k]).map(\.json)
            let c = text.runs[k].color
            let fill = fillJSON((.init(constant: LottieColor.rgb(c)), opacity(alpha, times: Double(c.a) / 255)), rule: .nonZero,
                                slot: slotName(node, text.runs.count == 1 ? "text" : "run \(k + 1)"))
            let tr = transform(node) { l, ctm in
                let o = (l as? TextLayer)?.lineOrigin ?? .zero
                return Transform.translation(o.x, o.y).concatenating(ctm)
            }
            return groupJSON(text.runs[k].text.isEmpty ? "run" : "run \(k + 1)", shapes, [fill], transform: tr)
        }
    }

    private func groupJSON(_ name: String, _ items: [JSONValue], _ styles: [JSONValue] = [], transform: GroupTransform) -> JSONValue {
        guard let inner = transform.inner else {
            return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + styles + [transform.outer]))])
        }
        let content: JSONValue = .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + styles + [inner]))])
        return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array([content, transform.outer]))])
    }

    private func rectValue(_ r: Rect) -> [Double] { [r.minX + r.width / 2, r.minY + r.height / 2, r.width, r.height] }

    /// A rectangle (`rc`) from tracks of [centre x, y, width, height].
    private func rectangle(_ t: (samples: [[Double]], before: [[Double]])) -> JSONValue {
        let centre = SampledTrack(samples: t.samples.map { Array($0[0 ..< 2]) }, before: t.before.map { Array($0[0 ..< 2]) }, tolerance: 0.01)
        let size = SampledTrack(samples: t.samples.map { Array($0[2 ..< 4]) }, before: t.before.map { Array($0[2 ..< 4]) }, tolerance: 0.01)
        return .object([("ty", .string("rc")), ("nm", .string("bounds")), ("d", .integer(1)),
                        ("p", LottieProperty.animated(centre)), ("s", LottieProperty.animated(size)), ("r", LottieProperty.fixed([0]))])
    }

    /// The shape layer's path as Lottie paths (fixed: `checkPaths`).
    private func paths(_ node: LayerSampling.Node) -> [JSONValue] {
        guard let path = (node.any as? ShapeLayer)?.path else { return [] }
        return LottieBezier.subpaths(of: path).map(\.json)
    }

    /// The group transform following the layer's transform to the canvas (or `matrix` of it).
    private func transform(_ node: LayerSampling.Node, _ matrix: (Layer, Transform) -> Transform = { $1 }) -> GroupTransform {
        LottieProperty.groupTransform(SampledTransform(node, matrix))
    }

    /// Tracks of a colour's RGB (Lottie's 0...1 components) and opacity (%); nil counts as
    /// transparent, keeping the colour shown nearest in time.
    private func colorTracks(_ node: LayerSampling.Node, alpha: Alpha, _ color: (Layer) -> Color?) -> (rgb: SampledTrack, opacity: SampledTrack) {
        let t = node.colorTracks(alpha: alpha, color)
        return (t.rgb.map { $0.map { LottieColor.component(UInt8($0)) } }, t.opacity.map { $0.map { $0 * 100 } })
    }

    /// A colour property; a fixed colour of a named layer is also a slot (`sid`), so a designer or a
    /// player's slot API recolours every use of it in one place.
    private func colorProperty(_ rgb: SampledTrack, slot: String?) -> JSONValue {
        guard rgb.isConstant, let slot else { return LottieProperty.animated(rgb, LottieColor.json) }
        let value = LottieColor.json(rgb.keys[0].value)
        let id = slots.add(slot, value)
        return .object([("a", .integer(0)), ("k", value), ("sid", .string(id))])
    }

    /// The setting the layer's part shows (`text-color`), else "<layer name> <part>" for a named layer.
    private func slotName(_ node: LayerSampling.Node, _ part: String) -> String? {
        if let key = node.any?.colourSlots[part] { return key }
        return node.any?.name.map { "\($0) \(part)" }
    }

    /// An opacity (%) track of `alpha` times a constant.
    private func opacity(_ alpha: Alpha, times f: Double) -> SampledTrack {
        opacityTrack(alpha, times: f).map { $0.map { $0 * 100 } }
    }

    private func fillJSON(_ color: (rgb: SampledTrack, opacity: SampledTrack), rule: FillRule, slot: String?) -> JSONValue {
        .object([("ty", .string("fl")), ("nm", .string("fill")), ("c", colorProperty(color.rgb, slot: slot)),
                 ("o", LottieProperty.animated(color.opacity)), ("r", .integer(rule == .evenOdd ? 2 : 1))])
    }

    /// The stroke: one group for the whole path, or, when it is trimmed at any frame, one group per
    /// subpath with its own trim paths. strokeStart and strokeEnd measure the whole path; players
    /// differ in the order they trim several subpaths as one ("individually"), so each subpath gets
    /// the part of the trim that falls on it, by its length.
    private func strokeGroup(_ node: LayerSampling.Node, alpha: Alpha) throws -> JSONValue {
        let trim = node.trimTrack
        let stroke = try strokeItem(node, alpha: alpha)
        let subpaths = (node.any as? ShapeLayer)?.path.map(LottieBezier.subpaths(of:)) ?? []
        guard !(trim.samples + trim.before).allSatisfy({ $0 == [0, 1] }) else {
            return groupJSON("stroke", subpaths.map(\.json), [stroke], transform: transform(node))
        }
        let lengths = subpaths.map(\.length)
        let total = lengths.reduce(0, +)
        var groups: [JSONValue] = []
        var before = 0.0
        for (i, sub) in subpaths.enumerated() {
            let from = before, length = lengths[i]
            before += length
            // The trim [a, b] of the whole path, as fractions of this subpath (empty: both 0).
            func part(_ v: [Double]) -> [Double] {
                guard length > 0, total > 0 else { return [0, 0] }
                let a = min(max((v[0] * total - from) / length, 0), 1), b = min(max((v[1] * total - from) / length, 0), 1)
                return b > a ? [a * 100, b * 100] : [0, 0]
            }
            let (start, end) = node.trimTracks(error: length > 0 ? 100 * VectorError.position / length : 0.01, part)
            let tm: JSONValue = .object([("ty", .string("tm")), ("nm", .string("trim")), ("s", LottieProperty.animated(start)),
                                         ("e", LottieProperty.animated(end)), ("o", LottieProperty.fixed([0])), ("m", .integer(1))])
            groups.append(groupJSON("subpath \(i + 1)", [sub.json], [tm, stroke], transform: GroupTransform(outer: LottieProperty.identityTransform, inner: nil)))
        }
        return groupJSON("stroke", groups, transform: transform(node))
    }

    /// The stroke style (`st`): colour, opacity (times `alpha`), width, cap, join, miter limit.
    private func strokeItem(_ node: LayerSampling.Node, alpha: Alpha) throws -> JSONValue {
        let color = colorTracks(node, alpha: alpha, LayerSampling.Node.drawnStrokeColor)
        let width = node.track(LayerSampling.Node.lineWidth, absent: [0])
        let s = node.any as? ShapeLayer
        let cap: Int, join: Int
        switch s?.lineCap ?? .butt { case .butt: cap = 1; case .round: cap = 2; case .square: cap = 3 }
        switch s?.lineJoin ?? .miter { case .miter: join = 1; case .round: join = 2; case .bevel: join = 3 }
        if let g = try node.gradientPaint(stroke: true) {
            guard case .object(var m) = gradientJSON(g, type: "gs", alpha: alpha) else { return .object([]) }
            m += [("w", LottieProperty.animated(SampledTrack(samples: width.samples, before: width.before, tolerance: 0.01))),
                  ("lc", .integer(cap)), ("lj", .integer(join)), ("ml", .number(max(1, s?.miterLimit ?? 10)))]
            return .object(m)
        }
        return .object([
            ("ty", .string("st")), ("nm", .string("stroke")),
            ("c", colorProperty(color.rgb, slot: slotName(node, "stroke"))), ("o", LottieProperty.animated(color.opacity)),
            ("w", LottieProperty.animated(SampledTrack(samples: width.samples, before: width.before, tolerance: 0.01))),
            ("lc", .integer(cap)), ("lj", .integer(join)), ("ml", .number(max(1, s?.miterLimit ?? 10))),
        ])
    }

    /// A shape layer's gradient fill (`gf`) or stroke (`gs`): its points in the layer's coordinates
    /// (the group's), its stops fixed, at opacity `alpha`. A radial one's end point lies on its
    /// circle (no highlight).
    private func gradientJSON(_ p: Paint, type: String, alpha: Alpha) -> JSONValue {
        let s: Point, e: Point, t: Int
        switch p {
        case .solid: return .object([])
        case .linear(_, let a, let b): (s, e, t) = (a, b, 1)
        case .radial(_, let c, let r): (s, e, t) = (c, Point(c.x + r, c.y), 2)
        }
        var m: [(String, JSONValue)] = [
            ("ty", .string(type)), ("nm", .string(type == "gf" ? "gradient fill" : "gradient stroke")),
            ("o", LottieProperty.animated(opacity(alpha, times: 1))),
            ("s", LottieProperty.fixed([s.x, s.y])), ("e", LottieProperty.fixed([e.x, e.y])), ("t", .integer(t)),
            ("g", .object([("p", .integer(p.stops.count)), ("k", LottieProperty.fixed(gradientStopValues(p.stops)))])),
        ]
        if t == 2 { m += [("h", LottieProperty.fixed([0])), ("a", LottieProperty.fixed([0]))] }
        return .object(m)
    }

    /// The gradient over the bounds: its axis in the layer's coordinates, its stops keyframed.
    private func gradientGroup(_ node: LayerSampling.Node, alpha: Alpha) throws -> JSONValue {
        let (count, stops, axis) = try node.gradientSamples()
        let bounds = node.track({ l, _ in rectValue(l.bounds) }, absent: [0, 0, 0, 0])
        let gradient: JSONValue = .object([
            ("ty", .string("gf")), ("nm", .string("gradient")), ("o", LottieProperty.animated(opacity(alpha, times: 1))), ("r", .integer(1)),
            ("s", LottieProperty.animated(sampledTrack(axis, 0 ..< 2, tolerance: 0.01))),
            ("e", LottieProperty.animated(sampledTrack(axis, 2 ..< 4, tolerance: 0.01))),
            ("t", .integer(1)),
            ("g", .object([("p", .integer(count)),
                           ("k", LottieProperty.animated(SampledTrack(samples: stops.samples, before: stops.before, tolerance: 1e-4),
                                                         LottieProperty.sixDecimals))])),
        ])
        return groupJSON("gradient", [rectangle(bounds)], [gradient], transform: transform(node))
    }

    /// A layer mask (`masksProperties`) of the node's bounds as they land on the canvas.
    private func boundsMask(_ node: LayerSampling.Node, mode: String) -> JSONValue {
        func corners(_ l: Layer, _ ctm: Transform) -> [Double] {
            let b = l.bounds
            return [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)]
                .flatMap { p -> [Double] in let q = ctm.apply(p); return [q.x, q.y] }
        }
        let t = node.track(corners, absent: [Double](repeating: 0, count: 8))
        let track = SampledTrack(samples: t.samples, before: t.before, tolerance: 0.01)
        func bezier(_ v: [Double]) -> JSONValue {
            var b = LottieBezier()
            for i in 0 ..< 4 { b.append(Point(v[2 * i], v[2 * i + 1])) }
            return b.shapeValue
        }
        // A shape property holds the bezier itself when static, a one-element array per keyframe.
        let shape = track.isConstant
            ? JSONValue.object([("a", .integer(0)), ("k", bezier(track.keys[0].value))])
            : LottieProperty.animated(track) { .array([bezier($0)]) }
        return .object([("inv", .bool(false)), ("mode", .string(mode)), ("nm", .string("bounds")),
                         ("pt", shape), ("o", LottieProperty.fixed([100])), ("x", LottieProperty.fixed([0]))])
    }

    /// Layer masks of a mask layer that is one opaque filled shape (non-zero) or text: its contours
    /// on the canvas (keyframed when the mask moves), in pieces (`LottieBezier.maskPieces`), each an
    /// outer contour added and its counters subtracted, for a copy of the masked layer each. Where
    /// the outline does not split so: nil when `exact`, else one piece of every outer contour added
    /// and every counter subtracted after them (the non-zero rule where contours do not overlap, as
    /// players that combine masks in order draw it). Throws, naming `lottie-masks`, for any other mask.
    private func contourMasks(_ maskNode: LayerSampling.Node, exact: Bool) throws -> [[JSONValue]]? {
        let refuse = VectorExportError("mask: a \(maskNode.displayName) mask is not one opaque filled shape or text (gradient, translucent, even-odd, stroked, image and nested masks need a matte); use --lottie-masks matte", setting: "lottie-masks")
        let present = node(maskNode.samples) + node(maskNode.before)
        guard maskNode.children.isEmpty, maskNode.mask == nil, !present.isEmpty,
              present.allSatisfy({ !$0.isHidden && $0.opacity == 1 && ($0.backgroundColor?.a ?? 0) == 0 }) else { throw refuse }
        let local: Path
        let origin: (Layer) -> Transform
        switch present[0] {
        case let shape as ShapeLayer:
            guard let path = shape.path, present.allSatisfy({ l in
                guard let s = l as? ShapeLayer else { return false }
                return s.path == path && s.fillRule == .nonZero && s.fillColor?.a == 255 && (s.strokeColor?.a ?? 0) == 0
            }) else { throw refuse }
            local = path
            origin = { _ in .identity }
        case let text as TextLayer:
            guard text.runs.allSatisfy({ $0.color.a == 255 }) else { throw refuse }
            local = text.runPaths.reduce(into: Path()) { $0.append($1) }
            origin = { l in
                let o = (l as? TextLayer)?.lineOrigin ?? .zero
                return .translation(o.x, o.y)
            }
        default:
            throw refuse
        }
        let contours = LottieBezier.contours(of: local)
        let pieces: [[(index: Int, mode: String)]]
        if let split = LottieBezier.maskPieces(contours) {
            pieces = split
        } else if exact {
            return nil
        } else {
            pieces = [LottieBezier.maskModes(contours)]
        }
        func mask(_ i: Int, _ mode: String) -> JSONValue {
            let contour = contours[i]
            func placed(_ l: Layer, _ ctm: Transform) -> [Double] {
                let m = origin(l).concatenating(ctm)
                var v: [Double] = []
                for k in contour.vertices.indices {
                    let p = m.apply(contour.vertices[k])
                    let a = contour.inTangents[k], b = contour.outTangents[k]
                    v += [p.x, p.y, m.a * a.x + m.c * a.y, m.b * a.x + m.d * a.y, m.a * b.x + m.c * b.y, m.b * b.x + m.d * b.y]
                }
                return v
            }
            let t = maskNode.track(placed, absent: placed(present[0], .identity))
            let track = SampledTrack(samples: t.samples, before: t.before, tolerance: 0.01)
            func bezier(_ v: [Double]) -> JSONValue {
                var b = LottieBezier()
                for k in 0 ..< v.count / 6 {
                    b.append(Point(v[6 * k], v[6 * k + 1]), in: Point(v[6 * k + 2], v[6 * k + 3]), out: Point(v[6 * k + 4], v[6 * k + 5]))
                }
                return b.shapeValue
            }
            let shape = track.isConstant
                ? JSONValue.object([("a", .integer(0)), ("k", bezier(track.keys[0].value))])
                : LottieProperty.animated(track) { .array([bezier($0)]) }
            return .object([("inv", .bool(false)), ("mode", .string(mode)),
                            ("nm", .string("mask contour \(i + 1)")), ("pt", shape),
                            ("o", LottieProperty.fixed([100])), ("x", LottieProperty.fixed([0]))])
        }
        return pieces.map { $0.map { mask($0.index, $0.mode) } }
    }

    private func node(_ samples: [(layer: Layer, ctm: Transform)?]) -> [Layer] { samples.compactMap { $0?.layer } }
}

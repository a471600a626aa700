import Geometry
import Layers
import SceneKit
import LayerVector
import Raster
import Vector
import Text

extension WaveLayerScene {
    /// Most distinct label texts a vector document holds.
    static let maxLabelTexts = 10_000

    /// The colour slot (and layer name) of wave `j` of `count`: the classic pair's `back-wave` and
    /// `front-wave`, a stack's `wave1` (the back one) ... `waveN`.
    static func waveName(_ j: Int, of count: Int) -> String {
        count == 2 ? (j == 0 ? "back-wave" : "front-wave") : "wave\(j + 1)"
    }

    /// The tree for vector export of `frames` frames at `fps`: the same layers as the reference's,
    /// with each wave one static path (`WaveVectorMotion`) and each label's text as one layer per
    /// glyph shown. Throws `SettingError` naming the flag for what it cannot export.
    static func vector(scene: WaveScene, first: Int = 0, frames: Int, fps: Double) throws -> WaveLayerScene {
        try refuseUnexportable(scene)
        let motion = try WaveVectorMotion(scene: scene, first: first, frames: frames, fps: fps)
        let tree = WaveLayerScene(scene: scene, motion: motion)
        // Every text each label shows, laid out before sampling (which cannot fail).
        for k in tree.labels.indices {
            var last: String?
            for n in first ... first + frames {
                let progress = scene.progress(index: n, timestamp: Double(n) / fps)
                let text = tree.labels[k].label.format.text(progress: progress)
                guard text != last else { continue }
                last = text
                _ = try tree.labelLayers(k, progress: progress)
            }
        }
        return tree
    }

    /// What the formats cannot draw as the renderers do, in one line naming the flag: a shadow
    /// cast by a wave that is not opaque (Lottie and SVG cast shadows from the drawn alpha, where
    /// a wave casts its shadow from its whole polygon).
    static func refuseUnexportable(_ scene: WaveScene) throws {
        let p = scene.parameters
        if p.containerShadow != nil, !scene.layout.path.isEmpty {
            let fill = p.containerFill.flatMap { try? WavePaint($0, key: "").paint(in: scene.layout.inkBox) }
            let opaque = fill.map { $0.stops.allSatisfy { $0.color.a == 255 } } ?? (p.container.a == 255)
            if !opaque {
                throw SettingError("container-shadow", "Lottie and SVG cast a shadow from what a layer draws, so a translucent container's shadow cannot be written; give the container an opaque colour (alpha FF) or export frames (PNG, GIF, APNG, video)")
            }
        }
        guard p.waveShadow != nil else { return }
        for spec in p.waveStack {
            let fill = (spec.fill ?? p.waterFill).flatMap { try? WavePaint($0, key: "").paint(in: scene.layout.inkBox) }
            let opaque: Bool
            if let fill { opaque = fill.stops.allSatisfy { $0.color.a == 255 } } else {
                opaque = spec.color.a == 255 && (p.waterGradient.map { $0.a == 255 } ?? true)
            }
            if !opaque {
                throw SettingError("wave-shadow", "Lottie and SVG cast a shadow from what a layer draws, so a translucent wave's shadow cannot be written; give every wave an opaque colour (alpha FF) or export frames (PNG, GIF, APNG, video)")
            }
        }
    }

    /// The presentation tree at a continuous document frame `f` (0 ... frames): each wave placed
    /// by its translation and rise, the labels' masks following the front wave, each label's text
    /// of the whole frame `f` is in. The scene's state is that frame's afterwards.
    func vectorTree(frame f: Double) -> Layer {
        guard let motion else { return root.presentation(at: 0) }
        for (layer, wave) in zip(waves, motion.waves) {
            layer.position = motion.position(wave, frame: f)
        }
        let at = motion.waves.last.map { motion.position($0, frame: f) } ?? .zero
        let n = motion.wholeFrame(f)
        let progress = scene.progress(index: n, timestamp: Double(n) / motion.fps)
        vectorLabels.insideMask.position = at
        vectorLabels.outsideMask.position = at
        for (k, l) in labels.enumerated() {
            for g in l.inside.sublayers + l.outside.sublayers + l.outline.sublayers { g.removeFromSuperlayer() }
            let text = l.label.format.text(progress: progress)
            for g in labelTexts[k][text] ?? [] {
                g.layers.inside?.position = g.at; g.layers.outside.position = g.at; g.layers.outline?.position = g.at
                if let i = g.layers.inside { l.inside.addSublayer(i) }
                l.outside.addSublayer(g.layers.outside)
                if let o = g.layers.outline { l.outline.addSublayer(o) }
            }
        }
        return root.presentation(at: 0)
    }

    /// Label `k`'s glyphs of its text at `progress` (laid out once per text): per glyph a fill for
    /// each side (inside only when the label splits) and, with an outline, a stroke of the glyph;
    /// each in its own coordinates, placed by position. The n-th use of an outline in any text is
    /// the same layers, so an outline is one path however many texts show it.
    @discardableResult
    func labelLayers(_ k: Int, progress: Double) throws -> [LabelGlyph] {
        let label = labels[k].label
        let text = label.format.text(progress: progress)
        if let known = labelTexts[k][text] { return known }
        guard labelTexts.reduce(0, { $0 + $1.count }) < Self.maxLabelTexts else {
            throw SettingError(label.style.key, "the labels show more than \(Self.maxLabelTexts) texts; export fewer frames, or use fewer decimals")
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            labelTexts[k][text] = []
            return []
        }
        let (_, shaped, tx, ty) = try label.placement(progress: progress)
        let p = scene.parameters, style = label.style
        let main = style.key == "label"
        func slot(_ part: String) -> String { main ? "label-\(part)" : "\(style.key) \(k) \(part)" }
        func layer(_ outline: Path, _ name: String) -> ShapeLayer {
            let l = ShapeLayer()
            l.bounds = Rect(x: 0, y: 0, width: Double(p.width), height: Double(p.height))
            l.anchorPoint = .zero
            l.path = outline
            l.name = name
            return l
        }
        var glyphs: [LabelGlyph] = []
        var seen: [Path: Int] = [:]
        for g in shaped.glyphs where !g.outline.isEmpty {
            let outline = g.outline.applying(Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64, tx: 0, ty: 0))
            let n = seen[outline, default: 0]
            seen[outline] = n + 1
            let key = LabelGlyphKey(label: k, outline: outline, occurrence: n)
            let made: LabelGlyphLayers
            if let known = labelGlyphs[key] { made = known } else {
                let name = "glyph \(g.glyphID)" + (n > 0 ? " \(n + 1)" : "")
                let side = labels.count > 1 ? "label \(k + 1)" : "label"
                let outside = layer(outline, "\(side) outside \(name)")
                outside.fillColor = style.color
                outside.colourSlots = ["fill": slot("color")]
                var inside: ShapeLayer?
                if label.splits {
                    let l = layer(outline, "\(side) inside \(name)")
                    l.fillColor = style.insideColor
                    l.colourSlots = ["fill": slot("inside-color")]
                    inside = l
                }
                var stroke: ShapeLayer?
                if style.outlineWidth > 0 {
                    // Opaque here: the outline's alpha is its group's opacity, so where two glyphs'
                    // strokes overlap they are one region, as the renderers draw the union.
                    let l = layer(outline, "\(side) outline \(name)")
                    let c = style.outlineColor
                    l.fillColor = nil
                    l.strokeColor = Color(r: c.r, g: c.g, b: c.b)
                    l.lineWidth = style.outlineWidth
                    l.lineJoin = .round; l.lineCap = .round
                    l.colourSlots = ["stroke": slot("outline-color")]
                    stroke = l
                }
                made = LabelGlyphLayers(inside: inside, outside: outside, outline: stroke)
                labelGlyphs[key] = made
            }
            glyphs.append(LabelGlyph(layers: made, at: Point(tx + Double(g.x26) / 64, ty - Double(g.y26) / 64)))
        }
        labelTexts[k][text] = glyphs
        return glyphs
    }
}

/// One label glyph's layers in vector export, shared by every text using that outline the same
/// time over.
struct LabelGlyphLayers {
    let inside: ShapeLayer?, outside: ShapeLayer, outline: ShapeLayer?
}

/// One glyph of a label text in vector export: its layers and where it sits in this text.
struct LabelGlyph {
    let layers: LabelGlyphLayers
    let at: Point
}

/// A label glyph's layers: the label, the glyph's outline, and which of its uses in one text (0 the
/// first).
struct LabelGlyphKey: Hashable {
    let label: Int, outline: Path, occurrence: Int
}

/// The wave's vector documents: its layer tree (`WaveLayerScene`) through the one layer-to-vector
/// mapping (`LayerLottie`, `LayerSVG`), each wave a static path moved by position.
public enum WaveVector {
    /// The Lottie JSON of frames 0 ..< `frames` (default `WaveScene.defaultVectorFrames`) at `fps`
    /// (default the scene's): frame n is tick n at timestamp n / fps. Throws `SettingError` naming
    /// the flag for what cannot be exported, `VectorExportError` for what the mapping cannot write.
    public static func lottie(scene: WaveScene, frames: Int? = nil, fps: Double? = nil, masks: LottieMaskForm = .matte) throws -> String {
        let rate = fps ?? scene.parameters.fps
        let n = frames ?? scene.defaultVectorFrames(fps: rate)
        let tree = try WaveLayerScene.vector(scene: scene, frames: n, fps: rate)
        do {
            return try LayerLottie.document(name: "WaveFill", width: scene.parameters.width, height: scene.parameters.height, fps: rate,
                                            frames: n, masks: masks, time: { $0 }, tree: { tree.vectorTree(frame: $0) })
        } catch let e as VectorExportError where e.setting == "lottie-masks" {
            throw SettingError("lottie-masks", e.message)
        }
    }

    /// The animated SVG of frames 0 ..< `frames` (default `WaveScene.defaultVectorFrames`), repeating.
    public static func svg(scene: WaveScene, frames: Int? = nil) throws -> String {
        let rate = scene.parameters.fps
        let n = frames ?? scene.defaultVectorFrames(fps: rate)
        let tree = try WaveLayerScene.vector(scene: scene, frames: n, fps: rate)
        return try LayerSVG.document(name: "WaveFill", width: scene.parameters.width, height: scene.parameters.height, fps: rate,
                                     frames: n, time: { $0 }, tree: { tree.vectorTree(frame: $0) })
    }

    /// Frame `frame` (tick `frame` at timestamp `frame / fps`) as a still SVG.
    public static func svg(scene: WaveScene, frame: Int) throws -> String {
        guard frame >= 0 else { throw SettingError("frame", "\(frame) is negative; expected a frame number >= 0") }
        let tree = try WaveLayerScene.vector(scene: scene, first: frame, frames: 1, fps: scene.parameters.fps)
        return try LayerSVG.still(name: "WaveFill frame \(frame)", width: scene.parameters.width, height: scene.parameters.height,
                                  layer: tree.vectorTree(frame: Double(frame)))
    }
}

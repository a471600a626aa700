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
    /// with each wave one static path (`WaveVectorMotion`) and the label's text as one layer per
    /// text shown. Throws `SettingError` naming the flag for what it cannot export.
    static func vector(scene: WaveScene, first: Int = 0, frames: Int, fps: Double) throws -> WaveLayerScene {
        let motion = try WaveVectorMotion(scene: scene, first: first, frames: frames, fps: fps)
        let tree = WaveLayerScene(scene: scene, motion: motion)
        // Every text the label shows, made before sampling (which cannot fail).
        if let label = tree.labels.first?.label {
            var last: String?
            for n in first ... first + frames {
                let text = label.format.text(progress: scene.progress(index: n, timestamp: Double(n) / fps))
                guard text != last else { continue }
                last = text
                if text.contains(where: { !$0.isWhitespace }) { _ = try tree.labelLayers(text, label: label) }
            }
        }
        return tree
    }

    /// The presentation tree at a continuous document frame `f` (0 ... frames): each wave placed
    /// by its translation and rise, the label's masks following the front wave, the label's text of
    /// the whole frame `f` is in. The scene's state is that frame's afterwards.
    func vectorTree(frame f: Double) -> Layer {
        guard let motion else { return root.presentation(at: 0) }
        for (layer, wave) in zip(waves, motion.waves) { layer.position = motion.position(wave, frame: f) }
        guard let l = labels.first else { return root.presentation(at: 0) }
        if let front = motion.waves.last {
            let at = motion.position(front, frame: f)
            l.insideMask.position = at
            l.outsideMask.position = at
        }
        do {
            let label = l.label
            let n = motion.wholeFrame(f)
            let progress = scene.progress(index: n, timestamp: Double(n) / motion.fps)
            let text = label.format.text(progress: progress)
            for g in l.inside.sublayers + l.outside.sublayers { g.removeFromSuperlayer() }
            if text.contains(where: { !$0.isWhitespace }) {
                for g in labelTexts[text] ?? [] {
                    g.inside.position = g.at; g.outside.position = g.at
                    l.inside.addSublayer(g.inside)
                    l.outside.addSublayer(g.outside)
                }
            }
        }
        return root.presentation(at: 0)
    }

    /// The label's glyphs of `text` (made once per text): a pair of fills (inside, outside) per
    /// glyph, its outline in its own coordinates, placed by position. The n-th use of a glyph in any
    /// text is the same pair of layers, so a glyph's outline is one path however many texts show it.
    func labelLayers(_ text: String, label: WaveLabel) throws -> [LabelGlyph] {
        if let known = labelTexts[text] { return known }
        guard labelTexts.count < Self.maxLabelTexts else {
            throw SettingError("label", "the label shows more than \(Self.maxLabelTexts) texts; export fewer frames, or use fewer decimals")
        }
        let shaped = try TextShaper(text: text, face: label.face).shape(e64: label.e64)
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        let tx = label.center.x - Double(x0 + x1) / 128, ty = label.center.y + Double(y0 + y1) / 128
        let p = scene.parameters
        func fill(_ outline: Path, _ color: Color, _ side: String, _ name: String, slot: String) -> ShapeLayer {
            let l = ShapeLayer()
            l.bounds = Rect(x: 0, y: 0, width: Double(p.width), height: Double(p.height))
            l.anchorPoint = .zero
            l.path = outline
            l.fillColor = color
            l.name = "label \(side) \(name)"
            l.colourSlots = ["fill": slot]
            return l
        }
        var glyphs: [LabelGlyph] = []
        var seen: [UInt32: Int] = [:]
        for g in shaped.glyphs where !g.outline.isEmpty {
            let n = seen[g.glyphID, default: 0]
            seen[g.glyphID] = n + 1
            let key = LabelGlyphKey(glyph: g.glyphID, occurrence: n)
            let pair: (inside: ShapeLayer, outside: ShapeLayer)
            if let known = labelGlyphs[key] { pair = known } else {
                let outline = g.outline.applying(Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64, tx: 0, ty: 0))
                let name = "glyph \(g.glyphID)" + (n > 0 ? " \(n + 1)" : "")
                pair = (fill(outline, p.labelInsideColor, "inside", name, slot: "label-inside-color"),
                        fill(outline, p.labelColor, "outside", name, slot: "label-color"))
                labelGlyphs[key] = pair
            }
            glyphs.append(LabelGlyph(inside: pair.inside, outside: pair.outside,
                                     at: Point(tx + Double(g.x26) / 64, ty - Double(g.y26) / 64)))
        }
        labelTexts[text] = glyphs
        return glyphs
    }
}

/// One glyph of a label text in vector export: its fills (shared by every text using that glyph
/// the same time over) and where it sits in this text.
struct LabelGlyph {
    let inside: ShapeLayer, outside: ShapeLayer
    let at: Point
}

/// A label glyph's layers: the glyph, and which of its uses in one text (0 the first).
struct LabelGlyphKey: Hashable {
    let glyph: UInt32, occurrence: Int
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

import SceneKit
import Animation
import Geometry
import Layers
import Raster
import Text

/// Glyph outlines drawn by a pen: the text's shaped outlines as one path in a shape layer whose
/// `strokeEnd` runs from 0 to 1 over `drawDuration` along the easing curve (arc length along the
/// whole path, glyph after glyph, contour after contour), after which `fillColor` fades in from
/// transparent over `fillDuration`. Both are explicit animations held at their ends (fill mode
/// both). With a glyph stagger each glyph is its own shape layer, its pen starting `glyphStagger`
/// after the previous one's; a pen tip is a dot whose position follows the end of each stroke.
///
/// Scrubbing is Core Animation's: the drawing layer's timing is paused (speed 0) at
/// `timeOffset = progress * totalDuration`, so `presentation(at:)` of a scrubbed scene is the same tree
/// as the played scene's at that time.
public final class StrokeModel: LayerSceneModel {
    /// The registry name.
    public static let kind = "stroke"

    /// The canvas.
    public let canvas: SceneCanvas
    /// The knobs.
    public let parameters: StrokeParameters
    /// The model tree: background, then the drawing layer holding the shape.
    public let root: Layer
    /// The layer whose timing is paused to scrub (speed 0, timeOffset).
    public let drawing: Layer
    /// The shape layer holding the glyph outlines (its model values are the finished drawing); with a
    /// glyph stagger, the first glyph's (each glyph has its own, in order).
    public let shape: ShapeLayer
    /// Seconds from the first pen's start to the last one's end.
    public let drawingTime: Double
    /// The whole timeline: drawing, then the fill fading in.
    public let totalDuration: Double
    /// The glyph outlines on the canvas (ink box centred).
    public let path: Path
    /// Em size in pixels.
    public let fontSize: Double

    /// Canvas width.
    public var width: Int { canvas.width }
    /// Canvas height.
    public var height: Int { canvas.height }

    /// Lays out the text in `face` (ink centred, fitted to 80 % of the canvas unless sized) and builds
    /// the tree; throws `SettingError`s naming flags.
    public init(canvas: SceneCanvas, parameters: StrokeParameters, face: FontFace) throws {
        try canvas.validate()
        try parameters.validate()
        self.canvas = canvas
        self.parameters = parameters
        let shaped: ShapedText
        do {
            let shaper = try TextShaper(text: parameters.text, face: face, style: parameters.paragraph)
            shaped = try shaper.shape(e64: try canvas.fittingE64([shaper]))
        } catch { throw SceneCanvas.flagError(error) }
        fontSize = shaped.pixelSize
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        let tx = Double(canvas.width) / 2 - Double(x0 + x1) / 128, ty = Double(canvas.height) / 2 + Double(y0 + y1) / 128
        path = shaped.path(tx: tx, ty: ty)
        // One pen for the whole text, or one per glyph when staggered.
        let pens: [Path]
        if parameters.glyphStagger != nil {
            pens = shaped.glyphs.map { g in
                g.outline.applying(Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64,
                                             tx: tx + Double(g.x26) / 64, ty: ty - Double(g.y26) / 64))
            }
        } else {
            pens = [path]
        }
        let draw = parameters.drawDuration, stagger = parameters.glyphStagger ?? 0
        let drawingTime = parameters.drawingTime(glyphs: pens.count)
        self.drawingTime = drawingTime
        totalDuration = drawingTime + parameters.fillDuration
        let curve = try Easing(parameters.easing).function

        root = canvas.rootLayer()
        drawing = Layer()
        drawing.name = "drawing"
        drawing.bounds = root.bounds; drawing.anchorPoint = .zero
        if let p = parameters.progress {
            scrubbed = min(max(p, 0), 1)
            drawing.timing = MediaTiming(speed: 0, timeOffset: p * totalDuration)
        }
        var clear = parameters.fillColor
        clear.a = 0
        var shapes: [ShapeLayer] = []
        for (k, pen) in pens.enumerated() {
            let shape = ShapeLayer()
            shape.name = pens.count == 1 ? "outline" : "glyph \(k + 1)"
            shape.bounds = root.bounds; shape.anchorPoint = .zero
            shape.path = pen
            shape.fillColor = parameters.fillColor
            shape.strokeColor = parameters.strokeColor
            shape.lineWidth = parameters.lineWidth
            shape.lineJoin = parameters.lineJoin
            shape.lineCap = parameters.lineCap
            shape.miterLimit = parameters.miterLimit
            shape.colourSlots = ["stroke": "stroke-color", "fill": "text-color"]
            shape.add(BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.strokeEnd, from: 0, to: 1,
                                                         timing: MediaTiming(beginTime: Double(k) * stagger, duration: draw,
                                                                             fillMode: .both), timingFunction: curve),
                      forKey: "strokeEnd")
            shape.add(BasicAnimation<ShapeLayer, Color?>(keyPath: \ShapeLayer.fillColor, from: clear, to: parameters.fillColor,
                                                         timing: MediaTiming(beginTime: drawingTime,
                                                                             duration: parameters.fillDuration, fillMode: .both)),
                      forKey: "fill")
            drawing.addSublayer(shape)
            shapes.append(shape)
        }
        shape = shapes[0]
        if let tip = parameters.penTip {
            let per = max(2, min(Int((draw * 120).rounded(.up)) + 1, PenTip.maxSamples / max(pens.count, 1)))
            for (k, pen) in pens.enumerated() {
                let dot = try PenTip.layer(along: pen, diameter: tip, color: parameters.strokeColor, begin: Double(k) * stagger,
                                           duration: draw, curve: curve, samples: per)
                dot.name = pens.count == 1 ? "pen tip" : "pen tip \(k + 1)"
                drawing.addSublayer(dot)
            }
        }
        root.addSublayer(drawing)
    }

    /// Scrubs the Core Animation way: pauses the drawing's timing (speed 0) at `progress` (0...1,
    /// clamped) of the timeline, or plays again from the start of the timeline when nil. The same as
    /// `StrokeParameters.progress` given at init.
    public func scrub(to progress: Double?) {
        scrubbed = progress.map { min(max($0, 0), 1) }
        drawing.timing = scrubbed.map { MediaTiming(speed: 0, timeOffset: $0 * totalDuration) } ?? MediaTiming()
    }

    /// The presentation tree at `time` seconds.
    public func presentation(at time: Double) -> Layer { root.presentation(at: time) }

    /// The presentation tree at `time`, reusing `previous` when it has the same shape.
    public func presentation(at time: Double, reusing previous: Layer?) -> Layer {
        root.presentation(at: time, reusing: previous)
    }

    /// Where the drawing is paused (0 ... 1 of the timeline), or nil while it plays.
    public private(set) var scrubbed: Double?

    /// Once, through the frame where the fill has faded in; still while scrubbed.
    public func timeline(fps: Double) -> SceneTimeline {
        guard drawing.timing.speed != 0 else { return .still }
        return .once(frames: SceneTimeline.framesThrough(totalDuration, fps: fps))
    }

    /// A vertical drag scrubs the drawing; `a` plays it again.
    public static let controls: [SceneControl] = [
        SceneControl(.verticalDrag, .scrub(0), help: "drag     scrub the drawing"),
        SceneControl(.key("a"), .play, help: "a        play again"),
    ]

    /// `scrub(p)` pauses the drawing at p (to 1/1000); `play` lets it run again.
    public func perform(_ action: SceneAction, at time: Double, frame: Int) -> String? {
        switch action {
        case .scrub(let p):
            let q = min(max((p * 1000).rounded() / 1000, 0), 1)
            scrub(to: q)
            return "stroke: progress \(q) (scrubbed)"
        case .play:
            scrub(to: nil)
            return "stroke: playing"
        default:
            return nil
        }
    }

    /// A resized stroke stays scrubbed where it was.
    public func carryState(from old: StrokeModel) { if let p = old.scrubbed { scrub(to: p) } }

    /// The pen width scales with the canvas.
    public static func scaled(_ parameters: StrokeParameters, by scale: Double) -> StrokeParameters {
        var p = parameters
        p.lineWidth *= scale
        return p
    }

    /// Where the scrub holds the drawing, by key.
    public var adjustedSettings: [String: SettingValue] { scrubbed.map { ["progress": .number($0)] } ?? [:] }

    /// The presented shape layer at `time` (its strokeEnd and fill colour).
    public func presentedShape(at time: Double) -> ShapeLayer? {
        presentation(at: time).sublayers.first?.sublayers.first as? ShapeLayer
    }
}

import Layers
import Raster
import SceneKit
import Text

/// A `Scene` played from a layer model: frame n is the model's presentation tree at n / fps seconds,
/// drawn by the exact reference `LayerRenderer`. Marquee, stroke, spread and morph are this with
/// their models; the model's properties read through (`scene.period`, `scene.root`, ...).
@dynamicMemberLookup
public final class LayeredScene<Model: LayerSceneModel>: Scene {
    /// The model for the current canvas.
    public private(set) var model: Model
    /// The font the model was laid out in.
    public let face: FontFace
    /// Frames per second of the scene's clock.
    public let fps: Double
    private let renderer = LayerRenderer()
    private let baseFontSize: Double?
    private let baseParameters: Model.Parameters

    /// Lays the model out; throws a `SettingError` naming the setting at fault.
    public init(canvas: SceneCanvas, parameters: Model.Parameters, face: FontFace, fps: Double = 60) throws {
        try SceneLimits.check(fps, "fps", SceneLimits.fps, unit: "fps")
        model = try Model(canvas: canvas, parameters: parameters, face: face)
        self.face = face
        self.fps = fps
        baseFontSize = canvas.fontSize
        baseParameters = parameters
    }

    /// Reads a property of the model.
    public subscript<T>(dynamicMember keyPath: KeyPath<Model, T>) -> T { model[keyPath: keyPath] }

    public var kind: String { Model.kind }
    public var width: Int { model.canvas.width }
    public var height: Int { model.canvas.height }
    public var timeline: SceneTimeline { model.timeline(fps: fps) }

    /// The time frame `n` shows.
    public func time(frame n: Int) -> Double { Double(n) / fps }

    public func render(frame n: Int, into pixmap: inout Pixmap) {
        pixmap = render(at: time(frame: n))
    }

    /// The picture at `time` seconds, with the reference renderer.
    public func render(at time: Double) -> Pixmap {
        renderer.renderPixmap(model.presentation(at: time), width: width, height: height)
    }

    /// Frame `n` of a clock ticking `fps` times a second (timestamp n / fps).
    public func render(frame n: Int, fps: Double) -> Pixmap { render(at: Double(n) / fps) }

    /// The presentation tree at `time` seconds.
    public func presentation(at time: Double) -> Layer { model.presentation(at: time) }

    public func resize(width: Int, height: Int, scale: Double) throws {
        var c = model.canvas
        c.width = width; c.height = height
        c.fontSize = baseFontSize.map { $0 * scale }
        let next = try Model(canvas: c, parameters: Model.scaled(baseParameters, by: scale), face: face)
        next.carryState(from: model)
        model = next
    }

    public var controls: [SceneControl] { Model.controls }

    public func perform(_ action: SceneAction, atFrame n: Int) -> String? { model.perform(action, at: time(frame: n), frame: n) }

    public var adjustedSettings: [String: SettingValue] { model.adjustedSettings }
}

/// A scrolling caption.
public typealias MarqueeScene = LayeredScene<MarqueeModel>
/// Glyph outlines drawn by a pen.
public typealias StrokeScene = LayeredScene<StrokeModel>
/// A tab title that fills with colour when selected.
public typealias SpreadScene = LayeredScene<SpreadModel>
/// A label morphing from text to text.
public typealias MorphScene = LayeredScene<MorphModel>

import Layers
import Raster
import SceneKit
import Text
#if canImport(Glibc)
import Glibc
#endif

/// A `Scene` played from a layer model: frame n is the model's presentation tree at n / fps seconds,
/// drawn by `FastLayerRenderer` (only what changed since the last frame, one presentation tree
/// reused frame after frame) or, on request, by the exact reference `LayerRenderer`. Marquee,
/// stroke, spread and morph are this with their models; the model's properties read through
/// (`scene.period`, `scene.root`, ...).
@dynamicMemberLookup
public final class LayeredScene<Model: LayerSceneModel>: Scene {
    /// The model for the current canvas.
    public private(set) var model: Model
    /// The font the model was laid out in.
    public let face: FontFace
    /// Frames per second of the scene's clock.
    public let fps: Double
    private let reference = LayerRenderer()
    private let fast = FastLayerRenderer()
    private var tree: Layer?
    /// The frame `render(frame:into:)` keeps up to date with damage-only frames and copies out.
    private var whole = Pixmap(width: 0, height: 0)
    /// Whether `fast`'s last frame went into `whole` (else into a caller's pixmap).
    private var fastDrewWhole = false
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
    public var background: Color { model.canvas.background }
    public var timeline: SceneTimeline { model.timeline(fps: fps) }

    /// The time frame `n` shows.
    public func time(frame n: Int) -> Double { Double(n) / fps }

    public var renderer: SceneRenderer = .fast { didSet { invalidate() } }

    public var renderThreads: Int {
        get { fast.threads }
        set { fast.threads = min(max(newValue, 1), 8) }
    }

    /// Every pixel of frame `n`: the scene keeps a frame of its own, brings it to frame `n` drawing
    /// only what changed since the last frame it showed (nothing when nothing changed), and copies it
    /// into `pixmap` (the copy is the cost of a frame that changed little).
    public func render(frame n: Int, into pixmap: inout Pixmap) {
        if renderer == .reference {
            pixmap = reference.renderPixmap(model.presentation(at: time(frame: n)), width: width, height: height)
            return
        }
        if !fastDrewWhole { fast.invalidate() }
        _ = drawChanges(frame: n, into: &whole)
        fastDrewWhole = true
        if pixmap.width != whole.width || pixmap.height != whole.height { pixmap = Pixmap(width: whole.width, height: whole.height) }
        let backdrop = fast.backdrop
        let w = whole.width, h = whole.height
        pixmap.bytes.withUnsafeMutableBytes { dst in
            whole.bytes.withUnsafeBytes { src in
                guard let d = dst.baseAddress, let s = src.baseAddress else { return }
                guard let (pixel, box) = backdrop, dst.count == src.count, dst.count == w * h * 4 else {
                    d.copyMemory(from: s, byteCount: min(dst.count, src.count))
                    return
                }
                // Outside the box every pixel is the backdrop's: written, not read (about half a copy's
                // cost), and the box copied.
                let out = d.assumingMemoryBound(to: UInt32.self)
                let fill = { (at: Int, count: Int) in
                    guard count > 0 else { return }
                    if pixel & 0xFF == pixel >> 24, pixel & 0xFFFF == pixel >> 16 {
                        memset(out + at, Int32(pixel & 0xFF), count * 4)
                    } else {
                        (out + at).update(repeating: pixel, count: count)
                    }
                }
                if box.isEmpty { fill(0, w * h); return }
                fill(0, box.y0 * w)
                for y in box.y0 ..< box.y1 {
                    fill(y * w, box.x0)
                    (d + (y * w + box.x0) * 4).copyMemory(from: s + (y * w + box.x0) * 4, byteCount: (box.x1 - box.x0) * 4)
                    fill(y * w + box.x1, w - box.x1)
                }
                fill(box.y1 * w, (h - box.y1) * w)
            }
        }
    }

    public func renderChanges(frame n: Int, into pixmap: inout Pixmap) -> Range<Int> {
        if renderer == .reference {
            pixmap = reference.renderPixmap(model.presentation(at: time(frame: n)), width: width, height: height)
            return 0 ..< height
        }
        if fastDrewWhole { fast.invalidate(); fastDrewWhole = false }   // its last frame is not in `pixmap`
        return drawChanges(frame: n, into: &pixmap)
    }

    private func drawChanges(frame n: Int, into pixmap: inout Pixmap) -> Range<Int> {
        let presented = model.presentation(at: time(frame: n), reusing: tree)
        tree = presented
        return fast.render(presented, into: &pixmap, width: width, height: height)
    }

    public func invalidate() { fast.invalidate(); fastDrewWhole = false }

    /// The picture at `time` seconds, with the reference renderer.
    public func render(at time: Double) -> Pixmap {
        reference.renderPixmap(model.presentation(at: time), width: width, height: height)
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
        tree = nil
        invalidate()
        whole = Pixmap(width: 0, height: 0)
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

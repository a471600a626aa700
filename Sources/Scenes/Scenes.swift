// Scenes: the rest of the wave fill's family as library code: a scrolling caption (`MarqueeScene`),
// text drawn by a pen (`StrokeScene`), a tab title that fills with colour when selected
// (`SpreadScene`) and a label whose characters morph from text to text (`MorphScene`).
//
// Owns: each scene's meaning (parameters with the documents' defaults and their validation, the
// layer tree and its explicit Core Animation style animations). Every frame is
// `presentation(at: t)` of that tree rendered by `LayerRenderer`: the exact reference path, a pure
// function of time, so a scrubbed frame equals the played frame and frame n can be rendered alone.
// No implicit animations: nothing changes unless an animation added here says so.
//
// Must not: know SDL, files or command lines, or touch the wave fill (`--scene wave` stays WaveFill's
// own fast renderer). Allocation: presenting copies the tree and the reference renderer allocates
// coverage and offscreen canvases per layer per frame; no fast path exists for these scenes yet.
import Geometry
import Layers
import Raster

/// The scenes `wavefill --scene` can show.
public enum SceneKind: String, Sendable, CaseIterable {
    /// The wave fill of shared/SCENE.md (WaveFill's own renderer).
    case wave
    /// A caption scrolling endlessly through a faded window.
    case marquee
    /// Glyph outlines drawn by a pen, then filled.
    case stroke
    /// A tab title that fills with colour when selected.
    case spread
    /// A per-character label morphing from text to text.
    case morph
}

/// A scene made of layers and explicit animations: what it shows at any time.
public protocol LayerScene: AnyObject {
    /// Canvas width in pixels.
    var width: Int { get }
    /// Canvas height in pixels.
    var height: Int { get }
    /// The presentation tree at `time` seconds (a pure function of time).
    func presentation(at time: Double) -> Layer
}

extension LayerScene {
    /// Renders the frame at `time` seconds with the reference renderer.
    public func render(at time: Double, renderer: LayerRenderer = LayerRenderer()) -> Pixmap {
        renderer.renderPixmap(presentation(at: time), width: width, height: height)
    }

    /// Renders headless frame `n` of a clock ticking `fps` times a second (timestamp n / fps).
    public func render(frame n: Int, fps: Double, renderer: LayerRenderer = LayerRenderer()) -> Pixmap {
        render(at: Double(n) / fps, renderer: renderer)
    }
}

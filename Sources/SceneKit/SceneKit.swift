// SceneKit: what every scene is to the rest of the program, and nothing else.
//
// Owns: the `Scene` protocol (size, clock rate, timeline, `render(frame:into:)` into a caller-owned
// pixmap, resizing, and input as scene-level actions), the timeline kinds (still, once, periodic with
// its exact loop length), the actions and controls a player binds to keys, setting values, and the
// error type that names a setting key. Players (a window, an exporter, a test) drive any scene through
// this protocol alone, so no module downcasts a scene to its concrete type.
//
// Must not: know SDL, files, command lines or any one scene. It links no C and sits directly above
// Raster and Vector (whose number formatter its messages use); the wave and the layer scenes conform
// to it from their own modules.
import Raster
import Vector

/// An animated picture that can be asked for frame n: the wave fill and every other scene.
///
/// Frame n is a pure function of n and of the actions performed so far: it is the same image however
/// it is reached, so frames can be rendered alone, in any order, and compared exactly.
public protocol Scene: AnyObject {
    /// The scene's registry name ("wave", "marquee", ...).
    var kind: String { get }
    /// Canvas width in pixels.
    var width: Int { get }
    /// Canvas height in pixels.
    var height: Int { get }
    /// Frames per second of the scene's clock: frame n is the picture at n / fps seconds.
    var fps: Double { get }
    /// The colour behind everything (what a format without alpha, or a GIF's matte, starts from).
    var background: Color { get }
    /// How the picture changes over frames: still, once, or periodic with its loop length.
    var timeline: SceneTimeline { get }
    /// The frames an export holds when none are asked for, from frame 0, when that is not what the
    /// timeline says (a motion that plays once before a loop, say); nil: the timeline decides.
    var defaultExportFrames: Int? { get }
    /// Draws frame `n` into `pixmap` (made `width` x `height` first when it is not).
    func render(frame n: Int, into pixmap: inout Pixmap)
    /// Draws frame `n` into a pixmap holding the previous frame this scene drew into it, rewriting
    /// only what changed; returns the rows that may differ from the previous frame. The default draws
    /// everything and returns every row.
    func renderChanges(frame n: Int, into pixmap: inout Pixmap) -> Range<Int>
    /// Forgets what the last `renderChanges` drew: the next one draws everything.
    func invalidate()
    /// Lays the scene out again for a `width` x `height` pixel canvas; `scale` is pixels per point
    /// (lengths that were given in points scale with it). Throws a `SettingError` when it cannot.
    func resize(width: Int, height: Int, scale: Double) throws
    /// The inputs the scene responds to, for a player's key bindings and help.
    var controls: [SceneControl] { get }
    /// Carries out `action` as seen at frame `n`; returns a line saying what changed, or nil when the
    /// scene does not respond to it.
    func perform(_ action: SceneAction, atFrame n: Int) -> String?
    /// Short lines describing frame `n` for a stats overlay (e.g. phase and progress).
    func status(frame n: Int) -> [String]
    /// The settings changed by actions since the scene was made, by key (what a "copy command" or a
    /// saved preset adds to the settings the scene was made from).
    var adjustedSettings: [String: SettingValue] { get }
    /// The settings that make frame `n` of the scene as it is now, with its actions' changes, when
    /// rendered from the start (`render --frame n`): `adjustedSettings`, except that a motion an
    /// action started and that is still under way at `n` is given as the state it shows at `n` (the
    /// wave's level caught mid-transition, say).
    func adjustedSettings(atFrame n: Int) -> [String: SettingValue]
    /// Which renderer draws the frames: the fast one (the default) or the exact reference it is
    /// held to (within 1/255 per channel). Changing it makes the next frame whole.
    var renderer: SceneRenderer { get set }
    /// Threads the fast renderer may split a large frame's rows across (1 ... 8; same pixels).
    var renderThreads: Int { get set }
}

/// The renderers a scene can be drawn with.
public enum SceneRenderer: String, CaseIterable, Sendable {
    /// Work only where the picture changed, with cached coverage: what players use.
    case fast
    /// The exact reference: every layer composited over the whole canvas, nothing cached.
    case reference
}

extension Scene {
    public var defaultExportFrames: Int? { nil }

    public func renderChanges(frame n: Int, into pixmap: inout Pixmap) -> Range<Int> {
        render(frame: n, into: &pixmap)
        return 0 ..< pixmap.height
    }

    public func invalidate() {}

    public var controls: [SceneControl] { [] }

    public func perform(_ action: SceneAction, atFrame n: Int) -> String? { nil }

    public func status(frame n: Int) -> [String] { [] }

    public var adjustedSettings: [String: SettingValue] { [:] }

    public func adjustedSettings(atFrame n: Int) -> [String: SettingValue] { adjustedSettings }

    /// Frame `n` as a new pixmap.
    public func render(frame n: Int) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        render(frame: n, into: &p)
        return p
    }
}

/// A scene that can be written as a Lottie document that players draw themselves.
public protocol LottieScene: Scene {
    /// A Lottie JSON document of `frames` frames, its frame k showing the scene's frame `start + k`,
    /// masks in the form `masks`. Throws `SettingError` (naming the setting) or `VectorExportError`
    /// for what it cannot write.
    func lottieDocument(start: Int, frames: Int, masks: LottieMaskForm) throws -> String
}

/// A scene that can also be written as SVG: one frame as a still document, or an animation as an
/// animated one (SMIL, no script) that browsers play.
public protocol VectorScene: LottieScene {
    /// An SVG document of frame `frame`, without animations.
    func svgDocument(frame: Int) throws -> String
    /// An animated SVG document of `frames` frames at the scene's fps, repeating indefinitely: at
    /// time k / fps it shows the scene's frame `start + k`. Throws `SettingError` (naming the
    /// setting) or `VectorExportError` for what it cannot write.
    func svgDocument(start: Int, frames: Int) throws -> String
}

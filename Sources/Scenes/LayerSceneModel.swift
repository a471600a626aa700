import Layers
import SceneKit
import Text

/// A scene built from layers and explicit animations on one canvas: what `LayeredScene` plays.
///
/// A model is laid out once for its canvas; frame n is its presentation tree at n / fps seconds.
/// Resizing makes a new model for the new canvas (and carries over what actions changed).
public protocol LayerSceneModel: AnyObject {
    /// The model's knobs.
    associatedtype Parameters
    /// The registry name ("marquee", ...).
    static var kind: String { get }
    /// Lays the scene out on `canvas`; throws a `SettingError` naming the setting at fault.
    init(canvas: SceneCanvas, parameters: Parameters, face: FontFace) throws
    /// The canvas it was laid out on.
    var canvas: SceneCanvas { get }
    /// The knobs it was made with.
    var parameters: Parameters { get }
    /// The presentation tree at `time` seconds (a pure function of time and the actions so far).
    func presentation(at time: Double) -> Layer
    /// The same tree, written into `previous` when it has the tree's shape (see
    /// `Layer.presentation(at:reusing:)`).
    func presentation(at time: Double, reusing previous: Layer?) -> Layer
    /// How the picture changes, in frames at `fps`.
    func timeline(fps: Double) -> SceneTimeline
    /// The inputs it responds to.
    static var controls: [SceneControl] { get }
    /// Carries out `action` at `time` seconds; a line saying what changed, or nil.
    func perform(_ action: SceneAction, at time: Double, frame: Int) -> String?
    /// Takes over what actions changed in `old` (called on a model made for a new canvas).
    func carryState(from old: Self)
    /// The parameters with lengths given in points scaled to pixels by `scale`.
    static func scaled(_ parameters: Parameters, by scale: Double) -> Parameters
    /// Settings changed by actions, by key.
    var adjustedSettings: [String: SettingValue] { get }
}

extension LayerSceneModel {
    public static var controls: [SceneControl] { [] }
    public func perform(_ action: SceneAction, at time: Double, frame: Int) -> String? { nil }
    public func carryState(from old: Self) {}
    public static func scaled(_ parameters: Parameters, by scale: Double) -> Parameters { parameters }
    public var adjustedSettings: [String: SettingValue] { [:] }
    /// Canvas width.
    public var width: Int { canvas.width }
    /// Canvas height.
    public var height: Int { canvas.height }
}

import LayerVector
import SceneKit
import Vector

extension LayeredScene: VectorScene {
    /// The scene's layer tree as Lottie (`LayerLottie`): document frame k is the scene's frame
    /// `start + k` at the scene's fps.
    public func lottieDocument(start: Int, frames: Int, masks: LottieMaskForm) throws -> String {
        let fps = self.fps
        return try LayerLottie.document(name: "WaveFill \(kind)", width: width, height: height, fps: fps, frames: frames, masks: masks,
                                        time: { (Double(start) + $0) / fps }, tree: { model.presentation(at: $0) })
    }

    /// The scene's layer tree as an animated SVG (`LayerSVG`): at time k / fps it shows the scene's
    /// frame `start + k`.
    public func svgDocument(start: Int, frames: Int) throws -> String {
        let fps = self.fps
        return try LayerSVG.document(name: "WaveFill \(kind)", width: width, height: height, fps: fps, frames: frames,
                                     time: { (Double(start) + $0) / fps }, tree: { model.presentation(at: $0) })
    }

    /// Frame `frame` as a still SVG: the animated document's mapping at that time, without
    /// animations.
    public func svgDocument(frame: Int) throws -> String {
        guard frame >= 0 else { throw SettingError("frame", "\(frame) is negative; expected a frame number >= 0") }
        return try LayerSVG.still(name: "WaveFill \(kind) frame \(frame)", width: width, height: height,
                                  layer: model.presentation(at: time(frame: frame)))
    }
}

import LayerVector
import SceneKit
import Vector

extension LayeredScene: LottieScene {
    /// The scene's layer tree as Lottie (`LayerLottie`): document frame k is the scene's frame
    /// `start + k` at the scene's fps.
    public func lottieDocument(start: Int, frames: Int, masks: LottieMaskForm) throws -> String {
        let fps = self.fps
        return try LayerLottie.document(name: "WaveFill \(kind)", width: width, height: height, fps: fps, frames: frames, masks: masks,
                                        time: { (Double(start) + $0) / fps }, tree: { model.presentation(at: $0) })
    }
}

import Export
import Text
import WaveFill
#if canImport(Glibc)
import Glibc
#endif

extension SceneOptions {
    /// The parameters and the container they describe, kept apart so that a window can lay the
    /// container out again at a new size. Errors name the flag, as `makeScene()`'s do.
    func makeSource() throws -> (parameters: WaveParameters, source: ContainerSource) {
        let p = try parameters()
        if let maskImage {
            let img: (width: Int, height: Int, rgba: [UInt8])
            do { img = try PNGFile.readStraightRGBA(maskImage) } catch {
                throw ParameterError("--mask-image", "\(error); expected a PNG file")
            }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            let source = ContainerSource.mask(MaskImage(width: img.width, height: img.height, alpha: alpha))
            _ = try source.scene(p)        // refuse now what the first frame would refuse
            return (p, source)
        }
        do {
            let face = try FontFace(path: Self.resolveFont(font))
            let source = ContainerSource.text(try TextShaper(text: p.text, face: face))
            _ = try source.scene(p)
            return (p, source)
        } catch let e as TextError {
            switch e {
            case .emptyText, .missingCharacters, .noInk: throw ParameterError("--text", e.description)
            case .badSize: throw ParameterError("--font-size", e.description)
            default: throw ParameterError("--font", e.description)
            }
        }
    }
}

import WaveFill
#if canImport(Glibc)
import Glibc
#endif

extension SceneOptions {
    /// The parameters (flags over the preset), the container they describe and the mask image's path,
    /// kept apart so that a window can lay the container out again at a new size. Errors name the flag
    /// or the preset key, as `makeScene()`'s do, and the first frame's layout is tried here so that
    /// whatever it would refuse is refused before a window opens.
    func makeSource() throws -> (parameters: WaveParameters, source: ContainerSource, maskImage: String?) {
        let settings = try effectiveSettings()
        do {
            return try Self.makeSource(settings)
        } catch let e as SettingError {
            if let key = SceneKey(rawValue: e.key) { throw settings.error(key, e.message) }
            throw ParameterError(e)
        }
    }

    private static func makeSource(_ settings: SceneSettings) throws -> (parameters: WaveParameters, source: ContainerSource, maskImage: String?) {
        let p = try settings.parameters()
        if let maskImage = try settings.string(.maskImage) {
            let img: (width: Int, height: Int, rgba: [UInt8])
            do { img = try PNGFile.readStraightRGBA(maskImage) } catch {
                throw settings.error(.maskImage, "\(error); expected a PNG file")
            }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            let source = ContainerSource.mask(MaskImage(width: img.width, height: img.height, alpha: alpha))
            _ = try source.scene(p)
            return (p, source, maskImage)
        }
        do {
            let face = try FontFace(path: resolveFont(p.fontPath))
            let source = ContainerSource.text(try TextShaper(text: p.text, face: face))
            _ = try source.scene(p)
            return (p, source, nil)
        } catch let e as TextError {
            switch e {
            case .emptyText, .missingCharacters, .noInk: throw settings.error(.text, e.description)
            case .badSize: throw settings.error(.fontSize, e.description)
            default: throw settings.error(.font, e.description)
            }
        }
    }
}

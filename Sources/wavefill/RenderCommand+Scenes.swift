import Export
import Layers
import Raster
import Scenes
import WaveFill
#if canImport(Glibc)
import Glibc
#endif

extension RenderCommand {
    /// Renders frames of a layer scene (`--scene` other than wave): frame n shows time n / fps,
    /// written as the wave's frames are (same names, same refusal of existing files).
    func renderLayerScene(_ scene: LayerScene, fps: Double, first: Int, count: Int, toFile: Bool) throws {
        let paths: [String]
        if toFile {
            try OutputPaths.prepareParent(of: out)
            paths = [out]
        } else {
            try OutputPaths.prepareDirectory(out)
            let dir = out.hasSuffix("/") ? out : out + "/"
            paths = (0 ..< count).map { dir + OutputPaths.frameName(first + $0) }
        }
        if !force, let existing = paths.first(where: { access($0, F_OK) == 0 }) {
            throw ParameterError("--out", "'\(existing)' exists; pass --force to overwrite")
        }
        let renderer = LayerRenderer()
        var progress = Progress(total: count, label: "rendering")
        for (k, path) in paths.enumerated() {
            let pixmap = scene.render(frame: first + k, fps: fps, renderer: renderer)
            do { try PNGFile.write(pixmap, to: path) } catch { throw CLIError("\(error)") }
            progress.update(k + 1)
        }
        if count == 1 {
            print("wrote \(paths[0]) (frame \(first), \(scene.width)x\(scene.height))")
        } else {
            print("wrote \(count) frames \(first)...\(first + count - 1) to \(out) (\(paths[0]) ... \(paths[count - 1]), \(scene.width)x\(scene.height))")
        }
    }
}

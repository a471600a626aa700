import ArgumentParser
import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill render`: frames to PNG files, headless.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames of the indicator to PNG files, headless.",
        discussion: """
        Frame n is the same image however it is reached: a virtual clock gives tick n the timestamp \
        n / fps. With --frames N, frames start..start+N-1 go to DIR/frame-NNNNN.png (NNNNN is the frame \
        number). A single frame may go to a FILE.png. Existing files are kept unless --force.
        """)

    @OptionGroup var scene: SceneOptions

    @OptionGroup(title: "Other scenes") var scenes: SceneChoiceOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render the single frame K (>= 0). (default: 0 when --frames is not given)", valueName: "K"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render N consecutive frames (1...1000000). (default: 1)", valueName: "N"))
    var frames: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First frame of --frames (>= 0).", valueName: "K"))
    var start: Int = 0

    @Option(name: .long, help: ArgumentHelp("Output directory, or a .png file for a single frame; directories are created.", valueName: "dir|file.png"))
    var out: String = "out"

    @Flag(name: .long, help: "Overwrite existing frame files.")
    var force = false

    func run() throws {
        if frame != nil && frames != nil { throw ParameterError("--frame", "give either --frame K or --frames N, not both") }
        if let frame, frame < 0 { throw ParameterError("--frame", "\(frame) is negative; expected a frame number >= 0") }
        if let frames, !(1 ... 1_000_000).contains(frames) { throw ParameterError("--frames", "\(frames) is outside 1 ... 1000000") }
        guard start >= 0 else { throw ParameterError("--start", "\(start) is negative; expected a frame number >= 0") }
        if frame != nil && start != 0 { throw ParameterError("--start", "--start goes with --frames, not --frame") }
        let first = frame ?? start
        let count = frames ?? 1
        let toFile = out.lowercased().hasSuffix(".png")
        if toFile && count != 1 { throw ParameterError("--out", "'\(out)' is a single file; --frames \(count) needs a directory") }

        // Everything that can be refused is checked before anything is created or written.
        if let (layerScene, fps) = try scenes.makeLayerScene(common: scene) {
            return try writeFrames(first: first, count: count, toFile: toFile, width: layerScene.width,
                                   height: layerScene.height, savePreset: false) { n, pixmap in
                layerScene.render(frame: n, into: &pixmap)
            }
        }
        let sceneModel = try scene.makeScene()
        let renderer = WaveRenderer(scene: sceneModel)
        try writeFrames(first: first, count: count, toFile: toFile, width: sceneModel.parameters.width,
                        height: sceneModel.parameters.height, savePreset: true) { n, pixmap in
            sceneModel.update(frame: n)
            renderer.render(into: &pixmap)
        }
    }

    /// Writes frames first ..< first + count to `--out` (one file, or a directory of frame-NNNNN.png),
    /// refusing existing files unless `--force`; `draw(n, &pixmap)` draws frame n into a reused pixmap.
    func writeFrames(first: Int, count: Int, toFile: Bool, width: Int, height: Int, savePreset: Bool,
                     draw: (Int, inout Pixmap) -> Void) throws {
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
        if savePreset { try scene.saveRequestedPreset() }
        var pixmap = Pixmap(width: width, height: height)
        var progress = Progress(total: count, label: "rendering")
        for (k, path) in paths.enumerated() {
            draw(first + k, &pixmap)
            do { try PNGFile.write(pixmap, to: path) } catch { throw CLIError("\(error)") }
            progress.update(k + 1)
        }
        if count == 1 {
            print("wrote \(paths[0]) (frame \(first), \(width)x\(height))")
        } else {
            print("wrote \(count) frames \(first)...\(first + count - 1) to \(out) (\(paths[0]) ... \(paths[count - 1]), \(width)x\(height))")
        }
    }
}

/// Output locations: created when missing, refused when they are files.
enum OutputPaths {
    static func frameName(_ n: Int) -> String {
        let s = String(n)
        return "frame-" + String(repeating: "0", count: max(0, 5 - s.count)) + s + ".png"
    }

    /// Creates `dir` (and parents) or fails with a line naming --out.
    static func prepareDirectory(_ dir: String) throws {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError("--out", "'\(dir)' exists and is not a directory") }
            guard access(dir, W_OK) == 0 else { throw ParameterError("--out", "directory '\(dir)' is not writable") }
            return
        }
        var prefix = dir.hasPrefix("/") ? "/" : ""
        for part in dir.split(separator: "/") {
            prefix += part
            if stat(prefix, &st) != 0 {
                if mkdir(prefix, 0o755) != 0 {
                    throw ParameterError("--out", "cannot create directory '\(prefix)': \(String(cString: strerror(errno)))")
                }
            } else if (st.st_mode & S_IFMT) != S_IFDIR {
                throw ParameterError("--out", "'\(prefix)' is a file, so '\(dir)' cannot be created")
            }
            prefix += "/"
        }
    }

    /// Makes sure the directory a file goes into exists.
    static func prepareParent(of file: String) throws {
        guard let slash = file.lastIndex(of: "/") else { return }
        let dir = String(file[..<slash])
        if !dir.isEmpty { try prepareDirectory(dir) }
    }
}

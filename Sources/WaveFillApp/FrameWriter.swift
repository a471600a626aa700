import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// What to render headless: frames `first ..< first + count` to one PNG file or a folder of
/// `frame-NNNNN.png`.
public struct RenderRequest: Sendable {
    /// The first frame.
    public var first = 0
    /// How many frames.
    public var count = 1
    /// A directory, or a .png file for a single frame.
    public var out = "out"
    /// Overwrite existing frame files.
    public var force = false
    /// Also write the effective settings to this preset file.
    public var savePreset: String?
    /// The renderer that draws the frames.
    public var renderer = SceneRenderer.fast

    /// A request for frame 0 into ./out.
    public init() {}
}

/// Renders frames of any scene to PNG files: frame n is `render(frame: n)`, the same image however
/// it is reached. Everything that can be refused is checked before anything is written; each file
/// goes through a temporary name and a rename.
public struct FrameWriter {
    /// The scene's settings.
    public let setup: SceneSetup
    /// What to write.
    public let request: RenderRequest

    /// The largest canvas (pixels) each renderer draws, checked before any work; a renderer not
    /// listed takes any canvas the scene takes. The reference renderer is exact and slow: at
    /// 2048x2048 a frame takes seconds and under 1 GB.
    public static let maxArea: [SceneRenderer: Int] = [.reference: 2048 * 2048]

    /// Refuses a canvas over the renderer's `maxArea`, naming --renderer.
    static func checkArea(_ w: Int, _ h: Int, _ renderer: SceneRenderer) throws {
        guard let most = maxArea[renderer], w * h > most else { return }
        throw ParameterError("--renderer", "\(renderer.rawValue) draws at most \(most) px a frame (2048x2048); \(w)x\(h) is \(w * h): use the fast renderer or a smaller canvas")
    }

    /// The canvas `setup` sets through its scene's one setting of type size, if it sets one.
    static func canvas(of setup: SceneSetup) -> (Int, Int)? {
        guard let d = setup.definition.settings.first(where: { $0.type == .size }),
              case .string(let text)? = setup.values[d.key],
              let wh = try? SettingDeclaration.size(text, key: d.key) else { return nil }
        return (wh.width, wh.height)
    }

    /// A writer of `setup`'s scene.
    public init(setup: SceneSetup, request: RenderRequest) {
        self.setup = setup
        self.request = request
    }

    /// Writes the frames; prints one `wrote ...` line on stdout.
    public func run() throws {
        try InterruptCleanup.guarding { try write() }
    }

    private func write() throws {
        let r = request
        try OutputPaths.checkOutValue(r.out)
        let toFile = r.out.lowercased().hasSuffix(".png")
        if toFile && r.count != 1 { throw ParameterError("--out", "'\(r.out)' is a single file; --frames \(r.count) needs a directory") }
        // The canvas is checked against the renderer from the settings, before the scene (and its
        // layers, as large as the canvas) is made; and again from the scene.
        if let (w, h) = Self.canvas(of: setup) { try Self.checkArea(w, h, r.renderer) }
        let scene = try setup.makeScene()
        scene.renderer = r.renderer
        try Self.checkArea(scene.width, scene.height, r.renderer)
        if let path = r.savePreset { try SceneSetup.checkPresetPath(path, force: r.force) }
        let paths: [String]
        let folder: String
        if toFile {
            try OutputPaths.checkWritableFile(r.out, force: r.force)
            paths = [r.out]
            folder = OutputPaths.folder(of: r.out)
        } else {
            let dir = r.out.hasSuffix("/") ? r.out : r.out + "/"
            paths = (0 ..< r.count).map { dir + OutputPaths.frameName(r.first + $0) }
            folder = r.out
        }
        // Checked before anything is created, and again once this run holds the folder's lock (a
        // concurrent run may have written meanwhile).
        func checkExisting() throws {
            if OutputPaths.exists(folder) || !toFile {
                for path in paths { try OutputPaths.checkReplaceable(path, force: r.force) }
            }
        }
        try checkExisting()
        if toFile { try OutputPaths.prepareParent(of: r.out) } else { try OutputPaths.prepareDirectory(r.out) }
        let lock = try OutputLock(folder: folder)
        defer { lock.release() }
        try checkExisting()
        if let path = r.savePreset { try setup.savePreset(to: path, force: r.force) }
        var pixmap = Pixmap(width: scene.width, height: scene.height)
        var progress = Progress(total: r.count, label: "rendering")
        InterruptCleanup.framesDone = 0
        defer { InterruptCleanup.framesDone = -1 }
        for (k, path) in paths.enumerated() {
            // Consecutive frames: each drawn over the last one, only where they differ.
            _ = scene.renderChanges(frame: r.first + k, into: &pixmap)
            do {
                try PNGFile.write(pixmap, to: path)
            } catch {
                throw CLIError("--out: \(error) (\(k) frames were completed and are kept)")
            }
            InterruptCleanup.framesDone = k + 1
            progress.update(k + 1)
        }
        let (w, h) = (scene.width, scene.height)
        if r.count == 1 {
            StandardOutput.line("wrote \(paths[0]) (frame \(r.first), \(w)x\(h))")
        } else {
            StandardOutput.line("wrote \(r.count) frames \(r.first)...\(r.first + r.count - 1) to \(r.out) (\(paths[0]) ... \(paths[r.count - 1]), \(w)x\(h))")
        }
    }
}

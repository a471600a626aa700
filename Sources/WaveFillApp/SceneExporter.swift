import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// What to export: the format, the output and the length.
public struct ExportRequest: Sendable {
    /// The format; nil: from `out`'s extension.
    public var format: ExportFormat?
    /// The output file.
    public var out: String
    /// `--frames N`.
    public var frames: Int?
    /// `--duration S`.
    public var duration: Double?
    /// `--loop` given (the default length anyway).
    public var loop = false
    /// `--start K`.
    public var start: Int?
    /// `--frame K` (png, a still svg).
    public var frame: Int?
    /// `--columns C` (sprite sheets).
    public var columns: Int?
    /// Overwrite existing files.
    public var force = false
    /// Also write the effective settings to this preset file.
    public var savePreset: String?
    /// Lottie: how masks are written (nil: mattes).
    public var lottieMasks: LottieMaskForm?

    /// A request writing `out`.
    public init(out: String) { self.out = out }
}

/// One exporter for every scene: frames of any `Scene` encoded as GIF, APNG, MP4, WebM, a sprite
/// sheet or one PNG; Lottie and SVG (animated, or one frame) for scenes that are `VectorScene`s. Everything that can be
/// refused is checked before anything is created or written; output goes to a temporary name and
/// is renamed when complete.
public struct SceneExporter {
    /// The most frames an export holds.
    public static let maxFrames = 1_000_000
    /// The most bytes ffmpeg's GIF palette pass may hold.
    static let maxGIFBytes = 2.0 * 1_073_741_824

    /// The scene's settings.
    public let setup: SceneSetup
    /// What to write.
    public let request: ExportRequest

    /// An exporter of `setup`'s scene.
    public init(setup: SceneSetup, request: ExportRequest) {
        self.setup = setup
        self.request = request
    }

    private var out: String { request.out }

    /// Exports; prints one `wrote ...` line on stdout.
    public func run() throws {
        let format = try resolvedFormat()
        try checkFlagCombinations(format)
        let scene = try setup.makeScene()
        if let path = request.savePreset { try SceneSetup.checkPresetPath(path, force: request.force) }
        let background = try setup.settings.parameters().background
        let what = setup.kind == .wave ? nil : "--scene \(setup.kind.rawValue)"
        if format == .png { return try exportFrame(scene, request.frame ?? 0, note: what) }
        if let vector = format.vector {
            guard let v = scene as? any VectorScene else {
                throw ParameterError("--format", "\(format.rawValue) is not supported for --scene \(setup.kind.rawValue); choose gif, apng, mp4, webm, png or spritesheet")
            }
            return try exportVector(vector, v)
        }
        let length = try sceneLength(scene)
        let note = ([what].compactMap { $0 } + [length.note].compactMap { $0 }).joined(separator: ", ")
        var pixmap = Pixmap(width: scene.width, height: scene.height)
        try encode(format, width: scene.width, height: scene.height, fps: scene.fps, background: background,
                   first: length.first, count: length.count, note: note.isEmpty ? nil : note, loop: length.loops) { i in
            scene.render(frame: i, into: &pixmap)
            return pixmap
        }
    }

    /// The frames an export holds: `--frames N`, `--duration S`, or (`--loop`, the default) the
    /// scene's own length from its timeline.
    func sceneLength(_ s: any Scene) throws -> (first: Int, count: Int, loops: Bool, note: String?) {
        let first = request.start ?? 0
        let timeline = s.timeline
        let fps = s.fps
        if let frames = request.frames {
            let loops = timeline.loop.map { $0.frames == frames && first >= $0.start } ?? false
            return (first, frames, loops, loops ? "loops seamlessly" : nil)
        }
        if let duration = request.duration {
            let n = (duration * fps).rounded()
            guard n >= 1, n <= Double(Self.maxFrames) else {
                throw ParameterError("--duration", "\(JSONText.number(duration)) s at \(JSONText.number(fps)) fps is \(JSONText.number(n)) frames, outside 1 ... \(Self.maxFrames)")
            }
            let loops = timeline.loop.map { $0.frames == Int(n) && first >= $0.start } ?? false
            return (first, Int(n), loops, loops ? "loops seamlessly" : nil)
        }
        switch timeline {
        case .still:
            return (first, 1, true, "a still scene: one frame")
        case .once(let n):
            guard n <= Self.maxFrames else { throw ParameterError("--loop", "the animation lasts \(n) frames, over \(Self.maxFrames); give --frames N or --duration S") }
            return (first, n, false, "the whole animation")
        case .periodic(let n, let seconds, let loopStart):
            guard let n else {
                let f = seconds * fps
                let fix: String
                switch setup.kind {
                case .marquee: fix = ", or a --scroll-duration (plus --delay) or --fps that makes it whole"
                case .morph: fix = ", or an --interval or --fps that makes it whole"
                default: fix = ""
                }
                if setup.kind == .wave {
                    throw ParameterError("--loop", "the animation does not repeat within \(Self.maxFrames) frames at \(JSONText.number(fps)) fps (phase and rise are not commensurate); give --frames N or --duration S")
                }
                let why = f > Double(Self.maxFrames) ? "over \(Self.maxFrames)" : "not a whole number"
                throw ParameterError("--loop", "the \(setup.kind.rawValue) scene repeats every \(JSONText.number(seconds)) s = \(JSONText.number(f)) frames at \(JSONText.number(fps)) fps, \(why); give --frames N or --duration S\(fix)")
            }
            // The morph's first interval shows the first text at rest; its cycle starts at the first change.
            let k = request.start ?? loopStart
            return (k, n, k >= loopStart, k >= loopStart ? "loops seamlessly" : "starts before the loop, so it does not repeat seamlessly")
        }
    }

    func encode(_ format: ExportFormat, width: Int, height: Int, fps: Double, background: Color,
                first: Int, count: Int, note extra: String?, loop looping: Bool,
                frame: (Int) throws -> Pixmap) throws {
        if format == .gif && fps > 50 {
            throw ParameterError("--fps", "\(JSONText.number(fps)) fps is too fast for GIF: its delays are whole 1/100 s and players slow delays under 2/100 s to 1/10 s; give --fps 50 or lower (50, 25 and 20 are exact), or use apng or webm")
        }
        if format == .gif {
            // palettegen sees every frame before paletteuse starts, so ffmpeg holds them all (RGBA).
            let bytes = Double(width * height * 4) * Double(count)
            if bytes > Self.maxGIFBytes {
                throw ParameterError(request.frames == nil ? "--loop" : "--frames", "\(count) frames of \(width)x\(height) need \(Self.short(bytes / 1_073_741_824)) GiB in ffmpeg's palette pass (every frame is seen before the palette is used); at most 2 GiB: export fewer frames (--frames, --duration) or a smaller --size")
            }
        }
        var sheet: SpriteSheet?
        var jsonPath: String?
        if format == .spritesheet {
            guard out.lowercased().hasSuffix(".png") else {
                throw ParameterError("--out", "'\(out)': a sprite sheet is a .png file (its JSON goes beside it)")
            }
            let s = SpriteSheet(frameWidth: width, frameHeight: height, frameCount: count, columns: request.columns)
            guard s.width <= SpriteSheet.maxSide, s.height <= SpriteSheet.maxSide else {
                throw ParameterError(request.columns == nil ? "--frames" : "--columns", "a \(s.columns)x\(s.rows) grid of \(width)x\(height) frames is \(s.width)x\(s.height) px, over \(SpriteSheet.maxSide) px a side; export fewer or smaller frames, or choose --columns")
            }
            sheet = s
            jsonPath = String(out.dropLast(4)) + ".json"
        }
        for path in [out] + (jsonPath.map { [$0] } ?? []) { try checkWritable(path) }
        let ffmpeg: String?
        if format.video != nil {
            do { ffmpeg = try FFmpegProcess.locate() } catch { throw CLIError("\(error)") }
        } else { ffmpeg = nil }
        try OutputPaths.prepareParent(of: out)
        try saveRequestedPreset()

        var progress = Progress(total: count, label: "encoding \(format.rawValue)")
        let started = MonotonicTime.seconds()
        let temporary = [out] + (jsonPath.map { [$0] } ?? [])
        do {
            try InterruptCleanup.whileWriting(temporary.map(AtomicFile.temporaryPath(for:))) {
                if let video = format.video {
                    try AtomicFile.write(to: out) { tmp in
                        let encoder = try VideoEncoder(format: video, path: tmp, width: width, height: height, fps: fps,
                                                       translucent: background.a < 255, padColor: Self.overBlack(background),
                                                       ffmpeg: ffmpeg)
                        InterruptCleanup.child = encoder.processID
                        defer { encoder.cancel(); InterruptCleanup.child = 0 }
                        for k in 0 ..< count {
                            try encoder.append(try frame(first + k))
                            progress.update(k + 1)
                        }
                        try encoder.finish()
                    }
                } else if let sheet, let jsonPath {
                    try sheet.write(png: out, json: jsonPath, fps: fps, loop: looping, firstFrame: first, frame: { i in
                        try frame(first + i)
                    }, progress: { progress.update($0) })
                }
            }
        } catch let e as ParameterError {
            throw e
        } catch let e as SettingError {
            throw ParameterError(e)
        } catch {
            throw CLIError("--out: \(error); nothing was written")
        }
        let seconds = MonotonicTime.seconds() - started
        var note = "\(count) frames \(first)...\(first + count - 1) at \(JSONText.number(fps)) fps (\(Self.short(Double(count) / fps)) s)"
        if let extra { note += ", " + extra }
        var size = "\(width)x\(height)"
        if let v = format.video {
            let o = v.outputSize(width: width, height: height)
            if o != (width, height) { size += " padded to \(o.width)x\(o.height)" }
        }
        if let jsonPath { note += ", frame rectangles in \(jsonPath)" }
        StandardOutput.line("wrote \(out) (\(format.rawValue), \(size), \(note), \(Self.byteCount(Self.fileSize(out))), \(Self.short(seconds)) s)")
    }

    func resolvedFormat() throws -> ExportFormat {
        if let format = request.format { return format }
        guard let f = ExportFormat.inferred(from: out) else {
            throw ParameterError("--format", "cannot tell the format from '\(out)'; give --format \(ExportFormat.allCases.map(\.rawValue).joined(separator: "|")) or end --out in .gif .apng .png .mp4 .webm")
        }
        return f
    }

    func checkFlagCombinations(_ format: ExportFormat) throws {
        let r = request
        if format.isSingleFrame || (format == .svg && r.frame != nil) {
            let one = format == .svg ? "--frame K writes a still SVG of one frame; leave it out for an animated SVG of --frames, --duration or --loop"
                : "--format \(format.rawValue) writes one frame; choose it with --frame K"
            if r.frames != nil { throw ParameterError("--frames", one) }
            if r.duration != nil { throw ParameterError("--duration", one) }
            if r.loop { throw ParameterError("--loop", one) }
            if r.start != nil { throw ParameterError("--start", one) }
            if let frame = r.frame, !(0 ... SceneLimits.maxFrame).contains(frame) { throw ParameterError("--frame", "\(frame) is outside 0 ... \(SceneLimits.maxFrame)") }
        } else if r.frame != nil {
            throw ParameterError("--frame", "goes with --format png or svg (a still SVG); an animation starts at --start K")
        }
        let lengths = [r.frames != nil ? "--frames" : nil, r.duration != nil ? "--duration" : nil, r.loop ? "--loop" : nil].compactMap { $0 }
        if lengths.count > 1 { throw ParameterError(lengths[1], "give one of --frames, --duration and --loop, not \(lengths.joined(separator: " and "))") }
        if let frames = r.frames, !(1 ... Self.maxFrames).contains(frames) { throw ParameterError("--frames", "\(frames) is outside 1 ... \(Self.maxFrames)") }
        if let duration = r.duration, !(duration.isFinite && duration > 0 && duration <= SceneLimits.seconds.upperBound) {
            throw ParameterError("--duration", "\(duration) is outside (0 ... \(Int(SceneLimits.seconds.upperBound))] s")
        }
        let lastStart = SceneLimits.maxFrame - (r.frames ?? 1) + 1
        if let start = r.start, !(0 ... lastStart).contains(start) { throw ParameterError("--start", "\(start) is outside 0 ... \(lastStart) (the last frame is at most \(SceneLimits.maxFrame))") }
        if r.lottieMasks != nil, format != .lottie { throw ParameterError("--lottie-masks", "goes with --format lottie (.json or .lottie)") }
        if let columns = r.columns {
            guard format == .spritesheet else { throw ParameterError("--columns", "goes with --format spritesheet") }
            guard (1 ... SceneExporter.maxFrames).contains(columns) else { throw ParameterError("--columns", "\(columns) is outside 1 ... \(SceneExporter.maxFrames)") }
        }
    }

    func exportFrame(_ s: any Scene, _ k: Int, note: String?) throws {
        try checkWritable(out)
        try OutputPaths.prepareParent(of: out)
        try saveRequestedPreset()
        let pixmap = s.render(frame: k)
        do { try PNGFile.write(pixmap, to: out) } catch { throw CLIError("\(error)") }
        StandardOutput.line("wrote \(out) (png, \(note.map { $0 + ", " } ?? "")frame \(k), \(pixmap.width)x\(pixmap.height), \(Self.byteCount(Self.fileSize(out))))")
    }

    /// Writes a Lottie document or an animated SVG of the export's length, or with `--frame K` a
    /// still SVG of that frame.
    func exportVector(_ kind: VectorExport.Format, _ s: any VectorScene) throws {
        try checkWritable(out)
        let still = kind == .svg ? request.frame : nil
        var length: (first: Int, count: Int, loops: Bool, note: String?) = (0, 0, false, nil)
        if still == nil {
            length = try sceneLength(s)
            if length.count > LayerLottie.maxFrames {
                throw ParameterError(request.frames != nil ? "--frames" : "--duration", "\(length.count) frames is over the \(LayerLottie.maxFrames) a vector document holds")
            }
        }
        let text: String
        do {
            switch (kind, still) {
            case (.svg, let frame?): text = try s.svgDocument(frame: frame)
            case (.svg, nil): text = try s.svgDocument(start: length.first, frames: length.count)
            case (.lottie, _): text = try s.lottieDocument(start: length.first, frames: length.count, masks: request.lottieMasks ?? .matte)
            }
        } catch let e as VectorExportError {
            if let setting = e.setting { throw ParameterError("--" + setting, e.message) }
            throw CLIError(e.message)
        } catch let e as SettingError {
            if let key = SceneKey(rawValue: e.key) { throw setup.settings.error(key, e.message) }
            throw ParameterError(e)
        }
        try OutputPaths.prepareParent(of: out)
        try saveRequestedPreset()
        do { try VectorExport.write(kind, text: text, to: out) } catch { throw CLIError("\(error)") }
        var what: String
        if let frame = still {
            what = "svg, frame \(frame)"
        } else {
            let name = kind == .svg ? "animated svg" : (VectorExport.isDotLottie(out) ? "dotLottie" : "lottie")
            what = name + ", \(length.count) frames at \(JSONText.number(s.fps)) fps"
            if length.first != 0 { what += " from frame \(length.first)" }
            if let note = length.note { what += ", " + note }
        }
        StandardOutput.line("wrote \(out) (\(what), \(s.width)x\(s.height), \(Self.byteCount(Self.fileSize(out))))")
    }

    func saveRequestedPreset() throws {
        if let path = request.savePreset { try setup.savePreset(to: path, force: request.force) }
    }

    func checkWritable(_ path: String) throws {
        try OutputPaths.checkWritableFile(path, force: request.force)
    }

    static func overBlack(_ c: Color) -> Color {
        let px = Pixmap(width: 1, height: 1, straight: [c.r, c.g, c.b, c.a])
        return Color(r: px.bytes[0], g: px.bytes[1], b: px.bytes[2])
    }

    static func short(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return JSONText.number(r)
    }

    static func byteCount(_ n: Int) -> String {
        n >= 1 << 20 ? "\(short(Double(n) / 1_048_576)) MiB" : n >= 1024 ? "\(short(Double(n) / 1024)) KiB" : "\(n) bytes"
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }
}

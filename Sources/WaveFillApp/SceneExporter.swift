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
    /// `--max-texture N` (sprite sheets): the largest page side; nil: `SpriteSheet.defaultMaxTexture`.
    public var maxTexture: Int?
    /// `--gif-matte COLOUR` (GIF): what translucent pixels are composited over; nil: `GIFMatte.defaultMatte`.
    public var gifMatte: Color?
    /// Overwrite existing files.
    public var force = false
    /// Also write the effective settings to this preset file.
    public var savePreset: String?
    /// Lottie: how masks are written (nil: mattes).
    public var lottieMasks: LottieMaskForm?
    /// Told the frames encoded so far and the total while frames are encoded (from the exporting
    /// thread); the window's panel draws its progress bar from it.
    public var onProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

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

    /// A vector export's budget: frames, each counting once per started megapixel of the canvas.
    public static let maxVectorFrameUnits = 100_000

    /// What `frames` frames of `width` x `height` count against `maxVectorFrameUnits`.
    static func vectorFrameUnits(frames: Int, width: Int, height: Int) -> Int {
        let mpx = (width * height + (1 << 20) - 1) >> 20
        return frames * max(1, mpx)
    }

    /// An exporter of `setup`'s scene.
    public init(setup: SceneSetup, request: ExportRequest) {
        self.setup = setup
        self.request = request
    }

    private var out: String { request.out }

    /// Exports; prints one `wrote ...` line on stdout. SIGINT, SIGTERM and SIGHUP remove whatever
    /// it had started (InterruptCleanup).
    public func run() throws {
        try InterruptCleanup.guarding { try export() }
    }

    private func export() throws {
        try OutputPaths.checkOutValue(out)
        let format = try resolvedFormat()
        try checkFlagCombinations(format)
        let scene = try setup.makeScene()
        if let path = request.savePreset { try SceneSetup.checkPresetPath(path, force: request.force) }
        let background = scene.background
        let what: String? = setup.definition.name == SceneRegistry.defaultScene.name ? nil : "--scene \(setup.definition.name)"
        if format == .png { return try exportFrame(scene, request.frame ?? 0, note: what) }
        if let vector = format.vector {
            guard let v = scene as? any VectorScene else {
                throw ParameterError("--format", "\(format.rawValue) is not supported for --scene \(setup.definition.name); choose gif, apng, mp4, webm, png or spritesheet")
            }
            return try exportVector(vector, v)
        }
        let length = try sceneLength(scene)
        let timing = FrameResampling(sourceFPS: scene.fps, sourceCount: length.count, maxFPS: format.video?.maxFrameRate)
        let seamless = length.loops && Self.keepsLoop(timing)
        let lengthNote = length.loops && !seamless ? "does not loop seamlessly at \(JSONText.number(timing.fps)) fps" : length.note
        let note = ([what, lengthNote].compactMap { $0 }).joined(separator: ", ")
        var pixmap = Pixmap(width: scene.width, height: scene.height)
        try encode(format, width: scene.width, height: scene.height, timing: timing, background: background,
                   first: length.first, note: note.isEmpty ? nil : note, loop: length.loops) { i in
            scene.render(frame: i, into: &pixmap)
            return pixmap
        }
    }

    /// True when a file resampled by `timing` still ends where it starts: its frames cover the
    /// animation's seconds exactly, or the animation is one frame.
    static func keepsLoop(_ timing: FrameResampling) -> Bool { timing.coversExactly || timing.sourceCount == 1 }

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
        if let n = s.defaultExportFrames, request.start == nil {
            guard n <= Self.maxFrames else { throw ParameterError("--loop", "the animation lasts \(n) frames, over \(Self.maxFrames); give --frames N or --duration S") }
            return (first, n, false, "the whole motion from frame 0, then one loop (not seamless)")
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
                let fix = setup.definition.loopHint
                let why = f > Double(Self.maxFrames) ? "over \(Self.maxFrames)" : "not a whole number"
                throw ParameterError("--loop", "the \(setup.definition.name) scene repeats every \(JSONText.number(seconds)) s = \(JSONText.number(f)) frames at \(JSONText.number(fps)) fps, \(why); give --frames N or --duration S\(fix)")
            }
            // The morph's first interval shows the first text at rest; its cycle starts at the first change.
            let k = request.start ?? loopStart
            return (k, n, k >= loopStart, k >= loopStart ? "loops seamlessly" : "starts before the loop, so it does not repeat seamlessly")
        }
    }

    /// Encodes `timing.count` frames (frame k is `frame(first + timing.sourceFrame(k))`) as `format`,
    /// after checking everything that can be refused; prints the `wrote` line. `looping`: the frames
    /// are the animation's exact repeat.
    func encode(_ format: ExportFormat, width: Int, height: Int, timing: FrameResampling, background: Color,
                first: Int, note extra: String?, loop looping: Bool, frame: (Int) throws -> Pixmap) throws {
        if format == .gif {
            // palettegen sees every frame before paletteuse starts, so ffmpeg holds them all (RGBA).
            let bytes = Double(width * height * 4) * Double(timing.count)
            if bytes > Self.maxGIFBytes {
                throw ParameterError(request.frames == nil ? "--loop" : "--frames", "\(timing.count) frames of \(width)x\(height) need \(Self.short(bytes / 1_073_741_824)) GiB in ffmpeg's palette pass (every frame is seen before the palette is used); at most 2 GiB: export fewer frames (--frames, --duration) or a smaller canvas")
            }
        }
        let sheet = format == .spritesheet ? try spriteSheet(width: width, height: height, count: timing.count) : nil
        let jsonPath = String(out.dropLast(4)) + ".json"
        let files = sheet?.files(png: out, json: jsonPath) ?? [out]
        for path in files { try checkWritable(path) }
        let ffmpeg: String?
        if format.video != nil {
            do { ffmpeg = try FFmpegProcess.locate() } catch { throw CLIError("\(error)") }
        } else { ffmpeg = nil }
        try OutputPaths.prepareParent(of: out)
        let lock = try OutputLock(folder: OutputPaths.folder(of: out))
        defer { lock.release() }
        for path in files { try checkWritable(path) }
        // A sheet replaced (--force) by one of fewer pages: its pages beyond the new ones go, once the new are in place.
        let stale = sheet.map { SpriteSheet.stalePages(png: out, json: jsonPath, keeping: $0.pageCount) } ?? []
        try saveRequestedPreset()
        if timing.isResampled { StandardError.line(Self.resamplingNote(format, timing, looping: looping)) }

        var progress = Progress(total: timing.count, label: "encoding \(format.rawValue)")
        let started = MonotonicTime.seconds()
        func source(_ k: Int) throws -> Pixmap { try frame(first + timing.sourceFrame(k)) }
        var composited: Color?
        do {
            if let video = format.video {
                let matte = format == .gif ? request.gifMatte ?? GIFMatte.defaultMatte(background: background) : nil
                composited = try writeVideo(video, width: width, height: height, timing: timing, background: background,
                                            matte: matte, ffmpeg: ffmpeg, frame: source, progress: { progress.update($0); request.onProgress?($0, timing.count) })
            } else if let sheet {
                try sheet.write(png: out, json: jsonPath, animation: setup.definition.name, fps: timing.fps, loop: looping,
                                firstFrame: first, frame: source, progress: { progress.update($0); request.onProgress?($0, timing.count) })
            }
        } catch let e as ParameterError {
            throw e
        } catch let e as SettingError {
            throw ParameterError(e)
        } catch {
            throw CLIError("--out: \(error); nothing was written")
        }
        var removed = 0
        for path in stale where unlink(path) == 0 { removed += 1 }
        if let composited {
            StandardError.line("warning: GIF has no partial transparency: translucent pixels composited over \(composited.hex) (--gif-matte)")
        }
        let seconds = MonotonicTime.seconds() - started
        var note = Self.framesNote(timing, first: first)
        if let extra { note += ", " + extra }
        var size = "\(width)x\(height)"
        if let v = format.video {
            let o = v.outputSize(width: width, height: height)
            if o != (width, height) { size += " padded to \(o.width)x\(o.height)" }
        }
        if let sheet {
            if sheet.pageCount > 1 { note += ", \(sheet.pageCount) pages of at most \(request.maxTexture ?? SpriteSheet.defaultMaxTexture) px a side (\(out) ... \(SpriteSheet.pagePath(out, page: sheet.pageCount - 1)))" }
            note += ", frame rectangles in \(jsonPath)"
            if removed > 0 { note += ", removed \(removed) files of the previous sheet's pages beyond \(sheet.pageCount)" }
        }
        let bytes = files.map(Self.fileSize).reduce(0, +)
        StandardOutput.line("wrote \(out) (\(format.rawValue), \(size), \(note), \(Self.byteCount(bytes)), \(Self.short(seconds)) s)")
        warnIfLarge(bytes: bytes, frames: timing.count)
    }

    /// Runs ffmpeg over every frame into `out` (through a temporary name); GIF frames are composited
    /// over `matte` first. Returns the matte when some pixel was composited over it.
    func writeVideo(_ video: VideoFormat, width: Int, height: Int, timing: FrameResampling, background: Color,
                    matte: Color?, ffmpeg: String?, frame: (Int) throws -> Pixmap, progress: (Int) -> Void) throws -> Color? {
        var composited = false
        try AtomicFile.write(to: out) { tmp in
            let encoder = try VideoEncoder(format: video, path: tmp, width: width, height: height, fps: timing.fps,
                                           translucent: background.a < 255, padColor: Self.overBlack(background),
                                           ffmpeg: ffmpeg)
            defer { encoder.cancel() }
            for k in 0 ..< timing.count {
                var f = try frame(k)
                if let matte, GIFMatte.flatten(&f, over: matte) { composited = true }
                try encoder.append(f)
                progress(k + 1)
            }
            try encoder.finish()
        }
        return composited ? matte : nil
    }

    /// The sprite sheet's pages for `count` frames of `width` x `height`, or the flag that makes them impossible.
    func spriteSheet(width: Int, height: Int, count: Int) throws -> SpriteSheet {
        guard out.lowercased().hasSuffix(".png") else {
            throw ParameterError("--out", "'\(out)': a sprite sheet is a .png file (its JSON goes beside it)")
        }
        let side = request.maxTexture ?? SpriteSheet.defaultMaxTexture
        do throws(SpriteSheet.LayoutError) {
            return try SpriteSheet(frameWidth: width, frameHeight: height, frameCount: count, columns: request.columns, maxTexture: side)
        } catch {
            switch error {
            case .frameTooLarge:
                throw ParameterError("--max-texture", "a \(width)x\(height) frame does not fit a \(side)x\(side) page; give --max-texture \(max(width, height)) or more (at most \(SpriteSheet.maxSide)), or a smaller canvas")
            case .tooManyColumns(let fit):
                throw ParameterError("--columns", "\(request.columns ?? 0) columns of \(width) px frames are wider than --max-texture \(side); at most \(fit)")
            }
        }
    }

    /// The stderr line saying a format's frames are sampled by time at its fastest rate.
    static func resamplingNote(_ format: ExportFormat, _ t: FrameResampling, looping: Bool) -> String {
        var s = "note: \(format.rawValue.uppercased()) delays are whole 1/100 s: writing \(JSONText.number(t.fps)) fps, frames sampled by time from the \(JSONText.number(t.sourceFPS)) fps animation"
        if looping && !keepsLoop(t) {
            s += "; the loop's \(short(Double(t.sourceCount) / t.sourceFPS)) s is \(short(t.exactCount)) frames at \(JSONText.number(t.fps)) fps, not whole, so the \(t.count) frames do not loop seamlessly"
        }
        return s
    }

    /// "N frames a...b at F fps (S s)", or for a resampled file what it was sampled from.
    static func framesNote(_ t: FrameResampling, first: Int) -> String {
        let last = first + t.sourceCount - 1
        let seconds = short(Double(t.count) / t.fps)
        guard t.isResampled else { return "\(t.count) frames \(first)...\(last) at \(JSONText.number(t.fps)) fps (\(seconds) s)" }
        return "\(t.count) frames at \(JSONText.number(t.fps)) fps (\(seconds) s) sampled by time from frames \(first)...\(last) at \(JSONText.number(t.sourceFPS)) fps"
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
        if let side = r.maxTexture {
            guard format == .spritesheet else { throw ParameterError("--max-texture", "goes with --format spritesheet") }
            let range = SpriteSheet.maxTextureRange
            guard range.contains(side) else { throw ParameterError("--max-texture", "\(side) is outside \(range.lowerBound) ... \(range.upperBound) px") }
        }
        if let matte = r.gifMatte {
            guard format == .gif else { throw ParameterError("--gif-matte", "goes with --format gif") }
            guard matte.a == 255 else { throw ParameterError("--gif-matte", "'\(matte.hex)' is translucent; a matte is an opaque #RRGGBB") }
        }
    }

    func exportFrame(_ s: any Scene, _ k: Int, note: String?) throws {
        try checkWritable(out)
        try OutputPaths.prepareParent(of: out)
        let lock = try OutputLock(folder: OutputPaths.folder(of: out))
        defer { lock.release() }
        try checkWritable(out)
        try saveRequestedPreset()
        let pixmap = s.render(frame: k)
        do { try PNGFile.write(pixmap, to: out) } catch { throw CLIError("--out: \(error); nothing was written") }
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
            // Frames are sampled one by one (memory and time grow with each), larger canvases cost more.
            let units = Self.vectorFrameUnits(frames: length.count, width: s.width, height: s.height)
            if units > Self.maxVectorFrameUnits {
                let flag = request.frames != nil ? "--frames" : request.duration != nil ? "--duration" : "--loop"
                let most = Self.maxVectorFrameUnits / max(1, Self.vectorFrameUnits(frames: 1, width: s.width, height: s.height))
                throw ParameterError(flag, "\(length.count) frames of \(s.width)x\(s.height) are over a vector export's budget of \(Self.maxVectorFrameUnits) frames (a frame over 1 Mpx counts once per started Mpx): at most \(most) frames at this canvas; export fewer frames, or a video format")
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
            if e.setting == "frames" {
                throw ParameterError(request.duration != nil ? "--duration" : request.loop ? "--loop" : "--frames", e.message)
            }
            if let setting = e.setting { throw ParameterError("--" + setting, e.message) }
            throw CLIError(e.message)
        } catch let e as SettingError {
            throw setup.settings.error(e.key, e.message)
        }
        try OutputPaths.prepareParent(of: out)
        let lock = try OutputLock(folder: OutputPaths.folder(of: out))
        defer { lock.release() }
        try checkWritable(out)
        try saveRequestedPreset()
        do { try VectorExport.write(kind, text: text, to: out, loop: still == nil && length.loops) } catch { throw CLIError("--out: \(error); nothing was written") }
        var what: String
        if let frame = still {
            what = "svg, frame \(frame)"
        } else {
            let name = kind == .svg ? "animated svg" : (VectorExport.isDotLottie(out) ? "dotLottie" : "lottie")
            what = name + ", \(length.count) frames at \(JSONText.number(s.fps)) fps"
            if length.first != 0 { what += " from frame \(length.first)" }
            if let note = length.note { what += ", " + note }
        }
        let bytes = Self.fileSize(out)
        StandardOutput.line("wrote \(out) (\(what), \(s.width)x\(s.height), \(Self.byteCount(bytes)))")
        if still == nil { warnIfLarge(bytes: bytes, frames: length.count) }
    }

    /// Over this many bytes (10 MB), an export at the default length warns.
    static let largeExportBytes = 10_000_000

    /// The flags of `definition`'s settings that set its timing (in seconds, or per second), which
    /// change the length of its default export.
    static func timingFlags(_ definition: any SceneDefinition) -> [String] {
        definition.settings.filter { $0.unit == "s" || $0.unit.hasSuffix("/s") }.map(\.flag)
    }

    /// The one-line stderr warning for an export of `bytes` at the default length (no --frames or
    /// --duration): over `largeExportBytes`, which flags shorten it; nil when none is due.
    static func sizeWarning(out: String, bytes: Int, frames: Int, defaultLength: Bool, timingFlags: [String]) -> String? {
        guard defaultLength, bytes > largeExportBytes else { return nil }
        var how = "--frames N or --duration S"
        if !timingFlags.isEmpty { how += ", or the scene's timing (\(timingFlags.joined(separator: ", ")))," }
        return "warning: \(out) is \(byteCount(bytes)), over 10 MB at the default length (\(frames) frames); \(how) shortens it"
    }

    /// Prints `sizeWarning` for this export, when one is due.
    func warnIfLarge(bytes: Int, frames: Int) {
        let defaultLength = request.frames == nil && request.duration == nil
        if let line = Self.sizeWarning(out: out, bytes: bytes, frames: frames, defaultLength: defaultLength, timingFlags: Self.timingFlags(setup.definition)) {
            StandardError.line(line)
        }
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

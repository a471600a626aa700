import WaveFill
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill export`: the animation as GIF, APNG, MP4, WebM, a sprite sheet, or one PNG frame.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the animation as GIF, APNG, MP4, WebM, Lottie or a sprite sheet, or one frame as PNG or SVG.",
        discussion: """
        Frames start..start+N-1 are rendered headless (tick n at n / fps) and encoded at --fps frames per \
        second: GIF, APNG, MP4 and WebM by ffmpeg (Debian package 'ffmpeg') fed raw RGBA through a pipe; \
        sprite sheets (a PNG grid plus FILE.json with the frame rectangles and timing) and PNG frames by \
        libpng. The length is --frames N, --duration S, or --loop (the default): the shortest length \
        after which the animation repeats exactly, so the file loops without a seam. GIF keeps 256 \
        colours and 1-bit alpha, and stores delays in 1/100 s, so it needs --fps 50 or lower. MP4 has no \
        alpha (translucent pixels are shown over black) and an odd width or height is padded by one \
        pixel of the background colour. Lottie (.json, or .lottie for the dotLottie zip) and SVG are \
        vector documents of the wave scene. With --scene marquee|stroke|spread|morph the frames are the \
        ones 'wavefill render --scene' writes, in every format but Lottie and SVG; --loop is then the \
        marquee's scroll period or the morph's cycle (texts x interval, from the first change) when a \
        whole number of frames, the stroke's and the spread's whole animation. Output goes to a \
        temporary name and is renamed when complete.
        """)

    @OptionGroup var scene: SceneOptions

    @OptionGroup(title: "Other scenes") var scenes: SceneChoiceOptions

    @Option(name: .long, help: ArgumentHelp("Output format. (default: from the --out extension: .gif .apng .png .mp4 .webm, .json/.lottie for lottie, .svg; spritesheet needs the flag)", valueName: ExportFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: ExportFormat?

    @Option(name: .long, help: ArgumentHelp("Output file; a sprite sheet's JSON goes beside it (FILE.json). Missing folders are created.", valueName: "file"))
    var out: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Export N frames (1...1000000).", valueName: "N"))
    var frames: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Export S seconds: round(S x fps) frames.", valueName: "S"))
    var duration: Double?

    @Flag(name: .long, help: "Export the shortest exact repeat, so the file loops without a seam (the default length): with frame-based time the phase period 360/gcd(360, step) combined with the rise; with --progress, one phase period; time-based when phase speed, rise duration and fps are commensurate.")
    var loop = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First frame (>= 0) of an animation. (default: 0)", valueName: "K"))
    var start: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --format png or svg: the frame to write (>= 0). (default: 0)", valueName: "K"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Sprite sheet: frames per row (>= 1). (default: ceil(sqrt(frames)))", valueName: "C"))
    var columns: Int?

    @Flag(name: .long, help: "Overwrite an existing output file.")
    var force = false

    /// The largest number of frames exported.
    static let maxFrames = 1_000_000
    /// The most raw RGBA bytes a GIF export may make ffmpeg hold (its palette pass keeps every frame).
    static let maxGIFBytes = 2.0 * 1_073_741_824

    func run() throws {
        // Everything that can be refused is checked before anything is created or written.
        let format = try resolvedFormat()
        try checkFlagCombinations(format)
        if let (layerScene, fps) = try scenes.makeLayerScene(common: scene) {
            return try exportLayerScene(layerScene, kind: try scenes.kind(), fps: fps, format: format)
        }
        let sceneModel = try scene.makeScene()
        let p = sceneModel.parameters
        if format == .png {
            return try exportFrame(sceneModel, frame ?? 0)
        }
        if format == .svg {
            return try exportVector(.svg, sceneModel, frame: frame ?? 0, frames: nil)
        }
        let (count, looping) = try length(sceneModel)
        let first = start ?? 0
        if format == .lottie {
            if first != 0 { throw ParameterError("--start", "a Lottie document starts at frame 0") }
            if count > WaveLottie.maxFrames { throw ParameterError(frames != nil ? "--frames" : "--duration", "\(count) frames is over Lottie's \(WaveLottie.maxFrames)") }
            return try exportVector(.lottie, sceneModel, frame: 0, frames: count)
        }
        let renderer = WaveRenderer(scene: sceneModel)
        var pixmap = Pixmap(width: p.width, height: p.height)
        try encode(format, width: p.width, height: p.height, fps: p.fps, background: p.background,
                   first: first, count: count, note: looping ? "loops seamlessly" : nil, loop: looping) { i in
            sceneModel.update(frame: i)
            renderer.render(into: &pixmap)
            return pixmap
        }
    }

    /// Encodes frames `first ..< first + count` (`frame(n)` renders frame n) as `format` (an animated
    /// one: gif, apng, mp4, webm or spritesheet) to `--out`, after refusing what cannot be written.
    /// `note` is added to the summary line; `loop` goes into a sprite sheet's JSON.
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
                throw ParameterError(frames == nil ? "--loop" : "--frames", "\(count) frames of \(width)x\(height) need \(Self.short(bytes / 1_073_741_824)) GiB in ffmpeg's palette pass (every frame is seen before the palette is used); at most 2 GiB: export fewer frames (--frames, --duration) or a smaller --size")
            }
        }
        var sheet: SpriteSheet?
        var jsonPath: String?
        if format == .spritesheet {
            guard out.lowercased().hasSuffix(".png") else {
                throw ParameterError("--out", "'\(out)': a sprite sheet is a .png file (its JSON goes beside it)")
            }
            let s = SpriteSheet(frameWidth: width, frameHeight: height, frameCount: count, columns: columns)
            guard s.width <= SpriteSheet.maxSide, s.height <= SpriteSheet.maxSide else {
                throw ParameterError(columns == nil ? "--frames" : "--columns", "a \(s.columns)x\(s.rows) grid of \(width)x\(height) frames is \(s.width)x\(s.height) px, over \(SpriteSheet.maxSide) px a side; export fewer or smaller frames, or choose --columns")
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
        try scene.saveRequestedPreset()

        var progress = Progress(total: count, label: "encoding \(format.rawValue)")
        let started = monotonicSeconds()
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
            throw CLIError("\(error)")
        }
        let seconds = monotonicSeconds() - started
        var note = "\(count) frames \(first)...\(first + count - 1) at \(JSONText.number(fps)) fps (\(Self.short(Double(count) / fps)) s)"
        if let extra { note += ", " + extra }
        var size = "\(width)x\(height)"
        if let v = format.video {
            let o = v.outputSize(width: width, height: height)
            if o != (width, height) { size += " padded to \(o.width)x\(o.height)" }
        }
        if let jsonPath { note += ", frame rectangles in \(jsonPath)" }
        print("wrote \(out) (\(format.rawValue), \(size), \(note), \(Self.byteCount(fileSize(out))), \(Self.short(seconds)) s)")
    }

    /// `--format`, or the one `--out`'s extension implies.
    func resolvedFormat() throws -> ExportFormat {
        if let format { return format }
        guard let f = ExportFormat.inferred(from: out) else {
            throw ParameterError("--format", "cannot tell the format from '\(out)'; give --format \(ExportFormat.allCases.map(\.rawValue).joined(separator: "|")) or end --out in .gif .apng .png .mp4 .webm")
        }
        return f
    }

    /// Refuses flags that do not go together, naming the first one out of place.
    func checkFlagCombinations(_ format: ExportFormat) throws {
        if format.isSingleFrame {
            let one = "--format \(format.rawValue) writes one frame; choose it with --frame K"
            if frames != nil { throw ParameterError("--frames", one) }
            if duration != nil { throw ParameterError("--duration", one) }
            if loop { throw ParameterError("--loop", one) }
            if start != nil { throw ParameterError("--start", one) }
            if let frame, frame < 0 { throw ParameterError("--frame", "\(frame) is negative; expected a frame number >= 0") }
        } else if frame != nil {
            throw ParameterError("--frame", "goes with --format png or svg; an animation starts at --start K")
        }
        let lengths = [frames != nil ? "--frames" : nil, duration != nil ? "--duration" : nil, loop ? "--loop" : nil].compactMap { $0 }
        if lengths.count > 1 { throw ParameterError(lengths[1], "give one of --frames, --duration and --loop, not \(lengths.joined(separator: " and "))") }
        if let frames, !(1 ... Self.maxFrames).contains(frames) { throw ParameterError("--frames", "\(frames) is outside 1 ... \(Self.maxFrames)") }
        if let duration, !(duration.isFinite && duration > 0) { throw ParameterError("--duration", "\(duration) must be a finite number of seconds > 0") }
        if let start, start < 0 { throw ParameterError("--start", "\(start) is negative; expected a frame number >= 0") }
        if let columns {
            guard format == .spritesheet else { throw ParameterError("--columns", "goes with --format spritesheet") }
            guard columns >= 1 else { throw ParameterError("--columns", "\(columns) must be >= 1") }
        }
    }

    /// Number of frames, and whether they are the exact loop.
    func length(_ s: WaveScene) throws -> (count: Int, looping: Bool) {
        let fps = s.parameters.fps
        if let frames { return (frames, s.repeatLength(limit: frames) == frames) }
        if let duration {
            let n = (duration * fps).rounded()
            guard n >= 1, n <= Double(Self.maxFrames) else {
                throw ParameterError("--duration", "\(JSONText.number(duration)) s at \(JSONText.number(fps)) fps is \(JSONText.number(n)) frames, outside 1 ... \(Self.maxFrames)")
            }
            return (Int(n), s.repeatLength(limit: Int(n)) == Int(n))
        }
        guard let n = s.repeatLength(limit: Self.maxFrames) else {
            let p = s.parameters
            let why = p.isTimeBased
                ? "phase speed \(JSONText.number(p.effectivePhaseSpeed)) deg/s" + (p.progress == nil ? ", rise \(JSONText.number(p.effectiveRiseDuration)) s" : "") + " and \(JSONText.number(fps)) fps are not commensurate"
                : "phase step \(JSONText.number(p.phaseStep)) deg" + (p.progress == nil ? " and rise \(p.riseFrames) frames" : "") + " do not meet"
            throw ParameterError("--loop", "the animation does not repeat within \(Self.maxFrames) frames (\(why)); give --frames N or --duration S")
        }
        return (n, true)
    }

    /// `--format png`: one frame to a PNG file.
    func exportFrame(_ s: WaveScene, _ k: Int) throws {
        try checkWritable(out)
        try OutputPaths.prepareParent(of: out)
        try scene.saveRequestedPreset()
        s.update(frame: k)
        var pixmap = Pixmap(width: s.parameters.width, height: s.parameters.height)
        WaveRenderer(scene: s).render(into: &pixmap)
        do { try PNGFile.write(pixmap, to: out) } catch { throw CLIError("\(error)") }
        print("wrote \(out) (png, frame \(k), \(pixmap.width)x\(pixmap.height), \(Self.byteCount(fileSize(out))))")
    }

    /// `--format lottie|svg`: the vector document (WaveLottie, WaveSVG), built in full before the file is touched.
    func exportVector(_ kind: VectorExport.Format, _ s: WaveScene, frame: Int, frames: Int?) throws {
        try checkWritable(out)
        let text: String
        do { text = try VectorExport.document(kind, scene: s, frame: frame, frames: frames) } catch let e as VectorExportError {
            throw CLIError(e.message)
        }
        try OutputPaths.prepareParent(of: out)
        try scene.saveRequestedPreset()
        do { try VectorExport.write(kind, text: text, to: out) } catch { throw CLIError("\(error)") }
        let what = kind == .svg ? "svg, frame \(frame)" : (VectorExport.isDotLottie(out) ? "dotLottie" : "lottie") + ", \(frames ?? 0) frames at \(JSONText.number(s.parameters.fps)) fps"
        print("wrote \(out) (\(what), \(s.parameters.width)x\(s.parameters.height), \(Self.byteCount(fileSize(out))))")
    }

    /// Refuses an output that exists (unless --force) or is a directory, and a parent that is a file.
    func checkWritable(_ path: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw ParameterError("--out", "'\(path)' is not a file name") }
        var st = stat()
        if stat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw ParameterError("--out", "'\(path)' is a directory; give a file name") }
            if !force { throw ParameterError("--out", "'\(path)' exists; pass --force to overwrite") }
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let dir = String(path[..<slash])
            if stat(dir, &st) == 0 {
                guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError("--out", "'\(dir)' is a file, so '\(path)' cannot be created") }
                guard access(dir, W_OK) == 0 else { throw ParameterError("--out", "directory '\(dir)' is not writable") }
            }
        }
    }

    /// The background as opaque RGB composited over black (what MP4, without alpha, shows).
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

    func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }

    func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

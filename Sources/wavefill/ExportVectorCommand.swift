import ArgumentParser
import Export
import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill export-vector`: the animation as a Lottie document, or one frame as an SVG.
///
/// The documents come from `WaveLottie.document` and `WaveSVG.document`; this command only checks
/// the flags, picks the format and writes the file atomically, so `wavefill export --format
/// lottie|svg` can call the same `VectorExport.write`.
struct ExportVectorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-vector",
        abstract: "Export the animation as a Lottie JSON document, or one frame as an SVG.",
        discussion: """
        Lottie: frames 0..N-1 at --fps frames per second (default N: the scene's loop, after which \
        it repeats exactly; one rise in time-based mode). The glyphs are Bezier shapes, each wave a \
        static sine path masked by the glyphs (alpha track matte) and moved by keyframes, so rlottie, \
        ThorVG, lottie-web, lottie-ios and lottie-android play it. SVG: frame K as a static image \
        with the same geometry (the waves under a mask of the glyphs). The format follows --format, \
        or the extension of --out (.json or .svg); a Lottie --out ending in .lottie gets the dotLottie zip \
        container (made by Info-ZIP's zip). The file is written to a temporary name and \
        renamed; an existing file is kept unless --force.
        """)

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: ArgumentHelp("lottie or svg. (default: from the --out extension: .json and .lottie are lottie, .svg is svg)", valueName: "format"))
    var format: String?

    @Option(name: .long, help: ArgumentHelp("Output file.", valueName: "file"))
    var out: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("SVG only: the frame to draw (>= 0). (default: 0)", valueName: "K"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Lottie only: the number of frames (1...\(WaveLottie.maxFrames)). (default: the scene's loop)", valueName: "N"))
    var frames: Int?

    @Flag(name: .long, help: "Overwrite an existing file.")
    var force = false

    func run() throws {
        let kind = try VectorExport.Format(flag: format, out: out)
        switch kind {
        case .lottie:
            if frame != nil { throw ParameterError("--frame", "--frame K is for SVG; a Lottie document has --frames N") }
            if let frames, !(1 ... WaveLottie.maxFrames).contains(frames) {
                throw ParameterError("--frames", "\(frames) is outside 1 ... \(WaveLottie.maxFrames)")
            }
        case .svg:
            if frames != nil { throw ParameterError("--frames", "--frames N is for Lottie; an SVG is one frame, chosen with --frame K") }
            if let frame, frame < 0 { throw ParameterError("--frame", "\(frame) is negative; expected a frame number >= 0") }
        }
        guard !out.isEmpty, !out.hasSuffix("/") else { throw ParameterError("--out", "'\(out)' is not a file name") }
        var st = stat()
        if stat(out, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw ParameterError("--out", "'\(out)' is a directory; give a file name") }
            if !force { throw ParameterError("--out", "'\(out)' exists; pass --force to overwrite") }
        }
        let model = try scene.makeScene()
        // Built in full before the file is touched, so a refusal leaves nothing behind.
        let text = try VectorExport.document(kind, scene: model, frame: frame ?? 0, frames: frames)
        try OutputPaths.prepareParent(of: out)
        do { try VectorExport.write(kind, text: text, to: out) } catch { throw CLIError("\(error)") }
        var written = stat()
        let bytes = stat(out, &written) == 0 ? Int(written.st_size) : text.utf8.count
        switch kind {
        case .lottie:
            let n = frames ?? WaveLottie.defaultFrameCount(for: model)
            let fps = model.parameters.fps
            let fpsText = fps == fps.rounded() ? String(Int(fps)) : String(fps)
            let container = VectorExport.isDotLottie(out) ? "dotLottie" : "Lottie"
            print("wrote \(out) (\(container), \(n) frames at \(fpsText) fps, \(model.parameters.width)x\(model.parameters.height), \(bytes) bytes)")
        case .svg:
            print("wrote \(out) (SVG, frame \(frame ?? 0), \(model.parameters.width)x\(model.parameters.height), \(bytes) bytes)")
        }
    }
}

/// The vector formats and the one call per format that a format switch makes.
enum VectorExport {
    /// A vector format.
    enum Format: String {
        case lottie, svg

        /// From `--format`, or else from the extension of `out`.
        init(flag: String?, out: String) throws {
            if let flag {
                guard let f = Format(rawValue: flag.lowercased()) else {
                    throw ParameterError("--format", "'\(flag)' is not a vector format; expected lottie or svg")
                }
                self = f
                return
            }
            let lower = out.lowercased()
            if lower.hasSuffix(".json") || lower.hasSuffix(".lottie") { self = .lottie; return }
            if lower.hasSuffix(".svg") { self = .svg; return }
            throw ParameterError("--format", "cannot tell the format from '\(out)'; give --format lottie or --format svg (or end --out in .json, .lottie or .svg)")
        }
    }

    /// True when a Lottie document goes into a dotLottie container (the file name ends in `.lottie`).
    static func isDotLottie(_ out: String) -> Bool { out.lowercased().hasSuffix(".lottie") }

    /// Writes the document atomically: as text, or for a `.lottie` file inside the dotLottie zip.
    static func write(_ format: Format, text: String, to out: String) throws {
        if format == .lottie && isDotLottie(out) {
            try DotLottie.write(animationJSON: text, id: "wavefill", to: out)
        } else {
            try AtomicFile.write(Array(text.utf8), to: out)
        }
    }

    /// The document text: Lottie of `frames` frames (default the loop), or SVG of frame `frame`.
    static func document(_ format: Format, scene: WaveScene, frame: Int, frames: Int?) throws -> String {
        switch format {
        case .lottie: return try WaveLottie.document(scene: scene, frames: frames)
        case .svg: return try WaveSVG.document(scene: scene, frame: frame)
        }
    }
}

import WaveFill

/// What `wavefill export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    case gif, apng, mp4, webm, png, spritesheet, lottie, svg

    /// The ffmpeg-encoded formats.
    public var video: VideoFormat? { VideoFormat(rawValue: rawValue) }

    /// The vector documents (Lottie, animated or still SVG), written by `VectorExport`.
    public var vector: VectorExport.Format? { VectorExport.Format(rawValue: rawValue) }

    /// Formats that hold one frame, chosen with --frame K (an SVG is one frame only with --frame K).
    public var isSingleFrame: Bool { self == .png }

    /// The format an output name implies: .gif .apng .png .mp4 .webm .json/.lottie (Lottie) .svg
    /// (sprite sheets need --format).
    public static func inferred(from path: String) -> ExportFormat? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...] {
        case "gif": return .gif
        case "apng": return .apng
        case "png": return .png
        case "mp4": return .mp4
        case "webm": return .webm
        case "json", "lottie": return .lottie
        case "svg": return .svg
        default: return nil
        }
    }
}

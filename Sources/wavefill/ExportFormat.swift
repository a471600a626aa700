import ArgumentParser
import Export

/// What `wavefill export` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case gif, apng, mp4, webm, png, spritesheet

    /// The ffmpeg-encoded formats.
    var video: VideoFormat? { VideoFormat(rawValue: rawValue) }

    /// The format an output name implies: .gif .apng .png .mp4 .webm (sprite sheets need --format).
    static func inferred(from path: String) -> ExportFormat? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...] {
        case "gif": return .gif
        case "apng": return .apng
        case "png": return .png
        case "mp4": return .mp4
        case "webm": return .webm
        default: return nil
        }
    }
}

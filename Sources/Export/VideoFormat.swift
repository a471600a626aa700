import Vector
import Raster

/// The animated formats written by ffmpeg, and the encoder settings chosen for each.
///
/// Frames go to ffmpeg as raw RGBA through a pipe (`-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`).
/// The settings below are what this project tested: the tests read each format back with ffprobe
/// and ffmpeg and hold the pixels to a stated tolerance. MP4 and WebM are converted from RGB with the
/// BT.709 matrix to limited ("tv") range and say so in the stream (`colorTags`), so players decode
/// them with the matrix they were encoded with.
public enum VideoFormat: String, CaseIterable, Sendable {
    /// GIF: one palette for the whole animation (palettegen/paletteuse in one filter graph), each
    /// frame after the first only what changed (`GIFWriter`), loops forever.
    case gif
    /// Animated PNG: lossless RGBA, loops forever.
    case apng
    /// H.264 in MP4 (libx264, yuv420p, BT.709 limited range): no alpha, even width and height.
    case mp4
    /// VP9 in WebM (libvpx-vp9, BT.709 limited range), with an alpha channel (yuva420p) when the
    /// frames are translucent.
    case webm

    /// The YUV formats' colour description: the BT.709 matrix, primaries and transfer, limited range.
    public static let colorTags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// The fastest frame rate a format plays at its stated speed, or nil when any rate is: GIF's
    /// delays are whole 1/100 s and players show delays under 2/100 s as 1/10 s, so GIF stops at 50.
    public var maxFrameRate: Double? { self == .gif ? 50 : nil }

    /// True when the format keeps an alpha channel (GIF keeps one bit of it).
    public var keepsAlpha: Bool { self != .mp4 }

    /// The size ffmpeg writes: mp4 pads an odd width or height by one pixel (yuv420p needs even sizes).
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        self == .mp4 ? (width + width % 2, height + height % 2) : (width, height)
    }

    /// ffmpeg's arguments after the executable: raw RGBA frames on stdin, this format to `output`.
    ///
    /// - Parameters:
    ///   - fps: frames per second, written as the shortest decimal that reads back as the same Double.
    ///   - translucent: the frames have alpha below 255 somewhere (webm then keeps an alpha plane).
    ///   - padColor: the colour of mp4's padding row or column (opaque RGB).
    public func ffmpegArguments(width: Int, height: Int, fps: Double, translucent: Bool,
                                padColor: Color = Color(r: 0, g: 0, b: 0), output: String) -> [String] {
        var a = ["-hide_banner", "-loglevel", "error", "-xerror", "-y",
                 "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", JSONText.number(fps), "-i", "-"]
        switch self {
        case .gif:
            // One palette from every pixel of every frame, then each frame mapped to it; the reserved
            // transparent entry is used where alpha < 128. Only the rectangle that changed is
            // dithered again, so unchanged pixels keep their index. The indexed frames (each followed
            // by its palette) go to `output`, from which `GIFWriter` makes the file.
            a += ["-filter_complex",
                  "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
                  "-f", "rawvideo", "-pix_fmt", "pal8"]
        case .apng:
            a += ["-c:v", "apng", "-pix_fmt", translucent ? "rgba" : "rgb24", "-plays", "0", "-f", "apng"]
        case .mp4:
            let (w, h) = outputSize(width: width, height: height)
            var filters: [String] = []
            if (w, h) != (width, height) {
                let hex = padColor.hex.dropFirst().prefix(6)
                filters.append("pad=\(w):\(h):0:0:color=0x\(hex)")
            }
            a += ["-vf", Self.bt709Conversion(after: filters, to: "yuv420p")] + Self.colorTags
            a += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
                  "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            let pixelFormat = translucent ? "yuva420p" : "yuv420p"
            a += ["-vf", Self.bt709Conversion(after: [], to: pixelFormat)] + Self.colorTags
            a += ["-c:v", "libvpx-vp9", "-pix_fmt", pixelFormat,
                  "-crf", "24", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-f", "webm"]
        }
        return a + [output]
    }

    /// A filter chain: `filters`, then RGB to `pixelFormat` with the BT.709 matrix in limited range
    /// (the `format` filter makes this scale the one that converts, not one ffmpeg inserts later
    /// with its BT.601 default).
    static func bt709Conversion(after filters: [String], to pixelFormat: String) -> String {
        (filters + ["scale=out_color_matrix=bt709:out_range=tv", "format=\(pixelFormat)"]).joined(separator: ",")
    }
}

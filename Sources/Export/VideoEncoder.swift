import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Encodes frames into a GIF, APNG, MP4 or WebM file with ffmpeg.
///
/// Frames are premultiplied pixmaps of one size. Formats with alpha get straight RGBA; MP4 has no
/// alpha and gets the premultiplied bytes, i.e. translucent pixels composited over black. Writes to
/// `path` directly: callers wrap it in `AtomicFile` so a failure leaves nothing behind.
public final class VideoEncoder {
    /// The format being written.
    public let format: VideoFormat
    /// The file ffmpeg writes.
    public let path: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0
    private let process: ChildProcess

    /// Starts ffmpeg writing `format` to `path` (any name: the format is passed explicitly).
    ///
    /// - Parameters:
    ///   - translucent: some frame has alpha below 255 (WebM then keeps an alpha plane, APNG RGBA).
    ///   - padColor: mp4's padding colour when a side is odd.
    ///   - ffmpeg: the executable; `FFmpegProcess.locate()` when nil.
    public init(format: VideoFormat, path: String, width: Int, height: Int, fps: Double,
                translucent: Bool, padColor: Color = Color(r: 0, g: 0, b: 0), ffmpeg: String? = nil) throws {
        self.format = format
        self.path = path
        self.width = width
        self.height = height
        let exe = try ffmpeg ?? FFmpegProcess.locate()
        process = try ChildProcess(executable: exe, arguments: format.ffmpegArguments(
            width: width, height: height, fps: fps, translucent: translucent, padColor: padColor, output: Self.ffmpegOutput(path)))
    }

    /// How `path` reaches ffmpeg: `file:` and the absolute path, so no name is taken for another
    /// protocol (`pipe:`, `http:`, `file:` in a file name) or an option.
    public static func ffmpegOutput(_ path: String) -> String { "file:" + AtomicFile.absolute(path) }

    /// Sends one frame to ffmpeg.
    public func append(_ frame: Pixmap) throws {
        precondition(frame.width == width && frame.height == height, "frame size differs from the encoder's")
        if format.keepsAlpha {
            try frame.straightBytes().withUnsafeBytes { try process.write($0) }
        } else {
            try frame.bytes.withUnsafeBytes { try process.write($0) }
        }
        frameCount += 1
    }

    /// Ends the stream and waits for ffmpeg; throws its error message unless it succeeded: a non-zero
    /// status, any error it printed, or an output file that is missing or empty.
    public func finish() throws {
        try process.finish(quietOnSuccess: true)
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 else {
            throw EncoderError.failed(tool: "ffmpeg", status: "exit status 0", message: "it wrote no output file")
        }
    }

    /// ffmpeg's process id while it runs, else 0 (for a signal handler that must stop it).
    public var processID: Int32 { process.processID }

    /// Stops ffmpeg without finishing the file.
    public func cancel() { process.terminate() }
}

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
    private let fps: Double
    /// GIF: ffmpeg's indexed frames, made into the file by `GIFWriter` when finished.
    private let indexed: AtomicFile.Temporary?

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
        self.fps = fps
        let exe = try ffmpeg ?? FFmpegProcess.locate()
        let temporary = format == .gif ? try AtomicFile.createTemporary(beside: path).closed() : nil
        indexed = temporary
        do {
            process = try ChildProcess(executable: exe, arguments: format.ffmpegArguments(
                width: width, height: height, fps: fps, translucent: translucent, padColor: padColor,
                output: Self.ffmpegOutput(temporary?.path ?? path)))
        } catch {
            if let temporary { AtomicFile.discard(temporary) }
            throw error
        }
    }

    deinit {
        if let indexed { AtomicFile.discard(indexed) }
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
        if let indexed { try writeGIF(from: indexed.path) }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 else {
            throw EncoderError.failed(tool: "ffmpeg", status: "exit status 0", message: "it wrote no output file")
        }
    }

    /// The GIF from ffmpeg's indexed frames in `source` (each `width * height` indices, then its
    /// palette as 256 BGRA words), read one frame at a time.
    private func writeGIF(from source: String) throws {
        let frameBytes = width * height, stride = frameBytes + 1024
        let fd = open(source, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw EncoderError.failed(tool: "ffmpeg", status: "exit status 0", message: "its indexed frames cannot be read") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: stride)
        func readFrame() throws -> Bool {
            var off = 0
            while off < stride {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + off, stride - off) }
                if n == 0 { break }
                if n < 0 { if errno == EINTR { continue }; throw ExportError.io(path: source, message: String(cString: strerror(errno))) }
                off += n
            }
            guard off == 0 || off == stride else {
                throw EncoderError.failed(tool: "ffmpeg", status: "exit status 0", message: "it wrote a partial indexed frame")
            }
            return off == stride
        }
        guard try readFrame() else { throw EncoderError.failed(tool: "ffmpeg", status: "exit status 0", message: "it wrote no frames") }
        // BGRA words (little-endian ARGB) to RGBA.
        var palette = [UInt8](repeating: 0, count: 1024)
        for i in 0 ..< 256 {
            let b = buffer[frameBytes + 4 * i], g = buffer[frameBytes + 4 * i + 1], r = buffer[frameBytes + 4 * i + 2], a = buffer[frameBytes + 4 * i + 3]
            palette[4 * i] = r; palette[4 * i + 1] = g; palette[4 * i + 2] = b; palette[4 * i + 3] = a
        }
        var gif = GIFWriter(width: width, height: height, palette: palette)
        var k = 0
        repeat {
            gif.add(Array(buffer[0 ..< frameBytes]), delay: GIFWriter.delay(frame: k, fps: fps))
            k += 1
        } while try readFrame()
        // Into the file given (a caller's temporary), keeping it the same file.
        let out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard out >= 0 else { throw ExportError.io(path: path, message: String(cString: strerror(errno))) }
        defer { close(out) }
        try AtomicFile.writeAll(gif.finish(), to: out, reportedAs: path)
    }

    /// ffmpeg's process id while it runs, else 0 (for a signal handler that must stop it).
    public var processID: Int32 { process.processID }

    /// Stops ffmpeg without finishing the file.
    public func cancel() { process.terminate() }
}

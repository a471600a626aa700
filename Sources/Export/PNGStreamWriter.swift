import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// Writes an 8-bit straight-RGBA PNG row by row, for images too large to hold whole (sprite sheets).
///
/// libpng reports errors by `longjmp`, which Swift cannot catch, so every libpng call runs inside a
/// C function of the CPNG shim with its own `setjmp`; errors come back as `ExportError.png`.
/// Writes to `path` directly: callers wrap it in `AtomicFile` for the temporary-name-and-rename.
public final class PNGStreamWriter {
    /// Image width in pixels.
    public let width: Int
    /// Image height in pixels.
    public let height: Int
    /// Rows written so far.
    public private(set) var rowsWritten = 0
    private let path: String
    private var writer = wf_png_writer()
    private var open = true

    /// Creates `path` and writes the PNG header; `width` and `height` are 1 ... 2^31 - 1.
    public init(path: String, width: Int, height: Int) throws {
        guard width > 0, height > 0, width < Int(Int32.max), height < Int(Int32.max) else {
            throw ExportError.png(path: path, message: "\(width)x\(height) is not a valid PNG size")
        }
        self.path = path
        self.width = width
        self.height = height
        if wf_png_writer_open(&writer, path, UInt32(width), UInt32(height)) == 0 {
            let m = message
            wf_png_writer_close(&writer)
            open = false
            throw ExportError.png(path: path, message: m)
        }
    }

    /// Appends rows of straight RGBA: `bytes.count` must be a whole number of rows (`width * 4` each).
    public func write(rows bytes: [UInt8]) throws {
        let stride = width * 4
        guard open, bytes.count % stride == 0 else {
            throw ExportError.png(path: path, message: "internal: \(bytes.count) bytes is not a whole number of \(width)-pixel rows")
        }
        let count = bytes.count / stride
        guard rowsWritten + count <= height else {
            throw ExportError.png(path: path, message: "internal: more than \(height) rows written")
        }
        let ok = bytes.withUnsafeBytes { raw in
            wf_png_writer_rows(&writer, raw.bindMemory(to: UInt8.self).baseAddress, UInt32(count), stride)
        }
        guard ok != 0 else { throw ExportError.png(path: path, message: message) }
        rowsWritten += count
    }

    /// Writes the PNG trailer and closes the file; every row must have been written.
    public func finish() throws {
        guard open else { throw ExportError.png(path: path, message: "internal: writer already closed") }
        guard rowsWritten == height else {
            throw ExportError.png(path: path, message: "internal: \(rowsWritten) of \(height) rows written")
        }
        let ok = wf_png_writer_finish(&writer)
        let m = message
        open = false
        let closed = wf_png_writer_close(&writer)
        guard ok != 0 else { throw ExportError.png(path: path, message: m) }
        guard closed != 0 else { throw ExportError.io(path: path, message: "closing failed: \(String(cString: strerror(errno)))") }
    }

    deinit {
        if open { wf_png_writer_close(&writer) }
    }

    private var message: String {
        withUnsafeBytes(of: writer.message) { raw in
            let s = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return s.isEmpty ? "libpng failed" : s
        }
    }
}

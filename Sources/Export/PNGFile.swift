import CPNG
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Why an image could not be written or read.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// libpng refused (its own message).
    case png(path: String, message: String)
    /// A file-system operation failed.
    case io(path: String, message: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .png(let p, let m): return "'\(p)': \(m)"
        case .io(let p, let m): return "'\(p)': \(m)"
        }
    }
}

/// PNG files (8-bit straight RGBA) through libpng.
public enum PNGFile {
    /// Writes `pixmap` (premultiplied) as an 8-bit RGBA PNG at `path`, via a temporary file and rename.
    public static func write(_ pixmap: Pixmap, to path: String) throws {
        let straight = pixmap.straightBytes()
        try AtomicFile.write(to: path, descriptor: { fd in
            var img = png_image()
            img.version = png_uint_32(PNG_IMAGE_VERSION)
            img.width = png_uint_32(pixmap.width)
            img.height = png_uint_32(pixmap.height)
            img.format = png_uint_32(WF_PNG_FORMAT_RGBA)
            // Through the descriptor of the file created exclusively, never by its name again.
            guard let f = fdopen(dup(fd), "wb") else { throw ExportError.io(path: path, message: String(cString: strerror(errno))) }
            let ok = straight.withUnsafeBytes { buf in
                png_image_write_to_stdio(&img, f, 0, buf.baseAddress, png_int_32(pixmap.width * 4), nil)
            }
            defer { png_image_free(&img) }
            let flushed = fflush(f) == 0 && ferror(f) == 0
            let reason = String(cString: strerror(errno))
            let closed = fclose(f) == 0
            if ok == 0 { throw ExportError.png(path: path, message: message(of: img)) }
            guard flushed, closed else { throw ExportError.io(path: path, message: reason) }
        })
    }

    /// Encodes `pixmap` as PNG bytes in memory.
    public static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        let straight = pixmap.straightBytes()
        var img = png_image()
        img.version = png_uint_32(PNG_IMAGE_VERSION)
        img.width = png_uint_32(pixmap.width)
        img.height = png_uint_32(pixmap.height)
        img.format = png_uint_32(WF_PNG_FORMAT_RGBA)
        defer { png_image_free(&img) }
        var size: png_alloc_size_t = 0
        let ok1 = straight.withUnsafeBytes { buf in
            png_image_write_to_memory(&img, nil, &size, 0, buf.baseAddress, png_int_32(pixmap.width * 4), nil)
        }
        guard ok1 != 0, size > 0 else { throw ExportError.png(path: "<memory>", message: message(of: img)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok2 = out.withUnsafeMutableBytes { o in
            straight.withUnsafeBytes { buf in
                png_image_write_to_memory(&img, o.baseAddress, &size, 0, buf.baseAddress, png_int_32(pixmap.width * 4), nil)
            }
        }
        guard ok2 != 0 else { throw ExportError.png(path: "<memory>", message: message(of: img)) }
        return Array(out.prefix(Int(size)))
    }

    /// Reads any PNG as 8-bit straight RGBA (libpng converts palettes, grey and 16-bit).
    public static func readStraightRGBA(_ path: String, maxSide: Int = 32768) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        // Only regular files: a FIFO would block forever, a device never end.
        var st = stat()
        guard stat(path, &st) == 0 else { throw ExportError.png(path: path, message: String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw ExportError.png(path: path, message: "not a regular file (\(Self.kind(st.st_mode)))")
        }
        var img = png_image()
        img.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&img, path) != 0 else {
            let m = message(of: img)
            png_image_free(&img)
            throw ExportError.png(path: path, message: m.isEmpty ? "not a readable PNG" : m)
        }
        defer { png_image_free(&img) }
        img.format = png_uint_32(WF_PNG_FORMAT_RGBA)
        let w = Int(img.width), h = Int(img.height)
        // The header's size is checked before anything is decoded or allocated.
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            throw ExportError.png(path: path, message: "\(w)x\(h) is outside 1x1 ... \(maxSide)x\(maxSide)")
        }
        var buf = [UInt8](repeating: 0, count: w * h * 4)
        let ok = buf.withUnsafeMutableBytes { png_image_finish_read(&img, nil, $0.baseAddress, png_int_32(w * 4), nil) }
        guard ok != 0 else { throw ExportError.png(path: path, message: message(of: img)) }
        return (w, h, buf)
    }

    /// Reads a PNG into a premultiplied pixmap.
    public static func read(_ path: String) throws -> Pixmap {
        let (w, h, rgba) = try readStraightRGBA(path)
        return Pixmap(width: w, height: h, straight: rgba)
    }

    /// What a file that is not a regular file is, for messages.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    private static func message(of img: png_image) -> String {
        var m = img.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

import CFreeType
import Synchronization
import CHarfBuzz
import Geometry

/// Why text could not be shaped or drawn.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// The font file does not exist.
    case fontNotFound(String)
    /// The font file exists but cannot be read.
    case fontUnreadable(String)
    /// The file was read but is not a font FreeType can open (or is truncated).
    case notAFont(String, code: Int32)
    /// The text is empty.
    case emptyText
    /// The font has no glyph for these characters.
    case missingCharacters([String], font: String)
    /// No installed font has an outline glyph for these characters; the packages would provide them.
    case noFontFor([String], packages: [String])
    /// The text shapes to glyphs without any outline (only spaces, say).
    case noInk(String)
    /// A size outside what FreeType accepts.
    case badSize(Double)
    /// FreeType failed loading a glyph.
    case glyphLoad(UInt32, code: Int32)

    /// One line for a person.
    public var description: String {
        switch self {
        case .fontNotFound(let p): return "font file '\(p)' does not exist"
        case .fontUnreadable(let p): return "font file '\(p)' cannot be read"
        case .notAFont(let p, let c): return "font file '\(p)' is not a usable font (FreeType error \(c)); expected a TrueType/OpenType file"
        case .emptyText: return "the text is empty; give at least one character"
        case .missingCharacters(let cs, let f):
            return "the font '\(f)' has no glyph for " + cs.map { "'\($0)'" }.joined(separator: ", ")
        case .noFontFor(let cs, let packages):
            let shown = cs.prefix(8).map { "'\($0)' (\($0.unicodeScalars.first.map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? ""))" }
            return "no installed font has a glyph for \(shown.joined(separator: ", "))\(cs.count > 8 ? " and \(cs.count - 8) more" : ""); install one that does (Debian: apt-get install \(packages.joined(separator: " ")))"
        case .noInk(let t): return "the text '\(t)' draws nothing (no glyph outlines)"
        case .badSize(let s): return "font size \(s) px is outside 1/64 ... 16384 px"
        case .glyphLoad(let g, let c): return "FreeType could not load glyph \(g) (error \(c))"
        }
    }
}

/// The process-wide FreeType library handle.
final class FreeTypeLibrary: @unchecked Sendable {
    // FT_Library is not thread-safe for face creation; faces are created under this lock.
    let handle: FT_Library
    let lock = Mutex(())
    static let shared: FreeTypeLibrary? = FreeTypeLibrary()
    private init?() {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        handle = lib
    }
    deinit { FT_Done_FreeType(handle) }
}

/// A font file opened by both FreeType (outlines) and HarfBuzz (shaping).
public final class FontFace: @unchecked Sendable {
    /// The file this face was loaded from.
    public let path: String
    /// Font units per em.
    public let unitsPerEm: Int
    let ftFace: FT_Face
    let hbFace: OpaquePointer
    let hbBlob: OpaquePointer
    // A face is used by one shaping call at a time.
    let lock = Mutex(())

    /// Opens face 0 of the font file at `path`.
    public init(path: String) throws {
        self.path = path
        var st = stat()
        guard stat(path, &st) == 0 else { throw TextError.fontNotFound(path) }
        guard access(path, R_OK) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw TextError.fontUnreadable(path) }
        guard let lib = FreeTypeLibrary.shared else { throw TextError.notAFont(path, code: -1) }
        var face: FT_Face?
        let err = lib.lock.withLock { _ in FT_New_Face(lib.handle, path, 0, &face) }
        guard err == 0, let face else { throw TextError.notAFont(path, code: err) }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw TextError.notAFont(path, code: -2)
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            throw TextError.fontUnreadable(path)
        }
        guard let hface = hb_face_create(blob, 0) else {
            hb_blob_destroy(blob)
            FT_Done_Face(face)
            throw TextError.notAFont(path, code: -3)
        }
        guard hb_face_get_glyph_count(hface) > 0 else {
            // The face holds a reference to the blob: both are released (found by the font fuzzer).
            hb_face_destroy(hface)
            hb_blob_destroy(blob)
            FT_Done_Face(face)
            throw TextError.notAFont(path, code: -3)
        }
        ftFace = face
        hbBlob = blob
        hbFace = hface
        unitsPerEm = Int(face.pointee.units_per_EM)
    }

    deinit {
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
        FT_Done_Face(ftFace)
    }

    /// Family and style as the font names them, for messages.
    public var name: String {
        let fam = ftFace.pointee.family_name.map { String(cString: $0) } ?? "?"
        let sty = ftFace.pointee.style_name.map { String(cString: $0) } ?? ""
        return sty.isEmpty ? fam : fam + " " + sty
    }
}

#if canImport(Glibc)
import Glibc
#endif

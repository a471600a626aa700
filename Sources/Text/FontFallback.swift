import CFontconfig
import CHarfBuzz
import Synchronization

/// Which installed font draws a character the chosen font lacks: fontconfig's sorted list of fonts
/// for the chosen font's family and style (`FcFontSort`, the order `fc-match -s` prints), the first
/// one with an outline glyph for it. Lists are made once per chosen font and answers kept per font
/// and character; faces are opened once per file. Colour bitmap fonts (emoji) are skipped: their
/// glyphs have no outlines to fill or stroke.
final class FontFallback: @unchecked Sendable {
    static let shared = FontFallback()

    /// A fontconfig font set kept for the life of the process, with each font's file.
    private final class Sorted: @unchecked Sendable {
        let set: UnsafeMutablePointer<FcFontSet>?
        let files: [String?]
        init(set: UnsafeMutablePointer<FcFontSet>?, files: [String?]) { self.set = set; self.files = files }
    }

    private struct State {
        var config: OpaquePointer?
        var loaded = false
        var sorted: [String: Sorted] = [:]
        var answers: [String: [UInt32: String]] = [:]
        var none: [String: Set<UInt32>] = [:]
        var faces: [String: FontFace] = [:]
    }
    private let state = Mutex(State())

    /// Whether `face` has a glyph for `scalar`.
    static func has(_ face: FontFace, _ scalar: UInt32) -> Bool {
        face.lock.withLock { _ in
            guard let font = hb_font_create(face.hbFace) else { return false }
            defer { hb_font_destroy(font) }
            var g: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, scalar, &g) != 0 && g != 0
        }
    }

    /// The face that draws `scalar` for text set in `primary`: `primary` when it has it, else the
    /// best installed font that does; nil when none does.
    func face(for scalar: UInt32, primary: FontFace) -> FontFace? {
        if Self.has(primary, scalar) { return primary }
        let key = primary.path
        let cached = state.withLock { s -> (known: String?, none: Bool) in
            (s.answers[key]?[scalar], s.none[key]?.contains(scalar) ?? false)
        }
        if cached.none { return nil }
        if let known = cached.known { return openFace(known) }
        let sorted = sortedFonts(for: primary)
        var found: FontFace?
        if let set = sorted.set {
            for i in 0 ..< Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], let file = sorted.files[i], file != key else { continue }
                var cs: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &cs) == FcResultMatch, let cs, FcCharSetHasChar(cs, scalar) != 0 else { continue }
                var outline: FcBool = 1, color: FcBool = 0
                _ = FcPatternGetBool(font, FC_OUTLINE, 0, &outline)
                _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
                guard outline != 0, color == 0, let f = openFace(file), Self.has(f, scalar) else { continue }
                found = f
                break
            }
        }
        state.withLock { s in
            if let found { s.answers[key, default: [:]][scalar] = found.path } else { s.none[key, default: []].insert(scalar) }
        }
        return found
    }

    /// The face of `path`, opened once.
    func openFace(_ path: String) -> FontFace? {
        if let f = state.withLock({ $0.faces[path] }) { return f }
        guard let f = try? FontFace(path: path) else { return nil }
        return state.withLock { s in
            if let existing = s.faces[path] { return existing }
            s.faces[path] = f
            return f
        }
    }

    /// fontconfig's sorted fonts for `primary`'s family and style.
    private func sortedFonts(for primary: FontFace) -> Sorted {
        if let s = state.withLock({ $0.sorted[primary.path] }) { return s }
        let made: Sorted = state.withLock { s in
            if !s.loaded { s.config = FcInitLoadConfigAndFonts(); s.loaded = true }
            guard let config = s.config, let pat = FcPatternCreate() else { return Sorted(set: nil, files: []) }
            defer { FcPatternDestroy(pat) }
            primary.familyAndStyle.family.withCString { FcPatternAddString(pat, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            if let style = primary.familyAndStyle.style {
                style.withCString { FcPatternAddString(pat, FC_STYLE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            }
            FcPatternAddBool(pat, FC_SCALABLE, 1)
            FcConfigSubstitute(config, pat, FcMatchPattern)
            FcDefaultSubstitute(pat)
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pat, 0, nil, &result) else { return Sorted(set: nil, files: []) }
            var files: [String?] = []
            for i in 0 ..< Int(set.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>?
                if let font = set.pointee.fonts[i], FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file {
                    files.append(String(cString: file))
                } else {
                    files.append(nil)
                }
            }
            return Sorted(set: set, files: files)
        }
        return state.withLock { s in
            if let existing = s.sorted[primary.path] { return existing }
            s.sorted[primary.path] = made
            return made
        }
    }

    /// A Debian package that would provide `scalar`, for an error line.
    static func package(for scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        switch v {
        case 0x1100 ... 0x11FF, 0x2E80 ... 0x9FFF, 0xAC00 ... 0xD7AF, 0xF900 ... 0xFAFF, 0xFF00 ... 0xFFEF, 0x20000 ... 0x3FFFF:
            return "fonts-noto-cjk"
        default:
            return scalar.properties.isEmojiPresentation || scalar.properties.isEmoji && v > 0x2000 ? "fonts-symbola" : "fonts-noto-core"
        }
    }
}

extension FontFace {
    /// The family and style names as FreeType reads them.
    var familyAndStyle: (family: String, style: String?) {
        let fam = ftFace.pointee.family_name.map { String(cString: $0) } ?? "sans-serif"
        let sty = ftFace.pointee.style_name.map { String(cString: $0) }
        return (fam, sty)
    }
}

import SceneKit
import CFontconfig
#if canImport(Glibc)
import Glibc
#endif

extension TextError {
    /// The error as a setting's: the text's key (`textKey`) for text the font cannot draw, `font-size`
    /// for a size, `font` for the font file.
    public func settingError(textKey: String = "text") -> SettingError {
        switch self {
        case .emptyText, .missingCharacters, .noFontFor, .noInk: return SettingError(textKey, description)
        case .badSize: return SettingError("font-size", description)
        default: return SettingError("font", description)
        }
    }
}

extension FontLocator {
    /// `path`, or the default font through fontconfig; a `font` setting error saying how to install
    /// it when there is none.
    public static func fontFile(_ path: String?) throws -> String {
        if let path {
            // A fontconfig name ("DejaVu Serif:bold") where no such file exists.
            if !path.contains("/"), access(path, F_OK) != 0, let file = matchFamily(path) { return file }
            return path
        }
        guard let f = defaultFont() else { throw SettingError("font", installHint) }
        return f
    }

    /// The face of `path` (or the default font), errors as setting errors.
    public static func face(_ path: String?) throws -> FontFace {
        do { return try FontFace(path: try fontFile(path)) } catch let e as TextError { throw e.settingError() }
    }
}

extension FontLocator {
    /// The file fontconfig picks for `pattern` when the font it picks is of the family asked for
    /// (fontconfig falls back to any font for a name it does not know, which would hide a typo).
    public static func matchFamily(_ pattern: String) -> String? {
        guard let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        var asked: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pat, FC_FAMILY, 0, &asked) == FcResultMatch, let asked else { return nil }
        let family = String(cString: asked).lowercased()
        guard let file = match(pattern), let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        // The families of the font in that file.
        guard let query = FcPatternCreate(), let os = FcObjectSetCreate() else { return nil }
        defer { FcPatternDestroy(query); FcObjectSetDestroy(os) }
        file.withCString { FcPatternAddString(query, FC_FILE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcObjectSetAdd(os, FC_FAMILY)
        guard let set = FcFontList(config, query, os) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0 ..< Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var k: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(font, FC_FAMILY, k, &name) == FcResultMatch, let n = name {
                if String(cString: n).lowercased() == family { return file }
                k += 1
            }
        }
        return nil
    }
}

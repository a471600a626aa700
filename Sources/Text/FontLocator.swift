import CFontconfig

/// Finds installed fonts through fontconfig (the library, not a shell-out): the same answer
/// `fc-match` gives for a pattern such as `DejaVu Sans:bold`.
public enum FontLocator {
    /// The pattern of the default font: DejaVu Sans Bold, the original's look.
    public static let defaultPattern = "DejaVu Sans:bold"

    /// The file fontconfig picks for `pattern`, if it picks one that exists.
    public static func match(_ pattern: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pat, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// The default font's file, if fontconfig knows a font for `defaultPattern` whose family is
    /// DejaVu Sans (fontconfig falls back to any font otherwise, which would not be the scene).
    public static func defaultFont() -> String? {
        guard let path = match(defaultPattern) else { return nil }
        return path.contains("DejaVuSans-Bold") || path.contains("DejaVu Sans Bold") ? path : nil
    }

    /// Every scalable font fontconfig knows: "Family Style" and its file, sorted by name (the
    /// panel's font picker). Empty when fontconfig cannot be loaded.
    public static func installedFonts() -> [(name: String, file: String)] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        guard let pat = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pat) }
        FcPatternAddBool(pat, FC_SCALABLE, 1)
        guard let os = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(os) }
        for name in [FC_FAMILY, FC_STYLE, FC_FILE] { FcObjectSetAdd(os, name) }
        guard let set = FcFontList(config, pat, os) else { return [] }
        defer { FcFontSetDestroy(set) }
        var out: [(name: String, file: String)] = []
        var seen = Set<String>()
        for i in 0 ..< Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?, style: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family else { continue }
            let path = String(cString: file)
            guard seen.insert(path).inserted else { continue }
            var name = String(cString: family)
            if FcPatternGetString(font, FC_STYLE, 0, &style) == FcResultMatch, let style { name += " " + String(cString: style) }
            out.append((name, path))
        }
        return out.sorted { $0.name < $1.name }
    }

    /// One line saying how to get the default font, for errors.
    public static let installHint = "the default font DejaVu Sans Bold was not found by fontconfig; install it (Debian: apt-get install fonts-dejavu-core) or give --font FILE"
}

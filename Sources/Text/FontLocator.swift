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

    /// One line saying how to get the default font, for errors.
    public static let installHint = "the default font DejaVu Sans Bold was not found by fontconfig; install it (Debian: apt-get install fonts-dejavu-core) or give --font FILE"
}

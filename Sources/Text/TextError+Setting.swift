import SceneKit

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
        if let path { return path }
        guard let f = defaultFont() else { throw SettingError("font", installHint) }
        return f
    }

    /// The face of `path` (or the default font), errors as setting errors.
    public static func face(_ path: String?) throws -> FontFace {
        do { return try FontFace(path: try fontFile(path)) } catch let e as TextError { throw e.settingError() }
    }
}

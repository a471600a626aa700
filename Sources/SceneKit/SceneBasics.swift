import Raster

/// What every scene has: a canvas, a text in a font, a clock rate and a background. Each scene's
/// parameters hold one, and its definition lists `SceneBasics.settings` (lifted into them), with the
/// text's default and help of its own.
public struct SceneBasics: Sendable, Equatable {
    /// Canvas width and height in pixels.
    public var width = 400
    public var height = 310
    /// The text, when given (each scene has its own default).
    public var text: String?
    /// The font file, when given (else DejaVu Sans Bold through fontconfig).
    public var fontPath: String?
    /// The em size in px, when given (else fitted).
    public var fontSize: Double?
    /// Frames per second of the clock.
    public var fps = 60.0
    /// The background.
    public var background = Color(r: 0xFF, g: 0xFF, b: 0xFF)

    public init() {}

    /// The settings every scene has, in order.
    public static let settings: [Setting<SceneBasics>] = [
        .text(SettingDeclaration("size", .size, unit: "px", default: .value(.string("400x310")),
                                 help: "Canvas size in pixels, WxH, each side 1 ... \(SceneLimits.maxCanvasSide).", group: .canvas)) { p, s in
            (p.width, p.height) = try SettingDeclaration.size(s, key: "size")
        },
        .number(SettingDeclaration("fps", .number, unit: "fps", hard: SceneLimits.fps, soft: 1 ... 120, step: 1, decimals: 3,
                                   default: .value(.number(60)),
                                   help: "Ticks per second of the clock (tick n is frame n at n / fps s), and the frame rate of exports.",
                                   group: .canvas)) { $0.fps = $1 },
        .colour(SettingDeclaration("background", .colour, default: .value(.string("#FFFFFF")),
                                   help: "Background colour.", group: .colours)) { $0.background = $1 },
        .text(SettingDeclaration("text", .text, default: .value(.string("")),
                                 help: "The text; every character must be in the font.", group: .text)) { p, s in
            guard !s.isEmpty else { throw SettingError("text", "the text is empty; give at least one character") }
            try SceneLimits.checkText(s, "text", newlines: true)
            p.text = s
        },
        .text(SettingDeclaration("text-file", .file(.text), default: .off("--text"),
                                 help: "Read the text from this UTF-8 file (at most 64 KiB; one final newline is dropped).",
                                 group: .text, when: .isUnset("text"))) { p, file in
            let bytes = try SmallFile.read(file, key: "text-file", limit: 64 << 10, what: "the text is at most \(SceneLimits.maxTextLength) characters")
            guard var s = String(validating: bytes, as: UTF8.self) else {
                throw SettingError("text-file", "'\(SettingDeclaration.clip(file))' is not UTF-8 text")
            }
            if s.hasSuffix("\n") { s.removeLast() }
            guard !s.isEmpty else { throw SettingError("text-file", "'\(SettingDeclaration.clip(file))' is empty") }
            try SceneLimits.checkText(s, "text-file", newlines: true)
            p.text = s
        },
        .text(SettingDeclaration("font", .file(.font), default: .derived("DejaVu Sans Bold, found by fontconfig"),
                                 help: "Font: a TrueType/OpenType file, or a fontconfig name such as 'DejaVu Serif:bold'.", group: .text)) { $0.fontPath = $1 },
        .number(SettingDeclaration("font-size", .number, unit: "px", hard: 0.0078125 ... SceneLimits.maxFontSize, soft: 4 ... 512, step: 1, decimals: 2,
                                   default: .derived("the largest that fits the ink in 80 % of the canvas"),
                                   help: "Em size in px, rounded to 1/64 px.", group: .text)) { $0.fontSize = $1 },
    ]
}

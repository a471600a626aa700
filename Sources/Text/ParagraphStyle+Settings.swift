import SceneKit

extension ParagraphStyle {
    /// The paragraph settings of the scenes that lay out several lines, each declared once.
    public static let settings: [Setting<ParagraphStyle>] = [
        .number(SettingDeclaration("wrap", .number, unit: "px", hard: wrapWidthRange, soft: 20 ... 2000, step: 1,
                                   default: .off("no wrapping: a line per paragraph"),
                                   help: "Break lines to this width (UAX #14 break opportunities; a longer word breaks between characters).",
                                   group: .text)) { $0.wrapWidth = $1 },
        .choice(SettingDeclaration("align", .choice(choiceNames(TextAlignment.self)), default: .value(.string(TextAlignment.center.rawValue)),
                                   help: "How lines align: start and end follow each paragraph's direction; justify stretches the spaces of wrapped lines.",
                                   group: .text), TextAlignment.self) { $0.alignment = $1 },
        .number(SettingDeclaration("line-height", .number, unit: "x", hard: lineHeightRange, soft: 0.5 ... 3, step: 0.05,
                                   default: .value(.number(1)), help: "Distance between baselines, in multiples of the font's line spacing.",
                                   group: .text)) { $0.lineHeight = $1 },
        .choice(SettingDeclaration("text-direction", .choice(choiceNames(TextDirection.self)), default: .value(.string(TextDirection.auto.rawValue)),
                                   help: "Paragraphs' base direction: auto (from the first strong character, UAX #9), ltr or rtl.",
                                   group: .text, valueName: "auto|ltr|rtl"), TextDirection.self) { $0.direction = $1 },
    ]
}

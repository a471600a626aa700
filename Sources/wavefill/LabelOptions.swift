import ArgumentParser
import WaveFillApp

/// The wave's progress label and border ring flags.
struct LabelOptions: ParsableArguments {
    @Option(name: .customLong("label"), help: ArgumentHelp("Progress label: text with {p} (percent) or {p:.N} (N decimals, 0 ... 6); {{ and }} are braces. Centred on the container, coloured by --label-color above the front wave's surface and --label-inside-color below it. (default: none)", valueName: "format"))
    var format: String?

    @Option(name: .customLong("label-font"), help: ArgumentHelp("The label's font: a file or a fontconfig name. (default: the container's font)", valueName: "font"))
    var font: String?

    @Option(name: .customLong("label-size"), parsing: .unconditional, help: ArgumentHelp("The label's em size, 1 ... 4096 px. (default: a fifth of the canvas's smaller side)", valueName: "px"))
    var size: Double?

    @Option(name: .customLong("label-color"), help: ArgumentHelp("The label's colour above the front wave. (default: #46B751)", valueName: "colour"))
    var color: String?

    @Option(name: .customLong("label-inside-color"), help: ArgumentHelp("The label's colour where the front wave covers it. (default: #FFFFFF)", valueName: "colour"))
    var insideColor: String?

    @Option(name: .customLong("border-width"), parsing: .unconditional, help: ArgumentHelp("Border ring width W around an outline or text container, 0 ... 4096 px. (default: no border)", valueName: "px"))
    var borderWidth: Double?

    @Option(name: .customLong("border-gap"), parsing: .unconditional, help: ArgumentHelp("Gap G between the container's outline and the ring, 0 ... 4096 px. (default: 0)", valueName: "px"))
    var borderGap: Double?

    @Option(name: .customLong("border-color"), help: ArgumentHelp("The ring's colour. (default: #46B751)", valueName: "colour"))
    var borderColor: String?

    /// The label and border flags given, into `s`.
    func put(into s: inout SceneSettings) {
        if let format { s.set(.label, .string(format)) }
        if let font { s.set(.labelFont, .string(font)) }
        if let size { s.set(.labelSize, .number(size)) }
        if let color { s.set(.labelColor, .string(color)) }
        if let insideColor { s.set(.labelInsideColor, .string(insideColor)) }
        if let borderWidth { s.set(.borderWidth, .number(borderWidth)) }
        if let borderGap { s.set(.borderGap, .number(borderGap)) }
        if let borderColor { s.set(.borderColor, .string(borderColor)) }
    }
}

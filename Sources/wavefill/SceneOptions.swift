import WaveFill
import WaveFillApp
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Every knob of docs/SCENE.md, shared by all subcommands that draw the scene.
///
/// Settings come in layers: SCENE.md's defaults, then a preset (`--preset`, default `waterwave`,
/// which is the defaults), then the flags given on the command line, which win. So the flags are
/// optional here (nil = not given) and their help states the default.
struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Settings to start from: a built-in preset (\(PresetLibrary.builtinNames.joined(separator: ", "))) or a preset FILE.json (keys are the long flags without dashes); flags given on the command line win. (default: \(PresetLibrary.defaultName), the original's look)", valueName: "name|file.json"))
    var preset: String?

    @Option(name: .long, help: ArgumentHelp("Also write the effective settings (preset + flags) to FILE.json, a preset for --preset.", valueName: "file.json"))
    var savePreset: String?

    @Option(name: .long, help: ArgumentHelp("Canvas size in pixels, WxH, each side 1...\(WaveParameters.maxCanvasSide). (The original's 40x31 pt view at 10x.) (default: 400x310)", valueName: "WxH"))
    var size: String?

    @Option(name: .long, help: ArgumentHelp("The text: the wave's container, the marquee's caption, the stroke's and the spread's title; every character must be in the font. (default: du; marquee: a caption longer than the view; stroke: WaveFill; spread: Following)", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Font file (TrueType/OpenType). (default: DejaVu Sans Bold, found by fontconfig)", valueName: "path"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Em size E in px, rounded to 1/64 px, up to \(Int(WaveParameters.maxFontSize)). (default: the largest that fits the ink in 80 % of the canvas)", valueName: "px"))
    var fontSize: Double?

    @Option(name: .long, help: ArgumentHelp("Use this PNG's alpha as the container instead of text, placed and scaled like the ink box.", valueName: "file.png"))
    var maskImage: String?

    @Option(name: .long, help: ArgumentHelp("Use a built-in shape as the container instead of text, placed and scaled like the ink box: circle, rect, rounded-rect, triangle, heart, drop, star.", valueName: "shape"))
    var shape: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Corner radius of --shape rounded-rect, 0 ... 50 in units of the 100 x 100 shape (before scaling). (default: 15)", valueName: "r"))
    var cornerRadius: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Use SVG path data (M L H V C S Q T A Z) as the container instead of text, placed and scaled like the ink box.", valueName: "data"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("Use an SVG file's <path>, <rect>, <circle>, <ellipse>, <polygon> and <polyline> elements as the container instead of text, with their transforms and fill-rule.", valueName: "file.svg"))
    var svg: String?

    @Option(name: .long, help: ArgumentHelp("Fill rule of --path: nonzero or evenodd. (default: nonzero)", valueName: "rule"))
    var fillRule: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave amplitude A, 0 ... 8192 px. (default: 0.15 x ink height)", valueName: "px"))
    var amplitude: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave frequency f, periods per wave width: 0, or 0.000001 ... 1000. (default: 0.3)", valueName: "f"))
    var frequency: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave width w, 0.01 ... 1000000 px. (default: ink width)", valueName: "px"))
    var waveWidth: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Phase step in degrees per frame (frame-based time), -3600 ... 3600. (default: 8)", valueName: "deg"))
    var phaseStep: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Phase speed in degrees per second, -1000000 ... 1000000; selects time-based stepping. (default: off; step x fps when only --rise-duration is given)", valueName: "deg/s"))
    var phaseSpeed: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rise length R in frames, 1 ... 10000000 (frame-based time). (default: 300)", valueName: "frames"))
    var riseFrames: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rise length in seconds, 0.001 ... 1000000; selects time-based stepping. (default: off; R / fps when only --phase-speed is given)", valueName: "s"))
    var riseDuration: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Ticks per second of the clock: tick n has timestamp n / fps; 0.1 ... 1000. Also the frame rate of exports. (default: 60)", valueName: "fps"))
    var fps: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Fixed progress P in 0...1 instead of the repeating rise. (default: the repeating rise)", valueName: "P"))
    var progress: Double?

    @Option(name: .long, help: ArgumentHelp("Background colour #RRGGBB or #RRGGBBAA. (default: #FFFFFF)", valueName: "colour"))
    var background: String?

    @Option(name: .long, help: ArgumentHelp("Container colour. (default: #E9E9E5B3)", valueName: "colour"))
    var container: String?

    @Option(name: .long, help: ArgumentHelp("Back (cosine) wave colour. (default: #46B75166)", valueName: "colour"))
    var backWave: String?

    @Option(name: .long, help: ArgumentHelp("Front (sine) wave colour. (default: #46B751)", valueName: "colour"))
    var frontWave: String?

    @OptionGroup(title: "Progress label and border")
    var label: LabelOptions

    @OptionGroup(title: "Animated progress, fill mapping, reduced motion, more waves")
    var motion: MotionOptions

    /// The settings given as flags on this command line, and only those.
    var explicitSettings: SceneSettings {
        var s = SceneSettings()
        func str(_ k: SceneKey, _ v: String?) { if let v { s.set(k, .string(v)) } }
        func num(_ k: SceneKey, _ v: Double?) { if let v { s.set(k, .number(v)) } }
        str(.size, size); str(.text, text); str(.font, font); num(.fontSize, fontSize); str(.maskImage, maskImage)
        str(.shape, shape); num(.cornerRadius, cornerRadius); str(.path, path); str(.svg, svg); str(.fillRule, fillRule)
        num(.amplitude, amplitude); num(.frequency, frequency); num(.waveWidth, waveWidth); num(.phaseStep, phaseStep)
        num(.phaseSpeed, phaseSpeed); num(.riseFrames, riseFrames.map(Double.init)); num(.riseDuration, riseDuration)
        num(.fps, fps); num(.progress, progress); str(.background, background); str(.container, container)
        str(.backWave, backWave); str(.frontWave, frontWave)
        label.put(into: &s)
        motion.put(into: &s)
        return s
    }

}

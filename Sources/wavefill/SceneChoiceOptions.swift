import ArgumentParser
import WaveFill
import WaveFillApp

/// `--scene` and the flags of the scenes other than the wave fill (kept apart from `SceneOptions`,
/// whose flags they share: `--text`, `--size`, `--fps`, `--font`, `--font-size`, `--background`,
/// `--progress`).
struct SceneChoiceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Which scene: wave, marquee, stroke, spread or morph. (default: the preset's scene, else wave)", valueName: "name"))
    var scene: String?

    @Option(name: .long, help: ArgumentHelp("Text colour (marquee, morph; the fill of stroke; the unselected title of spread). (default: #000000, spread #999999)", valueName: "colour"))
    var textColor: String?

    // Marquee (MarqueeLabel's knobs).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: scroll speed, (0, 1000000] px/s. (default: one period lasts text width x 0.035 s)", valueName: "px/s"))
    var rate: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: seconds per scroll (a period, or one leg of a bounce), (0, 1000000]. (default: from --rate or the text width)", valueName: "s"))
    var scrollDuration: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: width of the fade at each side, 0 ... half the width. (default: 0.026 x width)", valueName: "px"))
    var fadeLength: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: space before the text at rest, 0 ... 1000000 px. (default: 0)", valueName: "px"))
    var leadingBuffer: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: extra space after the text (added to the three spaces between copies), 0 ... 1000000 px. (default: 0)", valueName: "px"))
    var trailingBuffer: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: pause at the start of each loop, 0 ... 1000000 s. (default: 0)", valueName: "s"))
    var delay: Double?
    @Option(name: .long, help: ArgumentHelp("Marquee: left or right. (default: left)", valueName: "direction"))
    var direction: String?
    @Option(name: .long, help: ArgumentHelp("Marquee: continuous or bounce. (default: continuous)", valueName: "type"))
    var scroll: String?
    @Flag(name: .long, help: "Marquee: scroll even text that fits.")
    var forceScroll = false
    @Option(name: .customLong("run"), help: ArgumentHelp("Marquee: one styled run of the caption, TEXT|#COLOUR|SIZE|FONT (colour, size in px and font file optional, e.g. 'Now playing: |#888888' 'Song|#E91E63|28'); repeat for more runs, in order; replaces --text.", valueName: "run"))
    var styledRuns: [String] = []

    // Stroke.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stroke: pen width, (0, 1000]. (default: 2)", valueName: "px"))
    var strokeWidth: Double?
    @Option(name: .long, help: ArgumentHelp("Stroke: pen colour. (default: #000000)", valueName: "colour"))
    var strokeColor: String?
    @Option(name: .long, help: ArgumentHelp("Stroke: miter, round or bevel. (default: round)", valueName: "join"))
    var lineJoin: String?
    @Option(name: .long, help: ArgumentHelp("Stroke: butt, round or square. (default: round)", valueName: "cap"))
    var lineCap: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stroke: longest miter in widths, 1 ... 1000. (default: 10)", valueName: "widths"))
    var miterLimit: Double?

    // Spread.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Spread: select the title at frame F (0 ... 999999999), or never. (default: 0.5 s in, frame 30 at 60 fps)", valueName: "F|never"))
    var selectAt: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Spread: deselect it at frame F (after --select-at), or never. (default: 2 s after --select-at, so 2.5 s in, frame 150 at 60 fps)", valueName: "F|never"))
    var deselectAt: String?

    // Morph.
    @Option(name: .long, help: ArgumentHelp("Morph: the texts to cycle through, comma-separated. (default: Marquee,Stroke,Spread,Morph)", valueName: "A,B,C"))
    var texts: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Morph: seconds between changes, 1.35 ... 1000000. (default: 2)", valueName: "s"))
    var interval: Double?
    @Option(name: .long, help: ArgumentHelp("Morph: fall, scale or evaporate. (default: fall)", valueName: "effect"))
    var effect: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Morph: seed of the random durations and delays, 0 ... 999999999999999. (default: 1)", valueName: "n"))
    var seed: UInt64?

    /// The settings given as these flags, and only those.
    var explicitSettings: SceneSettings {
        var s = SceneSettings()
        func str(_ k: SceneKey, _ v: String?) { if let v { s.set(k, .string(v)) } }
        func num(_ k: SceneKey, _ v: Double?) { if let v { s.set(k, .number(v)) } }
        // A frame number is a number; anything else ("never", or a mistake) is checked by the scene.
        func frame(_ k: SceneKey, _ v: String?) { if let v { Int(v).map { num(k, Double($0)) } ?? str(k, v) } }
        str(.scene, scene); str(.textColor, textColor)
        num(.rate, rate); num(.scrollDuration, scrollDuration); num(.fadeLength, fadeLength)
        num(.leadingBuffer, leadingBuffer); num(.trailingBuffer, trailingBuffer); num(.delay, delay)
        str(.direction, direction); str(.scroll, scroll)
        if forceScroll { s.set(.forceScroll, .bool(true)) }
        if !styledRuns.isEmpty { s.set(.run, .strings(styledRuns)) }
        num(.strokeWidth, strokeWidth); str(.strokeColor, strokeColor); str(.lineJoin, lineJoin); str(.lineCap, lineCap)
        num(.miterLimit, miterLimit)
        frame(.selectAt, selectAt); frame(.deselectAt, deselectAt)
        str(.texts, texts); num(.interval, interval); str(.effect, effect); num(.seed, seed.map { Double($0) })
        return s
    }
}

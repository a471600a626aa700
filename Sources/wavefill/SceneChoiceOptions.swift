import ArgumentParser
import WaveFill

/// `--scene` and the flags of the scenes other than the wave fill (kept apart from `SceneOptions`,
/// whose flags they share: `--text`, `--size`, `--fps`, `--font`, `--font-size`, `--background`,
/// `--progress`).
struct SceneChoiceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Which scene: wave, marquee, stroke, spread or morph.", valueName: "name"))
    var scene: String = "wave"

    @Option(name: .long, help: ArgumentHelp("Text colour (marquee, morph; the fill of stroke; the unselected title of spread). (default: #000000, spread #999999)", valueName: "colour"))
    var textColor: String?

    // Marquee (MarqueeLabel's knobs).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: scroll speed in px/s. (default: one period lasts text width x 0.035 s)", valueName: "px/s"))
    var rate: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: seconds per scroll (a period, or one leg of a bounce).", valueName: "s"))
    var scrollDuration: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: width of the fade at each side, 0 ... half the width. (default: 0.026 x width)", valueName: "px"))
    var fadeLength: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: space before the text at rest. (default: 0)", valueName: "px"))
    var leadingBuffer: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: extra space after the text (added to the three spaces between copies). (default: 0)", valueName: "px"))
    var trailingBuffer: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Marquee: pause at the start of each loop. (default: 0)", valueName: "s"))
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
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stroke: longest miter in widths, >= 1. (default: 10)", valueName: "widths"))
    var miterLimit: Double?

    // Spread.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Spread: select the title at frame F (>= 0). (default: never)", valueName: "F"))
    var selectAt: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Spread: deselect it at frame F (after --select-at). (default: never)", valueName: "F"))
    var deselectAt: Int?

    // Morph.
    @Option(name: .long, help: ArgumentHelp("Morph: the texts to cycle through, comma-separated. (default: Marquee,Stroke,Spread,Morph)", valueName: "A,B,C"))
    var texts: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Morph: seconds between changes, >= 1.35. (default: 3)", valueName: "s"))
    var interval: Double?
    @Option(name: .long, help: ArgumentHelp("Morph: fall, scale or evaporate. (default: fall)", valueName: "effect"))
    var effect: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Morph: seed of the random durations and delays. (default: 1)", valueName: "n"))
    var seed: UInt64?

    /// Parses `--run TEXT|#COLOUR|SIZE|FONT` (all but the text optional; empty fields take the defaults).
    static func styledRun(_ spec: String, color: Color) throws -> MarqueeParameters.Run {
        let parts = spec.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard let text = parts.first, !text.isEmpty else {
            throw ParameterError("--run", "'\(spec)' has no text; expected TEXT|#COLOUR|SIZE|FONT")
        }
        var run = MarqueeParameters.Run(text: text, color: color)
        if parts.count > 1, !parts[1].isEmpty { run.color = try SceneOptions.parseColour(parts[1], flag: "--run") }
        if parts.count > 2, !parts[2].isEmpty {
            guard let size = Double(parts[2]), size.isFinite, size > 0, size <= WaveParameters.maxFontSize else {
                throw ParameterError("--run", "size '\(parts[2])' in '\(spec)' is not a number of px in (0, \(Int(WaveParameters.maxFontSize))]")
            }
            run.size = size
        }
        if parts.count > 3, !parts[3].isEmpty {
            do { run.font = try FontFace(path: parts[3]) } catch { throw ParameterError("--run", "\(error)") }
        }
        return run
    }

    /// The chosen scene, or a one-line error naming `--scene`.
    func kind() throws -> SceneKind {
        guard let k = SceneKind(rawValue: scene) else {
            throw ParameterError("--scene", "'\(scene)' is not a scene; expected one of \(SceneKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return k
    }

    /// The flags given for a scene other than `kind`, as (flag, its scene).
    private func foreignFlags(_ kind: SceneKind, progressGiven: Bool) -> [(String, SceneKind)] {
        let given: [(Bool, String, SceneKind)] = [
            (rate != nil, "--rate", .marquee), (scrollDuration != nil, "--scroll-duration", .marquee),
            (fadeLength != nil, "--fade-length", .marquee), (leadingBuffer != nil, "--leading-buffer", .marquee),
            (trailingBuffer != nil, "--trailing-buffer", .marquee), (delay != nil, "--delay", .marquee),
            (direction != nil, "--direction", .marquee), (scroll != nil, "--scroll", .marquee),
            (forceScroll, "--force-scroll", .marquee), (!styledRuns.isEmpty, "--run", .marquee),
            (strokeWidth != nil, "--stroke-width", .stroke), (strokeColor != nil, "--stroke-color", .stroke),
            (lineJoin != nil, "--line-join", .stroke), (lineCap != nil, "--line-cap", .stroke),
            (miterLimit != nil, "--miter-limit", .stroke),
            (selectAt != nil, "--select-at", .spread), (deselectAt != nil, "--deselect-at", .spread),
            (texts != nil, "--texts", .morph), (interval != nil, "--interval", .morph), (effect != nil, "--effect", .morph),
            (seed != nil, "--seed", .morph),
        ]
        var out = given.filter { $0.0 && $0.2 != kind }.map { ($0.1, $0.2) }
        if progressGiven && kind != .stroke && kind != .wave { out.append(("--progress", .stroke)) }
        if textColor != nil && kind == .wave { out.append(("--text-color", .marquee)) }
        return out
    }

    /// The layer scene these flags describe, or nil for `--scene wave` (rendered by WaveFill as before).
    /// Throws a `ParameterError` naming the first bad flag; nothing is written before this returns.
    func makeLayerScene(common: SceneOptions) throws -> (scene: any Scene, fps: Double)? {
        let kind = try kind()
        if let (flag, owner) = foreignFlags(kind, progressGiven: common.progress != nil).first {
            let owners = flag == "--progress" ? "wave or stroke" : owner.rawValue
            throw ParameterError(flag, "applies to --scene \(owners) only (the scene is \(kind.rawValue))")
        }
        guard kind != .wave else { return nil }
        let wave = try common.parameters()        // --size, --fps, --font-size, --progress, --text checked as for the wave
        let canvas = SceneCanvas(width: wave.width, height: wave.height,
                                 background: wave.background,
                                 fontSize: wave.fontSize)
        let fontPath = SceneOptions.resolveFont(wave.fontPath)
        let face: FontFace
        do { face = try FontFace(path: fontPath) } catch { throw ParameterError("--font", "\(error)") }
        let color = try textColor.map { try SceneOptions.parseColour($0, flag: "--text-color") }
        let scene: any Scene
        switch kind {
        case .wave:
            return nil
        case .marquee:
            var p = MarqueeParameters()
            p.runs = styledRuns.isEmpty ? [.init(text: wave.text, color: color ?? .black)]
                : try styledRuns.map { try Self.styledRun($0, color: color ?? .black) }
            p.rate = rate; p.scrollDuration = scrollDuration; p.fadeLength = fadeLength
            p.leadingBuffer = leadingBuffer ?? 0; p.trailingBuffer = trailingBuffer ?? 0; p.delay = delay ?? 0
            p.direction = try Self.choice(direction, "--direction", default: .left)
            p.scroll = try Self.choice(scroll, "--scroll", default: .continuous)
            p.forceScroll = forceScroll
            scene = try MarqueeScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .stroke:
            var p = StrokeParameters()
            p.text = wave.text; p.progress = wave.progress
            if let color { p.fillColor = color }
            if let strokeWidth { p.lineWidth = strokeWidth }
            if let strokeColor { p.strokeColor = try SceneOptions.parseColour(strokeColor, flag: "--stroke-color") }
            p.lineJoin = try Self.choice(lineJoin, "--line-join", default: p.lineJoin)
            p.lineCap = try Self.choice(lineCap, "--line-cap", default: p.lineCap)
            if let miterLimit { p.miterLimit = miterLimit }
            scene = try StrokeScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .spread:
            var p = SpreadParameters()
            p.text = wave.text
            if let color { p.textColor = color }
            for (flag, frame) in [("--select-at", selectAt), ("--deselect-at", deselectAt)] {
                if let frame, frame < 0 { throw ParameterError(flag, "\(frame) is negative; expected a frame number >= 0") }
            }
            p.selectAt = selectAt.map { Double($0) / wave.fps }
            p.deselectAt = deselectAt.map { Double($0) / wave.fps }
            scene = try SpreadScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .morph:
            var p = MorphParameters()
            if let texts { p.texts = texts.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            if let interval { p.interval = interval }
            p.effect = try Self.choice(effect, "--effect", default: .fall)
            if let seed { p.seed = seed }
            if let color { p.color = color }
            scene = try MorphScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        }
        return (scene, wave.fps)
    }

    /// One of an enum's names, or a one-line error listing them.
    static func choice<E: RawRepresentable & CaseIterable>(_ value: String?, _ flag: String, default d: E) throws -> E
        where E.RawValue == String {
        guard let value else { return d }
        guard let v = E(rawValue: value) else {
            throw ParameterError(flag, "'\(value)' is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }
}

import SceneKit
import Text
import Geometry
import Raster
import Vector

/// What a layer scene's settings write before it is made: the canvas and text every scene has, the
/// text colour, and the scene's own parameters.
public struct LayerSceneSetup<Parameters: Sendable>: Sendable {
    public var basics = SceneBasics()
    public var textColor: Color?
    public var parameters: Parameters
    /// Settings read before the parameters can be made (the marquee's styled runs, the spread's frames).
    public var extra: [String: SettingValue] = [:]

    public init(_ parameters: Parameters) { self.parameters = parameters }

    /// The canvas of the basics.
    public var canvas: SceneCanvas {
        SceneCanvas(width: basics.width, height: basics.height, background: basics.background, fontSize: basics.fontSize)
    }

    /// `make` with the basics' font, text errors reported under `textKey`.
    func scene<S: Scene>(textKey: String = "text", _ make: (SceneCanvas, FontFace) throws -> S) throws -> any Scene {
        let face = try FontLocator.face(basics.fontPath)
        do { return try make(canvas, face) } catch let e as TextError { throw e.settingError(textKey: textKey) }
    }
}

extension LayerSceneSetup {
    typealias S = Setting<LayerSceneSetup>
    typealias D = SettingDeclaration

    /// The settings every layer scene has: the basics (with this scene's text default, or none), and
    /// the text colour.
    static func common(text: (String, String)?, textColor: Color = .black, textColorHelp: String = "Text colour.",
                       textWhen: SettingCondition? = nil) -> [S] {
        let basics = SceneBasics.settings.compactMap { s -> S? in
            let lifted = s.lifted(\LayerSceneSetup.basics)
            if s.declaration.key == "text-file" { return text == nil ? nil : lifted.with(when: textWhen.map { .all([.isUnset("text"), $0]) }) }
            guard s.declaration.key == "text" else { return lifted }
            guard let (value, help) = text else { return nil }
            return lifted.with(default: .value(.string(value)), help: help, when: textWhen)
        }
        return basics + [
            .colour(D("text-color", .colour, default: .value(.string(textColor.hex)), help: textColorHelp, group: .colours)) { $0.textColor = $1 },
        ]
    }

    /// A setting kept aside until the scene is made.
    static func extra(_ d: SettingDeclaration) -> S {
        S(d) { p, v in p.extra[d.key] = v }
    }
}

extension MarqueeScene {
    /// The marquee's settings, each declared once.
    public static let definition = DeclaredScene<LayerSceneSetup<MarqueeParameters>>(
        name: MarqueeModel.kind,
        summary: "A caption scrolling through a faded window, as MarqueeLabel does.",
        loopHint: ", or a --scroll-duration (plus --delay) or --fps that makes it whole",
        controls: MarqueeModel.controls,
        settings: settings,
        initial: { LayerSceneSetup(MarqueeParameters()) },
        make: { s in
            var p = s.parameters
            let color = s.textColor ?? .black
            if case .strings(let runs)? = s.extra["run"], !runs.isEmpty {
                p.runs = try runs.map { try styledRun($0, color: color) }
            } else {
                p.runs = [.init(text: s.basics.text ?? MarqueeParameters.defaultCaption, color: color, colourSetting: "text-color")]
            }
            // The document's speed gives a period that is seldom whole frames; unless a speed or a
            // duration was asked for, the scroll is rounded to whole frames so the loop exports exactly.
            p.wholeFramesAt = s.basics.fps
            do {
                return try s.scene { try MarqueeScene(canvas: $0, parameters: p, face: $1, fps: s.basics.fps) }
            } catch let e as SettingError where e.key == "text" && s.extra["run"] != nil {
                throw SettingError("run", e.message)        // the caption came from --run
            }
        })

    static let settings: [Setting<LayerSceneSetup<MarqueeParameters>>] = {
        typealias L = LayerSceneSetup<MarqueeParameters>
        typealias D = SettingDeclaration
        let d = MarqueeParameters()
        return L.common(text: (MarqueeParameters.defaultCaption, "The caption."), textWhen: .isUnset("run")) + [
            L.extra(D("run", .list, default: .off("one run of --text"),
                      help: "One styled run of the caption, TEXT|#COLOUR|SIZE|FONT (colour, size in px and font file optional, e.g. 'Now playing: |#888888' 'Song|#E91E63|28'); repeat for more runs, in order; replaces --text.",
                      group: .text, valueName: "run")),
            .number(D("rate", .number, unit: "px/s", hard: 0 ... 1_000_000, hardText: "(0, 1000000] px/s", soft: 5 ... 600, step: 1, decimals: 3,
                      default: .derived("one scroll lasts 7 s"), help: "Scroll speed.", group: .scroll)) { $0.parameters.rate = $1 },
            .number(D("scroll-duration", .number, unit: "s", hard: SceneLimits.seconds, hardText: "(0, 1000000] s", soft: 0.5 ... 60, step: 0.1, decimals: 3,
                      default: .derived("from --rate, or 7 s"),
                      help: "Seconds per scroll (a period of the continuous types, one leg of the others).", group: .scroll)) { $0.parameters.scrollDuration = $1 },
            .number(D("fade-length", .number, unit: "px", hard: 0 ... Double(SceneLimits.maxCanvasSide) / 2, hardText: "0 ... half the width",
                      soft: 0 ... 100, step: 0.5, default: .derived("0.026 x width"), help: "Width of the fade at each side.",
                      group: .scroll)) { $0.parameters.fadeLength = $1 },
            .number(D("leading-buffer", .number, unit: "px", hard: SceneLimits.length, soft: 0 ... 400, step: 1,
                      default: .value(.number(d.leadingBuffer)), help: "Space before the text at rest.", group: .scroll)) { $0.parameters.leadingBuffer = $1 },
            .number(D("trailing-buffer", .number, unit: "px", hard: SceneLimits.length, soft: 0 ... 400, step: 1,
                      default: .value(.number(d.trailingBuffer)),
                      help: "Extra space after the text (added to the three spaces between copies).", group: .scroll)) { $0.parameters.trailingBuffer = $1 },
            .number(D("delay", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 10, step: 0.1, decimals: 3,
                      default: .value(.number(d.delay)), help: "Pause at the start of each loop, and at the far end of the types that stop there.", group: .scroll)) { $0.parameters.delay = $1 },
            .choice(D("direction", .choice(choiceNames(MarqueeDirection.self)), default: .value(.string(d.direction.rawValue)),
                      help: "Which way the text moves first, for --scroll continuous and bounce (the other types say it).",
                      group: .scroll), MarqueeDirection.self) { $0.parameters.direction = $1 },
            .choice(D("scroll", .choice(choiceNames(MarqueeScroll.self)), default: .value(.string(d.scroll.rawValue)),
                      help: "MarqueeLabel's types: continuous (copies one after another, left) or continuous-reverse (right); left or right (scroll once, rest, jump back); left-right or right-left (there and back); bounce (left-right, or right-left with --direction right).",
                      group: .scroll, valueName: "type"),
                    MarqueeScroll.self) { $0.parameters.scroll = $1 },
            .text(D("easing", .choiceOrText(Easing.names), default: .value(.string(d.easing)),
                    help: "The curve of each scroll: a name or cubic-bezier(a,b,c,d) with a and c in 0 ... 1, b and d in -10 ... 10.",
                    group: .scroll, valueName: "curve")) { $0.parameters.easing = $1 },
            .choice(D("text-align", .choice(choiceNames(MarqueeAlignment.self)), default: .value(.string(d.alignment.rawValue)),
                      help: "Where text that fits (and so stands still) is placed.", group: .scroll),
                    MarqueeAlignment.self) { $0.parameters.alignment = $1 },
            .toggle(D("force-scroll", .toggle, default: .value(.bool(false)), help: "Scroll even text that fits.", group: .scroll)) { $0.parameters.forceScroll = $1 },
        ]
    }()

    /// A styled run `TEXT|#COLOUR|SIZE|FONT` (all but the text optional; empty fields take the defaults).
    static func styledRun(_ spec: String, color: Color) throws -> MarqueeParameters.Run {
        let parts = spec.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        let shown = SettingDeclaration.clip(spec)
        guard let text = parts.first, !text.isEmpty else {
            throw SettingError("run", "'\(shown)' has no text; expected TEXT|#COLOUR|SIZE|FONT")
        }
        var run = MarqueeParameters.Run(text: text, color: color, colourSetting: "text-color")
        if parts.count > 1, !parts[1].isEmpty {
            guard parts[1].hasPrefix("#"), let c = Color(hex: parts[1]) else {
                throw SettingError("run", "'\(SettingDeclaration.clip(parts[1]))' is not a colour; expected #RRGGBB or #RRGGBBAA")
            }
            run.color = c
            run.colourSetting = nil
        }
        if parts.count > 2, !parts[2].isEmpty {
            guard let size = SettingDeclaration.decimal(parts[2]), size > 0, size <= SceneLimits.maxFontSize else {
                throw SettingError("run", "size '\(SettingDeclaration.clip(parts[2]))' in '\(shown)' is not a number of px in (0, \(Int(SceneLimits.maxFontSize))]")
            }
            run.size = size
        }
        if parts.count > 3, !parts[3].isEmpty {
            do { run.font = try FontFace(path: parts[3]) } catch { throw SettingError("run", "\(error)") }
        }
        return run
    }
}

extension StrokeScene {
    /// The stroke's settings, each declared once.
    public static let definition = DeclaredScene<LayerSceneSetup<StrokeParameters>>(
        name: StrokeModel.kind,
        summary: "Glyph outlines drawn by a pen, then filled, as a CoreText stroke animation.",
        controls: StrokeModel.controls,
        settings: settings,
        initial: { LayerSceneSetup(StrokeParameters()) },
        make: { s in
            var p = s.parameters
            if let t = s.basics.text { p.text = t }
            if let c = s.textColor { p.fillColor = c }
            return try s.scene { try StrokeScene(canvas: $0, parameters: p, face: $1, fps: s.basics.fps) }
        })

    static let settings: [Setting<LayerSceneSetup<StrokeParameters>>] = {
        typealias L = LayerSceneSetup<StrokeParameters>
        typealias D = SettingDeclaration
        let d = StrokeParameters()
        return L.common(text: (d.text, "The title the pen draws; newlines separate paragraphs, drawn in reading order."),
                        textColorHelp: "The fill colour once the outline is drawn.")
            + ParagraphStyle.settings.map { $0.lifted(\L.parameters.paragraph) } + [
            .number(D("progress", .number, hard: 0 ... 1, step: 0.01, decimals: 3, default: .off("the timeline playing"),
                      help: "A fixed point of the timeline P instead of playing it.", group: .pen, valueName: "P")) { $0.parameters.progress = $1 },
            .number(D("stroke-width", .number, unit: "px", hard: 0 ... 1000, hardText: "(0, 1000] px", soft: 0.1 ... 20, step: 0.1,
                      default: .value(.number(d.lineWidth)), help: "Pen width.", group: .pen)) { $0.parameters.lineWidth = $1 },
            .colour(D("stroke-color", .colour, default: .value(.string(d.strokeColor.hex)), help: "Pen colour.", group: .colours)) { $0.parameters.strokeColor = $1 },
            .choice(D("line-join", .choice(choiceNames(LineJoin.self)), default: .value(.string(d.lineJoin.rawValue)),
                      help: "How the pen turns corners.", group: .pen, valueName: "join"), LineJoin.self) { $0.parameters.lineJoin = $1 },
            .choice(D("line-cap", .choice(choiceNames(LineCap.self)), default: .value(.string(d.lineCap.rawValue)),
                      help: "How the pen ends open lines.", group: .pen, valueName: "cap"), LineCap.self) { $0.parameters.lineCap = $1 },
            .number(D("miter-limit", .number, unit: "widths", hard: 1 ... 1000, soft: 1 ... 20, step: 0.5,
                      default: .value(.number(d.miterLimit)), help: "Longest miter, in pen widths.", group: .pen,
                      when: .equals("line-join", [LineJoin.miter.rawValue]))) { $0.parameters.miterLimit = $1 },
            .number(D("stroke-duration", .number, unit: "s", hard: SceneLimits.seconds, hardText: "(0, 1000000] s", soft: 0.2 ... 20,
                      step: 0.1, decimals: 3, default: .value(.number(d.drawDuration)),
                      help: "Seconds the pen takes to draw the text (each glyph's pen, with --glyph-stagger).", group: .pen)) { $0.parameters.drawDuration = $1 },
            .number(D("fill-duration", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 10, step: 0.1, decimals: 3,
                      default: .value(.number(d.fillDuration)), help: "Seconds the fill then takes to fade in.", group: .pen)) { $0.parameters.fillDuration = $1 },
            .text(D("easing", .choiceOrText(Easing.names), default: .value(.string(d.easing)),
                    help: "The pen's pace: a name or cubic-bezier(a,b,c,d) with a and c in 0 ... 1, b and d in -10 ... 10.",
                    group: .pen, valueName: "curve")) { $0.parameters.easing = $1 },
            .number(D("glyph-stagger", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 2, step: 0.05, decimals: 3,
                      default: .off("one pen along the whole text"),
                      help: "A pen per glyph, each starting S after the previous one's start (0: all at once).", group: .pen)) { $0.parameters.glyphStagger = $1 },
            .number(D("pen-tip", .number, unit: "px", hard: 0 ... 1000, hardText: "(0, 1000] px", soft: 1 ... 40, step: 0.5,
                      default: .off("no tip"), help: "A dot this wide in the pen's colour riding the end of the stroke while it draws.",
                      group: .pen)) { $0.parameters.penTip = $1 },
        ]
    }()
}

extension SpreadScene {
    /// The spread's settings, each declared once.
    public static let definition = DeclaredScene<LayerSceneSetup<SpreadParameters>>(
        name: SpreadModel.kind,
        summary: "A tab title that fills with colour when selected, or shimmers as Facebook Shimmer does.",
        loopHint: ", or a --shimmer-speed or --shimmer-pause that makes it whole",
        controls: SpreadModel.controls,
        settings: settings,
        initial: { LayerSceneSetup(SpreadParameters()) },
        make: { s in
            var p = s.parameters
            if let t = s.basics.text { p.text = t }
            if let c = s.textColor { p.textColor = c }
            let fps = s.basics.fps
            func time(_ v: SettingValue?) -> Double?? {
                switch v {
                case .number(let f)?: return .some(f / fps)
                case .string("never")?: return .some(nil)
                default: return nil
                }
            }
            let select = time(s.extra["select-at"]), deselect = time(s.extra["deselect-at"])
            if case .bool(true)? = s.extra["shimmer"] {
                if p.shimmer == nil { p.shimmer = Shimmer() }
                p.wholeFramesAt = fps
                // A shimmering title is selected only when asked.
                if select == nil { p.selectAt = nil; p.deselectAt = nil }
            } else {
                p.shimmer = nil
            }
            if let select {
                p.selectAt = select
                // Without its own deselect, a title selected at another time deselects 2 s later.
                if deselect == nil { p.deselectAt = select.map { $0 + SpreadParameters.defaultHold } }
            }
            if let deselect { p.deselectAt = deselect }
            return try s.scene { try SpreadScene(canvas: $0, parameters: p, face: $1, fps: fps) }
        })

    static let settings: [Setting<LayerSceneSetup<SpreadParameters>>] = {
        typealias L = LayerSceneSetup<SpreadParameters>
        typealias D = SettingDeclaration
        let d = SpreadParameters(), sh = Shimmer()
        /// A shimmer number, written into the shimmer (made when first written).
        func shimmer(_ decl: D, _ write: @escaping @Sendable (inout Shimmer, Double) -> Void) -> Setting<L> {
            .number(decl) { p, v in var x = p.parameters.shimmer ?? Shimmer(); write(&x, v); p.parameters.shimmer = x }
        }
        return L.common(text: (d.text, "The tab title; newlines separate paragraphs."), textColor: d.textColor,
                        textColorHelp: "The unselected title's colour.")
            + ParagraphStyle.settings.map { $0.lifted(\L.parameters.paragraph) } + [
            L.extra(D("select-at", .frameOrNever, unit: "frame", default: .derived("0.5 s in (frame 30 at 60 fps)"),
                      help: "Select the title at frame F, or never.", group: .selection)),
            L.extra(D("deselect-at", .frameOrNever, unit: "frame", default: .derived("2 s after --select-at"),
                      help: "Deselect it at frame F (after --select-at), or never.", group: .selection)),
            L.extra(D("shimmer", .toggle, default: .value(.bool(false)),
                      help: "Loop Facebook Shimmer's highlight sweep over the title (not selected unless --select-at says so).",
                      group: .shimmer)),
            shimmer(D("shimmer-speed", .number, unit: "px/s", hard: 0 ... 100_000, hardText: "(0, 100000] px/s", soft: 10 ... 1000,
                      step: 1, default: .value(.number(sh.speed)), help: "How fast the band sweeps.", group: .shimmer, when: .isSet("shimmer"))) { $0.speed = $1 },
            shimmer(D("shimmer-pause", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 5, step: 0.05, decimals: 3,
                      default: .value(.number(sh.pause)), help: "Rest between sweeps.", group: .shimmer, when: .isSet("shimmer"))) { $0.pause = $1 },
            shimmer(D("highlight-length", .number, hard: 0 ... 1, hardText: "(0, 1]", soft: 0.05 ... 1, step: 0.01,
                      default: .value(.number(sh.length)), help: "The band's length, a fraction of the title's extent along the sweep.",
                      group: .shimmer, when: .isSet("shimmer"))) { $0.length = $1 },
            .choice(D("shimmer-direction", .choice(choiceNames(ShimmerDirection.self)), default: .value(.string(sh.direction.rawValue)),
                      help: "Which way the band sweeps.", group: .shimmer, when: .isSet("shimmer")), ShimmerDirection.self) {
                var x = $0.parameters.shimmer ?? Shimmer(); x.direction = $1; $0.parameters.shimmer = x
            },
            shimmer(D("shimmer-opacity", .number, hard: 0 ... 1, step: 0.01, default: .value(.number(sh.baseOpacity)),
                      help: "The title's opacity outside the band.", group: .shimmer, when: .isSet("shimmer"))) { $0.baseOpacity = $1 },
            shimmer(D("highlight-opacity", .number, hard: 0 ... 1, step: 0.01, default: .value(.number(sh.highlightOpacity)),
                      help: "The band's opacity at its middle.", group: .shimmer, when: .isSet("shimmer"))) { $0.highlightOpacity = $1 },
            shimmer(D("shimmer-begin-fade", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 2, step: 0.05, decimals: 3,
                      default: .value(.number(sh.beginFade)), help: "Seconds the band fades in at the start of each sweep.",
                      group: .shimmer, when: .isSet("shimmer"))) { $0.beginFade = $1 },
            shimmer(D("shimmer-end-fade", .number, unit: "s", hard: SceneLimits.seconds, soft: 0 ... 2, step: 0.05, decimals: 3,
                      default: .value(.number(sh.endFade)), help: "Seconds the band fades out at the end of each sweep.",
                      group: .shimmer, when: .isSet("shimmer"))) { $0.endFade = $1 },
            .colour(D("shimmer-color", .colour, default: .derived("the text colour"), help: "The band's colour.", group: .colours,
                      when: .isSet("shimmer"))) { var x = $0.parameters.shimmer ?? Shimmer(); x.color = $1; $0.parameters.shimmer = x },
        ]
    }()
}

extension MorphScene {
    /// The morph's settings, each declared once.
    public static let definition = DeclaredScene<LayerSceneSetup<MorphParameters>>(
        name: MorphModel.kind,
        summary: "A label whose characters morph from text to text, as LTMorphingLabel does.",
        loopHint: ", or an --interval or --fps that makes it whole",
        controls: MorphModel.controls,
        settings: settings,
        initial: { LayerSceneSetup(MorphParameters()) },
        make: { s in
            var p = s.parameters
            if let c = s.textColor { p.color = c }
            return try s.scene(textKey: "texts") { try MorphScene(canvas: $0, parameters: p, face: $1, fps: s.basics.fps) }
        })

    static let settings: [Setting<LayerSceneSetup<MorphParameters>>] = {
        typealias L = LayerSceneSetup<MorphParameters>
        typealias D = SettingDeclaration
        let d = MorphParameters()
        let shortest = (d.longestAnimation * 100).rounded(.up) / 100
        return L.common(text: nil) + ParagraphStyle.settings.map { $0.lifted(\L.parameters.paragraph) } + [
            .text(D("texts", .text, default: .value(.string(d.texts.joined(separator: ","))),
                    help: "The texts to cycle through, comma-separated; a newline in one makes it several lines.", group: .text, valueName: "A,B,C")) {
                $0.parameters.texts = $1.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            },
            .number(D("interval", .number, unit: "s", hard: 0.001 ... SceneLimits.seconds.upperBound,
                      hardText: "the longest character animation (\(DecimalText.shortest((d.longestAnimation * 1e9).rounded() / 1e9)) s by default) ... \(Int(SceneLimits.seconds.upperBound)) s", soft: shortest ... 10,
                      step: 0.05, default: .value(.number(d.interval)), help: "Seconds between changes (at least the longest character animation).",
                      group: .morph)) { $0.parameters.interval = $1 },
            .choice(D("effect", .choice(choiceNames(MorphEffect.self)), default: .value(.string(d.effect.rawValue)),
                      help: "How the characters change (LTMorphingLabel's effects; sparkle, burn and anvil add particles).", group: .morph),
                    MorphEffect.self) { $0.parameters.effect = $1 },
            .number(D("morph-duration", .number, unit: "s", hard: 0.01 ... 100, soft: 0.1 ... 3, step: 0.05, decimals: 3,
                      default: .value(.number(MorphParameters.documentDuration)),
                      help: "Mean seconds a character's animation lasts; each lasts 0.47 ... 1.53 times it, drawn from --seed.",
                      group: .morph)) { $0.parameters.durationRange = MorphParameters.durations(around: $1) },
            .number(D("char-delay", .number, unit: "s", hard: 0 ... 100, soft: 0 ... 1, step: 0.01, decimals: 3,
                      default: .value(.number(d.delayRange.upperBound)),
                      help: "Longest delay of a character's start after a change; each is drawn from 0 ... it by --seed.",
                      group: .morph)) { $0.parameters.delayRange = 0 ... $1 },
            .integer(D("seed", .integer, hard: 0 ... 999_999_999_999_999, soft: 0 ... 1000,
                       default: .value(.number(Double(d.seed))), help: "Seed of the random durations and delays.", group: .morph)) {
                $0.parameters.seed = UInt64($1)
            },
        ]
    }()
}

import SceneKit
import Text
import Geometry
import Raster
import Vector
import Export

/// What the wave's settings write before the scene is made: its parameters, the canvas and text
/// shared by every scene, the container as given, and the stack's size and edits.
public struct WaveSetup: Sendable {
    public var basics = SceneBasics()
    public var wave = WaveParameters()
    public var maskImage: String?
    public var shape: ContainerShape?
    public var cornerRadius: Double?
    public var shapeDirection: ShapeDirection?
    public var path: String?
    public var svg: String?
    public var fillRule: FillRule?
    public var waveCount: Int?
    /// Wrapping, alignment, line height and direction of a text container.
    public var paragraph = ParagraphStyle()
    public var waveEdits: [String] = []

    public init() {}

    /// The largest SVG file read for `svg`.
    public static let maxSVGBytes = 16 << 20
    /// What a second container source is told.
    static let oneContainer = "give exactly one container (text, --mask-image, --shape, --path or --svg)"

    /// The parameters with the canvas, text and stack applied, validated.
    public func parameters() throws -> WaveParameters {
        var p = wave
        p.width = basics.width; p.height = basics.height; p.fps = basics.fps; p.background = basics.background
        if let t = basics.text { p.text = t }
        p.fontPath = basics.fontPath
        p.fontSize = basics.fontSize
        if let n = waveCount {
            var stack = WaveSpec.stack(n, back: p.backWave, front: p.frontWave)
            for e in waveEdits { try WaveSpec.apply(e, to: &stack) }
            p.waves = stack
        }
        try p.validate()
        return p
    }

    /// The container the settings give: text (the default), or exactly one of a mask image, a shape,
    /// path data or an SVG file.
    public func source(_ p: WaveParameters) throws -> ContainerSource {
        let given = [("mask-image", maskImage != nil), ("shape", shape != nil), ("path", path != nil), ("svg", svg != nil)]
            .filter(\.1).map(\.0)
        if given.count > 1 { throw SettingError(given[1], "cannot be combined with --\(given[0]); \(Self.oneContainer)") }
        if cornerRadius != nil, shape != .roundedRect { throw SettingError("corner-radius", "goes with --shape rounded-rect") }
        if fillRule != nil, path == nil {
            throw SettingError("fill-rule", "goes with --path (--svg takes the rule from the file; text is non-zero)")
        }
        if let shape { return .outline(try ContainerOutline(shape: shape, cornerRadius: cornerRadius, direction: shapeDirection ?? .up)) }
        if let path {
            do { return .outline(ContainerOutline(path: try Path(svgPathData: path), rule: fillRule ?? .nonZero, key: "path")) }
            catch let e as SVGPathDataError { throw SettingError("path", "malformed path data \(e)") }
        }
        if let svg {
            let bytes = try SmallFile.read(svg, key: "svg", limit: Self.maxSVGBytes, what: "expected a small SVG of shapes")
            do {
                let shapes = try SVGShapes(text: String(decoding: bytes, as: UTF8.self))
                return .outline(ContainerOutline(svg: shapes, file: SettingDeclaration.clip(svg)))
            } catch let e as SVGShapesError {
                throw SettingError("svg", "'\(SettingDeclaration.clip(svg))': \(e.message)")
            }
        }
        if let maskImage {
            let img: (width: Int, height: Int, rgba: [UInt8])
            do { img = try PNGFile.readStraightRGBA(maskImage, maxSide: SceneLimits.maxCanvasSide) } catch {
                throw SettingError("mask-image", "\(error); expected a PNG file")
            }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            return .mask(MaskImage(width: img.width, height: img.height, alpha: alpha))
        }
        let face = try FontLocator.face(p.fontPath)
        do { return .text(try TextShaper(text: p.text, face: face, style: paragraph)) } catch let e as TextError { throw e.settingError() }
    }

    /// The indicator these settings describe.
    public func makeIndicator() throws -> WaveIndicator {
        let p = try parameters()
        let source = try source(p)
        var q = p
        if case .text = source { q.fontPath = try FontLocator.fontFile(p.fontPath) }
        do { return try WaveIndicator(parameters: q, source: source) } catch let e as TextError { throw e.settingError() }
    }
}

extension WaveIndicator {
    /// The wave fill's settings, each declared once.
    public static let definition = DeclaredScene<WaveSetup>(
        name: "wave",
        summary: "Text (or a shape, path, SVG or image) filling with a sine and a cosine wave.",
        loopHint: ", or a --phase-speed and --rise-duration whose periods are commensurate",
        controls: keys,
        settings: settings,
        initial: { WaveSetup() },
        make: { try $0.makeIndicator() })

    /// Not text: a container other than text is given.
    static let textContainer: SettingCondition = .all([.isUnset("mask-image"), .isUnset("shape"), .isUnset("path"), .isUnset("svg")])

    static let settings: [Setting<WaveSetup>] = {
        typealias S = Setting<WaveSetup>
        typealias D = SettingDeclaration
        let d = WaveParameters()
        func colour(_ c: Color) -> SettingDefault { .value(.string(c.hex)) }
        func number(_ v: Double) -> SettingDefault { .value(.number(v)) }
        let basics = SceneBasics.settings.map { $0.lifted(\WaveSetup.basics) }.map { s -> S in
            switch s.declaration.key {
            case "text":
                return s.with(default: .value(.string(d.text)), help: "The container's text; every character must be in the font.",
                              when: textContainer)
            case "font", "font-size": return s.with(when: textContainer)
            case "text-file": return s.with(when: .all([.isUnset("text"), .isUnset("mask-image"), .isUnset("shape"), .isUnset("path"), .isUnset("svg")]))
            default: return s
            }
        } + ParagraphStyle.settings.map { $0.lifted(\WaveSetup.paragraph).with(when: textContainer) }
        let container: [S] = [
            .text(D("mask-image", .file(.image), default: .off("text"),
                    help: "Use this PNG's alpha as the container instead of text, placed and scaled like the ink box.",
                    group: .container)) { $0.maskImage = $1 },
            .choice(D("shape", .choice(choiceNames(ContainerShape.self)), default: .off("text"),
                      help: "Use a built-in shape as the container instead of text.", group: .container),
                    ContainerShape.self) { $0.shape = $1 },
            .number(D("corner-radius", .number, hard: 0 ... ContainerShape.maxCornerRadius, step: 0.5,
                      default: number(ContainerShape.defaultCornerRadius),
                      help: "Corner radius of the rounded rect, in units of the 100 x 100 shape (before scaling).",
                      group: .container, when: .equals("shape", [ContainerShape.roundedRect.rawValue]), valueName: "r")) { $0.cornerRadius = $1 },
            .choice(D("shape-direction", .choice(choiceNames(ShapeDirection.self)), default: .value(.string(ShapeDirection.up.rawValue)),
                      help: "Which way the triangle or the arrow points.", group: .container,
                      when: .equals("shape", [ContainerShape.triangle.rawValue, ContainerShape.arrow.rawValue]), valueName: "way"),
                    ShapeDirection.self) { $0.shapeDirection = $1 },
            .text(D("path", .text, default: .off("text"),
                    help: "Use SVG path data (M L H V C S Q T A Z) as the container instead of text.",
                    group: .container, valueName: "data")) { $0.path = $1 },
            .text(D("svg", .file(.svg), default: .off("text"),
                    help: "Use an SVG file's shapes as the container: each element filled under its own fill rule, the container their union (transforms, <style>, <use>, nested <svg>, display and visibility read per SVG; images and text refused).",
                    group: .container)) { $0.svg = $1 },
            .text(D("center", .text, default: .off("the canvas's centre"),
                    help: "The container's centre X,Y, each in px or % of the canvas's width and height (50%,50% is the middle).",
                    group: .container, valueName: "X,Y")) { p, v in
                let (x, y) = try ContainerPlacement.center(v)
                p.wave.placement.centerX = x; p.wave.placement.centerY = y
            },
            S(D("radius", .numberOrPercent(of: "the canvas's smaller side"), unit: "px", hard: 0.01 ... ContainerPlacement.maxPixels,
                soft: 10 ... 1000, step: 1, default: .off("80 % of the canvas"),
                help: "Half the side of the square the container is fitted to, in px or % of the canvas's smaller side.",
                group: .container, valueName: "R")) { p, v in
                switch v {
                case .number(let px): p.wave.placement.radius = CanvasLength(px)
                case .string(let s): p.wave.placement.radius = Double(s.dropLast()).map { CanvasLength($0, percent: true) }
                default: break
                }
            },
            .choice(D("fit", .choice(choiceNames(ContainerPlacement.Fit.self)), default: .value(.string(ContainerPlacement.Fit.contain.rawValue)),
                      help: "How the container fills its box: contain (aspect kept), fill (stretched to the box) or none (unscaled: a shape 100 px, an image 1:1).",
                      group: .container), ContainerPlacement.Fit.self) { $0.wave.placement.fit = $1 },
            .text(D("fill-rule", .choice(["nonzero", "evenodd"]), default: .value(.string("nonzero")),
                    help: "Fill rule of --path.", group: .container, when: .isSet("path"), valueName: "rule")) {
                $0.fillRule = $1 == "evenodd" ? .evenOdd : .nonZero
            },
        ]
        let waves: [S] = [
            S(D("amplitude", .numberOrPercent(of: "the ink height"), unit: "px", hard: WaveParameters.amplitudeRange, soft: 0 ... 120, step: 0.5,
                default: .derived("0.15 x ink height"), help: "Wave amplitude A, in px or as a share of the ink height (8%).", group: .waves)) { p, v in
                switch v {
                case .number(let px): p.wave.amplitude = px
                case .string(let s): p.wave.amplitudePercent = Double(s.dropLast())
                default: break
                }
            },
            .number(D("frequency", .number, hard: WaveParameters.frequencyRange,
                      hardText: "0, or \(DecimalText.shortest(WaveParameters.minFrequency)) ... \(DecimalText.shortest(WaveParameters.frequencyRange.upperBound))",
                      soft: 0 ... 3, step: 0.01, decimals: 3, default: number(d.frequency),
                      help: "Wave frequency f, periods per wave width.", group: .waves, valueName: "f")) { $0.wave.frequency = $1 },
            .number(D("wave-width", .number, unit: "px", hard: WaveParameters.waveWidthRange, soft: 10 ... 2000, step: 1,
                      default: .derived("the ink width"), help: "Wave width w.", group: .waves)) { $0.wave.waveWidth = $1 },
            .integer(D("waves", .integer, hard: Double(WaveSpec.countRange.lowerBound) ... Double(WaveSpec.countRange.upperBound),
                       default: .off("the classic pair"),
                       help: "Draw a stack of N waves back to front: colours from --back-wave to --front-wave, phase offsets 90 degrees apart (2 is the classic pair).",
                       group: .waves, valueName: "N")) { $0.waveCount = $1 },
            .list(D("wave", .list, default: .off("the stack's defaults"),
                    help: "Edit wave K of the stack (1 the back one), repeatable: K:key=value,... with color, amplitude (px), frequency, phase (deg offset, -360 ... 360), speed (x the phase speed, 0 ... 16), direction (left or right) and level (0 ... 1: where the wave rests when the main level rests; transitions move it in proportion).",
                    group: .waves, when: .isSet("waves"), valueName: "K:key=value,...")) { $0.waveEdits = $1 },
        ]
        let motion: [S] = [
            .number(D("phase-step", .number, unit: "deg", hard: WaveParameters.phaseStepRange, soft: -30 ... 30, step: 0.5,
                      default: number(d.phaseStep), help: "Phase step per frame (frame-based time).", group: .motion)) { $0.wave.phaseStep = $1 },
            .number(D("phase-speed", .number, unit: "deg/s", hard: WaveParameters.phaseSpeedRange, soft: -1800 ... 1800, step: 1,
                      default: .off("frame-based: step x fps"), help: "Phase speed per second; selects time-based stepping.",
                      group: .motion)) { $0.wave.phaseSpeed = $1 },
            .integer(D("rise-frames", .integer, unit: "frames",
                       hard: Double(WaveParameters.riseFramesRange.lowerBound) ... Double(WaveParameters.riseFramesRange.upperBound),
                       soft: 10 ... 1200, default: number(Double(d.riseFrames)), help: "Rise length R in frames (frame-based time).",
                       group: .motion)) { $0.wave.riseFrames = $1 },
            .number(D("rise-duration", .number, unit: "s", hard: WaveParameters.riseDurationRange, soft: 0.1 ... 60, step: 0.1, decimals: 3,
                      default: .off("frame-based: R / fps"), help: "Rise length in seconds; selects time-based stepping.",
                      group: .motion)) { $0.wave.riseDuration = $1 },
            .number(D("progress", .number, hard: 0 ... 1, step: 0.01, decimals: 3, default: .off("the repeating rise"),
                      help: "Fixed progress P instead of the repeating rise.", group: .motion, valueName: "P")) { $0.wave.progress = $1 },
            .number(D("progress-to", .number, hard: 0 ... 1, step: 0.01, decimals: 3, default: .off("none"),
                      help: "Animate the level from --progress (or 0) to P, starting at frame 0, over --transition seconds.",
                      group: .motion, valueName: "P")) { $0.wave.progressTo = $1 },
            .text(D("progress-at", .text, default: .off("none"),
                    help: "A schedule FRAME:P,FRAME:P,...: from each frame the level moves from the value shown then to P (0 ... 1), down as well as up; frames increasing in 0 ... \(SceneLimits.maxFrame).",
                    group: .motion, valueName: "schedule")) { $0.wave.progressAt = $1 },
            .number(D("transition", .number, unit: "s", hard: WaveParameters.transitionRange, soft: 0 ... 10, step: 0.05, decimals: 3,
                      default: number(d.transition), help: "Seconds each progress transition takes (0 jumps).", group: .motion)) { $0.wave.transition = $1 },
            .text(D("easing", .choiceOrText(Easing.names), default: .value(.string(d.easing)),
                    help: "The transitions' easing: a name or cubic-bezier(a,b,c,d) with a and c in 0 ... 1, b and d in -10 ... 10.",
                    group: .motion, valueName: "curve")) { $0.wave.easing = $1 },
            .choice(D("fill-mapping", .choice(choiceNames(FillMapping.self)), default: .value(.string(d.fillMapping.rawValue)),
                      help: "How progress sets the still surface: height (p of the ink height) or area (p of the container's area below it).",
                      group: .motion), FillMapping.self) { $0.wave.fillMapping = $1 },
            .toggle(D("reduced-motion", .toggle, default: .value(.bool(false)),
                      help: "Reduced motion: phase and rise 4x slower, amplitude halved, never frozen.", group: .motion)) { $0.wave.reducedMotion = $1 },
        ]
        let label: [S] = [
            .text(D("label", .text, default: .off("no label"),
                    help: "Progress label: text with {p} (percent), {v} (the value in --value-range), {p:.N} or {v:.N} (N decimals, 0 ... 6); {{ and }} are braces; a newline starts a line. Placed by --label-position, coloured by --label-color above the front wave and --label-inside-color below it.",
                    group: .label, valueName: "format")) { $0.wave.label = $1 },
            .text(D("label-font", .text, default: .derived("the container's font"),
                    help: "The label's font: a file or a fontconfig name.", group: .label, when: .isSet("label"), valueName: "font")) { $0.wave.labelFont = $1 },
            .number(D("label-size", .number, unit: "px", hard: WaveParameters.labelSizeRange, soft: 4 ... 300, step: 1,
                      default: .derived("a fifth of the canvas's smaller side"), help: "The label's em size.",
                      group: .label, when: .isSet("label"))) { $0.wave.labelSize = $1 },
            .colour(D("label-color", .colour, default: colour(d.labelColor), help: "The label's colour above the front wave.",
                      group: .label, when: .isSet("label"))) { $0.wave.labelColor = $1 },
            .colour(D("label-inside-color", .colour, default: colour(d.labelInsideColor),
                      help: "The label's colour where the front wave covers it.", group: .label, when: .isSet("label"))) { $0.wave.labelInsideColor = $1 },
            .choice(D("label-position", .choice(choiceNames(LabelPosition.self)), default: .value(.string(LabelPosition.center.rawValue)),
                      help: "Where the label sits: inside the container (center, top, bottom, left, right, 5 % in from its edges) or outside it (above, below).",
                      group: .label, when: .isSet("label"), valueName: "where"), LabelPosition.self) { $0.wave.labelPosition = $1 },
            .text(D("label-offset", .text, default: .value(.string("0,0")),
                    help: "Moves the label by DX,DY px (y down) from its position.", group: .label, when: .isSet("label"), valueName: "DX,DY")) { p, v in
                let parts = v.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                      let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
                      LabelStyle.offsetRange.contains(x), LabelStyle.offsetRange.contains(y) else {
                    throw SettingError("label-offset", "'\(SettingDeclaration.clip(v))' is not DX,DY; expected two numbers in -100000 ... 100000 px")
                }
                p.wave.labelOffsetX = x; p.wave.labelOffsetY = y
            },
            .choice(D("label-align", .choice(choiceNames(LabelAlign.self)), default: .derived("by --label-position"),
                      help: "Which side of the label is at its position, and how its lines align.", group: .label,
                      when: .isSet("label"), valueName: "side"), LabelAlign.self) { $0.wave.labelAlign = $1 },
            .choice(D("label-baseline", .choice(choiceNames(LabelBaseline.self)), default: .derived("by --label-position"),
                      help: "Which height of the label is at its position: its ink's top, middle or bottom, or the first line's baseline.",
                      group: .label, when: .isSet("label"), valueName: "line"), LabelBaseline.self) { $0.wave.labelBaseline = $1 },
            .number(D("label-outline-width", .number, unit: "px", hard: LabelStyle.outlineRange, soft: 0 ... 20, step: 0.5,
                      default: number(0), help: "Width of an outline around the label's glyphs (centred on them, round joins; 0: none).",
                      group: .label, when: .isSet("label"))) { $0.wave.labelOutlineWidth = $1 },
            .colour(D("label-outline-color", .colour, default: colour(d.labelOutlineColor), help: "The label outline's colour.",
                      group: .label, when: .isSet("label"))) { $0.wave.labelOutlineColor = $1 },
            .choice(D("label-fit", .choice(choiceNames(LabelFit.self)), default: .value(.string(LabelFit.none.rawValue)),
                      help: "shrink: a label wider (or, inside, higher) than the container is made smaller until it fits.",
                      group: .label, when: .isSet("label")), LabelFit.self) { $0.wave.labelFit = $1 },
            .text(D("value-range", .text, default: .value(.string("0:100")),
                    help: "What {v} runs over as progress goes from 0 to 1: MIN:MAX, MIN below MAX.", group: .label, valueName: "MIN:MAX")) {
                $0.wave.valueRange = try ValueRange($1)
            },
            .list(D("extra-label", .list, default: .off("none"),
                    help: "One more label, repeatable (at most 16 labels): key=value,... ending in text=FORMAT (the rest of the value), keys position, dx, dy, align, baseline, font, size, color, inside-color, outline-width, outline-color, fit; keys not given take the --label-* settings.",
                    group: .label, valueName: "key=value,...,text=FORMAT")) { $0.wave.extraLabels = $1 },
        ]
        let border: [S] = [
            .number(D("border-width", .number, unit: "px", hard: WaveParameters.borderRange, soft: 0 ... 40, step: 0.5,
                      default: .off("no border"), help: "Border ring width around an outline or text container (0: no border).",
                      group: .border)) { $0.wave.borderWidth = $1 },
            .number(D("border-gap", .number, unit: "px", hard: WaveParameters.borderRange, soft: 0 ... 40, step: 0.5,
                      default: number(d.borderGap), help: "Gap between the container's outline and the ring.",
                      group: .border, when: .isSet("border-width"))) { $0.wave.borderGap = $1 },
            .colour(D("border-color", .colour, default: colour(d.borderColor), help: "The ring's colour.",
                      group: .border, when: .isSet("border-width"))) { $0.wave.borderColor = $1 },
        ]
        let colours: [S] = [
            .colour(D("container", .colour, default: colour(d.container), help: "Container colour.", group: .colours)) { $0.wave.container = $1 },
            .colour(D("back-wave", .colour, default: colour(d.backWave), help: "Back (cosine) wave colour.", group: .colours)) { $0.wave.backWave = $1 },
            .colour(D("front-wave", .colour, default: colour(d.frontWave), help: "Front (sine) wave colour.", group: .colours)) { $0.wave.frontWave = $1 },
            .colour(D("water-gradient", .colour, default: .off("flat colours"),
                      help: "Colour of the water at the container's bottom: each wave's colour runs down the ink box to this one (its alpha kept).",
                      group: .colours)) { $0.wave.waterGradient = $1 },
        ]
        let fillHelp = "a colour, linear(ANGLEdeg, COLOR [AT], ...) or radial(COLOR [AT], ...), AT in 0 ... 1 in order"
        let shadowHelp = "COLOR RADIUS [DX DY]: Core Animation's layer shadow, the colour's alpha its opacity, RADIUS 0 ... 50 px (σ = RADIUS / 2), offset -200 ... 200 px (none: a glow)"
        let paint: [S] = [
            .text(D("water-fill", .text, default: .off("the waves' colours"),
                    help: "Fill of every wave over the container's ink box: " + fillHelp + ".",
                    group: .colours, valueName: "paint")) { $0.wave.waterFill = $1 },
            .text(D("container-fill", .text, default: .off("--container"),
                    help: "The container's fill over its ink box: " + fillHelp + ".",
                    group: .colours, valueName: "paint")) { $0.wave.containerFill = $1 },
            .text(D("background-fill", .text, default: .off("--background"),
                    help: "The canvas's fill: " + fillHelp + ".", group: .colours, valueName: "paint")) { $0.wave.backgroundFill = $1 },
            .text(D("border-fill", .text, default: .off("--border-color"),
                    help: "The ring's fill over the container's ink box: " + fillHelp + ".",
                    group: .border, when: .isSet("border-width"), valueName: "paint")) { $0.wave.borderFill = $1 },
            .text(D("container-shadow", .text, default: .off("none"),
                    help: "Shadow beneath the container: " + shadowHelp + ".", group: .colours, valueName: "shadow")) { $0.wave.containerShadow = $1 },
            .text(D("border-shadow", .text, default: .off("none"),
                    help: "Shadow beneath the ring: " + shadowHelp + ".", group: .border, when: .isSet("border-width"),
                    valueName: "shadow")) { $0.wave.borderShadow = $1 },
            .text(D("wave-shadow", .text, default: .off("none"),
                    help: "Shadow beneath each wave, inside the container: " + shadowHelp + ".", group: .waves,
                    valueName: "shadow")) { $0.wave.waveShadow = $1 },
        ]
        return basics + container + waves + motion + label + border + colours + paint
    }()
}

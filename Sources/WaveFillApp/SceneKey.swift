import WaveFill

/// One setting of a scene: a long flag of the command line and, without its dashes, a preset key
/// (the key the scenes' `SettingError`s name).
public enum SceneKey: String, CaseIterable, Sendable {
    /// Which scene.
    case scene
    // Every scene.
    case size, text, font
    case fontSize = "font-size"
    case fps, background
    // The wave (progress also the stroke's).
    case maskImage = "mask-image"
    case shape
    case cornerRadius = "corner-radius"
    case path, svg
    case fillRule = "fill-rule"
    case amplitude, frequency
    case waveWidth = "wave-width"
    case phaseStep = "phase-step"
    case phaseSpeed = "phase-speed"
    case riseFrames = "rise-frames"
    case riseDuration = "rise-duration"
    case progress, container
    case backWave = "back-wave"
    case frontWave = "front-wave"
    // The wave's progress label.
    case label
    case labelFont = "label-font"
    case labelSize = "label-size"
    case labelColor = "label-color"
    case labelInsideColor = "label-inside-color"
    // The wave's animated progress, fill mapping and reduced motion.
    case progressTo = "progress-to"
    case progressAt = "progress-at"
    case transition, easing
    case fillMapping = "fill-mapping"
    case reducedMotion = "reduced-motion"
    // The wave's stack of waves and water gradient.
    case waves, wave
    case waterGradient = "water-gradient"
    // The wave's border ring.
    case borderWidth = "border-width"
    case borderGap = "border-gap"
    case borderColor = "border-color"
    // Marquee, stroke, spread, morph.
    case textColor = "text-color"
    case rate
    case scrollDuration = "scroll-duration"
    case fadeLength = "fade-length"
    case leadingBuffer = "leading-buffer"
    case trailingBuffer = "trailing-buffer"
    case delay, direction, scroll
    case forceScroll = "force-scroll"
    case run
    case strokeWidth = "stroke-width"
    case strokeColor = "stroke-color"
    case lineJoin = "line-join"
    case lineCap = "line-cap"
    case miterLimit = "miter-limit"
    case selectAt = "select-at"
    case deselectAt = "deselect-at"
    case texts, interval, effect, seed

    /// The command-line flag, e.g. `--front-wave`.
    public var flag: String { "--" + rawValue }

    /// What a preset file holds for this key.
    public enum Kind: Sendable { case string, path, number, integer, colour, bool, list, frameOrNever }

    /// The JSON type a preset must give (paths are strings resolved against the preset's folder).
    public var kind: Kind {
        switch self {
        case .scene, .size, .text, .direction, .scroll, .lineJoin, .lineCap, .texts, .effect, .shape, .path, .fillRule: return .string
        case .label, .labelFont: return .string
        case .progressAt, .easing, .fillMapping: return .string
        case .progressTo, .transition: return .number
        case .reducedMotion: return .bool
        case .waves: return .integer
        case .wave: return .list
        case .waterGradient: return .colour
        case .labelSize, .borderWidth, .borderGap: return .number
        case .labelColor, .labelInsideColor, .borderColor: return .colour
        case .font, .maskImage, .svg: return .path
        case .riseFrames, .seed: return .integer
        case .selectAt, .deselectAt: return .frameOrNever
        case .background, .container, .backWave, .frontWave, .textColor, .strokeColor: return .colour
        case .forceScroll: return .bool
        case .run: return .list
        case .fontSize, .amplitude, .frequency, .waveWidth, .phaseStep, .phaseSpeed, .riseDuration, .fps, .progress,
             .rate, .scrollDuration, .fadeLength, .leadingBuffer, .trailingBuffer, .delay, .strokeWidth, .miterLimit, .interval,
             .cornerRadius:
            return .number
        }
    }

    /// The scenes this setting applies to (every scene for the shared ones).
    public var scenes: Set<SceneKind> {
        switch self {
        case .scene, .size, .text, .font, .fontSize, .fps, .background: return Set(SceneKind.allCases)
        case .maskImage, .shape, .cornerRadius, .path, .svg, .fillRule, .amplitude, .frequency, .waveWidth, .phaseStep, .phaseSpeed, .riseFrames, .riseDuration,
             .container, .backWave, .frontWave: return [.wave]
        case .label, .labelFont, .labelSize, .labelColor, .labelInsideColor, .borderWidth, .borderGap, .borderColor: return [.wave]
        case .progressTo, .progressAt, .transition, .easing, .fillMapping, .reducedMotion: return [.wave]
        case .waves, .wave, .waterGradient: return [.wave]
        case .progress: return [.wave, .stroke]
        case .textColor: return [.marquee, .stroke, .spread, .morph]
        case .rate, .scrollDuration, .fadeLength, .leadingBuffer, .trailingBuffer, .delay, .direction, .scroll,
             .forceScroll, .run: return [.marquee]
        case .strokeWidth, .strokeColor, .lineJoin, .lineCap, .miterLimit: return [.stroke]
        case .selectAt, .deselectAt: return [.spread]
        case .texts, .interval, .effect, .seed: return [.morph]
        }
    }

    /// The keys of `scene`, in flag order (`scene` first).
    public static func keys(of scene: SceneKind) -> [SceneKey] { allCases.filter { $0.scenes.contains(scene) } }

    /// The key whose flag is `flag`, if any.
    public init?(flag: String) {
        guard flag.hasPrefix("--") else { return nil }
        self.init(rawValue: String(flag.dropFirst(2)))
    }

    /// A known key spelled differently (`frontWave`, `front_wave`, `FRONT-WAVE`), for error hints.
    public static func lookalike(of key: String) -> SceneKey? {
        func squash(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let k = squash(key)
        return allCases.first { squash($0.rawValue) == k }
    }
}

/// One setting of the scene: a long flag of `SceneOptions` and, without its dashes, a preset key.
enum SceneKey: String, CaseIterable, Sendable {
    case size, text, font
    case fontSize = "font-size"
    case maskImage = "mask-image"
    case amplitude, frequency
    case waveWidth = "wave-width"
    case phaseStep = "phase-step"
    case phaseSpeed = "phase-speed"
    case riseFrames = "rise-frames"
    case riseDuration = "rise-duration"
    case fps, progress, background, container
    case backWave = "back-wave"
    case frontWave = "front-wave"

    /// The command-line flag, e.g. `--front-wave`.
    var flag: String { "--" + rawValue }

    /// What a preset file holds for this key.
    enum Kind { case string, path, number, integer, colour }

    /// The JSON type a preset must give (paths are strings resolved against the preset's folder).
    var kind: Kind {
        switch self {
        case .size, .text: return .string
        case .font, .maskImage: return .path
        case .riseFrames: return .integer
        case .background, .container, .backWave, .frontWave: return .colour
        case .fontSize, .amplitude, .frequency, .waveWidth, .phaseStep, .phaseSpeed, .riseDuration, .fps, .progress:
            return .number
        }
    }

    /// The key whose flag is `flag`, if any.
    init?(flag: String) {
        guard flag.hasPrefix("--") else { return nil }
        self.init(rawValue: String(flag.dropFirst(2)))
    }

    /// A known key spelled differently (`frontWave`, `front_wave`, `FRONT-WAVE`), for error hints.
    static func lookalike(of key: String) -> SceneKey? {
        func squash(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let k = squash(key)
        return allCases.first { squash($0.rawValue) == k }
    }
}

import SceneKit
import Vector
import Geometry
import Raster
import Text

/// Every knob of docs/SCENE.md; nil means "derived from the ink box" (or frame-based time).
public struct WaveParameters: Sendable, Equatable, Codable {
    /// The largest canvas side accepted, in pixels.
    public static let maxCanvasSide = SceneLimits.maxCanvasSide
    /// The largest em size accepted, in pixels.
    public static let maxFontSize = SceneLimits.maxFontSize
    /// The default font file (Debian's fonts-dejavu-core).
    public static let defaultFontPath: String? = FontLocator.defaultFont()

    /// Canvas width in pixels.
    public var width = 400
    /// Canvas height in pixels.
    public var height = 310
    /// The container text.
    public var text = "du"
    /// The font file; nil means DejaVu Sans Bold.
    public var fontPath: String?
    /// Em size `E` in px (rounded to 1/64); nil: the largest that fits 80 % of the canvas.
    public var fontSize: Double?
    /// Wave amplitude `A` in px; nil: `0.15 * inkH`.
    public var amplitude: Double?
    /// Wave frequency `f` (periods per wave width).
    public var frequency = 0.3
    /// Wave width `w` in px; nil: `inkW`.
    public var waveWidth: Double?
    /// Amplitude as a share of the ink height in percent, 0 ... 100, when `amplitude` is nil.
    public var amplitudePercent: Double?
    /// Phase step in degrees per frame (frame-based time).
    public var phaseStep = 8.0
    /// Phase speed in degrees per second; setting it (or `riseDuration`) selects time-based stepping.
    public var phaseSpeed: Double?
    /// Rise length `R` in frames (frame-based time).
    public var riseFrames = 300
    /// Rise length in seconds; setting it (or `phaseSpeed`) selects time-based stepping.
    public var riseDuration: Double?
    /// Ticks per second of the headless clock.
    public var fps = 60.0
    /// A fixed progress in 0...1; nil: the repeating rise.
    public var progress: Double?
    /// Background colour.
    public var background = Color(r: 0xFF, g: 0xFF, b: 0xFF)
    /// Container (glyph) colour.
    public var container = Color(r: 0xE9, g: 0xE9, b: 0xE5, a: 0xB3)
    /// Back wave colour.
    public var backWave = Color(r: 0x46, g: 0xB7, b: 0x51, a: 0x66)
    /// Front wave colour.
    public var frontWave = Color(r: 0x46, g: 0xB7, b: 0x51)

    /// SCENE.md's defaults.
    public init() {}

    /// The progress label's format (`LabelFormat`, e.g. `{p}%`); nil: no label.
    public var label: String?
    /// The label's font: a file or a fontconfig name; nil: the container's font.
    public var labelFont: String?
    /// The label's em size in px; nil: `defaultLabelSize`.
    public var labelSize: Double?
    /// The label's colour outside the water (above the front wave).
    public var labelColor = Color(r: 0x46, g: 0xB7, b: 0x51)
    /// The label's colour where the front wave covers it.
    public var labelInsideColor = Color(r: 0xFF, g: 0xFF, b: 0xFF)
    /// Where the label sits (`--label-position`), its offset in px, and its anchors (nil: the position's).
    public var labelPosition = LabelPosition.center
    public var labelOffsetX = 0.0, labelOffsetY = 0.0
    public var labelAlign: LabelAlign?
    public var labelBaseline: LabelBaseline?
    /// The label's outline: width in px (0: none) and colour.
    public var labelOutlineWidth = 0.0
    public var labelOutlineColor = Color(r: 0xFF, g: 0xFF, b: 0xFF)
    /// Whether the label shrinks to fit the container.
    public var labelFit = LabelFit.none
    /// What `{v}` runs over; nil: 0 ... 100.
    public var valueRange: ValueRange?
    /// More labels (`--extra-label`), each `key=value,...,text=FORMAT` (`LabelStyle.extra`).
    public var extraLabels: [String] = []
    /// The border ring's width `W` in px; nil or 0: no border.
    public var borderWidth: Double?
    /// The gap `G` in px between the container's outline and the ring.
    public var borderGap = 0.0
    /// The ring's colour.
    public var borderColor = Color(r: 0x46, g: 0xB7, b: 0x51)
    /// Animated progress: at frame 0 the level starts moving from `progress` (or 0) to this, 0 ... 1;
    /// nil: none. Cannot be combined with `progressAt`.
    public var progressTo: Double?
    /// A schedule `FRAME:P,FRAME:P,...` (`ProgressStep.parseSchedule`): from each frame the level
    /// moves from the value shown then to P; nil: none.
    public var progressAt: String?
    /// Seconds each progress transition takes, 0 ... 3600 (0: a jump).
    public var transition = 1.0
    /// The transitions' easing (`Easing`).
    public var easing = "ease-in-out"
    /// How progress maps to the surface's height.
    public var fillMapping = FillMapping.height
    /// Reduced motion: phase and rise `reducedMotionFactor` times slower, amplitude halved.
    public var reducedMotion = false
    /// A stack of waves drawn back to front (`--waves N`, `--wave K:...`); nil: the classic pair,
    /// `backWave` (cosine) behind `frontWave` (sine).
    public var waves: [WaveSpec]?
    /// The water's colour at the ink box's bottom (`--water-gradient`): each wave's colour runs, in
    /// straight RGB with its own alpha kept, from its own at the ink box's top to this one at its
    /// bottom (fixed on the canvas, not moving with the wave); nil: flat colours.
    public var waterGradient: Color?
    /// Where the container sits and how it is scaled (`--center`, `--radius`, `--fit`).
    public var placement = ContainerPlacement()
    /// The fill of every wave (`--water-fill`, `WavePaint` over the ink box); a wave's own
    /// `fill=` wins; nil: the waves' colours.
    public var waterFill: String?
    /// The container's fill (`--container-fill`, over the ink box) instead of `container`.
    public var containerFill: String?
    /// The canvas's fill (`--background-fill`, over the canvas) instead of `background`.
    public var backgroundFill: String?
    /// The ring's fill (`--border-fill`, over the ink box) instead of `borderColor`.
    public var borderFill: String?
    /// Shadows (`WaveShadow`) beneath the container, the ring and each wave (a wave's shadow
    /// falls inside the container, on what is behind it).
    public var containerShadow: String?, borderShadow: String?, waveShadow: String?

    /// True when a fill or a shadow is set: the gauge is drawn by the layer engine then.
    public var usesLayerPaint: Bool {
        waterFill != nil || containerFill != nil || backgroundFill != nil || borderFill != nil
            || containerShadow != nil || borderShadow != nil || waveShadow != nil
            || (waves ?? []).contains { $0.fill != nil }
    }

    /// Throws naming the flag of the first fill or shadow that cannot be read.
    func validatePaint() throws {
        for (text, key) in [(waterFill, "water-fill"), (containerFill, "container-fill"), (backgroundFill, "background-fill"),
                            (borderFill, "border-fill")] {
            if let text { _ = try WavePaint(text, key: key) }
        }
        for (text, key) in [(containerShadow, "container-shadow"), (borderShadow, "border-shadow"), (waveShadow, "wave-shadow")] {
            if let text { _ = try WaveShadow(text, key: key) }
        }
        if waterFill != nil, waterGradient != nil {
            throw SettingError("water-fill", "cannot be combined with --water-gradient; give the gradient as --water-fill linear(...)")
        }
        if waterGradient != nil, (waves ?? []).contains(where: { $0.fill != nil }) {
            throw SettingError("wave", "a wave's fill= cannot be combined with --water-gradient; give the gradient as --water-fill linear(...)")
        }
        for w in waves ?? [] { if let f = w.fill { _ = try WavePaint(f, key: "wave") } }
    }
    /// Transition lengths accepted, seconds.
    public static let transitionRange: ClosedRange<Double> = 0 ... 3600
    /// How many times slower the phase and the rise run with reduced motion.
    public static let reducedMotionFactor = 4.0

    /// The progress schedule the settings describe: `progressTo` as a step at frame 0, or the
    /// steps of `progressAt`; empty when neither is set.
    public func progressSchedule() throws -> [ProgressStep] {
        if let to = progressTo {
            guard progressAt == nil else {
                throw SettingError("progress-to", "cannot be combined with --progress-at; give the first target as entry 0:P of the schedule")
            }
            return [ProgressStep(frame: 0, target: to)]
        }
        guard let progressAt else { return [] }
        return try ProgressStep.parseSchedule(progressAt)
    }

    /// The parameters the motion runs at: with `reducedMotion`, the phase step and speed divided by
    /// `reducedMotionFactor`, the rise's frames and duration multiplied by it (within their ranges) and
    /// the amplitude halved (`derivedAmplitude`, the amplitude of the ink box when none is given);
    /// `reducedMotion` is then false. Unchanged without it.
    public func motionApplied(derivedAmplitude: Double) -> WaveParameters {
        guard reducedMotion else { return self }
        var p = self
        let k = Self.reducedMotionFactor
        p.reducedMotion = false
        p.phaseStep /= k
        p.phaseSpeed = phaseSpeed.map { $0 / k }
        p.riseFrames = Int(min(Double(riseFrames) * k, Double(Self.riseFramesRange.upperBound)))
        p.riseDuration = riseDuration.map { min($0 * k, Self.riseDurationRange.upperBound) }
        p.amplitude = (amplitude ?? derivedAmplitude) / 2
        p.waves = waves?.map { w in
            var w = w
            w.amplitude = w.amplitude.map { $0 / 2 }
            return w
        }
        return p
    }

    /// Border widths and gaps accepted, px.
    public static let borderRange: ClosedRange<Double> = 0 ... 4096
    /// Label sizes accepted, px.
    public static let labelSizeRange: ClosedRange<Double> = 1 ... 4096
    /// The label's default em size: a fifth of the canvas's smaller side, within `labelSizeRange`.
    public var defaultLabelSize: Double {
        min(max((Double(min(width, height)) / 5 * 64).rounded() / 64, Self.labelSizeRange.lowerBound), Self.labelSizeRange.upperBound)
    }

    /// Amplitudes accepted, px.
    public static let amplitudeRange: ClosedRange<Double> = 0 ... 8192
    /// Frequencies accepted, periods per wave width.
    public static let frequencyRange: ClosedRange<Double> = 0 ... 1000
    /// The smallest frequency above 0 (a wave period under a million wave widths).
    public static let minFrequency = 0.000001
    /// Wave widths accepted, px.
    public static let waveWidthRange: ClosedRange<Double> = 0.01 ... 1_000_000
    /// Phase steps accepted, degrees per frame.
    public static let phaseStepRange: ClosedRange<Double> = -3600 ... 3600
    /// Phase speeds accepted, degrees per second.
    public static let phaseSpeedRange: ClosedRange<Double> = -1_000_000 ... 1_000_000
    /// Rise lengths accepted, frames.
    public static let riseFramesRange: ClosedRange<Int> = 1 ... 10_000_000
    /// Rise durations accepted, seconds.
    public static let riseDurationRange: ClosedRange<Double> = 0.001 ... 1_000_000

    /// True when phase and progress follow the tick's timestamp rather than its index.
    public var isTimeBased: Bool { phaseSpeed != nil || riseDuration != nil }
    /// Phase speed in degrees per second in time-based mode (`phaseStep * fps` unless given).
    public var effectivePhaseSpeed: Double { phaseSpeed ?? phaseStep * fps }
    /// Rise duration in seconds in time-based mode (`riseFrames / fps` unless given).
    public var effectiveRiseDuration: Double { riseDuration ?? Double(riseFrames) / fps }

    /// Throws the first parameter that is out of range, naming its flag and what is accepted.
    public func validate() throws {
        func positiveFinite(_ v: Double?, _ flag: String, allowZero: Bool = false) throws {
            guard let v else { return }
            guard v.isFinite else { throw SettingError(flag, "\(v) is not a finite number") }
            if allowZero {
                guard v >= 0 else { throw SettingError(flag, "\(v) is negative; expected a number >= 0") }
            } else {
                guard v > 0 else { throw SettingError(flag, "\(v) must be greater than 0") }
            }
        }
        guard (1 ... Self.maxCanvasSide).contains(width), (1 ... Self.maxCanvasSide).contains(height) else {
            throw SettingError("size", "\(width)x\(height) is outside 1x1 ... \(Self.maxCanvasSide)x\(Self.maxCanvasSide)")
        }
        guard !text.isEmpty else { throw SettingError("text", "the text is empty; give at least one character") }
        try SceneLimits.checkText(text, "text", newlines: true)
        try positiveFinite(fontSize, "font-size")
        if let e = fontSize {
            guard e * 64 >= 0.5 else { throw SettingError("font-size", "\(e) px is below 1/64 px") }
            guard e <= Self.maxFontSize else { throw SettingError("font-size", "\(e) px is above the maximum \(Int(Self.maxFontSize)) px") }
        }
        try SceneLimits.check(amplitude, "amplitude", Self.amplitudeRange, unit: "px")
        try SceneLimits.check(amplitudePercent, "amplitude", 0 ... 100, unit: "%")
        try SceneLimits.check(frequency, "frequency", Self.frequencyRange)
        if frequency != 0 && frequency < Self.minFrequency {
            throw SettingError("frequency", "\(frequency) is outside 0, or \(Self.minFrequency) ... \(DecimalText.shortest(Self.frequencyRange.upperBound))")
        }
        try SceneLimits.check(waveWidth, "wave-width", Self.waveWidthRange, unit: "px")
        try SceneLimits.check(phaseStep, "phase-step", Self.phaseStepRange, unit: "deg")
        try SceneLimits.check(phaseSpeed, "phase-speed", Self.phaseSpeedRange, unit: "deg/s")
        guard Self.riseFramesRange.contains(riseFrames) else {
            throw SettingError("rise-frames", "\(riseFrames) is outside \(Self.riseFramesRange.lowerBound) ... \(Self.riseFramesRange.upperBound) frames")
        }
        try SceneLimits.check(riseDuration, "rise-duration", Self.riseDurationRange, unit: "s")
        try SceneLimits.check(fps, "fps", SceneLimits.fps, unit: "fps")
        if let p = progress {
            guard p.isFinite, (0 ... 1).contains(p) else { throw SettingError("progress", "\(p) is outside 0 ... 1") }
        }
        try placement.validate()
        try validateLabel()
        try validateMotion()
        try validatePaint()
        if let waves {
            guard WaveSpec.countRange.contains(waves.count) else {
                throw SettingError("waves", "\(waves.count) is outside \(WaveSpec.countRange.lowerBound) ... \(WaveSpec.countRange.upperBound)")
            }
            for (j, w) in waves.enumerated() { try w.validate(j + 1) }
        }
    }

    /// Each wave back to front, in the stack's terms: the stack, or the classic pair (the back
    /// wave's offset 90 degrees: `cos`).
    public var waveStack: [WaveSpec] {
        waves ?? WaveSpec.stack(2, back: backWave, front: frontWave)
    }

    /// Throws the first animated-progress setting out of range.
    func validateMotion() throws {
        if let to = progressTo {
            guard to.isFinite, (0 ... 1).contains(to) else { throw SettingError("progress-to", "\(DecimalText.shortest(to)) is outside 0 ... 1") }
        }
        _ = try progressSchedule()
        try SceneLimits.check(transition, "transition", Self.transitionRange, unit: "s")
        _ = try Easing(easing)
    }

    /// Throws the first label setting out of range.
    func validateLabel() throws {
        if let r = valueRange { _ = try ValueRange(checking: r.min, r.max) }
        let styles = try LabelStyle.all(self)
        guard styles.count <= LabelStyle.maxLabels else {
            throw SettingError("extra-label", "\(styles.count) labels; at most \(LabelStyle.maxLabels) (the main one and the extra ones)")
        }
        for s in styles { try s.validate(valueRange: valueRange) }
        try SceneLimits.check(labelSize, "label-size", Self.labelSizeRange, unit: "px")
        try SceneLimits.check(borderWidth, "border-width", Self.borderRange, unit: "px")
        try SceneLimits.check(borderGap, "border-gap", Self.borderRange, unit: "px")
    }
}

extension Color: Codable {
    /// Decodes `#RRGGBB` or `#RRGGBBAA`.
    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let c = Color(hex: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                   debugDescription: "'\(s)' is not a colour: expected #RRGGBB or #RRGGBBAA"))
        }
        self = c
    }
    /// Encodes as `#RRGGBB` or `#RRGGBBAA`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }
}

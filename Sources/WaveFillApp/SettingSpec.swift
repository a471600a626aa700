import WaveFill

/// How the tuning panel shows one setting: its control, range, unit and default.
///
/// The panel hands what it edits to the same validation as the command-line flags, so every range
/// here lies inside what that validation accepts. Sliders span the accepted range, except where it
/// runs far beyond useful values (lengths of thousands of pixels, times and speeds up to 1000000);
/// there the slider spans a tuning range inside the accepted one, and a typed value may go up to
/// the accepted limit, which each such case states in a comment.
public struct SettingSpec: Sendable {
    /// The kind of control that edits a setting.
    public enum Control: Sendable, Equatable {
        /// A number on a slider from `min` to `max` in steps of `step`; `decimals` is how many digits
        /// after the point are shown and kept (values are rounded to them).
        case slider(min: Double, max: Double, step: Double, decimals: Int)
        /// A whole number from `min` to `max`.
        case integer(min: Int, max: Int)
        /// A colour, `#RRGGBB` or `#RRGGBBAA`.
        case colour
        /// On or off.
        case toggle
        /// One of these strings, exactly as the flag accepts them.
        case choice([String])
        /// Free text (also lists, sizes `WxH`, a frame number or `never`, path data).
        case text
        /// A font file path (picked through fontconfig).
        case font
        /// Another file path (a mask image, an SVG file).
        case path
    }

    /// The setting.
    public let key: SceneKey
    /// How it is edited.
    public let control: Control
    /// The unit shown after the value: "px", "s", "fps", "°" ... ("" for none).
    public let unit: String
    /// What the panel shows and starts a slider at when the key is unset: the value the scene uses by
    /// default, or nil when the default is derived (e.g. fitted font size); then the panel shows "auto".
    public let defaultValue: SceneSettings.Value?
    /// One short line for a tooltip, in the project's words (what it does + the range).
    public let help: String

    /// The spec of `key` for the default canvas (400 px wide).
    public static func spec(for key: SceneKey) -> SettingSpec {
        spec(for: key, canvasWidth: WaveParameters().width)
    }

    /// The spec of `key` for a canvas `canvasWidth` pixels wide. Only `fade-length` depends on the
    /// width: the marquee accepts a fade of at most half of it.
    public static func spec(for key: SceneKey, canvasWidth: Int) -> SettingSpec {
        let wave = WaveParameters()
        let marquee = MarqueeParameters()
        let stroke = StrokeParameters()
        let morph = MorphParameters()
        let maxSide = SceneLimits.maxCanvasSide
        let maxFont = Int(SceneLimits.maxFontSize)

        func make(_ control: Control, _ unit: String, _ value: SceneSettings.Value?, _ help: String) -> SettingSpec {
            SettingSpec(key: key, control: control, unit: unit, defaultValue: value, help: help)
        }
        func number(_ v: Double) -> SceneSettings.Value { .number(v) }
        func colour(_ c: Color) -> SceneSettings.Value { .string(c.hex) }
        func names<E: RawRepresentable & CaseIterable>(_: E.Type) -> [String] where E.RawValue == String {
            E.allCases.map(\.rawValue)
        }

        switch key {
        // MARK: Every scene
        case .scene:
            // Not shown as a setting of the panel; given for completeness.
            return make(.choice(names(SceneKind.self)), "", .string(SceneKind.wave.rawValue),
                        "Which scene: wave, marquee, stroke, spread or morph.")
        case .size:
            return make(.text, "px", .string("\(wave.width)x\(wave.height)"),
                        "Canvas size in pixels, WxH, each side 1 ... \(maxSide).")
        case .text:
            // The default depends on the scene: du (wave), a caption longer than the view (marquee),
            // WaveFill (stroke), Following (spread).
            return make(.text, "", nil,
                        "The text: the wave's container, the marquee's caption, the stroke's and the spread's title; every character must be in the font.")
        case .font:
            // Unset: DejaVu Sans Bold, found by fontconfig.
            return make(.font, "", nil, "Font file (TrueType/OpenType); default DejaVu Sans Bold, found by fontconfig.")
        case .fontSize:
            // Accepted: 1/64 ... 4096 px (rounded to 1/64 px); the slider covers 1 ... 1024.
            return make(.slider(min: 1, max: 1024, step: 1, decimals: 2), "px", nil,
                        "Em size in px, rounded to 1/64 px, up to \(maxFont); default the largest that fits the ink in 80 % of the canvas.")
        case .fps:
            return make(.slider(min: SceneLimits.fps.lowerBound, max: SceneLimits.fps.upperBound, step: 0.1, decimals: 3), "fps",
                        number(wave.fps), "Ticks per second of the clock and frame rate of exports, 0.1 ... 1000.")
        case .background:
            return make(.colour, "", colour(wave.background), "Background colour #RRGGBB or #RRGGBBAA.")

        // MARK: The wave's container
        case .maskImage:
            return make(.path, "", nil, "Use this PNG's alpha as the container instead of text, placed and scaled like the ink box.")
        case .shape:
            // Unset: the container is the text.
            return make(.choice(names(ContainerShape.self)), "", nil,
                        "Use a built-in shape as the container instead of text: circle, rect, rounded-rect, triangle, heart, drop, star.")
        case .cornerRadius:
            return make(.slider(min: 0, max: ContainerShape.maxCornerRadius, step: 0.5, decimals: 2), "",
                        number(ContainerShape.defaultCornerRadius),
                        "Corner radius of --shape rounded-rect, 0 ... 50 in units of the 100 x 100 shape.")
        case .path:
            return make(.text, "", nil, "Use SVG path data (M L H V C S Q T A Z) as the container instead of text.")
        case .svg:
            return make(.path, "", nil, "Use an SVG file's shapes as the container instead of text, with their transforms and fill-rule.")
        case .fillRule:
            return make(.choice(["nonzero", "evenodd"]), "", .string("nonzero"), "Fill rule of --path: nonzero or evenodd.")

        // MARK: The wave
        case .amplitude:
            // Accepted: 0 ... 8192 px; the slider covers 0 ... 1024.
            return make(.slider(min: 0, max: 1024, step: 0.5, decimals: 2), "px", nil,
                        "Wave amplitude A, 0 ... 8192 px; default 0.15 x ink height.")
        case .frequency:
            // Accepted: 0, or 0.000001 ... 1000; the slider covers 0 ... 10 (rounding to 3 decimals
            // gives 0 or at least 0.001, never a refused value).
            return make(.slider(min: 0, max: 10, step: 0.01, decimals: 3), "", number(wave.frequency),
                        "Wave frequency f, periods per wave width: 0, or 0.000001 ... 1000.")
        case .waveWidth:
            // Accepted: 0.01 ... 1000000 px; the slider covers 1 ... 4096.
            return make(.slider(min: 1, max: 4096, step: 1, decimals: 2), "px", nil,
                        "Wave width w, 0.01 ... 1000000 px; default the ink width.")
        case .phaseStep:
            // Accepted: -3600 ... 3600 degrees per frame; the slider covers one turn each way.
            return make(.slider(min: -360, max: 360, step: 0.5, decimals: 2), "°/frame", number(wave.phaseStep),
                        "Phase step in degrees per frame (frame-based time), -3600 ... 3600.")
        case .phaseSpeed:
            // Accepted: -1000000 ... 1000000 degrees per second; the slider covers -3600 ... 3600.
            return make(.slider(min: -3600, max: 3600, step: 1, decimals: 2), "°/s", nil,
                        "Phase speed in degrees per second, -1000000 ... 1000000; selects time-based stepping.")
        case .riseFrames:
            return make(.integer(min: WaveParameters.riseFramesRange.lowerBound, max: WaveParameters.riseFramesRange.upperBound),
                        "frames", number(Double(wave.riseFrames)),
                        "Rise length R in frames, 1 ... 10000000 (frame-based time).")
        case .riseDuration:
            // Accepted: 0.001 ... 1000000 s; the slider covers 0.1 ... 120 (3 decimals keep 0.001).
            return make(.slider(min: 0.1, max: 120, step: 0.1, decimals: 3), "s", nil,
                        "Rise length in seconds, 0.001 ... 1000000; selects time-based stepping.")
        case .progress:
            // Unset: the wave's repeating rise, or the stroke's timeline playing.
            return make(.slider(min: 0, max: 1, step: 0.01, decimals: 3), "", nil,
                        "Fixed progress in 0 ... 1 instead of the repeating rise (the stroke: a fixed point of its timeline).")
        case .container:
            return make(.colour, "", colour(wave.container), "Container colour.")
        case .backWave:
            return make(.colour, "", colour(wave.backWave), "Back (cosine) wave colour.")
        case .frontWave:
            return make(.colour, "", colour(wave.frontWave), "Front (sine) wave colour.")

        // MARK: The wave's progress label
        case .label:
            // Unset: no label.
            return make(.text, "", nil,
                        "Progress label: text with {p} (percent) or {p:.N} (N decimals, 0 ... 6); {{ and }} are braces.")
        case .labelFont:
            // Unset: the container's font.
            return make(.font, "", nil, "The label's font: a file or a fontconfig name; default the container's font.")
        case .labelSize:
            // Accepted: 1 ... 4096 px; the slider covers 1 ... 1024.
            return make(.slider(min: WaveParameters.labelSizeRange.lowerBound, max: 1024, step: 1, decimals: 2), "px", nil,
                        "The label's em size, 1 ... 4096 px; default a fifth of the canvas's smaller side.")
        case .labelColor:
            return make(.colour, "", colour(wave.labelColor), "The label's colour above the front wave.")
        case .labelInsideColor:
            return make(.colour, "", colour(wave.labelInsideColor), "The label's colour where the front wave covers it.")

        // MARK: The wave's animated progress, fill mapping and reduced motion
        case .progressTo:
            // Unset: no animated progress.
            return make(.slider(min: 0, max: 1, step: 0.01, decimals: 3), "", nil,
                        "Animate the level from --progress (or 0) to P, 0 ... 1, from frame 0 over --transition seconds.")
        case .progressAt:
            return make(.text, "", nil,
                        "A schedule FRAME:P,FRAME:P,...: frames increasing in 0 ... \(SceneLimits.maxFrame), P in 0 ... 1.")
        case .transition:
            // Accepted: 0 ... 3600 s; the slider covers 0 ... 60.
            return make(.slider(min: WaveParameters.transitionRange.lowerBound, max: 60, step: 0.05, decimals: 3), "s",
                        number(wave.transition), "Seconds each progress transition takes, 0 ... 3600 (0 jumps).")
        case .easing:
            // The named curves; the flag also accepts cubic-bezier(a,b,c,d) typed as text.
            return make(.choice(Easing.names), "", .string(wave.easing),
                        "The transitions' easing: linear, ease-in, ease-out, ease-in-out or cubic-bezier(a,b,c,d) (a, c in 0 ... 1; b, d in -10 ... 10).")
        case .fillMapping:
            return make(.choice(names(FillMapping.self)), "", .string(wave.fillMapping.rawValue),
                        "How progress sets the surface: height (p of the ink height) or area (p of the container's area below it).")
        case .reducedMotion:
            return make(.toggle, "", .bool(wave.reducedMotion), "Reduced motion: phase and rise 4x slower, amplitude halved.")

        // MARK: The wave's stack of waves and water gradient
        case .waves:
            // Unset draws the classic pair, which is the stack of 2.
            return make(.integer(min: WaveSpec.countRange.lowerBound, max: WaveSpec.countRange.upperBound), "", number(2),
                        "Draw a stack of N waves, 1 ... 8, back to front (2 is the classic pair).")
        case .wave:
            return make(.text, "", nil,
                        "Edit wave K of the stack: K:key=value,... with color, amplitude, frequency, phase (-360 ... 360), speed (0 ... 16), direction (left or right).")
        case .waterGradient:
            // Unset: flat colours.
            return make(.colour, "", nil, "Colour of the water at the container's bottom: each wave's colour runs down the ink box to this one.")

        // MARK: The wave's border ring
        case .borderWidth:
            // Accepted: 0 ... 4096 px; the slider covers 0 ... 256. Unset or 0: no border.
            return make(.slider(min: WaveParameters.borderRange.lowerBound, max: 256, step: 0.5, decimals: 2), "px", number(0),
                        "Border ring width around an outline or text container, 0 ... 4096 px (0: no border).")
        case .borderGap:
            // Accepted: 0 ... 4096 px; the slider covers 0 ... 256.
            return make(.slider(min: WaveParameters.borderRange.lowerBound, max: 256, step: 0.5, decimals: 2), "px",
                        number(wave.borderGap), "Gap between the container's outline and the ring, 0 ... 4096 px.")
        case .borderColor:
            return make(.colour, "", colour(wave.borderColor), "The ring's colour.")

        // MARK: Marquee, stroke, spread, morph
        case .textColor:
            // The default depends on the scene: #000000, but #999999 for the spread's title.
            return make(.colour, "", nil,
                        "Text colour (marquee, morph; the fill of stroke; the unselected title of spread).")
        case .rate:
            // Accepted: (0, 1000000] px/s; the slider covers 1 ... 2000.
            return make(.slider(min: 1, max: 2000, step: 1, decimals: 3), "px/s", nil,
                        "Marquee: scroll speed, (0, 1000000] px/s; default one period lasts text width x 0.035 s.")
        case .scrollDuration:
            // Accepted: (0, 1000000] s; the slider covers 0.1 ... 120.
            return make(.slider(min: 0.1, max: 120, step: 0.1, decimals: 3), "s", nil,
                        "Marquee: seconds per scroll (a period, or one leg of a bounce), (0, 1000000].")
        case .fadeLength:
            let half = Double(max(canvasWidth, 1)) / 2
            return make(.slider(min: 0, max: half, step: 0.5, decimals: 2), "px", nil,
                        "Marquee: width of the fade at each side, 0 ... half the width; default 0.026 x width.")
        case .leadingBuffer:
            // Accepted: 0 ... 1000000 px; the slider covers 0 ... 1000.
            return make(.slider(min: 0, max: 1000, step: 1, decimals: 2), "px", number(marquee.leadingBuffer),
                        "Marquee: space before the text at rest, 0 ... 1000000 px.")
        case .trailingBuffer:
            // Accepted: 0 ... 1000000 px; the slider covers 0 ... 1000.
            return make(.slider(min: 0, max: 1000, step: 1, decimals: 2), "px", number(marquee.trailingBuffer),
                        "Marquee: extra space after the text (added to the three spaces between copies), 0 ... 1000000 px.")
        case .delay:
            // Accepted: 0 ... 1000000 s; the slider covers 0 ... 60.
            return make(.slider(min: 0, max: 60, step: 0.1, decimals: 3), "s", number(marquee.delay),
                        "Marquee: pause at the start of each loop, 0 ... 1000000 s.")
        case .direction:
            return make(.choice(names(MarqueeDirection.self)), "", .string(marquee.direction.rawValue), "Marquee: left or right.")
        case .scroll:
            return make(.choice(names(MarqueeScroll.self)), "", .string(marquee.scroll.rawValue), "Marquee: continuous or bounce.")
        case .forceScroll:
            return make(.toggle, "", .bool(marquee.forceScroll), "Marquee: scroll even text that fits.")
        case .run:
            return make(.text, "", nil,
                        "Marquee: styled runs of the caption, TEXT|#COLOUR|SIZE|FONT (all but the text optional); replaces --text.")
        case .strokeWidth:
            // Accepted: (0, 1000] px; the slider covers 0.1 ... 20 (wider pens around small text make
            // outlines whose self-crossings the exact rasterizer sweeps slowly; type to go further).
            return make(.slider(min: 0.1, max: 20, step: 0.1, decimals: 2), "px", number(stroke.lineWidth),
                        "Stroke: pen width, (0, 1000] px.")
        case .strokeColor:
            return make(.colour, "", colour(stroke.strokeColor), "Stroke: pen colour.")
        case .lineJoin:
            return make(.choice(names(LineJoin.self)), "", .string(stroke.lineJoin.rawValue), "Stroke: miter, round or bevel.")
        case .lineCap:
            return make(.choice(names(LineCap.self)), "", .string(stroke.lineCap.rawValue), "Stroke: butt, round or square.")
        case .miterLimit:
            // Accepted: 1 ... 1000 widths; the slider covers 1 ... 100.
            return make(.slider(min: 1, max: 100, step: 0.5, decimals: 2), "widths", number(stroke.miterLimit),
                        "Stroke: longest miter in widths, 1 ... 1000.")
        case .selectAt:
            // Unset: 0.5 s in (frame 30 at 60 fps), so a frame number that depends on fps.
            return make(.text, "frame", nil, "Spread: select the title at frame F (0 ... \(SceneLimits.maxFrame)), or never.")
        case .deselectAt:
            // Unset: 2 s after --select-at (frame 150 at 60 fps with the default select).
            return make(.text, "frame", nil, "Spread: deselect it at frame F (after --select-at), or never.")
        case .texts:
            return make(.text, "", .string(morph.texts.joined(separator: ",")), "Morph: the texts to cycle through, comma-separated.")
        case .interval:
            // Accepted: the longest character animation (1.35 s) ... 1000000 s; the slider covers
            // 1.35 ... 60. The lower end is rounded up to the kept decimals so it is never refused.
            let shortest = (morph.longestAnimation * 100).rounded(.up) / 100
            return make(.slider(min: shortest, max: 60, step: 0.05, decimals: 2), "s", number(morph.interval),
                        "Morph: seconds between changes, 1.35 ... 1000000.")
        case .effect:
            return make(.choice(names(MorphEffect.self)), "", .string(morph.effect.rawValue), "Morph: fall, scale or evaporate.")
        case .seed:
            // Whole numbers below 1e15 are read exactly; negatives are refused.
            return make(.integer(min: 0, max: 999_999_999_999_999), "", number(Double(morph.seed)),
                        "Morph: seed of the random durations and delays, 0 ... 999999999999999.")
        }
    }
}

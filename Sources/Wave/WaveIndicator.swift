import Layers
import Raster
import SceneKit
import Vector

/// The wave fill as a `Scene`: a container (text or mask image), the parameters, and the fast
/// closed-form `WaveRenderer` (held to the layer version, `WaveLayerScene`, by tests).
///
/// Frame n shows tick n at timestamp n / fps. Actions tune the parameters live, as the simulator's
/// keys do (amplitude, phase step, frequency, a fixed or repeating fill level, frame- or time-based
/// stepping); the container is laid out again only when the canvas changes.
public final class WaveIndicator: Scene {
    /// The container the waves are masked by.
    public let source: ContainerSource
    /// The parameters the scene was made with (canvas in points when resized at a scale).
    public let initialParameters: WaveParameters
    /// The parameters in effect, after actions, in points.
    public var parameters: WaveParameters { tuner.parameters }
    /// The wave model for the current canvas (pixels).
    public private(set) var model: WaveScene
    private var fast: WaveRenderer
    // A stack of waves or a water gradient: the general fast path (nil for the classic pair).
    private var stacked: WaveStackRenderer?
    // With a label or a border: the waves alone, redrawn by changed rows, and the buffer the last
    // `renderChanges` drew the overlays into.
    private var waveFrame = Pixmap(width: 0, height: 0)
    private var overlaidBuffer: UnsafeRawPointer?
    private var labels: [WaveLabel] = []
    private var previousFrontBand = 0 ..< 0
    private var previousFront: [Double] = []
    private var border: Coverage?
    // Fills or shadows (`usesLayerPaint`): the layer version of the scene drawn by the engine's
    // fast renderer (which the reference renderer holds within 1/255), labels and ring included.
    private var layered: WaveLayerScene?
    private let layeredRenderer = FastLayerRenderer()
    private var layout: ContainerLayout
    private var tuner: WaveTuner
    private var scale = 1.0

    /// Lays out `source` for `parameters`; throws a `SettingError` naming the setting at fault.
    public init(parameters: WaveParameters, source: ContainerSource) throws {
        try parameters.validate()
        self.source = source
        initialParameters = parameters
        tuner = WaveTuner(parameters: parameters)
        layout = try source.layout(for: parameters)
        model = try WaveScene(parameters: parameters, layout: layout)
        fast = WaveRenderer(scene: model)
        stacked = Self.stackRenderer(model)
        labels = try WaveLabel.all(scene: model)
        border = try WaveBorder.coverage(layout, parameters: parameters)
        layered = parameters.usesLayerPaint ? WaveLayerScene(scene: model) : nil
    }

    public var kind: String { "wave" }
    public var width: Int { model.parameters.width }
    public var height: Int { model.parameters.height }
    public var fps: Double { model.parameters.fps }

    /// Periodic with the exact repeat (phase period with the rise); still when neither the level nor
    /// the surface moves (a fixed progress with amplitude 0).
    public var timeline: SceneTimeline {
        let p = model.parameters
        if let transitions = model.transitions {
            // The level moves until the last transition ends; the phase runs on.
            let speed = abs(p.isTimeBased ? p.effectivePhaseSpeed : p.phaseStep * fps)
            let end = transitions.endFrame
            if model.amplitude == 0 || speed == 0 { return .once(frames: end + 1) }
            return .periodic(frames: model.phasePeriodFrames, seconds: 360 / speed, start: end)
        }
        if model.parameters.progress != nil && model.amplitude == 0 { return .still }
        if let n = model.repeatLength(limit: 1_000_000) {
            return .periodic(frames: n, seconds: Double(n) / fps, start: 0)
        }
        return .periodic(frames: nil, seconds: model.parameters.effectiveRiseDuration, start: 0)
    }

    /// With transitions: the whole motion from frame 0, then one phase period
    /// (`WaveScene.defaultVectorFrames`).
    public var defaultExportFrames: Int? {
        model.transitions == nil ? nil : model.defaultVectorFrames(fps: fps)
    }

    public func render(frame n: Int, into pixmap: inout Pixmap) {
        if renderer == .reference { pixmap = referenceFrame(n); return }
        if let layered {
            layered.update(frame: n)
            layeredRenderer.invalidate()
            layered.render(with: layeredRenderer, into: &pixmap)
            return
        }
        model.update(frame: n)
        if let stacked { stacked.render(into: &pixmap) } else { fast.render(into: &pixmap) }
        if let border { WaveBorder.composite(border, color: model.parameters.borderColor, over: &pixmap) }
        drawLabel(into: &pixmap)
    }

    /// The labels over the fast frame: each re-shaped only when its shown text changes.
    private func drawLabel(into pixmap: inout Pixmap) {
        for label in labels {
            _ = try? label.prepare(progress: model.state.progress)
            label.composite(over: &pixmap, scene: model)
        }
    }

    public func renderChanges(frame n: Int, into pixmap: inout Pixmap) -> Range<Int> {
        if renderer == .reference { pixmap = referenceFrame(n); return 0 ..< height }
        if let layered {
            layered.update(frame: n)
            return layered.render(with: layeredRenderer, into: &pixmap)
        }
        model.update(frame: n)
        guard !labels.isEmpty || border != nil else { return renderWavesDirty(into: &pixmap) }
        // The waves' changed rows go into a frame of their own; those rows are copied out and the
        // ring and the label drawn over them (the wave renderer rewrites parts of rows, and the
        // overlays must be drawn once over a whole row). A new label text, or another buffer, takes
        // every row.
        var textChanged = false
        for label in labels where (try? label.prepare(progress: model.state.progress)) ?? true { textChanged = true }
        var rows = renderWavesDirty(into: &waveFrame)
        // A label outside the container's rows splits at the front wave too: the rows where the
        // surface was or is and a label lies are redrawn.
        let band = frontBand(), moving = min(band.lowerBound, previousFrontBand.lowerBound) ..< max(band.upperBound, previousFrontBand.upperBound)
        previousFrontBand = band
        // Unchanged samples (a still surface) move nothing.
        let moved = model.front.withUnsafeBufferPointer { f -> Bool in
            guard previousFront.count == f.count else { previousFront = Array(f); return true }
            return previousFront.withUnsafeMutableBufferPointer { q in
                var changed = false
                for k in 0 ..< f.count where q[k] != f[k] { q[k] = f[k]; changed = true }
                return changed
            }
        }
        for label in labels where moved {
            let r = label.rows.clamped(to: moving)
            if !r.isEmpty { rows = rows.isEmpty ? r : min(rows.lowerBound, r.lowerBound) ..< max(rows.upperBound, r.upperBound) }
        }
        if pixmap.width != width || pixmap.height != height { pixmap = Pixmap(width: width, height: height) }
        let target = pixmap.bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        if textChanged || target != overlaidBuffer { rows = 0 ..< height }
        guard !rows.isEmpty else { return rows }
        let rowBytes = width * 4
        waveFrame.bytes.withUnsafeBytes { src in
            pixmap.bytes.withUnsafeMutableBytes { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                (d + rows.lowerBound * rowBytes).copyMemory(from: s + rows.lowerBound * rowBytes, byteCount: rows.count * rowBytes)
            }
        }
        let p = model.parameters
        if let border { WaveBorder.composite(border, color: p.borderColor, over: &pixmap, rows: rows) }
        for label in labels { label.composite(over: &pixmap, scene: model, within: rows) }
        overlaidBuffer = pixmap.bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        return rows
    }

    /// The canvas rows the front wave's surface crosses this tick.
    private func frontBand() -> Range<Int> {
        var lo = Double.infinity, hi = -Double.infinity
        model.front.withUnsafeBufferPointer { f in for y in f { lo = min(lo, y); hi = max(hi, y) } }
        let a = Int(max(0, min(Double(height), lo.rounded(.down)))), b = Int(max(0, min(Double(height), hi.rounded(.up))))
        return a ..< max(a, b)
    }

    /// Frame `n` drawn by the layer version of the scene and the reference `LayerRenderer`.
    private func referenceFrame(_ n: Int) -> Pixmap {
        let layers = WaveLayerScene(scene: model)
        layers.update(frame: n)
        return layers.render()
    }

    public var renderer: SceneRenderer = .fast { didSet { invalidate() } }

    /// Threads the wave's closed-form renderer splits large full frames across (damage-only
    /// frames, a few rows, stay on one).
    public var renderThreads = 1 { didSet { fast.threads = renderThreads; layeredRenderer.threads = renderThreads } }

    public func invalidate() {
        layeredRenderer.invalidate()
        fast.invalidate()
        stacked?.invalidate()
        overlaidBuffer = nil
    }

    /// The waves of the current tick by changed rows, through whichever fast path the scene uses.
    private func renderWavesDirty(into pixmap: inout Pixmap) -> Range<Int> {
        if let stacked { return stacked.renderDirty(into: &pixmap) }
        return fast.renderDirty(into: &pixmap)
    }

    /// The general fast path when the scene has a stack of waves or a water gradient.
    static func stackRenderer(_ scene: WaveScene) -> WaveStackRenderer? {
        scene.stack != nil || scene.parameters.waterGradient != nil ? WaveStackRenderer(scene: scene) : nil
    }

    public func resize(width: Int, height: Int, scale: Double) throws {
        guard scale.isFinite, scale > 0 else { throw SettingError("size", "scale \(scale) must be a positive number") }
        let logicalW = max(1, Int((Double(width) / scale).rounded()))
        let logicalH = max(1, Int((Double(height) / scale).rounded()))
        tuner.resize(width: logicalW, height: logicalH)
        self.scale = scale
        try rebuild(width: width, height: height, relayout: true)
    }

    /// The pixel parameters for the tuned ones at the current scale.
    private func pixelParameters(width: Int, height: Int) -> WaveParameters {
        var p = tuner.parameters
        p.width = width
        p.height = height
        if scale != 1 {
            p.fontSize = p.fontSize.map { $0 * scale }
            p.amplitude = p.amplitude.map { $0 * scale }
            p.waveWidth = p.waveWidth.map { $0 * scale }
            p.borderWidth = p.borderWidth.map { $0 * scale }
            p.borderGap *= scale
            p.placement = p.placement.scaled(scale)
            p.labelSize = p.labelSize.map { min($0 * scale, WaveParameters.labelSizeRange.upperBound) }
            p.labelOffsetX *= scale; p.labelOffsetY *= scale
            p.labelOutlineWidth = min(p.labelOutlineWidth * scale, LabelStyle.outlineRange.upperBound)
            p.waves = p.waves?.map { w in
                var w = w
                w.amplitude = w.amplitude.map { min($0 * scale, WaveParameters.amplitudeRange.upperBound) }
                return w
            }
        }
        return p
    }

    private func rebuild(width: Int, height: Int, relayout: Bool) throws {
        let p = pixelParameters(width: width, height: height)
        let l = relayout ? try source.layout(for: p) : layout
        let m = try WaveScene(parameters: p, layout: l)
        let newLabels = try WaveLabel.all(scene: m)
        let newBorder = relayout ? try WaveBorder.coverage(l, parameters: p) : border
        layout = l
        border = newBorder
        model = m
        fast = WaveRenderer(scene: m)
        fast.threads = renderThreads
        stacked = Self.stackRenderer(m)
        overlaidBuffer = nil
        labels = newLabels
        layered = p.usesLayerPaint ? WaveLayerScene(scene: m) : nil
        layeredRenderer.invalidate()
    }

    public var controls: [SceneControl] { Self.keys }

    public var background: Color { model.parameters.background }

    /// The simulator's tuning keys.
    public static let keys: [SceneControl] = [
        SceneControl(.up, .adjust("amplitude", 1), help: "up/down  amplitude +-1 px"),
        SceneControl(.down, .adjust("amplitude", -1), help: ""),
        SceneControl(.right, .adjust("phase-step", 1), help: "<- ->    phase step -+1 deg"),
        SceneControl(.left, .adjust("phase-step", -1), help: ""),
        SceneControl(.key("]"), .adjust("frequency", 1), help: "[ ]      frequency -+0.05"),
        SceneControl(.key("["), .adjust("frequency", -1), help: ""),
        SceneControl(.digits, .animate(0), help: "0-9      progress to 0-90 % (eased)"),
        SceneControl(.key("a"), .play, help: "a        repeating rise"),
        SceneControl(.key("m"), .adjust("reduced-motion", 1), help: "m        reduced motion on/off"),
        SceneControl(.verticalDrag, .scrub(0), help: "drag     progress"),
        SceneControl(.key("t"), .switchTiming, help: "t        frame / time-based"),
    ]

    public func perform(_ action: SceneAction, atFrame n: Int) -> String? {
        let tuning: WaveTuner.Action
        switch action {
        case .adjust("amplitude", let d): tuning = .amplitude(d)
        case .adjust("phase-step", let d): tuning = .phaseStep(d)
        case .adjust("frequency", let d): tuning = .frequency(d)
        case .scrub(let p): tuning = .progress(p)
        case .animate(let p):
            tuning = .animate(from: model.progress(index: n, timestamp: Double(n) / fps), to: p, frame: n)
        case .adjust("reduced-motion", _): tuning = .toggleReducedMotion
        case .play: tuning = .progress(nil)
        case .switchTiming: tuning = .toggleTimeBased
        default: return nil
        }
        let before = tuner
        // The amplitude as set, before reduced motion halves it.
        let change = tuner.apply(tuning, amplitude: model.amplitude * (model.reducedMotion ? 2 : 1) / scale)
        if change.parametersChanged {
            do { try rebuild(width: width, height: height, relayout: false) } catch {
                tuner = before
                return "unchanged: \(error)"
            }
        }
        return change.line
    }

    public func status(frame n: Int) -> [String] {
        let phase = model.phaseDegrees(index: n, timestamp: Double(n) / fps)
        let progress = model.progress(index: n, timestamp: Double(n) / fps)
        return ["phase \(StatusText.fixed(phase, 1)) deg  progress \(StatusText.fixed(progress, 3))",
                (model.parameters.isTimeBased ? "time-based" : "frame-based") + (model.reducedMotion ? "  reduced motion" : "")]
    }


    /// The tuned settings that differ from the initial ones.
    public var adjustedSettings: [String: SettingValue] {
        let a = initialParameters, b = tuner.parameters
        var out: [String: SettingValue] = [:]
        func put(_ key: String, _ x: Double?, _ y: Double?) {
            guard x != y else { return }
            out[key] = y.map { .number($0) } ?? .unset
        }
        put("amplitude", a.amplitude, b.amplitude)
        put("frequency", a.frequency, b.frequency)
        put("phase-step", a.phaseStep, b.phaseStep)
        put("phase-speed", a.phaseSpeed, b.phaseSpeed)
        put("rise-duration", a.riseDuration, b.riseDuration)
        if let target = tuner.animatedTarget {
            // A level the keys animated to: the command line shows where it settles.
            out["progress"] = .number(target)
            if a.progressTo != nil { out["progress-to"] = .unset }
            if a.progressAt != nil { out["progress-at"] = .unset }
        } else {
            put("progress", a.progress, b.progress)
        }
        if a.reducedMotion != b.reducedMotion { out["reduced-motion"] = .bool(b.reducedMotion) }
        return out
    }

    /// `adjustedSettings`, with a level the keys are still animating at frame `n` given as the level
    /// frame `n` shows.
    public func adjustedSettings(atFrame n: Int) -> [String: SettingValue] {
        var out = adjustedSettings
        if let target = tuner.animatedTarget {
            let level = model.progress(index: n, timestamp: Double(n) / fps)
            if level != target { out["progress"] = .number(level) }
        }
        return out
    }
}

extension WaveIndicator: VectorScene {
    /// The wave's layer tree as Lottie (`WaveVector.lottie`); it starts at frame 0 (`start` must be 0).
    public func lottieDocument(start: Int, frames: Int, masks: LottieMaskForm) throws -> String {
        try refuseLayerPaint("Lottie")
        guard start == 0 else { throw SettingError("start", "a Lottie document of the wave starts at frame 0") }
        try refuseUnexported(format: "a Lottie document", labelLayout: true)
        return try WaveVector.lottie(scene: model, frames: frames, masks: masks)
    }

    /// Frame `frame` as a still SVG (`WaveVector.svg(scene:frame:)`).
    public func svgDocument(frame: Int) throws -> String {
        try refuseUnexported(format: "an SVG", labelLayout: true)
        try refuseLayerPaint("SVG")
        return try WaveVector.svg(scene: model, frame: frame)
    }

    /// The wave's animated SVG (`WaveVector.svg(scene:frames:)`); it starts at frame 0 (`start` must be 0).
    public func svgDocument(start: Int, frames: Int) throws -> String {
        try refuseLabel()
        try refuseUnexported(format: "an animated SVG", labelLayout: true)
        try refuseLayerPaint("SVG")
        guard start == 0 else { throw SettingError("start", "an animated SVG of the wave starts at frame 0") }
        return try WaveVector.svg(scene: model, frames: frames)
    }
}

extension WaveIndicator {
    /// The wave's vector writer draws flat colours and the vertical water gradient only: a fill or
    /// a shadow is one line naming its flag.
    func refuseLayerPaint(_ format: String) throws {
        let p = model.parameters
        let set: [(String, Bool)] = [("water-fill", p.waterFill != nil), ("container-fill", p.containerFill != nil),
                                     ("background-fill", p.backgroundFill != nil), ("border-fill", p.borderFill != nil),
                                     ("container-shadow", p.containerShadow != nil), ("border-shadow", p.borderShadow != nil),
                                     ("wave-shadow", p.waveShadow != nil), ("wave", (p.waves ?? []).contains { $0.fill != nil })]
        if let key = set.first(where: \.1)?.0 {
            throw SettingError(key, "the wave's \(format) export cannot hold fills or shadows; export frames (PNG, GIF, APNG, video) or leave out --\(key)")
        }
    }

    /// What the wave's own vector writers cannot draw yet, in one line naming the flag: more than
    /// one label, a label's outline, a wave's own level (where the writer lifts all waves as one),
    /// and (`labelLayout`) a label placed, aligned, shrunk or broken into lines otherwise than
    /// centred on one line.
    func refuseUnexported(format: String, labelLayout: Bool) throws {
        let p = model.parameters
        if !p.extraLabels.isEmpty { throw SettingError("extra-label", "\(format) of the wave holds one label; leave out --extra-label or render frames") }
        if p.label != nil, p.labelOutlineWidth > 0 {
            throw SettingError("label-outline-width", "\(format) of the wave cannot hold the label's outline; leave out --label-outline-width or render frames")
        }
        if model.hasWaveLevels {
            throw SettingError("wave", "\(format) of the wave lifts every wave to one level; leave out level= or render frames")
        }
        guard labelLayout, let label = p.label else { return }
        let laid: [(String, Bool)] = [
            ("label-position", p.labelPosition != .center), ("label-offset", p.labelOffsetX != 0 || p.labelOffsetY != 0),
            ("label-align", p.labelAlign != nil), ("label-baseline", p.labelBaseline != nil), ("label-fit", p.labelFit != .none),
            ("label", label.contains("\n")),
        ]
        if let (flag, _) = laid.first(where: \.1) {
            throw SettingError(flag, "\(format) of the wave holds the label centred on one line; leave out --\(flag) or render frames")
        }
    }

    /// The animated SVG is not shown to hold the progress label: one line naming the flag.
    func refuseLabel() throws {
        if model.parameters.label != nil {
            throw SettingError("label", "an animated SVG cannot hold the progress label; export a still SVG of one frame (--frame K) or Lottie, or leave out --label")
        }
    }
}

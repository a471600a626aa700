import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// The scene a command line (or a panel, or a test) asks for: settings layered as defaults ->
/// preset -> flags for every scene, the scene they make, and the preset and command line that make
/// it again.
///
/// The preset names the scene it was saved for (`"scene"`; a preset without one is the wave's).
/// Without `--preset`, the wave starts from the built-in default preset and the other scenes from
/// their own defaults. A setting of another scene is refused, naming the flag (or the preset file
/// and key) and the scenes it belongs to.
public struct SceneSetup: Sendable {
    /// The effective settings (preset + flags).
    public let settings: SceneSettings
    /// The scene they describe.
    public let kind: SceneKind
    /// The flags as given (without the preset under them).
    public let flags: SceneSettings
    /// The preset asked for (`--preset`), if any.
    public let preset: String?

    /// Layers `flags` over the preset `preset` (a built-in name or a FILE.json; nil: the default).
    public init(flags: SceneSettings, preset: String?) throws {
        let flagScene = try flags.string(.scene).map { try Self.kind($0, from: flags) }
        var base = SceneSettings()
        var presetScene: SceneKind?
        if let preset {
            base = try PresetLibrary.load(preset)
            presetScene = try base.string(.scene).map { try Self.kind($0, from: base) } ?? .wave
        } else if (flagScene ?? .wave) == .wave {
            base = try PresetLibrary.load(PresetLibrary.defaultName)
        }
        if let flagScene, let presetScene, let preset, flagScene != presetScene {
            throw ParameterError("--scene", "'\(flagScene.rawValue)', but the preset '\(preset)' is for the \(presetScene.rawValue) scene; give a preset of the \(flagScene.rawValue) scene or leave out one of them")
        }
        kind = flagScene ?? presetScene ?? .wave
        self.flags = flags
        self.preset = preset
        settings = base.overlaid(with: flags)
        for key in settings.keys where !key.scenes.contains(kind) {
            let owners = SceneKind.allCases.filter { key.scenes.contains($0) }.map(\.rawValue).joined(separator: " or ")
            throw settings.error(key, "applies to --scene \(owners) only (the scene is \(kind.rawValue))")
        }
    }

    private static func kind(_ name: String, from s: SceneSettings) throws -> SceneKind {
        guard let k = SceneKind(rawValue: name) else {
            throw s.error(.scene, "'\(name)' is not a scene; expected one of \(SceneKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return k
    }

    /// The clock rate of the settings.
    public func fps() throws -> Double { try settings.parameters().fps }

    /// Makes the scene; errors name the flag or the preset file and key at fault. Nothing is written.
    public func makeScene() throws -> any Scene {
        do {
            return try makeUnmapped()
        } catch let e as SettingError {
            if let key = SceneKey(rawValue: e.key) { throw settings.error(key, e.message) }
            throw ParameterError(e)
        } catch let e as TextError {
            throw textError(e)
        }
    }

    private func textError(_ e: TextError, textKey: SceneKey = .text) -> ParameterError {
        switch e {
        case .emptyText, .missingCharacters, .noInk: return settings.error(kind == .morph ? .texts : textKey, e.description)
        case .badSize: return settings.error(.fontSize, e.description)
        default: return settings.error(.font, e.description)
        }
    }

    /// The font file the settings ask for: `font`, else the default found by fontconfig.
    public func fontPath() throws -> String {
        if let f = try settings.string(.font) { return f }
        return try Self.defaultFont()
    }

    /// The default font (DejaVu Sans Bold) through fontconfig, or a line saying how to install it.
    public static func defaultFont() throws -> String {
        guard let f = FontLocator.defaultFont() else { throw ParameterError("--font", FontLocator.installHint) }
        return f
    }

    private func makeUnmapped() throws -> any Scene {
        let wave = try settings.parameters()        // size, text, fps, font-size, progress, colours checked
        if kind == .wave { return try makeWave(wave) }
        let canvas = SceneCanvas(width: wave.width, height: wave.height, background: wave.background, fontSize: wave.fontSize)
        let face = try FontFace(path: try fontPath())
        let color = try settings.colour(.textColor)
        switch kind {
        case .wave:
            return try makeWave(wave)
        case .marquee:
            var p = MarqueeParameters()
            let runs = try settings.strings(.run) ?? []
            let caption = try settings.string(.text) ?? MarqueeParameters.defaultCaption
            p.runs = runs.isEmpty ? [.init(text: caption, color: color ?? .black)]
                : try runs.map { try Self.styledRun($0, color: color ?? .black, settings: settings) }
            p.rate = try settings.number(.rate)
            p.scrollDuration = try settings.number(.scrollDuration)
            p.fadeLength = try settings.number(.fadeLength)
            p.leadingBuffer = try settings.number(.leadingBuffer) ?? 0
            p.trailingBuffer = try settings.number(.trailingBuffer) ?? 0
            p.delay = try settings.number(.delay) ?? 0
            p.direction = try choice(.direction, default: .left)
            p.scroll = try choice(.scroll, default: .continuous)
            p.forceScroll = try settings.bool(.forceScroll) ?? false
            // The document's speed gives a period that is seldom whole frames; unless a speed or a
            // duration was asked for, the scroll is rounded to whole frames so the loop exports exactly.
            p.wholeFramesAt = wave.fps
            return try MarqueeScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .stroke:
            var p = StrokeParameters()
            if let t = try settings.string(.text) { p.text = t }
            p.progress = wave.progress
            if let color { p.fillColor = color }
            if let w = try settings.number(.strokeWidth) { p.lineWidth = w }
            if let c = try settings.colour(.strokeColor) { p.strokeColor = c }
            p.lineJoin = try choice(.lineJoin, default: p.lineJoin)
            p.lineCap = try choice(.lineCap, default: p.lineCap)
            if let m = try settings.number(.miterLimit) { p.miterLimit = m }
            return try StrokeScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .spread:
            var p = SpreadParameters()
            if let t = try settings.string(.text) { p.text = t }
            if let color { p.textColor = color }
            let select = try frameOrNever(.selectAt), deselect = try frameOrNever(.deselectAt)
            if let select {
                p.selectAt = select.map { Double($0) / wave.fps }
                // Without its own deselect, a title selected at another time deselects 2 s later.
                if deselect == nil { p.deselectAt = p.selectAt.map { $0 + SpreadParameters.defaultHold } }
            }
            if let deselect { p.deselectAt = deselect.map { Double($0) / wave.fps } }
            return try SpreadScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        case .morph:
            var p = MorphParameters()
            if let t = try settings.string(.texts) { p.texts = t.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            if let i = try settings.number(.interval) { p.interval = i }
            p.effect = try choice(.effect, default: .fall)
            if let s = try settings.integer(.seed) {
                guard s >= 0 else { throw settings.error(.seed, "\(s) is negative; expected a whole number >= 0") }
                p.seed = UInt64(s)
            }
            if let color { p.color = color }
            return try MorphScene(canvas: canvas, parameters: p, face: face, fps: wave.fps)
        }
    }

    private func makeWave(_ p: WaveParameters) throws -> WaveIndicator {
        if let outline = try containerOutline() {
            return try WaveIndicator(parameters: p, source: .outline(outline))
        }
        if let maskImage = try settings.string(.maskImage) {
            let img: (width: Int, height: Int, rgba: [UInt8])
            do { img = try PNGFile.readStraightRGBA(maskImage, maxSide: SceneLimits.maxCanvasSide) } catch {
                throw settings.error(.maskImage, "\(error); expected a PNG file")
            }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            return try WaveIndicator(parameters: p, source: .mask(MaskImage(width: img.width, height: img.height, alpha: alpha)))
        }
        var q = p
        q.fontPath = try fontPath()
        let face = try FontFace(path: q.fontPath ?? "")
        return try WaveIndicator(parameters: q, source: .text(try TextShaper(text: q.text, face: face)))
    }

    /// A frame number (>= 0) or `never` (`.some(nil)`); nil when not set.
    private func frameOrNever(_ key: SceneKey) throws -> Int?? {
        switch settings.values[key] {
        case nil: return nil
        case .string(let s)? where s == "never": return .some(nil)
        case .string(let s)?:
            guard let n = Int(s) else { throw settings.error(key, "'\(s)' is not a frame number >= 0 or never") }
            guard n >= 0 else { throw settings.error(key, "\(n) is negative; expected a frame number >= 0 or never") }
            return .some(n)
        case .number(let v)?:
            guard v == v.rounded(), v >= 0, v <= 1e9 else { throw settings.error(key, "\(JSONText.number(v)) is not a frame number in 0 ... 1000000000 or never") }
            return .some(Int(v))
        default:
            throw settings.error(key, "expected a frame number >= 0 or never")
        }
    }

    /// One of an enum's names, or a one-line error listing them.
    func choice<E: RawRepresentable & CaseIterable>(_ key: SceneKey, default d: E) throws -> E where E.RawValue == String {
        guard let value = try settings.string(key) else { return d }
        guard let v = E(rawValue: value) else {
            throw settings.error(key, "'\(value)' is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    /// Parses a styled run `TEXT|#COLOUR|SIZE|FONT` (all but the text optional; empty fields take the
    /// defaults).
    static func styledRun(_ spec: String, color: Color, settings: SceneSettings) throws -> MarqueeParameters.Run {
        let parts = spec.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard let text = parts.first, !text.isEmpty else {
            throw settings.error(.run, "'\(spec)' has no text; expected TEXT|#COLOUR|SIZE|FONT")
        }
        var run = MarqueeParameters.Run(text: text, color: color)
        if parts.count > 1, !parts[1].isEmpty {
            guard parts[1].hasPrefix("#"), let c = Color(hex: parts[1]) else {
                throw settings.error(.run, "'\(parts[1])' is not a colour; expected #RRGGBB or #RRGGBBAA")
            }
            run.color = c
        }
        if parts.count > 2, !parts[2].isEmpty {
            guard let size = Double(parts[2]), size.isFinite, size > 0, size <= SceneLimits.maxFontSize else {
                throw settings.error(.run, "size '\(parts[2])' in '\(spec)' is not a number of px in (0, \(Int(SceneLimits.maxFontSize))]")
            }
            run.size = size
        }
        if parts.count > 3, !parts[3].isEmpty {
            do { run.font = try FontFace(path: parts[3]) } catch { throw settings.error(.run, "\(error)") }
        }
        return run
    }

    // MARK: - Presets and command lines

    /// The preset JSON of these settings with `adjusted` (a scene's live changes) laid over them.
    public func presetJSON(adjusted: [String: SettingValue] = [:]) throws -> String {
        let s = settings.overlaid(with: SceneSettings(adjusted))
        if kind == .wave {
            var p = try s.parameters()
            p.fontPath = try s.string(.font)
            return SceneSettings.presetJSON(p, container: s)
        }
        return s.presetJSON(kind: kind)
    }

    /// Writes `presetJSON()` to `path` (a .json name), through a temporary file and a rename; an
    /// existing file is kept unless `force`.
    public func savePreset(to path: String, force: Bool) throws {
        try Self.checkPresetPath(path, force: force)
        let json = try presetJSON()
        do { try AtomicFile.write(Array(json.utf8), to: path) } catch {
            throw ParameterError("--save-preset", "\(error)")
        }
    }

    /// Refuses a preset path that is not a .json name, is a directory, or exists without `force`
    /// (checked before anything is written).
    public static func checkPresetPath(_ path: String, force: Bool) throws {
        guard path.lowercased().hasSuffix(".json"), !path.hasSuffix("/") else {
            throw ParameterError("--save-preset", "'\(path)' does not end in .json")
        }
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFREG else { throw ParameterError("--save-preset", "'\(path)' exists and is not a regular file") }
            if !force { throw ParameterError("--save-preset", "'\(path)' exists; pass --force to overwrite") }
        }
    }

    /// `wavefill SUBCOMMAND` with the flags that make these settings (plus `adjusted`) again.
    public func commandLine(subcommand: String, adjusted: [String: SettingValue] = [:]) -> String {
        let s = settings.overlaid(with: SceneSettings(adjusted))
        var line = "wavefill " + subcommand
        if kind != .wave { line += " --scene " + kind.rawValue }
        if kind == .wave, var p = try? s.parameters() {
            p.fontPath = try? s.string(.font)
            let words = Self.droppingTextArguments(p.commandLineArguments, for: s) + Self.containerArguments(s)
            line += words.isEmpty ? "" : " " + words.map(WaveParameters.shellQuoted).joined(separator: " ")
            return line
        }
        for key in SceneKey.keys(of: kind) where key != .scene {
            guard let v = s.values[key] else { continue }
            switch v {
            case .string(let t): line += " \(key.flag) " + WaveParameters.shellQuoted(t)
            case .number(let n): line += " \(key.flag) " + JSONText.number(n)
            case .bool(let b): if b { line += " \(key.flag)" }
            case .strings(let a): for t in a { line += " \(key.flag) " + WaveParameters.shellQuoted(t) }
            }
        }
        return line
    }
}

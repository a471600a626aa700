import WaveFill
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Scene settings as layers of key/value pairs: a preset's, then the command line's on top.
///
/// Each value remembers where it came from, so an error names the flag (`--amplitude: ...`) or the
/// preset file and key (`--preset: 'mine.json': "amplitude": ...`). Keys not set in any layer take
/// SCENE.md's defaults (`WaveParameters()`).
public struct SceneSettings: Equatable, Sendable {
    /// A setting's value as given: text or a number.
    public enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case strings([String])
    }

    /// The values set in this layer.
    private(set) var values: [SceneKey: Value] = [:]
    /// For values that came from a preset: the file (or built-in name) they came from.
    private(set) var presetOrigin: [SceneKey: String] = [:]

    /// No settings.
    public init() {}

    /// Settings from a scene's live changes (`Scene.adjustedSettings`); unknown keys are left out,
    /// and `unset` removes a value.
    public init(_ adjusted: [String: SettingValue]) {
        for (k, v) in adjusted {
            guard let key = SceneKey(rawValue: k) else { continue }
            switch v {
            case .string(let s): values[key] = .string(s)
            case .number(let n): values[key] = .number(n)
            case .bool(let b): values[key] = .bool(b)
            case .unset: unsets.insert(key)
            }
        }
    }

    /// Keys this layer removes from the layers below it.
    private(set) var unsets: Set<SceneKey> = []

    /// The keys that have a value.
    public var keys: [SceneKey] { SceneKey.allCases.filter { values[$0] != nil } }

    /// Sets `key` as given on the command line.
    public mutating func set(_ key: SceneKey, _ value: Value) {
        values[key] = value
        presetOrigin[key] = nil
    }

    /// Removes `key` from this layer (it takes its default, or the value of a layer below).
    public mutating func unset(_ key: SceneKey) {
        values[key] = nil
        presetOrigin[key] = nil
    }

    /// The value of `key` in this layer, as given.
    public func value(_ key: SceneKey) -> Value? { values[key] }

    /// `self` with every value of `top` laid over it.
    public func overlaid(with top: SceneSettings) -> SceneSettings {
        var s = self
        for k in top.unsets { s.values[k] = nil; s.presetOrigin[k] = nil }
        for (k, v) in top.values {
            s.values[k] = v
            s.presetOrigin[k] = top.presetOrigin[k]
        }
        return s
    }

    // MARK: - Reading values, with errors naming where they came from

    /// A `ParameterError` for `key`: naming the flag, or the preset file and key.
    public func error(_ key: SceneKey, _ message: String) -> ParameterError {
        if let file = presetOrigin[key] { return Self.presetError(file, "\"\(key.rawValue)\": \(message)") }
        return ParameterError(key.flag, message)
    }

    /// An error about a preset file, reported under `--preset`.
    public static func presetError(_ file: String, _ message: String) -> ParameterError {
        ParameterError("--preset", "'\(file)': \(message)")
    }

    public func string(_ key: SceneKey) throws -> String? {
        switch values[key] {
        case nil: return nil
        case .string(let s)?: return s
        case .number(let v)?: throw error(key, "expected a string, got the number \(JSONText.number(v))")
        case .bool?, .strings?: throw error(key, "expected a string")
        }
    }

    public func number(_ key: SceneKey) throws -> Double? {
        switch values[key] {
        case nil: return nil
        case .number(let v)?: return v
        case .string(let s)?: throw error(key, "expected a number, got the string \(JSONText.quoted(s))")
        case .bool?, .strings?: throw error(key, "expected a number")
        }
    }

    public func bool(_ key: SceneKey) throws -> Bool? {
        switch values[key] {
        case nil: return nil
        case .bool(let b)?: return b
        default: throw error(key, "expected true or false")
        }
    }

    public func strings(_ key: SceneKey) throws -> [String]? {
        switch values[key] {
        case nil: return nil
        case .strings(let a)?: return a
        case .string(let s)?: return [s]
        default: throw error(key, "expected a list of strings")
        }
    }

    public func integer(_ key: SceneKey) throws -> Int? {
        guard let v = try number(key) else { return nil }
        guard v == v.rounded(), abs(v) < 1e15 else { throw error(key, "\(v) is not a whole number") }
        return Int(v)
    }

    public func colour(_ key: SceneKey) throws -> Color? {
        guard let s = try string(key) else { return nil }
        guard s.hasPrefix("#"), let c = Color(hex: s) else {
            throw error(key, "'\(s)' is not a colour; expected #RRGGBB or #RRGGBBAA")
        }
        return c
    }

    /// The parameters these settings describe, validated; errors name the flag or the preset key.
    public func parameters() throws -> WaveParameters {
        var p = WaveParameters()
        if let s = try string(.size) {
            do { (p.width, p.height) = try Self.parseSize(s) } catch let e as ParameterError {
                throw error(.size, e.message)
            }
        }
        if let t = try string(.text) { p.text = t }
        p.fontPath = try string(.font)
        p.fontSize = try number(.fontSize)
        p.amplitude = try number(.amplitude)
        if let v = try number(.frequency) { p.frequency = v }
        p.waveWidth = try number(.waveWidth)
        if let v = try number(.phaseStep) { p.phaseStep = v }
        p.phaseSpeed = try number(.phaseSpeed)
        if let v = try integer(.riseFrames) { p.riseFrames = v }
        p.riseDuration = try number(.riseDuration)
        if let v = try number(.fps) { p.fps = v }
        p.progress = try number(.progress)
        if let c = try colour(.background) { p.background = c }
        if let c = try colour(.container) { p.container = c }
        if let c = try colour(.backWave) { p.backWave = c }
        if let c = try colour(.frontWave) { p.frontWave = c }
        try readLabel(into: &p)
        do { try p.validate() } catch let e as SettingError {
            // Validation names the key; a value that came from a preset is reported as the preset's.
            if let key = SceneKey(rawValue: e.key) { throw error(key, e.message) }
            throw ParameterError(e)
        }
        return p
    }

    // MARK: - Presets as JSON

    /// Reads a preset: a JSON object whose keys are the long flag names without dashes. Relative
    /// paths (`font`, `mask-image`, `svg`) are taken from `directory`. `null` leaves a key at its default.
    public static func preset(json data: [UInt8], file: String, directory: String?) throws -> SceneSettings {
        let object: [String: PresetJSONValue]
        do {
            object = try JSONDecoder().decode([String: PresetJSONValue].self, from: Data(data))
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            throw presetError(file, "expected a JSON object {\"key\": value, ...} at the top level")
        } catch let DecodingError.valueNotFound(_, context) where context.codingPath.isEmpty {
            throw presetError(file, "expected a JSON object {\"key\": value, ...} at the top level")
        } catch let e as DecodingError {
            throw presetError(file, "malformed JSON (\(Self.summary(of: e)))")
        } catch {
            throw presetError(file, "malformed JSON")
        }
        var s = SceneSettings()
        for name in object.keys.sorted() {
            guard let key = SceneKey(rawValue: name) else {
                let hint = SceneKey.lookalike(of: name).map { " (did you mean \"\($0.rawValue)\"?)" } ?? ""
                throw presetError(file, "unknown key \(JSONText.quoted(name))\(hint); keys are the long flags without dashes: "
                                  + SceneKey.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let bad = { (what: String) in presetError(file, "\"\(name)\": \(what)") }
            switch (object[name], key.kind) {
            case (.null?, _), (nil, _):
                continue
            case (.string(let v)?, .string), (.string(let v)?, .colour):
                s.values[key] = .string(v)
            case (.string(let v)?, .path):
                let resolved = v.hasPrefix("/") || directory == nil || v.isEmpty ? v : directory.map { $0 + "/" + v } ?? v
                s.values[key] = .string(resolved)
            case (.number(let v)?, .number), (.number(let v)?, .integer):
                s.values[key] = .number(v)
            case (.number(let v)?, .frameOrNever):
                s.values[key] = .number(v)
            case (.string(let v)?, .frameOrNever):
                s.values[key] = .string(v)
            case (let v?, .frameOrNever):
                throw bad("expected a frame number or \"never\", got \(v.summary)")
            case (.bool(let b)?, .bool):
                s.values[key] = .bool(b)
            case (.strings(let a)?, .list):
                s.values[key] = .strings(a)
            case (.string(let v)?, .list):
                s.values[key] = .strings([v])
            case (let v?, .bool):
                throw bad("expected true or false, got \(v.summary)")
            case (let v?, .list):
                throw bad("expected an array of strings, got \(v.summary)")
            case (let v?, .number), (let v?, .integer):
                throw bad("expected a number, got \(v.summary)")
            case (let v?, .colour):
                throw bad("expected a colour string \"#RRGGBB\" or \"#RRGGBBAA\", got \(v.summary)")
            case (let v?, _):
                throw bad("expected a string, got \(v.summary)")
            }
            s.presetOrigin[key] = file
        }
        return s
    }

    /// The preset JSON of `p` (every key, in flag order; `null` for what is derived or off), with the
    /// container settings of `container` (`mask-image`, `shape`, `corner-radius`, `path`, `svg`,
    /// `fill-rule`). Paths are written absolute so the file works from anywhere.
    public static func presetJSON(_ p: WaveParameters, container: SceneSettings) -> String {
        func path(_ s: String?) -> String {
            guard let s else { return "null" }
            return JSONText.quoted(absolutePath(s))
        }
        func num(_ v: Double?) -> String { v.map(JSONText.number) ?? "null" }
        func string(_ s: String?) -> String { s.map(JSONText.quoted) ?? "null" }
        func given(_ k: SceneKey) -> String? { (try? container.string(k)) ?? nil }
        var entries: [(SceneKey, String)] = [
            (.scene, JSONText.quoted(SceneKind.wave.rawValue)),
            (.size, JSONText.quoted("\(p.width)x\(p.height)")),
            (.text, JSONText.quoted(p.text)),
            (.font, path(p.fontPath)),
            (.fontSize, num(p.fontSize)),
            (.maskImage, path(given(.maskImage))),
            (.shape, string(given(.shape))),
            (.cornerRadius, num((try? container.number(.cornerRadius)) ?? nil)),
            (.path, string(given(.path))),
            (.svg, path(given(.svg))),
            (.fillRule, string(given(.fillRule))),
            (.amplitude, num(p.amplitude)),
            (.frequency, num(p.frequency)),
            (.waveWidth, num(p.waveWidth)),
            (.phaseStep, num(p.phaseStep)),
            (.phaseSpeed, num(p.phaseSpeed)),
            (.riseFrames, String(p.riseFrames)),
            (.riseDuration, num(p.riseDuration)),
            (.fps, num(p.fps)),
            (.progress, num(p.progress)),
            (.background, JSONText.quoted(p.background.hex)),
            (.container, JSONText.quoted(p.container.hex)),
            (.backWave, JSONText.quoted(p.backWave.hex)),
            (.frontWave, JSONText.quoted(p.frontWave.hex)),
        ]
        // The label's keys are written only for a preset with a label.
        if let label = p.label {
            entries += [(.label, JSONText.quoted(label)), (.labelFont, string(p.labelFont)), (.labelSize, num(p.labelSize)),
                        (.labelColor, JSONText.quoted(p.labelColor.hex)), (.labelInsideColor, JSONText.quoted(p.labelInsideColor.hex))]
        }
        // Animated progress, fill mapping and reduced motion: written only when set.
        let d = WaveParameters()
        if let v = p.progressTo { entries.append((.progressTo, num(v))) }
        if let v = p.progressAt { entries.append((.progressAt, JSONText.quoted(v))) }
        if p.transition != d.transition { entries.append((.transition, num(p.transition))) }
        if p.easing != d.easing { entries.append((.easing, JSONText.quoted(p.easing))) }
        if p.fillMapping != d.fillMapping { entries.append((.fillMapping, JSONText.quoted(p.fillMapping.rawValue))) }
        if p.reducedMotion { entries.append((.reducedMotion, "true")) }
        // The stack: its size and each wave's changes from the stack's defaults.
        if let waves = p.waves {
            entries.append((.waves, String(waves.count)))
            let edits = p.waveEdits
            if !edits.isEmpty { entries.append((.wave, "[" + edits.map(JSONText.quoted).joined(separator: ", ") + "]")) }
        }
        if let g = p.waterGradient { entries.append((.waterGradient, JSONText.quoted(g.hex))) }
        // The border's keys are written only for a preset with a border.
        if let w = p.borderWidth {
            entries += [(.borderWidth, num(w)), (.borderGap, num(p.borderGap)), (.borderColor, JSONText.quoted(p.borderColor.hex))]
        }
        return "{\n" + entries.map { "  \(JSONText.quoted($0.0.rawValue)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// The preset JSON of these settings for `kind`: `scene`, then every key of that scene in flag
    /// order, `null` where a value is not set (the scene's default). Paths are written absolute.
    public func presetJSON(kind: SceneKind) -> String {
        var entries: [(SceneKey, String)] = [(.scene, JSONText.quoted(kind.rawValue))]
        for key in SceneKey.keys(of: kind) where key != .scene {
            let text: String
            switch values[key] {
            case nil: text = "null"
            case .string(let s)?: text = JSONText.quoted(key.kind == .path ? Self.absolutePath(s) : s)
            case .number(let v)?: text = JSONText.number(v)
            case .bool(let b)?: text = b ? "true" : "false"
            case .strings(let a)?: text = "[" + a.map(JSONText.quoted).joined(separator: ", ") + "]"
            }
            entries.append((key, text))
        }
        return "{\n" + entries.map { "  \(JSONText.quoted($0.0.rawValue)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// `path` made absolute against the working directory (not resolving links).
    public static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return path }
        let cwd = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var rel = Substring(path)
        while rel.hasPrefix("./") { rel = rel.dropFirst(2) }
        return (cwd == "/" ? "" : cwd) + "/" + rel
    }

    /// A short reason for a JSON decoding error.
    private static func summary(of e: DecodingError) -> String {
        switch e {
        case .dataCorrupted(let c):
            if let u = c.underlyingError { return String(describing: u).split(separator: "\n").first.map(String.init) ?? c.debugDescription }
            return c.debugDescription
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            return c.debugDescription
        @unknown default:
            return "unreadable"
        }
    }


    public static func parseSize(_ s: String) throws -> (Int, Int) {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let max = WaveParameters.maxCanvasSide
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ParameterError("--size", "'\(s)' is not WxH with whole numbers, e.g. 400x310")
        }
        guard (1 ... max).contains(w), (1 ... max).contains(h) else {
            throw ParameterError("--size", "'\(s)' is outside 1x1 ... \(max)x\(max)")
        }
        return (w, h)
    }

    public static func parseColour(_ s: String, flag: String) throws -> Color {
        guard s.hasPrefix("#"), let c = Color(hex: s) else {
            throw ParameterError(flag, "'\(s)' is not a colour; expected #RRGGBB or #RRGGBBAA")
        }
        return c
    }
}

extension SceneSettings {
    /// The progress label's and the border's settings into `p`.
    func readLabel(into p: inout WaveParameters) throws {
        p.label = try string(.label)
        p.labelFont = try string(.labelFont)
        p.labelSize = try number(.labelSize)
        if let c = try colour(.labelColor) { p.labelColor = c }
        if let c = try colour(.labelInsideColor) { p.labelInsideColor = c }
        p.borderWidth = try number(.borderWidth)
        if let v = try number(.borderGap) { p.borderGap = v }
        if let c = try colour(.borderColor) { p.borderColor = c }
        try readMotion(into: &p)
    }

    /// Animated progress, fill mapping and reduced motion into `p`.
    func readMotion(into p: inout WaveParameters) throws {
        p.progressTo = try number(.progressTo)
        p.progressAt = try string(.progressAt)
        if let v = try number(.transition) { p.transition = v }
        if let e = try string(.easing) { p.easing = e }
        if let m = try string(.fillMapping) {
            guard let v = FillMapping(rawValue: m) else {
                throw error(.fillMapping, "'\(m)' is not a fill mapping; expected \(FillMapping.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            p.fillMapping = v
        }
        if let b = try bool(.reducedMotion) { p.reducedMotion = b }
        try readWaves(into: &p)
    }

    /// The stack of waves (`waves` N, then each `wave` K:... edit) and the water gradient into `p`.
    func readWaves(into p: inout WaveParameters) throws {
        let edits = try strings(.wave) ?? []
        if let n = try integer(.waves) {
            guard WaveSpec.countRange.contains(n) else {
                throw error(.waves, "\(n) is outside \(WaveSpec.countRange.lowerBound) ... \(WaveSpec.countRange.upperBound)")
            }
            var stack = WaveSpec.stack(n, back: p.backWave, front: p.frontWave)
            for e in edits {
                do { try WaveSpec.apply(e, to: &stack) } catch let e as SettingError { throw error(.wave, e.message) }
            }
            p.waves = stack
        } else if let first = edits.first {
            throw error(.wave, "'\(first)' edits a wave of a stack; give --waves N too")
        }
        if let c = try colour(.waterGradient) { p.waterGradient = c }
    }
}

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
/// Keys are the settings' keys (a long flag without its dashes). Each value remembers where it came
/// from, so an error names the flag (`--KEY: ...`) or the preset file and key
/// (`--preset: 'mine.json': "KEY": ...`). Keys not set in any layer take the scene's declared
/// defaults.
public struct SceneSettings: Equatable, Sendable {
    /// A setting's value as given.
    public typealias Value = SettingValue

    /// The values set in this layer.
    private(set) var values: [String: Value] = [:]
    /// The order keys were first set in (command lines and presets keep it).
    private var order: [String] = []
    /// For values that came from a preset: the file (or built-in name) they came from.
    private(set) var presetOrigin: [String: String] = [:]
    /// Keys this layer removes from the layers below it.
    private(set) var unsets: Set<String> = []

    /// No settings.
    public init() {}

    /// Settings from a scene's live changes (`Scene.adjustedSettings`); `unset` removes a value.
    public init(_ adjusted: [String: SettingValue]) {
        for k in adjusted.keys.sorted() {
            guard let v = adjusted[k] else { continue }
            if v == .unset { unsets.insert(k) } else { set(k, v) }
        }
    }

    /// The keys that have a value, in the order they were set.
    public var keys: [String] { order.filter { values[$0] != nil } }

    /// Sets `key` (`.unset` removes it).
    public mutating func set(_ key: String, _ value: Value) {
        if value == .unset { unset(key); return }
        if values[key] == nil, !order.contains(key) { order.append(key) }
        values[key] = value
        presetOrigin[key] = nil
        unsets.remove(key)
    }

    /// Replaces `key`'s value keeping where it came from (`.unset` removes it).
    public mutating func replace(_ key: String, _ value: Value) {
        values[key] = value == .unset ? nil : value
        if value == .unset { presetOrigin[key] = nil }
    }

    /// Removes `key` from this layer (it takes its default, or the value of a layer below).
    public mutating func unset(_ key: String) {
        values[key] = nil
        presetOrigin[key] = nil
    }

    /// The value of `key` in this layer, as given.
    public func value(_ key: String) -> Value? { values[key] }

    /// True when `key`'s value came from a preset.
    public func isFromPreset(_ key: String) -> Bool { presetOrigin[key] != nil }

    /// `self` with every value of `top` laid over it.
    public func overlaid(with top: SceneSettings) -> SceneSettings {
        var s = self
        for k in top.unsets { s.values[k] = nil; s.presetOrigin[k] = nil }
        for k in top.keys {
            guard let v = top.values[k] else { continue }
            if s.values[k] == nil, !s.order.contains(k) { s.order.append(k) }
            s.values[k] = v
            s.presetOrigin[k] = top.presetOrigin[k]
        }
        return s
    }

    /// Only the keys for which `keep` is true.
    public func filtered(_ keep: (String) -> Bool) -> SceneSettings {
        var s = self
        for k in values.keys where !keep(k) { s.values[k] = nil; s.presetOrigin[k] = nil }
        return s
    }

    // MARK: - Reading values, with errors naming where they came from

    /// A `ParameterError` for `key`: naming the flag, or the preset file and key.
    public func error(_ key: String, _ message: String) -> ParameterError {
        if let file = presetOrigin[key] { return Self.presetError(file, "\"\(key)\": \(message)") }
        return ParameterError("--" + key, message)
    }

    /// An error about a preset file, reported under `--preset`.
    public static func presetError(_ file: String, _ message: String) -> ParameterError {
        ParameterError("--preset", "'\(file)': \(message)")
    }

    /// The text of `key`, if it is set to text.
    public func string(_ key: String) -> String? {
        if case .string(let s)? = values[key] { return s }
        return nil
    }

    // MARK: - Presets as JSON

    /// Reads a preset: a JSON object whose keys are the long flag names without dashes. Relative
    /// paths (`font`, `mask-image`, `svg`) are taken from `directory`. `null` leaves a key at its default.
    public static func preset(json data: [UInt8], file: String, directory: String?) throws -> SceneSettings {
        let object: [String: PresetJSONValue]
        do throws(StrictJSON.Failure) {
            try StrictJSON.check(data)
        } catch {
            throw presetError(file, "malformed JSON at \(error.description)")
        }
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
            guard name == SceneRegistry.sceneKey || SceneRegistry.anyDeclaration(name) != nil else {
                let hint = SceneRegistry.lookalike(of: name).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw presetError(file, "unknown key \(JSONText.quoted(name))\(hint); keys are the long flags without dashes: "
                                  + ([SceneRegistry.sceneKey] + SceneRegistry.allKeys).joined(separator: ", "))
            }
            let isFile = SceneRegistry.anyDeclaration(name)?.type.isFile ?? false
            let value: Value
            switch object[name] {
            case .null?, nil: continue
            case .string(let v)? where isFile:
                // Relative to the preset's folder; a bare name with no such file there stays a name
                // (a font's fontconfig name).
                let beside = directory.map { $0 + "/" + v }
                let named = !v.contains("/") && beside.map { access($0, F_OK) != 0 } ?? true
                value = .string(v.hasPrefix("/") || v.isEmpty || named ? v : beside ?? v)
            case .string(let v)?: value = .string(v)
            case .number(let v)?: value = .number(v)
            case .bool(let b)?: value = .bool(b)
            case .strings(let a)?: value = .strings(a)
            case let v?: throw presetError(file, "\"\(name)\": expected a string, number, true or false, or an array of strings; got \(v.summary)")
            }
            s.set(name, value)
            s.presetOrigin[name] = file
        }
        return s
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


    public static func parseColour(_ s: String, flag: String) throws -> Color {
        guard s.hasPrefix("#"), let c = Color(hex: s) else {
            throw ParameterError(flag, "'\(SettingDeclaration.clip(s))' is not a colour; expected #RRGGBB or #RRGGBBAA")
        }
        return c
    }
}

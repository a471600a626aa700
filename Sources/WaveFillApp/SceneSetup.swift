import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// The scene a command line (or a panel, or a test) asks for: settings layered as defaults ->
/// preset -> flags for every scene, the scene they make, and the preset and command line that make
/// it again. Everything here is read from the scene's declarations (`SceneRegistry`); nothing names
/// a setting.
///
/// The preset names the scene it was saved for (`"scene"`; a preset without one is the default
/// scene's). A setting of another scene is refused, naming the flag (or the preset file and key) and
/// the scenes it belongs to. A flag that does not apply (`--corner-radius` without `--shape
/// rounded-rect`) is refused the same way; a preset's value that does not apply gives way.
public struct SceneSetup: Sendable {
    /// The effective settings (preset + flags), only those that apply.
    public let settings: SceneSettings
    /// The scene's definition.
    public let definition: any SceneDefinition
    /// The flags as given (without the preset under them).
    public let flags: SceneSettings
    /// The preset asked for (`--preset`), if any.
    public let preset: String?

    /// The scene's kind.
    public var kind: SceneKind { SceneKind(rawValue: definition.name) ?? .wave }

    /// Layers `flags` over the preset `preset` (a built-in name or a FILE.json; nil: none).
    public init(flags: SceneSettings, preset: String?) throws {
        let key = SceneRegistry.sceneKey
        let flagScene = try flags.string(key).map { try Self.scene($0, from: flags) }
        if flagScene == nil, flags.value(key) != nil { throw flags.error(key, "expected a scene name: \(SceneRegistry.names.joined(separator: ", "))") }
        var base = SceneSettings()
        var presetScene: (any SceneDefinition)?
        if let preset {
            base = try PresetLibrary.load(preset)
            presetScene = try base.string(key).map { try Self.scene($0, from: base) } ?? SceneRegistry.defaultScene
            if let flagScene, let presetScene, flagScene.name != presetScene.name {
                throw ParameterError("--scene", "'\(flagScene.name)', but the preset '\(preset)' is for the \(presetScene.name) scene; give a preset of the \(flagScene.name) scene or leave out one of them")
            }
        }
        let definition = flagScene ?? presetScene ?? SceneRegistry.defaultScene
        self.definition = definition
        self.flags = flags
        self.preset = preset
        var all = base.overlaid(with: flags)
        all.unset(key)
        for k in all.keys {
            guard definition.declaration(k) == nil else { continue }
            let owners = SceneRegistry.owners(of: k).joined(separator: " or ")
            throw all.error(k, owners.isEmpty ? "is not a setting of any scene"
                            : "applies to --scene \(owners) only (the scene is \(definition.name))")
        }
        // Each value as its declaration reads it (a flag's words become numbers; `auto` is unset).
        for k in all.keys {
            guard let d = definition.declaration(k), let v = all.value(k) else { continue }
            // A preset is typed JSON: a number is a number there, a switch true or false.
            if all.isFromPreset(k), case .string(let t) = v, t != "auto" {
                switch d.type {
                case .number, .integer: throw all.error(k, "expected a number, got the string \(JSONText.quoted(SettingDeclaration.clip(t)))")
                case .numberOrPercent where !t.hasSuffix("%"):
                    throw all.error(k, "expected a number or a share \"N%\", got the string \(JSONText.quoted(SettingDeclaration.clip(t)))")
                case .toggle: throw all.error(k, "expected true or false, got the string \(JSONText.quoted(SettingDeclaration.clip(t)))")
                default: break
                }
            }
            let checked = try Self.mapping(all) { try d.check(v) }
            if checked != v { all.replace(k, checked) }
        }
        settings = try Self.applying(all, definition)
    }

    /// `s` without the preset's values that do not apply; a flag that does not apply is refused.
    static func applying(_ s: SceneSettings, _ definition: any SceneDefinition) throws -> SceneSettings {
        var out = s
        // Conditions may depend on one another (a preset's value that gives way can make another one
        // give way), so drop until nothing changes.
        var changed = true
        while changed {
            changed = false
            for d in definition.settings where out.value(d.key) != nil {
                guard let c = d.condition, !c.holds({ out.value($0) }) else { continue }
                if !out.isFromPreset(d.key) { throw out.error(d.key, "applies only \(c.text)") }
                out.unset(d.key)
                changed = true
            }
        }
        return out
    }

    private static func scene(_ name: String, from s: SceneSettings) throws -> any SceneDefinition {
        guard let d = SceneRegistry.scene(name) else {
            throw s.error(SceneRegistry.sceneKey, "'\(SettingDeclaration.clip(name))' is not a scene; expected one of \(SceneRegistry.names.joined(separator: ", "))")
        }
        return d
    }

    /// The values the scene is made from, by key.
    public var values: [String: SettingValue] {
        var v: [String: SettingValue] = [:]
        for k in settings.keys { v[k] = settings.value(k) }
        return v
    }

    /// Makes the scene; errors name the flag or the preset file and key at fault. Nothing is written.
    public func makeScene() throws -> any Scene {
        try Self.mapping(settings) { try definition.makeScene(values) }
    }

    /// `body`'s setting errors reported under the flag or preset key they came from.
    static func mapping<T>(_ s: SceneSettings, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as SettingError {
            throw s.error(e.key, e.message)
        }
    }

    /// The default font (DejaVu Sans Bold) through fontconfig, or a line saying how to install it.
    public static func defaultFont() throws -> String {
        guard let f = FontLocator.defaultFont() else { throw ParameterError("--font", FontLocator.installHint) }
        return f
    }

    // MARK: - Presets and command lines

    /// The settings on screen: these with a scene's live changes (`adjusted`) laid over them, only
    /// those that apply.
    public func effective(adjusted: [String: SettingValue] = [:]) -> SceneSettings {
        let s = settings.overlaid(with: SceneSettings(adjusted)).filtered { definition.declaration($0) != nil }
        return (try? Self.applying(s, definition)) ?? s
    }

    /// The preset JSON of these settings with `adjusted` (a scene's live changes) laid over them:
    /// `scene`, then each setting that is set, in the scene's order. A derived setting that is not
    /// set stays out, so it is derived again where the preset is used (at another size, say). Paths
    /// are written absolute.
    public func presetJSON(adjusted: [String: SettingValue] = [:]) throws -> String {
        let s = effective(adjusted: adjusted)
        var entries: [(String, String)] = [(SceneRegistry.sceneKey, JSONText.quoted(definition.name))]
        for d in definition.settings {
            guard let v = s.value(d.key) else { continue }
            let text: String
            switch v {
            case .string(let t):
                // A path made absolute; a bare name that is no file here (a fontconfig name) as it is.
                let isName = !t.contains("/") && access(t, F_OK) != 0
                text = JSONText.quoted(d.type.isFile && !isName ? SceneSettings.absolutePath(t) : t)
            case .number(let n): text = JSONText.number(n)
            case .bool(let b): text = b ? "true" : "false"
            case .strings(let a): text = "[" + a.map(JSONText.quoted).joined(separator: ", ") + "]"
            case .unset: continue
            }
            entries.append((d.key, text))
        }
        return "{\n" + entries.map { "  \(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
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
            throw ParameterError("--save-preset", "'\(SettingDeclaration.clip(path))' does not end in .json")
        }
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFREG else { throw ParameterError("--save-preset", "'\(path)' exists and is not a regular file") }
            if !force { throw ParameterError("--save-preset", "'\(path)' exists; pass --force to overwrite") }
        }
    }

    /// The flags that make these settings (plus `adjusted`) again: each setting that is set, applies
    /// and differs from its default, in the scene's order (`--scene` first unless it is the default).
    public func arguments(adjusted: [String: SettingValue] = [:]) -> [String] {
        let s = effective(adjusted: adjusted)
        var words: [String] = []
        if definition.name != SceneRegistry.defaultScene.name { words += ["--" + SceneRegistry.sceneKey, definition.name] }
        for d in definition.settings {
            guard let v = s.value(d.key), v != d.fixedDefault else { continue }
            switch v {
            case .string(let t): words += [d.flag, t]
            case .number(let n): words += [d.flag, JSONText.number(n)]
            case .bool(let b): words += [b ? d.flag : d.flag + "=false"]
            case .strings(let a): for t in a { words += [d.flag, t] }
            case .unset: break
            }
        }
        return words
    }

    /// `wavefill SUBCOMMAND` with the flags that make these settings (plus `adjusted`) again.
    public func commandLine(subcommand: String, adjusted: [String: SettingValue] = [:]) -> String {
        (["wavefill", subcommand] + arguments(adjusted: adjusted).map(Self.shellQuoted)).joined(separator: " ")
    }

    /// `s` quoted for a POSIX shell where it needs to be.
    public static func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { c in
            c.properties.isAlphabetic || ("0" ... "9").contains(c) || "-_./:=,+@%#".unicodeScalars.contains(c)
        }
        return safe && !s.isEmpty && !s.hasPrefix("#") ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

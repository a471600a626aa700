import WaveFill

/// The settings' flags on a command line, read from the scenes' declarations: `--key value`,
/// `--key=value`, a switch alone (`--reduced-motion`, or `--reduced-motion=false`), a list flag once
/// per item. Everything else is left for the command's own options.
public enum SettingArguments {
    /// The settings among `arguments`, and the other arguments in their order. Arguments after `--`
    /// are left alone. A flag without its value is refused naming the flag, and so is a container
    /// setting given twice with different values; another flag given again wins (a list flag adds
    /// an item).
    public static func split(_ arguments: [String]) throws -> (settings: SceneSettings, rest: [String]) {
        var settings = SceneSettings()
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--" { rest += arguments[i...]; break }
            guard word.hasPrefix("--"), let (key, inline) = Self.key(word) else { rest.append(word); i += 1; continue }
            let declaration = SceneRegistry.anyDeclaration(key)
            let value: SettingValue
            if declaration?.type == .toggle {
                value = inline.map { .string($0) } ?? .bool(true)
            } else if let inline {
                value = .string(inline)
            } else {
                guard i + 1 < arguments.count else { throw ParameterError("--" + key, "needs a value (\(declaration?.valueName ?? "name"))") }
                i += 1
                value = .string(arguments[i])
            }
            if declaration?.type == .list {
                var items: [String] = []
                if case .strings(let a)? = settings.value(key) { items = a }
                if case .string(let t) = value { items.append(t) }
                settings.set(key, .strings(items))
            } else {
                // A container given twice is a mistake to name (which one was meant?); another flag
                // given again wins, as a later flag overrides an earlier one.
                if declaration?.group == .container, let first = settings.value(key), first != value {
                    throw ParameterError("--" + key, "is given twice ('\(SettingDeclaration.clip(first.text))', then '\(SettingDeclaration.clip(value.text))'); give one container")
                }
                settings.set(key, value)
            }
            i += 1
        }
        return (settings, rest)
    }

    /// The setting key of `--key` or `--key=value` (and the inline value), when it is a setting.
    static func key(_ word: String) -> (String, String?)? {
        let body = word.dropFirst(2)
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let key = String(parts[0])
        guard key == SceneRegistry.sceneKey || SceneRegistry.anyDeclaration(key) != nil else { return nil }
        return (key, parts.count > 1 ? String(parts[1]) : nil)
    }

    /// The settings of every scene as `--help` lists them: per scene, per group, one line each with
    /// the value's placeholder, its range and default, and when it applies.
    public static func help(width: Int = 100) -> String {
        var out = "SCENE SETTINGS (flags, and the keys of a preset):\n"
        let names = SceneRegistry.names
        out += line(SettingDeclaration(SceneRegistry.sceneKey, .choice(names), default: .derived("the preset's scene, else \(names[0])"),
                                       help: "Which scene: \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]).",
                                       group: .canvas, valueName: "name"), width: width)
        for scene in SceneRegistry.all {
            out += "\n\(scene.name.uppercased()) (--scene \(scene.name)): \(scene.summary)\n"
            for group in SettingGroup.allCases {
                let members = scene.settings.filter { $0.group == group }
                guard !members.isEmpty else { continue }
                out += "  \(group.rawValue):\n"
                for d in members { out += line(d, width: width) }
            }
        }
        return out
    }

    /// One setting's help: `--key <value>` then its help, range, default and condition, wrapped.
    static func line(_ d: SettingDeclaration, width: Int) -> String {
        let head = "    " + d.flag + (d.type == .toggle ? "" : " <\(d.valueName)>")
        var text = d.help
        if let r = d.rangeText { text += " Range \(r)." }
        if let c = d.condition { text += " Only \(c.text)." }
        if d.type == .list { text += " Repeatable." }
        // The default stays on one line: "(default: 400x310)".
        let shown = d.defaultText.count <= 24 ? String(d.defaultText.map { $0 == " " ? "\u{A0}" : $0 }) : d.defaultText
        text += " (default:\u{A0}" + shown + ")"
        let indent = 34
        var lines: [String] = []
        var current = head.count < indent - 1 ? head + String(repeating: " ", count: indent - head.count) : head
        if head.count >= indent - 1 { lines.append(current); current = String(repeating: " ", count: indent) }
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, current.count + 1 + word.count > width {
                lines.append(current)
                current = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            current += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(current)
        return String(lines.joined(separator: "\n").map { $0 == "\u{A0}" ? " " : $0 }) + "\n"
    }
}

import Raster
import Vector

/// The sections a setting is shown under (the panel's sections and `--help`'s groups), in order.
public enum SettingGroup: String, CaseIterable, Sendable {
    case canvas = "Canvas"
    case container = "Container"
    case text = "Text"
    case waves = "Waves"
    case motion = "Motion"
    case label = "Label"
    case border = "Border"
    case scroll = "Scroll"
    case pen = "Pen"
    case selection = "Selection"
    case morph = "Morph"
    case shimmer = "Shimmer"
    case colours = "Colours"
}

/// What kind of value a setting takes, and so how a command line, a preset and the panel give it.
public enum SettingType: Equatable, Sendable {
    /// A number (a slider over the soft range; typing reaches the hard range).
    case number
    /// A number in the unit, or a share `N%` (0% ... 100%) of a length the scene knows (the
    /// container's height, say), written as text.
    case numberOrPercent(of: String)
    /// A whole number.
    case integer
    /// A colour, `#RRGGBB` or `#RRGGBBAA`.
    case colour
    /// On or off; on the command line a flag without a value.
    case toggle
    /// One of these names.
    case choice([String])
    /// One of these names, or other text the scene checks (`cubic-bezier(...)`).
    case choiceOrText([String])
    /// Free text.
    case text
    /// A repeatable flag: a list of strings.
    case list
    /// A file (a path relative to a preset's folder when it comes from one).
    case file(FileKind)
    /// `WxH` in pixels.
    case size
    /// A frame number or `never`.
    case frameOrNever

    /// What a file setting names.
    public enum FileKind: String, Sendable {
        case font, image, svg, text
    }

    /// True for the settings whose value is a path.
    public var isFile: Bool { if case .file = self { return true } else { return false } }
}

/// The value a setting takes when it is not given.
public enum SettingDefault: Equatable, Sendable {
    /// This value.
    case value(SettingValue)
    /// Derived from other settings when the scene is made (`auto`): the text says how, e.g.
    /// "0.15 x ink height". Presets keep it derived, so they scale with the canvas.
    case derived(String)
    /// Off: the feature is not drawn (the text says what that means, e.g. "no label").
    case off(String)
}

/// When a setting applies (the panel shows it and the command line writes it only then).
public indirect enum SettingCondition: Equatable, Sendable {
    /// Another setting is set.
    case isSet(String)
    /// Another setting is not set.
    case isUnset(String)
    /// Another setting is set to one of these values.
    case equals(String, [String])
    /// Every one of these holds.
    case all([SettingCondition])

    /// Whether the condition holds for settings whose values `value` looks up (nil: not set).
    public func holds(_ value: (String) -> SettingValue?) -> Bool {
        switch self {
        case .isSet(let k): return value(k) != nil
        case .isUnset(let k): return value(k) == nil
        case .equals(let k, let names):
            if case .string(let s)? = value(k) { return names.contains(s) }
            return false
        case .all(let cs): return cs.allSatisfy { $0.holds(value) }
        }
    }

    /// How `--help` says it, e.g. "with --shape rounded-rect".
    public var text: String {
        switch self {
        case .isSet(let k): return "with --\(k)"
        case .isUnset(let k): return "without --\(k)"
        case .equals(let k, let names): return "with --\(k) " + names.joined(separator: " or ")
        case .all(let cs):
            // "without --a, --b or --c" rather than "without --a, without --b, without --c".
            let unset = cs.compactMap { c -> String? in if case .isUnset(let k) = c { return "--" + k } else { return nil } }
            if unset.count == cs.count, unset.count > 1 {
                return "without " + unset.dropLast().joined(separator: ", ") + " or " + unset[unset.count - 1]
            }
            return cs.map(\.text).joined(separator: ", ")
        }
    }
}

/// One setting of a scene, declared once: its key, type, unit, ranges, default, help, group, when it
/// applies. The command line's flags and `--help`, range checks, presets, the tuning panel and the
/// window's command line are all made from these.
public struct SettingDeclaration: Sendable {
    /// The key: the long flag without dashes, and the preset's JSON key (`front-wave`).
    public let key: String
    /// The value's kind.
    public let type: SettingType
    /// The unit shown after a number ("px", "s", "deg", "" for none).
    public let unit: String
    /// What a number must lie in to be accepted (nil: any finite number, or not a number).
    public let hard: ClosedRange<Double>?
    /// How the hard range is written when it is not simply `lo ... hi` (e.g. "0, or 0.000001 ... 1000").
    public let hardText: String?
    /// What a slider spans (within `hard`); typing reaches the whole hard range.
    public let soft: ClosedRange<Double>?
    /// A slider's step, and the digits after the point the panel keeps.
    public let step: Double
    public let decimals: Int
    /// The value when not given.
    public let defaultValue: SettingDefault
    /// One line of help, in the project's words.
    public let help: String
    /// The section it is shown under.
    public let group: SettingGroup
    /// When it applies (nil: always).
    public let condition: SettingCondition?
    /// The placeholder `--help` shows for the value (`px`, `colour`, `WxH`).
    public let valueName: String

    public init(_ key: String, _ type: SettingType, unit: String = "", hard: ClosedRange<Double>? = nil, hardText: String? = nil,
                soft: ClosedRange<Double>? = nil, step: Double = 1, decimals: Int = 2, default defaultValue: SettingDefault,
                help: String, group: SettingGroup, when condition: SettingCondition? = nil, valueName: String? = nil) {
        self.key = key; self.type = type; self.unit = unit; self.hard = hard; self.hardText = hardText
        self.soft = soft ?? hard; self.step = step; self.decimals = decimals; self.defaultValue = defaultValue
        self.help = help; self.group = group; self.condition = condition
        self.valueName = valueName ?? Self.placeholder(type, unit: unit)
    }

    /// `--key`.
    public var flag: String { "--" + key }

    /// The accepted range as text (`0 ... 8192 px`), or nil when the setting is not a number.
    public var rangeText: String? {
        if let hardText { return hardText }
        guard let hard else { return nil }
        let u = unit.isEmpty ? "" : " " + unit
        return DecimalText.shortest(hard.lowerBound) + " ... " + DecimalText.shortest(hard.upperBound) + u
    }

    /// The default as `--help` says it.
    public var defaultText: String {
        switch defaultValue {
        case .value(let v): return v.text
        case .derived(let how): return "auto: " + how
        case .off(let what): return what
        }
    }

    /// The fixed default, when there is one.
    public var fixedDefault: SettingValue? {
        if case .value(let v) = defaultValue { return v }
        return nil
    }

    /// A copy with another default and help (a shared setting whose default differs per scene).
    public func with(default d: SettingDefault? = nil, help h: String? = nil, when c: SettingCondition? = nil) -> SettingDeclaration {
        SettingDeclaration(key, type, unit: unit, hard: hard, hardText: hardText, soft: soft, step: step, decimals: decimals,
                           default: d ?? defaultValue, help: h ?? help, group: group, when: c ?? condition, valueName: valueName)
    }

    private static func placeholder(_ type: SettingType, unit: String) -> String {
        switch type {
        case .number, .integer: return unit.isEmpty ? "n" : unit
        case .numberOrPercent: return (unit.isEmpty ? "n" : unit) + "|N%"
        case .colour: return "colour"
        case .toggle: return ""
        case .choice(let names): return names.joined(separator: "|")
        case .choiceOrText: return "name"
        case .text, .list: return "text"
        case .file(let k): return k == .font || k == .text ? "file" : "file." + (k == .image ? "png" : "svg")
        case .size: return "WxH"
        case .frameOrNever: return "F|never"
        }
    }

    // MARK: - Checking values

    /// `value` checked against the type and the hard range: what the scene is given. Text given for a
    /// number (a command line's words) is read as a number; `auto` (or `null` in a preset) is unset.
    /// Throws a `SettingError` naming the key and what is accepted.
    public func check(_ value: SettingValue) throws -> SettingValue {
        if case .string("auto") = value, case .derived = defaultValue { return .unset }
        switch (type, value) {
        case (_, .unset):
            return .unset
        case (.numberOrPercent, .string(let s)) where s.hasSuffix("%"):
            guard let v = Self.decimal(String(s.dropLast())), (0 ... 100).contains(v) else {
                throw SettingError(key, "'\(Self.clip(s))' is not a share 0% ... 100%; expected \(expected)")
            }
            return .string(DecimalText.shortest(v) + "%")
        case (.number, .number(let v)), (.integer, .number(let v)), (.numberOrPercent, .number(let v)):
            return .number(try checkNumber(v))
        case (.number, .string(let s)), (.integer, .string(let s)), (.numberOrPercent, .string(let s)):
            guard let v = Self.decimal(s) else { throw SettingError(key, "'\(Self.clip(s))' is not a number; expected \(expected)") }
            return .number(try checkNumber(v))
        case (.colour, .string(let s)):
            guard s.hasPrefix("#"), Color(hex: s) != nil else {
                throw SettingError(key, "'\(Self.clip(s))' is not a colour; expected #RRGGBB or #RRGGBBAA")
            }
            return .string(s)
        case (.toggle, .bool):
            return value
        case (.toggle, .string(let s)):
            switch s { case "true", "on", "1": return .bool(true); case "false", "off", "0": return .bool(false)
            default: throw SettingError(key, "'\(Self.clip(s))' is not on or off; expected true or false") }
        case (.choice(let names), .string(let s)):
            guard names.contains(s) else { throw SettingError(key, "'\(Self.clip(s))' is not one of \(names.joined(separator: ", "))") }
            return value
        case (.choiceOrText, .string), (.text, .string), (.file, .string):
            return value
        case (.list, .strings):
            return value
        case (.list, .string(let s)):
            return .strings([s])
        case (.size, .string(let s)):
            _ = try Self.size(s, key: key)
            return value
        case (.frameOrNever, .string(let s)):
            if s == "never" { return value }
            guard let n = Int(s), n >= 0, n <= SceneLimits.maxFrame else {
                throw SettingError(key, "'\(Self.clip(s))' is not a frame number in 0 ... \(SceneLimits.maxFrame) or never")
            }
            return .number(Double(n))
        case (.frameOrNever, .number(let v)):
            guard v == v.rounded(), v >= 0, v <= Double(SceneLimits.maxFrame) else {
                throw SettingError(key, "\(DecimalText.shortest(v)) is not a frame number in 0 ... \(SceneLimits.maxFrame) or never")
            }
            return value
        default:
            throw SettingError(key, "expected \(expected), got \(value.summary)")
        }
    }

    /// What the setting accepts, in words.
    public var expected: String {
        switch type {
        case .number: return rangeText.map { "a number in \($0)" } ?? "a number"
        case .numberOrPercent(let of): return (rangeText.map { "a number in \($0)" } ?? "a number") + ", or 0% ... 100% of \(of)"
        case .integer: return rangeText.map { "a whole number in \($0)" } ?? "a whole number"
        case .colour: return "a colour #RRGGBB or #RRGGBBAA"
        case .toggle: return "true or false"
        case .choice(let names): return "one of " + names.joined(separator: ", ")
        case .choiceOrText(let names): return names.joined(separator: ", ") + " or " + help
        case .text: return "text"
        case .list: return "a list of strings"
        case .file: return "a file name"
        case .size: return "WxH with whole numbers"
        case .frameOrNever: return "a frame number or never"
        }
    }

    private func checkNumber(_ v: Double) throws -> Double {
        guard v.isFinite else { throw SettingError(key, "\(v) is not a finite number; expected \(expected)") }
        if case .integer = type, v != v.rounded() {
            throw SettingError(key, "\(DecimalText.shortest(v)) is not a whole number; expected \(expected)")
        }
        if let hard, !hard.contains(v) {
            let u = unit.isEmpty ? "" : " " + unit
            throw SettingError(key, "\(DecimalText.shortest(v))\(u) is outside \(rangeText ?? "")")
        }
        return v
    }

    /// A decimal number as a command line gives it (`12`, `-0.5`, `1e-3`); no hex, no spaces, no
    /// `nan` or `inf`.
    public static func decimal(_ s: String) -> Double? {
        guard !s.isEmpty, s.utf8.count <= 64,
              s.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
              let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// `WxH` as whole pixels in 1 ... `SceneLimits.maxCanvasSide`, or a `SettingError` for `key`.
    public static func size(_ s: String, key: String) throws -> (width: Int, height: Int) {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let max = SceneLimits.maxCanvasSide
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
              let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw SettingError(key, "'\(clip(s))' is not WxH with whole numbers, e.g. 400x310")
        }
        guard (1 ... max).contains(w), (1 ... max).contains(h) else {
            throw SettingError(key, "'\(clip(s))' is outside 1x1 ... \(max)x\(max)")
        }
        return (w, h)
    }

    /// At most 80 characters of `s`, for an error line.
    public static func clip(_ s: String) -> String {
        s.count <= 80 ? s : String(s.prefix(77)) + "..."
    }
}

extension SettingValue {
    /// The value as a command line writes it (`12`, `#FF0000`, `on`).
    public var text: String {
        switch self {
        case .string(let s): return s
        case .number(let v): return DecimalText.shortest(v)
        case .bool(let b): return b ? "on" : "off"
        case .strings(let a): return a.joined(separator: " ; ")
        case .unset: return "unset"
        }
    }

    /// What kind of value it is, for an error line.
    public var summary: String {
        switch self {
        case .string(let s): return "the string '\(SettingDeclaration.clip(s))'"
        case .number(let v): return "the number \(DecimalText.shortest(v))"
        case .bool(let b): return b ? "true" : "false"
        case .strings: return "a list"
        case .unset: return "nothing"
        }
    }
}

/// How one declared setting reaches a scene's parameters `P`: the declaration, and a function that
/// writes a checked value into `P`.
public struct Setting<P>: Sendable {
    /// What the setting is.
    public let declaration: SettingDeclaration
    /// Writes a checked value (never `.unset`) into the parameters.
    public let apply: @Sendable (inout P, SettingValue) throws -> Void

    public init(_ declaration: SettingDeclaration, apply: @escaping @Sendable (inout P, SettingValue) throws -> Void) {
        self.declaration = declaration
        self.apply = apply
    }

    /// A number setting written by `write`.
    public static func number(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, Double) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .number(let n) = v { try write(&p, n) } }
    }

    /// A whole-number setting written by `write`.
    public static func integer(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, Int) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .number(let n) = v { try write(&p, Int(n)) } }
    }

    /// A colour setting written by `write`.
    public static func colour(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, Color) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .string(let s) = v, let c = Color(hex: s) { try write(&p, c) } }
    }

    /// An on/off setting written by `write`.
    public static func toggle(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, Bool) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .bool(let b) = v { try write(&p, b) } }
    }

    /// A text (or choice, file, size) setting written by `write`.
    public static func text(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, String) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .string(let s) = v { try write(&p, s) } }
    }

    /// A list setting written by `write`.
    public static func list(_ d: SettingDeclaration, _ write: @escaping @Sendable (inout P, [String]) throws -> Void) -> Setting {
        Setting(d) { p, v in if case .strings(let a) = v { try write(&p, a) } }
    }

    /// A choice among an enumeration's names, written as the enumeration's value.
    public static func choice<E: RawRepresentable & CaseIterable & Sendable>(_ d: SettingDeclaration, _: E.Type,
                                                                            _ write: @escaping @Sendable (inout P, E) throws -> Void) -> Setting where E.RawValue == String {
        Setting(d) { p, v in if case .string(let s) = v, let e = E(rawValue: s) { try write(&p, e) } }
    }

    /// This setting reaching `Q`'s parameters through `path` (a shared setting inside a scene's own).
    public func lifted<Q>(_ path: WritableKeyPath<Q, P> & Sendable) -> Setting<Q> {
        let apply = self.apply
        return Setting<Q>(declaration) { q, v in try apply(&q[keyPath: path], v) }
    }

    /// A copy with another default and help.
    public func with(default d: SettingDefault? = nil, help h: String? = nil, when c: SettingCondition? = nil) -> Setting {
        Setting(declaration.with(default: d, help: h, when: c), apply: apply)
    }
}

/// The names of an enumeration's cases, for a `.choice` declaration.
public func choiceNames<E: RawRepresentable & CaseIterable>(_: E.Type) -> [String] where E.RawValue == String {
    E.allCases.map(\.rawValue)
}

import SceneKit
import Geometry
import Raster
import Vector

/// Where a label sits: on the container's ink box (inside it, at its centre or along an edge) or
/// outside it (above, below).
public enum LabelPosition: String, Sendable, Equatable, Codable, CaseIterable {
    case center, top, bottom, left, right, above, below

    /// The default horizontal anchor at this position.
    var defaultAlign: LabelAlign { self == .left ? .left : self == .right ? .right : .center }
    /// The default vertical anchor at this position.
    var defaultBaseline: LabelBaseline {
        switch self {
        case .top, .below: return .top
        case .bottom, .above: return .bottom
        default: return .middle
        }
    }
    /// Whether the label lies inside the ink box (and `--label-fit shrink` fits it to the box).
    var isInside: Bool { self != .above && self != .below }
}

/// Which part of a label's ink box is at its anchor, horizontally; multi-line labels align their
/// lines the same way.
public enum LabelAlign: String, Sendable, Equatable, Codable, CaseIterable {
    case left, center, right
}

/// Which part of a label is at its anchor, vertically: the ink box's top, middle or bottom, or the
/// first line's baseline.
public enum LabelBaseline: String, Sendable, Equatable, Codable, CaseIterable {
    case top, middle, bottom, alphabetic
}

/// Whether a label is shrunk to fit the container (`--label-fit`).
public enum LabelFit: String, Sendable, Equatable, Codable, CaseIterable {
    /// Drawn at its size, whatever its width.
    case none
    /// Made smaller (never larger) until its ink box fits the container's, less the inset.
    case shrink
}

/// The range `{v}` runs over as progress goes from 0 to 1 (`--value-range MIN:MAX`).
public struct ValueRange: Sendable, Equatable, Codable {
    public var min: Double, max: Double
    public init(min: Double, max: Double) { self.min = min; self.max = max }

    /// The largest magnitude of either end.
    public static let limit = 1e12

    /// Reads `MIN:MAX`; throws naming `value-range` unless MIN < MAX, both within +-1e12.
    public init(_ text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else {
            throw SettingError("value-range", "'\(SettingDeclaration.clip(text))' is not MIN:MAX; expected two numbers, MIN below MAX (0:100, -40:60)")
        }
        try self.init(checking: a, b)
    }

    init(checking a: Double, _ b: Double) throws {
        guard a < b else {
            throw SettingError("value-range", "min \(DecimalText.shortest(a)) is not below max \(DecimalText.shortest(b)); expected MIN:MAX with MIN < MAX")
        }
        guard abs(a) <= Self.limit, abs(b) <= Self.limit else {
            throw SettingError("value-range", "\(DecimalText.shortest(a)):\(DecimalText.shortest(b)) is outside -1e12 ... 1e12")
        }
        self.init(min: a, max: b)
    }

    /// The value at progress `p`.
    func value(_ p: Double) -> Double { min + p * (max - min) }
}

/// One label: its format and how it looks and where it sits. The main label comes from `--label`
/// and its `--label-*` flags; each `--extra-label` adds one more, starting from the main one's look.
public struct LabelStyle: Sendable, Equatable {
    /// The format (`LabelFormat`).
    public var format: String
    /// The font (a file or a fontconfig name); nil: the container's.
    public var font: String?
    /// The em size in px; nil: the canvas's default label size.
    public var size: Double?
    /// Colour above the front wave, and below it.
    public var color: Color, insideColor: Color
    public var position = LabelPosition.center
    /// The offset from the position, px (y down).
    public var offsetX = 0.0, offsetY = 0.0
    /// Horizontal and vertical anchors; nil: the position's.
    public var align: LabelAlign?
    public var baseline: LabelBaseline?
    /// The outline's width in px (0: none) and colour; it is drawn under the label, centred on its
    /// contours, round-joined.
    public var outlineWidth = 0.0
    public var outlineColor = Color(r: 0xFF, g: 0xFF, b: 0xFF)
    public var fit = LabelFit.none
    /// The flag errors name (`label`, or `extra-label`).
    public var key = "label"

    /// The most labels (the main one and the extra ones together).
    public static let maxLabels = 16
    /// Offsets accepted, px.
    public static let offsetRange: ClosedRange<Double> = -100_000 ... 100_000
    /// Outline widths accepted, px.
    public static let outlineRange: ClosedRange<Double> = 0 ... 1000

    /// The main label's style from the parameters (nil without `--label`).
    static func main(_ p: WaveParameters) -> LabelStyle? {
        guard let format = p.label else { return nil }
        return base(p, format: format)
    }

    /// The main label's look with `format`.
    static func base(_ p: WaveParameters, format: String) -> LabelStyle {
        var s = LabelStyle(format: format, font: p.labelFont, size: p.labelSize, color: p.labelColor, insideColor: p.labelInsideColor)
        s.position = p.labelPosition
        s.offsetX = p.labelOffsetX; s.offsetY = p.labelOffsetY
        s.align = p.labelAlign; s.baseline = p.labelBaseline
        s.outlineWidth = p.labelOutlineWidth; s.outlineColor = p.labelOutlineColor
        s.fit = p.labelFit
        return s
    }

    /// Every label of the parameters, in drawing order: the main one, then the extra ones.
    public static func all(_ p: WaveParameters) throws -> [LabelStyle] {
        var out: [LabelStyle] = []
        if let m = main(p) { out.append(m) }
        for text in p.extraLabels { out.append(try extra(text, p)) }
        return out
    }

    /// The syntax error of an `--extra-label` value.
    static func syntaxError(_ text: String, _ why: String) -> SettingError {
        SettingError("extra-label", "'\(SettingDeclaration.clip(text))': \(why); expected key=value,... ending in text=FORMAT, keys position, dx, dy, align, baseline, font, size, color, inside-color, outline-width, outline-color, fit")
    }

    /// An `--extra-label` value: `key=value,...,text=FORMAT` (the text last: it takes the rest,
    /// commas included). Keys not given take the main label's settings.
    public static func extra(_ text: String, _ p: WaveParameters) throws -> LabelStyle {
        guard let r = text.range(of: "text=") , r.lowerBound == text.startIndex || text[text.index(before: r.lowerBound)] == "," else {
            throw syntaxError(text, "no text=FORMAT")
        }
        var s = base(p, format: String(text[r.upperBound...]))
        s.key = "extra-label"
        for field in text[..<r.lowerBound].split(separator: ",") {
            let kv = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2 else { throw syntaxError(text, "'\(field)' is not key=value") }
            let (key, value) = (kv[0], kv[1])
            func number(_ range: ClosedRange<Double>, _ unit: String) throws -> Double {
                guard let v = Double(value), v.isFinite else { throw SettingError("extra-label", "'\(SettingDeclaration.clip(text))': \(key) '\(value)' is not a number") }
                guard range.contains(v) else {
                    throw SettingError("extra-label", "'\(SettingDeclaration.clip(text))': \(key) \(value) is outside \(DecimalText.shortest(range.lowerBound)) ... \(DecimalText.shortest(range.upperBound)) \(unit)")
                }
                return v
            }
            func choice<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E where E.RawValue == String {
                guard let e = E(rawValue: value) else {
                    throw SettingError("extra-label", "'\(SettingDeclaration.clip(text))': \(key) '\(value)' is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return e
            }
            func colour() throws -> Color {
                guard let c = Color(hex: value) else { throw SettingError("extra-label", "'\(SettingDeclaration.clip(text))': \(key) '\(value)' is not #RRGGBB or #RRGGBBAA") }
                return c
            }
            switch key {
            case "position": s.position = try choice(LabelPosition.self)
            case "dx": s.offsetX = try number(offsetRange, "px")
            case "dy": s.offsetY = try number(offsetRange, "px")
            case "align": s.align = try choice(LabelAlign.self)
            case "baseline": s.baseline = try choice(LabelBaseline.self)
            case "font": s.font = value
            case "size": s.size = try number(WaveParameters.labelSizeRange, "px")
            case "color", "colour": s.color = try colour()
            case "inside-color", "inside-colour": s.insideColor = try colour()
            case "outline-width": s.outlineWidth = try number(outlineRange, "px")
            case "outline-color", "outline-colour": s.outlineColor = try colour()
            case "fit": s.fit = try choice(LabelFit.self)
            default: throw syntaxError(text, "unknown key '\(key)'")
            }
        }
        return s
    }

    /// Throws the first value out of range, naming the style's flag.
    func validate(valueRange: ValueRange?) throws {
        _ = try LabelFormat(format, valueRange: valueRange, key: key)
        try SceneLimits.checkText(format, key, newlines: true)
        try SceneLimits.check(size, key == "label" ? "label-size" : key, WaveParameters.labelSizeRange, unit: "px")
        try SceneLimits.check(outlineWidth, key == "label" ? "label-outline-width" : key, Self.outlineRange, unit: "px")
        try SceneLimits.check(offsetX, key == "label" ? "label-offset" : key, Self.offsetRange, unit: "px")
        try SceneLimits.check(offsetY, key == "label" ? "label-offset" : key, Self.offsetRange, unit: "px")
    }
}

import WaveFill

/// The wave's container as the settings give it: text (the default), or exactly one of
/// `mask-image`, `shape` (with `corner-radius`), `path` (with `fill-rule`) and `svg`.
extension SceneSetup {
    /// The keys that choose a container other than text, in flag order.
    static let containerKeys: [SceneKey] = [.maskImage, .shape, .path, .svg]
    /// Every container key, with the settings that qualify one (written to presets and command lines).
    static let containerSettingKeys: [SceneKey] = [.maskImage, .shape, .cornerRadius, .path, .svg, .fillRule]
    /// What a second container source is told.
    static let oneContainer = "give exactly one container (text, --mask-image, --shape, --path or --svg)"
    /// The largest SVG file read for `--svg`.
    static let maxSVGBytes = 16 << 20

    /// The outline the settings ask for, nil for text or a mask image. Errors name the flag (or the
    /// preset key): two container sources, a qualifier without its source, a bad shape, radius, rule,
    /// path data (with the position of the first bad character) or SVG file.
    func containerOutline() throws -> ContainerOutline? {
        let given = Self.containerKeys.filter { settings.values[$0] != nil }
        if given.count > 1 {
            throw settings.error(given[1], "cannot be combined with \(given[0].flag); \(Self.oneContainer)")
        }
        // Text from a preset (every built-in one has "du") gives way; text given as a flag is a source.
        if let other = given.first, settings.values[.text] != nil, settings.presetOrigin[.text] == nil {
            throw settings.error(.text, "cannot be combined with \(other.flag); \(Self.oneContainer)")
        }
        if settings.values[.cornerRadius] != nil, given.first != .shape {
            throw settings.error(.cornerRadius, "goes with --shape rounded-rect")
        }
        if settings.values[.fillRule] != nil, given.first != .path {
            throw settings.error(.fillRule, "goes with --path (--svg takes the rule from the file; text is non-zero)")
        }
        switch given.first {
        case .shape?: return try shapeOutline()
        case .path?: return try pathOutline()
        case .svg?: return try svgOutline()
        default: return nil
        }
    }

    private func shapeOutline() throws -> ContainerOutline {
        let shape = try choice(.shape, default: ContainerShape.circle)
        return try ContainerOutline(shape: shape, cornerRadius: try settings.number(.cornerRadius))
    }

    private func pathOutline() throws -> ContainerOutline {
        let data = try settings.string(.path) ?? ""
        let rule = try fillRule()
        do {
            return ContainerOutline(path: try Path(svgPathData: data), rule: rule, key: SceneKey.path.rawValue)
        } catch let e as SVGPathDataError {
            throw settings.error(.path, "malformed path data \(e)")
        }
    }

    private func svgOutline() throws -> ContainerOutline {
        let file = try settings.string(.svg) ?? ""
        let bytes: [UInt8]
        do {
            bytes = try PresetLibrary.readSmallFile(file, flag: SceneKey.svg.flag, limit: Self.maxSVGBytes, what: "expected a small SVG of shapes")
        } catch let e as ParameterError {
            throw settings.error(.svg, e.message)
        }
        do {
            let shapes = try SVGShapes(text: String(decoding: bytes, as: UTF8.self))
            return ContainerOutline(path: shapes.path, rule: shapes.rule, key: SceneKey.svg.rawValue)
        } catch let e as SVGShapesError {
            throw settings.error(.svg, "'\(file)': \(e.message)")
        }
    }

    /// `fill-rule` as `FillRule` (default non-zero).
    private func fillRule() throws -> FillRule {
        switch try settings.string(.fillRule) {
        case nil, "nonzero"?: return .nonZero
        case "evenodd"?: return .evenOdd
        case let v?: throw settings.error(.fillRule, "'\(v)' is not one of nonzero, evenodd")
        }
    }

    /// `words` (flag and value pairs) without the text's flags when `settings` choose another
    /// container, so that the line makes the same scene again.
    static func droppingTextArguments(_ words: [String], for settings: SceneSettings) -> [String] {
        guard containerKeys.contains(where: { settings.values[$0] != nil }) else { return words }
        let textFlags: Set<String> = [SceneKey.text.flag, SceneKey.font.flag, SceneKey.fontSize.flag]
        return stride(from: 0, to: words.count - 1, by: 2).filter { !textFlags.contains(words[$0]) }.flatMap { [words[$0], words[$0 + 1]] }
    }

    /// The container flags of `settings` as command-line words (`--shape heart`), in flag order.
    static func containerArguments(_ settings: SceneSettings) -> [String] {
        containerSettingKeys.flatMap { key -> [String] in
            switch settings.values[key] {
            case .string(let s)?: return [key.flag, s]
            case .number(let n)?: return [key.flag, JSONText.number(n)]
            default: return []
            }
        }
    }
}

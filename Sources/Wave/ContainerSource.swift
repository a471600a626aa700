import Text
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// What the container is made of, kept so that it can be laid out again at another size (a window
/// that is resized relays out; it never stretches a frame).
public enum ContainerSource: Sendable {
    /// Text shaped in a font.
    case text(TextShaper)
    /// An image's alpha.
    case mask(MaskImage)
    /// A vector outline: a built-in shape, path data or an SVG file's shapes.
    case outline(ContainerOutline)

    /// SCENE.md's layout at `parameters`' size and font size.
    public func layout(for parameters: WaveParameters) throws -> ContainerLayout {
        switch self {
        case .text(let shaper):
            return try ContainerLayout(text: shaper, width: parameters.width, height: parameters.height,
                                       fontSize: parameters.fontSize, placement: parameters.placement)
        case .mask(let image):
            return try ContainerLayout(mask: image, width: parameters.width, height: parameters.height, placement: parameters.placement)
        case .outline(let outline):
            return try ContainerLayout(outline: outline, width: parameters.width, height: parameters.height, placement: parameters.placement)
        }
    }

    /// A scene of `parameters` with this container.
    public func scene(_ parameters: WaveParameters) throws -> WaveScene {
        try WaveScene(parameters: parameters, layout: layout(for: parameters))
    }
}

/// A container given as contours in its own coordinates, with the rule that fills them.
public struct ContainerOutline: Sendable, Equatable {
    /// The contours (any units; placed and scaled like the ink box of text).
    public var path: Path
    /// How the contours fill.
    public var rule: FillRule
    /// The setting it came from (`shape`, `path`, `svg`), named by errors.
    public var key: String

    /// Creates an outline.
    public init(path: Path, rule: FillRule = .nonZero, key: String) {
        self.path = path; self.rule = rule; self.key = key
    }

    /// A built-in shape (see `ContainerShape`).
    public init(shape: ContainerShape, cornerRadius: Double? = nil, direction: ShapeDirection = .up) throws {
        self.init(path: try shape.path(cornerRadius: cornerRadius, direction: direction), key: "shape")
    }
}

extension ContainerOutline {
    /// An SVG file's shapes (the union of its elements' fills). When some path data or points were
    /// drawn only up to an error, says so in one warning line on stderr naming `--svg` and `file`.
    public init(svg shapes: SVGShapes, file: String) {
        self.init(path: shapes.path, rule: shapes.rule, key: "svg")
        if let line = Self.warning(shapes, file: file) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
    }

    /// The warning line for `shapes`, or nil when it has none.
    public static func warning(_ shapes: SVGShapes, file: String) -> String? {
        guard let first = shapes.warnings.first else { return nil }
        let more = shapes.warnings.count > 1 ? " (and \(shapes.warnings.count - 1) more)" : ""
        return "warning: --svg '\(file)': \(first)\(more)"
    }
}

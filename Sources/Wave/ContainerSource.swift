import Text

/// What the container is made of, kept so that it can be laid out again at another size (a window
/// that is resized relays out; it never stretches a frame).
public enum ContainerSource: Sendable {
    /// Text shaped in a font.
    case text(TextShaper)
    /// An image's alpha.
    case mask(MaskImage)

    /// SCENE.md's layout at `parameters`' size and font size.
    public func layout(for parameters: WaveParameters) throws -> ContainerLayout {
        switch self {
        case .text(let shaper):
            return try ContainerLayout(text: shaper, width: parameters.width, height: parameters.height,
                                       fontSize: parameters.fontSize)
        case .mask(let image):
            return try ContainerLayout(mask: image, width: parameters.width, height: parameters.height)
        }
    }

    /// A scene of `parameters` with this container.
    public func scene(_ parameters: WaveParameters) throws -> WaveScene {
        try WaveScene(parameters: parameters, layout: layout(for: parameters))
    }
}

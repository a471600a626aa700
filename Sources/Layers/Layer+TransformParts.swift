import Animation
import Geometry

extension Layer {
    /// `transform` as scale, rotation and translation (about the anchor point): the typed key path
    /// `\Layer.transformParts` animates a turn as an angle. Reading decomposes `transform` (shear is
    /// lost); writing replaces it.
    public var transformParts: TransformParts {
        get { TransformParts(transform) }
        set { transform = newValue.transform }
    }
}

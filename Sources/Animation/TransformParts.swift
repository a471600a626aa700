#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// An affine transform as scale, then rotation, then translation, blended part by part: an angle
/// animates as an angle (a matrix blended entry by entry shrinks midway through a turn).
///
/// Use it through `Layer.transformParts` (typed key path `\Layer.transformParts`) to animate turns,
/// scales and moves about the anchor point.
public struct TransformParts: Hashable, Sendable, Interpolatable {
    /// Applied last.
    public var translation: Point
    /// Radians, clockwise on screen (y grows downwards); applied after the scale.
    public var rotation: Double
    /// Applied first.
    public var scale: Point

    /// The parts; the defaults are the identity.
    public init(translation: Point = .zero, rotation: Double = 0, scale: Point = Point(1, 1)) {
        self.translation = translation; self.rotation = rotation; self.scale = scale
    }

    /// Decomposes `t`, assuming it has no shear (a reflection shows as a negative y scale).
    public init(_ t: Transform) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        translation = Point(t.tx, t.ty)
        if sx > 0 {
            rotation = atan2(t.b, t.a)
            scale = Point(sx, (t.a * t.d - t.b * t.c) / sx)
        } else {
            rotation = 0
            scale = Point(0, t.d)
        }
    }

    /// The matrix: scale, then rotate, then translate.
    public var transform: Transform {
        let c = Double.cosine(rotation), s = Double.sine(rotation)
        return Transform(a: c * scale.x, b: s * scale.x, c: -s * scale.y, d: c * scale.y, tx: translation.x, ty: translation.y)
    }

    /// Part-by-part linear blend.
    public static func interpolate(_ a: TransformParts, _ b: TransformParts, _ t: Double) -> TransformParts {
        TransformParts(translation: .interpolate(a.translation, b.translation, t),
                       rotation: .interpolate(a.rotation, b.rotation, t),
                       scale: .interpolate(a.scale, b.scale, t))
    }
}

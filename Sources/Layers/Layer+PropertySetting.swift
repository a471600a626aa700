import Animation
import Geometry
import Raster

/// Animations write layer properties through these functions, not their key paths: a key-path
/// write into a class instance allocates every time, and the presentation tree is made every frame.
extension Layer: PropertySetting {
    public static func setter<R, Value>(for keyPath: WritableKeyPath<R, Value>) -> (@Sendable (inout R, Value) -> Void)? {
        if let k = keyPath as? WritableKeyPath<Layer, Value> { return lift(common(k)) }
        if let k = keyPath as? WritableKeyPath<ShapeLayer, Value> { return lift(common(k) ?? shape(k)) }
        if let k = keyPath as? WritableKeyPath<GradientLayer, Value> { return lift(common(k) ?? gradient(k)) }
        return nil
    }

    /// `set` for a root of type `R` (a layer of type `L`).
    private static func lift<L: Layer, R, Value>(_ set: (@Sendable (L, Value) -> Void)?) -> (@Sendable (inout R, Value) -> Void)? {
        guard let set else { return nil }
        return { root, value in
            if let layer = root as? L { set(layer, value) }
        }
    }

    /// `set` when `entry` is `keyPath` (so `T` is `Value`), else nil.
    private static func match<L: Layer, T, Value>(_ keyPath: WritableKeyPath<L, Value>, _ entry: WritableKeyPath<L, T>,
                                                  _ set: @escaping @Sendable (L, T) -> Void) -> (@Sendable (L, Value) -> Void)? {
        guard (entry as AnyKeyPath) == (keyPath as AnyKeyPath) else { return nil }
        return set as? @Sendable (L, Value) -> Void
    }

    /// Every layer's animatable properties, on a layer of type `L`.
    private static func common<L: Layer, Value>(_ k: WritableKeyPath<L, Value>) -> (@Sendable (L, Value) -> Void)? {
        match(k, \L.position) { $0.position = $1 } ?? match(k, \L.bounds) { $0.bounds = $1 }
            ?? match(k, \L.anchorPoint) { $0.anchorPoint = $1 } ?? match(k, \L.transform) { $0.transform = $1 }
            ?? match(k, \L.transformParts) { $0.transformParts = $1 } ?? match(k, \L.opacity) { $0.opacity = $1 }
            ?? match(k, \L.isHidden) { $0.isHidden = $1 } ?? match(k, \L.backgroundColor) { $0.backgroundColor = $1 }
    }

    private static func shape<Value>(_ k: WritableKeyPath<ShapeLayer, Value>) -> (@Sendable (ShapeLayer, Value) -> Void)? {
        match(k, \ShapeLayer.path) { $0.path = $1 } ?? match(k, \ShapeLayer.fillColor) { $0.fillColor = $1 }
            ?? match(k, \ShapeLayer.strokeColor) { $0.strokeColor = $1 } ?? match(k, \ShapeLayer.lineWidth) { $0.lineWidth = $1 }
            ?? match(k, \ShapeLayer.strokeStart) { $0.strokeStart = $1 } ?? match(k, \ShapeLayer.strokeEnd) { $0.strokeEnd = $1 }
    }

    private static func gradient<Value>(_ k: WritableKeyPath<GradientLayer, Value>) -> (@Sendable (GradientLayer, Value) -> Void)? {
        match(k, \GradientLayer.colors) { $0.colors = $1 } ?? match(k, \GradientLayer.locations) { $0.locations = $1 }
            ?? match(k, \GradientLayer.startPoint) { $0.startPoint = $1 } ?? match(k, \GradientLayer.endPoint) { $0.endPoint = $1 }
    }
}

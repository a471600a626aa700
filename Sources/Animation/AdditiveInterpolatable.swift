import Geometry

/// An `Interpolatable` value that can also be added, subtracted and scaled, which `by` values,
/// additive and cumulative animations need.
public protocol AdditiveInterpolatable: Interpolatable {
    /// The neutral element of `+`.
    static var zero: Self { get }
    /// Sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// The value multiplied by `factor`.
    func scaled(by factor: Double) -> Self
}

extension Double: AdditiveInterpolatable {
    /// `self * factor`.
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
}

extension Float: AdditiveInterpolatable {
    /// `self * Float(factor)`.
    @inlinable public func scaled(by factor: Double) -> Float { self * Float(factor) }
}

extension Point: AdditiveInterpolatable {
    /// Both coordinates multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Point { self * factor }
}

/// The arithmetic of an `AdditiveInterpolatable` type captured as values, so an animation generic
/// over any `Interpolatable` can carry it when (and only when) its value type has it.
struct AdditiveOperations<Value>: Sendable {
    let zero: @Sendable () -> Value
    let add: @Sendable (Value, Value) -> Value
    let subtract: @Sendable (Value, Value) -> Value
    let scale: @Sendable (Value, Double) -> Value
}

extension AdditiveOperations where Value: AdditiveInterpolatable {
    init() {
        zero = { Value.zero }
        add = { $0 + $1 }
        subtract = { $0 - $1 }
        scale = { $0.scaled(by: $1) }
    }
}

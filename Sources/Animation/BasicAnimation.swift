/// Animates one property from one value to another (CA's `CABasicAnimation`).
///
/// Missing ends come from the value in the root when the animation is applied (the model value, or
/// what earlier animations on the same property wrote), with CA's rules:
///
/// | set          | from        | to          |
/// |--------------|-------------|-------------|
/// | from, to     | from        | to          |
/// | from, by     | from        | from + by   |
/// | by, to       | to - by     | to          |
/// | from         | from        | model       |
/// | to           | model       | to          |
/// | by           | model       | model + by  |
/// | none         | model       | model       |
///
/// `by`, `isAdditive` and `isCumulative` need `Value: AdditiveInterpolatable`. An additive animation
/// treats its values as offsets: missing ends are zero, and the model value is added to the result.
/// A cumulative one adds `iteration * (to - from)` on each repeat (a repeat of an autoreversing
/// timing is there and back).
public struct BasicAnimation<Root, Value: Interpolatable>: Animating {
    /// The animated property; a key path literal such as `\ShapeLayer.position` is `Sendable`.
    public let keyPath: WritableKeyPath<Root, Value> & Sendable
    /// Start value, or nil for the table above.
    public var from: Value?
    /// End value, or nil for the table above.
    public var to: Value?
    /// When the animation runs, relative to its parent (usually the layer's local time).
    public var timing: MediaTiming
    /// Easing applied to each iteration's progress.
    public var timingFunction: TimingFunction

    /// `by`, additive and cumulative state; `arithmetic` is non-nil once any of them was set.
    private var byValue: Value?
    private var additive = false
    private var cumulative = false
    private var arithmetic: AdditiveOperations<Value>?
    /// Writes the value instead of the key path when the root offers it (`PropertySetting`).
    private let setter: (@Sendable (inout Root, Value) -> Void)?
    /// The last few values handed out, written into again in turn (arrays: no allocation per frame).
    private let results: ResultRing<Value>?

    /// An animation of `keyPath` from `from` to `to` (nil ends use the model value).
    public init(keyPath: WritableKeyPath<Root, Value> & Sendable, from: Value? = nil, to: Value? = nil,
                timing: MediaTiming, timingFunction: TimingFunction = .linear) {
        self.keyPath = keyPath
        self.from = from
        self.to = to
        self.timing = timing
        self.timingFunction = timingFunction
        setter = propertySetter(keyPath)
        results = Value.reusesStorage ? ResultRing() : nil
    }

    /// The presented value at `parentTime` given the underlying `model` value, or nil when the
    /// animation is neither active nor filling (the model value shows).
    public func value(model: Value, parentTime: Double) -> Value? {
        guard let sample = timing.sample(parentTime: parentTime) else { return nil }
        let (start, end) = endpoints(model: model)
        let t = timingFunction.apply(sample.progress)
        var value = results?.interpolate(start, end, t) ?? Value.interpolate(start, end, t)
        if let ops = arithmetic {
            if cumulative && sample.iteration != 0 {
                value = ops.add(value, ops.scale(ops.subtract(end, start), sample.iteration))
            }
            if additive { value = ops.add(model, value) }
        }
        return value
    }

    /// Writes the presented value into `root[keyPath: keyPath]`; leaves it alone when inactive.
    public func apply(to root: inout Root, parentTime: Double) {
        if let value = value(model: root[keyPath: keyPath], parentTime: parentTime) {
            if let setter { setter(&root, value) } else { root[keyPath: keyPath] = value }
        }
    }

    private func endpoints(model: Value) -> (Value, Value) {
        guard let ops = arithmetic else { return (from ?? model, to ?? model) }
        let base = additive ? ops.zero() : model
        switch (from, to, byValue) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, ops.add(from, by))
        case let (nil, to?, by?): return (ops.subtract(to, by), to)
        case let (from?, nil, nil): return (from, base)
        case let (nil, to?, nil): return (base, to)
        case let (nil, nil, by?): return (base, ops.add(base, by))
        case (nil, nil, nil): return (base, base)
        }
    }
}

extension BasicAnimation where Value: AdditiveInterpolatable {
    /// An animation with CA's full set of value options (see the type's table).
    public init(keyPath: WritableKeyPath<Root, Value> & Sendable, from: Value? = nil, to: Value? = nil,
                by: Value?, timing: MediaTiming, timingFunction: TimingFunction = .linear,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.init(keyPath: keyPath, from: from, to: to, timing: timing, timingFunction: timingFunction)
        self.by = by
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// Offset from the start value, used when `from` or `to` is missing.
    public var by: Value? {
        get { byValue }
        set { byValue = newValue; arithmetic = AdditiveOperations() }
    }

    /// The values are offsets added to the model value.
    public var isAdditive: Bool {
        get { additive }
        set { additive = newValue; arithmetic = AdditiveOperations() }
    }

    /// Each repeat continues from where the previous one ended.
    public var isCumulative: Bool {
        get { cumulative }
        set { cumulative = newValue; arithmetic = AdditiveOperations() }
    }
}

/// A type-erased animation of a `Root`, so a layer can keep heterogeneous animations by key.
public struct AnyAnimation<Root>: Animating {
    /// The wrapped animation's timing.
    public let timing: MediaTiming
    private let body: @Sendable (inout Root, Double) -> Void

    /// Wraps `animation`.
    public init<A: Animating>(_ animation: A) where A.Root == Root {
        if let erased = animation as? AnyAnimation<Root> {
            self = erased
            return
        }
        timing = animation.timing
        body = { animation.apply(to: &$0, parentTime: $1) }
    }

    /// An animation from a closure; `timing` is informational (the closure does its own timing).
    public init(timing: MediaTiming, apply: @escaping @Sendable (inout Root, Double) -> Void) {
        self.timing = timing
        body = apply
    }

    /// Applies the wrapped animation.
    public func apply(to root: inout Root, parentTime: Double) {
        body(&root, parentTime)
    }
}

/// A type-erased animation of a `Root`, so a layer can keep heterogeneous animations by key.
public struct AnyAnimation<Root>: Animating {
    /// The wrapped animation's timing.
    public let timing: MediaTiming
    private let body: @Sendable (inout Root, Double) -> Void
    /// Whether `timing` says when the animation writes (it wraps an `Animating`, which leaves its
    /// root alone while inactive and not filling); false for a closure, which does its own timing.
    private let timed: Bool

    /// Wraps `animation`.
    public init<A: Animating>(_ animation: A) where A.Root == Root {
        if let erased = animation as? AnyAnimation<Root> {
            self = erased
            return
        }
        timing = animation.timing
        timed = true
        body = { animation.apply(to: &$0, parentTime: $1) }
    }

    /// An animation from a closure; `timing` is informational (the closure does its own timing).
    public init(timing: MediaTiming, apply: @escaping @Sendable (inout Root, Double) -> Void) {
        self.timing = timing
        timed = false
        body = apply
    }

    private init(timing: MediaTiming, timed: Bool, body: @escaping @Sendable (inout Root, Double) -> Void) {
        self.timing = timing
        self.timed = timed
        self.body = body
    }

    /// An animation from a closure that writes nothing at a parent time where `timing` is neither
    /// active nor filling (as an `Animating`'s `apply`), so `writes(parentTime:)` can tell.
    public static func timed(_ timing: MediaTiming, apply: @escaping @Sendable (inout Root, Double) -> Void) -> AnyAnimation {
        AnyAnimation(timing: timing, timed: true, body: apply)
    }

    /// False when the animation certainly writes nothing at `parentTime` (its timing is neither
    /// active nor filling there); true when it may.
    public func writes(parentTime: Double) -> Bool {
        !timed || timing.sample(parentTime: parentTime) != nil
    }

    /// Applies the wrapped animation.
    public func apply(to root: inout Root, parentTime: Double) {
        body(&root, parentTime)
    }
}

/// Several animations under one timing (CA's `CAAnimationGroup`): each child's parent time is the
/// group's local time, so the group's begin, speed, repeat and fill apply to all of them, and
/// children are clipped to the group's active period.
public struct AnimationGroup<Root>: Animating {
    /// The group's own timing, relative to its parent.
    public var timing: MediaTiming
    /// The children, applied in order (later ones see what earlier ones wrote).
    public var animations: [AnyAnimation<Root>]

    /// A group of `animations` under `timing`.
    public init(timing: MediaTiming, animations: [AnyAnimation<Root>]) {
        self.timing = timing
        self.animations = animations
    }

    /// Applies every child at the group's local time; nothing when the group is inactive.
    public func apply(to root: inout Root, parentTime: Double) {
        guard let time = timing.localTime(parentTime: parentTime) else { return }
        for animation in animations {
            animation.apply(to: &root, parentTime: time)
        }
    }
}

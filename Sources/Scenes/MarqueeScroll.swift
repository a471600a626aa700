/// How a marquee scrolls (MarqueeLabel's types).
public enum MarqueeScroll: String, Sendable, CaseIterable {
    /// Copies follow each other endlessly, separated by three spaces (and the trailing buffer); the
    /// text moves the way `--direction` says (left unless told otherwise).
    case continuous
    /// `continuous` moving right.
    case continuousReverse = "continuous-reverse"
    /// One copy scrolls left until its end shows, pauses, and jumps back to the start.
    case left
    /// One copy, aligned to its end, scrolls right until its start shows, pauses, and jumps back.
    case right
    /// One copy scrolls left until its end shows, pauses, and scrolls back.
    case leftRight = "left-right"
    /// One copy, aligned to its end, scrolls right until its start shows, pauses, and scrolls back.
    case rightLeft = "right-left"
    /// `left-right`, or `right-left` with `--direction right`.
    case bounce

    /// Whether copies follow each other (the continuous types).
    public var isContinuous: Bool { self == .continuous || self == .continuousReverse }

    /// The type `bounce` and `continuous` stand for when the text moves `direction`.
    public func resolved(_ direction: MarqueeDirection) -> MarqueeScroll {
        switch (self, direction) {
        case (.continuous, .right): return .continuousReverse
        case (.bounce, .left): return .leftRight
        case (.bounce, .right): return .rightLeft
        default: return self
        }
    }
}

/// Where text that fits the view stands (MarqueeLabel's text alignment).
public enum MarqueeAlignment: String, Sendable, CaseIterable {
    /// At the left, after the leading buffer.
    case left
    /// Centred in the view.
    case center
    /// At the right, before the trailing buffer.
    case right
}

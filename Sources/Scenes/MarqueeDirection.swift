/// Which way a marquee scrolls.
public enum MarqueeDirection: String, Sendable, CaseIterable {
    /// Text moves to the left (the next copy comes in from the right).
    case left
    /// Text moves to the right.
    case right
}

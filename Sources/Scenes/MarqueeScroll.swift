/// How a marquee scrolls (MarqueeLabel's types).
public enum MarqueeScroll: String, Sendable, CaseIterable {
    /// Copies follow each other endlessly, separated by three spaces (and the trailing buffer).
    case continuous
    /// One copy scrolls until its end shows, pauses, and scrolls back.
    case bounce
}

import SceneKit
import Geometry
import Raster
import Text

/// The marquee's knobs. Defaults are the document's: three spaces between copies, a fade of 0.026
/// of the view's width at each side; the rest are MarqueeLabel's (one scroll cycle in 7 s, a linear
/// curve, no buffers, no delay, scrolling left, continuous, text that fits at the left, only text
/// that does not fit scrolls).
public struct MarqueeParameters: Sendable {
    /// A styled run: text, colour, and optionally its own font and size (nil: the scene's).
    public struct Run: Sendable {
        /// The run's text.
        public var text: String
        /// Its colour.
        public var color: Color
        /// Its font (nil: the scene's font).
        public var font: FontFace?
        /// Its em size in pixels (nil: the scene's size).
        public var size: Double?
        /// The setting its colour comes from (`text-color`), when it is one: a vector export names the
        /// colour's slot after it.
        public var colourSetting: String?
        /// A run.
        public init(text: String, color: Color = .black, font: FontFace? = nil, size: Double? = nil, colourSetting: String? = nil) {
            self.text = text; self.color = color; self.font = font; self.size = size; self.colourSetting = colourSetting
        }
    }

    /// The caption: one line of styled runs.
    public var runs = [Run(text: MarqueeParameters.defaultCaption)]

    /// The default caption: longer than the default canvas, so it scrolls.
    public static let defaultCaption = "WaveFill: the wave-fill loading indicator and its family of text effects"
    /// Scroll speed in pixels per second (wins over the document's duration when set).
    public var rate: Double?
    /// Seconds per scroll (one period of a continuous scroll, one leg of the other types); wins over `rate`.
    public var scrollDuration: Double?
    /// Seconds per scroll when neither `rate` nor `scrollDuration` is given (MarqueeLabel's
    /// `.duration(7.0)`).
    public static let defaultDuration = 7.0
    /// When set (and neither `rate` nor `scrollDuration` is, and there is no `delay`), the
    /// document's duration is rounded to whole frames at this rate, so the loop is exact in frames.
    public var wholeFramesAt: Double?
    /// Width of each side's fade in pixels (nil: `fade` of the view's width).
    public var fadeLength: Double?
    /// The fade as a fraction of the view's width, 0...0.5.
    public var fade = 0.026
    /// Space before the text at rest, pixels.
    public var leadingBuffer = 0.0
    /// Extra space after the text (added to the three spaces between continuous copies), pixels.
    public var trailingBuffer = 0.0
    /// A pause at the start of each loop (and at the end of a scroll that stops there), seconds.
    public var delay = 0.0
    /// Which way the text moves.
    public var direction = MarqueeDirection.left
    /// Continuous, one way and back, or there and back (MarqueeLabel's types).
    public var scroll = MarqueeScroll.continuous
    /// The curve of each scroll (`Easing`'s grammar).
    public var easing = "linear"
    /// Where text that fits stands.
    public var alignment = MarqueeAlignment.left
    /// Scroll even when the text fits.
    public var forceScroll = false

    /// The defaults.
    public init() {}

    /// Throws a `SettingError` naming the flag of the first value out of range (`viewWidth` bounds
    /// the fade length).
    public func validate(viewWidth: Int) throws {
        guard !runs.isEmpty, runs.contains(where: { !$0.text.isEmpty }) else {
            throw SettingError("text", "the text is empty; give at least one character")
        }
        for r in runs { try SceneLimits.checkText(r.text, "text") }
        func nonNegative(_ v: Double, _ flag: String, unit: String) throws {
            try SceneLimits.check(v, flag, unit == "s" ? SceneLimits.seconds : SceneLimits.length, unit: unit)
        }
        try SceneLimits.check(rate, "rate", 0 ... 1_000_000, unit: "px/s", open: true)
        try SceneLimits.check(scrollDuration, "scroll-duration", SceneLimits.seconds, unit: "s", open: true)
        if rate != nil && scrollDuration != nil {
            throw SettingError("rate", "give either --rate or --scroll-duration, not both")
        }
        if let f = fadeLength {
            guard f.isFinite, f >= 0, f <= Double(viewWidth) / 2 else {
                throw SettingError("fade-length", "\(f) is outside 0 ... \(Double(viewWidth) / 2) px (half the view's width)")
            }
        }
        guard fade.isFinite, (0 ... 0.5).contains(fade) else { throw SettingError("fade", "\(fade) is outside 0 ... 0.5") }
        try nonNegative(leadingBuffer, "leading-buffer", unit: "px")
        try nonNegative(trailingBuffer, "trailing-buffer", unit: "px")
        try nonNegative(delay, "delay", unit: "s")
        _ = try Easing(easing)
    }

    /// The fade as a fraction of a view `viewWidth` wide.
    public func fadeFraction(viewWidth: Int) -> Double {
        fadeLength.map { $0 / Double(viewWidth) } ?? fade
    }
}

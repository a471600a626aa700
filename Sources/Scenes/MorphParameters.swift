import Text
import SceneKit
import Raster

/// How leaving and entering characters of a morph move.
public enum MorphEffect: String, Sendable, CaseIterable {
    /// Leaving characters fall and turn as they fade; new ones slide down into place as they appear.
    case fall
    /// Leaving characters shrink away; new ones shrink from large into place.
    case scale
    /// Leaving characters rise and fade like vapour; new ones rise into place from below.
    case evaporate
    /// Leaving characters turn into coarse pixels and fade; new ones come out of pixels.
    case pixelate
    /// New characters grow into place amid falling sparkles (particles); leaving ones fade.
    case sparkle
    /// Leaving characters burn down, flames and smoke rising from them (particles); new ones fade in.
    case burn
    /// New characters drop from above like anvils and raise dust where they land (particles);
    /// leaving ones fade.
    case anvil
    /// Characters only fade out and in.
    case none
}

/// The morphing label's knobs. The random ranges are the document's: each character's animation
/// lasts 0.35 ... 1.15 s and starts 0 ... 0.2 s after the change. The texts, interval and effect
/// are ours (the document gives none).
public struct MorphParameters: Sendable {
    /// The texts the label cycles through, in order (then from the first again).
    public var texts = ["Marquee", "Stroke", "Spread", "Morph"]
    /// Wrapping, alignment, line height and direction of each text's lines.
    public var paragraph = ParagraphStyle()
    /// Seconds from one change to the next; at least the longest character animation.
    public var interval = 2.0
    /// How leaving and entering characters move.
    public var effect = MorphEffect.fall
    /// Seeds the random durations, delays and turns (the same seed gives the same frames).
    public var seed: UInt64 = 1
    /// The label's colour.
    public var color = Color.black
    /// Shortest and longest duration of one character's animation, seconds.
    public var durationRange = 0.35 ... 1.15
    /// Shortest and longest delay of one character's animation after a change, seconds.
    public var delayRange = 0.0 ... 0.2

    /// The defaults.
    public init() {}

    /// The document's mean character duration, s: the middle of `durationRange`'s default.
    public static let documentDuration = 0.75

    /// The durations around a mean of `seconds`, spread as the document's are around 0.75 s.
    public static func durations(around seconds: Double) -> ClosedRange<Double> {
        (seconds / documentDuration) * 0.35 ... (seconds / documentDuration) * 1.15
    }

    /// The most texts the morph cycles through.
    public static let maxTexts = 100

    /// The longest any character can take: its latest start plus its longest duration.
    public var longestAnimation: Double { delayRange.upperBound + durationRange.upperBound }

    /// Throws a `SettingError` naming the flag of the first value out of range.
    public func validate() throws {
        guard !texts.isEmpty else { throw SettingError("texts", "give at least one text") }
        guard texts.count <= Self.maxTexts else {
            throw SettingError("texts", "has \(texts.count) texts; at most \(Self.maxTexts) (each change lays out and animates every character)")
        }
        if let i = texts.firstIndex(where: \.isEmpty) {
            throw SettingError("texts", "text \(i + 1) is empty; separate non-empty texts with commas")
        }
        for t in texts { try SceneLimits.checkText(t, "texts", newlines: true) }
        guard durationRange.lowerBound > 0, durationRange.upperBound.isFinite else {
            throw SettingError("morph-duration", "durations must be finite and > 0 s")
        }
        guard interval.isFinite, interval >= longestAnimation, interval <= SceneLimits.seconds.upperBound else {
            // The least interval stated to the millisecond, rounded up so that it is accepted.
            let least = (longestAnimation * 1000).rounded(.up) / 1000
            throw SettingError("interval", "\(interval) s is outside \(least) ... \(Int(SceneLimits.seconds.upperBound)) s (at least the longest character animation, which --morph-duration and --char-delay set)")
        }
        guard delayRange.lowerBound >= 0, delayRange.upperBound.isFinite else {
            throw SettingError("char-delay", "delays must be finite and >= 0 s")
        }
    }
}

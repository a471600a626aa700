import SceneKit
import Text
import Geometry
import Raster

/// The stroke scene's knobs. Defaults: the document's timeline (one pen draws the whole text for 4 s
/// at a steady pace, then the fill fades in over 2 s); the pen's look is ours (2 px black, round
/// joins and caps, no tip).
public struct StrokeParameters: Sendable {
    /// The text whose glyph outlines are drawn.
    public var text = "WaveFill"
    /// Seconds the pen takes from the start of the path to its end (strokeEnd 0 -> 1); with a glyph
    /// stagger, each glyph's pen.
    public var drawDuration = 4.0
    /// The pen's pace (`Easing`'s grammar): strokeEnd is this curve of the elapsed fraction.
    public var easing = "linear"
    /// Seconds between the starts of consecutive glyphs' pens, each drawing its own glyph over
    /// `drawDuration` (0: all at once); nil: one pen along the whole text.
    public var glyphStagger: Double?
    /// Diameter in pixels of a dot in the pen's colour riding the end of each stroke while it draws
    /// (nil: none).
    public var penTip: Double?
    /// Seconds the fill then takes to fade in.
    public var fillDuration = 2.0
    /// Pen width in pixels.
    public var lineWidth = 2.0
    /// Pen colour.
    public var strokeColor = Color.black
    /// Fill colour once faded in.
    public var fillColor = Color.black
    /// How the pen turns corners.
    public var lineJoin = LineJoin.round
    /// How the pen's open ends look (visible while a contour is half drawn).
    public var lineCap = LineCap.round
    /// Miter joins longer than this many widths become bevels.
    public var miterLimit = 10.0
    /// A fixed point of the timeline, 0...1 of `totalDuration`, scrubbed the Core
    /// Animation way (speed 0, timeOffset); nil plays.
    public var progress: Double?
    /// Wrapping, alignment, line height and direction of the lines.
    public var paragraph = ParagraphStyle()

    /// The defaults.
    public init() {}

    /// Seconds from the first pen's start to the last one's end, for `glyphs` glyphs.
    public func drawingTime(glyphs: Int) -> Double {
        glyphStagger.map { Double(max(glyphs - 1, 0)) * $0 + drawDuration } ?? drawDuration
    }

    /// The whole timeline in seconds, for `glyphs` glyphs.
    public func totalDuration(glyphs: Int) -> Double { drawingTime(glyphs: glyphs) + fillDuration }

    /// The most pen-tip positions sampled over all pens (the tips' keyframes).
    public static let maxTipSamples = 100_000

    /// Throws a `SettingError` naming the flag of the first value out of range.
    public func validate() throws {
        guard !text.isEmpty else { throw SettingError("text", "the text is empty; give at least one character") }
        try SceneLimits.checkText(text, "text", newlines: true)
        guard lineWidth.isFinite, lineWidth > 0, lineWidth <= 1000 else {
            throw SettingError("stroke-width", "\(lineWidth) is outside (0, 1000] px")
        }
        try SceneLimits.check(miterLimit, "miter-limit", 1 ... 1000, unit: "widths")
        try SceneLimits.check(drawDuration, "stroke-duration", SceneLimits.seconds, unit: "s", open: true)
        try SceneLimits.check(fillDuration, "fill-duration", SceneLimits.seconds, unit: "s")
        try SceneLimits.check(glyphStagger, "glyph-stagger", SceneLimits.seconds, unit: "s")
        try SceneLimits.check(penTip, "pen-tip", 0 ... 1000, unit: "px", open: true)
        _ = try Easing(easing)
        if let p = progress, !(p.isFinite && (0 ... 1).contains(p)) {
            throw SettingError("progress", "\(p) is outside 0 ... 1")
        }
    }
}

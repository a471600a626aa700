import SceneKit
import Text
import Geometry
import Raster

/// The stroke scene's knobs. Defaults: the document's timeline (the pen draws for 4 s, then the fill
/// fades in over 2 s); the pen's look is ours (2 px black, round joins and caps).
public struct StrokeParameters: Sendable {
    /// The text whose glyph outlines are drawn.
    public var text = "WaveFill"
    /// Seconds the pen takes from the start of the path to its end (strokeEnd 0 -> 1).
    public var drawDuration = 4.0
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
    /// A fixed point of the timeline, 0...1 of `drawDuration + fillDuration`, scrubbed the Core
    /// Animation way (speed 0, timeOffset); nil plays.
    public var progress: Double?
    /// Wrapping, alignment, line height and direction of the lines.
    public var paragraph = ParagraphStyle()

    /// The defaults.
    public init() {}

    /// The whole timeline in seconds.
    public var totalDuration: Double { drawDuration + fillDuration }

    /// Throws a `SettingError` naming the flag of the first value out of range.
    public func validate() throws {
        guard !text.isEmpty else { throw SettingError("text", "the text is empty; give at least one character") }
        try SceneLimits.checkText(text, "text", newlines: true)
        guard lineWidth.isFinite, lineWidth > 0, lineWidth <= 1000 else {
            throw SettingError("stroke-width", "\(lineWidth) is outside (0, 1000] px")
        }
        try SceneLimits.check(miterLimit, "miter-limit", 1 ... 1000, unit: "widths")
        guard drawDuration.isFinite, drawDuration > 0 else { throw SettingError("draw-duration", "\(drawDuration) must be > 0 s") }
        guard fillDuration.isFinite, fillDuration >= 0 else { throw SettingError("fill-duration", "\(fillDuration) must be >= 0 s") }
        if let p = progress, !(p.isFinite && (0 ... 1).contains(p)) {
            throw SettingError("progress", "\(p) is outside 0 ... 1")
        }
    }
}

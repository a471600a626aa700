import Text
import SceneKit
import Geometry
import Raster

/// The spread scene's knobs; the gradient's geometry, colours, locations and duration are the
/// document's.
public struct SpreadParameters: Sendable {
    /// The tab title.
    public var text = "Following"
    /// Wrapping, alignment, line height and direction of the title's lines.
    public var paragraph = ParagraphStyle()
    /// The title's colour while unselected (under the spreading colour).
    public var textColor = Color(r: 0x99, g: 0x99, b: 0x99)
    /// The colour that spreads: the gradient is clear, this, this, clear.
    public var highlight = Color(r: 0xF2, g: 0x45, b: 0x57)
    /// The gradient's axis in unit coordinates of the title.
    public var startPoint = Point(0, 0.4)
    /// See `startPoint`.
    public var endPoint = Point(1, 0.6)
    /// Locations while unselected: all stops at one place, so nothing shows.
    public var unselectedLocations = [0.7, 0.7, 0.7, 0.7]
    /// Locations once selected.
    public var selectedLocations = [0.0, 0.0, 1.0, 1.0]
    /// Seconds the spread (and its way back) takes.
    public var duration = 0.3
    /// When the title is selected, in seconds (nil: never). By default half a second in, so the
    /// spread shows by itself.
    public var selectAt: Double? = 0.5
    /// When it is deselected, in seconds (nil: never); after `selectAt`. By default at 2.5 s.
    public var deselectAt: Double? = 2.5

    /// Facebook Shimmer's looping highlight sweep over the title (nil: none).
    public var shimmer: Shimmer?
    /// When set, the shimmer's sweep is stretched or shrunk so that its period is whole frames at
    /// this rate (so the loop exports exactly).
    public var wholeFramesAt: Double?

    /// How long a title selected by the schedule stays selected when no deselect time is given, s.
    public static let defaultHold = 2.0

    /// The defaults: selected at 0.5 s, deselected at 2.5 s.
    public init() {}

    /// Throws a `SettingError` naming the flag of the first value out of range.
    public func validate() throws {
        guard !text.isEmpty else { throw SettingError("text", "the text is empty; give at least one character") }
        try SceneLimits.checkText(text, "text", newlines: true)
        if let s = selectAt, !(s.isFinite && s >= 0) { throw SettingError("select-at", "\(s) must be a time >= 0") }
        if let d = deselectAt {
            guard d.isFinite, d >= 0 else { throw SettingError("deselect-at", "\(d) must be a time >= 0") }
            guard let s = selectAt else { throw SettingError("deselect-at", "needs --select-at: only a selected title can be deselected") }
            guard d > s else { throw SettingError("deselect-at", "must come after --select-at") }
        }
        try shimmer?.validate()
        guard duration.isFinite, duration > 0 else { throw SettingError("spread-duration", "\(duration) must be > 0 s") }
    }
}

import SceneKit
import Raster
import Vector

/// Which way a shimmer's highlight sweeps (Facebook Shimmer's directions).
public enum ShimmerDirection: String, Sendable, CaseIterable {
    case right, left, up, down
}

/// Facebook Shimmer's looping highlight sweep over the title: the title shows at `baseOpacity`, and
/// a band `length` of the title's extent long (along the sweep), brightest at its middle, slides
/// across it at `speed`, then pauses; the band fades in over `beginFade` at the start of each sweep
/// and out over `endFade` at its end.
public struct Shimmer: Sendable, Equatable {
    /// The band's speed, pixels per second.
    public var speed = 230.0
    /// Seconds between one sweep's end and the next one's start.
    public var pause = 0.4
    /// The band's length as a fraction of the title's extent along the sweep, (0, 1].
    public var length = 1.0
    /// Which way the band moves.
    public var direction = ShimmerDirection.right
    /// The title's opacity outside the band, 0 ... 1.
    public var baseOpacity = 0.5
    /// The band's opacity at its middle, 0 ... 1.
    public var highlightOpacity = 1.0
    /// Seconds the band takes to fade in at the start of a sweep.
    public var beginFade = 0.1
    /// Seconds it takes to fade out at the end of a sweep.
    public var endFade = 0.3
    /// The band's colour (nil: the title's colour).
    public var color: Color?

    /// The defaults (Facebook Shimmer's: 230 px/s, 0.4 s pause, a band as long as the title, right,
    /// 0.5 and 1, fades 0.1 s and 0.3 s).
    public init() {}

    /// Seconds one sweep moves for, across a title `extent` pixels long: the band's middle goes from
    /// half a band before the title to half a band after it.
    public func sweepDuration(extent: Double) -> Double { extent * (1 + length) / speed }

    /// Seconds from one sweep's start to the next.
    public func period(extent: Double) -> Double { sweepDuration(extent: extent) + pause }

    /// Throws a `SettingError` naming the flag of the first value out of range.
    public func validate() throws {
        try SceneLimits.check(speed, "shimmer-speed", 0 ... 100_000, unit: "px/s", open: true)
        try SceneLimits.check(pause, "shimmer-pause", SceneLimits.seconds, unit: "s")
        guard length.isFinite, length > 0, length <= 1 else {
            throw SettingError("highlight-length", "\(DecimalText.shortest(length)) is outside (0, 1] of the title's length")
        }
        try SceneLimits.check(baseOpacity, "shimmer-opacity", 0 ... 1, unit: "")
        try SceneLimits.check(highlightOpacity, "highlight-opacity", 0 ... 1, unit: "")
        try SceneLimits.check(beginFade, "shimmer-begin-fade", SceneLimits.seconds, unit: "s")
        try SceneLimits.check(endFade, "shimmer-end-fade", SceneLimits.seconds, unit: "s")
    }
}

/// One frame of a display link (CA's `CADisplayLink` properties), in seconds.
public struct FrameTick: Hashable, Sendable {
    /// Frame number: 0, 1, 2, ... (frame-based animations step per index).
    public var index: Int
    /// When this frame started (time-based animations sample at this time).
    public var timestamp: Double
    /// When the next frame is due, i.e. when this frame will be shown.
    public var targetTimestamp: Double
    /// The frame interval.
    public var duration: Double

    /// A tick from its four values.
    public init(index: Int, timestamp: Double, targetTimestamp: Double, duration: Double) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
    }
}

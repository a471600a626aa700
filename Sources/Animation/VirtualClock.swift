/// A headless clock at a fixed frame rate: tick n is at `Double(n) / fps`, computed from n and never
/// accumulated, so frame n is the same however it was reached (stepped to, or `tick(at:)` alone).
public struct VirtualClock: FrameClock, Hashable, Sendable {
    /// Frames per second.
    public let fps: Double
    /// Index of the tick `nextTick()` returns next.
    public private(set) var nextIndex: Int
    /// Index at which the clock stops (exclusive), or nil to run forever.
    public let endIndex: Int?

    /// A clock at `fps` (> 0, finite) whose first tick is `startIndex`, stopping before `endIndex`.
    public init(fps: Double = 60, startIndex: Int = 0, endIndex: Int? = nil) {
        precondition(fps > 0 && fps.isFinite, "VirtualClock needs a positive finite fps, got \(fps)")
        self.fps = fps
        self.nextIndex = startIndex
        self.endIndex = endIndex
    }

    /// Tick `index`, without moving the clock.
    public func tick(at index: Int) -> FrameTick {
        FrameTick(index: index, timestamp: Double(index) / fps,
                  targetTimestamp: Double(index + 1) / fps, duration: 1 / fps)
    }

    /// Returns tick `nextIndex` and advances, or nil at `endIndex`.
    public mutating func nextTick() -> FrameTick? {
        if let endIndex, nextIndex >= endIndex { return nil }
        defer { nextIndex += 1 }
        return tick(at: nextIndex)
    }

    /// Jumps so that the next `nextTick()` returns tick `index`.
    public mutating func seek(to index: Int) {
        nextIndex = index
    }
}

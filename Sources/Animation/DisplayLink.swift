/// Drives a per-frame callback from a `FrameClock`, like `CADisplayLink` driving a selector.
public struct DisplayLink<Clock: FrameClock> {
    /// The clock ticks are pulled from (inspect it to see where the link stopped).
    public var clock: Clock

    /// A link over `clock`.
    public init(clock: Clock) {
        self.clock = clock
    }

    /// Calls `body` for each tick until the clock stops or `ticks` ticks were delivered (nil: no
    /// limit). Returns the number of ticks delivered; an error from `body` stops the loop.
    @discardableResult
    public mutating func run<E: Error>(ticks: Int? = nil, _ body: (FrameTick) throws(E) -> Void) throws(E) -> Int {
        var delivered = 0
        while ticks.map({ delivered < $0 }) ?? true, let tick = clock.nextTick() {
            try body(tick)
            delivered += 1
        }
        return delivered
    }
}

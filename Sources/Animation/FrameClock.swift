/// A source of frame ticks: a headless `VirtualClock`, or the window's vsync in SDLHost.
///
/// A protocol with a `mutating` pull method rather than a class with callbacks: a value-type clock
/// (`VirtualClock`) stays a pure, copyable counter, while a clock that waits on hardware can be a
/// final class satisfying the same requirement. `DisplayLink` turns any clock into the push-style
/// callback loop the scene is written against.
public protocol FrameClock {
    /// The next frame, or nil when the clock has stopped (end of a render, window closed).
    /// May block until the frame is due.
    mutating func nextTick() -> FrameTick?
}

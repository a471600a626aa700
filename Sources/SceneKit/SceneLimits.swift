/// Ranges every scene shares.
public enum SceneLimits {
    /// The largest canvas side accepted, in pixels.
    public static let maxCanvasSide = 8192
    /// The largest em size accepted, in pixels.
    public static let maxFontSize = 4096.0
    /// The highest clock rate accepted, frames per second.
    public static let maxFPS = 1000.0
}

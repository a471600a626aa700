/// Which source frames a file shows when it cannot play at the source's frame rate.
///
/// An animation of `sourceCount` frames at `sourceFPS` lasts `sourceCount / sourceFPS` seconds. A
/// format whose fastest rate is `maxFPS` (GIF: 50) gets the same seconds at `maxFPS`: its frame j
/// shows the source frame nearest its timestamp j / fps, frame round(j x sourceFPS / fps) (ties away
/// from zero). At or below `maxFPS` nothing changes: frame j is source frame j.
public struct FrameResampling: Sendable, Equatable {
    /// The animation's frame rate, > 0.
    public let sourceFPS: Double
    /// The animation's frames, >= 1.
    public let sourceCount: Int
    /// The file's frame rate: `sourceFPS`, at most `maxFPS`.
    public let fps: Double

    /// `sourceCount` frames at `sourceFPS` for a file that plays at most `maxFPS` (nil: any rate).
    public init(sourceFPS: Double, sourceCount: Int, maxFPS: Double?) {
        precondition(sourceFPS > 0 && sourceCount >= 1)
        self.sourceFPS = sourceFPS
        self.sourceCount = sourceCount
        fps = min(sourceFPS, maxFPS ?? sourceFPS)
    }

    /// True when the file's frames are sampled by time rather than taken one for one.
    public var isResampled: Bool { fps < sourceFPS }

    /// The animation's length in the file's frames, sourceCount x fps / sourceFPS (not always whole).
    public var exactCount: Double { Double(sourceCount) * fps / sourceFPS }

    /// True when the file's frames cover the animation's seconds exactly, so a loop stays seamless.
    public var coversExactly: Bool { abs(exactCount - exactCount.rounded()) < 1e-9 }

    /// The file's frames: `exactCount` rounded, at least 1.
    public var count: Int { isResampled ? max(1, Int(exactCount.rounded())) : sourceCount }

    /// The source frame (counted from the first exported one) that the file's frame `j` shows; always
    /// below `sourceCount` for j < `count`.
    public func sourceFrame(_ j: Int) -> Int {
        isResampled ? Int((Double(j) * sourceFPS / fps).rounded()) : j
    }
}

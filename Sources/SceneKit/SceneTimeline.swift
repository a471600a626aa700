/// How a scene's picture changes over its frames.
public enum SceneTimeline: Equatable, Sendable {
    /// Every frame is the same picture.
    case still
    /// The animation plays over `frames` frames (through the one showing its end), then holds.
    case once(frames: Int)
    /// The picture repeats every `seconds` from frame `start` on; `frames` is that period in frames
    /// when it is a whole number of frames (nil when it is not, or too long to count).
    case periodic(frames: Int?, seconds: Double, start: Int)

    /// The exact repeat (period in frames, first frame of the loop), if there is one.
    public var loop: (frames: Int, start: Int)? {
        if case .periodic(let n?, _, let s) = self { return (n, s) }
        return nil
    }

    /// Whole frames in `seconds` at `fps`, or nil when it is not a whole number of frames in
    /// 1 ... `limit` (within floating-point rounding: 7.000000000000001 is 7).
    public static func wholeFrames(_ seconds: Double, fps: Double, limit: Int = 1_000_000) -> Int? {
        let f = seconds * fps, r = f.rounded()
        guard r >= 1, r <= Double(limit), abs(f - r) <= 1e-9 * max(1, r) else { return nil }
        return Int(r)
    }

    /// Frames from 0 through the one showing the picture at `seconds` (inclusive), at most `limit` + 1.
    public static func framesThrough(_ seconds: Double, fps: Double, limit: Int = 1_000_000) -> Int {
        let f = seconds * fps
        guard f.isFinite, f > 0 else { return 1 }
        let r = f.rounded()
        let last = abs(f - r) <= 1e-9 * max(1, r) ? r : f.rounded(.up)
        return Int(min(last, Double(limit))) + 1
    }
}

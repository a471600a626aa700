import WaveFill

/// The window's keys as `wavefill run --help` lists them: the wave's tuning keys and the player's
/// own. The window itself binds what each scene's `Scene.controls` declare and `WindowPlayer`'s keys.
public enum LiveControls {
    /// One line per key, for `run --help`.
    public static let helpLines = [
        "space       pause / resume",
        "up / down   amplitude +1 / -1 px",
        "right/left  phase step +1 / -1 deg per frame",
        "] / [       frequency +0.05 / -0.05",
        "0 ... 9     progress 0 ... 90 %",
        "a           back to the repeating rise",
        "mouse drag  progress (up = fuller)",
        "t           frame-based / time-based stepping",
        "r           restart at frame 0",
        "s           save the frame on screen as PNG",
        "c           print the command line",
        "f           stats overlay (fps, frame time, frame, phase, progress)",
        "? or h      help overlay",
        "q, Esc      quit",
    ]
}

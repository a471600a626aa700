/// One scripted input.
public enum ScriptAction: Equatable, Sendable {
    /// Press and release a key.
    case key(HostKey)
    /// Press the left button in the middle of the window at `fromBottom` (0 bottom ... 1 top) of its
    /// height, move there, release.
    case drag(fromBottom: Double)
    /// Resize the window to width x height logical points.
    case resize(width: Int, height: Int)
    /// Close the window.
    case quit
}

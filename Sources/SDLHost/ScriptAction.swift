/// One scripted input.
public enum ScriptAction: Equatable, Sendable {
    /// Press and release a key.
    case key(HostKey)
    /// Press the left button in the middle of the window at `fromBottom` (0 bottom ... 1 top) of its
    /// height, move there, release.
    case drag(fromBottom: Double)
    /// Resize the window to width x height logical points.
    case resize(width: Int, height: Int)
    /// Hide the window (`SDL_HideWindow`: unmapped, as a minimised window is without a window manager).
    case hide
    /// Show a hidden window again (`SDL_ShowWindow`).
    case show
    /// Ask the window manager to minimise the window (`SDL_MinimizeWindow`; nothing happens where
    /// there is no window manager, e.g. on a bare Xvfb).
    case minimize
    /// Ask the window manager to restore a minimised window (`SDL_RestoreWindow`).
    case restore
    /// Tell the window its contents were lost, as the window system does when it is uncovered (an
    /// `SDL_WINDOWEVENT_EXPOSED` pushed through the queue).
    case expose
    /// Close the window.
    case quit
}

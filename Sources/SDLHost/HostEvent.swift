/// What happened in the window since the last poll, in the window's logical coordinates.
public enum HostEvent: Equatable, Sendable {
    /// The window was closed (close button, Ctrl-C, or SDL_QUIT).
    case quit
    /// A key was pressed (repeats included).
    case key(HostKey)
    /// The left button went down at (x, y), as fractions 0...1 of the window's width and height.
    case pointerDown(x: Double, y: Double)
    /// The pointer moved with the left button held.
    case pointerDrag(x: Double, y: Double)
    /// The left button was released.
    case pointerUp(x: Double, y: Double)
    /// The window's size changed (logical points).
    case resized(width: Int, height: Int)
    /// The window was hidden or minimised (false), or shown or restored (true).
    case visibilityChanged(visible: Bool)
    /// The window system lost what the window showed (uncovered, mapped again): present it again.
    case exposed
    /// The tuning panel took input (a click, a drag, typing): its next frame may differ.
    case panelInput
    /// Ctrl+Z (undo) or Ctrl+Shift+Z / Ctrl+Y (redo), outside text fields.
    case undo(redo: Bool)
}

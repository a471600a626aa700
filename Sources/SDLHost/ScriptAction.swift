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
    /// The pointer on a control of the tuning panel, found by name in the panel's last frame.
    case panel(PanelPointer)
    /// Typed text (an `SDL_TEXTINPUT` event), for the panel's text fields.
    case text(String)
    /// A key with Ctrl and/or Shift held (`ctrl+z`, `ctrl+shift+z`).
    case chord(HostKey, ctrl: Bool, shift: Bool)
    /// Reports where a panel control is (`panel: control NAME at X,Y WxH`, logical points), through
    /// the window's `report`: for checking that controls stay put.
    case locate(String)
}

/// A scripted pointer action on a named control of the tuning panel: the setting's key
/// (`amplitude`, `front-wave`), a drop-down's item (`scene/morph`), or a panel button (`undo`,
/// `export`, `copy-command` ...).
public struct PanelPointer: Equatable, Sendable {
    /// What the pointer does there.
    public enum Phase: Equatable, Sendable {
        /// Left button down, (move), up.
        case click
        /// The same with Ctrl held (a slider turns into a text field).
        case ctrlClick
        /// Left button down.
        case press
        /// Move with the button held.
        case move
        /// Left button up.
        case release
        /// Turn the wheel by this many notches (positive: up) with the pointer on the control: alone
        /// it scrolls the panel; with Ctrl held it steps a slider, with Shift a tenth of a step.
        case wheel(Double, WheelModifier)
    }
    /// The key held while the wheel turns.
    public enum WheelModifier: Equatable, Sendable { case none, ctrl, shift }
    /// The action.
    public var phase: Phase
    /// The control's name.
    public var target: String
    /// Where across the control's width, 0...1 (0.5: the middle).
    public var fraction: Double

    public init(phase: Phase, target: String, fraction: Double = 0.5) {
        self.phase = phase; self.target = target; self.fraction = fraction
    }
}

/// What a user asks a scene for, independent of the key, click or script that asked.
public enum SceneAction: Equatable, Sendable {
    /// Switches the scene's two states (select / deselect a spread title).
    case toggle
    /// Sets the scene's level to a fraction in 0 ... 1 (the wave's fill, the stroke's drawing).
    case scrub(Double)
    /// Moves the scene's level smoothly to a fraction in 0 ... 1 (the wave's digit keys); scenes
    /// without transitions treat it as `scrub`.
    case animate(Double)
    /// Lets the level run on its own again (the repeating rise, the drawing played again).
    case play
    /// Nudges a setting by whole steps (`amplitude`, `phase-step`, `frequency`).
    case adjust(String, Int)
    /// Switches how time drives the scene (the wave's frame-based / time-based stepping).
    case switchTiming
    /// The player went back to frame 0.
    case restart
}

/// An input a scene responds to: a key (or the pointer) and the action it asks for.
public struct SceneControl: Equatable, Sendable {
    /// The input.
    public enum Input: Equatable, Sendable {
        /// A printable key, e.g. "a".
        case key(Character)
        /// The space bar.
        case space
        /// An arrow key.
        case up, down, left, right
        /// A digit key 0 ... 9: `scrub(d / 10)`, or `animate(d / 10)` when its action is `animate`.
        case digits
        /// A click anywhere.
        case click
        /// A vertical drag: `scrub(1 - y)` with y the pointer's height fraction from the top.
        case verticalDrag
    }

    /// What triggers it.
    public var input: Input
    /// What it asks for (ignored for `digits` and `verticalDrag`, which carry their own value).
    public var action: SceneAction
    /// One help line: the keys and what they do.
    public var help: String

    /// A control.
    public init(_ input: Input, _ action: SceneAction, help: String) {
        self.input = input; self.action = action; self.help = help
    }
}

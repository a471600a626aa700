/// A setting's value as a preset or a command line holds it.
public enum SettingValue: Equatable, Sendable {
    /// Text: a string, a colour (`#RRGGBB`), a size (`WxH`), a path or a choice.
    case string(String)
    /// A number.
    case number(Double)
    /// On or off.
    case bool(Bool)
    /// A list of strings (a repeatable flag).
    case strings([String])
    /// Not set: the setting takes its default (or is derived).
    case unset
}

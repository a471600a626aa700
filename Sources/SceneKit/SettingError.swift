/// A setting whose value is out of range or malformed, named by its key (`amplitude`, `size`, ...).
///
/// Scenes speak of settings, not of command-line flags: a command line reports the key as its flag
/// (`--amplitude`), a preset file as its JSON key (`"amplitude"`).
public struct SettingError: Error, Equatable, CustomStringConvertible {
    /// The setting's key, e.g. `amplitude` (a command line's flag without its dashes).
    public var key: String
    /// What is wrong and what would be accepted.
    public var message: String
    /// Creates an error about `key`.
    public init(_ key: String, _ message: String) { self.key = key; self.message = message }
    /// `key: message`.
    public var description: String { "\(key): \(message)" }
}

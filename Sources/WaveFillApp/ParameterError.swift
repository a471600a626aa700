import WaveFill

/// A command-line value that cannot be used, named by its flag.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The flag, `--` and the setting's key or the option's name.
    public var flag: String
    /// What is wrong and what would be accepted.
    public var message: String
    public init(_ flag: String, _ message: String) { self.flag = flag; self.message = message }
    /// A setting error reported under its flag (`--` and the key).
    public init(_ e: SettingError) { self.init("--" + e.key, e.message) }
    /// `--flag: message`.
    public var description: String { "\(flag): \(message)" }
}

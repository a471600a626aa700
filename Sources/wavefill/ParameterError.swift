import WaveFill

/// A command-line value that cannot be used, named by its flag (`--amplitude`).
struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The flag, e.g. `--amplitude`.
    var flag: String
    /// What is wrong and what would be accepted.
    var message: String
    init(_ flag: String, _ message: String) { self.flag = flag; self.message = message }
    /// A setting error reported under its flag (`--` and the key).
    init(_ e: SettingError) { self.init("--" + e.key, e.message) }
    /// `--flag: message`.
    var description: String { "\(flag): \(message)" }
}

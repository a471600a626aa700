/// Why a vector document (Lottie, SVG) of the scene cannot be written, for reasons that are not one
/// flag's value (those are `ParameterError`s).
public struct VectorExportError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String
    /// The export setting that asked for what cannot be written (`lottie-masks`), if one did.
    public var setting: String?
    /// Creates an error.
    public init(_ message: String, setting: String? = nil) { self.message = message; self.setting = setting }
    /// The message.
    public var description: String { message }
}

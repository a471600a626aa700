/// Why a vector document (Lottie, SVG) of the scene cannot be written, for reasons that are not one
/// flag's value (those are `ParameterError`s).
public struct VectorExportError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

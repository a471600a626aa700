/// Why an external encoder could not produce a file.
public enum EncoderError: Error, Equatable, CustomStringConvertible {
    /// The tool is not installed; `package` is the Debian package that provides it.
    case notInstalled(tool: String, package: String)
    /// The tool could not be started.
    case cannotStart(tool: String, message: String)
    /// The tool ran and failed: its exit status (or signal) and the last line it printed on stderr.
    case failed(tool: String, status: String, message: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .notInstalled(let t, let p):
            return "\(t) is not installed (not found on PATH); install Debian's '\(p)' package: apt-get install \(p)"
        case .cannotStart(let t, let m):
            return "cannot start \(t): \(m)"
        case .failed(let t, let s, let m):
            return "\(t) failed (\(s))" + (m.isEmpty ? "" : ": \(m)")
        }
    }
}

import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// A failure to report as one line, with an exit status.
public struct CLIError: Error {
    public var message: String
    public var code: Int32 = 1
    public init(_ message: String, code: Int32 = 1) { self.message = message; self.code = code }
}

/// Writes to file descriptor 2 (stderr) without touching C's global `stderr` from Swift 6 code.
public enum StandardError {
    public static func line(_ s: String) { write(s + "\n") }
    public static func write(_ s: String) {
        var bytes = Array(s.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + off, $0.count - off) }
            if n <= 0 { break }
            off += n
        }
    }
    /// True when stderr is a terminal (progress lines are shown only then).
    public static var isTerminal: Bool { isatty(2) != 0 }
}

/// A progress line on stderr, redrawn in place, only when stderr is a terminal.
public struct Progress {
    public let total: Int
    public let label: String
    public let enabled = StandardError.isTerminal
    private var last = -1
    public init(total: Int, label: String) { self.total = total; self.label = label }
    public mutating func update(_ done: Int) {
        guard enabled, total > 1 else { return }
        let pct = done * 100 / max(total, 1)
        if pct == last && done != total { return }
        last = pct
        StandardError.write("\r\(label) \(done)/\(total) (\(pct)%)")
        if done == total { StandardError.write("\n") }
    }
}

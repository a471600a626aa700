import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Writes lines to file descriptor 1 at once (unbuffered), so that a window's change lines reach a
/// pipe as they happen, in order with stderr.
public enum StandardOutput {
    /// The errno of the first write to stdout that failed (0: none); the command then exits 1.
    nonisolated(unsafe) public private(set) static var failure: Int32 = 0

    /// Flushes stdio's stdout too; returns the first failure's message, or nil when all was written.
    public static func checkedFlush() -> String? {
        if fflush(nil) != 0, failure == 0 { failure = errno == 0 ? EIO : errno }
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    public static func line(_ s: String) {
        let bytes = Array((s + "\n").utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { buf -> Int in
                guard let base = buf.baseAddress else { return -1 }
                return Glibc.write(1, base + off, buf.count - off)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if failure == 0 { failure = n < 0 ? errno : EIO }
                break
            }
            off += n
        }
    }
}

import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Writes lines to file descriptor 1 at once (unbuffered), so that a window's change lines reach a
/// pipe as they happen, in order with stderr.
public enum StandardOutput {
    public static func line(_ s: String) {
        let bytes = Array((s + "\n").utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { buf -> Int in
                guard let base = buf.baseAddress else { return -1 }
                return Glibc.write(1, base + off, buf.count - off)
            }
            if n <= 0 { break }
            off += n
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Reading a small input file whole, refusing what is not one.
public enum SmallFile {
    /// The bytes of the regular file `path` of at most `limit` bytes; otherwise a `SettingError` for
    /// `key` naming the file (`what` says why the limit is there).
    public static func read(_ path: String, key: String, limit: Int, what: String) throws -> [UInt8] {
        func fail(_ m: String) -> SettingError { SettingError(key, "'\(SettingDeclaration.clip(path))': " + m) }
        guard !path.isEmpty else { throw SettingError(key, "the file name is empty") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw fail(String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw SettingError(key, "'\(SettingDeclaration.clip(path))' is not a file")
        }
        guard st.st_size <= limit else {
            throw SettingError(key, "'\(SettingDeclaration.clip(path))' is over \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"); \(what)")
        }
        var out = [UInt8]()
        out.reserveCapacity(Int(st.st_size))
        var buf = [UInt8](repeating: 0, count: 65536)
        while out.count <= limit {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw fail(String(cString: strerror(errno))) }
            if n == 0 { break }
            out += buf[0 ..< n]
        }
        guard out.count <= limit else { throw fail("over \(limit >> 10) KiB; \(what)") }
        return out
    }
}

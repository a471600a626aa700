import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Output locations: created when missing, refused when they are files.
public enum OutputPaths {
    public static func frameName(_ n: Int) -> String {
        let s = String(n)
        return "frame-" + String(repeating: "0", count: max(0, 5 - s.count)) + s + ".png"
    }

    /// Creates `dir` (and parents) or fails with a line naming --out.
    public static func prepareDirectory(_ dir: String) throws {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError("--out", "'\(dir)' exists and is not a directory") }
            guard access(dir, W_OK) == 0 else { throw ParameterError("--out", "directory '\(dir)' is not writable") }
            return
        }
        var prefix = dir.hasPrefix("/") ? "/" : ""
        for part in dir.split(separator: "/") {
            prefix += part
            if stat(prefix, &st) != 0 {
                if mkdir(prefix, 0o755) != 0 {
                    throw ParameterError("--out", "cannot create directory '\(prefix)': \(String(cString: strerror(errno)))")
                }
            } else if (st.st_mode & S_IFMT) != S_IFDIR {
                throw ParameterError("--out", "'\(prefix)' is a file, so '\(dir)' cannot be created")
            }
            prefix += "/"
        }
    }

    /// Makes sure the directory a file goes into exists.
    public static func prepareParent(of file: String) throws {
        guard let slash = file.lastIndex(of: "/") else { return }
        let dir = String(file[..<slash])
        if !dir.isEmpty { try prepareDirectory(dir) }
    }
}

extension OutputPaths {
    /// Whether something exists at `path` (a file, a directory, a link).
    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }
}

extension OutputPaths {
    /// Refuses a file output that is empty, a directory, exists without `force`, or lies in a
    /// folder that is a file or not writable; one line naming `--out`.
    public static func checkWritableFile(_ path: String, force: Bool) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw ParameterError("--out", "'\(path)' is not a file name") }
        var st = stat()
        if stat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw ParameterError("--out", "'\(path)' is a directory; give a file name") }
            if !force { throw ParameterError("--out", "'\(path)' exists; pass --force to overwrite") }
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let dir = String(path[..<slash])
            if stat(dir, &st) == 0 {
                guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError("--out", "'\(dir)' is a file, so '\(path)' cannot be created") }
                guard access(dir, W_OK) == 0 else { throw ParameterError("--out", "directory '\(dir)' is not writable") }
            }
        }
    }
}

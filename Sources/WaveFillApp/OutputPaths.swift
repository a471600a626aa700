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
    public static func prepareDirectory(_ dir: String, flag: String = "--out") throws {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError(flag, "'\(dir)' exists and is not a directory") }
            guard access(dir, W_OK) == 0 else { throw ParameterError(flag, "directory '\(dir)' is not writable") }
            return
        }
        var prefix = dir.hasPrefix("/") ? "/" : ""
        for part in dir.split(separator: "/") {
            prefix += part
            if stat(prefix, &st) != 0 {
                // Another process creating the same folder at the same moment is no error.
                if mkdir(prefix, 0o755) != 0 && !(errno == EEXIST && stat(prefix, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
                    throw ParameterError(flag, "cannot create directory '\(prefix)': \(String(cString: strerror(errno)))")
                }
            } else if (st.st_mode & S_IFMT) != S_IFDIR {
                throw ParameterError(flag, "'\(prefix)' is a file, so '\(dir)' cannot be created")
            }
            prefix += "/"
        }
    }

    /// Makes sure the directory a file goes into exists.
    public static func prepareParent(of file: String, flag: String = "--out") throws {
        guard let slash = file.lastIndex(of: "/") else { return }
        let dir = String(file[..<slash])
        if !dir.isEmpty { try prepareDirectory(dir, flag: flag) }
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
    /// Refuses an `--out` that is empty, the bare root, or whose last name is longer than NAME_MAX.
    public static func checkOutValue(_ out: String, flag: String = "--out") throws {
        guard !out.isEmpty else { throw ParameterError(flag, "is empty; give a folder or a file name") }
        guard out.contains(where: { $0 != "/" }) else {
            throw ParameterError(flag, "'\(out)' is the root folder; give a folder or a file name below it")
        }
        let last = out.split(separator: "/").last.map(String.init) ?? out
        guard last.utf8.count <= AtomicFile.nameMax else {
            throw ParameterError(flag, "the name '\(last.prefix(40))...' is \(last.utf8.count) bytes; a file name is at most \(AtomicFile.nameMax)")
        }
    }

    /// What an existing output may be replaced as: nothing there is fine; a regular file or a
    /// symbolic link (the link itself is replaced, never its target) only with `force`; a folder,
    /// device, FIFO or socket never. One line naming `--out`.
    public static func checkReplaceable(_ path: String, force: Bool, flag: String = "--out") throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            if !force { throw ParameterError(flag, "'\(path)' exists; pass --force to overwrite") }
        case S_IFLNK:
            if !force { throw ParameterError(flag, "'\(path)' exists (a symbolic link); pass --force to replace the link (its target is never written)") }
        case S_IFDIR:
            throw ParameterError(flag, "'\(path)' is a directory; give a file name")
        default:
            throw ParameterError(flag, "'\(path)' is \(kind(st.st_mode)), not a regular file; --force replaces only regular files")
        }
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Refuses a file output that is empty, a directory, exists without `force`, is not a regular
    /// file, or lies in a folder that is a file or not writable; one line naming `--out`.
    public static func checkWritableFile(_ path: String, force: Bool, flag: String = "--out") throws {
        try checkOutValue(path, flag: flag)
        guard !path.hasSuffix("/") else { throw ParameterError(flag, "'\(path)' is not a file name") }
        try checkReplaceable(path, force: force, flag: flag)
        var st = stat()
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let dir = String(path[..<slash])
            if stat(dir, &st) == 0 {
                guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ParameterError(flag, "'\(dir)' is a file, so '\(path)' cannot be created") }
                guard access(dir, W_OK) == 0 else { throw ParameterError(flag, "directory '\(dir)' is not writable") }
            }
        }
    }

    /// The folder a file output goes into ("." for a bare name).
    public static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}

/// An exclusive lock (flock) on an output's folder, held while wavefill writes into it, so two runs
/// writing the same output never interleave: the second waits for the first (saying so in one line
/// on stderr), then checks its output again (an existing file needs --force).
public final class OutputLock {
    private var fd: Int32

    /// Locks `folder` (which exists); waits while another process holds it.
    public init(folder: String, flag: String = "--out") throws {
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw ParameterError(flag, "cannot open folder '\(folder)': \(String(cString: strerror(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else { return }       // a file system without flock: no lock
        StandardError.line("wavefill: waiting for another wavefill writing into '\(folder)'")
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// Releases the lock.
    public func release() {
        if fd >= 0 { close(fd); fd = -1 }
    }

    deinit { release() }
}

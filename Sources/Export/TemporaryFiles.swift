#if canImport(Glibc)
import Glibc
#endif

/// What an interrupted export must undo: the temporary files and folders it has created and the
/// child process (ffmpeg, zip) it runs. `removeAll()` is async-signal-safe: a signal handler calls it.
///
/// Paths live in fixed slots of C strings allocated once, so registering never moves memory a
/// handler might be reading; a slot is marked used only after its path is complete.
public enum CleanupRegistry {
    /// Slots per chunk; chunks are allocated as needed, up to `chunkCount`.
    static let chunkSlots = 1024
    static let chunkCount = 64
    /// Bytes per slot: PATH_MAX and its NUL.
    static let slotBytes = 4096
    /// One chunk: `used` flags, then `chunkSlots` paths (pages only touched when used).
    private struct Chunk {
        let used: UnsafeMutablePointer<Int32>
        let paths: UnsafeMutablePointer<CChar>
    }
    nonisolated(unsafe) private static let usedTable: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>.allocate(capacity: chunkCount)
        p.initialize(repeating: nil, count: chunkCount)
        return p
    }()
    nonisolated(unsafe) private static let pathTable: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: chunkCount)
        p.initialize(repeating: nil, count: chunkCount)
        return p
    }()
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(p, nil)
        return p
    }()
    /// The running child process to kill first, so it cannot write on after its files are gone; 0: none.
    nonisolated(unsafe) public private(set) static var child: pid_t = 0
    nonisolated(unsafe) private static var next = 0

    /// Makes the tables exist before any handler can run (lazy globals are not signal-safe).
    public static func prepare() { _ = usedTable; _ = pathTable; _ = lock }

    /// Registers `path` (a file or a folder) for removal on interruption; returns its slot (-1 when
    /// none is free or the path is too long: it is then only removed on the ordinary paths).
    @discardableResult
    public static func add(_ path: String) -> Int {
        prepare()
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < slotBytes else { return -1 }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let total = chunkSlots * chunkCount
        // Round robin, so a freed slot is not reused at once while a handler might still read it.
        for k in 0 ..< total {
            let slot = (next + k) % total
            let c = slot / chunkSlots, i = slot % chunkSlots
            if usedTable[c] == nil {
                let u = UnsafeMutablePointer<Int32>.allocate(capacity: chunkSlots)
                u.initialize(repeating: 0, count: chunkSlots)
                pathTable[c] = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSlots * slotBytes)
                usedTable[c] = u
            }
            guard let used = usedTable[c], let paths = pathTable[c], used[i] == 0 else { continue }
            let base = paths + i * slotBytes
            for (j, b) in bytes.enumerated() { base[j] = CChar(bitPattern: b) }
            base[bytes.count] = 0
            next = (slot + 1) % total
            used[i] = 1
            return slot
        }
        return -1
    }

    /// Forgets slot `slot` (the file was renamed into place or removed).
    public static func remove(_ slot: Int) {
        guard slot >= 0, slot < chunkSlots * chunkCount else { return }
        pthread_mutex_lock(lock)
        usedTable[slot / chunkSlots]?[slot % chunkSlots] = 0
        pthread_mutex_unlock(lock)
    }

    /// How many paths are registered now.
    public static var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        var n = 0
        for c in 0 ..< chunkCount { if let u = usedTable[c] { for i in 0 ..< chunkSlots where u[i] != 0 { n += 1 } } }
        return n
    }

    /// Records the child process a handler must kill first (0: none).
    public static func setChild(_ pid: pid_t) { child = pid }

    /// Kills the child and removes every registered path: files first, then folders, deepest first.
    /// Async-signal-safe (kill, waitpid, unlink, rmdir; no allocation, no lock). Returns how many
    /// paths were removed.
    @discardableResult
    public static func removeAll() -> Int {
        if child > 0 {
            kill(child, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
        var removed = 0
        func each(_ body: (UnsafeMutablePointer<CChar>) -> Bool) -> Bool {
            var any = false
            for c in 0 ..< chunkCount {
                guard let used = usedTable[c], let paths = pathTable[c] else { continue }
                for i in 0 ..< chunkSlots where used[i] != 0 {
                    if body(paths + i * slotBytes) { used[i] = 0; removed += 1; any = true }
                }
            }
            return any
        }
        _ = each { unlink($0) == 0 }
        // Folders: a folder may hold another registered folder, so pass until none goes.
        while each({ rmdir($0) == 0 }) {}
        return removed
    }
}

/// Writes through a temporary file in the output's folder, renamed over the target on success.
///
/// The temporary file is created with `O_CREAT | O_EXCL | O_NOFOLLOW` under a name nobody can guess
/// (a planted file or symbolic link at that name makes the creation fail, never redirects it), its
/// name fits NAME_MAX however long the output's name is, and it is registered with
/// `CleanupRegistry` until it is renamed into place or removed.
public enum AtomicFile {
    /// The longest file name (bytes) Linux file systems take.
    public static let nameMax = 255

    /// A temporary file created exclusively beside `path`.
    public struct Temporary {
        /// Its path (in `path`'s folder).
        public let path: String
        /// Open for writing; -1 once `closed()`.
        public private(set) var descriptor: Int32
        let slot: Int
        let device: UInt64, inode: UInt64

        /// Closes the descriptor (the file is then written by name, e.g. by a C library).
        public func closed() -> Temporary {
            if descriptor >= 0 { close(descriptor) }
            var t = self
            t.descriptor = -1
            return t
        }
    }

    /// The folder part of `path` with its slash ("" for a bare name).
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// The name part of `path`.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `path` made absolute against the working directory (for tools run elsewhere, and for ffmpeg).
    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buf = [CChar](repeating: 0, count: 4097)
        guard getcwd(&buf, buf.count) != nil else { return path }
        let cwd = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
    }

    /// `s` cut to at most `limit` UTF-8 bytes at a character boundary.
    static func prefix(_ s: String, bytes limit: Int) -> String {
        var out = "", count = 0
        for ch in s {
            let n = ch.utf8.count
            if count + n > limit { break }
            out.append(ch); count += n
        }
        return out
    }

    /// A fresh random suffix of `n` letters and digits.
    static func randomSuffix(_ n: Int = 10) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0 ..< n).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count)] })
    }

    /// A hidden name beside `path` for a temporary `kind` ("tmp", "stage"): `.NAME.tmp-RANDOM`, with
    /// NAME shortened so the whole fits NAME_MAX.
    public static func hiddenName(beside path: String, kind: String = "tmp") -> String {
        let suffix = "." + kind + "-" + randomSuffix()
        let room = nameMax - 1 - suffix.utf8.count
        return folder(of: path) + "." + prefix(name(of: path), bytes: room) + suffix
    }

    /// Creates a temporary file beside `path`, exclusively, and registers it for interruption.
    public static func createTemporary(beside path: String) throws -> Temporary {
        try createTemporary(beside: path, naming: { hiddenName(beside: $0) })
    }

    /// `createTemporary`, with the candidate names from `naming` (tests plant files at them).
    static func createTemporary(beside path: String, naming: (String) -> String) throws -> Temporary {
        for _ in 0 ..< 100 {
            let tmp = naming(path)
            // Registered before it exists, so an interruption at any moment after finds it.
            let slot = CleanupRegistry.add(tmp)
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 {
                var st = stat()
                _ = fstat(fd, &st)
                return Temporary(path: tmp, descriptor: fd, slot: slot, device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
            }
            let e = errno
            CleanupRegistry.remove(slot)
            errno = e
            if errno == EEXIST || errno == ELOOP { continue }
            throw ExportError.io(path: path, message: "cannot create a temporary file beside it: \(String(cString: strerror(errno)))")
        }
        throw ExportError.io(path: path, message: "cannot create a temporary file beside it: every name tried exists")
    }

    /// Creates a private temporary folder (mode 0700) beside `path` and registers it.
    public static func createFolder(beside path: String) throws -> (path: String, slot: Int) {
        for _ in 0 ..< 100 {
            let dir = hiddenName(beside: path, kind: "stage")
            let slot = CleanupRegistry.add(dir)
            if mkdir(dir, 0o700) == 0 { return (dir, slot) }
            let e = errno
            CleanupRegistry.remove(slot)
            if e == EEXIST { continue }
            errno = e
            throw ExportError.io(path: path, message: "cannot create a temporary folder beside it: \(String(cString: strerror(errno)))")
        }
        throw ExportError.io(path: path, message: "cannot create a temporary folder beside it: every name tried exists")
    }

    /// Removes a temporary file and forgets it.
    public static func discard(_ t: Temporary) {
        if t.descriptor >= 0 { close(t.descriptor) }
        unlink(t.path)
        CleanupRegistry.remove(t.slot)
    }

    /// Renames `t` over `path` after checking that its name still holds the file created (nothing
    /// was swapped in), then forgets it. Closes its descriptor.
    public static func place(_ t: Temporary, at path: String) throws {
        StagePause.at("final-rename")
        var now = stat()
        let ok = lstat(t.path, &now) == 0
            && (now.st_mode & S_IFMT) == S_IFREG && UInt64(now.st_ino) == t.inode && UInt64(now.st_dev) == t.device
        if t.descriptor >= 0 { close(t.descriptor) }
        guard ok else {
            CleanupRegistry.remove(t.slot)
            throw ExportError.io(path: path, message: "the temporary file '\(t.path)' was replaced while it was written")
        }
        guard rename(t.path, path) == 0 else {
            let e = String(cString: strerror(errno))
            unlink(t.path)
            CleanupRegistry.remove(t.slot)
            throw ExportError.io(path: path, message: "cannot rename into place: \(e)")
        }
        CleanupRegistry.remove(t.slot)
    }

    /// Calls `body` with the temporary file's path (for a tool that writes it by name), then renames
    /// it to `path`; removes it on any failure.
    public static func write(to path: String, _ body: (String) throws -> Void) throws {
        let t = try createTemporary(beside: path)
        do {
            try body(t.path)
        } catch {
            discard(t)
            throw error
        }
        try place(t, at: path)
    }

    /// Calls `body` with the temporary file's open descriptor, then renames it to `path`; removes it
    /// on any failure.
    public static func write(to path: String, descriptor body: (Int32) throws -> Void) throws {
        let t = try createTemporary(beside: path)
        do {
            try body(t.descriptor)
        } catch {
            discard(t)
            throw error
        }
        try place(t, at: path)
    }

    /// Writes bytes atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path, descriptor: { fd in try writeAll(bytes, to: fd, reportedAs: path) })
    }

    /// Writes `bytes` to the temporary `t` (closed) by name, refusing anything but the file created.
    public static func writeAll(_ bytes: [UInt8], into t: Temporary, reportedAs name: String) throws {
        let fd = open(t.path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw ExportError.io(path: name, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_ino) == t.inode, UInt64(st.st_dev) == t.device else {
            throw ExportError.io(path: name, message: "the temporary file '\(t.path)' was replaced while it was written")
        }
        try writeAll(bytes, to: fd, reportedAs: name)
    }

    /// Writes all of `bytes` to `fd`; errors name the file as `name`.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, reportedAs name: String) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { buf -> Int in
                guard let base = buf.baseAddress else { return 0 }
                return Glibc.write(fd, base + off, buf.count - off)
            }
            if n > 0 { off += n; continue }
            if n < 0 && errno == EINTR { continue }
            throw ExportError.io(path: name, message: n < 0 ? String(cString: strerror(errno)) : "short write")
        }
    }
}

/// A test hook: with `WAVEFILL_TEST_PAUSE_AT=<stage>` in the environment, that stage of writing an
/// output (`zip`: a dotLottie's files staged; `final-rename`: a temporary file complete, about to be
/// renamed into place) prints `paused at <stage>` on stderr and waits `WAVEFILL_TEST_PAUSE_SECONDS`
/// (default 30, at most 600), so a test can send a signal exactly there. Without it, nothing happens.
public enum StagePause {
    public static func at(_ stage: String) {
        guard let v = getenv("WAVEFILL_TEST_PAUSE_AT"), String(cString: v) == stage else { return }
        let seconds = getenv("WAVEFILL_TEST_PAUSE_SECONDS").flatMap { Double(String(cString: $0)) } ?? 30
        let line = Array("paused at \(stage)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        var left = max(0, min(seconds, 600))
        while left > 0 { usleep(50_000); left -= 0.05 }
    }
}

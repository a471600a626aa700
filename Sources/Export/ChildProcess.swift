#if canImport(Glibc)
import Glibc
#endif

/// The one way this project starts a child process (ffmpeg, zip, the tool itself when timed): a
/// program fed through a pipe on its stdin, or with /dev/null there.
///
/// Spawned with `posix_spawn` (SIGPIPE back to default in the child; ignored here, so a dead child
/// turns a write into an error instead of killing us), optionally in another working directory. Its
/// stdout goes to /dev/null; its stderr to an unlinked temporary file, so it can never block on a
/// full pipe, and is read back for the error message. `finish` closes stdin and checks the exit
/// status; a process that is neither finished nor terminated is killed in `deinit`.
public final class ChildProcess {
    /// The name used in errors ("ffmpeg", "zip").
    public let tool: String

    /// Runs `executable` with `arguments` to the end with nothing on its stdin; throws an
    /// `EncoderError` naming `tool`, its exit status and its last message when it fails.
    /// `output`: a descriptor that becomes its stdout (else /dev/null).
    public static func run(_ executable: String, _ arguments: [String], tool: String, directory: String? = nil, output: Int32? = nil) throws {
        let p = try ChildProcess(executable: executable, arguments: arguments, tool: tool, stdin: false, directory: directory, output: output)
        try p.finish()
    }

    /// `name` on `PATH` (an executable regular file), or nil.
    public static func onPath(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/" + name
            var st = stat()
            if stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private var pid: pid_t = 0
    /// The child's process id (0 once it has been reaped).
    public var processID: Int32 { running ? pid : 0 }
    private var input: Int32 = -1
    private var errorLog: Int32 = -1
    private var running = false

    /// Starts `executable` with `arguments` (without argv[0]); `stdin`: a pipe fed by `write`, else
    /// /dev/null; `directory`: the child's working directory; `output`: a descriptor that becomes its
    /// stdout, else /dev/null. The child is registered with `CleanupRegistry` while it runs, so an
    /// interruption kills it before removing what it was writing.
    public init(executable: String, arguments: [String], tool: String = "ffmpeg", stdin: Bool = true, directory: String? = nil,
                output: Int32? = nil) throws {
        self.tool = tool
        _ = signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw startError("pipe") }
        // Close-on-exec, so no other child inherits them; dup2 in the file actions clears it on fd 0.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var template = Array("/tmp/wavefill-child-XXXXXX".utf8CString)
        let log = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard log >= 0 else {
            close(fds[0]); close(fds[1])
            throw startError("temporary file for ffmpeg's messages")
        }
        _ = fcntl(log, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin {
            posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        // The interruption signals are blocked from just before the child exists until it is
        // registered, so a handler never runs in between (it would remove the output the unregistered
        // child then writes); the child starts with the mask this thread had.
        var interruptions = sigset_t(), callerMask = sigset_t()
        sigemptyset(&interruptions)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interruptions, s) }
        pthread_sigmask(SIG_BLOCK, &interruptions, &callerMask)
        defer { pthread_sigmask(SIG_SETMASK, &callerMask, nil) }
        posix_spawnattr_setsigmask(&attr, &callerMask)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // Another working directory through coreutils' `env -C` (posix_spawn has no portable chdir).
        let (program, words) = directory.map { ("/usr/bin/env", ["env", "-C", $0, executable] + arguments) } ?? (executable, [executable] + arguments)
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        var rc = posix_spawn(&child, program, &actions, &attr, &argv, environ)
        // ETXTBSY is transient: the program was just written and a process forked meanwhile (by any
        // thread) still holds it open for writing until that process execs. Try again for up to 1 s.
        var attempts = 0
        while rc == ETXTBSY, attempts < 100 {
            usleep(10_000)
            attempts += 1
            rc = posix_spawn(&child, program, &actions, &attr, &argv, environ)
        }
        close(fds[0])
        guard rc == 0 else {
            close(fds[1]); close(log)
            throw EncoderError.cannotStart(tool: tool, message: "'\(executable)': \(String(cString: strerror(rc)))")
        }
        pid = child
        CleanupRegistry.setChild(child)
        input = fds[1]
        errorLog = log
        running = true
    }

    private func startError(_ what: String) -> EncoderError {
        .cannotStart(tool: tool, message: "\(what): \(String(cString: strerror(errno)))")
    }

    /// Writes bytes to ffmpeg's stdin; if ffmpeg has exited, waits for it and throws its error.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard running, let base = bytes.baseAddress else { return }
        var off = 0
        while off < bytes.count {
            let n = Glibc.write(input, base + off, bytes.count - off)
            if n > 0 { off += n; continue }
            if n < 0 && errno == EINTR { continue }
            // EPIPE: ffmpeg stopped reading. Its exit status and message say why.
            let reason = String(cString: strerror(errno))
            try finish()
            throw EncoderError.failed(tool: tool, status: "stopped reading its input", message: reason)
        }
    }

    /// Closes ffmpeg's stdin, waits for it, and throws unless it exited with status 0.
    public func finish(quietOnSuccess: Bool = false) throws {
        guard running else { return }
        close(input); input = -1
        let status = waitForExit()
        running = false
        if CleanupRegistry.child == pid { CleanupRegistry.setChild(0) }
        defer { close(errorLog); errorLog = -1 }
        let low = status & 0x7F
        if low == 0 {
            let code = (status >> 8) & 0xFF
            if code == 0 {
                // A tool asked to print errors only (ffmpeg's -loglevel error) that printed one failed,
                // whatever its status says (ffmpeg exits 0 after "Error writing trailer").
                let line = quietOnSuccess ? lastErrorLine() : ""
                if line.isEmpty { return }
                throw EncoderError.failed(tool: tool, status: "exit status 0 with an error", message: line)
            }
            throw EncoderError.failed(tool: tool, status: "exit status \(code)", message: lastErrorLine())
        }
        throw EncoderError.failed(tool: tool, status: "killed by signal \(low)", message: lastErrorLine())
    }

    /// Kills ffmpeg (if still running) and reaps it; the output it was writing is the caller's to remove.
    public func terminate() {
        guard running else { return }
        close(input); input = -1
        kill(pid, SIGKILL)
        _ = waitForExit()
        running = false
        if CleanupRegistry.child == pid { CleanupRegistry.setChild(0) }
        close(errorLog); errorLog = -1
    }

    deinit { terminate() }

    private func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 0x7F }   // not ours to wait for any more: report as abnormal
        }
        return status
    }

    /// The last non-empty line ffmpeg wrote on stderr (its own error message), at most 300 characters.
    private func lastErrorLine() -> String {
        var bytes = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65536)
        lseek(errorLog, 0, SEEK_SET)
        while true {
            let n = buf.withUnsafeMutableBytes { read(errorLog, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buf[0 ..< n]
            if bytes.count > 1 << 20 { bytes.removeFirst(bytes.count - (1 << 20)) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last { !$0.allSatisfy(\.isWhitespace) }
        return String((line ?? "").prefix(300))
    }
}

/// Where ffmpeg is: `$WAVEFILL_FFMPEG`, else `ffmpeg` on `PATH`.
public enum FFmpegProcess {
    /// The environment variable that overrides where ffmpeg is (tests point it at stand-ins).
    public static let environmentVariable = "WAVEFILL_FFMPEG"

    /// The ffmpeg executable, or an error saying how to install it.
    public static func locate() throws -> String {
        if let p = getenv(environmentVariable).map({ String(cString: $0) }), !p.isEmpty {
            guard access(p, X_OK) == 0 else {
                throw EncoderError.cannotStart(tool: "ffmpeg", message: "\(environmentVariable)='\(p)' is not an executable file")
            }
            return p
        }
        guard let found = ChildProcess.onPath("ffmpeg") else { throw EncoderError.notInstalled(tool: "ffmpeg", package: "ffmpeg") }
        return found
    }
}

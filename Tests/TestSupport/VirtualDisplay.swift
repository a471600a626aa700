import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server (Xvfb) for window tests: started on a free display number (`-displayfd`), and
/// stopped when the value is released, so tests need no display and leave no server behind.
///
/// Spawned with `posix_spawn` and an empty signal mask rather than `Process`: the test runner's
/// threads block most signals, a child inherits that mask, and an Xvfb with SIGTERM blocked would
/// never stop.
public final class VirtualDisplay: @unchecked Sendable {
    /// The display name, e.g. `:3`.
    public let name: String
    private let pid: pid_t

    /// Why no server could be started.
    public struct StartError: Error, CustomStringConvertible {
        /// One line.
        public var description: String
    }

    /// Starts `Xvfb` with one 24-bit 1280x1024 screen.
    public init() throws {
        let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let xvfb = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw StartError(description: "Xvfb is not installed (apt-get install xvfb; ./run.sh test installs it)")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw StartError(description: "pipe: \(String(cString: strerror(errno)))") }
        defer { close(fds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // -displayfd 1: Xvfb picks a free display number and writes it to its stdout.
        let args = [xvfb, "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"]
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, xvfb, &actions, &attr, &cargs, environ)
        close(fds[1])
        guard rc == 0 else { throw StartError(description: "cannot start Xvfb: \(String(cString: strerror(rc)))") }
        var text = ""
        var buf = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }                         // Xvfb exited
            text += String(decoding: buf[0 ..< n], as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw StartError(description: "Xvfb did not report a display number (got '\(text)')")
        }
        name = ":\(number)"
        pid = child
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// This process's environment with DISPLAY set to this server and nothing else that would
    /// choose another video driver.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        return env
    }
}

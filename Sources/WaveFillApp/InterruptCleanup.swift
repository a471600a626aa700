import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Removes the temporary files of an export in progress when the user interrupts it (Ctrl-C,
/// SIGTERM, SIGHUP), so an interrupted export leaves nothing behind either.
///
/// The handler may only call async-signal-safe functions, so the paths are kept as C strings made
/// before the work starts; `unlink` and `_exit` are safe.
public enum InterruptCleanup {
    nonisolated(unsafe) private static var paths: [UnsafeMutablePointer<CChar>] = []
    /// A child process (the encoder) to kill first, so it cannot write on after the files are gone; 0: none.
    nonisolated(unsafe) static var child: pid_t = 0

    /// Registers `temporaryPaths` for removal on interruption and runs `body`; unregisters after.
    public static func whileWriting<T>(_ temporaryPaths: [String], _ body: () throws -> T) rethrows -> T {
        let previous = paths
        paths = temporaryPaths.compactMap { strdup($0) }
        let handler: @convention(c) (Int32) -> Void = { sig in
            if InterruptCleanup.child > 0 { kill(InterruptCleanup.child, SIGKILL) }
            for p in InterruptCleanup.paths { unlink(p) }
            _exit(128 + sig)
        }
        let signals = [SIGINT, SIGTERM, SIGHUP]
        // A signal that was ignored when we started (a background job's SIGINT, nohup's SIGHUP) stays
        // ignored, as POSIX tools do; the others are caught, and unblocked in case the parent blocked them.
        let old = signals.map { s -> __sighandler_t? in
            let previous = signal(s, SIG_IGN)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return previous }
            signal(s, handler)
            return previous
        }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        var oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &oldMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &oldMask, nil)
            for (s, h) in zip(signals, old) { signal(s, h) }
            for p in paths { free(p) }
            paths = previous
        }
        return try body()
    }
}

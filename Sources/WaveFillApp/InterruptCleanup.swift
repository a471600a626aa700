import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Undoes an export in progress when the user interrupts it (Ctrl-C, SIGTERM, SIGHUP): kills the
/// encoder, removes every temporary file and folder registered with `CleanupRegistry` (whatever
/// stage the export is in: drawing, vector writing, zip, the final rename), says so in one line on
/// stderr and exits 128 + the signal (130, 143, 129).
///
/// The handler calls only async-signal-safe functions: `kill`, `waitpid`, `unlink`, `rmdir`, `write`
/// and `_exit`; its messages are static strings.
public enum InterruptCleanup {
    /// Frames completed so far of a frame-by-frame render, reported on interruption; -1: not one.
    nonisolated(unsafe) static var framesDone = -1
    nonisolated(unsafe) private static var depth = 0

    /// Writes `n` in decimal to stderr without allocating.
    private static func writeNumber(_ n: Int) {
        var buf: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buf) { b in
            var v = max(0, n), i = b.count
            repeat { i -= 1; b[i] = UInt8(48 + v % 10); v /= 10 } while v > 0 && i > 0
            if let base = b.baseAddress { _ = write(2, base + i, b.count - i) }
        }
    }

    private static func say(_ s: StaticString) { _ = write(2, s.utf8Start, s.utf8CodeUnitCount) }

    /// The handler's line: what was removed and what is kept.
    private static func report(signal sig: Int32, removed: Int) {
        say("wavefill: interrupted; ")
        let n = framesDone
        if n >= 0 {
            writeNumber(n)
            say(" frames were completed and are kept (each was written whole); the frame in progress was removed")
        } else {
            say("removed the ")
            writeNumber(removed)
            say(" temporary files and folders it had started; nothing was written")
        }
        switch sig {
        case SIGINT: say(" (SIGINT)\n")
        case SIGTERM: say(" (SIGTERM)\n")
        default: say(" (SIGHUP)\n")
        }
    }

    /// Runs `body` (a whole export) with SIGINT, SIGTERM and SIGHUP handled: on one of them what is
    /// registered with `CleanupRegistry` is removed, one line says so, and the process exits
    /// 128 + the signal. Nested calls share the outer handler.
    public static func guarding<T>(_ body: () throws -> T) rethrows -> T {
        if depth > 0 {
            depth += 1
            defer { depth -= 1 }
            return try body()
        }
        CleanupRegistry.prepare()
        let handler: @convention(c) (Int32) -> Void = { sig in
            let removed = CleanupRegistry.removeAll()
            InterruptCleanup.report(signal: sig, removed: removed)
            _exit(128 + sig)
        }
        let signals = [SIGINT, SIGTERM, SIGHUP]
        // A signal that was ignored when we started (a background job's SIGINT, nohup's SIGHUP) stays
        // ignored, as POSIX tools do; the others are caught, and unblocked in case the parent blocked them.
        // The present action is read without changing it (setting SIG_IGN to read it would drop a
        // signal that arrives meanwhile).
        let old = signals.map { s -> __sighandler_t? in
            var present = sigaction()
            sigaction(s, nil, &present)
            let previous = present.__sigaction_handler.sa_handler
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return previous }
            signal(s, handler)
            return previous
        }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        var oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &oldMask)
        depth = 1
        defer {
            depth = 0
            pthread_sigmask(SIG_SETMASK, &oldMask, nil)
            for (s, h) in zip(signals, old) { signal(s, h) }
        }
        return try body()
    }
}

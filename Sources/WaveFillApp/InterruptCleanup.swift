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
    /// Frames completed so far of a frame-by-frame render, reported on interruption; -1: not one.
    nonisolated(unsafe) static var framesDone = -1

    /// Writes "wavefill: interrupted after N frames ..." with async-signal-safe calls only.
    private static func reportFrames() {
        let n = framesDone
        guard n >= 0 else { return }
        var buf: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buf) { b in
            var v = n, i = b.count
            repeat { i -= 1; b[i] = UInt8(48 + v % 10); v /= 10 } while v > 0 && i > 0
            // StaticStrings: no allocation in a signal handler.
            let head: StaticString = "wavefill: interrupted; "
            let tail: StaticString = " frames were completed and are kept (each was written whole); the frame in progress was removed\n"
            _ = write(2, head.utf8Start, head.utf8CodeUnitCount)
            if let base = b.baseAddress { _ = write(2, base + i, b.count - i) }
            _ = write(2, tail.utf8Start, tail.utf8CodeUnitCount)
        }
    }

    /// Registers `temporaryPaths` for removal on interruption and runs `body`; unregisters after.
    public static func whileWriting<T>(_ temporaryPaths: [String], _ body: () throws -> T) rethrows -> T {
        let previous = paths
        paths = temporaryPaths.compactMap { strdup($0) }
        let handler: @convention(c) (Int32) -> Void = { sig in
            if InterruptCleanup.child > 0 { kill(InterruptCleanup.child, SIGKILL) }
            for p in InterruptCleanup.paths { unlink(p) }
            InterruptCleanup.reportFrames()
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

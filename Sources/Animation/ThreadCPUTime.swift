#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time consumed by the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in seconds: what a frame
/// costs the thread that draws it, without the time it spent blocked (waiting for vsync, sleeping).
public enum ThreadCPUTime {
    /// The calling thread's CPU time in seconds since it started (0 where the clock is unavailable).
    public static func seconds() -> Double {
        var ts = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0 else { return 0 }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

import Dispatch
import Foundation

/// Threads kept for the renderer's parallel parts, so that splitting a frame across cores allocates
/// nothing per frame (`DispatchQueue.concurrentPerform` allocates on every call).
///
/// `perform(n, job)` runs `job.runPart(0)` on the calling thread and parts `1 ..< n` on helpers,
/// and returns when all are done. A job is an object kept by its owner (handing a closure to another
/// thread would put its context on the heap each time).
public final class HelperThreads: @unchecked Sendable {
    /// What the helpers share with the owner; the threads hold this, not the owner, so that the
    /// owner can go away (and stop them).
    private final class Shared: @unchecked Sendable {
        unowned(unsafe) var job: (any HelperJob)?
        var stopping = false
        let start: [DispatchSemaphore]
        let done = DispatchSemaphore(value: 0)

        public init(helpers: Int) { start = (0 ..< helpers).map { _ in DispatchSemaphore(value: 0) } }
    }

    private let shared: Shared
    /// Helper threads (the caller is one more).
    public let helpers: Int

    /// Starts `helpers` threads (0 ... 7), which wait until `perform` has work for them.
    public init(helpers: Int) {
        self.helpers = max(0, min(helpers, 7))
        shared = Shared(helpers: self.helpers)
        for i in 0 ..< self.helpers {
            let s = shared
            let thread = Thread {
                // Interruptions are handled on the thread that starts and registers child processes
                // (ChildProcess blocks them there while it does), never here.
                var interruptions = sigset_t()
                sigemptyset(&interruptions)
                for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interruptions, sig) }
                pthread_sigmask(SIG_BLOCK, &interruptions, nil)
                while true {
                    s.start[i].wait()
                    if s.stopping { return }
                    s.job?.runPart(i + 1)
                    s.done.signal()
                }
            }
            thread.name = "wavefill-render-\(i + 1)"
            thread.start()
        }
    }

    deinit {
        shared.stopping = true
        for s in shared.start { s.signal() }
    }

    /// Calls `job.runPart(k)` for k in 0 ..< n, k = 1 ... `helpers` on the helpers and the rest on
    /// this thread, and returns once every call has returned.
    public func perform(_ n: Int, _ job: any HelperJob) {
        let extra = max(0, min(n - 1, helpers))
        guard extra > 0 else { for k in 0 ..< max(n, 0) { job.runPart(k) }; return }
        shared.job = job
        for i in 0 ..< extra { shared.start[i].signal() }
        job.runPart(0)
        for k in extra + 1 ..< max(n, extra + 1) { job.runPart(k) }     // more parts than helpers
        for _ in 0 ..< extra { shared.done.wait() }
        shared.job = nil
    }
}

/// Work split into parts that can run on different threads at once.
public protocol HelperJob: AnyObject {
    /// Does part `k`.
    func runPart(_ k: Int)
}

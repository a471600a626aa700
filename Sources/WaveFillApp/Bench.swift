import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// One size and mode of the benchmark.
struct BenchResult {
    var scene = "wave"
    var threads = 1
    var size: Int
    var mode: BenchMode
    var medianMs: Double
    var p10Ms: Double
    var p90Ms: Double
    /// Mean over the timed frames (a loop whose frames cost two very different amounts, such as a
    /// stroke drawing and then holding, has a median that falls on either).
    var meanMs = 0.0
    var allocsPerFrame: Double?
    var memcpyMs = 0.0
    var memsetMs = 0.0
}

/// The measurements. Per-frame work is exactly what a display-link tick does: update the scene
/// (phase, progress, both wave sample rows) and render.
enum Bench {
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let i = min(sorted.count - 1, max(0, Int((q * Double(sorted.count - 1)).rounded())))
        return sorted[i]
    }

    static func frames(side: Int, mode: BenchMode, frames: Int, warmup: Int) throws -> BenchResult {
        var p = WaveParameters()
        p.width = side; p.height = side
        let scene = try WaveScene(parameters: p)
        let renderer = WaveRenderer(scene: scene)
        var pix = Pixmap(width: side, height: side)
        var times = [Double](repeating: 0, count: frames)
        @inline(__always) func frame(_ n: Int) {
            scene.update(frame: n)
            if mode == .full { renderer.render(into: &pix) } else { renderer.renderDirty(into: &pix) }
        }
        for n in 0 ..< warmup { frame(n) }
        let counter = AllocationCounter.shared
        counter?.start()
        for n in 0 ..< frames {
            let t0 = MonotonicTime.seconds()
            frame(n)
            times[n] = (MonotonicTime.seconds() - t0) * 1000
        }
        let allocs = counter?.stop()
        times.sort()
        return BenchResult(size: side, mode: mode, medianMs: percentile(times, 0.5), p10Ms: percentile(times, 0.1),
                           p90Ms: percentile(times, 0.9), meanMs: times.reduce(0, +) / Double(max(times.count, 1)),
                           allocsPerFrame: allocs.map { Double($0) / Double(frames) })
    }

    /// Frames of any scene (its default settings at `side` x `side`) through the `Scene` protocol:
    /// `full` draws every pixel of frame n into a reused pixmap, `dirty` only what changed since the
    /// previous frame (`renderChanges`), `reference` whole frames with the exact reference renderer.
    /// Frames run through the scene's timeline (the loop, or the animation of a once-scene) and wrap.
    static func sceneFrames(_ kind: BenchRequest.SceneCase, side: Int, mode: BenchMode, frames: Int, warmup: Int, threads: Int) throws -> BenchResult {
        let scene = try SceneSetup(flags: kind.settings, preset: nil).makeScene()
        try scene.resize(width: side, height: side, scale: 1)
        scene.renderer = mode == .reference ? .reference : .fast
        scene.renderThreads = threads
        let length: Int
        switch scene.timeline {
        case .still: length = 1
        case .once(let n): length = max(n, 1)
        case .periodic(let n, let seconds, let start): length = start + max(n ?? Int((seconds * scene.fps).rounded(.up)), 1)
        }
        var pix = Pixmap(width: side, height: side)
        var times = [Double](repeating: 0, count: frames)
        @inline(__always) func frame(_ k: Int) {
            if mode == .dirty { _ = scene.renderChanges(frame: k, into: &pix) } else { scene.render(frame: k, into: &pix) }
        }
        // The timed frames are spread evenly over the loop (consecutive when the loop is no longer
        // than them), starting `warmup` frames in: a scene's cost depends on what is in view. A
        // damage-only frame is timed after its predecessor was drawn, untimed.
        let spread = length > frames
        @inline(__always) func sample(_ n: Int) -> Int {
            spread ? (warmup + n * length / frames) % length : (warmup + n) % length
        }
        let counter = AllocationCounter.shared
        // Warm-up: the first `warmup` frames, then the timed frames three times untimed, so that
        // what first appears at them (a tile of a new size, a change's tree) is made before the
        // count starts (steady state: the renderer's pools of tiles and programs, fitted to sizes
        // as they come, settle within three passes; a whole-frame marquee scrolling in reverse
        // still made a tile on the third, at the wrap from the loop's last frame to its first). The
        // reference renderer keeps nothing between frames.
        for k in 0 ..< min(warmup, length) { frame(k) }
        for pass in mode == .reference ? 3 ... 3 : 0 ... 3 {
            if pass == 3 { counter?.start() }
            for n in 0 ..< frames {
                let k = sample(n)
                if spread, mode == .dirty {
                    if pass == 3 { counter?.pause() }
                    frame((k + length - 1) % length)
                    if pass == 3 { counter?.resume() }
                }
                let t0 = MonotonicTime.seconds()
                frame(k)
                if pass == 3 { times[n] = (MonotonicTime.seconds() - t0) * 1000 }
            }
        }
        let allocs = counter?.stop()
        times.sort()
        return BenchResult(scene: kind.name, threads: threads, size: side, mode: mode, medianMs: percentile(times, 0.5),
                           p10Ms: percentile(times, 0.1), p90Ms: percentile(times, 0.9),
                           meanMs: times.reduce(0, +) / Double(max(times.count, 1)),
                           allocsPerFrame: allocs.map { Double($0) / Double(frames) })
    }

    /// One row of the many-indicators table: median ms per frame of `count` indicators drawn by a
    /// `WaveGrid`, of the same drawn one by one (a render call each, into the same places), of as
    /// many tile copies into the same places (the layout's floor), and of one 1024x1024 wave frame
    /// timed in runs alternating with the indicators' (so all see the machine in the same state).
    struct IndicatorTiming {
        var count: Int
        var ms: Double
        var aloneMs: Double
        var floorMs: Double
        var frameMs: Double
        /// The indicators' median over the one frame's.
        var perFrame: Double { ms / max(frameMs, 1e-9) }
    }

    /// 1, 4, 16 and 64 indicators of 128x128 in one style, each with its own phase and progress, on
    /// one clock, drawn by a `WaveGrid` of 8 to a row into one 1024x1024 frame (each updated, then
    /// the grid rendered): median ms per frame; beside it, one 1024x1024 frame of
    /// the default wave (`update` and a full render, as in the main table), timed in runs that
    /// alternate with the indicators' (a machine's speed drifts from minute to minute); and the
    /// floor of that layout, the median ms of copying as many 128x128 tiles, row by row, from one
    /// 128x128 image into the same places. Both frames are 64-byte aligned, as a graphics library's
    /// frame buffers are (on a buffer 48 bytes off a cache line, the tiles' rows each touch one
    /// more line, and both the indicators and their floor take longer).
    static func manyIndicators(frames: Int, warmup: Int) throws -> [IndicatorTiming] {
        var out: [IndicatorTiming] = []
        var big = WaveParameters()
        big.width = 1024; big.height = 1024
        let bigScene = try WaveScene(parameters: big)
        let bigRenderer = WaveRenderer(scene: bigScene)
        let frameBytes = 1024 * 1024 * 4
        let frameMemory = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
        let bigMemory = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
        defer { frameMemory.deallocate(); bigMemory.deallocate() }
        frameMemory.initializeMemory(as: UInt8.self, repeating: 0, count: frameBytes)
        bigMemory.initializeMemory(as: UInt8.self, repeating: 0, count: frameBytes)
        let base = frameMemory.bindMemory(to: UInt32.self, capacity: 1024 * 1024)
        let bigBase = bigMemory.bindMemory(to: UInt32.self, capacity: 1024 * 1024)
        func oneFrame(_ n: Int) {
            bigScene.update(frame: n)
            bigRenderer.render(into: bigBase, stride: 1024)
        }
        /// Indicator k's 128x128 tile of the frame: 8 to a row.
        func tileOrigin(_ k: Int) -> UnsafeMutablePointer<UInt32> { base + (k / 8) * 128 * 1024 + (k % 8) * 128 }
        for count in [1, 4, 16, 64] {
            var scenes: [(WaveScene, WaveRenderer, Int)] = []
            var p = WaveParameters()
            p.width = 128; p.height = 128
            // One style: the indicators share its layout and the renderers its images.
            let style = try WaveScene(parameters: p)
            for k in 0 ..< count {
                let s = try WaveScene(parameters: p, layout: style.layout)
                let r = WaveRenderer(scene: s, sharingImagesOf: scenes.first?.1)
                scenes.append((s, r, k * 37))   // frame offset: its own phase and progress
            }
            var times = [Double](repeating: 0, count: frames), alone = times, floor = times, one = times
            // Drawn as an app draws many indicators into one frame: a grid, 8 to a row.
            let grid = try WaveGrid(renderers: scenes.map(\.1), columns: 8)
            func tick(_ n: Int) {
                for (s, _, offset) in scenes { s.update(frame: n + offset) }
                grid.render(into: base, stride: 1024)
            }
            // The same, a render call per indicator at its place.
            func tickAlone(_ n: Int) {
                for (k, (s, r, offset)) in scenes.enumerated() {
                    s.update(frame: n + offset)
                    r.render(into: tileOrigin(k), stride: 1024)
                }
            }
            // Runs of `run` timed ticks of the grid, then as many of the one frame, then of the
            // indicators drawn one by one, each run after a few untimed ticks of its own (its data
            // back in cache): all in their steady state, and all sampled across the same minutes.
            let run = 50, settle = 5
            func timeRun(_ draw: (Int) -> Void, _ n0: Int, _ n1: Int, into t: inout [Double]) {
                for n in n0 - settle ..< n0 { draw(n) }
                for n in n0 ..< n1 {
                    let t0 = MonotonicTime.seconds()
                    draw(n)
                    t[n] = (MonotonicTime.seconds() - t0) * 1000
                }
            }
            for n in 0 ..< warmup { tick(n); tickAlone(n); oneFrame(n) }
            var n0 = 0
            while n0 < frames {
                let n1 = min(n0 + run, frames)
                timeRun(tick, n0, n1, into: &times)
                timeRun(oneFrame, n0, n1, into: &one)
                timeRun(tickAlone, n0, n1, into: &alone)
                n0 = n1
            }
            let tile = [UInt32](repeating: 0xFF80_8080, count: 128 * 128)
            tile.withUnsafeBufferPointer { t in
                guard let src = t.baseAddress else { return }
                for n in -warmup ..< frames {
                    let t0 = MonotonicTime.seconds()
                    for k in 0 ..< count {
                        let dst = tileOrigin(k)
                        for j in 0 ..< 128 { (dst + j * 1024).update(from: src + j * 128, count: 128) }
                    }
                    if n >= 0 { floor[n] = (MonotonicTime.seconds() - t0) * 1000 }
                }
            }
            times.sort(); alone.sort(); floor.sort(); one.sort()
            out.append(IndicatorTiming(count: count, ms: percentile(times, 0.5), aloneMs: percentile(alone, 0.5),
                                       floorMs: percentile(floor, 0.5),
                                       frameMs: percentile(one, 0.5)))
        }
        return out
    }

    /// Wall time of `wavefill render --frame 0` to a temporary file, median of 5 runs.
    static func startupToFirstFrame() throws -> Double {
        var t: [Double] = []
        for _ in 0 ..< 5 { t.append(try timeSelf(["render", "--frame", "0", "--out", tempPath("first.png"), "--force"])) }
        return t.sorted()[2]
    }

    /// Wall time of `wavefill render --frames N` (PNG encoding included).
    static func renderEndToEnd(frames: Int) throws -> Double {
        let dir = tempPath("frames")
        defer { removeFrames(dir, count: frames) }
        return try timeSelf(["render", "--frames", String(frames), "--out", dir, "--force"])
    }

    /// Runs N frames at 512x512 full; compares the first and last 1000 frames' median and the RSS.
    static func soak(frames: Int) throws -> String {
        var p = WaveParameters()
        p.width = 512; p.height = 512
        let scene = try WaveScene(parameters: p)
        let renderer = WaveRenderer(scene: scene)
        var pix = Pixmap(width: 512, height: 512)
        var first = [Double](), last = [Double]()
        first.reserveCapacity(1000); last.reserveCapacity(1000)
        var rssStart = 0
        var progress = Progress(total: frames, label: "soak")
        for n in 0 ..< frames {
            let t0 = MonotonicTime.seconds()
            scene.update(frame: n)
            renderer.render(into: &pix)
            let dt = (MonotonicTime.seconds() - t0) * 1000
            if n < 1000 { first.append(dt) }
            if n == 1000 { rssStart = residentKiB() }
            if n >= frames - 1000 { last.append(dt) }
            if n % 1000 == 0 { progress.update(n) }
        }
        progress.update(frames)
        let rssEnd = residentKiB()
        first.sort(); last.sort()
        return "soak \(frames) frames at 512x512: median first 1000 \(BenchReport.fmt(percentile(first, 0.5))) ms, "
            + "last 1000 \(BenchReport.fmt(percentile(last, 0.5))) ms; RSS after frame 1000 \(rssStart) KiB, at the end \(rssEnd) KiB"
    }

    static func residentKiB() -> Int {
        guard let f = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if s.hasPrefix("VmRSS:") { return Int(s.dropFirst(6).filter(\.isNumber)) ?? 0 }
        }
        return 0
    }

    static func tempPath(_ name: String) -> String { "/tmp/wavefill-bench-\(getpid())-" + name }

    /// Removes the frames `renderEndToEnd` wrote and their folder.
    static func removeFrames(_ dir: String, count: Int) {
        for n in 0 ..< count { _ = unlink(dir + "/" + OutputPaths.frameName(n)) }
        _ = rmdir(dir)
    }

    /// Runs this executable with `args`, returns wall milliseconds; output discarded.
    static func timeSelf(_ args: [String]) throws -> Double {
        let exe = selfPath()
        let t0 = MonotonicTime.seconds()
        do { try ChildProcess.run(exe, args, tool: "wavefill") } catch {
            throw CLIError("bench: '\(args.joined(separator: " "))' failed: \(error)")
        }
        let dt = (MonotonicTime.seconds() - t0) * 1000
        _ = unlink(tempPath("first.png"))
        return dt
    }

    static func selfPath() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        return n > 0 ? String(decoding: buf[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}

/// One memcpy and one memset of a frame, medians over `repeats`.
struct Floors {
    var memcpy: Double
    var memset: Double
    static func measure(bytes: Int, repeats: Int) -> Floors {
        let a = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let b = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { a.deallocate(); b.deallocate() }
        Glibc.memset(a, 1, bytes); Glibc.memset(b, 2, bytes)
        var tc = [Double](), ts = [Double]()
        for _ in 0 ..< max(repeats, 10) {
            var t0 = MonotonicTime.seconds()
            Glibc.memcpy(b, a, bytes)
            tc.append((MonotonicTime.seconds() - t0) * 1000)
            t0 = MonotonicTime.seconds()
            Glibc.memset(a, 0x7F, bytes)
            ts.append((MonotonicTime.seconds() - t0) * 1000)
        }
        tc.sort(); ts.sort()
        return Floors(memcpy: Bench.percentile(tc, 0.5), memset: Bench.percentile(ts, 0.5))
    }
}

/// Counts heap allocations through ordo-one's malloc interposer when it is preloaded
/// (`LD_PRELOAD=libMallocInterposerSwift.so`, as ./run.sh bench does); found with dlsym, so the
/// tool itself does not link it.
final class AllocationCounter: @unchecked Sendable {
    typealias Void0 = @convention(c) () -> Void
    typealias Stats = @convention(c) (UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                                      UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?) -> Void
    let reset: Void0, enable: Void0, disable: Void0, stats: Stats

    static let shared: AllocationCounter? = AllocationCounter()

    private init?() {
        let h = UnsafeMutableRawPointer(bitPattern: 0)   // RTLD_DEFAULT
        guard let r = dlsym(h, "malloc_interposer_reset"), let e = dlsym(h, "malloc_interposer_enable"),
              let d = dlsym(h, "malloc_interposer_disable"), let s = dlsym(h, "malloc_interposer_get_stats") else { return nil }
        reset = unsafeBitCast(r, to: Void0.self); enable = unsafeBitCast(e, to: Void0.self)
        disable = unsafeBitCast(d, to: Void0.self); stats = unsafeBitCast(s, to: Stats.self)
    }

    func start() { reset(); enable() }
    /// Stops counting until `resume`, keeping the count.
    func pause() { disable() }
    /// Counts again after `pause`.
    func resume() { enable() }

    /// Stops counting; returns the number of allocations since `start`.
    func stop() -> Int {
        disable()
        var c: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        stats(&c, &bytes, &small, &large, &frees, &freed)
        return Int(c)
    }
}

import ArgumentParser
import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill bench`: frame times of the default scene, the memory floors, allocations per frame.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time frames of SCENE.md's default scene against the memory floor.",
        discussion: """
        For each size and mode, frames 0..N-1 are timed after a warm-up: `full` writes every pixel of the \
        frame (as a renderer handing out a fresh frame must); `dirty` rewrites only what changed since \
        the previous frame in a persistent frame (as a window's texture update can). Floors are measured \
        in the same run: one memcpy and one memset of a frame. Allocations per frame are counted when \
        the malloc interposer is loaded (./run.sh bench does that), else reported as unknown.
        With --size WxH it is the self-timed executable of the peers harness (tools/bench): it prints \
        {"ms": [...], "version": "..."} as its last line.
        """)

    @Option(name: .long, help: ArgumentHelp("Square canvas sides to run, comma-separated, each 16...\(WaveParameters.maxCanvasSide).", valueName: "list"))
    var sizes: String = "256,1024,2048"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Timed frames per size and mode (1...100000).", valueName: "N"))
    var frames: Int = 300

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Untimed warm-up frames (0...100000).", valueName: "N"))
    var warmup: Int = 30

    @Option(name: .long, help: ArgumentHelp("Modes to run: full, dirty or both, comma-separated.", valueName: "list"))
    var modes: String = "full,dirty"

    @Flag(name: .long, help: "Print one JSON object instead of the table.")
    var json = false

    @Flag(name: .long, help: "Also time many indicators (1, 4, 16, 64 of 128x128) in one 1024x1024 frame, start-up to the first frame, and `render --frames 300` end to end.")
    var extended = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Also run N frames at 512x512 and report time and memory drift between the first and last 1000 (>= 2000).", valueName: "N"))
    var soak: Int?

    // The tools/bench harness's self-timed executable contract.
    @Option(name: .long, help: ArgumentHelp("Harness mode: one WxH canvas, full frames; prints {\"ms\": [...]} last.", valueName: "WxH"))
    var size: String?

    @Option(name: .long, help: ArgumentHelp("Harness mode: write frame --png-frame as a straight RGBA PNG here.", valueName: "file.png"))
    var png: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Harness mode: the frame written by --png.", valueName: "K"))
    var pngFrame: Int = 150

    func run() throws {
        guard (1 ... 100_000).contains(frames) else { throw ParameterError("--frames", "\(frames) is outside 1 ... 100000") }
        guard (0 ... 100_000).contains(warmup) else { throw ParameterError("--warmup", "\(warmup) is outside 0 ... 100000") }
        if let size {
            let (w, h) = try SceneOptions.parseSize(size)
            try harness(width: w, height: h)
            return
        }
        let sideList = try sizes.split(separator: ",").map { s -> Int in
            guard let v = Int(s.trimmingCharacters(in: " ")), (16 ... WaveParameters.maxCanvasSide).contains(v) else {
                throw ParameterError("--sizes", "'\(s)' is not a side in 16 ... \(WaveParameters.maxCanvasSide)")
            }
            return v
        }
        guard !sideList.isEmpty else { throw ParameterError("--sizes", "give at least one size, e.g. 256,1024") }
        let modeList = try modes.split(separator: ",").map { s -> BenchMode in
            guard let m = BenchMode(rawValue: String(s)) else { throw ParameterError("--modes", "'\(s)' is not full or dirty") }
            return m
        }
        if let soak, soak < 2000 { throw ParameterError("--soak", "\(soak) is below 2000 frames") }

        var results: [BenchResult] = []
        let total = sideList.count * modeList.count
        var progress = Progress(total: total, label: "bench")
        for side in sideList {
            let floors = Floors.measure(bytes: side * side * 4, repeats: frames)
            for mode in modeList {
                var r = try Bench.frames(side: side, mode: mode, frames: frames, warmup: warmup)
                r.memcpyMs = floors.memcpy; r.memsetMs = floors.memset
                results.append(r)
                progress.update(results.count)
            }
        }
        var extras: [String: String] = [:]
        var many: [(Int, Double)] = []
        if extended {
            many = try Bench.manyIndicators(frames: frames, warmup: warmup)
            extras["startup_to_first_frame_ms"] = BenchReport.fmt(try Bench.startupToFirstFrame())
            extras["render_300_frames_end_to_end_ms"] = BenchReport.fmt(try Bench.renderEndToEnd(frames: 300))
        }
        var soakLine: String?
        if let soak { soakLine = try Bench.soak(frames: soak) }
        if json {
            print(BenchReport.json(results, many: many, extras: extras, soak: soakLine))
        } else {
            print(BenchReport.table(results, many: many, extras: extras, soak: soakLine))
        }
    }

    /// the peers harness's external contract: warm up frames 0..W-1, time frames 0..N-1, full frames.
    private func harness(width: Int, height: Int) throws {
        var p = WaveParameters()
        p.width = width; p.height = height
        let scene = try WaveScene(parameters: p)
        let renderer = WaveRenderer(scene: scene)
        var pix = Pixmap(width: width, height: height)
        for n in 0 ..< warmup { scene.update(frame: n); renderer.render(into: &pix) }
        var ms = [Double](repeating: 0, count: frames)
        for n in 0 ..< frames {
            let t0 = Clock.now()
            scene.update(frame: n)
            renderer.render(into: &pix)
            ms[n] = (Clock.now() - t0) * 1000
        }
        if let png {
            scene.update(frame: pngFrame)
            renderer.render(into: &pix)
            do { try PNGFile.write(pix, to: png) } catch { throw CLIError("\(error)") }
        }
        print("{\"ms\": [" + ms.map { BenchReport.fmt($0, digits: 5) }.joined(separator: ", ") + "], \"version\": \"wavefill \(wavefillVersion)\"}")
    }
}

/// Which pixels a benchmarked frame writes.
enum BenchMode: String {
    /// Every pixel of the frame.
    case full
    /// Only what changed since the previous frame, in a persistent frame.
    case dirty
}

/// Monotonic time in seconds.
enum Clock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return s
    }
}

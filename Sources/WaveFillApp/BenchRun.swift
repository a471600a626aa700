import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// What `wavefill bench` measures: sizes, frames, modes, and the extras; or, with `size`, the
/// peers harness's self-timed contract for one canvas.
public struct BenchRequest: Sendable {
    public var sizes = "256,1024,2048"
    public var frames = 300
    public var warmup = 30
    public var modes = "full,dirty"
    public var json = false
    public var extended = false
    public var soak: Int?
    /// Harness mode: one canvas of this size, full frames.
    public var harnessSize: (width: Int, height: Int)?
    public var png: String?
    public var pngFrame = 150
    /// Overwrite an existing --png file.
    public var force = false
    /// Scenes to time through the `Scene` protocol, each "wave,marquee", "all" or one scene with its
    /// settings ("morph --effect sparkle"); empty: the wave's own renderer.
    public var scenes: [String] = []
    /// Threads the layer scenes' renderer may use (1 ... 8).
    public var threads = 1

    /// The defaults.
    public init() {}

    /// Runs the benchmark and prints its report (a table, or JSON).
    public func run() throws {
        guard (1 ... 100_000).contains(frames) else { throw ParameterError("--frames", "\(frames) is outside 1 ... 100000") }
        guard (0 ... 100_000).contains(warmup) else { throw ParameterError("--warmup", "\(warmup) is outside 0 ... 100000") }
        guard (0 ... SceneLimits.maxFrame).contains(pngFrame) else { throw ParameterError("--png-frame", "\(pngFrame) is outside 0 ... \(SceneLimits.maxFrame)") }
        if let png {
            guard harnessSize != nil else { throw ParameterError("--png", "is for the harness mode only (one WxH canvas given)") }
            try OutputPaths.checkWritableFile(png, force: force, flag: "--png")
        }
        if let (w, h) = harnessSize {
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
            guard let m = BenchMode(rawValue: String(s)), !scenes.isEmpty || m != .reference else {
                throw ParameterError("--modes", "'\(s)' is not full or dirty\(!scenes.isEmpty ? " or reference" : "")")
            }
            return m
        }
        guard (1 ... 8).contains(threads) else { throw ParameterError("--threads", "\(threads) is outside 1 ... 8") }
        if !scenes.isEmpty {
            let cases = try scenes.flatMap { try Self.sceneList($0) }
            try runScenes(cases, sides: sideList, modes: modeList)
            return
        }
        if let soak, !(2000 ... 10_000_000).contains(soak) { throw ParameterError("--soak", "\(soak) is outside 2000 ... 10000000 frames") }

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
        var many: [Bench.IndicatorTiming] = []
        if extended {
            many = try Bench.manyIndicators(frames: frames, warmup: warmup)
            extras["startup_to_first_frame_ms"] = BenchReport.fmt(try Bench.startupToFirstFrame())
            extras["render_300_frames_end_to_end_ms"] = BenchReport.fmt(try Bench.renderEndToEnd(frames: 300))
        }
        var soakLine: String?
        if let soak { soakLine = try Bench.soak(frames: soak) }
        if json {
            StandardOutput.line(BenchReport.json(results, many: many, extras: extras, soak: soakLine))
        } else {
            StandardOutput.line(BenchReport.table(results, many: many, extras: extras, soak: soakLine))
        }
    }

    /// A scene to time: its name in the tables and the settings that make it.
    struct SceneCase {
        var name: String
        var settings: SceneSettings
    }

    /// The scenes named by one `--scene`: names from the registry, comma-separated, or `all`; or one
    /// scene followed by its setting flags, split at spaces ("morph --effect sparkle").
    static func sceneList(_ s: String) throws -> [SceneCase] {
        let words = s.split(separator: " ").map { String($0) }
        func named(_ n: String) throws -> SceneKind {
            guard let k = SceneKind(rawValue: n) else {
                throw ParameterError("--scene", "'\(SettingDeclaration.clip(n))' is not a scene; use \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")) or all, or one scene and its flags")
            }
            return k
        }
        func plain(_ k: SceneKind) -> SceneCase {
            var settings = SceneSettings()
            settings.set(SceneRegistry.sceneKey, .string(k.rawValue))
            return SceneCase(name: k.rawValue, settings: settings)
        }
        if words.count > 1 {
            let kind = try named(words[0])
            let split = try SettingArguments.split(["--" + SceneRegistry.sceneKey, kind.rawValue] + words.dropFirst())
            if let stray = split.rest.first {
                throw ParameterError("--scene", "'\(SettingDeclaration.clip(stray))' in '\(SettingDeclaration.clip(s))' is not a setting flag of a scene")
            }
            _ = try SceneSetup(flags: split.settings, preset: nil)       // refused here, naming the flag
            return [SceneCase(name: words.joined(separator: " "), settings: split.settings)]
        }
        if s == "all" { return SceneKind.allCases.map(plain) }
        let names = s.split(separator: ",").map { String($0) }
        guard !names.isEmpty else { throw ParameterError("--scene", "give a scene: \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")) or all") }
        return try names.map { plain(try named($0)) }
    }

    /// Every scene, size and mode through the `Scene` protocol; reference frames are few (they are slow).
    func runScenes(_ kinds: [SceneCase], sides: [Int], modes: [BenchMode]) throws {
        var results: [BenchResult] = []
        var progress = Progress(total: kinds.count * sides.count * modes.count, label: "bench")
        for side in sides {
            let floors = Floors.measure(bytes: side * side * 4, repeats: frames)
            for kind in kinds {
                for mode in modes {
                    let n = mode == .reference ? min(frames, 10) : frames
                    var r = try Bench.sceneFrames(kind, side: side, mode: mode, frames: n,
                                                  warmup: mode == .reference ? min(warmup, 2) : warmup, threads: threads)
                    r.memcpyMs = floors.memcpy; r.memsetMs = floors.memset
                    results.append(r)
                    progress.update(results.count)
                }
            }
        }
        if json {
            StandardOutput.line(BenchReport.json(results, many: [], extras: [:], soak: nil))
        } else {
            StandardOutput.line(BenchReport.sceneTable(results))
        }
    }

    /// the peers harness's external contract: warm up frames 0..W-1, time frames 0..N-1, full frames.
    func harness(width: Int, height: Int) throws {
        var p = WaveParameters()
        p.width = width; p.height = height
        let scene = try WaveScene(parameters: p)
        let renderer = WaveRenderer(scene: scene)
        var pix = Pixmap(width: width, height: height)
        for n in 0 ..< warmup { scene.update(frame: n); renderer.render(into: &pix) }
        var ms = [Double](repeating: 0, count: frames)
        for n in 0 ..< frames {
            let t0 = MonotonicTime.seconds()
            scene.update(frame: n)
            renderer.render(into: &pix)
            ms[n] = (MonotonicTime.seconds() - t0) * 1000
        }
        if let png {
            scene.update(frame: pngFrame)
            renderer.render(into: &pix)
            try InterruptCleanup.guarding {
                try OutputPaths.prepareParent(of: png, flag: "--png")
                let lock = try OutputLock(folder: OutputPaths.folder(of: png), flag: "--png")
                defer { lock.release() }
                try OutputPaths.checkWritableFile(png, force: force, flag: "--png")
                do { try PNGFile.write(pix, to: png) } catch { throw CLIError("--png: \(error); nothing was written") }
            }
        }
        StandardOutput.line("{\"ms\": [" + ms.map { BenchReport.fmt($0, digits: 5) }.joined(separator: ", ") + "], \"version\": \"wavefill \(wavefillVersion)\"}")
    }
}

/// Which pixels a benchmarked frame writes.
enum BenchMode: String {
    /// Every pixel of the frame.
    case full
    /// Only what changed since the previous frame, in a persistent frame.
    case dirty
    /// Whole frames with the exact reference renderer (scenes only).
    case reference
}


private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return s
    }
}

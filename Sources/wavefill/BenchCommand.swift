import ArgumentParser
import WaveFill
import WaveFillApp
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

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Untimed warm-up frames (0...100000). With --scene the timed frames are spread over the scene's loop from frame N on, and are also played three times untimed first.", valueName: "N"))
    var warmup: Int = 30

    @Option(name: .long, help: ArgumentHelp("Modes to run: full, dirty or both, comma-separated.", valueName: "list"))
    var modes: String = "full,dirty"

    @Option(name: .long, help: ArgumentHelp("Time these scenes through the Scene protocol instead: names (wave, marquee, stroke, spread, morph) comma-separated, or all, or one scene with its settings as on render's command line ('morph --effect sparkle'; words split at spaces); repeatable; modes full, dirty and reference (the exact reference renderer, 10 frames).", valueName: "list"))
    var scene: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Threads the layer scenes' renderer splits large frames across, 1...8.", valueName: "N"))
    var threads: Int = 1

    @Flag(name: .long, help: "Print one JSON object instead of the table.")
    var json = false

    @Flag(name: .long, help: "Also time many indicators (1, 4, 16, 64 of 128x128, one style) drawn as a grid in one 1024x1024 frame beside the same drawn one by one, as many 128x128 tile copies (the layout's floor) and one 1024x1024 wave frame timed in turn with them (their ratio), start-up to the first frame, and `render --frames 300` end to end.")
    var extended = false

    @Flag(name: .long, help: "Time the text layout instead: a 2000-character paragraph of six scripts wrapped to 400 px (fallback fonts, bidi, line breaks, shaping), median of 50.")
    var layout = false

    @Flag(name: .long, help: "Time the layer shadow instead: its blur at 1200x1040 for radii 4, 12 and 50, and the gauge at that size with and without wave, container and ring shadows (changed rows per frame), medians of 30.")
    var shadow = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Also run N frames at 512x512 and report time and memory drift between the first and last 1000 (2000 ... 10000000).", valueName: "N"))
    var soak: Int?

    // The tools/bench harness's self-timed executable contract.
    @Option(name: .long, help: ArgumentHelp("Harness mode: one WxH canvas, full frames; prints {\"ms\": [...]} last.", valueName: "WxH"))
    var size: String?

    @Option(name: .long, help: ArgumentHelp("Harness mode: write frame --png-frame as a straight RGBA PNG here.", valueName: "file.png"))
    var png: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Harness mode: the frame written by --png, 0 ... 999999999.", valueName: "K"))
    var pngFrame: Int = 150

    @Flag(name: .long, help: "Harness mode: overwrite an existing --png file (only a regular file).")
    var force = false

    func run() throws {
        if layout {
            print(try LayoutBench.report(json: json))
            return
        }
        if shadow {
            print(try ShadowBench.report(json: json))
            return
        }
        var r = BenchRequest()
        r.sizes = sizes; r.frames = frames; r.warmup = warmup; r.modes = modes; r.json = json
        r.extended = extended; r.soak = soak; r.png = png; r.pngFrame = pngFrame; r.force = force
        r.scenes = scene; r.threads = threads
        if let size {
            do { r.harnessSize = try SettingDeclaration.size(size, key: "size") } catch let e as SettingError { throw ParameterError(e) }
        }
        try r.run()
    }
}

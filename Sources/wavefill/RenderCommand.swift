import ArgumentParser
import WaveFill
import WaveFillApp
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill render`: frames to PNG files, headless.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames of the indicator to PNG files, headless.",
        discussion: """
        Frame n is the same image however it is reached: a virtual clock gives tick n the timestamp \
        n / fps. With --frames N, frames start..start+N-1 go to DIR/frame-NNNNN.png (NNNNN is the frame \
        number). A single frame may go to a FILE.png. Existing files are kept unless --force.
        """)

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render the single frame K, 0 ... 999999999. (default: 0 when --frames is not given)", valueName: "K"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render N consecutive frames (1...1000000). (default: 1)", valueName: "N"))
    var frames: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First frame of --frames, 0 ... 999999999 (with the last frame at most that).", valueName: "K"))
    var start: Int = 0

    @Option(name: .long, help: ArgumentHelp("Output directory, or a .png file for a single frame; directories are created.", valueName: "dir|file.png"))
    var out: String = "out"

    @Flag(name: .long, help: "Overwrite existing frame files.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("fast (the default: cached coverage, work only where frames differ) or reference (the exact layer renderer the fast one is held to, within 1/255 per channel).", valueName: "fast|reference"))
    var renderer: String = "fast"

    func run() throws {
        if try scene.listedPresets() { return }
        if frame != nil && frames != nil { throw ParameterError("--frame", "give either --frame K or --frames N, not both") }
        let maxFrame = SceneLimits.maxFrame
        if let frame, !(0 ... maxFrame).contains(frame) { throw ParameterError("--frame", "\(frame) is outside 0 ... \(maxFrame)") }
        if let frames, !(1 ... 1_000_000).contains(frames) { throw ParameterError("--frames", "\(frames) is outside 1 ... 1000000") }
        guard (0 ... maxFrame - (frames ?? 1) + 1).contains(start) else {
            throw ParameterError("--start", "\(start) is outside 0 ... \(maxFrame - (frames ?? 1) + 1) (the last frame is at most \(maxFrame))")
        }
        if frame != nil && start != 0 { throw ParameterError("--start", "--start goes with --frames, not --frame") }
        let first = frame ?? start
        let count = frames ?? 1
        guard let kind = SceneRenderer(rawValue: renderer) else {
            throw ParameterError("--renderer", "'\(renderer)' is not fast or reference")
        }

        // Everything that can be refused is checked before anything is created or written.
        var r = RenderRequest()
        r.first = first; r.count = count; r.out = out; r.force = force; r.savePreset = scene.savePreset
        r.renderer = kind
        try FrameWriter(setup: try SceneSetup(scene), request: r).run()
    }
}

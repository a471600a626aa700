import WaveFill
import WaveFillApp
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill export`: the animation as GIF, APNG, MP4, WebM, Lottie, animated SVG or a sprite sheet,
/// or one frame as PNG or SVG.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the animation as GIF, APNG, MP4, WebM, Lottie, animated SVG or a sprite sheet, or one frame as PNG or SVG.",
        discussion: """
        Frames start..start+N-1 are rendered headless (tick n at n / fps) and encoded at the scene's frame rate: GIF, APNG, MP4 and WebM by ffmpeg (Debian package 'ffmpeg') fed raw RGBA through a pipe; \
        sprite sheets (PNG pages of at most --max-texture px a side, FILE.png, FILE-1.png ..., each with \
        its JSON of frame rectangles and timing; FILE.json also lists the pages, for PixiJS and Phaser, \
        and the frame names in order under "animations") and PNG frames by libpng. The length is \
        --frames N, --duration S, or --loop (the default): the shortest length after which the \
        animation repeats exactly, so the file loops without a seam. GIF keeps 256 colours and 1-bit \
        alpha: translucent pixels are composited over --gif-matte (a warning says so); its delays are \
        whole 1/100 s, so above 50 fps it is written at 50 fps covering the same seconds, each frame \
        the one nearest its time (a note says so, and whether the loop stays seamless). MP4 and WebM \
        are BT.709, limited range, and tagged so. MP4 has no alpha (translucent pixels are shown over \
        black) and an odd width or height is padded by one pixel of the background colour. Lottie \
        (.json, or .lottie for the dotLottie zip) is a vector document of any scene (layer scenes sampled \
        frame by frame, the wave mapped exactly); SVG is the same animation as one animated SVG file \
        (SMIL animations repeating indefinitely, no script, as browsers play it; renderers that do not \
        animate show its first frame), or with --frame K a still SVG of frame K. With --scene \
        marquee|stroke|spread|morph the frames are the ones 'wavefill render --scene' writes, in every \
        format; --loop is then the \
        marquee's scroll period or the morph's cycle (texts x interval, from the first change) when a \
        whole number of frames, the stroke's and the spread's whole animation. Output goes to a \
        temporary name and is renamed when complete.
        """)

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: ArgumentHelp("Output format. (default: from the --out extension: .gif .apng .png .mp4 .webm, .json/.lottie for lottie, .svg; spritesheet needs the flag)", valueName: ExportFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: ExportFormat?

    @Option(name: .long, help: ArgumentHelp("Output file; a sprite sheet's JSON goes beside it (FILE.json). Missing folders are created.", valueName: "file"))
    var out: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Export N frames (1...\(SceneExporter.maxFrames)).", valueName: "N"))
    var frames: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Export S seconds, (0, 1000000]: round(S x fps) frames.", valueName: "S"))
    var duration: Double?

    @Flag(name: .long, help: "Export the shortest exact repeat, so the file loops without a seam (the default length): with frame-based time the phase period 360/gcd(360, step) combined with the rise; with --progress, one phase period; time-based when phase speed, rise duration and fps are commensurate.")
    var loop = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First frame of an animation, 0 ... 999999999. (default: 0, the morph's first change)", valueName: "K"))
    var start: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --format png: the frame to write, 0 ... 999999999 (default: 0); with svg: a still SVG of frame K instead of the animation.", valueName: "K"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Sprite sheet: frames per row, 1 ... 1000000. (default: ceil(sqrt(frames)))", valueName: "C"))
    var columns: Int?

    @Option(name: .long, help: ArgumentHelp("Lottie: masks as alpha track mattes, or as layer masks of the mask's contours for players without mattes (lottie-web's canvas renderer before 5.8, Qt Lottie); mask needs masks that are one opaque shape or text. (default: matte)", valueName: "matte|mask"))
    var lottieMasks: LottieMaskForm?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Sprite sheet: the largest page side in pixels, \(SpriteSheet.maxTextureRange.lowerBound) ... \(SpriteSheet.maxTextureRange.upperBound); frames that do not fit one page go on FILE-1.png, FILE-2.png ... (default: \(SpriteSheet.defaultMaxTexture))", valueName: "N"))
    var maxTexture: Int?

    @Option(name: .long, help: ArgumentHelp("GIF: the opaque colour #RRGGBB translucent pixels are composited over (GIF has 1-bit alpha). (default: the background made opaque; white when it is fully transparent)", valueName: "colour"))
    var gifMatte: String?

    @Flag(name: .long, help: "Overwrite an existing output file.")
    var force = false

    /// The largest number of frames exported.
    func run() throws {
        if try scene.listedPresets() { return }
        var r = ExportRequest(out: out)
        r.format = format; r.frames = frames; r.duration = duration; r.loop = loop; r.start = start
        r.frame = frame; r.columns = columns; r.force = force; r.savePreset = scene.savePreset
        r.lottieMasks = lottieMasks
        r.maxTexture = maxTexture
        r.gifMatte = try gifMatte.map { try SceneSettings.parseColour($0, flag: "--gif-matte") }
        try SceneExporter(setup: try SceneSetup(scene), request: r).run()
    }
}

extension ExportFormat: ExpressibleByArgument {}

extension LottieMaskForm: ExpressibleByArgument {}

import ArgumentParser
import Raster
import Text
import WaveFill
import Export
#if canImport(Glibc)
import Glibc
#endif

/// Every knob of shared/SCENE.md, shared by all subcommands that draw the scene.
struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Canvas size in pixels, WxH, each side 1...\(WaveParameters.maxCanvasSide). (The original's 40x31 pt view at 10x.)", valueName: "WxH"))
    var size: String = "400x310"

    @Option(name: .long, help: ArgumentHelp("Container text; every character must be in the font.", valueName: "text"))
    var text: String = "du"

    @Option(name: .long, help: ArgumentHelp("Font file (TrueType/OpenType). (default: DejaVu Sans Bold, \(WaveParameters.defaultFontPath) or found by fontconfig)", valueName: "path"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Em size E in px, rounded to 1/64 px, up to \(Int(WaveParameters.maxFontSize)). (default: the largest that fits the ink in 80 % of the canvas)", valueName: "px"))
    var fontSize: Double?

    @Option(name: .long, help: ArgumentHelp("Use this PNG's alpha as the container instead of text, placed and scaled like the ink box.", valueName: "file.png"))
    var maskImage: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave amplitude A in px, >= 0. (default: 0.15 x ink height)", valueName: "px"))
    var amplitude: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave frequency f, periods per wave width, >= 0.", valueName: "f"))
    var frequency: Double = 0.3

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wave width w in px, > 0. (default: ink width)", valueName: "px"))
    var waveWidth: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Phase step in degrees per frame (frame-based time).", valueName: "deg"))
    var phaseStep: Double = 8

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Phase speed in degrees per second; selects time-based stepping. (default: off; step x fps when only --rise-duration is given)", valueName: "deg/s"))
    var phaseSpeed: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rise length R in frames, >= 1 (frame-based time).", valueName: "frames"))
    var riseFrames: Int = 300

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rise length in seconds, > 0; selects time-based stepping. (default: off; R / fps when only --phase-speed is given)", valueName: "s"))
    var riseDuration: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Ticks per second of the clock: tick n has timestamp n / fps; 0 < fps <= 1000.", valueName: "fps"))
    var fps: Double = 60

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Fixed progress P in 0...1 instead of the repeating rise. (default: the repeating rise)", valueName: "P"))
    var progress: Double?

    @Option(name: .long, help: ArgumentHelp("Background colour #RRGGBB or #RRGGBBAA.", valueName: "colour"))
    var background: String = "#FFFFFF"

    @Option(name: .long, help: ArgumentHelp("Container colour.", valueName: "colour"))
    var container: String = "#E9E9E5B3"

    @Option(name: .long, help: ArgumentHelp("Back (cosine) wave colour.", valueName: "colour"))
    var backWave: String = "#46B75166"

    @Option(name: .long, help: ArgumentHelp("Front (sine) wave colour.", valueName: "colour"))
    var frontWave: String = "#46B751"

    /// The parameters these flags describe, validated; errors name the flag.
    func parameters() throws -> WaveParameters {
        var p = WaveParameters()
        (p.width, p.height) = try Self.parseSize(size)
        p.text = text
        p.fontPath = font
        p.fontSize = fontSize
        p.amplitude = amplitude
        p.frequency = frequency
        p.waveWidth = waveWidth
        p.phaseStep = phaseStep
        p.phaseSpeed = phaseSpeed
        p.riseFrames = riseFrames
        p.riseDuration = riseDuration
        p.fps = fps
        p.progress = progress
        p.background = try Self.parseColour(background, flag: "--background")
        p.container = try Self.parseColour(container, flag: "--container")
        p.backWave = try Self.parseColour(backWave, flag: "--back-wave")
        p.frontWave = try Self.parseColour(frontWave, flag: "--front-wave")
        try p.validate()
        return p
    }

    static func parseSize(_ s: String) throws -> (Int, Int) {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let max = WaveParameters.maxCanvasSide
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ParameterError("--size", "'\(s)' is not WxH with whole numbers, e.g. 400x310")
        }
        guard (1 ... max).contains(w), (1 ... max).contains(h) else {
            throw ParameterError("--size", "'\(s)' is outside 1x1 ... \(max)x\(max)")
        }
        return (w, h)
    }

    static func parseColour(_ s: String, flag: String) throws -> Color {
        guard s.hasPrefix("#"), let c = Color(hex: s) else {
            throw ParameterError(flag, "'\(s)' is not a colour; expected #RRGGBB or #RRGGBBAA")
        }
        return c
    }

    /// The font file to use: `--font`, else DejaVu Sans Bold at Debian's path, else fontconfig's match.
    static func resolveFont(_ given: String?) -> String {
        if let given { return given }
        if access(WaveParameters.defaultFontPath, R_OK) == 0 { return WaveParameters.defaultFontPath }
        return FontLocator.match("DejaVu Sans:bold") ?? WaveParameters.defaultFontPath
    }

    /// Builds the scene these flags describe (lays out text or the mask image).
    func makeScene() throws -> WaveScene {
        var p = try parameters()
        if let maskImage {
            let img: (width: Int, height: Int, rgba: [UInt8])
            do { img = try PNGFile.readStraightRGBA(maskImage) } catch {
                throw ParameterError("--mask-image", "\(error); expected a PNG file")
            }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            return try WaveScene(parameters: p, maskImage: MaskImage(width: img.width, height: img.height, alpha: alpha))
        }
        p.fontPath = Self.resolveFont(font)
        do {
            let face = try FontFace(path: p.fontPath ?? WaveParameters.defaultFontPath)
            return try WaveScene(parameters: p, face: face)
        } catch let e as TextError {
            switch e {
            case .emptyText, .missingCharacters, .noInk: throw ParameterError("--text", e.description)
            case .badSize: throw ParameterError("--font-size", e.description)
            default: throw ParameterError("--font", e.description)
            }
        }
    }
}

/// Asks fontconfig's `fc-match` for a font file.
enum FontLocator {
    static func match(_ pattern: String) -> String? {
        guard let pipe = popen("fc-match -f '%{file}' '\(pattern)' 2>/dev/null", "r") else { return nil }
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buf, 1, buf.count, pipe)
            if n <= 0 { break }
            out += buf[0 ..< n]
        }
        pclose(pipe)
        let s = String(decoding: out, as: UTF8.self)
        return s.isEmpty ? nil : s
    }
}

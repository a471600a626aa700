// FuzzTargets: the inputs a user hands the tool that parsers of ours or of C libraries read (font
// files with text, mask PNGs, preset JSON, SVG files and path data), as one entry point for libFuzzer
// (`LLVMFuzzerTestOneInput`, built with `-sanitize=fuzzer,address` by `./run.sh fuzz`) and for the
// regression tests that replay the corpus and every crash ever found.
//
// Owns: turning bytes into those inputs and driving them through what the tool does with them.
// Must not: print, exit, or write anywhere but its own temporary file.
import WaveFill
import WaveFillApp
#if canImport(Glibc)
import Glibc
#endif

/// What a fuzz input is.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A font file (the input's bytes after a 1-byte text selector) shaped with a text and laid out.
    case font
    /// A PNG used as a mask image container.
    case png
    /// A preset file made into a scene and one frame.
    case preset
    /// An SVG file's shapes (`--svg`), and the same bytes as path data (`--path`), laid out as containers.
    case svg
    /// A command line's words (one a line): the settings' parsers (numbers, sizes, colours,
    /// `--progress-at`, `--wave`, `--run`, labels, `N%`), the scene made and one frame drawn small.
    case args

    /// The target `WAVEFILL_FUZZ_TARGET` names (libFuzzer passes no arguments to the entry point).
    static let current: FuzzTarget = getenv("WAVEFILL_FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) } ?? .preset

    /// Texts a font input is shaped with (the first byte picks one).
    static let texts = ["du", "Wave", "AV To", "g@ß", "ﬁ", "😀", "中文", "a\u{301}"]

    /// Drives `data` through the tool; errors are the expected outcome for most inputs, so they are
    /// swallowed. A crash, a hang or a sanitizer report is the finding.
    public func run(_ data: [UInt8]) {
        let path = Self.temporaryPath(self)
        defer { unlink(path) }
        switch self {
        case .font:
            guard let selector = data.first else { return }
            guard Self.write(data.dropFirst(), to: path) else { return }
            let text = Self.texts[Int(selector) % Self.texts.count]
            guard let face = try? FontFace(path: path), let shaper = try? TextShaper(text: text, face: face) else { return }
            let size = 8 + Int(selector >> 3) * 3
            _ = try? ContainerLayout(text: shaper, width: size * 2, height: size, fontSize: nil)
            _ = try? shaper.shape(e64: 1 + Int(selector) * 97)
        case .png:
            guard Self.write(data[...], to: path) else { return }
            guard let img = try? PNGFile.readStraightRGBA(path, maxSide: 1024) else { return }
            var alpha = [UInt8](repeating: 0, count: img.width * img.height)
            for i in alpha.indices { alpha[i] = img.rgba[i * 4 + 3] }
            _ = try? ContainerLayout(mask: MaskImage(width: img.width, height: img.height, alpha: alpha), width: 24, height: 18)
        case .preset:
            guard Self.write(data[...], to: path) else { return }
            guard let setup = try? SceneSetup(flags: SceneSettings(), preset: path) else { return }
            // Keep each input cheap: a small canvas whatever the preset says.
            var small = SceneSettings()
            small.set("size", .string("24x18"))
            if let d = setup.definition.declaration("font-size"), d.condition?.holds({ setup.settings.value($0) }) ?? true {
                small.set("font-size", .number(12))
            }
            guard let scene = try? SceneSetup(flags: small, preset: path).makeScene() else { return }
            _ = scene.render(frame: 7)
            _ = try? setup.presetJSON()
        case .args:
            let words = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let split = try? SettingArguments.split(words) else { return }
            // Keep each input cheap: a small canvas whatever the words say.
            var flags = split.settings
            flags.set("size", .string("24x18"))
            guard let setup = try? SceneSetup(flags: flags, preset: nil) else { return }
            _ = setup.arguments()
            _ = try? setup.presetJSON()
            guard let scene = try? setup.makeScene() else { return }
            _ = scene.render(frame: 7)
        case .svg:
            let text = String(decoding: data, as: UTF8.self)
            if let shapes = try? SVGShapes(text: text) {
                _ = try? ContainerLayout(outline: ContainerOutline(path: shapes.path, rule: shapes.rule, key: "svg"), width: 24, height: 18)
            }
            if let path = try? Path(svgPathData: text) {
                _ = try? ContainerLayout(outline: ContainerOutline(path: path, rule: .evenOdd, key: "path"), width: 24, height: 18)
            }
        }
    }

    private static func temporaryPath(_ target: FuzzTarget) -> String {
        "/tmp/wavefill-fuzz-\(getpid())-\(target.rawValue)" + (target == .preset ? ".json" : target == .png ? ".png" : target == .svg ? ".svg" : ".ttf")
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to path: String) -> Bool {
        guard let f = fopen(path, "wb") else { return false }
        defer { fclose(f) }
        return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) } == bytes.count
    }
}

/// libFuzzer's entry point: one input for the target `WAVEFILL_FUZZ_TARGET` names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}

extension FuzzTarget {
    /// Inputs that reach the one-time initialisations (the scenes' declarations, font caches) before
    /// fuzzing starts, so LeakSanitizer does not count what lives for the whole process as a leak of
    /// the first input.
    static let warmUpInputs: [[UInt8]] = [[], Array("{}".utf8), Array(#"{"scene": "stroke"}"#.utf8),
                                          Array("<svg><rect width=\"4\" height=\"3\"/></svg>".utf8)]

    /// Runs every target over `warmUpInputs`.
    public static func warmUp() {
        for target in FuzzTarget.allCases { for input in warmUpInputs { target.run(input) } }
    }
}

/// libFuzzer's initialisation hook: the warm-up, once, before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    FuzzTarget.warmUp()
    return 0
}

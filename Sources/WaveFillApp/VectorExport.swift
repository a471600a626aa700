import WaveFill
#if canImport(Glibc)
import Glibc
#endif


/// The vector formats and the one call per format that a format switch makes.
public enum VectorExport {
    /// A vector format.
    public enum Format: String {
        case lottie, svg
    }

    /// True when a Lottie document goes into a dotLottie container (the file name ends in `.lottie`).
    public static func isDotLottie(_ out: String) -> Bool { out.lowercased().hasSuffix(".lottie") }

    /// Writes the document atomically: as text, or for a `.lottie` file inside the dotLottie zip,
    /// whose manifest says `loop` (true only when the document is the scene's seamless loop).
    public static func write(_ format: Format, text: String, to out: String, loop: Bool) throws {
        if format == .lottie && isDotLottie(out) {
            try DotLottie.write(animationJSON: text, id: "wavefill", loop: loop, to: out)
        } else {
            try AtomicFile.write(Array(text.utf8), to: out)
        }
    }
}

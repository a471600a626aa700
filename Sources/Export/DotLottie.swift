import Foundation

/// The dotLottie container (`.lottie`): a zip archive holding `manifest.json` and the animation as
/// `animations/<id>.json`, as LottieFiles' players (dotlottie-web, dotlottie-ios/android) open it.
///
/// The archive is made by Info-ZIP's `zip` (Debian package `zip`), never by a zip writer of our own.
public enum DotLottie {
    /// Where `zip` is looked for, in order.
    public static let zipCandidates = ["/usr/bin/zip", "/usr/local/bin/zip", "/bin/zip"]

    /// The manifest: format version 1 (what version-2 players also read), one animation that loops
    /// and plays on its own.
    public static func manifest(animationID id: String, generator: String) -> String {
        "{\"version\":\"1\",\"generator\":\"\(generator)\",\"author\":\"\(generator)\","
            + "\"animations\":[{\"id\":\"\(id)\",\"speed\":1,\"loop\":true,\"autoplay\":true,\"direction\":1,\"playMode\":\"normal\"}]}"
    }

    /// Writes `animationJSON` as a `.lottie` file at `path`, through a temporary name and a rename.
    /// `id` must be a plain name (letters, digits, `-`, `_`).
    public static func write(animationJSON: String, id: String = "animation", generator: String = "WaveFill",
                             to path: String) throws {
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0" ... "9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw ExportError.io(path: path, message: "'\(id)' is not a plain animation id")
        }
        guard let zip = zipCandidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ExportError.io(path: path, message: "the zip program is missing; install Debian's zip package (apt-get install zip)")
        }
        let fm = FileManager.default
        let stage = NSTemporaryDirectory() + "wavefill-dotlottie-\(getpid())-\(UUID().uuidString)"
        defer { try? fm.removeItem(atPath: stage) }
        do {
            try fm.createDirectory(atPath: stage + "/animations", withIntermediateDirectories: true)
            try Data(manifest(animationID: id, generator: generator).utf8).write(to: URL(fileURLWithPath: stage + "/manifest.json"))
            try Data(animationJSON.utf8).write(to: URL(fileURLWithPath: stage + "/animations/\(id).json"))
        } catch {
            throw ExportError.io(path: path, message: "cannot stage the archive: \(error.localizedDescription)")
        }
        try AtomicFile.write(to: path) { tmp in
            // zip adds to an archive that exists; the temporary name must not.
            try? fm.removeItem(atPath: tmp)
            let absolute = tmp.hasPrefix("/") ? tmp : fm.currentDirectoryPath + "/" + tmp
            // -X: no extra file attributes, -D: no directory entries, -q: quiet.
            do {
                try ChildProcess.run(zip, ["-q", "-X", "-D", absolute, "manifest.json", "animations/\(id).json"], tool: "zip", directory: stage)
            } catch {
                throw ExportError.io(path: path, message: "\(error)")
            }
        }
    }
}

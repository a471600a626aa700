import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The dotLottie container (`.lottie`): a zip archive holding `manifest.json` and the animation as
/// `animations/<id>.json`, as LottieFiles' players (dotlottie-web, dotlottie-ios/android) open it.
///
/// The archive is made by Info-ZIP's `zip` (Debian package `zip`), never by a zip writer of our own.
public enum DotLottie {
    /// Where `zip` is looked for, in order.
    public static let zipCandidates = ["/usr/bin/zip", "/usr/local/bin/zip", "/bin/zip"]

    /// The manifest: format version 1 (what version-2 players also read), one animation that plays
    /// on its own (`autoplay`) and repeats (`loop`) only when `loop` is true: when the animation is
    /// its scene's seamless loop, not a one-shot motion or a stretch that does not end where it starts.
    public static func manifest(animationID id: String, generator: String, loop: Bool) -> String {
        "{\"version\":\"1\",\"generator\":\"\(generator)\",\"author\":\"\(generator)\","
            + "\"animations\":[{\"id\":\"\(id)\",\"speed\":1,\"loop\":\(loop),\"autoplay\":true,\"direction\":1,\"playMode\":\"normal\"}]}"
    }

    /// Writes `animationJSON` as a `.lottie` file at `path`, through a temporary name and a rename.
    /// `id` must be a plain name (letters, digits, `-`, `_`); `loop`: the manifest's (see `manifest`).
    public static func write(animationJSON: String, id: String = "animation", generator: String = "WaveFill",
                             loop: Bool, to path: String) throws {
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0" ... "9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw ExportError.io(path: path, message: "'\(id)' is not a plain animation id")
        }
        guard let zip = zipCandidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ExportError.io(path: path, message: "the zip program is missing; install Debian's zip package (apt-get install zip)")
        }
        // The files zip reads go in a private folder beside the output (removed on every path, and
        // by an interruption's handler); the archive comes on zip's stdout into the temporary file.
        let stage = try AtomicFile.createFolder(beside: path)
        var slots = [stage.slot]
        defer {
            for (k, name) in ["/animations/\(id).json", "/manifest.json", "/animations"].enumerated() {
                if k < 2 { unlink(stage.path + name) } else { rmdir(stage.path + name) }
            }
            rmdir(stage.path)
            for s in slots { CleanupRegistry.remove(s) }
        }
        func put(_ text: String, _ name: String) throws {
            let file = stage.path + name
            slots.append(CleanupRegistry.add(file))
            let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw ExportError.io(path: path, message: "cannot stage the archive: \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            try AtomicFile.writeAll(Array(text.utf8), to: fd, reportedAs: path)
        }
        slots.append(CleanupRegistry.add(stage.path + "/animations"))
        guard mkdir(stage.path + "/animations", 0o700) == 0 else {
            throw ExportError.io(path: path, message: "cannot stage the archive: \(String(cString: strerror(errno)))")
        }
        try put(manifest(animationID: id, generator: generator, loop: loop), "/manifest.json")
        try put(animationJSON, "/animations/\(id).json")
        StagePause.at("zip")
        try AtomicFile.write(to: path, descriptor: { fd in
            // -X: no extra file attributes, -D: no directory entries, -q: quiet; "-": the archive on stdout.
            do {
                try ChildProcess.run(zip, ["-q", "-X", "-D", "-", "manifest.json", "animations/\(id).json"], tool: "zip",
                                     directory: AtomicFile.absolute(stage.path), output: fd)
            } catch {
                throw ExportError.io(path: path, message: "\(error)")
            }
        })
    }
}

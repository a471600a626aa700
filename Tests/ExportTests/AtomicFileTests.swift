import Testing
import Foundation
@testable import Export
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Temporary files are created exclusively beside the output, never through a planted link, with
/// names that fit NAME_MAX, and are registered for an interruption's cleanup until placed.
@Suite struct AtomicFileTests {
    @Test func aPlantedSymlinkAtTheTemporaryNameIsNeverFollowed() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let victim = dir + "/victim.txt"
        try "keep".write(toFile: victim, atomically: false, encoding: .utf8)
        // The first name tried is a planted link to the victim (and a dangling one): both are skipped.
        let planted = [dir + "/.a.png.tmp-1", dir + "/.a.png.tmp-2"]
        #expect(symlink(victim, planted[0]) == 0)
        #expect(symlink(dir + "/nowhere", planted[1]) == 0)
        var k = 0
        let t = try AtomicFile.createTemporary(beside: dir + "/a.png", naming: { _ in k += 1; return dir + "/.a.png.tmp-\(k)" })
        #expect(t.path == dir + "/.a.png.tmp-3")
        try AtomicFile.writeAll(Array("PNG".utf8), to: t.descriptor, reportedAs: "a.png")
        try AtomicFile.place(t, at: dir + "/a.png")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere"))
        #expect(try String(contentsOfFile: dir + "/a.png", encoding: .utf8) == "PNG")
        var st = stat()
        #expect(lstat(dir + "/a.png", &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
    }

    @Test func aTemporarySwappedForALinkIsNotRenamedIntoPlace() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try AtomicFile.createTemporary(beside: dir + "/a.json")
        unlink(t.path)
        #expect(symlink("/etc/passwd", t.path) == 0)
        #expect(throws: ExportError.self) { try AtomicFile.place(t, at: dir + "/a.json") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.json"))
    }

    @Test func temporaryNamesFitNameMaxAndAreRegisteredUntilPlaced() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "é", count: 123) + ".png"     // 250 bytes
        #expect(long.utf8.count == 250)
        let before = CleanupRegistry.count
        let t = try AtomicFile.createTemporary(beside: dir + "/" + long)
        let name = String(t.path.split(separator: "/").last ?? "")
        #expect(name.utf8.count <= 255 && name.hasPrefix(".éé") && name.contains(".tmp-"), "\(name)")
        #expect(CleanupRegistry.count >= before + 1)
        try AtomicFile.place(t, at: dir + "/" + long)
        #expect(Executable.files(in: dir) == [long])
        // Two temporaries of one output never share a name.
        let a = try AtomicFile.createTemporary(beside: dir + "/x"), b = try AtomicFile.createTemporary(beside: dir + "/x")
        #expect(a.path != b.path)
        AtomicFile.discard(a); AtomicFile.discard(b)
        #expect(Executable.files(in: dir) == [long])
    }

    @Test func ffmpegGetsAFileURLOfTheAbsolutePath() {
        #expect(VideoEncoder.ffmpegOutput("/tmp/pipe:x.gif") == "file:/tmp/pipe:x.gif")
        let relative = VideoEncoder.ffmpegOutput("file:a/.x.tmp-1")
        #expect(relative.hasPrefix("file:/") && relative.hasSuffix("/file:a/.x.tmp-1"), "\(relative)")
    }
}

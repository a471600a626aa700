import Testing
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The promises of bad input kept for odd text, odd files, existing files and interruptions: one
/// line naming the flag, exit 64, nothing written.
@Suite struct HardeningTests {
    static func refused(_ args: [String], flag: String, in dir: String, sourceLine: SourceLocation = #_sourceLocation) throws -> String {
        let r = try Executable.run(args, in: dir)
        #expect(r.status == 64, "\(args): exit \(r.status): \(r.stderr)", sourceLocation: sourceLine)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag), "\(args): \(r.stderr)", sourceLocation: sourceLine)
        return r.stderr
    }

    @Test(arguments: [
        (["render", "--scene", "marquee", "--text", "a\nb"], "--text", "U+000A"),
        (["render", "--text", "tab\there"], "--text", "U+0009"),
        (["render", "--text", "bell\u{7}"], "--text", "U+0007"),
        (["render", "--text", "bad\u{FFFD}"], "--text", "U+FFFD"),
        (["render", "--scene", "marquee", "--text", "a\rb"], "--text", "U+000D"),
        (["render", "--scene", "stroke", "--text", "x\u{1B}"], "--text", "U+001B"),
        (["render", "--scene", "spread", "--text", "x\u{85}"], "--text", "U+0085"),
        (["render", "--scene", "morph", "--texts", "ok,no\u{0}pe"], "--texts", "U+0000"),
    ] as [([String], String, String)])
    func controlCharactersAndNonUTF8AreRefused(args: [String], flag: String, shown: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A NUL cannot travel in argv; the morph case reaches the scene through a preset instead.
        if args.contains(where: { $0.contains("\u{0}") }) {
            try #"{"scene": "morph", "texts": "ok,no\u0000pe"}"#.write(toFile: dir + "/n.json", atomically: true, encoding: .utf8)
            let err = try Self.refused(["render", "--preset", "n.json", "--out", "o.png"], flag: "--preset", in: dir)
            #expect(err.contains(shown), "\(err)")
        } else {
            let err = try Self.refused(args + ["--out", "o.png"], flag: flag, in: dir)
            #expect(err.contains(shown), "\(err)")
        }
        #expect(Executable.files(in: dir).filter { $0 != "n.json" }.isEmpty)
    }

    @Test func inputsThatAreNotRegularFilesAreRefusedAtOnce() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo.png", 0o600) == 0)
        let started = Date()
        let err = try Self.refused(["render", "--mask-image", "fifo.png", "--out", "o.png"], flag: "--mask-image", in: dir)
        #expect(err.contains("FIFO"), "\(err)")
        #expect(Date().timeIntervalSince(started) < 10, "a FIFO was waited on")
        _ = try Self.refused(["render", "--mask-image", "/dev/zero", "--out", "o.png"], flag: "--mask-image", in: dir)
        _ = try Self.refused(["render", "--mask-image", dir, "--out", "o.png"], flag: "--mask-image", in: dir)
        _ = try Self.refused(["render", "--font", "fifo.png", "--out", "o.png"], flag: "--font", in: dir)
        _ = try Self.refused(["render", "--preset", "fifo.png.json", "--out", "o.png"], flag: "--preset", in: dir)
    }

    /// A PNG header declaring 30000x30000 is refused from its header, before any decoding.
    @Test func aHugeMaskImageIsRefusedFromItsHeader() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.pngHeader(width: 30000, height: 30000).write(to: URL(fileURLWithPath: dir + "/huge.png"))
        let started = Date()
        let err = try Self.refused(["render", "--mask-image", "huge.png", "--out", "o.png"], flag: "--mask-image", in: dir)
        #expect(err.contains("30000x30000") && err.contains("8192"), "\(err)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// The signature, an IHDR chunk, a tiny IDAT (an empty zlib stream: far too little data for the
    /// size it declares) and IEND.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0 ..< 256 {
            var c = UInt32(n)
            for _ in 0 ..< 8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            return c ^ 0xFFFF_FFFF
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc(body))
        }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", []))
    }

    /// `--force` means the same for every file a command writes.
    @Test func existingFilesAreKeptWithoutForce() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{}".write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        _ = try Self.refused(["render", "--size", "20x20", "--save-preset", "p.json", "--out", "o.png"], flag: "--save-preset", in: dir)
        #expect(Executable.files(in: dir) == ["p.json"])
        _ = try Self.refused(["export", "--size", "20x20", "--save-preset", "p.json", "--out", "o.svg"], flag: "--save-preset", in: dir)
        #expect(try String(contentsOfFile: dir + "/p.json", encoding: .utf8) == "{}")
        let ok = try Executable.run(["render", "--size", "20x20", "--save-preset", "p.json", "--out", "o.png", "--force"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try String(contentsOfFile: dir + "/p.json", encoding: .utf8).contains("\"scene\": \"wave\""))
        // run: checked before a window would open (so it holds without a display too).
        try Data([1]).write(to: URL(fileURLWithPath: dir + "/shot.png"))
        _ = try Self.refused(["run", "--frames", "1", "--screenshot", "shot.png"], flag: "--screenshot", in: dir)
        _ = try Self.refused(["run", "--frames", "1", "--save-preset", "p.json"], flag: "--save-preset", in: dir)
    }

    /// `run --render-threads` takes 1 ... 8 or auto; anything else is refused before a window opens.
    @Test func renderThreadsTakeACountOrAuto() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for bad in ["0", "9", "-1", "two", "2.5", ""] {
            let e = try Self.refused(["run", "--frames", "1", "--render-threads", bad], flag: "--render-threads", in: dir)
            #expect(e.contains("auto or a whole number 1 ... 8"), "\(bad): \(e)")
        }
    }

    /// An interrupted `render --frames` keeps the frames it completed (each whole), removes the one in
    /// progress, and says how many were completed.
    @Test func anInterruptedRenderKeepsWholeFramesOnly() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executable.path)
        p.arguments = ["render", "--size", "1500x1500", "--frames", "100000", "--out", dir + "/f"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Wait for a few frames, then interrupt.
        let deadline = Date().addingTimeInterval(60)
        while Executable.files(in: dir + "/f").filter({ $0.hasSuffix(".png") && !$0.hasPrefix(".") }).count < 3 && Date() < deadline {
            usleep(20_000)
        }
        // SIGTERM, repeated until it ends (a bounded wait); SIGKILL and a failure if it never does.
        let pid = p.processIdentifier
        let stop = Date().addingTimeInterval(20)
        while p.isRunning && Date() < stop {
            kill(pid, SIGTERM)
            usleep(100_000)
        }
        if p.isRunning {
            kill(pid, SIGKILL)
            Issue.record("the render did not stop on SIGTERM")
        }
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let files = Executable.files(in: dir + "/f")
        #expect(files.allSatisfy { !$0.hasPrefix(".") }, "a temporary file was left: \(files)")
        #expect(files.count >= 3 && files.count < 100000)
        #expect(message.contains("interrupted; \(files.count) frames were completed"), "\(message) with \(files.count) files")
        for f in files { #expect((try? Data(contentsOf: URL(fileURLWithPath: dir + "/f/" + f)).prefix(8)) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) }
    }
}

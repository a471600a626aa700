import Testing
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Outputs: an empty or root --out is refused; only regular files (or links, the link itself) are
/// replaced and only with --force; names reach ffmpeg as plain file names; long names work; an
/// interruption at any stage leaves nothing; concurrent runs on one output never interleave.
@Suite struct OutputSafetyTests {
    static func refused(_ args: [String], in dir: String, sourceLine: SourceLocation = #_sourceLocation) throws -> String {
        let r = try Executable.run(args, in: dir)
        #expect(r.status == 64, "\(args): exit \(r.status): \(r.stderr)", sourceLocation: sourceLine)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("--out"), "\(args): \(r.stderr)", sourceLocation: sourceLine)
        return r.stderr
    }

    @Test func anEmptyOrBareRootOutIsRefused() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for out in ["", "/", "//"] {
            _ = try Self.refused(["render", "--size", "40x30", "--frame", "7", "--out", out], in: dir)
            _ = try Self.refused(["render", "--size", "40x30", "--frames", "3", "--out", out], in: dir)
            _ = try Self.refused(["export", "--size", "40x30", "--format", "lottie", "--out", out], in: dir)
        }
        #expect(!FileManager.default.fileExists(atPath: "/frame-00007.png"))
        #expect(Executable.files(in: dir).isEmpty)
    }

    @Test func onlyRegularFilesAreReplacedAndOnlyWithForce() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A dangling link is not replaced without --force; with it the link itself is replaced, and
        // its target is never created.
        #expect(symlink(dir + "/target.png", dir + "/link.png") == 0)
        #expect(symlink(dir + "/target.json", dir + "/link.json") == 0)
        _ = try Self.refused(["render", "--size", "40x30", "--out", "link.png"], in: dir)
        _ = try Self.refused(["export", "--size", "40x30", "--frames", "2", "--out", "link.json"], in: dir)
        var st = stat()
        #expect(lstat(dir + "/link.png", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        let r = try Executable.run(["render", "--size", "40x30", "--out", "link.png", "--force"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lstat(dir + "/link.png", &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(!FileManager.default.fileExists(atPath: dir + "/target.png"))
        // A FIFO (as a device node) is never replaced, --force or not, by any writer.
        #expect(mkfifo(dir + "/node.gif", 0o600) == 0)
        #expect(mkfifo(dir + "/node.png", 0o600) == 0)
        #expect(mkdir(dir + "/frames", 0o755) == 0 && mkfifo(dir + "/frames/frame-00000.png", 0o600) == 0)
        for args in [["export", "--size", "40x30", "--frames", "2", "--out", "node.gif", "--force"],
                     ["render", "--size", "40x30", "--out", "node.png", "--force"],
                     ["export", "--size", "40x30", "--format", "png", "--out", "node.png", "--force"],
                     ["render", "--size", "40x30", "--frames", "2", "--out", "frames", "--force"]] {
            let err = try Self.refused(args, in: dir)
            #expect(err.contains("FIFO") && err.contains("regular"), "\(err)")
        }
        for node in ["node.gif", "node.png", "frames/frame-00000.png"] {
            #expect(lstat(dir + "/" + node, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "\(node) was replaced")
        }
        #expect(Executable.files(in: dir + "/frames") == ["frame-00000.png"])
    }

    @Test func protocolPrefixesAreFileNames() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try Executable.run(["export", "--size", "40x30", "--frames", "3", "--out", "file:sub/x.gif"], in: dir)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(Executable.files(in: dir) == ["file:sub"])
        #expect(Executable.files(in: dir + "/file:sub") == ["x.gif"])
        let b = try Executable.run(["export", "--size", "40x30", "--frames", "3", "--out", "pipe:x.gif"], in: dir)
        #expect(b.status == 0, "\(b.stderr)")
        #expect(b.stdout.hasPrefix("wrote pipe:x.gif") && b.stdout.split(separator: "\n").count == 1, "\(b.stdout.prefix(200))")
        let gif = try Data(contentsOf: URL(fileURLWithPath: dir + "/pipe:x.gif"))
        #expect(gif.starts(with: Array("GIF8".utf8)))
        #expect(Executable.files(in: dir) == ["file:sub", "pipe:x.gif"])
    }

    @Test func aNameOf250BytesWorksAndOneOver255IsRefused() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = String(repeating: "a", count: 246) + ".png", json = String(repeating: "b", count: 245) + ".json"
        #expect(png.utf8.count == 250 && json.utf8.count == 250)
        let r = try Executable.run(["render", "--size", "40x30", "--out", png], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let e = try Executable.run(["export", "--size", "40x30", "--frames", "2", "--out", json], in: dir)
        #expect(e.status == 0, "\(e.stderr)")
        #expect(Executable.files(in: dir) == [png, json])
        let err = try Self.refused(["render", "--size", "40x30", "--out", String(repeating: "c", count: 256) + ".png"], in: dir)
        #expect(err.contains("255"), "\(err)")
    }

    /// Starts `args` paused at `stage` (the test hook), stops it with SIGTERM there, and returns
    /// its status and stderr.
    static func interrupted(_ args: [String], at stage: String, in dir: String) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executable.path)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment
        env["WAVEFILL_TEST_PAUSE_AT"] = stage
        p.environment = env
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        var seen = Data()
        while p.isRunning, !String(decoding: seen, as: UTF8.self).contains("paused at \(stage)") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        p.terminate()
        let rest = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: seen + rest, as: UTF8.self))
    }

    @Test(arguments: [
        (["export", "--frames", "3", "--out", "o/a.json"], "final-rename"),
        (["export", "--frames", "3", "--out", "o/b.svg"], "final-rename"),
        (["export", "--frame", "1", "--out", "o/s.svg"], "final-rename"),
        (["export", "--frames", "3", "--out", "o/c.lottie"], "zip"),
        (["export", "--frames", "3", "--out", "o/c.lottie"], "final-rename"),
        (["export", "--frames", "3", "--out", "o/d.gif"], "final-rename"),
        (["export", "--frames", "3", "--format", "spritesheet", "--out", "o/e.png"], "final-rename"),
        (["export", "--format", "png", "--out", "o/f.png"], "final-rename"),
        (["render", "--out", "o/g.png"], "final-rename"),
    ] as [([String], String)])
    func aSignalAtTheFinalWriteLeavesNothing(args: [String], stage: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.interrupted(args + ["--size", "40x30"], at: stage, in: dir)
        #expect(r.status == 128 + SIGTERM, "\(args) at \(stage): status \(r.status): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("paused at") && !$0.hasPrefix("note:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("wavefill: interrupted; ") && lines[0].contains("removed") && lines[0].hasSuffix("(SIGTERM)"), "\(r.stderr)")
        #expect(Executable.files(in: dir + "/o").isEmpty, "\(args) at \(stage) left \(Executable.files(in: dir + "/o"))")
        #expect(Executable.files(in: NSTemporaryDirectory()).allSatisfy { !$0.hasPrefix("wavefill-dotlottie") })
    }

    @Test func concurrentRendersOfOneFolderNeverInterleave() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let colours = ["#ff0000", "#0000ff"]
        for (c, name) in zip(colours, ["red", "blue"]) {
            let r = try Executable.run(["render", "--size", "40x30", "--frames", "40", "--background", c, "--out", name], in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        func frames(_ folder: String) throws -> [Data] {
            try Executable.files(in: dir + "/" + folder).map { try Data(contentsOf: URL(fileURLWithPath: dir + "/" + folder + "/" + $0)) }
        }
        let red = try frames("red"), blue = try frames("blue")
        #expect(red.count == 40 && red != blue)
        for force in [false, true] {
            let out = force ? "same-forced" : "same"
            let box = Results()
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                var args = ["render", "--size", "40x30", "--frames", "40", "--background", colours[k], "--out", out]
                if force { args.append("--force") }
                let r = try? Executable.run(args, in: dir)
                box.lock.lock(); box.items[k] = r; box.lock.unlock()
            }
            let results = box.items
            let statuses = results.map { $0?.status ?? -1 }
            if force {
                #expect(statuses == [0, 0], "\(results.map { $0?.stderr ?? "" })")
            } else {
                // One wins; the other finds its frames there and says so in its last line.
                #expect(statuses.sorted() == [0, 64], "\(results.map { $0?.stderr ?? "" })")
                let loser = results.first { $0?.status == 64 }
                #expect(loser??.stderr.split(separator: "\n").last?.contains("exists; pass --force") == true)
            }
            let got = try frames(out)
            #expect(got == red || got == blue, "\(out) holds a mix of both runs")
        }
    }
}

private final class Results: @unchecked Sendable {
    let lock = NSLock()
    var items = [Executable.Result?](repeating: nil, count: 2)
}

extension OutputSafetyTests {
    @Test func concurrentExportsOfOneFileNeverBothSucceed() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for out in ["x.gif", "new/y.json"] {
            let box = Results()
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let r = try? Executable.run(["export", "--size", "40x30", "--frames", "30", "--background", k == 0 ? "#ff0000" : "#0000ff",
                                             "--out", out], in: dir)
                box.lock.lock(); box.items[k] = r; box.lock.unlock()
            }
            let statuses = box.items.map { $0?.status ?? -1 }
            #expect(statuses.sorted() == [0, 64], "\(out): \(box.items.map { $0?.stderr ?? "" })")
            let loser = box.items.first { $0?.status == 64 }
            #expect(loser??.stderr.split(separator: "\n").last?.contains("exists; pass --force") == true, "\(loser??.stderr ?? "")")
        }
        #expect(Executable.files(in: dir) == ["new", "x.gif"])
        #expect(Executable.files(in: dir + "/new") == ["y.json"])
    }
}

/// `bench --png` follows the output rules; every command fails when its stdout cannot be written.
@Suite struct BenchPNGAndStdoutTests {
    @Test func benchPNGFollowsTheOutputRules() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let harness = ["bench", "--size", "32x32", "--frames", "1", "--warmup", "0", "--png-frame", "3"]
        let first = try Executable.run(harness + ["--png", "f.png"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))
        // An existing file needs --force; the refusal names --png and writes nothing.
        let again = try Executable.run(harness + ["--png", "f.png", "--png-frame", "100"], in: dir)
        #expect(again.status == 64 && again.stderr.contains("--png") && again.stderr.contains("--force")
                && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png")) == before)
        let forced = try Executable.run(harness + ["--png", "f.png", "--png-frame", "100", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png")) != before)
        // Never a FIFO (a device), never the empty name or the root.
        #expect(mkfifo(dir + "/node.png", 0o600) == 0)
        for png in ["node.png", "", "/"] {
            let r = try Executable.run(harness + ["--png", png, "--force"], in: dir)
            #expect(r.status == 64 && r.stderr.contains("--png") && r.stderr.split(separator: "\n").count == 1, "\(png): \(r.stderr)")
        }
        var st = stat()
        #expect(lstat(dir + "/node.png", &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
        #expect(Executable.files(in: dir) == ["f.png", "node.png"])
    }

    @Test(arguments: [
        ["render", "--size", "40x30", "--out", "a.png"],
        ["export", "--size", "40x30", "--frames", "2", "--out", "a.json"],
        ["bench", "--size", "32x32", "--frames", "1", "--warmup", "0"],
        ["--version"],
        ["render", "--help"],
        ["render", "--list-presets"],
    ])
    func aFullStdoutIsAFailure(args: [String]) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executable.path)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardOutput = full
        p.standardError = err
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1, "\(args): status \(p.terminationStatus): \(e)")
        #expect(e.contains("standard output") && e.contains("No space left"), "\(args): \(e)")
    }
}

/// Work budgets checked before the work: a vector export's frames x canvas, a renderer's canvas.
@Suite struct WorkBudgetTests {
    @Test func aVectorExportOverItsFrameBudgetIsRefusedAtOnce() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let started = Date()
        for (args, flag) in [(["--scene", "stroke", "--size", "40x30", "--frames", "1000000", "--out", "s.json"], "--frames"),
                             (["--scene", "stroke", "--size", "40x30", "--frames", "100001", "--out", "s.svg"], "--frames"),
                             (["--size", "2000x1500", "--frames", "40000", "--out", "w.json"], "--frames"),
                             (["--size", "40x30", "--duration", "2000", "--out", "w.lottie"], "--duration"),
                             // The layers sampled: the wave's tree at 40x30 is under the frame budget, not under this one.
                             (["--size", "40x30", "--frames", "99000", "--label", "{p}", "--out", "w.json"], "--frames")] {
            let r = try Executable.run(["export"] + args, in: dir)
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag) && r.stderr.contains("budget"), "\(args): \(r.stderr)")
        }
        #expect(Date().timeIntervalSince(started) < 20, "the refusals were not immediate")
        #expect(Executable.files(in: dir).isEmpty)
        // Within the budget it is written.
        let ok = try Executable.run(["export", "--size", "2000x1500", "--frames", "3", "--out", "w.json"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func theReferenceRendererRefusesACanvasOverItsArea() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let started = Date()
        let r = try Executable.run(["render", "--renderer", "reference", "--size", "8192x8192", "--border-width", "50", "--out", "r.png"], in: dir)
        #expect(Date().timeIntervalSince(started) < 3, "the canvas was made before it was refused")
        #expect(r.status == 64 && r.stderr.contains("--renderer") && r.stderr.contains("4194304") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        let fast = try Executable.run(["render", "--renderer", "reference", "--size", "64x48", "--out", "r.png"], in: dir)
        #expect(fast.status == 0, "\(fast.stderr)")
        #expect(Executable.files(in: dir) == ["r.png"])
    }
}

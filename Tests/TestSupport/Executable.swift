import Foundation

/// The built `wavefill` executable, run as a user would.
public enum Executable {
    /// Path of the product built beside the test bundle (`swift build --build-tests` builds it).
    public static var path: String {
        if let p = ProcessInfo.processInfo.environment["WAVEFILL_BIN"] { return p }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The test binary lives in .build/<config>/WaveFillPackageTests.xctest (a file or a bundle).
        for _ in 0 ..< 4 {
            let candidate = dir.appendingPathComponent("wavefill").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return ".build/debug/wavefill"
    }

    /// What a run produced.
    public struct Result: Sendable {
        /// Exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
    }

    /// Runs `wavefill` with `arguments` in `directory`, capturing both streams.
    public static func run(_ arguments: [String], in directory: String? = nil,
                           environment: [String: String]? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    /// A fresh empty temporary directory.
    public static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "wavefill-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Files in a directory, sorted (empty if it does not exist).
    public static func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}

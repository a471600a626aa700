import Testing
import Foundation
import FuzzTargets

/// Every input of the fuzz corpus and every crash the fuzzer ever found, replayed through the same
/// entry point `./run.sh fuzz` drives: none may trap (a trap ends this test process).
@Suite struct FuzzRegressionTests {
    static let root: String = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { dir.deleteLastPathComponent() }
        return dir.path
    }()

    static func inputs(_ target: FuzzTarget) -> [String] {
        ["corpus", "crashes"].flatMap { kind -> [String] in
            let dir = root + "/Tests/Fuzz/\(kind)/\(target.rawValue)"
            return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { dir + "/" + $0 }
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func corpusAndPastCrashesRunCleanly(_ target: FuzzTarget) throws {
        let files = Self.inputs(target)
        #expect(!files.isEmpty, "no corpus for \(target)")
        for f in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: f))
            target.run(Array(data))
        }
    }
}

import Testing
import Foundation
import TestSupport
import MallocInterposerSwift

/// `wavefill bench`: the zero-allocation steady state, and the tools/bench harness contract.
@Suite(.serialized) struct BenchTests {
    static var interposer: String {
        URL(fileURLWithPath: Executable.path).deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
    }

    @Test func theInterposerCountsAllocations() {
        // The control: the same interposer, linked into this process, sees an allocation here.
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        let a = [Int](repeating: 7, count: 1000 + Int.random(in: 0 ... 10))
        MallocInterposerSwift.unhook()
        #expect(a.count >= 1000)
        #expect(MallocInterposerSwift.getStatistics().mallocCount >= 1)
    }

    @Test func framesAllocateNothingInSteadyState() throws {
        var env = ProcessInfo.processInfo.environment
        env["LD_PRELOAD"] = Self.interposer
        let r = try Executable.run(["bench", "--sizes", "64,200", "--frames", "40", "--warmup", "5", "--json"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let results = try #require(obj?["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for row in results {
            #expect(row["allocs_per_frame"] as? Double == 0, "\(row)")
            #expect((row["median_ms"] as? Double ?? -1) > 0)
            #expect((row["memcpy_ms"] as? Double ?? -1) > 0)
        }
        #expect((obj?["machine"] as? String)?.isEmpty == false)
    }

    @Test func harnessModeFollowsSharedBenchContract() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["bench", "--size", "96x96", "--frames", "12", "--warmup", "3",
                                    "--png", dir + "/f.png", "--png-frame", "150"])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        let obj = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect((obj?["ms"] as? [Double])?.count == 12)
        #expect((obj?["version"] as? String)?.hasPrefix("wavefill") == true)
        // The PNG is frame 150 of the default scene, the same as `render`.
        let single = try Executable.run(["render", "--size", "96x96", "--frame", "150", "--out", dir + "/r.png"])
        #expect(single.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/r.png")))
    }
}

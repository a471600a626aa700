import Testing
import Foundation
import TestSupport
import MallocInterposerSwift
@testable import WaveFillApp

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
            // The mean is at least the fastest tenth.
            let mean = row["mean_ms"] as? Double ?? -1, p10 = row["p10_ms"] as? Double ?? -1
            #expect(mean > 0 && mean >= p10, "\(row)")
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

    @Test func indicatorsAreSetBesideOneFrameTimedInTurn() throws {
        let rows = [Bench.IndicatorTiming(count: 16, ms: 0.04, aloneMs: 0.041, floorMs: 0.02, frameMs: 0.1),
                    Bench.IndicatorTiming(count: 64, ms: 0.153, aloneMs: 0.162, floorMs: 0.09, frameMs: 0.102)]
        let table = BenchReport.table([], many: rows, extras: [:], soak: nil)
        #expect(table.contains("| 16 | 0.04 | 0.041 | 0.02 | 0.1 | 0.4 |"), "\(table)")
        #expect(table.contains("| 64 | 0.153 | 0.162 | 0.09 | 0.102 | 1.5 |"), "\(table)")
        let obj = try JSONSerialization.jsonObject(with: Data(BenchReport.json([], many: rows, extras: [:], soak: nil).utf8)) as? [String: Any]
        let many = try #require(obj?["many_indicators"] as? [[String: Any]])
        #expect(many.count == 2)
        #expect(many.last?["frame_1024_in_turn_ms"] as? Double == 0.102)
        #expect(many.last?["per_frame"] as? Double == 1.5)
        #expect(many.last?["one_by_one_ms"] as? Double == 0.162)
    }

    @Test func figuresAreRoundedNotCut() {
        #expect(BenchReport.fmt(1.4996, digits: 2) == "1.5")
        #expect(BenchReport.fmt(0.39999999999999997, digits: 2) == "0.4")
        #expect(BenchReport.fmt(0.1234) == "0.123")
        #expect(BenchReport.fmt(0.1236) == "0.124")
        #expect(BenchReport.fmt(0.00004, digits: 5) == "0.00004")
        #expect(BenchReport.fmt(0.00004) == "0.0")
        #expect(BenchReport.fmt(12) == "12.0")
    }
}

import Testing
import Foundation
import TestSupport
import Export

/// `--amplitude N%`: a share of the container's ink height, laid out with the container, so a
/// preset of it scales with the canvas.
@Suite struct AmplitudeShareTests {
    @Test func fifteenPercentIsTheDerivedDefault() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (size, shape) in [("300x200", ["--text", "Wave"]), ("97x61", ["--shape", "heart"])] {
            let a = try Executable.run(["render", "--size", size, "--frame", "77", "--out", "a.png", "--force", "--amplitude", "15%"] + shape, in: dir)
            let b = try Executable.run(["render", "--size", size, "--frame", "77", "--out", "b.png", "--force"] + shape, in: dir)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
            #expect(try PNGFile.read(dir + "/a.png").bytes == (try PNGFile.read(dir + "/b.png").bytes), "\(size)")
            let c = try Executable.run(["render", "--size", size, "--frame", "77", "--out", "c.png", "--force", "--amplitude", "30%"] + shape, in: dir)
            #expect(c.status == 0)
            let cb = try PNGFile.read(dir + "/c.png").bytes, bb = try PNGFile.read(dir + "/b.png").bytes
            #expect(cb != bb, "\(size): 30% draws the same as 15%")
        }
        // A preset keeps the share, so it scales with the canvas.
        let s = try Executable.run(["render", "--amplitude", "8%", "--save-preset", "p.json", "--out", "p.png"], in: dir)
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try String(contentsOfFile: dir + "/p.json", encoding: .utf8).contains("\"amplitude\": \"8%\""))
    }

    @Test(arguments: ["120%", "-1%", "x%", "%"])
    func sharesOutsideZeroToAHundredAreRefused(_ value: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["render", "--amplitude", value, "--out", "o.png"], in: dir)
        #expect(r.status == 64 && r.stderr.contains("--amplitude") && r.stderr.contains("0% ... 100%"), "\(value): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty)
    }
}

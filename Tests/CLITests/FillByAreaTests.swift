import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `--fill-mapping area` holds the share of the container it says: the area below a flat surface,
/// measured from the rendered frame, is p of the container's area within 0.1 point.
@Suite struct FillByAreaTests {
    /// The container's area in pixels (`nil` wave) or the area below the surface, from a frame whose
    /// container is opaque black and front wave opaque red on white: a pixel's red share over its
    /// green is the wave's coverage, and at progress 0 one minus its green is the container's.
    static func areas(_ shape: [String], size: String, progress: Double, in dir: String) throws -> (container: Double, water: Double) {
        func render(_ p: Double, _ out: String) throws -> Pixmap {
            let r = try Executable.run(["render", "--size", size, "--fill-mapping", "area", "--amplitude", "0", "--progress", String(p),
                                        "--background", "#FFFFFF", "--container", "#000000", "--front-wave", "#FF0000",
                                        "--back-wave", "#00000000", "--out", out, "--force"] + shape, in: dir)
            #expect(r.status == 0, "\(shape): \(r.stderr)")
            return try PNGFile.read(dir + "/" + out)
        }
        let empty = try render(0, "empty.png"), filled = try render(progress, "filled.png")
        var container = 0.0, water = 0.0
        for i in stride(from: 0, to: empty.bytes.count, by: 4) {
            container += 1 - Double(empty.bytes[i + 1]) / 255
            water += Double(Int(filled.bytes[i]) - Int(filled.bytes[i + 1])) / 255
        }
        return (container, water)
    }

    @Test(arguments: [
        (["--text", "Wave"], "300x260"), (["--text", "du"], "120x90"), (["--shape", "heart"], "300x260"),
        (["--path", "M0 0H100V100H0Z M25 25H75V75H25Z", "--fill-rule", "evenodd"], "200x150"), (["--shape", "star"], "97x61"),
        (["--text", "Wave"], "1200x1040"),
    ] as [([String], String)])
    func theShareBelowTheSurfaceIsTheProgress(shape: [String], size: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for p in [0.2, 0.5, 0.8, 0.95] {
            let a = try Self.areas(shape, size: size, progress: p, in: dir)
            let share = a.water / a.container
            #expect(abs(share - p) <= 0.001, "\(shape) at \(size), progress \(p): \(share) of the area is below the surface")
        }
    }
}

import Testing
import Raster
@testable import Wave
import TestSupport
import Foundation

/// Goldens of the default scene (SCENE.md's defaults at 200x155) at five progress values.
/// Tolerance: 1 per channel (SCENE.md's 1/255). The goldens are drawn by the independent reference:
/// `tools/reference/goldens.py` (never by the code under test).
@Suite struct GoldenTests {
    static let progresses = [0.0, 0.25, 0.5, 0.75, 1.0]
    static func name(_ p: Double) -> String { "default-200x155-p\(Int(p * 100)).png" }
    static let used = Set(progresses.map(name))

    @Test(arguments: progresses)
    func defaultSceneGolden(progress: Double) throws {
        let scene = try smallScene { $0.width = 200; $0.height = 155; $0.progress = progress }
        let img = render(scene, frame: 30)
        if let failure = Goldens.check(img, name: Self.name(progress), tolerance: 1) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func noOrphanGoldens() throws {
        let files = Executable.files(in: Goldens.directory()).filter { $0.hasSuffix(".png") }
        let orphans = files.filter { !Self.used.contains($0) }
        #expect(orphans.isEmpty, "goldens no test uses: \(orphans)")
        #expect(files.count == Self.used.count, "goldens present: \(files)")
    }
}

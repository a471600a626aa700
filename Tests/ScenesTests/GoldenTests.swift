import Testing
import Raster
import Scenes
import TestSupport
import Foundation

/// One golden per scene at a fixed time, 200x100 (tolerance 1 per channel). The goldens are drawn by
/// the independent reference, `tools/reference/goldens.py` (never by the code under test), from these
/// same parameters.
@Suite struct SceneGoldenTests {
    static let canvas = SceneCanvas(width: 200, height: 100)

    static func image(_ name: String) throws -> Pixmap {
        let face = try boldFace()
        switch name {
        case "marquee-200x100-t1.png":
            var p = MarqueeParameters()
            p.runs = [.init(text: "Now playing: ", color: Color(r: 0x88, g: 0x88, b: 0x88)),
                      .init(text: "Never Gonna Give You Up", color: .black)]
            return try MarqueeScene(canvas: canvas, parameters: p, face: face).render(at: 1)
        case "stroke-200x100-t2.png":
            var p = StrokeParameters(); p.text = "Wave"
            return try StrokeScene(canvas: canvas, parameters: p, face: face).render(at: 2)
        case "spread-200x100-t0.45.png":
            var p = SpreadParameters(); p.text = "Tab"; p.selectAt = 0.3
            return try SpreadScene(canvas: canvas, parameters: p, face: face).render(at: 0.45)
        case "morph-200x100-t3.4.png":
            var p = MorphParameters(); p.texts = ["Yes", "Too", "AVs"]; p.interval = 3
            return try MorphScene(canvas: canvas, parameters: p, face: face).render(at: 3.4)
        default:
            throw CocoaError(.fileNoSuchFile)
        }
    }

    static let names = ["marquee-200x100-t1.png", "stroke-200x100-t2.png", "spread-200x100-t0.45.png", "morph-200x100-t3.4.png"]

    @Test(arguments: names)
    func sceneGolden(name: String) throws {
        if let failure = Goldens.check(try Self.image(name), name: name, tolerance: 1) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func noOrphanGoldens() throws {
        let files = Executable.files(in: Goldens.directory()).filter { $0.hasSuffix(".png") }
        let orphans = files.filter { !Self.names.contains($0) }
        #expect(orphans.isEmpty, "goldens no test uses: \(orphans)")
        #expect(files.count == Self.names.count, "goldens present: \(files)")
    }
}

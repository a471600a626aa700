import SceneKit
import Testing
import Geometry
import Raster
import Layers
@testable import Scenes
import Wave

/// The pen: strokeEnd 0 -> 1 over 4 s, then the fill fades in over 2 s; scrubbing the Core
/// Animation way equals playing.
@Suite struct StrokeSceneTests {
    static func scene(_ edit: (inout StrokeParameters) -> Void = { _ in }) throws -> StrokeScene {
        var p = StrokeParameters()
        edit(&p)
        return try StrokeScene(canvas: SceneCanvas(width: 120, height: 93), parameters: p, face: try boldFace())
    }

    @Test func strokeEndAndFillFollowTheDocumentsTimeline() throws {
        let s = try Self.scene()
        // At 60 fps: frame 0, 60, 120, 180, 240 are 0, 1, 2, 3, 4 s: strokeEnd t / 4.
        for (frame, end) in [(0, 0.0), (60, 0.25), (120, 0.5), (180, 0.75), (240, 1.0), (300, 1.0), (999, 1.0)] {
            let shape = try #require(s.model.presentedShape(at: Double(frame) / 60))
            #expect(shape.strokeEnd == end, "frame \(frame)")
            #expect(shape.strokeStart == 0)
        }
        // The fill: transparent until 4 s, half at 5 s, opaque from 6 s.
        #expect(s.model.presentedShape(at: 2)?.fillColor == Color(r: 0, g: 0, b: 0, a: 0))
        #expect(s.model.presentedShape(at: 4)?.fillColor == Color(r: 0, g: 0, b: 0, a: 0))
        #expect(s.model.presentedShape(at: 5)?.fillColor == Color(r: 0, g: 0, b: 0, a: 128))
        #expect(s.model.presentedShape(at: 6)?.fillColor == .black && s.model.presentedShape(at: 60)?.fillColor == .black)
        #expect(s.shape.strokeEnd == 1 && s.shape.fillColor == .black)    // the model is the finished drawing
    }

    @Test func nothingIsDrawnAtTheStartAndEverythingAtTheEnd() throws {
        let s = try Self.scene()
        #expect(firstPixel(of: s.render(at: 0), notEqualTo: .white) == nil)
        let half = s.render(at: 2), done = s.render(at: 6)
        #expect(firstPixel(of: half, notEqualTo: .white) != nil)
        // At the end: the glyphs filled, and stroked, exactly as a plain shape layer draws them.
        let plain = ShapeLayer()
        plain.bounds = Rect(x: 0, y: 0, width: 120, height: 93); plain.anchorPoint = .zero
        plain.path = s.path; plain.fillColor = .black; plain.strokeColor = .black; plain.lineWidth = 2
        plain.lineJoin = .round; plain.lineCap = .round; plain.backgroundColor = .white
        #expect(LayerRenderer().renderPixmap(plain, width: 120, height: 93) == done)
        // Half-way the pen has drawn more than a quarter of the way and less than all of it.
        let quarter = s.render(at: 1), full = s.render(at: 4)
        func ink(_ p: Pixmap) -> Int { (0 ..< p.width * p.height).filter { p.bytes[$0 * 4] < 128 }.count }
        #expect(ink(quarter) < ink(half) && ink(half) < ink(full))
    }

    @Test(arguments: [0.0, 0.25, 0.5, 0.8, 1.0])
    func scrubbedFrameEqualsThePlayedFrame(progress: Double) throws {
        let played = try Self.scene()
        let scrubbed = try Self.scene { $0.progress = progress }
        let t = progress * 6                            // exact for these values
        #expect(scrubbed.model.presentedShape(at: 0)?.strokeEnd == played.model.presentedShape(at: t)?.strokeEnd)
        #expect(scrubbed.render(at: 0) == played.render(at: t))
        #expect(scrubbed.render(at: 123.4) == played.render(at: t))     // paused: any clock time shows it
    }

    @Test func penStyleReachesTheShape() throws {
        let s = try Self.scene { $0.lineWidth = 5; $0.lineJoin = .bevel; $0.lineCap = .square; $0.miterLimit = 3
            $0.strokeColor = Color(r: 1, g: 2, b: 3) }
        #expect(s.shape.lineWidth == 5 && s.shape.lineJoin == .bevel && s.shape.lineCap == .square)
        #expect(s.shape.miterLimit == 3 && s.shape.strokeColor == Color(r: 1, g: 2, b: 3))
    }

    @Test func badParametersNameTheirFlag() throws {
        let cases: [((inout StrokeParameters) -> Void, String)] = [
            ({ $0.lineWidth = 0 }, "--stroke-width"), ({ $0.lineWidth = .nan }, "--stroke-width"),
            ({ $0.miterLimit = 0.5 }, "--miter-limit"), ({ $0.progress = 1.5 }, "--progress"),
            ({ $0.progress = -0.01 }, "--progress"), ({ $0.text = "" }, "--text"), ({ $0.text = "\u{378}" }, "--text"),
            ({ $0.text = "   " }, "--text"),
        ]
        for (edit, flag) in cases {
            do {
                _ = try Self.scene(edit)
                Issue.record("\(flag): accepted")
            } catch let e as SettingError {
                #expect("--" + e.key == flag, "\(e)")
            }
        }
    }
}

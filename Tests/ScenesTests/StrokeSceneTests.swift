import SceneKit
import Testing
import Geometry
import Raster
import Layers
import Animation
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

    @Test func durationAndEasingShapeThePen() throws {
        let s = try Self.scene { $0.drawDuration = 2; $0.fillDuration = 1; $0.easing = "ease-in" }
        #expect(s.model.totalDuration == 3 && s.model.drawingTime == 2)
        let f = TimingFunction.easeIn
        for t in [0.0, 0.3, 1, 1.7, 2, 2.5] {
            let end = try #require(s.model.presentedShape(at: t)?.strokeEnd)
            #expect(abs(end - f.apply(min(t / 2, 1))) < 1e-12, "t = \(t)")
        }
        #expect(s.model.presentedShape(at: 2.5)?.fillColor == Color(r: 0, g: 0, b: 0, a: 128))
        guard case .once(let n) = s.model.timeline(fps: 60) else { Issue.record("not once"); return }
        #expect(n == 181)                                   // frames 0 ... 180 = 3 s
    }

    @Test func glyphsStaggerOneAfterAnotherOrAllAtOnce() throws {
        let s = try Self.scene { $0.text = "Wave"; $0.drawDuration = 1; $0.glyphStagger = 0.5 }
        let glyphs = s.model.drawing.sublayers.compactMap { $0 as? ShapeLayer }
        #expect(glyphs.count == 4)
        #expect(s.model.drawingTime == 2.5 && s.model.totalDuration == 4.5)
        // Glyph k starts at k x 0.5 s and ends 1 s later.
        func ends(at t: Double) -> [Double] {
            s.model.presentation(at: t).sublayers[0].sublayers.compactMap { ($0 as? ShapeLayer)?.strokeEnd }
        }
        #expect(ends(at: 0) == [0, 0, 0, 0])
        #expect(ends(at: 0.75) == [0.75, 0.25, 0, 0])
        #expect(ends(at: 1.75) == [1, 1, 0.75, 0.25])
        #expect(ends(at: 2.5) == [1, 1, 1, 1])
        // The glyph paths together are the whole text's path: the finished drawing is the same picture.
        let whole = try Self.scene { $0.text = "Wave"; $0.drawDuration = 1; $0.fillDuration = 2 }
        #expect(maxDifference(s.render(at: 4.5), whole.render(at: 3)) <= 1)
        // All at once: every glyph's pen at the same fraction.
        let together = try Self.scene { $0.text = "Wave"; $0.drawDuration = 1; $0.glyphStagger = 0 }
        let t = together.model.presentation(at: 0.4).sublayers[0].sublayers.compactMap { ($0 as? ShapeLayer)?.strokeEnd }
        #expect(t.count == 4 && t.allSatisfy { abs($0 - 0.4) < 1e-12 })
    }

    @Test func thePenTipRidesTheEndOfTheStroke() throws {
        let s = try Self.scene { $0.text = "O"; $0.penTip = 8; $0.drawDuration = 2; $0.strokeColor = Color(r: 255, g: 0, b: 0) }
        let flat = s.model.path.flattenedContours(tolerance: Path.defaultTolerance / 2)
        for t in [0.0, 0.5, 1.2, 1.9] {
            let tree = s.model.presentation(at: t).sublayers[0]
            let tip = try #require(tree.sublayers.last as? ShapeLayer)
            #expect(tip.opacity == 1)
            // The tip is where the stroke ends: the point at strokeEnd of the arc length.
            let end = try #require((tree.sublayers.first as? ShapeLayer)?.strokeEnd)
            let want = PenTip.positions(along: flat, at: [end])[0]
            #expect((tip.position - want).length < 0.5, "t = \(t): tip \(tip.position), stroke end \(want)")
            // And the picture has red there.
            let img = s.render(at: t)
            let px = img.pixel(Int(want.x), Int(want.y))
            #expect(px.x > 200 && px.y < 60, "t = \(t): \(px)")
        }
        // Gone once the pen has finished.
        #expect(s.model.presentation(at: 2.5).sublayers[0].sublayers.last?.opacity == 0)
        // Positions along a known path: a 100 px square's perimeter.
        var square = FlattenedPath()
        square.append([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], closed: true)
        #expect(PenTip.positions(along: square, at: [0, 0.125, 0.25, 0.6, 1]) == [Point(0, 0), Point(50, 0), Point(100, 0), Point(60, 100), Point(0, 0)])
    }

    /// Staggered pens with tips and a wide pen, frame after frame with the fast renderer, against the
    /// exact reference renderer drawing each frame from nothing.
    @Test func theFastRendererAgreesWithTheReference() throws {
        let cases: [(inout StrokeParameters) -> Void] = [
            { $0.text = "Wave"; $0.glyphStagger = 0.2; $0.drawDuration = 0.8; $0.penTip = 7; $0.easing = "ease-in-out" },
            { $0.text = "Ok"; $0.lineWidth = 40; $0.drawDuration = 1 },
        ]
        for edit in cases {
            let s = try Self.scene(edit)
            var seq = Pixmap(width: 120, height: 93)
            for n in 0 ... 130 {
                _ = s.renderChanges(frame: n, into: &seq)
                if n % 13 == 0 { #expect(maxDifference(seq, s.render(at: Double(n) / 60)) <= 1, "frame \(n)") }
            }
        }
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
            ({ $0.text = "   " }, "--text"), ({ $0.drawDuration = 0 }, "--stroke-duration"),
            ({ $0.fillDuration = -1 }, "--fill-duration"), ({ $0.glyphStagger = -0.1 }, "--glyph-stagger"),
            ({ $0.penTip = 0 }, "--pen-tip"), ({ $0.easing = "fast" }, "--easing"),
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

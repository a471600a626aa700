import SceneKit
import Testing
import Geometry
import Raster
import Layers
import Animation
import Text
@testable import Scenes
import Wave

/// The caption: text + 3 spaces + text + 3 spaces + text moved by (text width + separator width)
/// every 7 s, linearly, forever; faded at 0.026 of the width at each side.
@Suite struct MarqueeSceneTests {
    static let caption = "Never gonna give you up"

    static func scene(_ text: String = caption, size: (Int, Int) = (160, 40),
                      _ edit: (inout MarqueeParameters) -> Void = { _ in }) throws -> MarqueeScene {
        var p = MarqueeParameters()
        p.runs = [.init(text: text)]
        edit(&p)
        return try MarqueeScene(canvas: SceneCanvas(width: size.0, height: size.1), parameters: p, face: try boldFace())
    }

    @Test func offsetAndPeriodAreTheDocumentsNumbers() throws {
        let s = try Self.scene()
        let face = try boldFace()
        let e64 = Int((s.fontSize * 64).rounded())
        let text = try TextLine(runs: [(try TextShaper(text: Self.caption, face: face), e64)])
        let spaces = try TextLine(runs: [(try TextShaper(text: "   ", face: face), e64)])
        #expect(s.isScrolling)
        #expect(s.textWidth == text.width && s.separatorWidth == spaces.width)
        #expect(s.distance == text.width + spaces.width)
        #expect(s.period == MarqueeParameters.defaultDuration && s.scrollDuration == s.period)
        // Frame n at 60 fps: offset -(distance) x ((n / 60) mod period) / period.
        for n in [0, 1, 7, 60, 100, 250, 1234, 54321] {
            let t = Double(n) / 60
            let phase = t.truncatingRemainder(dividingBy: s.period) / s.period
            #expect(abs(s.model.offset(at: t) - (-s.distance * phase)) < 1e-9, "frame \(n)")
        }
        #expect(s.model.offset(at: s.period / 4) == -s.distance / 4)
    }

    @Test func theLoopRestartsWithoutAJump() throws {
        let s = try Self.scene()
        // The end of a period is its start, and a period later everything repeats.
        #expect(s.render(at: s.period) == s.render(at: 0))
        #expect(s.render(at: s.period + 0.37) == s.render(at: 0.37))
        // Around the restart consecutive frames change no more than they do mid-period.
        let dt = 1.0 / 60
        let across = maxDifference(s.render(at: s.period - dt / 2), s.render(at: s.period + dt / 2))
        let within = maxDifference(s.render(at: s.period / 2 - dt / 2), s.render(at: s.period / 2 + dt / 2))
        #expect(across <= within + 2, "across the restart \(across), mid-period \(within)")
        // The copies are a distance apart, so the second copy shifted back lies on the first.
        let copies = s.content.sublayers
        #expect(copies.count == 3 && copies[1].position.x - copies[0].position.x == s.distance)
    }

    @Test func fadeMaskIsTheDocumentsGradient() throws {
        let s = try Self.scene()
        let fade = try #require(s.root.sublayers.first?.mask as? GradientLayer)
        #expect(fade.colors == [.clear, .black, .black, .clear])
        #expect(fade.locations == [0, 0.026, 1 - 0.026, 1])
        #expect(fade.startPoint == Point(0, 0.5) && fade.endPoint == Point(1, 0.5))
        let px = try Self.scene(size: (400, 40)) { $0.fadeLength = 20; $0.forceScroll = true }
        #expect((px.root.sublayers.first?.mask as? GradientLayer)?.locations == [0, 0.05, 0.95, 1])
        // Within the fade, ink shows at the mask's alpha at the pixel centre; outside it, unchanged.
        let faded = s.render(at: 0.5), plain = try Self.scene { $0.fade = 0 }.render(at: 0.5)
        var checked = 0
        for i in 0 ..< 160 {
            let t = (Double(i) + 0.5) / 160
            let alpha = t < 0.026 ? t / 0.026 : t > 1 - 0.026 ? (1 - t) / 0.026 : 1
            for j in 0 ..< 40 {
                let ink: Double = 255 - Double(plain.pixel(i, j).x)
                let seen: Double = 255 - Double(faded.pixel(i, j).x)
                let error: Double = abs(seen - ink * alpha)
                #expect(error <= 1, "(\(i), \(j)): \(seen) vs \(ink) x \(alpha)")
                if alpha < 1 && ink > 50 { checked += 1 }
            }
        }
        #expect(checked > 5)                      // the fade really crossed some ink
    }

    @Test func textThatFitsStandsStillUnlessForced() throws {
        let fits = try Self.scene("du", size: (400, 60))
        #expect(!fits.isScrolling && fits.period == 0 && fits.content.sublayers.count == 1)
        #expect(fits.root.sublayers.first?.mask == nil)
        #expect(fits.render(at: 0) == fits.render(at: 3.3))
        let forced = try Self.scene("du", size: (400, 60)) { $0.forceScroll = true }
        #expect(forced.isScrolling && forced.period > 0 && forced.render(at: 0) != forced.render(at: forced.period / 3))
    }

    @Test func rateDurationDelayAndDirection() throws {
        let rate = try Self.scene { $0.rate = 50 }
        #expect(abs(rate.period - rate.distance / 50) < 1e-12)
        #expect(abs(rate.model.offset(at: 1) + 50) < 1e-9)                    // 50 px in one second
        let fixed = try Self.scene { $0.scrollDuration = 8; $0.delay = 2 }
        #expect(fixed.period == 10)
        #expect(fixed.model.offset(at: 1.5) == 0)                               // pausing at the loop start
        #expect(abs(fixed.model.offset(at: 6) + fixed.distance / 2) < 1e-9)
        #expect(fixed.model.offset(at: 10.5) == 0)
        let right = try Self.scene { $0.scrollDuration = 8; $0.direction = .right }
        #expect(abs(right.model.offset(at: 0) + right.distance) < 1e-9)        // starts one copy to the left
        #expect(abs(right.model.offset(at: 2) + right.distance * 0.75) < 1e-9)  // and moves right
        #expect(right.render(at: 0) == fixed.render(at: 0))                // the same picture at rest
    }

    @Test func bounceScrollsToTheEndAndBack() throws {
        let s = try Self.scene { $0.scroll = .bounce; $0.scrollDuration = 2; $0.delay = 1; $0.trailingBuffer = 6 }
        #expect(s.content.sublayers.count == 1)
        #expect(abs(s.distance - (s.textWidth + 6 - 160)) < 1e-9)
        #expect(s.period == 6)
        for (t, fraction) in [(0.5, 0.0), (2.0, 0.5), (3.0, 1.0), (3.9, 1.0), (5.0, 0.5), (6.0, 0.0), (8.0, 0.5)] {
            #expect(abs(s.model.offset(at: t) + s.distance * fraction) < 1e-9, "t = \(t)")
        }
    }

    /// MarqueeLabel's types at their turning points: offsets as fractions of the distance from rest
    /// (0) to end aligned (1), at times over a 2 s scroll with a 1 s delay.
    @Test(arguments: [
        (MarqueeScroll.left, 4.0, [(0.5, 0.0), (1.0, 0.0), (2.0, 0.5), (3.0, 1.0), (3.9, 1.0), (4.0, 0.0), (5.0, 0.0), (6.0, 0.5)]),
        (.right, 4.0, [(0.5, 1.0), (1.0, 1.0), (2.0, 0.5), (3.0, 0.0), (3.9, 0.0), (4.0, 1.0), (6.0, 0.5)]),
        (.leftRight, 6.0, [(0.5, 0.0), (2.0, 0.5), (3.0, 1.0), (3.9, 1.0), (5.0, 0.5), (6.0, 0.0)]),
        (.rightLeft, 6.0, [(0.5, 1.0), (2.0, 0.5), (3.0, 0.0), (3.9, 0.0), (5.0, 0.5), (6.0, 1.0)]),
    ])
    func typesTurnWhereMarqueeLabelsDo(type: MarqueeScroll, period: Double, points: [(Double, Double)]) throws {
        let s = try Self.scene { $0.scroll = type; $0.scrollDuration = 2; $0.delay = 1 }
        #expect(s.content.sublayers.count == 1 && s.scrollType == type)
        #expect(abs(s.distance - (s.textWidth - 160)) < 1e-9)
        #expect(s.period == period)
        for (t, fraction) in points {
            #expect(abs(s.model.offset(at: t) + s.distance * fraction) < 1e-9, "\(type) t = \(t)")
        }
        // Each type's rest pose is its start: left types show the text's start, right types its end.
        let start = try Self.scene { $0.scroll = type == .left || type == .leftRight ? .left : .right; $0.scrollDuration = 2; $0.delay = 1 }
        #expect(s.render(at: 0.5) == start.render(at: 0.5))
    }

    @Test func continuousReverseIsContinuousMovingRight() throws {
        let reverse = try Self.scene { $0.scroll = .continuousReverse; $0.scrollDuration = 8 }
        let right = try Self.scene { $0.scrollDuration = 8; $0.direction = .right }
        #expect(reverse.scrollType == .continuousReverse && right.scrollType == .continuousReverse)
        for t in [0.0, 1.3, 4, 7.9] { #expect(reverse.model.offset(at: t) == right.model.offset(at: t)) }
        #expect(abs(reverse.model.offset(at: 2) + reverse.distance * 0.75) < 1e-9)
        let bounceRight = try Self.scene { $0.scroll = .bounce; $0.direction = .right }
        #expect(bounceRight.scrollType == .rightLeft)
    }

    @Test func theCurveShapesEachScrollAndNotThePauses() throws {
        let eased = try Self.scene { $0.scroll = .leftRight; $0.scrollDuration = 2; $0.delay = 1; $0.easing = "ease-in-out" }
        let f = TimingFunction.easeInEaseOut
        for (t, fraction) in [(1.5, f.apply(0.25)), (2.0, 0.5), (2.5, f.apply(0.75)), (3.5, 1.0), (4.5, 1 - f.apply(0.25))] {
            #expect(abs(eased.model.offset(at: t) + eased.distance * fraction) < 1e-9, "t = \(t)")
        }
        #expect(abs(eased.model.offset(at: 1.5) + eased.distance * 0.25) > 1)   // not linear
        let continuous = try Self.scene { $0.scrollDuration = 4; $0.easing = "ease-in" }
        #expect(abs(continuous.model.offset(at: 1) + continuous.distance * TimingFunction.easeIn.apply(0.25)) < 1e-9)
        #expect(throws: SettingError.self) { try Self.scene { $0.easing = "wobbly" } }
    }

    @Test(arguments: MarqueeAlignment.allCases)
    func textThatFitsStandsWhereItIsAligned(alignment: MarqueeAlignment) throws {
        let s = try Self.scene("du", size: (400, 60)) { $0.alignment = alignment; $0.leadingBuffer = 10; $0.trailingBuffer = 20 }
        #expect(!s.isScrolling)
        let x = try #require(s.content.sublayers.first).position.x
        switch alignment {
        case .left: #expect(x == 10)
        case .center: #expect(abs(x + s.textWidth / 2 - 200) < 1e-9)
        case .right: #expect(abs(x + s.textWidth - 380) < 1e-9)
        }
        // The ink lies where the layer is: its leftmost dark column follows the alignment.
        let img = s.render(at: 0)
        let firstInk: Int = (0 ..< 400).first { i in (0 ..< 60).contains { j in img.pixel(i, j).x < 128 } } ?? -1
        let gap: Double = abs(Double(firstInk) - x)
        #expect(gap < 6, "ink at \(firstInk), layer at \(x)")
        // Alignment does not move scrolling text.
        let scrolling = try Self.scene { $0.alignment = alignment }
        #expect(scrolling.content.sublayers.first?.position.x == 0)
    }

    @Test func aClickPausesTheScrollWhereItIsAndResumesFromThere() throws {
        let s = try Self.scene { $0.scrollDuration = 4 }
        #expect(s.controls.map(\.action) == [.toggle])
        let at1 = s.model.offset(at: 1)
        #expect(s.perform(.toggle, atFrame: 60) != nil && s.model.pausedAt == 1)
        #expect(s.timeline == .still)
        for t in [1.0, 2, 30] { #expect(s.model.offset(at: t) == at1) }           // held
        #expect(s.perform(.toggle, atFrame: 180) != nil && s.model.pausedAt == nil)  // resumed at 3 s
        #expect(abs(s.model.offset(at: 3) - at1) < 1e-9)
        let fresh = try Self.scene { $0.scrollDuration = 4 }
        #expect(abs(s.model.offset(at: 4) - fresh.model.offset(at: 2)) < 1e-9)     // 2 s were spent paused
        _ = s.perform(.restart, atFrame: 0)
        #expect(abs(s.model.offset(at: 1) - at1) < 1e-9)
        // Text that fits has nothing to pause.
        let fits = try Self.scene("du", size: (400, 60))
        #expect(fits.perform(.toggle, atFrame: 10) == nil)
    }

    /// The fast renderer, frame after frame, against the exact reference renderer from nothing.
    @Test(arguments: MarqueeScroll.allCases)
    func theFastRendererAgreesWithTheReference(type: MarqueeScroll) throws {
        let s = try Self.scene { $0.scroll = type; $0.scrollDuration = 1; $0.delay = 0.25; $0.easing = "ease-in-out" }
        var seq = Pixmap(width: 160, height: 40)
        for n in 0 ... 150 {
            _ = s.renderChanges(frame: n, into: &seq)
            if n % 10 == 0 { #expect(maxDifference(seq, s.render(at: Double(n) / 60)) <= 1, "\(type) frame \(n)") }
        }
    }

    @Test func styledRunsKeepTheirColoursFontsAndSizes() throws {
        let serif = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)
        var p = MarqueeParameters()
        p.runs = [.init(text: "Red ", color: red), .init(text: "blue serif", color: blue, font: serif, size: 14)]
        p.fade = 0
        let s = try MarqueeScene(canvas: SceneCanvas(width: 100, height: 30), parameters: p, face: try boldFace())
        let copy = try #require(s.content.sublayers.first as? TextLayer)
        #expect(copy.runs.count == 2 && copy.runs[1].size == 14 && copy.runs[1].font === serif && copy.runs[0].size == s.fontSize)
        let img = s.render(at: 0)
        var reds = 0, blues = 0
        for j in 0 ..< 30 { for i in 0 ..< 100 {
            let q = img.pixel(i, j)
            if Int(q.x) - Int(q.z) > 100 { reds += 1 }
            if Int(q.z) - Int(q.x) > 100 { blues += 1 }
        } }
        #expect(reds > 20 && blues > 20, "\(reds) red, \(blues) blue")
    }

    @Test func badParametersNameTheirFlag() throws {
        let cases: [((inout MarqueeParameters) -> Void, String)] = [
            ({ $0.rate = 0 }, "--rate"), ({ $0.rate = -3 }, "--rate"), ({ $0.scrollDuration = 0 }, "--scroll-duration"),
            ({ $0.rate = 5; $0.scrollDuration = 2 }, "--rate"), ({ $0.fadeLength = 81 }, "--fade-length"),
            ({ $0.fadeLength = -1 }, "--fade-length"), ({ $0.leadingBuffer = -1 }, "--leading-buffer"),
            ({ $0.trailingBuffer = .infinity }, "--trailing-buffer"), ({ $0.delay = -0.5 }, "--delay"),
            ({ $0.runs = [.init(text: "")] }, "--text"), ({ $0.runs = [.init(text: "x\u{378}")] }, "--text"),
            ({ $0.easing = "cubic-bezier(2,0,1,1)" }, "--easing"),
        ]
        for (edit, flag) in cases {
            do {
                _ = try Self.scene(Self.caption, edit)
                Issue.record("\(flag): accepted")
            } catch let e as SettingError {
                #expect("--" + e.key == flag, "\(e)")
            }
        }
    }
}

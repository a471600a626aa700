import SceneKit
import Testing
import Geometry
import Raster
import Layers
@testable import Scenes

/// Facebook Shimmer's sweep: a band `length` of the title long slides from half a band before the
/// title to half a band after it at `speed`, rests `pause`, and starts again; the title shows at the
/// base opacity, the band at the highlight opacity, fading in and out at each sweep's ends.
@Suite struct ShimmerSceneTests {
    static func scene(fps: Double? = nil, text: String = "Shimmer", _ edit: (inout Shimmer) -> Void = { _ in }) throws -> SpreadScene {
        var p = SpreadParameters()
        p.text = text; p.selectAt = nil; p.deselectAt = nil
        var sh = Shimmer()
        edit(&sh)
        p.shimmer = sh
        p.wholeFramesAt = fps
        return try SpreadScene(canvas: SceneCanvas(width: 200, height: 60), parameters: p, face: try boldFace())
    }

    @Test func periodAndPositionAtKnownTimes() throws {
        let s = try Self.scene { $0.speed = 100; $0.pause = 0.5; $0.length = 0.4; $0.beginFade = 0.1; $0.endFade = 0.2 }
        let band = try #require(s.model.shimmerBand)
        let extent = band.bounds.width
        #expect(abs(s.model.sweepDuration - extent * 1.4 / 100) < 1e-12)
        #expect(abs(s.model.shimmerPeriod - (s.model.sweepDuration + 0.5)) < 1e-12)
        let sweep = s.model.sweepDuration, period = s.model.shimmerPeriod
        // The middle moves linearly from -0.2 to 1.2 of the extent, then rests out of sight.
        for cycle in [0.0, 1, 7] {
            for f in [0.0, 0.25, 0.5, 0.9] {
                let t = cycle * period + f * sweep
                let b = try #require(s.model.shimmerBand(at: t))
                #expect(abs(b.middle - (-0.2 + 1.4 * f)) < 1e-9, "cycle \(cycle), \(f) of the sweep")
            }
            let resting = try #require(s.model.shimmerBand(at: cycle * period + sweep + 0.25))
            #expect(abs(resting.middle - 1.2) < 1e-9 && resting.opacity == 0)
        }
        // Fades: half-way into the begin fade, fully in mid-sweep, half-way out at the end.
        #expect(abs((s.model.shimmerBand(at: 0.05)?.opacity ?? -1) - 0.5) < 1e-9)
        #expect(s.model.shimmerBand(at: sweep / 2)?.opacity == 1)
        #expect(abs((s.model.shimmerBand(at: sweep - 0.1)?.opacity ?? -1) - 0.5) < 1e-9)
        // The timeline is the period, and a frame a period later is the same picture.
        guard case .periodic(_, let seconds, 0) = s.model.timeline(fps: 60) else { Issue.record("not periodic"); return }
        #expect(seconds == period)
        #expect(s.render(at: 0.3) == s.render(at: 0.3 + period))
    }

    @Test func theBandBrightensTheTitleWhereItIs() throws {
        let s = try Self.scene { $0.length = 0.3; $0.beginFade = 0; $0.endFade = 0; $0.color = Color(r: 255, g: 0, b: 0) }
        let frame = try #require(s.model.shimmerBand).bounds
        // With the middle at 0.25 and at 0.75 of the title, red ink shows in that quarter only.
        func redColumns(at middle: Double) -> [Int] {
            let t = (middle + 0.15) / 1.3 * s.model.sweepDuration
            let img = s.render(at: t)
            return (0 ..< 200).filter { i in (0 ..< 60).contains { j in let p = img.pixel(i, j); return Int(p.x) - Int(p.y) > 60 } }
        }
        let x0 = (s.model.root.sublayers.first?.position.x ?? 0)
        for middle in [0.25, 0.75] {
            let cols = redColumns(at: middle)
            #expect(!cols.isEmpty)
            let centre = Double(cols.reduce(0, +)) / Double(max(cols.count, 1))
            let want = x0 + middle * frame.width
            #expect(abs(centre - want) < frame.width * 0.1, "middle \(middle): red around \(centre), band at \(want)")
        }
        // During the pause only the title at the base opacity shows: no red anywhere.
        let pause = s.render(at: s.model.sweepDuration + 0.2)
        #expect(!(0 ..< 200).contains { i in (0 ..< 60).contains { j in let p = pause.pixel(i, j); return Int(p.x) - Int(p.y) > 10 } })
    }

    @Test(arguments: ShimmerDirection.allCases)
    func directionsSweepTheirWay(direction: ShimmerDirection) throws {
        let s = try Self.scene { $0.direction = direction }
        let band = try #require(s.model.shimmerBand)
        let axis = (band.endPoint.x - band.startPoint.x, band.endPoint.y - band.startPoint.y)
        switch direction {
        case .right: #expect(axis == (1, 0))
        case .left: #expect(axis == (-1, 0))
        case .down: #expect(axis == (0, 1))
        case .up: #expect(axis == (0, -1))
        }
        let extent = direction == .left || direction == .right ? band.bounds.width : band.bounds.height
        #expect(abs(s.model.sweepDuration - extent * 2 / 230) < 1e-12)
    }

    @Test func opacitiesAndWholeFrames() throws {
        let s = try Self.scene(fps: 30) { $0.baseOpacity = 0.3; $0.highlightOpacity = 0.6 }
        #expect(s.model.title.opacity == 0.3)
        #expect(s.model.shimmerBand?.colors[1].a == 153 && s.model.shimmerBand?.colors[0].a == 0)
        let frames = s.model.shimmerPeriod * 30
        #expect(abs(frames - frames.rounded()) < 1e-9)
        // Frame n is the same picture however it is reached.
        let a = s.render(at: 17.0 / 60)          // the scene's clock ticks 60 times a second
        var pix = Pixmap(width: 200, height: 60)
        for n in 0 ... 17 { _ = s.renderChanges(frame: n, into: &pix) }
        #expect(maxDifference(a, pix) <= 1)
    }

    /// Damage-only frames over a whole period equal the reference renderer's frames, in every
    /// direction; while the band sweeps along x only its columns are drawn again (the gradient's
    /// stops are clear elsewhere), so most of those frames draw less than the band's box.
    @Test(arguments: ShimmerDirection.allCases)
    func sweepFramesDrawOnlyWhatTheBandChanges(direction: ShimmerDirection) throws {
        let s = try Self.scene(text: "Shimmering") { $0.direction = direction; $0.length = 0.25 }
        let band = try #require(s.model.shimmerBand)
        let box = Int(band.bounds.width * band.bounds.height)
        let renderer = FastLayerRenderer()
        var pix = Pixmap(width: s.width, height: s.height)
        let frames = Int((s.model.shimmerPeriod * 30).rounded(.up))
        var smaller = 0, sweeping = 0
        for n in 0 ..< frames {
            let t = Double(n) / 30
            _ = renderer.render(s.model.presentation(at: t), into: &pix, width: s.width, height: s.height)
            #expect(maxDifference(s.render(at: t), pix) <= 1, "frame \(n)")
            if n > 0, t < s.model.sweepDuration {
                sweeping += 1
                if renderer.damagedPixels < box / 2 { smaller += 1 }
            }
        }
        if direction == .left || direction == .right {
            #expect(sweeping > 10 && smaller * 2 > sweeping, "\(smaller) of \(sweeping) sweep frames drew under half the band's box")
        }
    }

    @Test func badKnobsNameTheirFlag() throws {
        let cases: [((inout Shimmer) -> Void, String)] = [
            ({ $0.speed = 0 }, "shimmer-speed"), ({ $0.pause = -1 }, "shimmer-pause"), ({ $0.length = 0 }, "highlight-length"),
            ({ $0.length = 1.5 }, "highlight-length"), ({ $0.baseOpacity = 2 }, "shimmer-opacity"),
            ({ $0.highlightOpacity = -0.1 }, "highlight-opacity"), ({ $0.beginFade = .nan }, "shimmer-begin-fade"),
            ({ $0.endFade = -2 }, "shimmer-end-fade"),
        ]
        for (edit, key) in cases {
            do { _ = try Self.scene(edit); Issue.record("\(key): accepted") } catch let e as SettingError { #expect(e.key == key) }
        }
    }
}

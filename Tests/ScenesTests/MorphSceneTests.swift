import SceneKit
import Testing
import Geometry
import Raster
import Animation
import Layers
import Text
@testable import Scenes
import Wave

/// The morphing label: one layer per glyph cluster at its shaped position, explicit animation
/// groups of opacity and transform with seeded durations in 0.35 ... 1.15 s and delays in 0 ... 0.2 s.
@Suite struct MorphSceneTests {
    static func scene(_ texts: [String] = ["Yes", "Too", "AVs"], size: (Int, Int) = (160, 80),
                      _ edit: (inout MorphParameters) -> Void = { _ in }) throws -> MorphScene {
        var p = MorphParameters()
        p.interval = 3
        p.texts = texts
        edit(&p)
        return try MorphScene(canvas: SceneCanvas(width: size.0, height: size.1), parameters: p, face: try boldFace())
    }

    @Test func clustersMoveLeaveAndEnterAsTheTextsSay() throws {
        let s = try Self.scene()
        // Change 1: "Yes" -> "Too"; change 2: "Too" -> "AVs"; change 0: "AVs" -> "Yes".
        let c1 = s.changes[1]
        #expect(c1.from == 0 && c1.to == 1)
        #expect(c1.glyphs.filter { $0.role == .leaving }.map(\.text) == ["Y", "e", "s"])
        #expect(c1.glyphs.filter { $0.role == .entering }.map(\.text) == ["T", "o", "o"])
        let c2 = s.changes[2]
        #expect(c2.glyphs.filter { $0.role == .moving }.map(\.text).isEmpty)
        let c0 = s.changes[0]
        #expect(c0.glyphs.filter { $0.role == .moving }.map(\.text) == ["s"])   // the s of "AVs" moves into "Yes"
        let moving = try #require(c0.glyphs.first { $0.role == .moving })
        #expect(moving.from != moving.to)
        for c in s.changes { #expect(c.root.sublayers.count == c.glyphs.count) }
    }

    @Test func aCharacterAtALinesEndMovesToTheSameCharacterElsewhere() throws {
        // A newline, or the spaces a wrapped line hangs, belong to no cluster: the "b" ending the
        // first line of "ab\ncd" is the same character as the "b" ending "cdab".
        let s = try Self.scene(["ab\ncd", "cdab"], size: (200, 160))
        let c1 = s.changes[1]
        #expect(c1.glyphs.map(\.text) == ["c", "d", "a", "b"])
        #expect(c1.glyphs.allSatisfy { $0.role == .moving })
        let wrapped = try Self.scene(["ab cd", "cd ab"], size: (200, 160)) { $0.paragraph.wrapWidth = 1 }
        #expect(wrapped.changes[1].glyphs.map(\.text) == ["c", "d", "a", "b"])
        #expect(wrapped.changes[1].glyphs.allSatisfy { $0.role == .moving })
    }

    @Test func durationsAndDelaysAreSeededAndInTheDocumentsRanges() throws {
        let a = try Self.scene(), b = try Self.scene(), other = try Self.scene { $0.seed = 99 }
        let all = a.changes.flatMap(\.glyphs)
        #expect(all.allSatisfy { (0.35 ... 1.15).contains($0.duration) && (0 ... 0.2).contains($0.delay) })
        #expect(Set(all.map(\.duration)).count == all.count)                   // drawn, not constant
        #expect(all.map(\.duration) == b.changes.flatMap(\.glyphs).map(\.duration))
        #expect(all.map(\.delay) == b.changes.flatMap(\.glyphs).map(\.delay))
        #expect(all.map(\.duration) != other.changes.flatMap(\.glyphs).map(\.duration))
    }

    /// Each glyph's presented opacity and transform at times within its animation, against the plan
    /// and the timing functions (linear opacity; ease-in leaving, ease-out entering, ease-in-out moving).
    @Test(arguments: MorphEffect.allCases)
    func eachGlyphsOpacityAndTransformAtT(effect: MorphEffect) throws {
        let s = try Self.scene { $0.effect = effect; $0.interval = 3 }
        for (k, change) in s.changes.enumerated() {
            // Change k plays from k x 3 s (change 0 from one whole cycle later, 9 s).
            let start = Double(k == 0 ? s.changes.count : k) * 3
            for (index, g) in change.glyphs.enumerated() {
                func presented(_ t: Double) throws -> Layer { s.presentation(at: start + t).sublayers[index] }
                let before = try presented(g.delay / 2), after = try presented(g.delay + g.duration + 0.01)
                #expect(before.opacity == g.fromOpacity && after.opacity == g.toOpacity, "\(g.text) \(g.role)")
                #expect(before.position == g.from && after.position == g.to)
                let mid = try presented(g.delay + g.duration / 2)
                // Pixelate hands over to the pixels half-way: the glyph is gone there, either way.
                let midOpacity = effect == .pixelate && g.role != .moving ? 0 : (g.fromOpacity + g.toOpacity) / 2
                #expect(abs(mid.opacity - midOpacity) < 1e-9, "\(g.text) \(g.role) opacity")
                let ease: TimingFunction = g.role == .leaving ? .easeIn : g.role == .entering ? (effect == .anvil ? .easeIn : .easeOut) : .easeInEaseOut
                let f = ease.apply(0.5)
                let want = TransformParts.interpolate(g.fromTransform, g.toTransform, f).transform
                let got = mid.transform
                #expect(abs(got.a - want.a) < 1e-9 && abs(got.b - want.b) < 1e-9 && abs(got.ty - want.ty) < 1e-9,
                        "\(g.text) \(g.role) transform \(got) vs \(want)")
                let wantPosition = g.from.lerp(g.to, f)
                #expect((mid.position - wantPosition).length < 1e-9)
            }
        }
    }

    @Test func effectsMoveLeavingGlyphsTheirOwnWay() throws {
        let fall = try Self.scene { $0.effect = .fall }, scale = try Self.scene { $0.effect = .scale }
        let vapour = try Self.scene { $0.effect = .evaporate }
        let em = fall.fontSize
        for g in fall.changes[1].glyphs where g.role == .leaving {
            #expect(g.toTransform.translation == Point(0, 0.6 * em))
            #expect((0.35 ... 0.8).contains(abs(g.toTransform.rotation)))       // turning as it falls
        }
        for g in scale.changes[1].glyphs where g.role == .leaving { #expect(g.toTransform.scale == Point(0.1, 0.1)) }
        for g in vapour.changes[1].glyphs where g.role == .leaving { #expect(g.toTransform.translation.y < 0) }
        for g in fall.changes[1].glyphs where g.role == .entering {
            #expect(g.fromTransform.translation.y < 0 && g.fromOpacity == 0 && g.toTransform == TransformParts())
        }
    }

    @Test func theNewEffectsMoveAsLTMorphingLabelsDo() throws {
        let em = try Self.scene().fontSize
        let anvil = try Self.scene { $0.effect = .anvil }, burn = try Self.scene { $0.effect = .burn }
        let sparkle = try Self.scene { $0.effect = .sparkle }, none = try Self.scene { $0.effect = MorphEffect.none }
        for g in anvil.changes[1].glyphs where g.role == .entering {
            // Dropped from above the canvas (its ink wholly above the top edge) into place.
            #expect(g.fromTransform.translation.y == -(g.ink.maxY + em) && g.toTransform == TransformParts())
        }
        for g in burn.changes[1].glyphs where g.role == .leaving {
            #expect(g.toTransform.scale == Point(1, 0.3) && g.toTransform.translation.y > 0)     // burning down to its foot
        }
        for g in sparkle.changes[1].glyphs where g.role == .entering { #expect(g.fromTransform.scale == Point(0.4, 0.4)) }
        for g in none.changes[1].glyphs { #expect(g.fromTransform == TransformParts() && g.toTransform == TransformParts()) }
        // Particles: sparkle over entering glyphs, burn from leaving ones, anvil where entering ones land.
        func emitters(_ s: MorphScene, _ k: Int) -> [EmitterLayer] { s.changes[k].root.sublayers.compactMap { $0 as? EmitterLayer } }
        let entering = sparkle.changes[1].glyphs.filter { $0.role == .entering }.count
        let leaving = burn.changes[1].glyphs.filter { $0.role == .leaving }.count
        #expect(emitters(sparkle, 1).count == entering && emitters(anvil, 1).count == entering && emitters(burn, 1).count == leaving)
        let fall = try Self.scene()
        #expect(emitters(none, 1).isEmpty && emitters(fall, 1).isEmpty)
        // Anvil dust starts when its glyph lands, at the glyph's foot.
        for (e, g) in zip(emitters(anvil, 1), anvil.changes[1].glyphs.filter { $0.role == .entering }) {
            #expect(abs(e.emitBegin - (g.delay + g.duration)) < 1e-12 && e.emitterRect.minY == g.ink.maxY)
        }
        // Flames rise (negative y speed) and sparkles fall.
        let flame = emitters(burn, 1)[0].particle(cell: 0, index: 3)
        #expect(flame.velocity.y < 0)
        #expect(emitters(sparkle, 1)[0].particle(cell: 0, index: 3).acceleration.y > 0)
    }

    @Test(arguments: [MorphEffect.pixelate, .sparkle, .burn, .anvil])
    func particleFramesArePureFunctionsOfTheFrameAndBothRenderersAgree(effect: MorphEffect) throws {
        let s = try Self.scene(size: (160, 60)) { $0.effect = effect; $0.interval = 2 }
        var seq = Pixmap(width: 160, height: 60)
        s.renderer = .fast
        for n in 120 ... 200 {
            _ = s.renderChanges(frame: n, into: &seq)
            guard n % 16 == 0 else { continue }
            let alone = s.render(at: Double(n) / 60)               // the exact reference renderer, from nothing
            #expect(maxDifference(seq, alone) <= 1, "\(effect) frame \(n)")
        }
        // The same seed gives the same particles; another seed others.
        let again = try Self.scene(size: (160, 60)) { $0.effect = effect; $0.interval = 2 }
        #expect(again.render(at: 2.4) == s.render(at: 2.4))
        if effect != .pixelate {
            let other = try Self.scene(size: (160, 60)) { $0.effect = effect; $0.interval = 2; $0.seed = 7 }
            #expect(other.render(at: 2.4) != s.render(at: 2.4))
        }
    }

    /// Pixelate's blocks are decided by the glyph's exact coverage: a curve is not flattened short
    /// of the 40 % line, and a stem covering exactly 0.4 of a block shows it wherever the grid lies.
    @Test func pixelateBlocksFollowTheExactCoverage() throws {
        func shown(_ p: Path, ink: Rect, block: Double) -> Int {
            guard let squares = MorphModel.pixels(of: p, ink: ink, block: block) else { return 0 }
            return Int((squares.flattened().signedArea.magnitude / (block * block)).rounded())
        }
        // One 10 px block: a band h px high under a quadratic arch k px higher, whose exact area is
        // 10 h + 10 k / 3 (the arch adds 2/3 of its control triangle), a coverage of h / 10 + k / 30.
        for (h, k, expected) in [(3 + 2e-4, 3.0, 1), (3 - 2e-4, 3.0, 0), (2.5 + 1e-3, 4.5, 1), (2.5 - 1e-3, 4.5, 0)] {
            for ox in [0.0, 0.3, 17.71] {
                var p = Path()
                p.move(to: Point(ox, 0)); p.line(to: Point(ox + 10, 0)); p.line(to: Point(ox + 10, h))
                p.quad(to: Point(ox, h), control: Point(ox + 5, h + k)); p.close()
                #expect(shown(p, ink: Rect(x: ox, y: 0, width: 10, height: 10), block: 10) == expected, "h \(h) k \(k) at \(ox)")
            }
        }
        // Stems covering exactly 0.4 of their blocks (and a hair less), on grids at odd offsets.
        for block in [2.0, 3.0, 5.0, 7.0] {
            for ox in [0.1, 1.0 / 3, 0.7, 41.37, 1000.01] {
                let ink = Rect(x: ox, y: 0.2, width: 3 * block, height: block)
                for (width, expected) in [(2.4 * block, 3), (2.4 * block - 0.002, 2)] {
                    #expect(shown(Path(rect: Rect(x: ox, y: 0.2, width: width, height: block)), ink: ink, block: block) == expected,
                            "block \(block) at \(ox), stem \(width)")
                }
            }
        }
    }

    /// The particles' Lottie stays within its budget: a 4 s sparkle loop at 400x310 is at most 1 MB.
    @Test func aSparkleLoopsLottieIsWithinItsBudget() throws {
        var p = MorphParameters()
        p.effect = .sparkle; p.texts = ["Marquee", "Stroke"]
        let s = try MorphScene(canvas: SceneCanvas(width: 400, height: 310), parameters: p, face: try boldFace())
        let json = try s.lottieDocument(start: 120, frames: 240, masks: .matte)
        #expect(json.utf8.count <= 1_000_000, "\(json.utf8.count) bytes")
        #expect(json.contains("particle"))                      // the particles are in it
    }

    @Test func durationAndDelayAreSettings() throws {
        let s = try Self.scene { $0.durationRange = MorphParameters.durations(around: 0.3); $0.delayRange = 0 ... 0.05; $0.interval = 1 }
        let all = s.changes.flatMap(\.glyphs)
        #expect(all.allSatisfy { (0.14 ... 0.46).contains($0.duration) && (0 ... 0.05).contains($0.delay) })
        #expect(MorphParameters.durations(around: 0.75) == 0.35 ... 1.15)
        #expect(throws: SettingError.self) { try Self.scene { $0.durationRange = MorphParameters.durations(around: 3) } }
    }

    @Test func aFrameIsAPureFunctionOfTime() throws {
        let s = try Self.scene()
        let t = 3.4
        let alone = s.render(at: t)
        _ = s.render(at: 7.9); _ = s.render(at: 0.2)
        #expect(s.render(at: t) == alone)
        #expect(s.render(at: t + 9) == alone)                                 // one cycle later
        // Before the first change the first text rests; at the end of the cycle's last change likewise.
        #expect(s.render(at: 0) == s.render(at: 2.99))
        #expect(s.render(at: 0) == s.render(at: 9 + 2.9))
        #expect(s.render(at: 0) != s.render(at: 3.5))
    }

    /// Kerned pairs keep their shaped positions and every glyph's ink lies inside its layer's bounds,
    /// so a layer clipped to its bounds (as a `CATextLayer` is) draws the glyph whole.
    @Test(arguments: ["AV", "To", "Yes"])
    func kernedPairsAreDrawnWhole(text: String) throws {
        let s = try Self.scene([text], size: (200, 100))
        let line = s.lines[0].line, origin = s.lines[0].origin
        let tree = s.changes[0].root
        let renderer = LayerRenderer()
        var naiveClips = false
        for (k, cluster) in line.clusters.enumerated() {
            let layer = try #require(tree.sublayers[k] as? ShapeLayer)
            let ink = try #require(line.inkBounds(of: cluster.glyphs, tx: origin.x, ty: origin.y))
            // The layer sits where the shaper put the glyph (kerning included) and its bounds hold the ink.
            #expect(layer.path == line.path(of: cluster.glyphs, tx: origin.x, ty: origin.y))
            #expect(layer.transformToSuperlayer == .identity)
            let b = layer.bounds
            #expect(b.minX < ink.minX && b.minY < ink.minY && b.maxX > ink.maxX && b.maxY > ink.maxY, "\(cluster.text)")
            // Clipped to its bounds it draws exactly what it draws unclipped.
            let alone = layer.presentation(at: 10)
            let free = renderer.renderPixmap(alone, width: 200, height: 100)
            alone.masksToBounds = true
            #expect(renderer.renderPixmap(alone, width: 200, height: 100) == free, "\(text): '\(cluster.text)' clipped")
            // Bounds made of the advance (what a per-character label would naively use) clip kerned ink.
            let g = line.glyphs[cluster.glyphs[0]]
            alone.bounds = Rect(x: origin.x + Double(g.x26) / 64, y: b.minY, width: Double(g.advance26) / 64, height: b.height)
            alone.position = alone.bounds.center
            if renderer.renderPixmap(alone, width: 200, height: 100) != free { naiveClips = true }
        }
        #expect(naiveClips, "\(text): the advance boxes would have clipped nothing, so this test shows nothing")
        #expect(line.glyphs[1].x26 < (try TextLine(runs: [(try TextShaper(text: String(text.prefix(1)), face: try boldFace()),
                                                            Int((s.fontSize * 64).rounded()))])).advance26)
    }

    /// A burning character emits 42 particles a second of its animation: a duration whose longest
    /// draw would make more than an emitter's budget is refused, naming --morph-duration, whatever the
    /// seed draws; one just under it still draws every particle.
    @Test func particleEffectsRefuseDurationsPastTheEmittersBudget() throws {
        func burn(_ mean: Double) throws -> MorphScene {
            try Self.scene(["ab", "cd"]) { $0.effect = .burn; $0.durationRange = MorphParameters.durations(around: mean); $0.interval = 100 }
        }
        // ceil(30 D) + ceil(12 D) with D = 1.15 / 0.75 m: 2000 at D = 47.6 s, m = 31.04 s.
        do {
            _ = try burn(31.2)
            Issue.record("a burn of up to 47.84 s per character was accepted")
        } catch let e as SettingError {
            #expect(e.key == "morph-duration", "\(e)")
        }
        let s = try burn(30.9)
        let emitters = s.changes[1].root.sublayers.compactMap { $0 as? EmitterLayer }
        #expect(emitters.count == 2 && emitters.allSatisfy { !$0.sublayers.isEmpty && $0.particleCount <= EmitterLayer.maxParticles })
        // The other effects have no particles, so no such limit.
        _ = try Self.scene(["ab", "cd"]) { $0.effect = .fall; $0.durationRange = MorphParameters.durations(around: 60); $0.interval = 100 }
    }

    @Test func badParametersNameTheirFlag() throws {
        let cases: [((inout MorphParameters) -> Void, String)] = [
            ({ $0.texts = [] }, "--texts"), ({ $0.texts = ["a", ""] }, "--texts"), ({ $0.texts = ["a", "\u{378}"] }, "--texts"),
            ({ $0.texts = ["a", "   "] }, "--texts"), ({ $0.interval = 1 }, "--interval"), ({ $0.interval = .nan }, "--interval"),
        ]
        for (edit, flag) in cases {
            do {
                _ = try Self.scene(["Yes", "Too"], edit)
                Issue.record("\(flag): accepted")
            } catch let e as SettingError {
                #expect("--" + e.key == flag, "\(e)")
            }
        }
    }
}

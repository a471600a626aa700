import Foundation
import Testing
import Geometry
import Raster
import Animation
import Layers
import Text
import SceneKit
import Scenes
import Wave
@testable import LayerVector
import Vector
import TestSupport
import Export

/// Lottie of the layer scenes (marquee, stroke, spread, morph) and of random animated layer trees,
/// played by real players (ThorVG and rlottie) and compared with our own frames.
@Suite("Lottie of layer trees")
struct SceneLottieTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// Each layer scene as exported by default, small enough to play quickly: name, scene, start frame
    /// and frame count of its loop (or whole animation).
    static func scenes() throws -> [(name: String, scene: any LottieScene, start: Int, frames: Int)] {
        let face = try FontFace(path: font)
        let canvas = SceneCanvas(width: 240, height: 120)
        var marquee = MarqueeParameters()
        marquee.runs = [.init(text: "Wave", color: Color(r: 0x46, g: 0xB7, b: 0x51)), .init(text: "Fill ", color: .black)]
        marquee.scrollDuration = 2
        var stroke = StrokeParameters()
        stroke.drawDuration = 1; stroke.fillDuration = 0.5
        var spread = SpreadParameters()
        spread.selectAt = 0.2; spread.deselectAt = 1.0
        var morph = MorphParameters()
        morph.texts = ["Wave", "Fill"]; morph.interval = 1.5
        var shimmer = SpreadParameters()
        shimmer.selectAt = nil; shimmer.deselectAt = nil; shimmer.wholeFramesAt = 60
        var sh = Shimmer(); sh.length = 0.5; sh.color = Color(r: 0xF2, g: 0x45, b: 0x57); shimmer.shimmer = sh
        var staggered = stroke
        staggered.glyphStagger = 0.2; staggered.penTip = 8; staggered.easing = "ease-out"; staggered.strokeColor = Color(r: 0x1C, g: 0x7E, b: 0xD6)
        var sparkle = morph, burn = morph, anvil = morph, pixelate = morph
        sparkle.effect = .sparkle; burn.effect = .burn; anvil.effect = .anvil; pixelate.effect = .pixelate
        var eased = marquee
        eased.scroll = .leftRight; eased.easing = "ease-in-out"; eased.delay = 0.25; eased.runs[1].text = "Fill, there and back "
        // Text laid out: two lines (Latin, then Chinese from a fallback font) and mixed directions.
        var lines = StrokeParameters()
        lines.text = "Wave\n加载中"; lines.drawDuration = 1; lines.fillDuration = 0.5
        var bidi = MarqueeParameters()
        bidi.runs = [.init(text: "abc \u{5E9}\u{5DC}\u{5D5}\u{5DD} ", color: .black), .init(text: "加载中 ", color: Color(r: 0x1C, g: 0x7E, b: 0xD6))]
        bidi.scrollDuration = 2
        let list: [(String, any LottieScene)] = [
            ("stroke-lines", try StrokeScene(canvas: SceneCanvas(width: 200, height: 160), parameters: lines, face: face)),
            ("marquee-bidi", try MarqueeScene(canvas: canvas, parameters: bidi, face: face)),
            ("marquee", try MarqueeScene(canvas: canvas, parameters: marquee, face: face)),
            ("stroke", try StrokeScene(canvas: canvas, parameters: stroke, face: face)),
            ("spread", try SpreadScene(canvas: canvas, parameters: spread, face: face)),
            ("morph", try MorphScene(canvas: canvas, parameters: morph, face: face)),
            ("spread-shimmer", try SpreadScene(canvas: canvas, parameters: shimmer, face: face)),
            ("marquee-left-right", try MarqueeScene(canvas: canvas, parameters: eased, face: face)),
            ("stroke-stagger-tip", try StrokeScene(canvas: canvas, parameters: staggered, face: face)),
            ("morph-sparkle", try MorphScene(canvas: canvas, parameters: sparkle, face: face)),
            ("morph-burn", try MorphScene(canvas: canvas, parameters: burn, face: face)),
            ("morph-anvil", try MorphScene(canvas: canvas, parameters: anvil, face: face)),
            ("morph-pixelate", try MorphScene(canvas: canvas, parameters: pixelate, face: face)),
        ]
        return list.map { name, scene in
            switch scene.timeline {
            case .periodic(let n?, _, let start): return (name, scene, start, n)
            case .once(let n): return (name, scene, 0, n)
            default: return (name, scene, 0, 1)
            }
        }
    }

    /// Five points of the loop, and the frames across its seam.
    static func samplePoints(_ frames: Int) -> [Int] {
        Array(Set([0, frames / 4, frames / 2, 3 * frames / 4, frames - 1])).sorted()
    }

    @Test(arguments: ["thorvg", "rlottie"])
    func everySceneThePlayersShowAsWeRenderIt(_ player: String) throws {
        for s in try Self.scenes() {
            let json = try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)
            let points = Self.samplePoints(s.frames)
            let (info, images) = try OutsideRenderers.play(json, player: player, frames: points)
            // rlottie counts the out point as a frame.
            #expect(Int(info.frames.rounded()) == s.frames + (player == "rlottie" ? 1 : 0), "\(s.name): \(info.frames) frames")
            for (k, image) in zip(points, images) {
                let ours = s.scene.render(frame: s.start + k)
                let db = ImageMetrics.psnr(image, ours)
                #expect(db >= 35, "\(s.name) frame \(k) in \(player): \(db) dB")
            }
        }
    }

    /// Every scene as a dotLottie zip plays in ThorVG, rlottie and lottie-web's canvas renderer, from
    /// the manifest's animation.
    @Test func everySceneAsDotLottiePlays() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for s in try Self.scenes() {
            let file = dir + "/\(s.name).lottie"
            try DotLottie.write(animationJSON: try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte),
                                id: s.name, loop: true, to: file)
            let k = s.frames / 2
            let ours = s.scene.render(frame: s.start + k)
            for player in ["thorvg", "rlottie"] {
                let (info, images) = try OutsideRenderers.play(file: file, player: player, frames: [k])
                #expect(info.container == "dotLottie")
                #expect(ImageMetrics.psnr(images[0], ours) >= 35, "\(s.name) in \(player)")
            }
            let web = try OutsideRenderers.browser(file: file, player: .lottieWebCanvas, at: [Double(k)])
            #expect(ImageMetrics.psnr(web.images[0], ours) >= 35, "\(s.name) in lottie-web")
        }
    }

    /// lottie-web 5.12, both renderers, in Chromium: every scene at five points of its loop.
    @Test(arguments: [BrowserPlayer.lottieWebSVG, .lottieWebCanvas])
    func everySceneLottieWebShowsAsWeRenderIt(_ player: BrowserPlayer) throws {
        for s in try Self.scenes() {
            let json = try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)
            let points = Self.samplePoints(s.frames)
            let (_, images) = try OutsideRenderers.browser(lottie: json, player: player, frames: points.map(Double.init))
            for (k, image) in zip(points, images) {
                let db = ImageMetrics.psnr(image, s.scene.render(frame: s.start + k))
                #expect(db >= 35, "\(s.name) frame \(k) in \(player.rawValue): \(db) dB")
            }
        }
    }

    /// The mask form is for players without track mattes: lottie-web's canvas renderer draws the
    /// spread (its text mask as layer masks) and the wave (glyph contours) as we do.
    @Test func maskFormPlaysInLottieWebCanvas() throws {
        let spread = try #require(try Self.scenes().first { $0.name == "spread" })
        let json = try spread.scene.lottieDocument(start: spread.start, frames: spread.frames, masks: .mask)
        let points = Self.samplePoints(spread.frames)
        let (_, images) = try OutsideRenderers.browser(lottie: json, player: .lottieWebCanvas, frames: points.map(Double.init))
        for (k, image) in zip(points, images) {
            let db = ImageMetrics.psnr(image, spread.scene.render(frame: k))
            #expect(db >= 35, "spread frame \(k): \(db) dB")
        }
        let wave = try vectorScene { $0.text = "do" }
        let waveJSON = try WaveVector.lottie(scene: wave, masks: .mask)
        let (_, waveImages) = try OutsideRenderers.browser(lottie: waveJSON, player: .lottieWebCanvas, frames: [0, 225, 450, 899])
        for (k, image) in zip([0, 225, 450, 899], waveImages) {
            let db = ImageMetrics.psnr(image, render(wave, frame: k))
            #expect(db >= 35, "wave frame \(k): \(db) dB")
        }
    }

    /// ThorVG and lottie-web draw between whole frames: halfway frames (across the loop's seam too)
    /// show the scene at that time.
    @Test func halfFramesAcrossTheSeamAreSmooth() throws {
        for s in try Self.scenes() where s.name != "spread" {
            let json = try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)
            let times = [0.5, Double(s.frames) - 1.5, Double(s.frames) - 0.5]
            let thorvg = try OutsideRenderers.play(json, player: "thorvg", fractionalFrames: times)
            let web = try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: times).images
            for (player, images) in [("thorvg", thorvg), ("lottie-web-svg", web)] {
                for (t, image) in zip(times, images) {
                    guard let layered = s.scene as? any LayerTreeScene else { Issue.record("\(s.name) is not a layer tree scene"); continue }
                    let ours = layered.render(at: (Double(s.start) + t) / s.scene.fps)
                    let db = ImageMetrics.psnr(image, ours)
                    #expect(db >= 35, "\(s.name) frame \(t) in \(player): \(db) dB")
                }
            }
        }
    }

    @Test func keyframesRunThroughTheLastFrame() throws {
        for s in try Self.scenes() {
            let json = try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)
            let doc = try parseJSON(json)
            #expect(doc["op"] as? Int == s.frames)
            var last: [Double] = []
            func walk(_ v: Any) {
                if let o = v as? [String: Any] {
                    if o["a"] as? Int == 1, let keys = o["k"] as? [[String: Any]], let t = keys.last?["t"] as? Double { last.append(t) }
                    o.values.forEach(walk)
                } else if let a = v as? [Any] { a.forEach(walk) }
            }
            walk(doc)
            #expect(!last.isEmpty, "\(s.name) has no animated property")
            // A property still moving at the end has its last keyframe on frame n (the motion's
            // continuation); one that comes to rest earlier ends with the keyframe where it stops.
            #expect(last.allSatisfy { $0 <= Double(s.frames) }, "\(s.name): last keyframes at \(Set(last).sorted())")
        }
    }

    /// Every document follows the Lottie 1.0 JSON schema (PyPI lottie-specs, through
    /// tools/players/validate.py): each layer scene, the wave with mattes and with masks, and a
    /// random tree with masks, mattes and precompositions.
    @Test func documentsFollowTheLottieSchema() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [String] = []
        func add(_ name: String, _ json: String) throws {
            try json.write(toFile: dir + "/\(name).json", atomically: true, encoding: .utf8)
            files.append(dir + "/\(name).json")
        }
        for s in try Self.scenes() { try add(s.name, try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)) }
        // The wave at its defaults (layer masks for the container), small, and in the mask form.
        try add("wave-default", try WaveVector.lottie(scene: try WaveScene(parameters: WaveParameters())))
        let wave = try vectorScene()
        try add("wave-small", try WaveVector.lottie(scene: wave))
        try add("wave-mask", try WaveVector.lottie(scene: wave, masks: .mask))
        let root = Self.randomTree(seed: 3, width: 120, height: 90)
        try add("random", try LayerLottie.document(name: "random", width: 120, height: 90, fps: 30, frames: 20,
                                                   time: { $0 / 30 }, tree: { root.presentation(at: $0) }))
        let out = try OutsideRenderers.run(OutsideRenderers.root + "/tools/players/.venv/bin/python",
                                           [OutsideRenderers.root + "/tools/players/validate.py"] + files)
        #expect(out.split(separator: "\n").filter { $0.hasSuffix(": valid") }.count == files.count, "\(out)")
    }

    /// Layers carry the scenes' names, and every fixed colour of a named layer is a slot that all its
    /// uses share: the marquee's caption and its copies are recoloured in one place.
    @Test func layersAreNamedAndColoursAreSlots() throws {
        let marquee = try #require(try Self.scenes().first { $0.name == "marquee" })
        let doc = try parseJSON(try marquee.scene.lottieDocument(start: 0, frames: marquee.frames, masks: .matte))
        let slots = try #require(doc["slots"] as? [String: Any])
        // The canvas's colour is the background setting's slot; runs with colours of their own keep their names.
        #expect(Set(slots.keys) == ["background", "caption run 1", "caption run 2"], "\(slots.keys)")
        var uses: [String: Int] = [:], names: Set<String> = [], refs: [String: Int] = [:]
        func walk(_ v: Any) {
            if let o = v as? [String: Any] {
                if let id = o["sid"] as? String { uses[id, default: 0] += 1 }
                if o["ty"] as? Int == 0, let id = o["refId"] as? String { refs[id, default: 0] += 1 }
                if o["ty"] as? Int != nil, let n = o["nm"] as? String { names.insert(n) }
                o.values.forEach(walk)
            } else if let a = v as? [Any] { a.forEach(walk) }
        }
        walk(doc)
        // Each run's outline is written once, in its colour, and each of the three copies shows it.
        #expect(uses["caption run 1"] == 1 && uses["caption run 2"] == 1, "\(uses)")
        let assets = try #require(doc["assets"] as? [[String: Any]])
        let outlines = assets.compactMap { $0["id"] as? String }.filter { $0.hasPrefix("outline") }
        #expect(outlines.count == 2 && outlines.allSatisfy { refs[$0] == 3 }, "\(outlines) \(refs)")
        #expect(names.isSuperset(of: ["fade", "view", "canvas", "caption"]), "\(names)")
    }

    // MARK: - Random trees

    /// Random animated layer trees: shapes with curves under both rules, strokes (joins, caps,
    /// trimmed), gradients with moving stops, backgrounds, masks, group opacity, masksToBounds,
    /// rotation, scale, shear and mirror images, layers hidden part of the time.
    static func randomTree(seed: UInt64, width: Int, height: Int) -> Layer {
        var rng = SeededRandom(seed: seed)
        func d(_ r: ClosedRange<Double>) -> Double { rng.double(r) }
        func color() -> Color {
            Color(r: UInt8(rng.int(0 ... 255)), g: UInt8(rng.int(0 ... 255)), b: UInt8(rng.int(0 ... 255)),
                  a: rng.int(0 ... 2) == 0 ? UInt8(rng.int(60 ... 255)) : 255)
        }
        func path() -> Path {
            var p = Path()
            let cx = d(20 ... 80), cy = d(20 ... 80)
            p.move(to: Point(cx - d(10 ... 30), cy))
            p.cubic(to: Point(cx, cy - d(10 ... 30)), control1: Point(cx - 20, cy - 30), control2: Point(cx - 5, cy - 25))
            p.line(to: Point(cx + d(10 ... 30), cy + d(-5 ... 5)))
            p.quad(to: Point(cx, cy + d(10 ... 30)), control: Point(cx + 25, cy + 25))
            p.close()
            if rng.int(0 ... 1) == 0 {
                p.move(to: Point(cx - 8, cy - 8)); p.line(to: Point(cx + 8, cy - 8)); p.line(to: Point(cx + 8, cy + 8)); p.line(to: Point(cx - 8, cy + 8)); p.close()
            }
            return p
        }
        func animate(_ l: Layer) {
            let timing = MediaTiming(duration: d(0.5 ... 1.5), repeatCount: .infinity, autoreverses: rng.int(0 ... 1) == 0)
            switch rng.int(0 ... 3) {
            case 0:
                l.add(AnyAnimation(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: l.position,
                                                                to: l.position + Point(d(-40 ... 40), d(-30 ... 30)), timing: timing,
                                                                timingFunction: .easeInEaseOut)), forKey: "move")
            case 1:
                l.add(AnyAnimation(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 1, to: d(0 ... 0.6), timing: timing)), forKey: "fade")
            case 2:
                let to = TransformParts(rotation: d(-1.5 ... 1.5), scale: Point(d(0.6 ... 1.3), d(0.6 ... 1.3)))
                l.add(AnyAnimation(BasicAnimation<Layer, TransformParts>(keyPath: \Layer.transformParts, from: l.transformParts,
                                                                         to: to, timing: timing, timingFunction: .easeIn)), forKey: "turn")
            default: break
            }
        }
        func node(_ depth: Int) -> Layer {
            let l: Layer
            switch rng.int(0 ... 3) {
            case 0, 1:
                let s = ShapeLayer()
                s.path = path()
                s.fillColor = rng.int(0 ... 4) == 0 ? nil : color()
                s.fillRule = rng.int(0 ... 1) == 0 ? .nonZero : .evenOdd
                if rng.int(0 ... 1) == 0 {
                    s.strokeColor = color(); s.lineWidth = d(1 ... 6)
                    s.lineJoin = LineJoin.allCases[rng.int(0 ... 2)]; s.lineCap = LineCap.allCases[rng.int(0 ... 2)]
                    if rng.int(0 ... 1) == 0 {
                        s.add(BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.strokeEnd, from: 0, to: 1,
                                                                 timing: MediaTiming(duration: d(0.5 ... 1.5), repeatCount: .infinity)), forKey: "draw")
                    }
                }
                l = s
            case 2:
                let g = GradientLayer()
                g.colors = [color(), color(), color()]
                g.locations = [0, d(0.2 ... 0.8), 1]
                g.startPoint = Point(d(0 ... 1), d(0 ... 1)); g.endPoint = Point(d(0 ... 1), d(0 ... 1))
                g.add(BasicAnimation<GradientLayer, [Double]?>(keyPath: \GradientLayer.locations, from: [0, 0.1, 0.2], to: [0.5, 0.8, 1],
                                                               timing: MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true)), forKey: "stops")
                l = g
            default:
                l = Layer()
            }
            l.bounds = Rect(x: 0, y: 0, width: d(40 ... 100), height: d(40 ... 100))
            l.position = Point(d(0 ... Double(width)), d(0 ... Double(height)))
            if rng.int(0 ... 2) == 0 { l.backgroundColor = color() }
            switch rng.int(0 ... 4) {
            case 0: l.transform = .rotation(d(-3 ... 3))
            case 1: l.transform = Transform(a: d(0.5 ... 1.5), b: d(-0.4 ... 0.4), c: d(-0.6 ... 0.6), d: d(0.5 ... 1.5), tx: 0, ty: 0)
            case 2: l.transform = .scale(-1, d(0.7 ... 1.2))
            default: break
            }
            if rng.int(0 ... 3) == 0 { l.opacity = d(0.3 ... 0.9) }
            if rng.int(0 ... 5) == 0 { l.masksToBounds = true }
            animate(l)
            if depth < 2 {
                for _ in 0 ..< rng.int(0 ... 3) { l.addSublayer(node(depth + 1)) }
                if rng.int(0 ... 3) == 0 {
                    let m = ShapeLayer()
                    m.path = path(); m.bounds = l.bounds; m.position = Point(l.bounds.width / 2, l.bounds.height / 2)
                    m.fillColor = Color(r: 0, g: 0, b: 0, a: UInt8(rng.int(120 ... 255)))
                    l.mask = m
                }
            }
            return l
        }
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        root.anchorPoint = .zero
        root.backgroundColor = .white
        for _ in 0 ..< 4 { root.addSublayer(node(0)) }
        return root
    }

    @Test(arguments: 0 ..< 12)
    func randomTreesPlayAsWeDrawThem(_ seed: Int) throws {
        let (w, h, fps, frames) = (160, 120, 30.0, 30)
        let root = Self.randomTree(seed: UInt64(seed) &* 7919 &+ 17, width: w, height: h)
        let json = try LayerLottie.document(name: "random \(seed)", width: w, height: h, fps: fps, frames: frames,
                                            time: { $0 / fps }, tree: { root.presentation(at: $0) })
        let renderer = LayerRenderer()
        let points = [0, 7, 15, 29]
        let web = try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: points.map(Double.init)).images
        for player in ["thorvg", "rlottie", "lottie-web-svg"] {
            let images = player == "lottie-web-svg" ? web : try OutsideRenderers.play(json, player: player, frames: points).images
            for (k, image) in zip(points, images) {
                let ours = renderer.renderPixmap(root.presentation(at: Double(k) / fps), width: w, height: h)
                let db = ImageMetrics.psnr(image, ours)
                // rlottie draws inside an alpha matte at 251/255 and its edges a little differently.
                #expect(db >= (player == "rlottie" ? 30 : 35), "seed \(seed) frame \(k) in \(player): \(db) dB")
            }
        }
    }

    // MARK: - Keyframes and numbers

    @Test func transformPartsComposeBackToTheMatrix() {
        var rng = SeededRandom(seed: 5)
        for _ in 0 ..< 500 {
            let m = Transform(a: rng.double(-2 ... 2), b: rng.double(-2 ... 2), c: rng.double(-2 ... 2), d: rng.double(-2 ... 2),
                              tx: rng.double(-50 ... 50), ty: rng.double(-50 ... 50))
            for sheared in [true, false] where sheared || !LottieProperty.isSheared(m) {
                let p = LottieProperty.parts(m, sheared: sheared)
                let rad = Double.pi / 180
                let back = Transform.rotation(p[5] * rad).concatenating(.scale(p[3] / 100, p[4] / 100))
                    .concatenating(.rotation(p[2] * rad)).concatenating(.translation(p[0], p[1]))
                for (x, y) in [(back.a, m.a), (back.b, m.b), (back.c, m.c), (back.d, m.d), (back.tx, m.tx), (back.ty, m.ty)] {
                    #expect(abs(x - y) < 1e-9, "\(m) sheared \(sheared): \(back)")
                }
            }
        }
    }

    @Test func colourComponentsSurviveEveryWayPlayersReadThem() {
        for v in 0 ... 255 {
            let text = DecimalText.format(LottieColor.component(UInt8(v)), decimals: 6)
            guard let x = Double(text), let f = Float(text) else { Issue.record("\(text)"); continue }
            #expect(Int((x * 255).rounded(.down)) == v, "\(v) -> \(text) truncates to \(x * 255)")
            #expect(Int((x * 255).rounded()) == v, "\(v) -> \(text)")
            #expect(Int((f * 255).rounded(.down)) == v, "\(v) -> \(text) in Float32")
            #expect(x >= 0 && x <= 1)
        }
    }

    @Test func sampledTracksGiveBackEverySampleAndHoldAtJumps() {
        // A ramp that wraps at frame 6, then a curve; the last sample is the wrap's continuation.
        let values: [Double] = [0, 1, 2, 3, 4, 5, 0, 1, 4, 9, 16]
        let before: [Double] = [0, 1, 2, 3, 4, 5, 6, 1, 4, 9, 16]
        let track = SampledTrack(samples: values.map { [$0] }, before: before.map { [$0] }, tolerance: 0.01)
        for k in 0 ..< values.count - 1 { #expect(track.value(at: Double(k)) == [values[k]], "frame \(k)") }
        #expect(track.value(at: 10) == [16])
        #expect(abs(track.value(at: 5.5)[0] - 5.5) < 1e-3)     // runs on to the jump
        #expect(track.value(at: 5.9995) == [6] || track.value(at: 5.9995)[0] > 5.99)
        #expect(track.keys.contains { $0.hold && abs($0.time - (6 - SampledTrack.jumpWidth)) < 1e-12 })
        #expect(!track.keys.contains { $0.time == 3 }, "the straight run keeps only its ends")
        let constant = SampledTrack(samples: [[2], [2], [2]], before: [[2], [2], [2]], tolerance: 0.01)
        #expect(constant.isConstant)
    }
}

/// A scene whose picture at any time comes from a layer tree.
protocol LayerTreeScene {
    func render(at time: Double) -> Pixmap
}

extension LayeredScene: LayerTreeScene {}

/// What a player draws at fractional frames (ThorVG only: rlottie draws whole frames).
extension OutsideRenderers {
    static func play(_ json: String, player: String, fractionalFrames frames: [Double]) throws -> [Pixmap] {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try json.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let python = root + "/tools/players/.venv/bin/python"
        let list = frames.map { DecimalText.format($0, decimals: 4) }
        _ = try run(python, [root + "/tools/players/render.py", dir + "/doc.json", "--player", player,
                             "--frames", list.joined(separator: ","), "--out-dir", dir])
        return try frames.map { f in
            let name = f == f.rounded() ? String(Int(f)) : String(f)
            return try PNGFile.read(dir + "/\(player)-\(name).png")
        }
    }
}

import Vector
import SceneKit
import Testing
import Foundation
import Geometry
import Raster
@testable import Wave
import TestSupport
import Text
import Export

/// A scene on the tests' small canvas (120x93, the original's 40x31 pt view at 3x).
func vectorScene(_ edit: (inout WaveParameters) -> Void = { _ in }) throws -> WaveScene {
    var p = WaveParameters()
    p.width = 120; p.height = 93
    edit(&p)
    return try WaveScene(parameters: p)
}

/// Parses a document and returns its top-level object.
func parseJSON(_ text: String) throws -> [String: Any] {
    let any = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(any as? [String: Any])
}

/// The keyframes (time, hold) of an animated property object, or nil when it is static.
func keyframeTimes(_ property: Any?) throws -> [(t: Int, hold: Bool)]? {
    let p = try #require(property as? [String: Any])
    guard (p["a"] as? Int) == 1 else { return nil }
    let keys = try #require(p["k"] as? [[String: Any]])
    return try keys.map { (try #require($0["t"] as? Int), ($0["h"] as? Int) == 1) }
}

@Suite struct LottieTests {
    /// Every item of type `ty` anywhere in a document (layers, assets, shape groups).
    static func items(_ ty: String, in value: Any) -> [[String: Any]] {
        var out: [[String: Any]] = []
        if let o = value as? [String: Any] {
            if o["ty"] as? String == ty { out.append(o) }
            for v in o.values { out += items(ty, in: v) }
        } else if let a = value as? [Any] {
            for v in a { out += items(ty, in: v) }
        }
        return out
    }

    /// The shape groups named `name` anywhere in a document.
    static func groups(_ name: String, in doc: Any) -> [[String: Any]] {
        items("gr", in: doc).filter { $0["nm"] as? String == name }
    }

    @Test func documentHeaderColoursAndSlotsAreWhatPlayersExpect() throws {
        let scene = try vectorScene()
        let doc = try parseJSON(try WaveVector.lottie(scene: scene))
        #expect(doc["v"] as? String == "5.7.4")
        #expect(doc["fr"] as? Int == 60)
        #expect(doc["ip"] as? Int == 0)
        #expect(doc["op"] as? Int == 900)                  // lcm(45-frame phase period, 300-frame rise)
        #expect(doc["w"] as? Int == 120 && doc["h"] as? Int == 93)
        let fills = Self.items("fl", in: doc)
        func slot(_ f: [String: Any]) -> String? { (f["c"] as? [String: Any])?["sid"] as? String }
        let container = try #require(fills.first { slot($0) == "container" })
        let opacity = try #require((container["o"] as? [String: Any])?["k"] as? Double)
        #expect(abs(opacity - 0xB3 / 255.0 * 100) < 1e-4)
        #expect(container["r"] as? Int == 1)
        let back = try #require(fills.first { slot($0) == "back-wave" })
        let rgb = try #require((back["c"] as? [String: Any])?["k"] as? [Double])
        #expect(rgb.count == 4 && abs(rgb[0] - 0x46 / 255.0) < 1e-4 && abs(rgb[1] - 0xB7 / 255.0) < 1e-4)
        // Every 8-bit value survives players that truncate (lottie-web's SVG renderer) as well as round.
        #expect(rgb.prefix(3).map { Int(($0 * 255).rounded(.down)) } == [0x46, 0xB7, 0x51])
        #expect(fills.contains { slot($0) == "front-wave" })
        let slots = try #require(doc["slots"] as? [String: Any])
        #expect(Set(slots.keys) == ["front-wave", "back-wave", "container"])
        // Each wave is cut by the container's outlines as layer masks ("d" and "u": a copy of each
        // wave per glyph), not through a matte.
        let layers = try #require(doc["layers"] as? [[String: Any]])
        #expect(layers.allSatisfy { $0["td"] == nil && $0["tt"] == nil })
        #expect(layers.filter { $0["hasMask"] as? Bool == true }.count == 4)
    }

    @Test func transparentBackgroundHasNoBackground() throws {
        let doc = try parseJSON(try WaveVector.lottie(scene: try vectorScene { $0.background = .clear }))
        #expect(Self.groups("background", in: doc).isEmpty)
        #expect(Self.groups("background", in: try parseJSON(try WaveVector.lottie(scene: try vectorScene()))).count == 1)
    }

    /// The wave's group transform: position keyframes on the runs of the rise and of the phase
    /// translation (a few wraps by whole periods), the path itself static.
    @Test func wavesAreStaticPathsMovedByAFewPositionKeyframes() throws {
        let scene = try vectorScene()
        let doc = try parseJSON(try WaveVector.lottie(scene: scene))
        let fills = Self.groups("fill", in: doc).filter { g in
            Self.items("fl", in: g).contains { (($0["c"] as? [String: Any])?["sid"] as? String)?.hasSuffix("-wave") == true }
        }
        #expect(fills.count == 2)
        for g in fills {
            let it = try #require(g["it"] as? [[String: Any]])
            let path = try #require(it.first { $0["ty"] as? String == "sh" })
            #expect((path["ks"] as? [String: Any])?["a"] as? Int == 0)
            let vertices = try #require(((path["ks"] as? [String: Any])?["k"] as? [String: Any])?["v"] as? [Any])
            #expect(vertices.count < 120, "\(vertices.count) vertices")
            let p = try #require(it.last?["p"] as? [String: Any])
            let keys = try #require(p["k"] as? [[String: Any]]).map { (t: $0["t"] as? Double ?? -1, hold: ($0["h"] as? Int) == 1) }
            // The rise's two wraps hold, and so do the phase's wraps; the last key is the loop's end.
            #expect(keys.last?.t == 900)
            #expect(keys.count <= 40, "\(keys.count) position keys")
            #expect(keys.contains { $0.t == 300 })
        }
    }

    /// Players that draw between whole frames (lottie-web, ThorVG) see the step from the loop's last
    /// frame to its end move like every other step: no stall at the seam, for the phase, a wrapping
    /// rise, a long document whose phase translation wraps, and time-based stepping.
    @Test(arguments: [(nil, nil), (nil, 20000), ("time", 200)] as [(String?, Int?)])
    func theSeamStepsLikeEveryOtherFrame(_ mode: String?, _ frames: Int?) throws {
        let scene = try vectorScene { if mode == "time" { $0.phaseSpeed = 200; $0.riseDuration = 2.5 } }
        let n = frames ?? scene.defaultVectorFrames()
        let m = try WaveVectorMotion(scene: scene, frames: n, fps: scene.parameters.fps)
        let front = try #require(m.waves.last)
        func at(_ f: Int) -> Point { m.position(front, frame: Double(f)) }
        for (name, value) in [("phase", { (p: Point) in p.x }), ("rise", { (p: Point) in p.y })] {
            let last = value(at(n)) - value(at(n - 1)), before = value(at(n - 1)) - value(at(n - 2))
            let period = 2 * Double.pi / front.k
            let d = last - before
            #expect(abs(d - (d / period).rounded() * period) < 1e-6, "\(name): the seam steps \(last), the frame before \(before)")
        }
    }

    /// The mask form: no mattes; each wave's group is shown once per glyph outline, each copy with
    /// that outline added and its counter subtracted as layer masks, in the canvas's coordinates (one
    /// add and subtractions from it, which ThorVG, chaining masks, draws as rlottie and lottie-web do).
    /// The default form writes the container so too, where it is exact.
    @Test func maskFormPutsTheGlyphContoursOnEachWave() throws {
        let scene = try vectorScene { $0.text = "do" }
        for form in LottieMaskForm.allCases {
            let doc = try parseJSON(try WaveVector.lottie(scene: scene, masks: form))
            let layers = try #require(doc["layers"] as? [[String: Any]])
            #expect(layers.allSatisfy { $0["td"] == nil && $0["tt"] == nil })
            let masked = layers.filter { $0["hasMask"] as? Bool == true }
            #expect(masked.count == 4, "\(form)")
            for wave in masked {
                let masks = try #require(wave["masksProperties"] as? [[String: Any]])
                // "d" or "o": its outline, then its counter.
                #expect(masks.map { $0["mode"] as? String } == ["a", "s"])
            }
            // Both copies of a wave show the same precomposition.
            #expect(Set(masked.compactMap { $0["refId"] as? String }).count == 2)
        }
    }

    /// Outlines that cross, or an outline inside a counter, do not split into pieces: the default
    /// form keeps the matte there, the mask form adds every outline and then subtracts every counter.
    @Test func outlinesThatDoNotSplitKeepTheMatte() throws {
        func square(_ x: Double, _ y: Double, _ s: Double, clockwise: Bool) -> LottieBezier {
            var b = LottieBezier()
            let pts = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
            for p in clockwise ? pts : pts.reversed() { b.append(p) }
            return b
        }
        let ring = [square(0, 0, 10, clockwise: true), square(3, 3, 4, clockwise: false)]
        let apart = ring + [square(20, 0, 10, clockwise: true)]
        let pieces = try #require(LottieBezier.maskPieces(apart))
        #expect(pieces.map { $0.map(\.index) } == [[0, 1], [2]])
        #expect(pieces.map { $0.map(\.mode) } == [["a", "s"], ["a"]])
        #expect(LottieBezier.maskPieces(ring + [square(5, 0, 10, clockwise: true)]) == nil)      // outlines cross
        #expect(LottieBezier.maskPieces(ring + [square(4, 4, 2, clockwise: true)]) == nil)       // an island in the counter
        #expect(LottieBezier.maskPieces([square(0, 0, 10, clockwise: true), square(12, 3, 4, clockwise: false)]) == nil) // a counter outside
    }

    @Test func fixedProgressHasAStaticRiseAndLoopsOnePhasePeriod() throws {
        let scene = try vectorScene { $0.progress = 0.4 }
        #expect(scene.defaultVectorFrames() == 45)
        let m = try WaveVectorMotion(scene: scene, frames: 45, fps: 60)
        for f in 0 ... 45 { for w in m.waves { #expect(abs(m.position(w, frame: Double(f)).y - scene.top(progress: 0.4)) < 1e-9) } }
    }

    static let exactnessCases: [(String, @Sendable (inout WaveParameters) -> Void, Int?, Double?)] = [
        ("default loop", { _ in }, nil, nil),
        ("negative phase step", { $0.phaseStep = -7 }, nil, nil),
        ("fractional step", { $0.phaseStep = 2.5; $0.riseFrames = 90 }, nil, nil),
        ("time-based", { $0.phaseSpeed = 200; $0.riseDuration = 2.5 }, 200, 30),
        ("time-based at the scene's fps", { $0.riseDuration = 1.7; $0.fps = 50 }, 300, nil),
        ("fixed progress", { $0.progress = 0.65 }, nil, nil),
        ("wrapping phase (long document)", { _ in }, 20000, nil),
        ("large amplitude", { $0.amplitude = 900; $0.frequency = 0.8 }, 200, nil),
        ("flat: frequency 0", { $0.frequency = 0 }, 120, nil),
        ("flat: amplitude 0", { $0.amplitude = 0 }, 120, nil),
        ("one frame", { _ in }, 1, nil),
        ("transitions up and down", { $0.progressAt = "0:0.8,40:0.2,70:0.6"; $0.transition = 0.6 }, nil, nil),
        ("area mapping", { $0.fillMapping = .area }, nil, nil),
        ("reduced motion", { $0.reducedMotion = true; $0.riseFrames = 100 }, nil, nil),
    ]

    /// At every whole frame, the wave a player draws (the static path translated and lifted by its
    /// layer's position) is SCENE.md's wave of that frame, and the path covers the canvas.
    @Test(arguments: 0 ..< exactnessCases.count)
    func everyFrameShowsTheExactPhaseAndProgress(_ c: Int) throws {
        let (name, edit, frames, fps) = Self.exactnessCases[c]
        let scene = try vectorScene(edit)
        let rate = fps ?? scene.parameters.fps
        let n = frames ?? scene.defaultVectorFrames(fps: rate)
        let m = try WaveVectorMotion(scene: scene, frames: n, fps: rate)
        let a = scene.amplitude, k = 2 * Double.pi * scene.frequency / scene.waveWidth
        let inkMinX = scene.layout.inkBox.minX, w = Double(scene.parameters.width)
        var worst = 0.0, uncovered = 0
        for f in 0 ..< n {
            let t = Double(f) / rate
            let phi = scene.phaseDegrees(index: f, timestamp: t) * .pi / 180
            let top = scene.top(progress: scene.progress(index: f, timestamp: t))
            for (wave, offset) in [(m.waves[1], 0.0), (m.waves[0], Double.pi / 2)] {
                let at = m.position(wave, frame: Double(f))
                if let curve = wave.curve {
                    let end = curve.start + Double(curve.segments) * curve.segmentLength
                    if curve.start + at.x > 0 || end + at.x < w { uncovered += 1 }
                }
                for x in stride(from: 0.0, through: w, by: 7.25) {
                    let want = top + a * sin(k * (x - inkMinX) + phi + offset) + a
                    let got = wave.curve.map { at.y + $0.y(x - at.x) } ?? at.y
                    worst = max(worst, abs(got - want))
                }
            }
        }
        print("Vector motion, \(name): \(n) frames, worst surface error \(worst) px")
        #expect(worst < 1e-6, "\(name)")
        #expect(uncovered == 0, "\(name)")
    }

    @Test func longDocumentsWrapThePhaseByWholePeriodsWithinTheBudget() throws {
        let scene = try vectorScene()
        let m = try WaveVectorMotion(scene: scene, frames: 20000, fps: 60)
        let front = try #require(m.waves.last)
        let curve = try #require(front.curve)
        #expect(curve.segments <= WaveVectorMotion.maxWrapFreeSegments + 2)
        let period = 2 * Double.pi / curve.k, step = -8.0 * .pi / 180 / curve.k
        var wraps = 0
        for f in 1 ... 20000 {
            // A jump is a whole number of periods plus one frame's step, so nothing visible moves.
            let d = (m.position(front, frame: Double(f)).x - m.position(front, frame: Double(f - 1)).x - step) / period
            #expect(abs(d - d.rounded()) < 1e-6)
            if d.rounded() != 0 { wraps += 1 }
        }
        #expect(wraps > 0)
    }

    /// The wave path's cubic segments stay within `WaveVectorMotion.tolerance` (0.01 px) of the sine
    /// at every point, measured on the path as written, and close beyond the canvas in every frame.
    @Test(arguments: [(120, 93, nil as Double?), (120, 93, 900), (400, 310, 2500), (64, 64, 0.5), (400, 310, nil)])
    func wavePathStaysWithinTheToleranceOfTheSine(_ w: Int, _ h: Int, _ amplitude: Double?) throws {
        let scene = try vectorScene { $0.width = w; $0.height = h; $0.amplitude = amplitude }
        let m = try WaveVectorMotion(scene: scene, frames: 90, fps: 60)
        for wave in m.waves {
            let curve = try #require(wave.curve)
            let path = m.path(wave, closedAt: m.bottom)
            var worst = 0.0, last = Point.zero, cubics = 0
            for e in path.elements {
                switch e {
                case .move(let p): last = p
                case .line(let p): last = p
                case .cubic(let p1, let p2, let p3):
                    cubics += 1
                    let p0 = last
                    for i in 0 ... 64 {
                        let t = Double(i) / 64, u = 1 - t
                        let x = p0.x * u * u * u + 3 * p1.x * u * u * t + 3 * p2.x * u * t * t + p3.x * t * t * t
                        let y = p0.y * u * u * u + 3 * p1.y * u * u * t + 3 * p2.y * u * t * t + p3.y * t * t * t
                        worst = max(worst, abs(y - curve.y(x)))
                    }
                    last = p3
                default: break
                }
            }
            print("wave path, \(w)x\(h), A = \(scene.amplitude): \(cubics) cubics, \(curve.segments / max(1, Int((Double(curve.segments) * curve.segmentLength * curve.k / (2 * .pi)).rounded(.down)))) per period, worst \(worst) px")
            #expect(worst <= WaveVectorMotion.tolerance, "A = \(scene.amplitude): \(worst) px")
            #expect(cubics == curve.segments)
            // The path closes below the canvas in every frame.
            for f in 0 ... 90 { #expect(m.bottom + m.position(wave, frame: Double(f)).y >= Double(h) + 10) }
        }
    }

    @Test func glyphContoursAreTheOutlinesExactly() throws {
        let scene = try vectorScene { $0.width = 240; $0.height = 186 }
        var rebuilt = Path()
        for c in LottieBezier.contours(of: scene.layout.path) {
            rebuilt.move(to: c.vertices[0])
            for j in 0 ..< c.vertices.count {
                let a = c.vertices[j], b = c.vertices[(j + 1) % c.vertices.count]
                rebuilt.cubic(to: b, control1: a + c.outTangents[j], control2: b + c.inTangents[(j + 1) % c.vertices.count])
            }
            rebuilt.close()
        }
        let cov = Rasterizer().coverage(of: rebuilt, width: 240, height: 186)
        var worst: Float = 0
        for i in cov.values.indices { worst = max(worst, abs(cov.values[i] - scene.layout.coverage.values[i])) }
        #expect(worst < 1e-3, "glyph coverage differs by \(worst)")
        #expect(scene.layout.coverage.totalArea > 1000)
    }

    @Test func refusesWhatItCannotExport() throws {
        let scene = try vectorScene()
        #expect(throws: SettingError.self) { try WaveVector.lottie(scene: scene, frames: 0) }
        #expect(throws: SettingError.self) { try WaveVector.lottie(scene: scene, frames: WaveScene.maxVectorFrames + 1) }
        #expect(throws: SettingError.self) { try WaveVector.lottie(scene: scene, fps: 0) }
        func flag(_ body: () throws -> String) -> String? {
            do { _ = try body(); return nil } catch { return (error as? SettingError).map { "--" + $0.key } }
        }
        // A period of 0.03 px would need hundreds of thousands of segments.
        let fine = try vectorScene { $0.width = 2000; $0.frequency = 1000; $0.waveWidth = 30 }
        #expect(flag { try WaveVector.lottie(scene: fine) } == "--frequency")
        let mask = MaskImage(width: 2, height: 2, alpha: [255, 255, 255, 0])
        var p = WaveParameters(); p.width = 40; p.height = 31
        let masked = try WaveScene(parameters: p, maskImage: mask)
        #expect(flag { try WaveVector.lottie(scene: masked, masks: .mask) } == "--lottie-masks")
        #expect(flag { try WaveVector.svg(scene: masked, frame: 0) } == nil)     // the image goes in the SVG's mask
    }

    @Test func numbersAreWrittenWithoutExponentsOrNegativeZero() {
        #expect(DecimalText.format(0, decimals: 4) == "0")
        #expect(DecimalText.format(-0.00001, decimals: 4) == "0")
        #expect(DecimalText.format(1e-5, decimals: 6) == "0.00001")
        #expect(DecimalText.format(-21309.62963, decimals: 4) == "-21309.6296")
        #expect(DecimalText.format(0.015625, decimals: 6) == "0.015625")
        #expect(DecimalText.format(2.5, decimals: 0) == "3")
        #expect(DecimalText.format(-1.23456, decimals: 2) == "-1.23")
        #expect(DecimalText.format(100, decimals: 4) == "100")
        #expect(DecimalText.format(1e20, decimals: 4) == "100000000000000000000")
        #expect(DecimalText.format(-1.5e19, decimals: 4) == "-15000000000000000000")
        #expect(throws: VectorExportError.self) { try JSONValue.array([.number(.nan)]).serialized(decimals: 4) }
        #expect((try? JSONValue.object([("a\"\n", .string("\u{1}"))]).serialized(decimals: 4)) == "{\"a\\\"\\n\":\"\\u0001\"}")
    }

    /// The label gauge writes each glyph's outline once per label colour (a precomposition), and
    /// every text shows it through a layer per glyph use that moves and hides: 101 texts in
    /// about 150 KB (was 1.3 MB with every text's outlines).
    @Test func labelGlyphsAreWrittenOnce() throws {
        var p = WaveParameters()
        p.label = "{p}%"; p.borderWidth = 4; p.borderGap = 3
        let scene = try ContainerSource.outline(try ContainerOutline(shape: .circle)).scene(p)
        let json = try WaveVector.lottie(scene: scene)
        #expect(json.utf8.count <= 150 * 1024, "\(json.utf8.count) bytes")
        let doc = try parseJSON(json)
        var paths: [String: Int] = [:], glyphLayers = 0
        func walk(_ v: Any) throws {
            if let o = v as? [String: Any] {
                if o["ty"] as? String == "sh", let k = o["ks"] {
                    let key = String(decoding: try JSONSerialization.data(withJSONObject: k, options: [.sortedKeys]), as: UTF8.self)
                    paths[key, default: 0] += 1
                }
                if o["ty"] as? Int == 0, (o["nm"] as? String)?.hasPrefix("label inside glyph") == true { glyphLayers += 1 }
                for v in o.values { try walk(v) }
            } else if let a = v as? [Any] { for v in a { try walk(v) } }
        }
        try walk(doc)
        // Digits and the percent sign, each in the inside and the outside colour.
        #expect(paths.values.allSatisfy { $0 <= 2 }, "\(paths.values.sorted())")
        #expect(paths.count < 40, "\(paths.count) distinct paths")
        // One layer per glyph and its n-th use in a text ("55%" and "100%" use a digit twice): ten
        // digits twice and the percent sign, not one per text.
        #expect(glyphLayers == 21, "\(glyphLayers) glyph layers")
    }
}

/// The Lottie document played by real players (rlottie and ThorVG from PyPI) against our renderer.
@Suite(.serialized) struct LottiePlayerTests {
    static let players = ["rlottie", "thorvg"]

    /// Plays `frames` of the scene's document with `player` and returns the PSNR of each against
    /// our own frame.
    static func psnrs(_ scene: WaveScene, frames docFrames: Int?, fps: Double? = nil, masks: LottieMaskForm = .matte,
                      at frames: [Int], player: String) throws -> [Double] {
        let json = try WaveVector.lottie(scene: scene, frames: docFrames, fps: fps, masks: masks)
        let (info, images) = try OutsideRenderers.play(json, player: player, frames: frames)
        #expect(info.width == scene.parameters.width && info.height == scene.parameters.height)
        #expect(abs(info.fps - (fps ?? scene.parameters.fps)) < 1e-3)
        var out: [Double] = []
        for (f, image) in zip(frames, images) {
            let ours = render(scene, frame: f)
            out.append(ImageMetrics.psnr(image, ours))
        }
        return out
    }

    /// A mask-image container: the image embedded once as a PNG asset, used as the alpha matte of
    /// each wave and of the container colour.
    @Test(arguments: players)
    func maskImageContainersPlayAsWeRenderThem(_ player: String) throws {
        let scene = try heartMaskScene()
        let doc = try parseJSON(try WaveVector.lottie(scene: scene))
        let assets = try #require(doc["assets"] as? [[String: Any]])
        let images = assets.filter { ($0["p"] as? String)?.hasPrefix("data:image/png;base64,") == true }
        #expect(images.count == 2)     // the container in its colour, and the black mask of the waves
        for db in try Self.psnrs(scene, frames: nil, at: [0, 225, 450, 675, 899], player: player) {
            #expect(db >= 35, "\(player): \(db) dB")
        }
    }

    /// The default loop at 0, 25, 50, 75 and 100 % (frames 0, 225, 450, 675 and 899, the last).
    @Test(arguments: players)
    func playersShowTheLoopAsWeRenderIt(_ player: String) throws {
        let scene = try vectorScene()
        let frames = [0, 225, 450, 675, 899]
        let values = try Self.psnrs(scene, frames: nil, at: frames, player: player)
        for (f, v) in zip(frames, values) {
            print("Lottie \(player) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 30, "\(player) frame \(f): PSNR \(v) dB")
        }
    }

    /// Time-based stepping, a transparent background and a document long enough for the phase to
    /// wrap (frames either side of the first wrap).
    @Test(arguments: players)
    func playersFollowTimeBasedTransparentAndWrappingDocuments(_ player: String) throws {
        let timed = try vectorScene { $0.phaseSpeed = 200; $0.riseDuration = 2.5; $0.fps = 30; $0.background = .clear }
        let long = try vectorScene { $0.container = Color(r: 0x20, g: 0x40, b: 0x60, a: 0x80) }
        let m = try WaveVectorMotion(scene: long, frames: 20000, fps: 60)
        let front = try #require(m.waves.last)
        let wrap = try #require((1 ... 20000).first { abs(m.position(front, frame: Double($0)).x - m.position(front, frame: Double($0 - 1)).x) > 100 }) - 1
        for (name, scene, count, fps, frames) in [
            ("time-based at 30 fps, transparent", timed, 150, 30.0, [0, 37, 74, 149]),
            ("20000 frames", long, 20000, 60.0, [wrap, wrap + 1, 19999]),
        ] {
            let values = try Self.psnrs(scene, frames: count, fps: fps, at: frames, player: player)
            for (f, v) in zip(frames, values) {
                print("Lottie \(player) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 30, "\(player) \(name) frame \(f): PSNR \(v) dB")
            }
        }
    }

    /// A circle with a label and a ring, and a text with a moving label and a ring with no gap.
    static func labelAndBorderScenes() throws -> [(String, WaveIndicator, [Int])] {
        var p = WaveParameters()
        p.width = 160; p.height = 140; p.riseFrames = 120
        p.label = "{p}%"; p.labelSize = 30; p.labelColor = Color(r: 0x20, g: 0x60, b: 0xA0)
        p.borderWidth = 5; p.borderGap = 3; p.borderColor = Color(r: 0xC0, g: 0x40, b: 0x30, a: 0xC0)
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath))
        let circle = try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .circle)))
        var q = p
        q.label = "{p:.1}"; q.progressAt = "0:0.9,50:0.2"; q.borderGap = 0
        let text = try WaveIndicator(parameters: q, source: .text(try TextShaper(text: q.text, face: face)))
        return [("circle", circle, [0, 30, 61, 95, 359]), ("text", text, [0, 20, 49, 70, 110])]
    }

    /// The progress label (split at the front wave's surface through a matte and its inverse) and
    /// the border ring play as we render them, on a circle and on text.
    @Test(arguments: players)
    func labelAndBorderPlayAsWeRenderThem(_ player: String) throws {
        let scenes = try Self.labelAndBorderScenes()
        for (name, scene, frames) in scenes {
            let count = scene.model.defaultVectorFrames()
            let json = try scene.lottieDocument(start: 0, frames: count, masks: .matte)
            let doc = try parseJSON(json)
            // One layer per text shown, in each of the label's two fills.
            let names = LottieTests.items("gr", in: doc).compactMap { $0["nm"] as? String }
            #expect(names.contains("fill"))
            #expect(json.contains("\"label inside ") && json.contains("\"label outside "))
            let (info, images) = try OutsideRenderers.play(json, player: player, frames: frames)
            #expect(info.width == scene.parameters.width && info.height == scene.parameters.height)
            for (f, image) in zip(frames, images) {
                let db = ImageMetrics.psnr(image, scene.render(frame: f))
                print("Lottie \(player) label and border, \(name) frame \(f): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 30, "\(player) \(name) frame \(f): \(db) dB")
            }
        }
    }

    /// The label and border documents follow the Lottie 1.0 JSON schema.
    @Test func labelAndBorderDocumentsFollowTheLottieSchema() throws {
        let docs = try Self.labelAndBorderScenes().map { name, scene, _ in
            (name, try scene.lottieDocument(start: 0, frames: scene.model.defaultVectorFrames(), masks: .matte))
        }
        let (valid, out) = try OutsideRenderers.schemaValid(docs)
        #expect(valid == docs.count, "\(out)")
    }

    /// The still SVG draws the frame's label and the ring (rsvg-convert and Chromium), and the
    /// animated SVG the ring, as we render them.
    @Test func svgShowsTheLabelAndBorderAsWeRenderThem() throws {
        for (name, scene, frames) in try Self.labelAndBorderScenes() {
            for f in frames.prefix(3) {
                let svg = try scene.svgDocument(frame: f)
                let ours = scene.render(frame: f)
                let rsvg = ImageMetrics.psnr(try OutsideRenderers.rsvg(svg), ours)
                let (_, images) = try OutsideRenderers.browser(svg: svg, times: [0])
                let chromium = ImageMetrics.psnr(try #require(images.first), ours)
                print("SVG label and border, \(name) frame \(f): rsvg-convert \(String(format: "%.1f", rsvg)) dB, Chromium \(String(format: "%.1f", chromium)) dB")
                #expect(rsvg >= 35 && chromium >= 35, "\(name) frame \(f): \(rsvg), \(chromium) dB")
            }
        }
        var p = WaveParameters()
        p.width = 160; p.height = 140
        p.borderWidth = 4; p.borderGap = 2; p.borderColor = Color(r: 0x30, g: 0x30, b: 0x90, a: 0x99)
        let ringed = try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .heart)))
        let animated = try ringed.svgDocument(start: 0, frames: 900)
        let (_, images) = try OutsideRenderers.browser(svg: animated, times: [0, 2.5])
        for (t, image) in zip([0, 150], images) {
            let v = ImageMetrics.psnr(image, ringed.render(frame: t))
            print("animated SVG with a ring, Chromium frame \(t): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 30, "frame \(t): \(v) dB")
        }
        // The animation plays: at 2.5 s Chromium shows frame 150 (half full), not the first frame.
        if images.count == 2 {
            #expect(ImageMetrics.psnr(images[1], ringed.render(frame: 150)) > ImageMetrics.psnr(images[1], ringed.render(frame: 0)) + 3)
        }
    }

    /// A stack of four waves (own amplitude and frequency, one going right at twice the speed, one
    /// translucent), with and without the water gradient, and a flat stack.
    static func stackScenes() throws -> [(String, WaveScene)] {
        let p = WaveParameters()
        var waves = WaveSpec.stack(4, back: p.backWave, front: p.frontWave)
        for e in ["1:amplitude=14,frequency=0.6,color=#2A9D8F80", "3:direction=right,speed=2"] { try WaveSpec.apply(e, to: &waves) }
        let flat = [WaveSpec(color: Color(r: 0x30, g: 0x60, b: 0xC0, a: 0x90), amplitude: 6, frequency: 0), WaveSpec(color: p.frontWave, phase: 30)]
        return [
            ("stack", try vectorScene { $0.waves = waves }),
            ("stack with gradient", try vectorScene { $0.waves = waves; $0.waterGradient = Color(r: 0x1D, g: 0x35, b: 0x57) }),
            ("flat wave with gradient", try vectorScene { $0.waves = flat; $0.waterGradient = Color(r: 0x1D, g: 0x35, b: 0x57) }),
        ]
    }

    /// The mask form plays as we render it once the waves cover the counters of "d" and "o".
    @Test(arguments: players)
    func maskFormCutsCountersAsWeRenderThem(_ player: String) throws {
        let scene = try vectorScene { $0.text = "do" }
        let frames = [0, 225, 299, 400]
        let values = try Self.psnrs(scene, frames: nil, masks: .mask, at: frames, player: player)
        for (f, v) in zip(frames, values) {
            print("Lottie \(player) mask form frame \(f): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 35, "\(player) mask form frame \(f): PSNR \(v) dB")
        }
    }

    /// Stacks of waves and the water gradient play as we render them, and follow the schema.
    @Test(arguments: players)
    func waveStacksPlayAsWeRenderThem(_ player: String) throws {
        let scenes = try Self.stackScenes()
        for (name, scene) in scenes {
            let frames = [0, 75, 150, 299]
            let values = try Self.psnrs(scene, frames: nil, at: frames, player: player)
            for (f, v) in zip(frames, values) {
                print("Lottie \(player) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 35, "\(player) \(name) frame \(f): PSNR \(v) dB")
            }
        }
        if player == "thorvg" {
            let docs = try scenes.map { ($0.0.replacingOccurrences(of: " ", with: "-"), try WaveVector.lottie(scene: $0.1)) }
            let (valid, out) = try OutsideRenderers.schemaValid(docs)
            #expect(valid == docs.count, "\(out)")
        }
    }

    /// A still SVG draws every wave and the gradient (rsvg-convert and Chromium); the animated SVG
    /// plays a stack in Chromium and refuses the gradient in one line naming the flag.
    @Test func svgDrawsWaveStacksAsWeRenderThem() throws {
        let scenes = try Self.stackScenes()
        for (name, scene) in scenes {
            let svg = try WaveVector.svg(scene: scene, frame: 150)
            let ours = render(scene, frame: 150)
            let rsvg = ImageMetrics.psnr(try OutsideRenderers.rsvg(svg), ours)
            let (_, images) = try OutsideRenderers.browser(svg: svg, times: [0])
            let chromium = ImageMetrics.psnr(try #require(images.first), ours)
            print("SVG \(name) frame 150: rsvg-convert \(String(format: "%.1f", rsvg)) dB, Chromium \(String(format: "%.1f", chromium)) dB")
            #expect(rsvg >= 35 && chromium >= 35, "\(name): \(rsvg), \(chromium) dB")
        }
        let stack = scenes[0].1
        let (_, images) = try OutsideRenderers.browser(svg: try WaveVector.svg(scene: stack), times: [0, 1.25, 2.5])
        for (f, image) in zip([0, 75, 150], images) {
            let v = ImageMetrics.psnr(image, render(stack, frame: f))
            print("animated SVG stack in Chromium frame \(f): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 35, "frame \(f): \(v) dB")
        }
        // The water gradient animates too: the gradient stays on the canvas, the wave masks it.
        let gradient = scenes[1].1
        let (_, shown) = try OutsideRenderers.browser(svg: try WaveVector.svg(scene: gradient), times: [1.25])
        let v = ImageMetrics.psnr(try #require(shown.first), render(gradient, frame: 75))
        print("animated SVG stack with gradient in Chromium frame 75: PSNR \(String(format: "%.1f", v)) dB")
        #expect(v >= 35, "frame 75: \(v) dB")
    }

    /// Transitions down as well as up, area mapping and reduced motion play as we render them.
    @Test(arguments: players)
    func gaugeMotionsPlayAsWeRenderThem(_ player: String) throws {
        let moving = try vectorScene { $0.progressAt = "0:0.8,40:0.2"; $0.transition = 0.5; $0.fillMapping = .area }
        let reduced = try vectorScene { $0.reducedMotion = true; $0.riseFrames = 120 }
        for (name, scene, frames) in [("transitions, area", moving, [0, 20, 45, 60, 80]), ("reduced motion", reduced, [0, 100, 300, 479])] {
            let values = try Self.psnrs(scene, frames: nil, at: frames, player: player)
            for (f, v) in zip(frames, values) {
                print("Lottie \(player) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 30, "\(player) \(name) frame \(f): PSNR \(v) dB")
            }
        }
    }

    /// `wavefill export --out x.lottie` writes a dotLottie zip; Python's zipfile opens it and
    /// its animation plays like the .json.
    @Test(arguments: players)
    func dotLottieFromTheCommandLinePlays(_ player: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export", "--size", "120x93", "--out", "w.lottie"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("dotLottie"))
        let frames = [0, 450, 899]
        let (info, images) = try OutsideRenderers.play(file: dir + "/w.lottie", player: player, frames: frames)
        #expect(info.container == "dotLottie")
        #expect(info.width == 120 && info.height == 93)
        let scene = try vectorScene()
        for (f, image) in zip(frames, images) {
            let v = ImageMetrics.psnr(image, render(scene, frame: f))
            print("dotLottie \(player) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 30)
        }
        #expect(Executable.files(in: dir) == ["w.lottie"])
    }
}

/// A container of several lines (and a Chinese line drawn by a fallback font): its Lottie plays in
/// ThorVG, rlottie and lottie-web, and its SVG in rsvg-convert, as we render it.
@Suite struct MultiLineVectorTests {
    static func scene() throws -> WaveScene {
        var p = WaveParameters()
        p.width = 200; p.height = 180
        p.text = "Wave\n加载中"
        return try WaveScene(parameters: p)
    }

    @Test(arguments: LottiePlayerTests.players)
    func multiLineContainersPlayAsWeRenderThem(_ player: String) throws {
        for db in try LottiePlayerTests.psnrs(try Self.scene(), frames: nil, at: [0, 150, 450, 899], player: player) {
            #expect(db >= 35, "\(player): \(db) dB")
        }
    }

    @Test func multiLineContainersPlayInLottieWebAndRsvg() throws {
        let scene = try Self.scene()
        let json = try WaveVector.lottie(scene: scene)
        let (_, images) = try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: [150, 450])
        for (f, image) in zip([150, 450], images) {
            let db = ImageMetrics.psnr(image, render(scene, frame: f))
            #expect(db >= 35, "lottie-web frame \(f): \(db) dB")
        }
        for f in [0, 150, 450] {
            let db = ImageMetrics.psnr(try OutsideRenderers.rsvg(try WaveVector.svg(scene: scene, frame: f)), render(scene, frame: f))
            #expect(db >= 35, "rsvg frame \(f): \(db) dB")
        }
    }
}

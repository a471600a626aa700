import Vector
import SceneKit
import Geometry
import Raster
import Export

/// The scene's animation as a Lottie document (bodymovin JSON, as lottie-web, lottie-ios,
/// lottie-android, rlottie and ThorVG play it).
///
/// Layers, top first: for each wave (front, then back) an alpha track matte made of the glyph
/// outlines (`td`) above the wave layer that uses it (`tt: 1`), so the wave's coverage is multiplied
/// by the glyphs' as SCENE.md's `M * S` and `M * C`; then the glyphs filled with the container colour;
/// then the background as a solid layer (left out when fully transparent). A shape, path or SVG
/// container is written the same way, its outline in place of the glyphs; the fills of its mattes
/// and of the container take its fill rule (`r` 2 for even-odd).
///
/// A wave is one static path, the sine as cubic Hermite segments (within 0.004 px of it), wide enough
/// to cover the canvas under every translation it gets: its shape group's position moves it by
/// `-phi / k` (a phase shift is a horizontal translation), and its layer's position lifts it to
/// `top(p)`. Both are keyframed on the first and last frame of every run without a jump, so each
/// integer frame n shows SCENE.md's exact `phi(n)` and `p(n)`; at a rise's wrap the last keyframe
/// holds, so players that show fractional frames never sweep the wave through the jump.
///
/// SCENE.md's waves are polygons through 1 px samples of the sine; the document draws the sine
/// itself. They differ by at most `A k^2 / 8` px between samples (about 1.2e-4 px at the defaults on
/// 400x310).
public enum WaveLottie {
    /// Most frames a document may have.
    public static let maxFrames = 1_000_000
    /// The bodymovin schema version the document declares.
    public static let schemaVersion = "5.7.4"

    /// Frames to export when none are asked for: the scene's loop (`loopFrames`: after it the
    /// animation repeats exactly, so a looping player shows no seam). In time-based mode or with a
    /// fractional phase step there is no exact loop: one rise (or, with a fixed progress, one phase
    /// period) at `fps`, at least 1 frame.
    public static func defaultFrameCount(for scene: WaveScene, fps: Double? = nil) -> Int {
        if let loop = scene.loopFrames { return min(loop, maxFrames) }
        let p = scene.parameters
        let rate = fps ?? p.fps
        if let transitions = scene.transitions {
            // The transitions through the frame the level settles at, then one phase period.
            let speed = abs(p.isTimeBased ? p.effectivePhaseSpeed : p.phaseStep * p.fps)
            let tail = speed > 0 && scene.amplitude > 0 ? 360 / speed : 0
            let n = ((Double(transitions.endFrame) / p.fps + tail) * rate).rounded() + (tail > 0 ? 0 : 1)
            return n.isFinite ? Int(min(max(n, 1), Double(maxFrames))) : maxFrames
        }
        let seconds: Double
        if p.progress != nil {
            let speed = abs(p.isTimeBased ? p.effectivePhaseSpeed : p.phaseStep * rate)
            seconds = speed > 0 ? 360 / speed : 1 / rate
        } else {
            seconds = p.isTimeBased ? p.effectiveRiseDuration : Double(p.riseFrames) / rate
        }
        let n = (seconds * rate).rounded()
        return n.isFinite ? Int(min(max(n, 1), Double(maxFrames))) : 1
    }

    /// The Lottie JSON of frames 0 ..< `frames` (default `defaultFrameCount`) at `fps` frames per
    /// second (default the scene's `fps`): frame n is tick n at timestamp n / fps.
    ///
    /// Throws `SettingError` naming the flag for what cannot be exported (`--frames` out of
    /// 1...1000000, `--fps`, a mask-image container, a wave too fine for a path), `VectorExportError`
    /// if a number is not finite.
    public static func document(scene: WaveScene, frames: Int? = nil, fps: Double? = nil, masks: LottieMaskForm = .matte) throws -> String {
        let rate = fps ?? scene.parameters.fps
        let model = try WaveLottieModel(scene: scene, frames: frames ?? defaultFrameCount(for: scene, fps: rate), fps: rate)
        let overlays = try WaveLottieOverlays(scene: scene, frames: model.frames, fps: rate)
        return try json(model, masks: masks, overlays: overlays).serialized(decimals: 4)
    }

    // MARK: - JSON

    /// The colour slots a designer (or a player's slot API) recolours the indicator by.
    static let slotNames = (front: "front-wave", back: "back-wave", container: "container")

    /// The colour slot of wave `j` of `count`: the classic pair's `backWave` and `frontWave`, a
    /// stack's `wave1` (the back one) ... `waveN`.
    static func slotName(_ j: Int, of count: Int) -> String {
        count == 2 ? (j == 0 ? slotNames.back : slotNames.front) : "wave\(j + 1)"
    }

    /// A vertical linear gradient fill from `color` at canvas y `top` to `bottom`'s RGB (with
    /// `color`'s alpha) at canvas y `bottomY`, in coordinates `shift` below the canvas's (its points
    /// keyframed against the wave's motion, so the gradient stays on the canvas).
    static func gradientFill(_ color: Color, _ bottom: Color, top: Double, bottomY: Double, shift: KeyframeTrack) -> JSONValue {
        func unit(_ v: UInt8) -> Double { Double(v) / 255 }
        let stops: [Double] = [0, unit(color.r), unit(color.g), unit(color.b), 1, unit(bottom.r), unit(bottom.g), unit(bottom.b)]
        return .object([
            ("ty", .string("gf")), ("nm", .string("water gradient")),
            ("o", staticValue([percent(color.a)])), ("r", .integer(1)),
            ("s", property(shift) { [0, top - $0] }), ("e", property(shift) { [0, bottomY - $0] }),
            ("t", .integer(1)),
            ("g", .object([("p", .integer(2)), ("k", .object([("a", .integer(0)), ("k", .numbers(stops))]))])),
        ])
    }

    static func json(_ m: WaveLottieModel, masks: LottieMaskForm = .matte, overlays: WaveLottieOverlays? = nil) throws -> JSONValue {
        guard masks == .matte || overlays == nil else {
            throw SettingError("lottie-masks", "mask: the progress label and the border ring are drawn through track mattes; use --lottie-masks matte")
        }
        var layers: [JSONValue] = []
        var frontGroup: JSONValue?
        var index = 1
        func add(_ name: String, type: Int = 4, extra: [(String, JSONValue)]) {
            var l: [(String, JSONValue)] = [
                ("ddd", .integer(0)), ("ind", .integer(index)), ("ty", .integer(type)), ("nm", .string(name)),
                ("sr", .integer(1)), ("ks", transform(opacity: 100)),
                ("ao", .integer(0)), ("ip", .integer(0)), ("op", .integer(m.frames)), ("st", .integer(0)),
                ("bm", .integer(0)),
            ]
            l += extra
            layers.append(.object(l))
            index += 1
        }
        let glyphShapes = m.glyphs.map(\.json)
        var assets: [JSONValue] = []
        if let coverage = m.maskCoverage {
            guard masks == .matte else {
                throw SettingError("lottie-masks", "mask: a mask image has no contours to make layer masks of; use --lottie-masks matte")
            }
            assets.append(try imageAsset(coverage))
        }
        guard masks == .matte || m.rule == .nonZero else {
            throw SettingError("lottie-masks", "mask: layer masks add and subtract contours as the non-zero rule does; an even-odd container needs --lottie-masks matte")
        }
        /// The container as a matte above the next layer: the glyphs, or the mask image.
        func matte(_ name: String) {
            if m.maskCoverage != nil {
                add("\(name) matte (mask image)", type: 2, extra: [("td", .integer(1)), ("refId", .string(maskAssetID))])
            } else {
                add("\(name) matte (glyphs)", extra: [
                    ("td", .integer(1)),
                    ("shapes", .array([group("glyphs", glyphShapes, fill: fill(.black, rule: m.rule), position: staticGroupPosition)])),
                ])
            }
        }
        // Top first: the front wave, down to the back one.
        for (j, wave) in m.waves.enumerated().reversed() {
            let slot = slotName(j, of: m.waves.count)
            if masks == .matte { matte("\(wave.name) wave") }
            let phase: JSONValue = wave.motion == .horizontal
                ? property(wave.phase) { [$0, 0] }
                : property(wave.phase) { [0, $0] }
            // The rise moves a group, not the layer: mattes and masks stay in the canvas's coordinates.
            let paint: JSONValue
            if let bottom = wave.gradientBottom, let shift = wave.gradientShift {
                paint = gradientFill(wave.color, bottom, top: m.inkTop, bottomY: m.inkBottom, shift: shift)
            } else {
                paint = fill(wave.color, slot: slot)
            }
            let surface = group("phase", [wave.shape.json], fill: paint, position: phase)
            let rise = group("\(wave.name) wave", [surface], fill: nil, position: property(m.rise) { [0, $0] })
            if wave.name == m.front.name { frontGroup = rise }
            var extra: [(String, JSONValue)] = [("shapes", .array([rise]))]
            switch masks {
            case .matte: extra.insert(("tt", .integer(1)), at: 0)
            case .mask: extra.insert(contentsOf: [("hasMask", .bool(true)), ("masksProperties", glyphMasks(m.glyphs))], at: 0)
            }
            add("\(wave.name) wave", extra: extra)
        }
        if m.maskCoverage != nil {
            // The container colour over the canvas, through the mask image.
            matte("container")
            let canvas = LottieBezier.contours(of: Path(rect: Rect(x: 0, y: 0, width: Double(m.width), height: Double(m.height)))).map(\.json)
            add("container (mask image)", extra: [
                ("tt", .integer(1)),
                ("shapes", .array([group("canvas", canvas, fill: fill(m.container, slot: slotNames.container), position: staticGroupPosition)])),
            ])
        } else {
            add("container (glyphs)", extra: [
                ("shapes", .array([group("glyphs", glyphShapes, fill: fill(m.container, slot: slotNames.container, rule: m.rule), position: staticGroupPosition)])),
            ])
        }
        if m.background.a > 0 {
            // A solid layer: its colour is opaque, its alpha is the layer's opacity.
            layers.append(.object([
                ("ddd", .integer(0)), ("ind", .integer(index)), ("ty", .integer(1)), ("nm", .string("background")),
                ("sr", .integer(1)), ("ks", transform(opacity: percent(m.background.a))),
                ("ao", .integer(0)), ("sw", .integer(m.width)), ("sh", .integer(m.height)),
                ("sc", .string(hexRGB(m.background))),
                ("ip", .integer(0)), ("op", .integer(m.frames)), ("st", .integer(0)), ("bm", .integer(0)),
            ]))
        }
        if let overlays, let frontGroup {
            // Over everything: the label, then the ring.
            layers = overlays.layers(frontWave: frontGroup, width: m.width, height: m.height, frames: m.frames, firstIndex: index + 1) + layers
            assets += overlays.assets(width: m.width, height: m.height, frames: m.frames)
        }
        func slot(_ name: String, _ c: Color) -> (String, JSONValue) {
            (name, .object([("p", .object([("a", .integer(0)), ("k", LottieColor.json(LottieColor.rgb(c)))]))]))
        }
        // Every flat-coloured wave's colour, and the container's.
        let waveSlots = m.waves.enumerated().filter { $0.element.gradientBottom == nil }.map { slot(slotName($0.offset, of: m.waves.count), $0.element.color) }
        let slots: JSONValue = .object(waveSlots.reversed() + [slot(slotNames.container, m.container)])
        return .object([
            ("v", .string(schemaVersion)), ("meta", .object([("g", .string("WaveFill"))])),
            ("fr", .number(m.fps)), ("ip", .integer(0)), ("op", .integer(m.frames)),
            ("w", .integer(m.width)), ("h", .integer(m.height)), ("nm", .string("WaveFill")),
            ("ddd", .integer(0)), ("assets", .array(assets)), ("layers", .array(layers)), ("slots", slots),
        ])
    }

    /// The mask image's asset id.
    static let maskAssetID = "mask image"

    /// The mask image as PNG bytes: white, its alpha the container's coverage on the canvas, rounded
    /// to 8 bits (embedded in Lottie and SVG documents).
    static func maskPNG(_ coverage: Coverage) throws -> [UInt8] {
        var straight = [UInt8](repeating: 255, count: coverage.width * coverage.height * 4)
        for i in 0 ..< coverage.values.count {
            straight[4 * i + 3] = UInt8((min(max(coverage.values[i], 0), 1) * 255).rounded())
        }
        return try PNGFile.encode(Pixmap(width: coverage.width, height: coverage.height, straight: straight))
    }

    /// The mask image as an embedded PNG (white, its alpha the container's coverage on the canvas,
    /// rounded to 8 bits), for image layers used as alpha mattes.
    static func imageAsset(_ coverage: Coverage) throws -> JSONValue {
        let png = try maskPNG(coverage)
        return .object([
            ("id", .string(maskAssetID)), ("nm", .string("mask image")), ("w", .integer(coverage.width)), ("h", .integer(coverage.height)),
            ("u", .string("")), ("p", .string("data:image/png;base64," + Base64.encode(png))), ("e", .integer(1)),
        ])
    }

    /// Layer masks of the glyph contours: the contours turning the way most of the ink turns are
    /// added, then the others (counters) subtracted, which fills each glyph as the non-zero rule
    /// does where glyphs do not overlap (masks combine in order, so every counter comes last).
    static func glyphMasks(_ contours: [LottieBezier]) -> JSONValue {
        .array(LottieBezier.maskModes(contours).map { i, mode in
            .object([
                ("inv", .bool(false)), ("mode", .string(mode)), ("nm", .string("glyph contour \(i + 1)")),
                ("pt", .object([("a", .integer(0)), ("k", contours[i].shapeValue)])),
                ("o", staticValue([100])), ("x", staticValue([0])),
            ])
        })
    }

    static let staticGroupPosition: JSONValue = .object([("a", .integer(0)), ("k", .numbers([0, 0]))])

    static func staticValue(_ v: [Double]) -> JSONValue {
        .object([("a", .integer(0)), ("k", v.count == 1 ? .number(v[0]) : .numbers(v))])
    }

    /// A layer transform (`ks`) at the identity, with opacity (%).
    static func transform(opacity: Double) -> JSONValue {
        transform(opacity: staticValue([opacity]))
    }

    /// The identity transform with `opacity` (a property, static or keyframed).
    static func transform(opacity: JSONValue) -> JSONValue {
        .object([
            ("o", opacity), ("r", staticValue([0])), ("p", staticValue([0, 0, 0])),
            ("a", staticValue([0, 0, 0])), ("s", staticValue([100, 100, 100])),
        ])
    }

    /// A fill of `color` (alpha as the fill's opacity) under `rule` (`r` 1 non-zero, 2 even-odd), its
    /// colour in `slot` when named.
    static func fill(_ color: Color, slot: String? = nil, rule: FillRule = .nonZero) -> JSONValue {
        var c: [(String, JSONValue)] = [("a", .integer(0)), ("k", LottieColor.json(LottieColor.rgb(color)))]
        if let slot { c.append(("sid", .string(slot))) }
        return .object([
            ("ty", .string("fl")), ("nm", .string("fill")), ("c", .object(c)),
            ("o", staticValue([percent(color.a)])), ("r", .integer(rule == .evenOdd ? 2 : 1)),
        ])
    }

    /// A shape group: the items, a fill (if any), and the group transform at `position`.
    static func group(_ name: String, _ items: [JSONValue], fill: JSONValue?, position: JSONValue) -> JSONValue {
        let tr: JSONValue = .object([
            ("ty", .string("tr")), ("nm", .string("transform")), ("p", position),
            ("a", staticValue([0, 0])), ("s", staticValue([100, 100])), ("r", staticValue([0])),
            ("o", staticValue([100])), ("sk", staticValue([0])), ("sa", staticValue([0])),
        ])
        return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + (fill.map { [$0] } ?? []) + [tr]))])
    }

    /// A (spatial) property from a track: static when constant, else keyframes with linear easing
    /// and `h: 1` where the track holds.
    static func property(_ track: KeyframeTrack, _ vector: (Double) -> [Double]) -> JSONValue {
        if track.isConstant { return staticValue(vector(track.keys[0].value)) }
        let keys = track.keys
        var out: [JSONValue] = []
        for (i, key) in keys.enumerated() {
            var k: [(String, JSONValue)] = [("t", .integer(key.frame)), ("s", .numbers(vector(key.value)))]
            if i + 1 < keys.count {
                if key.hold {
                    k.append(("h", .integer(1)))
                } else {
                    // "e" for players of the pre-5.5 schema; newer ones read the next "s".
                    k.append(("e", .numbers(vector(keys[i + 1].value))))
                    k.append(("i", .object([("x", .number(1)), ("y", .number(1))])))
                    k.append(("o", .object([("x", .number(0)), ("y", .number(0))])))
                }
            }
            out.append(.object(k))
        }
        return .object([("a", .integer(1)), ("k", .array(out))])
    }

    static func percent(_ alpha: UInt8) -> Double { Double(alpha) / 255 * 100 }

    private static func hexRGB(_ c: Color) -> String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return v < 16 ? "0" + s : s }
        return "#" + h(c.r) + h(c.g) + h(c.b)
    }
}

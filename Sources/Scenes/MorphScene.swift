import SceneKit
import Animation
import Geometry
import Layers
import Raster
import Text

/// A per-character label that morphs from text to text: every glyph cluster of every text is its
/// own shape layer at its shaped position (kerning and ligatures as the whole text was shaped;
/// bounds = the cluster's exact ink box plus a pixel, so no ink lies outside them). Every `interval`
/// the label changes to the next text: clusters common to both move to their new places, leaving
/// ones fade out with the effect's motion, new ones fade in with its reverse, each with a seeded
/// random duration (0.35 ... 1.15 s) and delay (0 ... 0.2 s), as animation groups of opacity and
/// transform.
///
/// Change k (at k x interval) goes from text k-1 to text k (cyclically). Each change is its own
/// layer tree whose animations start at 0; `presentation(at: t)` presents change
/// `floor(t / interval)`'s tree at the time since it began, so any frame is a pure function of t.
/// Before the first change the first text rests (change 0's tree, finished).
public final class MorphModel: LayerSceneModel {
    /// The registry name.
    public static let kind = "morph"

    /// What happens to one cluster in a change.
    public enum Role: String, Sendable {
        /// In both texts: moves from its old place to its new one.
        case moving
        /// Only in the old text: leaves.
        case leaving
        /// Only in the new text: enters.
        case entering
    }

    /// One cluster's layer and animation in a change.
    public struct Glyph: Sendable {
        /// Its role.
        public var role: Role
        /// The cluster's text.
        public var text: String
        /// Seconds after the change its animation starts.
        public var delay: Double
        /// Seconds it lasts.
        public var duration: Double
        /// Where its layer's anchor (the ink box centre) sits before and after, canvas pixels.
        public var from: Point, to: Point
        /// The transform before and after (about the ink box centre).
        public var fromTransform: TransformParts, toTransform: TransformParts
        /// Opacity before and after.
        public var fromOpacity: Double, toOpacity: Double
        /// The glyph's ink box on the canvas where it rests (the new place, or the old one when leaving).
        public var ink: Rect
    }

    /// One change: its tree (one sublayer per glyph, in `glyphs` order, over the background) and plan.
    public struct Change: @unchecked Sendable {
        /// The text before.
        public var from: Int
        /// The text after.
        public var to: Int
        /// The model tree; its animations start at 0.
        public var root: Layer
        /// What each glyph layer does, in sublayer order.
        public var glyphs: [Glyph]
    }

    /// The canvas.
    public let canvas: SceneCanvas
    /// The knobs.
    public let parameters: MorphParameters
    /// Em size in pixels.
    public let fontSize: Double
    /// Each text shaped, with the canvas position of its line's origin (baseline start).
    public let lines: [(line: TextLine, origin: Point)]
    /// Change k goes from text k-1 to text k.
    public let changes: [Change]
    /// Each change's last presentation tree (see `presentation(at:reusing:)`).
    private var presented: [Layer?] = []

    /// Canvas width.
    public var width: Int { canvas.width }
    /// Canvas height.
    public var height: Int { canvas.height }

    /// Shapes every text in `face` at one size (the largest at which each fits 80 % of the canvas,
    /// unless sized), centres each text's ink horizontally on a common baseline that centres the
    /// union of their inks vertically, and plans every change.
    public init(canvas: SceneCanvas, parameters: MorphParameters, face: FontFace) throws {
        try canvas.validate()
        try parameters.validate()
        self.canvas = canvas
        self.parameters = parameters
        var shaped: [TextLine] = []
        let e64: Int
        do {
            let shapers = try parameters.texts.map { try TextShaper(text: $0, face: face, style: parameters.paragraph) }
            e64 = try canvas.fittingE64(shapers)
            for s in shapers { shaped.append(try TextLine(runs: [(s, e64)])) }
        } catch { throw SceneCanvas.flagError(error, textFlag: "texts") }
        fontSize = Double(e64) / 64
        var top = Double.infinity, bottom = -Double.infinity
        for (k, l) in shaped.enumerated() {
            guard let ink = l.inkBounds() else {
                throw SettingError("texts", "the text '\(parameters.texts[k])' draws nothing")
            }
            top = min(top, ink.minY); bottom = max(bottom, ink.maxY)
        }
        let baseline = Double(canvas.height) / 2 - (top + bottom) / 2
        lines = shaped.map { l in
            let ink = l.inkBounds() ?? Rect(x: 0, y: 0, width: 0, height: 0)
            return (l, Point(Double(canvas.width) / 2 - ink.center.x, baseline))
        }
        var changes: [Change] = []
        let n = parameters.texts.count
        for k in 0 ..< n {
            changes.append(try Self.plan(from: (k + n - 1) % n, to: k, index: k, lines: lines, canvas: canvas,
                                     parameters: parameters, em: fontSize))
        }
        self.changes = changes
    }

    /// The change in effect at `time` and the time since it began (for t < interval: change 0, over).
    public func change(at time: Double) -> (index: Int, elapsed: Double) {
        let i = parameters.interval
        let k = (time / i).rounded(.down)
        guard k >= 1, k.isFinite else { return (0, i) }
        let n = Double(changes.count)
        let index = Int(k.truncatingRemainder(dividingBy: n))
        return (index, time - k * i)
    }

    /// Periodic with the cycle of changes (texts x interval), from the first change on; still for
    /// one text.
    public func timeline(fps: Double) -> SceneTimeline {
        guard parameters.texts.count > 1 else { return .still }
        let seconds = Double(parameters.texts.count) * parameters.interval
        return .periodic(frames: SceneTimeline.wholeFrames(seconds, fps: fps), seconds: seconds,
                         start: SceneTimeline.framesThrough(parameters.interval, fps: fps) - 1)
    }

    /// The presentation tree at `time` seconds.
    public func presentation(at time: Double) -> Layer {
        let (k, elapsed) = change(at: time)
        return changes[k].root.presentation(at: elapsed)
    }

    /// The presentation tree at `time`. Each change's trees differ in shape, so each change keeps
    /// its own last tree and writes into it again (`previous`, the last frame's, is used only for a
    /// change not presented yet): a loop through the changes makes no trees once each was shown.
    public func presentation(at time: Double, reusing previous: Layer?) -> Layer {
        let (k, elapsed) = change(at: time)
        if presented.count != changes.count { presented = [Layer?](repeating: nil, count: changes.count) }
        let tree = changes[k].root.presentation(at: elapsed, reusing: presented[k] ?? previous)
        presented[k] = tree
        return tree
    }

    /// Plans change `index` from text `a` to text `b`: matches clusters, draws random timings.
    static func plan(from a: Int, to b: Int, index: Int, lines: [(line: TextLine, origin: Point)],
                     canvas: SceneCanvas, parameters: MorphParameters, em: Double) throws -> Change {
        struct Cluster { var text: String; var path: Path; var ink: Rect }
        func clusters(_ k: Int) -> [Cluster] {
            let (line, o) = lines[k]
            return line.clusters.compactMap { c in
                guard let ink = line.inkBounds(of: c.glyphs, tx: o.x, ty: o.y) else { return nil }
                return Cluster(text: c.text, path: line.path(of: c.glyphs, tx: o.x, ty: o.y), ink: ink)
            }
        }
        let old = clusters(a), new = clusters(b)
        // An emitter's particles grow with its character's duration: the longest one the durations
        // allow must stay within the emitter's budget, whatever the seed draws (refused before any is built).
        if let probe = try Self.particles(parameters.effect, role: parameters.effect == .burn ? .leaving : .entering,
                                          ink: Rect(x: 0, y: 0, width: 1, height: 1), em: em, color: parameters.color, begin: 0,
                                          duration: parameters.durationRange.upperBound, seed: 0, build: false),
           probe.particleCount > EmitterLayer.maxParticles {
            throw SettingError("morph-duration", "--effect \(parameters.effect) would emit up to \(probe.particleCount) particles for one character "
                               + "lasting \((parameters.durationRange.upperBound * 1000).rounded() / 1000) s; at most \(EmitterLayer.maxParticles): give a shorter duration")
        }
        // Each new cluster takes the first unused old cluster with the same text.
        var used = [Bool](repeating: false, count: old.count)
        var partner = [Int?](repeating: nil, count: new.count)
        for (j, c) in new.enumerated() {
            if let i = old.indices.first(where: { !used[$0] && old[$0].text == c.text }) { used[i] = true; partner[j] = i }
        }
        var rng = SceneRandom(seed: parameters.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let root = canvas.rootLayer()
        var glyphs: [Glyph] = []
        // Pixels and particles, drawn over the glyphs (after them, so sublayer k is glyph k).
        var extras: [Layer] = []
        func add(_ c: Cluster, role: Role, from: Point, to: Point) throws {
            let duration = rng.uniform(parameters.durationRange), delay = rng.uniform(parameters.delayRange)
            let turn = rng.uniform(0.35 ... 0.8) * (rng.next() & 1 == 0 ? 1 : -1)
            let rest = TransformParts()
            var fromT = rest, toT = rest, fromO = 1.0, toO = 1.0
            switch role {
            case .moving: break
            case .leaving:
                toO = 0
                switch parameters.effect {
                case .fall: toT = TransformParts(translation: Point(0, 0.6 * em), rotation: turn)
                case .scale: toT = TransformParts(scale: Point(0.1, 0.1))
                case .evaporate: toT = TransformParts(translation: Point(0, -0.5 * em))
                case .sparkle: toT = TransformParts(scale: Point(0.8, 0.8))
                case .burn: toT = TransformParts(translation: Point(0, 0.35 * c.ink.height), scale: Point(1, 0.3))
                case .pixelate, .anvil, .none: break
                }
            case .entering:
                fromO = 0
                switch parameters.effect {
                case .fall: fromT = TransformParts(translation: Point(0, -0.4 * em))
                case .scale: fromT = TransformParts(scale: Point(1.8, 1.8))
                case .evaporate: fromT = TransformParts(translation: Point(0, 0.5 * em))
                case .sparkle: fromT = TransformParts(scale: Point(0.4, 0.4))
                case .anvil: fromT = TransformParts(translation: Point(0, -(c.ink.maxY + em)))
                case .pixelate, .burn, .none: break
                }
            }
            let l = ShapeLayer()
            l.name = "\(role) '\(c.text)'"
            // The layer's space is the canvas's: bounds are the ink box (plus a pixel), so the path
            // needs no offset; the anchor is the ink box centre, which transforms turn about.
            l.bounds = Rect(x: c.ink.minX - 1, y: c.ink.minY - 1, width: c.ink.width + 2, height: c.ink.height + 2)
            l.anchorPoint = Point(0.5, 0.5)
            l.position = to
            l.path = c.path
            l.fillColor = parameters.color
            l.colourSlots = ["fill": "text-color"]
            l.opacity = toO
            l.transformParts = toT
            let timing = MediaTiming(beginTime: delay, duration: duration, fillMode: .both)
            let inner = MediaTiming(duration: duration)
            var ease: TimingFunction = role == .leaving ? .easeIn : role == .entering ? .easeOut : .easeInEaseOut
            if parameters.effect == .anvil && role == .entering { ease = .easeIn }      // falling: faster and faster
            let pixelated = parameters.effect == .pixelate && role != .moving
            // Pixelate: the glyph gives way to its pixels in the first half (leaving), or takes over
            // from them in the second (entering).
            let fade: AnyAnimation<Layer> = pixelated
                ? AnyAnimation(try KeyframeAnimation<Layer, Double>(keyPath: \Layer.opacity, values: role == .leaving ? [1, 0, 0] : [0, 0, 1],
                                                                     keyTimes: [0, 0.5, 1], timing: inner))
                : AnyAnimation(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: fromO, to: toO, timing: inner))
            var parts: [AnyAnimation<Layer>] = [
                fade,
                AnyAnimation(BasicAnimation<Layer, TransformParts>(keyPath: \Layer.transformParts, from: fromT, to: toT,
                                                                   timing: inner, timingFunction: ease)),
            ]
            if role == .moving {
                parts.append(AnyAnimation(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: from, to: to,
                                                                       timing: inner, timingFunction: ease)))
            }
            l.add(AnyAnimation(AnimationGroup<Layer>(timing: timing, animations: parts)), forKey: "morph")
            root.addSublayer(l)
            if pixelated, let pixels = Self.pixels(of: c.path, ink: c.ink, block: max(2, (em / 8).rounded())) {
                let p = ShapeLayer()
                p.name = "pixels '\(c.text)'"
                p.bounds = l.bounds; p.anchorPoint = l.anchorPoint; p.position = to
                p.path = pixels
                p.fillColor = parameters.color
                p.colourSlots = ["fill": "text-color"]
                p.opacity = 0
                p.add(AnyAnimation(try KeyframeAnimation<Layer, Double>(keyPath: \Layer.opacity, values: [0, 1, 0], keyTimes: [0, 0.5, 1],
                                                                         timing: MediaTiming(beginTime: delay, duration: duration))), forKey: "pixels")
                extras.append(p)
            }
            // Only the particle effects draw the particles' seed, so the others keep their sequence.
            let particles: Bool = [.sparkle, .burn, .anvil].contains(parameters.effect) && role != .moving
            if particles, let emitter = try Self.particles(parameters.effect, role: role, ink: c.ink, em: em, color: parameters.color,
                                                           begin: delay, duration: duration, seed: parameters.seed &+ rng.next()) {
                extras.append(emitter)
            }
            glyphs.append(Glyph(role: role, text: c.text, delay: delay, duration: duration, from: from, to: to,
                                fromTransform: fromT, toTransform: toT, fromOpacity: fromO, toOpacity: toO, ink: c.ink))
        }
        for (i, c) in old.enumerated() where !used[i] {
            try add(c, role: .leaving, from: c.ink.center, to: c.ink.center)
        }
        for (j, c) in new.enumerated() {
            if let i = partner[j] { try add(c, role: .moving, from: old[i].ink.center, to: c.ink.center) } else {
                try add(c, role: .entering, from: c.ink.center, to: c.ink.center)
            }
        }
        for x in extras { root.addSublayer(x) }
        return Change(from: a, to: b, root: root, glyphs: glyphs)
    }

    /// The tolerance, in blocks, the glyph is flattened within when its blocks' coverage is measured.
    /// Chords lie inside convex arcs, so the default 0.001 would leave a block up to 0.0014 short of
    /// its exact coverage, enough to put one near the 40 % line on the wrong side of it; 1e-6 leaves
    /// 1.4e-6. A glyph is a few dozen blocks across, so its curves take a few hundred chords each,
    /// once per change.
    static let pixelTolerance = 1e-6
    /// A block is shown where the glyph covers at least 40 % of it. A stem of whole pixels often
    /// covers exactly 0.4 of a block, which floating point puts a hair to either side: coverage
    /// within 1e-5 below counts as 0.4 (flattening moves a coverage by at most 1.4e-6).
    static let pixelThreshold = Float(0.4 - 1e-5)

    /// The glyph `path` as squares `block` px wide on a grid from its ink box's corner: a square
    /// where the glyph covers at least 40 % of it (`pixelThreshold`; nil when none is).
    static func pixels(of path: Path, ink: Rect, block: Double) -> Path? {
        let cols = max(1, Int((ink.width / block).rounded(.up))), rows = max(1, Int((ink.height / block).rounded(.up)))
        let t = Transform(a: 1 / block, b: 0, c: 0, d: 1 / block, tx: -ink.minX / block, ty: -ink.minY / block)
        let cover = Rasterizer().coverage(of: path, width: cols, height: rows, transform: t, tolerance: pixelTolerance)
        var out = Path()
        var any = false
        for j in 0 ..< rows {
            for i in 0 ..< cols where cover[i, j] >= pixelThreshold {
                out.append(Path(rect: Rect(x: ink.minX + Double(i) * block, y: ink.minY + Double(j) * block, width: block, height: block)))
                any = true
            }
        }
        return any ? out : nil
    }

    /// A disc of radius `r` centred on (0, 0), as a regular polygon with a vertex at angle 0 and the
    /// fewest sides (12 ... 64) that keep its edges within 0.1 px of the circle when drawn up to
    /// `largest` times its size. A particle is small and short-lived: a polygon draws it with a few
    /// dozen edges where a curve flattened within 0.001 px takes hundreds, and looks the same.
    static func dot(_ r: Double, largest: Double) -> Path {
        let reach = max(r * max(largest, 1), 1e-9)
        let step = Double.arcCosine(max(-1, 1 - 0.1 / reach))
        let n = min(64, max(12, Int((Double.pi / max(step, 1e-9)).rounded(.up))))
        var p = Path()
        for k in 0 ..< n {
            let a = 2 * Double.pi * Double(k) / Double(n)
            let q = Point(r * .cosine(a), r * .sine(a))
            if k == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }

    /// The largest scale a cell's particle is drawn at during its life.
    static func largestScale(_ c: EmitterLayer.Cell) -> Double {
        c.scale + c.scaleRange + max(c.scaleSpeed, 0) * (c.lifetime + c.lifetimeRange)
    }

    /// A four-pointed star of radius `r`, centred on (0, 0).
    static func star(_ r: Double) -> Path {
        var p = Path()
        let q = r * 0.3
        p.move(to: Point(0, -r)); p.line(to: Point(q, -q)); p.line(to: Point(r, 0)); p.line(to: Point(q, q))
        p.line(to: Point(0, r)); p.line(to: Point(-q, q)); p.line(to: Point(-r, 0)); p.line(to: Point(-q, -q))
        p.close()
        return p
    }

    /// The particles of the particle effects (LTMorphingLabel's emitters): sparkles falling over an
    /// entering character, flames and smoke rising from a leaving one that burns, dust where an anvil
    /// lands; nil for the others. With `build` false the emitter is configured but has no particles yet.
    static func particles(_ effect: MorphEffect, role: MorphModel.Role, ink: Rect, em: Double, color: Color,
                          begin: Double, duration: Double, seed: UInt64, build: Bool = true) throws -> EmitterLayer? {
        let e = EmitterLayer()
        e.seed = seed
        var cells: [EmitterLayer.Cell] = []
        switch (effect, role) {
        case (.sparkle, .entering):
            // Born along the top of the glyph, drifting and falling as they fade and spin.
            e.emitterRect = Rect(x: ink.minX, y: ink.minY, width: ink.width, height: ink.height * 0.3)
            e.emitBegin = begin; e.emitDuration = duration * 0.8
            var c = EmitterLayer.Cell()
            c.birthRate = 24; c.lifetime = 0.6; c.lifetimeRange = 0.2
            c.velocity = em * 0.6; c.velocityRange = em * 0.3; c.emissionLongitude = .pi / 2; c.emissionRange = .pi / 4
            c.acceleration = Point(0, em * 1.5); c.scale = 1; c.scaleRange = 0.4; c.scaleSpeed = -1.2
            c.alphaSpeed = -1.4; c.spin = 4; c.spinRange = 3
            c.color = color; c.shape = star(max(1.5, em * 0.09))
            cells = [c]
        case (.burn, .leaving):
            // Flames from the burning line, rising; smoke above them.
            e.emitterRect = Rect(x: ink.minX, y: ink.maxY - ink.height * 0.2, width: ink.width, height: ink.height * 0.2)
            e.emitBegin = begin; e.emitDuration = duration
            var fire = EmitterLayer.Cell()
            fire.birthRate = 30; fire.lifetime = 0.45; fire.lifetimeRange = 0.15
            fire.velocity = em * 0.9; fire.velocityRange = em * 0.3; fire.emissionLongitude = -.pi / 2; fire.emissionRange = .pi / 10
            fire.scale = 1; fire.scaleRange = 0.3; fire.scaleSpeed = -1.6; fire.alphaSpeed = -1.8
            fire.color = Color(r: 0xFF, g: 0x6A, b: 0x00); fire.shape = dot(max(1.5, em * 0.06), largest: largestScale(fire))
            var smoke = fire
            smoke.birthRate = 12; smoke.lifetime = 0.8; smoke.velocity = em * 0.6; smoke.scale = 1.4; smoke.scaleSpeed = 0.8
            smoke.alphaSpeed = -1.1; smoke.color = Color(r: 0x80, g: 0x80, b: 0x80, a: 0xB0)
            smoke.shape = dot(max(1.5, em * 0.06), largest: largestScale(smoke))
            cells = [fire, smoke]
        case (.anvil, .entering):
            // A puff of dust to both sides of the baseline as the glyph lands.
            e.emitterRect = Rect(x: ink.minX, y: ink.maxY, width: ink.width, height: 0)
            e.emitBegin = begin + duration; e.emitDuration = 0.12
            var left = EmitterLayer.Cell()
            left.birthRate = 60; left.lifetime = 0.5; left.lifetimeRange = 0.15
            left.velocity = em * 1.4; left.velocityRange = em * 0.5; left.emissionLongitude = .pi + 0.15; left.emissionRange = 0.25
            left.acceleration = Point(0, -em * 0.8); left.scale = 1; left.scaleRange = 0.4; left.scaleSpeed = 1.5
            left.alphaSpeed = -2; left.color = Color(r: 0x9E, g: 0x9E, b: 0x9E, a: 0xC0)
            left.shape = dot(max(1.5, em * 0.05), largest: largestScale(left))
            var right = left
            right.emissionLongitude = -0.15
            cells = [left, right]
        default:
            return nil
        }
        e.name = "\(effect) particles"
        e.bounds = Rect(x: 0, y: 0, width: 0, height: 0); e.anchorPoint = .zero
        e.cells = cells
        // Within the budget: `plan` refuses durations that would exceed it.
        if build { try e.build() }
        return e
    }
}

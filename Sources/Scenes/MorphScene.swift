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
            changes.append(Self.plan(from: (k + n - 1) % n, to: k, index: k, lines: lines, canvas: canvas,
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
                     canvas: SceneCanvas, parameters: MorphParameters, em: Double) -> Change {
        struct Cluster { var text: String; var path: Path; var ink: Rect }
        func clusters(_ k: Int) -> [Cluster] {
            let (line, o) = lines[k]
            return line.clusters.compactMap { c in
                guard let ink = line.inkBounds(of: c.glyphs, tx: o.x, ty: o.y) else { return nil }
                return Cluster(text: c.text, path: line.path(of: c.glyphs, tx: o.x, ty: o.y), ink: ink)
            }
        }
        let old = clusters(a), new = clusters(b)
        // Each new cluster takes the first unused old cluster with the same text.
        var used = [Bool](repeating: false, count: old.count)
        var partner = [Int?](repeating: nil, count: new.count)
        for (j, c) in new.enumerated() {
            if let i = old.indices.first(where: { !used[$0] && old[$0].text == c.text }) { used[i] = true; partner[j] = i }
        }
        var rng = SceneRandom(seed: parameters.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let root = canvas.rootLayer()
        var glyphs: [Glyph] = []
        func add(_ c: Cluster, role: Role, from: Point, to: Point) {
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
                }
            case .entering:
                fromO = 0
                switch parameters.effect {
                case .fall: fromT = TransformParts(translation: Point(0, -0.4 * em))
                case .scale: fromT = TransformParts(scale: Point(1.8, 1.8))
                case .evaporate: fromT = TransformParts(translation: Point(0, 0.5 * em))
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
            let ease: TimingFunction = role == .leaving ? .easeIn : role == .entering ? .easeOut : .easeInEaseOut
            var parts: [AnyAnimation<Layer>] = [
                AnyAnimation(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: fromO, to: toO, timing: inner)),
                AnyAnimation(BasicAnimation<Layer, TransformParts>(keyPath: \Layer.transformParts, from: fromT, to: toT,
                                                                   timing: inner, timingFunction: ease)),
            ]
            if role == .moving {
                parts.append(AnyAnimation(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: from, to: to,
                                                                       timing: inner, timingFunction: ease)))
            }
            l.add(AnyAnimation(AnimationGroup<Layer>(timing: timing, animations: parts)), forKey: "morph")
            root.addSublayer(l)
            glyphs.append(Glyph(role: role, text: c.text, delay: delay, duration: duration, from: from, to: to,
                                fromTransform: fromT, toTransform: toT, fromOpacity: fromO, toOpacity: toO, ink: c.ink))
        }
        for (i, c) in old.enumerated() where !used[i] {
            add(c, role: .leaving, from: c.ink.center, to: c.ink.center)
        }
        for (j, c) in new.enumerated() {
            if let i = partner[j] { add(c, role: .moving, from: old[i].ink.center, to: c.ink.center) } else {
                add(c, role: .entering, from: c.ink.center, to: c.ink.center)
            }
        }
        return Change(from: a, to: b, root: root, glyphs: glyphs)
    }
}

import SceneKit
import Animation
import Geometry
import Layers
import Raster
import Text

/// A scrolling caption (a short-video app's music line): the styled runs laid out as text, three
/// spaces, text, three spaces, text; the view masked by a horizontal gradient clear -> opaque ->
/// opaque -> clear at locations 0, fade, 1 - fade, 1.
///
/// The continuous types move the copies by one endlessly repeating translation of (text width +
/// separator width), 7 s by default (MarqueeLabel's): because that is exactly the distance from one
/// copy to the next, the frame at the end of a period is the frame at its start. The other types
/// move one copy between its start and its end aligned to the view (MarqueeLabel's left, right,
/// left-right and right-left). Each scroll follows the curve; the delay holds the text at rest.
/// Text that fits the view (with its leading buffer) stands still where the alignment puts it,
/// unmasked, unless `forceScroll`.
public final class MarqueeModel: LayerSceneModel {
    /// The registry name.
    public static let kind = "marquee"

    /// The canvas (the marquee's view is the whole canvas).
    public let canvas: SceneCanvas
    /// The knobs.
    public let parameters: MarqueeParameters
    /// The model tree: background, the (masked) view, the moving content, its copies.
    public let root: Layer
    /// The layer that moves (its position animates).
    public let content: Layer
    /// The window the content scrolls in (masked by the fade); its timing pauses the scroll.
    public let view: Layer
    /// The text's advance width in pixels.
    public let textWidth: Double
    /// Three spaces' advance plus the trailing buffer, pixels.
    public let separatorWidth: Double
    /// How far the content moves in one scroll, pixels (text + separator when continuous).
    public let distance: Double
    /// Seconds of movement per scroll (one period of a continuous scroll, one leg of the others).
    public let scrollDuration: Double
    /// The type scrolled (`bounce` and `continuous` resolved by the direction).
    public let scrollType: MarqueeScroll
    /// The curve of each scroll.
    public let curve: TimingFunction
    /// Seconds after which the picture repeats: delay + scroll (continuous), two delays + scroll (left,
    /// right), twice delay + scroll (left-right, right-left); 0 when nothing moves.
    public let period: Double
    /// Whether the text scrolls.
    public let isScrolling: Bool
    /// The em size of runs without their own, pixels.
    public let fontSize: Double

    /// Canvas width.
    public var width: Int { canvas.width }
    /// Canvas height.
    public var height: Int { canvas.height }

    /// Builds the caption from `parameters.runs` in `face` (runs may bring their own font and size).
    /// The default em size is the largest whose line box fits 80 % of the canvas height.
    public init(canvas: SceneCanvas, parameters: MarqueeParameters, face: FontFace) throws {
        try canvas.validate()
        try parameters.validate(viewWidth: canvas.width)
        self.canvas = canvas
        self.parameters = parameters
        let runs = parameters.runs.filter { !$0.text.isEmpty }
        let size: Double
        var copies: [TextLayer] = []
        let sep: Double
        do {
            size = try Double(canvas.givenE64 ?? Self.fittingE64(face: face, height: canvas.height)) / 64
            let textRuns = runs.map { TextRun(text: $0.text, font: $0.font ?? face, size: $0.size ?? size, color: $0.color) }
            for _ in 0 ..< 3 { copies.append(try TextLayer(runs: textRuns)) }
            for c in copies {
                for (k, r) in runs.enumerated() {
                    if let key = r.colourSetting { c.colourSlots[runs.count == 1 ? "text" : "run \(k + 1)"] = key }
                }
            }
            let last = textRuns[textRuns.count - 1]
            let spaces = try TextLine(runs: [(try TextShaper(text: "   ", face: last.font), last.e64)])
            sep = spaces.width
        } catch { throw SceneCanvas.flagError(error) }
        fontSize = size
        let w = copies[0].preferredSize.width, lineHeight = copies[0].preferredSize.height
        textWidth = w
        separatorWidth = sep + parameters.trailingBuffer
        let viewWidth = Double(canvas.width)
        isScrolling = parameters.forceScroll || parameters.leadingBuffer + w > viewWidth
        let type = parameters.scroll.resolved(parameters.direction)
        scrollType = type
        let d: Double
        if type.isContinuous {
            d = w + sep + parameters.trailingBuffer
        } else {
            d = max(0, parameters.leadingBuffer + w + parameters.trailingBuffer - viewWidth)
        }
        distance = d
        var dur = parameters.scrollDuration ?? parameters.rate.map { d / $0 } ?? MarqueeParameters.defaultDuration
        if let fps = parameters.wholeFramesAt, parameters.scrollDuration == nil, parameters.rate == nil,
           parameters.delay == 0, dur.isFinite, fps > 0, dur * fps <= 1_000_000 {
            dur = max(1, (dur * fps).rounded()) / fps
        }
        scrollDuration = dur
        curve = try Easing(parameters.easing).function

        root = canvas.rootLayer()
        view = Layer()
        view.name = "view"
        view.bounds = root.bounds; view.anchorPoint = .zero
        content = Layer()
        content.name = "scrolling content"
        content.bounds = root.bounds; content.anchorPoint = .zero
        let top = (Double(canvas.height) - lineHeight) / 2
        // Text at rest: after the leading buffer when it scrolls; where the alignment puts it when it fits.
        var x0 = parameters.leadingBuffer
        if !isScrolling {
            switch parameters.alignment {
            case .left: break
            case .center: x0 = (viewWidth - w) / 2
            case .right: x0 = viewWidth - w - parameters.trailingBuffer
            }
        }
        for (k, copy) in copies.enumerated() where k == 0 || (isScrolling && type.isContinuous) {
            copy.anchorPoint = .zero
            copy.name = "caption"
            copy.position = Point(x0 + Double(k) * distance, top)
            content.addSublayer(copy)
        }
        view.addSublayer(content)
        root.addSublayer(view)

        guard isScrolling, dur > 0, dur.isFinite else { period = 0; return }
        let f = parameters.fadeFraction(viewWidth: canvas.width)
        if f > 0 {
            let fade = GradientLayer()
            fade.name = "fade"
            fade.bounds = root.bounds; fade.anchorPoint = .zero
            fade.colors = [.clear, .black, .black, .clear]
            fade.locations = [0, f, 1 - f, 1]
            fade.startPoint = Point(0, 0.5); fade.endPoint = Point(1, 0.5)
            view.mask = fade
        }
        let rest = Point.zero, end = Point(-distance, 0)
        let delay = parameters.delay
        let values: [Point], keyTimes: [Double], curves: [TimingFunction], total: Double
        let still = TimingFunction.linear
        switch type {
        case .continuous, .continuousReverse:
            // Reverse: from one copy to the left back to rest, so the copies always cover the view.
            let (a, b) = type == .continuous ? (rest, end) : (end, rest)
            total = delay + dur
            values = [a, a, b]
            keyTimes = [0, delay / total, 1]
            curves = [still, curve]
        case .left, .right:
            // Rest, scroll to the other end, rest there, jump back. Right starts aligned to the end.
            let (a, b) = type == .left ? (rest, end) : (end, rest)
            total = 2 * delay + dur
            values = [a, a, b, b]
            keyTimes = [0, delay / total, (delay + dur) / total, 1]
            curves = [still, curve, still]
        case .leftRight, .rightLeft, .bounce:
            // Left-right: from the start aligned to the end aligned and back; right-left the other way.
            let (a, b) = type == .rightLeft ? (end, rest) : (rest, end)
            total = 2 * (delay + dur)
            values = [a, a, b, b, a]
            keyTimes = [0, delay / total, (delay + dur) / total, (2 * delay + dur) / total, 1]
            curves = [still, curve, still, curve]
        }
        period = total
        let timing = MediaTiming(duration: total, repeatCount: .infinity)
        let move = try KeyframeAnimation<Layer, Point>(keyPath: \Layer.position, values: values.map { $0 + content.position },
                                                       keyTimes: keyTimes, timingFunctions: curves, timing: timing)
        content.add(AnyAnimation(move), forKey: "scroll")
    }

    /// The largest em size (1/64 px) whose line box fits 80 % of `height`.
    static func fittingE64(face: FontFace, height: Int) throws -> Int {
        let shaper = try TextShaper(text: " ", face: face)
        func lineHeight(_ e64: Int) throws -> Int {
            let l = try TextLine(runs: [(shaper, e64)])
            return l.ascender26 + l.descender26
        }
        let limit = 4 * 64 * height / 5, ref = 64 * 64
        var e64 = max(1, min(Int(SceneLimits.maxFontSize) * 64, ref * limit / max(1, try lineHeight(ref))))
        while e64 > 1, try lineHeight(e64) > limit { e64 -= 1 }
        while e64 < Int(SceneLimits.maxFontSize) * 64, try lineHeight(e64 + 1) <= limit { e64 += 1 }
        return e64
    }

    /// Where the scroll is paused (the content's local time), or nil while it runs.
    public private(set) var pausedAt: Double?

    /// A click pauses the scroll where it is and resumes it from there (MarqueeLabel's
    /// `pauseLabel()` / `unpauseLabel()`).
    public static let controls: [SceneControl] = [
        SceneControl(.click, .toggle, help: "click    pause / resume the scroll"),
    ]

    /// `toggle` pauses or resumes the scroll at `time`; `restart` plays it from the start again.
    public func perform(_ action: SceneAction, at time: Double, frame: Int) -> String? {
        switch action {
        case .toggle where isScrolling:
            if let local = pausedAt {
                // Local time runs on from where it stopped: (time - 0) x 1 + offset = local at `time`.
                view.timing = MediaTiming(timeOffset: local - time)
                pausedAt = nil
                return "marquee: scrolling from frame \(frame)"
            }
            let local = view.timing.activeLocalTime(parentTime: time)
            view.timing = MediaTiming(speed: 0, timeOffset: local)
            pausedAt = local
            return "marquee: paused at frame \(frame)"
        case .restart:
            view.timing = MediaTiming()
            pausedAt = nil
            return nil
        default:
            return nil
        }
    }

    /// A resized marquee stays paused where it was.
    public func carryState(from old: MarqueeModel) {
        view.timing = old.view.timing
        pausedAt = old.pausedAt
    }

    /// The presentation tree at `time` seconds.
    public func presentation(at time: Double) -> Layer { root.presentation(at: time) }

    /// The presentation tree at `time`, reusing `previous` when it has the same shape.
    public func presentation(at time: Double, reusing previous: Layer?) -> Layer {
        root.presentation(at: time, reusing: previous)
    }

    /// Periodic with the scroll's period; still when the text fits or the scroll is paused.
    public func timeline(fps: Double) -> SceneTimeline {
        guard period > 0, pausedAt == nil else { return .still }
        return .periodic(frames: SceneTimeline.wholeFrames(period, fps: fps), seconds: period, start: 0)
    }

    /// The content's horizontal offset from rest at `time` (what the scroll animation presents).
    public func offset(at time: Double) -> Double {
        return (presentation(at: time).sublayers.first?.sublayers.first?.position.x ?? 0) - content.position.x
    }
}

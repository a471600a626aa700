import SceneKit
import Animation
import Geometry
import Layers
import Raster
import Text

/// A tab title that fills with colour when selected: the title in its unselected colour, and over
/// it a linear gradient layer (start (0, 0.4), end (1, 0.6), colours clear, #F24557, #F24557, clear)
/// masked by the same text. Selecting animates the gradient's `locations` from [0.7, 0.7, 0.7, 0.7]
/// to [0, 0, 1, 1] in 0.3 s and holds; deselecting runs from wherever the spread is back to
/// [0.7, 0.7, 0.7, 0.7] and holds there, where all four stops coincide and every pixel takes the
/// clear end colour: no trace of the highlight is left.
///
/// With a `Shimmer`, the title shows at the shimmer's base opacity and a band of the highlight
/// colour sweeps across it, over and over (Facebook Shimmer); the select fill still works over it.
public final class SpreadModel: LayerSceneModel {
    /// The registry name.
    public static let kind = "spread"

    /// The canvas.
    public let canvas: SceneCanvas
    /// The knobs.
    public let parameters: SpreadParameters
    /// The model tree.
    public let root: Layer
    /// The title in its unselected colour.
    public let title: TextLayer
    /// The spreading colour, masked by the text.
    public let gradient: GradientLayer
    /// The shimmer's band, masked by the text (nil without a shimmer).
    public let shimmerBand: GradientLayer?
    /// Seconds the band moves in each shimmer sweep (0 without a shimmer).
    public let sweepDuration: Double
    /// Seconds from one sweep's start to the next (0 without a shimmer).
    public let shimmerPeriod: Double

    /// The last selection change made by `setSelected(_:at:)`, if any.
    public private(set) var lastChange: (time: Double, selected: Bool)?
    /// The frames of the selections and deselections made by hand (`toggle`), in order.
    public private(set) var toggles: [(frame: Int, selected: Bool)] = []

    /// Canvas width.
    public var width: Int { canvas.width }
    /// Canvas height.
    public var height: Int { canvas.height }

    /// Lays out the title (ink centred, fitted to 80 % of the canvas unless sized) and adds the
    /// select and deselect animations at their times.
    public init(canvas: SceneCanvas, parameters: SpreadParameters, face: FontFace) throws {
        try canvas.validate()
        try parameters.validate()
        self.canvas = canvas
        self.parameters = parameters
        do {
            let shaper = try TextShaper(text: parameters.text, face: face, style: parameters.paragraph)
            let size = Double(try canvas.fittingE64([shaper])) / 64
            title = try TextLayer(runs: [TextRun(text: parameters.text, font: face, size: size, color: parameters.textColor,
                                                 paragraph: parameters.paragraph)])
        } catch { throw SceneCanvas.flagError(error) }
        guard let ink = title.inkBounds else { throw SettingError("text", "the text '\(parameters.text)' draws nothing") }
        // The title's frame covers its line box and its ink, so the gradient reaches every glyph.
        let box = title.bounds.union(ink)
        let frame = Layer()
        frame.name = "tab"
        frame.bounds = Rect(x: 0, y: 0, width: box.width, height: box.height)
        frame.anchorPoint = .zero
        frame.position = Point(Double(canvas.width) / 2 - (ink.center.x - box.minX),
                               Double(canvas.height) / 2 - (ink.center.y - box.minY))
        title.anchorPoint = .zero
        title.position = Point(-box.minX, -box.minY)

        title.name = "title"
        title.colourSlots = ["text": "text-color"]
        gradient = GradientLayer()
        gradient.name = "highlight"
        gradient.bounds = frame.bounds; gradient.anchorPoint = .zero
        gradient.colors = [.clear, parameters.highlight, parameters.highlight, .clear]
        gradient.locations = parameters.unselectedLocations
        gradient.startPoint = parameters.startPoint
        gradient.endPoint = parameters.endPoint
        let mask = TextLayer()
        mask.name = "title mask"
        try mask.setRuns(title.runs.map { var r = $0; r.color = .black; return r })
        mask.bounds = title.bounds; mask.anchorPoint = .zero; mask.position = title.position
        gradient.mask = mask

        root = canvas.rootLayer()
        frame.addSublayer(title)
        if let sh = parameters.shimmer {
            let horizontal = sh.direction == .left || sh.direction == .right
            let extent = horizontal ? frame.bounds.width : frame.bounds.height
            var sweep = sh.sweepDuration(extent: extent), period = sweep + sh.pause
            if let fps = parameters.wholeFramesAt, fps > 0, period * fps <= 1_000_000 {
                // The period rounded to whole frames; the sweep takes what the pause leaves.
                let whole = max(1, (period * fps).rounded()) / fps
                if whole - sh.pause > 0 { period = whole; sweep = whole - sh.pause }
            }
            sweepDuration = sweep; shimmerPeriod = period
            let band = try Self.shimmerBand(sh, frame: frame.bounds, title: title, textColor: parameters.textColor,
                                            sweep: sweep, period: period)
            title.opacity = sh.baseOpacity
            frame.addSublayer(band)
            shimmerBand = band
        } else {
            shimmerBand = nil; sweepDuration = 0; shimmerPeriod = 0
        }
        frame.addSublayer(gradient)
        root.addSublayer(frame)
        addScheduledAnimations()
    }

    /// The shimmer's band: a gradient along the sweep, the band's colour clear -> opaque -> clear over
    /// `length` of the title's extent, masked by the title; its locations slide from half a band
    /// before the title to half a band after it in `sweep` seconds, then rest until `period`; its
    /// opacity fades in and out at the sweep's ends.
    static func shimmerBand(_ sh: Shimmer, frame: Rect, title: TextLayer, textColor: Color,
                            sweep: Double, period: Double) throws -> GradientLayer {
        let band = GradientLayer()
        band.name = "shimmer"
        band.bounds = frame; band.anchorPoint = .zero
        var c = sh.color ?? textColor
        c.a = UInt8((Double(c.a) * sh.highlightOpacity).rounded())
        var edge = c
        edge.a = 0
        band.colors = [edge, c, edge]
        switch sh.direction {
        case .right: band.startPoint = Point(0, 0.5); band.endPoint = Point(1, 0.5)
        case .left: band.startPoint = Point(1, 0.5); band.endPoint = Point(0, 0.5)
        case .down: band.startPoint = Point(0.5, 0); band.endPoint = Point(0.5, 1)
        case .up: band.startPoint = Point(0.5, 1); band.endPoint = Point(0.5, 0)
        }
        let b = sh.length
        func at(_ middle: Double) -> [Double] { [middle - b / 2, middle, middle + b / 2] }
        let before = at(-b / 2), after = at(1 + b / 2)
        band.locations = before
        let mask = TextLayer()
        mask.name = "shimmer mask"
        try mask.setRuns(title.runs.map { var r = $0; r.color = .black; return r })
        mask.bounds = title.bounds; mask.anchorPoint = .zero; mask.position = title.position
        band.mask = mask
        let timing = MediaTiming(duration: period, repeatCount: .infinity)
        let end = sweep / period
        band.add(try KeyframeAnimation<GradientLayer, [Double]?>(keyPath: \GradientLayer.locations, values: [before, after, after],
                                                                 keyTimes: [0, end, 1], timing: timing), forKey: "sweep")
        // The fades share the sweep when they would overlap.
        let fades = sh.beginFade + sh.endFade, squeeze = fades > sweep ? sweep / fades : 1
        let fadeIn = min(sh.beginFade * squeeze / period, end)
        let fadeOut = min(max(end - sh.endFade * squeeze / period, fadeIn), end)
        band.opacity = 0
        band.add(try KeyframeAnimation<Layer, Double>(keyPath: \Layer.opacity, values: [0, 1, 1, 0, 0],
                                                      keyTimes: [0, fadeIn, fadeOut, end, 1], timing: timing), forKey: "fade")
        return band
    }

    /// The select and deselect animations of `selectAt` / `deselectAt`, in place of any others.
    private func addScheduledAnimations() {
        gradient.removeAllAnimations()
        gradient.locations = parameters.unselectedLocations
        lastChange = nil
        if let s = parameters.selectAt {
            let select = BasicAnimation<GradientLayer, [Double]?>(
                keyPath: \GradientLayer.locations, from: parameters.unselectedLocations, to: parameters.selectedLocations,
                timing: MediaTiming(beginTime: s, duration: parameters.duration, fillMode: .forwards))
            gradient.add(select, forKey: "select")
            if let d = parameters.deselectAt {
                // Back from where the spread is at that moment (explicit: no implicit animations).
                let from: [Double]? = select.value(model: parameters.unselectedLocations, parentTime: d) ?? parameters.selectedLocations
                let deselect = BasicAnimation<GradientLayer, [Double]?>(
                    keyPath: \GradientLayer.locations, from: from, to: parameters.unselectedLocations,
                    timing: MediaTiming(beginTime: d, duration: parameters.duration, fillMode: .forwards))
                gradient.add(deselect, forKey: "deselect")
            }
        }
    }

    /// Whether the title is selected at `time`: by the last `setSelected(_:at:)` at or before it, else by
    /// `selectAt` / `deselectAt`.
    public func isSelected(at time: Double) -> Bool {
        if let c = lastChange, time >= c.time { return c.selected }
        guard let s = parameters.selectAt, time >= s else { return false }
        return parameters.deselectAt.map { time < $0 } ?? true
    }

    /// Selects or deselects the title at `time` (seconds), explicitly: the model locations become the
    /// target, and one animation runs from the locations presented at `time` to it over `duration`
    /// (replacing any earlier ones, which later times no longer follow). Deselecting ends at the
    /// unselected locations, where nothing of the highlight shows.
    public func setSelected(_ selected: Bool, at time: Double) {
        let from = locations(at: time) ?? parameters.unselectedLocations
        let to = selected ? parameters.selectedLocations : parameters.unselectedLocations
        gradient.removeAllAnimations()
        gradient.locations = to
        gradient.add(BasicAnimation<GradientLayer, [Double]?>(
            keyPath: \GradientLayer.locations, from: from, to: to,
            timing: MediaTiming(beginTime: time, duration: parameters.duration, fillMode: .backwards)), forKey: selected ? "select" : "deselect")
        lastChange = (time, selected)
    }

    /// The presentation tree at `time` seconds.
    public func presentation(at time: Double) -> Layer { root.presentation(at: time) }

    /// The presentation tree at `time`, reusing `previous` when it has the same shape.
    public func presentation(at time: Double, reusing previous: Layer?) -> Layer {
        root.presentation(at: time, reusing: previous)
    }

    /// Periodic with the shimmer's period when it shimmers and nothing is selected; else once, through
    /// the frame where the last selection change has finished; still when nothing is ever selected.
    public func timeline(fps: Double) -> SceneTimeline {
        if shimmerPeriod > 0, lastChange == nil, parameters.selectAt == nil {
            return .periodic(frames: SceneTimeline.wholeFrames(shimmerPeriod, fps: fps), seconds: shimmerPeriod, start: 0)
        }
        if let c = lastChange { return .once(frames: SceneTimeline.framesThrough(c.time + parameters.duration, fps: fps)) }
        guard let select = parameters.selectAt else { return .still }
        return .once(frames: SceneTimeline.framesThrough((parameters.deselectAt ?? select) + parameters.duration, fps: fps))
    }

    /// Space or a click selects / deselects.
    public static let controls: [SceneControl] = [
        SceneControl(.space, .toggle, help: "space    select / deselect"),
        SceneControl(.click, .toggle, help: "click    select / deselect"),
    ]

    /// `toggle` selects or deselects at `time`; `restart` leaves the title unselected.
    public func perform(_ action: SceneAction, at time: Double, frame: Int) -> String? {
        switch action {
        case .toggle:
            let select = !isSelected(at: time)
            setSelected(select, at: time)
            toggles.append((frame, select))
            return "\(select ? "selected" : "deselected") at frame \(frame)"
        case .restart:
            // Back to the start: the schedule of `selectAt` / `deselectAt`, and no trace of changes
            // made by hand.
            addScheduledAnimations()
            toggles.removeAll()
            return nil
        default:
            return nil
        }
    }

    /// The selection made by hand as the frames of `select-at` and `deselect-at`: a title selected
    /// at frame k stays selected (`deselect-at never`); one deselected at frame k was selected at
    /// the frame of the last selection before (by hand, else the schedule's).
    public var adjustedSettings: [String: SettingValue] {
        guard let last = toggles.last else { return [:] }
        if last.selected { return ["select-at": .number(Double(last.frame)), "deselect-at": .string("never")] }
        var out: [String: SettingValue] = ["deselect-at": .number(Double(last.frame))]
        if let select = toggles.last(where: \.selected) { out["select-at"] = .number(Double(select.frame)) }
        return out
    }

    /// The shimmer band's presented middle at `time`, in fractions of the title's extent along the
    /// sweep, and its presented opacity (nil without a shimmer).
    public func shimmerBand(at time: Double) -> (middle: Double, opacity: Double)? {
        guard shimmerBand != nil, let band = presentation(at: time).sublayers.first?.sublayers[1] as? GradientLayer,
              let l = band.locations, l.count == 3 else { return nil }
        return (l[1], band.opacity)
    }

    /// The gradient's presented locations at `time`.
    public func locations(at time: Double) -> [Double]? {
        (presentation(at: time).sublayers.first?.sublayers.last as? GradientLayer)?.locations
    }
}

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
        frame.addSublayer(gradient)
        root.addSublayer(frame)
        addScheduledAnimations()
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

    /// Once, through the frame where the last selection change has finished; still when nothing is
    /// ever selected.
    public func timeline(fps: Double) -> SceneTimeline {
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

    /// The gradient's presented locations at `time`.
    public func locations(at time: Double) -> [Double]? {
        (presentation(at: time).sublayers.first?.sublayers.last as? GradientLayer)?.locations
    }
}

import Animation
import Geometry
import Layers
import Raster

/// The wave-fill scene built the Core Animation way, as the original was: a container layer, and for
/// each wave a group masked by the container's outline holding a shape layer whose polygon the
/// display-link callback regenerates every tick, raised by a repeating position animation.
///
/// Rendered by the general engine (exact rasterizer, Float32 compositing), it is the reference the
/// fast `WaveRenderer` is held to.
public final class WaveLayerScene {
    /// The scene whose parameters and layout are shown.
    public let scene: WaveScene
    /// The model tree.
    public let root: Layer
    /// One shape per wave, back to front (the classic pair: back, front).
    let waves: [ShapeLayer]
    // The label's two fills: inside masked by the front wave, outside by the region above it.
    let labelInside = ShapeLayer(), labelOutside = ShapeLayer()
    let insideMask = ShapeLayer(), outsideMask = ShapeLayer()
    let label: WaveLabel?
    private let renderer = LayerRenderer()
    private var riseAnimation: BasicAnimation<Layer, Point>
    private let riseDuration: Double
    private let scrubsRise: Bool
    private var time = 0.0
    /// For vector export: each wave a static path moved by its layer's position (nil: the polygons).
    let motion: WaveVectorMotion?
    /// For vector export: the label's glyphs of each text shown (inside and outside fills, where).
    var labelTexts: [String: [LabelGlyph]] = [:]
    /// For vector export: the glyph layers, one pair per glyph and occurrence in a text, shared by
    /// every text that shows that glyph (moved to its place in each).
    var labelGlyphs: [LabelGlyphKey: (inside: ShapeLayer, outside: ShapeLayer)] = [:]

    /// Builds the tree for `scene`.
    public convenience init(scene: WaveScene) {
        self.init(scene: scene, motion: nil)
    }

    /// Builds the tree for `scene`; with `motion`, for vector export (`vectorTree(frame:)`).
    init(scene: WaveScene, motion: WaveVectorMotion?) {
        self.scene = scene
        self.motion = motion
        let p = scene.parameters, lay = scene.layout
        let canvas = Rect(x: 0, y: 0, width: Double(p.width), height: Double(p.height))
        func fullCanvas(_ l: Layer) { l.bounds = canvas; l.anchorPoint = .zero; l.position = .zero }
        root = Layer()
        waves = p.waveStack.map { _ in ShapeLayer() }
        fullCanvas(root)
        root.backgroundColor = p.background

        func containerLayer(_ color: Color) -> Layer {
            if lay.path.isEmpty {
                let l = CoverageLayer()
                l.coverage = lay.coverage; l.color = color
                fullCanvas(l)
                return l
            }
            let l = ShapeLayer()
            l.path = lay.path; l.fillColor = color; l.fillRule = lay.fillRule
            fullCanvas(l)
            return l
        }
        let container = containerLayer(p.container)
        container.name = "container"
        container.colourSlots = ["fill": "container"]
        root.addSublayer(container)

        // The rise: position from 0 to -(inkH + 2A), linear, repeating (or scrubbed to a fixed progress).
        let rise = lay.inkH + 2 * scene.amplitude
        let duration = p.isTimeBased ? p.effectiveRiseDuration : Double(p.riseFrames)
        var timing = MediaTiming(duration: duration, repeatCount: .infinity)
        if let fixed = p.progress {
            // Scrubbing the CA way: paused (speed 0) at timeOffset, filled so that 1 shows the end.
            timing = MediaTiming(duration: duration, speed: 0, timeOffset: fixed * duration, repeatCount: 1, fillMode: .both)
        }
        let animation = BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: .zero, to: Point(0, -rise), timing: timing)
        riseAnimation = animation
        riseDuration = duration
        // Transitions and area mapping move the level along their own curve: the rise is scrubbed to
        // it every tick.
        scrubsRise = scene.transitions != nil || p.fillMapping == .area

        for (j, (wave, spec)) in zip(waves, p.waveStack).enumerated() {
            let group = Layer()
            fullCanvas(group)
            let clip = containerLayer(.black)
            // Layer masks where they are exact: a matte per wave costs rlottie a little alpha each.
            clip.prefersLayerMasks = true
            fullCanvas(wave)
            if let motion {
                wave.path = motion.path(motion.waves[j], closedAt: motion.bottom)
                wave.name = Self.waveName(j, of: waves.count)
                if p.waterGradient == nil { wave.colourSlots = ["fill": Self.waveName(j, of: waves.count)] }
            } else {
                wave.add(AnyAnimation(animation), forKey: "rise")
            }
            if let bottom = p.waterGradient {
                // The gradient stays on the canvas, cut by the container; the wave, as the mask of
                // both, moves. (The container inside the wave's mask, not outside it: rlottie and
                // ThorVG draw layer masks under a matte as we do, not a matte under layer masks.)
                let g = GradientLayer()
                fullCanvas(g)
                g.colors = [spec.color, Color(r: bottom.r, g: bottom.g, b: bottom.b, a: spec.color.a)]
                g.startPoint = Point(0.5, lay.inkBox.minY / Double(p.height))
                g.endPoint = Point(0.5, lay.inkBox.maxY / Double(p.height))
                g.mask = clip
                wave.fillColor = .black
                wave.prefersLayerMasks = true
                group.mask = wave
                group.addSublayer(g)
            } else {
                group.mask = clip
                wave.fillColor = spec.color
                group.addSublayer(wave)
            }
            root.addSublayer(group)
        }
        // The ring, over the waves and under the label.
        if let ring = try? WaveBorder.coverage(lay, parameters: p) {
            let l = CoverageLayer()
            l.coverage = ring; l.color = p.borderColor
            fullCanvas(l)
            root.addSublayer(l)
        }
        // The scene's parameters are validated, so the label's format and font are known good.
        label = try? WaveLabel(scene: scene)
        if label != nil {
            for (l, m, color) in [(labelInside, insideMask, p.labelInsideColor), (labelOutside, outsideMask, p.labelColor)] {
                fullCanvas(l); fullCanvas(m)
                l.fillColor = color
                l.mask = m
                root.addSublayer(l)
            }
        }
        if let motion, let front = motion.waves.last {
            labelInside.name = "label inside"; labelOutside.name = "label outside"
            insideMask.path = motion.path(front, closedAt: motion.bottom)
            outsideMask.path = motion.path(front, closedAt: motion.top)
            return
        }
        update(index: 0, timestamp: 0)
    }

    /// The display-link callback: the scene's tick, then both polygons at the un-raised level
    /// (`top(0)`); the position animation raises them when the tree is presented.
    public func update(index: Int, timestamp: Double) {
        scene.update(index: index, timestamp: timestamp)
        time = scene.parameters.isTimeBased ? timestamp : Double(index)
        // Un-raised: the level at the ink box's bottom (`top(0)` with height mapping).
        let lift = scene.layout.inkBox.maxY - scene.top(progress: scene.state.progress)
        let yb = scene.yBottom + lift
        func polygon(_ ys: [Double]) -> Path {
            var path = Path()
            path.move(to: Point(0, ys[0] + lift))
            for x in 1 ..< ys.count { path.line(to: Point(Double(x), ys[x] + lift)) }
            path.line(to: Point(Double(ys.count - 1), yb))
            path.line(to: Point(0, yb))
            path.close()
            return path
        }
        for (layer, ys) in zip(waves, scene.waves) { layer.path = polygon(ys) }
        if scrubsRise {
            // Paused (speed 0) at the level's fraction of the rise, as a scrubber holds it.
            // The level can lie a fraction of a pixel outside the rise (area mapping's empty and full).
            let u = scene.level(progress: scene.state.progress)
            riseAnimation.to = Point(0, -u * (scene.layout.inkH + 2 * scene.amplitude))
            riseAnimation.timing = MediaTiming(duration: riseDuration, speed: 0, timeOffset: riseDuration, repeatCount: 1, fillMode: .both)
            for wave in waves { wave.add(AnyAnimation(riseAnimation), forKey: "rise") }
        }
        updateLabel()
    }

    /// The label's text for this tick; its inside fill masked below the front wave's surface (as
    /// presented), its outside fill above it.
    private func updateLabel() {
        guard let label else { return }
        _ = try? label.prepare(progress: scene.state.progress)
        let path = (try? label.shownPath()) ?? Path()
        labelInside.path = path
        labelOutside.path = path
        let ys = scene.front
        func region(toward y: Double) -> Path {
            var r = Path()
            r.move(to: Point(0, ys[0]))
            for x in 1 ..< ys.count { r.line(to: Point(Double(x), ys[x])) }
            r.line(to: Point(Double(ys.count - 1), y))
            r.line(to: Point(0, y))
            r.close()
            return r
        }
        let far = Double(scene.parameters.height) + 10
        insideMask.path = region(toward: max(scene.yBottom, far))
        outsideMask.path = region(toward: min(-10, (ys.min() ?? 0) - 10))
    }

    /// Headless tick n: timestamp n / fps.
    public func update(frame n: Int) { update(index: n, timestamp: Double(n) / scene.parameters.fps) }

    /// Renders the presentation tree of the current tick.
    public func render() -> Pixmap {
        renderer.renderPixmap(root.presentation(at: time), width: scene.parameters.width, height: scene.parameters.height)
    }
}

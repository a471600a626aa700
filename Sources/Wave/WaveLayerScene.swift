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
    /// Per label: its outline, and its two fills, the inside one masked by the front wave, the
    /// outside one by the region above it.
    struct LabelLayers {
        let label: WaveLabel
        let outline = ShapeLayer(), inside = ShapeLayer(), outside = ShapeLayer()
        let insideMask = ShapeLayer(), outsideMask = ShapeLayer()
    }
    let labels: [LabelLayers]
    /// For vector export: every label's outline, the inside fills of the labels that split (masked
    /// once by the front wave), their outside fills (masked once by the region above it), and the
    /// fills of labels outside the container, each one group.
    final class VectorLabelGroups {
        let outline = Layer(), inside = Layer(), outside = Layer(), plain = Layer()
        let insideMask = ShapeLayer(), outsideMask = ShapeLayer()
    }
    let vectorLabels = VectorLabelGroups()
    /// Per wave with `--wave-shadow`: a layer that draws nothing and casts the wave's shadow (its
    /// `shadowPath` the wave's polygon, raised with it), beneath the wave in its group.
    let casters: [ShapeLayer]
    private let renderer = LayerRenderer()
    private var presented: Layer?
    /// The polygons' and the label regions' storage, three of each used in turn: the one rebuilt
    /// each tick was last shown three ticks ago, when no presentation tree or renderer holds it
    /// any more, so its capacity is reused and a tick allocates no path.
    private var pathBuffers: [[Path]] = []
    private var tick = 0
    private var riseAnimation: BasicAnimation<Layer, Point>
    private let riseDuration: Double
    private let scrubsRise: Bool
    private var time = 0.0
    /// For vector export: each wave a static path moved by its layer's position (nil: the polygons).
    let motion: WaveVectorMotion?
    /// For vector export, per label: the glyphs of each text it shows (their layers, where).
    var labelTexts: [[String: [LabelGlyph]]] = []
    /// For vector export: the glyph layers (fills and outline stroke) per label, glyph outline and
    /// occurrence in a text, shared by every text that shows that glyph (moved to its place in each).
    var labelGlyphs: [LabelGlyphKey: LabelGlyphLayers] = [:]

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
        // Fills and shadows were validated with the parameters.
        func paint(_ text: String?, _ box: Rect) -> Paint? { text.flatMap { try? WavePaint($0, key: "").paint(in: box) } }
        func shadow(_ text: String?) -> WaveShadow? { text.flatMap { try? WaveShadow($0, key: "") } }
        let waveShadow = shadow(p.waveShadow)
        casters = p.waveStack.map { _ in ShapeLayer() }
        if let bg = paint(p.backgroundFill, canvas) {
            root.backgroundColor = nil
            let l = ShapeLayer()
            fullCanvas(l)
            l.path = Path(rect: canvas); l.fillPaint = bg
            root.addSublayer(l)
        }

        func containerLayer(_ color: Color, fill: Paint? = nil) -> Layer {
            if lay.path.isEmpty {
                let l = CoverageLayer()
                l.coverage = lay.coverage; l.color = color; l.paint = fill
                fullCanvas(l)
                return l
            }
            let l = ShapeLayer()
            l.path = lay.path; l.fillColor = color; l.fillRule = lay.fillRule; l.fillPaint = fill
            fullCanvas(l)
            return l
        }
        let container = containerLayer(p.container, fill: paint(p.containerFill, lay.inkBox))
        if let s = shadow(p.containerShadow) {
            s.apply(to: container)
            if !lay.path.isEmpty { container.shadowPath = lay.path }
        }
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
        scrubsRise = scene.transitions != nil || p.fillMapping == .area || scene.hasWaveLevels

        for (j, (wave, spec)) in zip(waves, p.waveStack).enumerated() {
            let group = Layer()
            fullCanvas(group)
            let clip = containerLayer(.black)
            // Layer masks where they are exact: a matte per wave costs rlottie a little alpha each.
            clip.prefersLayerMasks = true
            fullCanvas(wave)
            if let motion {
                // Vector export: the wave a static path moved by position. A shadow is cast by what
                // the wave draws (refused before export unless that is opaque; see
                // `refuseUnexportable`), inside the container as the renderers cast it.
                let clip = containerLayer(.black)
                // Layer masks where they are exact: a matte per wave costs rlottie a little alpha each.
                clip.prefersLayerMasks = true
                wave.path = motion.path(motion.waves[j], closedAt: motion.bottom)
                wave.name = Self.waveName(j, of: waves.count)
                let fill = paint(spec.fill ?? p.waterFill, lay.inkBox)
                if fill != nil || p.waterGradient != nil {
                    // The paint stays on the canvas, cut by the container; the wave, as the mask of
                    // both, moves. (The container inside the wave's mask, not outside it: rlottie and
                    // ThorVG draw layer masks under a matte as we do, not a matte under layer masks.)
                    let drawn: Layer
                    if let fill {
                        let f = ShapeLayer()
                        f.path = Path(rect: canvas); f.fillPaint = fill
                        drawn = f
                    } else {
                        let g = GradientLayer()
                        let bottom = p.waterGradient ?? spec.color
                        g.colors = [spec.color, Color(r: bottom.r, g: bottom.g, b: bottom.b, a: spec.color.a)]
                        g.startPoint = Point(0.5, lay.inkBox.minY / Double(p.height))
                        g.endPoint = Point(0.5, lay.inkBox.maxY / Double(p.height))
                        drawn = g
                    }
                    fullCanvas(drawn)
                    drawn.name = Self.waveName(j, of: waves.count) + " paint"
                    wave.fillColor = .black
                    wave.prefersLayerMasks = true
                    if let waveShadow {
                        // The shadow of the painted wave, cut by the container.
                        let inner = Layer()
                        fullCanvas(inner)
                        inner.mask = wave
                        inner.addSublayer(drawn)
                        waveShadow.apply(to: inner)
                        group.mask = clip
                        group.addSublayer(inner)
                    } else {
                        drawn.mask = clip
                        group.mask = wave
                        group.addSublayer(drawn)
                    }
                } else {
                    wave.colourSlots = ["fill": Self.waveName(j, of: waves.count)]
                    group.mask = clip
                    wave.fillColor = spec.color
                    waveShadow?.apply(to: wave)
                    group.addSublayer(wave)
                }
                root.addSublayer(group)
                continue
            }
            group.mask = containerLayer(.black)
            wave.add(AnyAnimation(animation), forKey: "rise")
            if let waveShadow {
                let caster = casters[j]
                fullCanvas(caster)
                caster.fillColor = nil
                waveShadow.apply(to: caster)
                caster.add(AnyAnimation(animation), forKey: "rise")
                group.addSublayer(caster)
            }
            if let fill = paint(spec.fill ?? p.waterFill, lay.inkBox) {
                // The fill stays on the canvas; the wave, as its mask, moves.
                let f = ShapeLayer()
                fullCanvas(f)
                f.path = Path(rect: canvas); f.fillPaint = fill
                wave.fillColor = .black
                f.mask = wave
                group.addSublayer(f)
            } else if let bottom = p.waterGradient {
                // The gradient stays on the canvas; the wave, as its mask, moves.
                let g = GradientLayer()
                fullCanvas(g)
                g.colors = [spec.color, Color(r: bottom.r, g: bottom.g, b: bottom.b, a: spec.color.a)]
                g.startPoint = Point(0.5, lay.inkBox.minY / Double(p.height))
                g.endPoint = Point(0.5, lay.inkBox.maxY / Double(p.height))
                g.mask = wave
                wave.fillColor = .black
                group.addSublayer(g)
            } else {
                wave.fillColor = spec.color
                group.addSublayer(wave)
            }
            root.addSublayer(group)
        }
        // The ring, over the waves and under the label.
        if let ring = try? WaveBorder.coverage(lay, parameters: p) {
            let l = CoverageLayer()
            l.coverage = ring; l.color = p.borderColor; l.paint = paint(p.borderFill, lay.inkBox)
            shadow(p.borderShadow)?.apply(to: l)
            fullCanvas(l)
            root.addSublayer(l)
        }
        // The scene's parameters are validated, so the labels' formats and fonts are known good.
        labels = ((try? WaveLabel.all(scene: scene)) ?? []).map { LabelLayers(label: $0) }
        if let motion {
            // Vector export: each label's fills (and outline) hold one layer per glyph
            // (`labelLayers`). The labels inside the container split at the front wave's static
            // path, moved by position: all their inside fills under one mask, all their outside
            // fills under another (a matte costs rlottie a little alpha each), above every
            // label's outline; labels outside the container after them, unmasked.
            labelTexts = labels.map { _ in [:] }
            guard !labels.isEmpty, let front = motion.waves.last else { return }
            let g = vectorLabels
            for (layer, name) in [(g.outline, "label outlines"), (g.inside, "label inside"), (g.outside, "label outside"),
                                  (g.plain, "label")] {
                fullCanvas(layer)
                layer.name = name
            }
            fullCanvas(g.insideMask); fullCanvas(g.outsideMask)
            g.insideMask.path = motion.path(front, closedAt: motion.bottom)
            g.outsideMask.path = motion.path(front, closedAt: motion.top)
            g.inside.mask = g.insideMask
            g.outside.mask = g.outsideMask
            for (k, l) in labels.enumerated() {
                let side = labels.count > 1 ? "label \(k + 1)" : "label"
                for (f, name) in [(l.outline, "outline"), (l.inside, "inside"), (l.outside, "outside")] {
                    fullCanvas(f)
                    f.fillColor = nil
                    f.name = "\(side) \(name)"
                }
                l.outline.opacity = Double(l.label.style.outlineColor.a) / 255
                if l.label.style.outlineWidth > 0 { g.outline.addSublayer(l.outline) }
                if l.label.splits {
                    g.inside.addSublayer(l.inside)
                    g.outside.addSublayer(l.outside)
                } else {
                    g.plain.addSublayer(l.outside)
                }
            }
            for layer in [g.outline, g.inside, g.outside, g.plain] where !layer.sublayers.isEmpty { root.addSublayer(layer) }
            return
        }
        for l in labels {
            fullCanvas(l.outline)
            l.outline.fillColor = l.label.style.outlineColor
            root.addSublayer(l.outline)
            for (f, m, color) in [(l.inside, l.insideMask, l.label.style.insideColor), (l.outside, l.outsideMask, l.label.style.color)] {
                fullCanvas(f); fullCanvas(m)
                f.fillColor = color
                // Above or below the container a label is all outside colour: no split.
                f.mask = l.label.splits ? m : nil
                root.addSublayer(f)
            }
        }
        update(index: 0, timestamp: 0)
    }

    /// The display-link callback: the scene's tick, then both polygons at the un-raised level
    /// (`top(0)`); the position animation raises them when the tree is presented.
    public func update(index: Int, timestamp: Double) {
        scene.update(index: index, timestamp: timestamp)
        time = scene.parameters.isTimeBased ? timestamp : Double(index)
        // Un-raised: each wave's level at the ink box's bottom (`top(0)` with height mapping).
        tick += 1
        let slot = tick % 3
        if pathBuffers.isEmpty { pathBuffers = Array(repeating: Array(repeating: Path(), count: 3), count: waves.count + 2) }
        func polygon(_ ys: [Double], buffer k: Int, lift: Double) -> Path {
            let yb = scene.yBottom + lift
            var path = Path()
            swap(&path, &pathBuffers[k][slot])
            path.removeAll(keepingCapacity: true)
            defer { pathBuffers[k][slot] = path }
            path.move(to: Point(0, ys[0] + lift))
            for x in 1 ..< ys.count { path.line(to: Point(Double(x), ys[x] + lift)) }
            path.line(to: Point(Double(ys.count - 1), yb))
            path.line(to: Point(0, yb))
            path.close()
            return path
        }
        for (k, (layer, ys)) in zip(waves, scene.waves).enumerated() {
            let pk = scene.waveProgress(k, progress: scene.state.progress)
            layer.path = polygon(ys, buffer: k, lift: scene.layout.inkBox.maxY - scene.top(progress: pk))
            if casters[k].shadowOpacity > 0 { casters[k].shadowPath = layer.path }
            if scrubsRise {
                // Paused (speed 0) at the level's fraction of the rise, as a scrubber holds it.
                // The level can lie a fraction of a pixel outside the rise (area mapping's empty and full).
                let u = scene.level(progress: pk)
                riseAnimation.to = Point(0, -u * (scene.layout.inkH + 2 * scene.amplitude))
                riseAnimation.timing = MediaTiming(duration: riseDuration, speed: 0, timeOffset: riseDuration, repeatCount: 1, fillMode: .both)
                layer.add(AnyAnimation(riseAnimation), forKey: "rise")
                if casters[k].shadowOpacity > 0 { casters[k].add(AnyAnimation(riseAnimation), forKey: "rise") }
            }
        }
        updateLabel()
    }

    /// Each label's text for this tick; its outline under it, its inside fill masked below the front
    /// wave's surface (as presented), its outside fill above it.
    private func updateLabel() {
        guard !labels.isEmpty else { return }
        let ys = scene.front
        let slot = tick % 3, first = waves.count
        func region(toward y: Double, buffer k: Int) -> Path {
            var r = Path()
            swap(&r, &pathBuffers[first + k][slot])
            r.removeAll(keepingCapacity: true)
            defer { pathBuffers[first + k][slot] = r }
            r.move(to: Point(0, ys[0]))
            for x in 1 ..< ys.count { r.line(to: Point(Double(x), ys[x])) }
            r.line(to: Point(Double(ys.count - 1), y))
            r.line(to: Point(0, y))
            r.close()
            return r
        }
        let far = Double(scene.parameters.height) + 10
        let below = region(toward: max(scene.yBottom, far), buffer: 0), above = region(toward: min(-10, (ys.min() ?? 0) - 10), buffer: 1)
        for l in labels {
            _ = try? l.label.prepare(progress: scene.state.progress)
            let path = (try? l.label.shownPath()) ?? Path()
            l.outline.path = l.label.shownOutlinePath()
            l.inside.path = l.label.splits ? path : Path()
            l.outside.path = path
            l.insideMask.path = below
            l.outsideMask.path = above
        }
    }

    /// Headless tick n: timestamp n / fps.
    public func update(frame n: Int) { update(index: n, timestamp: Double(n) / scene.parameters.fps) }

    /// Renders the current tick with the engine's fast renderer into `pixmap`, which holds what it
    /// drew last (the presentation tree is reused); returns the rows that changed.
    @discardableResult
    public func render(with fast: FastLayerRenderer, into pixmap: inout Pixmap) -> Range<Int> {
        let tree = root.presentation(at: time, reusing: presented)
        presented = tree
        return fast.render(tree, into: &pixmap, width: scene.parameters.width, height: scene.parameters.height)
    }

    /// Renders the presentation tree of the current tick.
    public func render() -> Pixmap {
        renderer.renderPixmap(root.presentation(at: time), width: scene.parameters.width, height: scene.parameters.height)
    }
}

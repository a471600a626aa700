import Animation
import Geometry
import Raster

/// A rectangle of content in a tree, positioned in its superlayer like a `CALayer`.
open class Layer: @unchecked Sendable {
    /// What the layer is called where people see it (exported vector documents name their layers
    /// by it); nil for an unnamed layer.
    public var name: String? {
        get { properties.name }
        set { properties.name = newValue }
    }
    /// The settings whose colours this layer shows, by part (`background`, `fill`, `stroke`,
    /// `text`): a vector export names the colour's slot after the setting, so a designer or a
    /// player's slot API recolours it by the flag's name.
    public var colourSlots: [String: String] = [:]
    /// As another layer's mask: a vector export writes it as clip paths (Lottie layer masks) rather
    /// than a matte wherever those are exact (one opaque filled outline whose pieces do not overlap).
    public var prefersLayerMasks: Bool {
        get { properties.prefersLayerMasks }
        set { properties.prefersLayerMasks = newValue }
    }
    /// Where the anchor point sits in the superlayer's coordinates.
    public final var position: Point {
        get { properties.position }
        set { properties.position = newValue }
    }
    /// The layer's own coordinate space: origin and size.
    public final var bounds: Rect {
        get { properties.bounds }
        set { properties.bounds = newValue }
    }
    /// The point of `bounds` (in unit coordinates) that `position` places and `transform` pivots on.
    public final var anchorPoint: Point {
        get { properties.anchorPoint }
        set { properties.anchorPoint = newValue }
    }
    /// Affine transform about the anchor point.
    public final var transform: Transform {
        get { properties.transform }
        set { properties.transform = newValue }
    }
    /// Multiplies the whole layer (content and sublayers) as a group, 0...1.
    public final var opacity: Double {
        get { properties.opacity }
        set { properties.opacity = newValue }
    }
    /// Hidden layers and their sublayers draw nothing.
    public final var isHidden: Bool {
        get { properties.isHidden }
        set { properties.isHidden = newValue }
    }
    /// Fills `bounds` beneath the content when set.
    public final var backgroundColor: Color? {
        get { properties.backgroundColor }
        set { properties.backgroundColor = newValue }
    }
    /// A layer whose alpha (in this layer's coordinates) masks this layer and its sublayers.
    public var mask: Layer?
    /// Clips the content and sublayers to `bounds` (exact area coverage of the bounds rectangle).
    public final var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { properties.masksToBounds = newValue }
    }
    /// The shadow's colour (Core Animation's default: opaque black).
    public final var shadowColor: Color {
        get { properties.shadowColor }
        set { properties.shadowColor = newValue }
    }
    /// The shadow's opacity, 0...1; 0 (the default) casts none.
    public final var shadowOpacity: Double {
        get { properties.shadowOpacity }
        set { properties.shadowOpacity = newValue }
    }
    /// The shadow's blur radius in the superlayer's units (Core Animation's default: 3); the blur is
    /// `ShadowBlur`'s, with σ = radius / 2, clamped to `ShadowBlur.maxRadius` on the canvas.
    public final var shadowRadius: Double {
        get { properties.shadowRadius }
        set { properties.shadowRadius = newValue }
    }
    /// How far the shadow sits from the layer, in the superlayer's units (Core Animation's default:
    /// (0, -3)); rounded to whole canvas pixels.
    public final var shadowOffset: Point {
        get { properties.shadowOffset }
        set { properties.shadowOffset = newValue }
    }
    /// The shape that casts the shadow, in the layer's coordinates (non-zero fill); nil: the layer's
    /// drawn alpha (content, sublayers, mask and opacity) casts it.
    public var shadowPath: Path? {
        get { properties.shadowPath }
        set { properties.shadowPath = newValue }
    }
    /// The properties above (but the colour slots and the mask) in one value: a presentation copy
    /// takes them in one assignment rather than one class-property write (with its exclusivity
    /// check) each.
    final var properties = LayerProperties() { didSet { version &+= 1 } }
    /// Counts the changes to what `assignProperties` copies (`properties`, a shape layer's `shape`),
    /// the timing and the animations: a presentation copy that holds this layer's properties with no
    /// animation applied is left alone while the count stays where it was (see `updatePresentation`).
    final var version: UInt64 = 0
    /// On a presentation copy: the model layer it holds the plain properties of (no animation wrote
    /// into it) and the two counts then, its model's and its own; nil when animations wrote into it.
    private final var plainCopy: (model: Layer, modelVersion: UInt64, ownVersion: UInt64)?
    /// The layer's own time space within its parent's (`beginTime`, `speed`, `timeOffset`...).
    public var timing = MediaTiming() { didSet { version &+= 1 } }
    /// Children, drawn in order above the content.
    public private(set) var sublayers: [Layer] = []
    /// The parent, if any.
    public private(set) weak var superlayer: Layer?
    /// Animations by key, applied in insertion order.
    public private(set) var animations: [(key: String, animation: AnyAnimation<Layer>)] = [] { didSet { version &+= 1 } }

    /// Identifies the model layer behind this one: itself for a model layer, the layer it was copied
    /// from for a presentation copy. Exporters match a layer across presentation trees by it.
    public var modelIdentity: ObjectIdentifier { properties.copiedFrom ?? ObjectIdentifier(self) }

    /// An empty layer.
    public init() {}

    /// Adds `layer` on top of the existing sublayers (removing it from any previous parent).
    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.append(layer)
    }

    /// Detaches this layer from its parent.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Attaches an animation of any layer property; an existing one with the same key is replaced.
    public func add(_ animation: AnyAnimation<Layer>, forKey key: String) {
        animations.removeAll { $0.key == key }
        animations.append((key, animation))
    }

    /// Attaches an animation of a subclass's property (`\ShapeLayer.fillColor`, say).
    public func add<L: Layer, A: Animating>(_ animation: A, forKey key: String) where A.Root == L {
        let wrapped = AnyAnimation<Layer>.timed(animation.timing, apply: { layer, t in
            guard var typed = layer as? L else { return }
            animation.apply(to: &typed, parentTime: t)
        })
        add(wrapped, forKey: key)
    }

    /// Removes the animation stored under `key`.
    public func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }

    /// Removes every animation.
    public func removeAllAnimations() { animations.removeAll() }

    /// Maps this layer's coordinates into its superlayer's (CA: position, anchor, transform).
    public var transformToSuperlayer: Transform {
        let ax = anchorPoint.x * bounds.width + bounds.minX
        let ay = anchorPoint.y * bounds.height + bounds.minY
        return Transform.translation(-ax, -ay).concatenating(transform).concatenating(.translation(position.x, position.y))
    }

    /// A copy of this layer's own properties (not its sublayers or mask); subclasses extend it.
    open func copyProperties() -> Layer {
        let l = Layer()
        copyBase(to: l)
        return l
    }

    /// Copies the properties `Layer` declares into `other`; subclasses call it from `copyProperties`.
    public final func copyBase(to other: Layer) {
        var p = properties
        p.copiedFrom = modelIdentity
        other.properties = p
        other.timing = timing; other.animations = animations; other.colourSlots = colourSlots
    }

    /// What this layer and its subtree show at `time` (in the parent's time space): a new tree with
    /// every animation applied. The model tree is not changed.
    public func presentation(at time: Double) -> Layer {
        let local = timing.activeLocalTime(parentTime: time)
        var copy = copyProperties()
        for (_, a) in animations { a.apply(to: &copy, parentTime: local) }
        copy.animations = []
        copy.mask = mask?.presentation(at: local)
        for s in sublayers { copy.addSublayer(s.presentation(at: local)) }
        return copy
    }

    /// The same tree as `presentation(at:)`, written into `previous` when it was made from a tree of
    /// this shape (same layer classes, sublayer counts and masks): a player that presents every
    /// frame reuses one tree and allocates nothing once it exists. Returns the tree to use.
    public func presentation(at time: Double, reusing previous: Layer?) -> Layer {
        guard let previous, previous.hasShape(of: self) else { return presentation(at: time) }
        updatePresentation(previous, at: time)
        return previous
    }

    /// The class of the layer `copyProperties()` makes (this layer's own, unless a subclass presents
    /// itself as another class).
    open var presentationType: Layer.Type { type(of: self) }

    private func hasShape(of model: Layer) -> Bool {
        guard type(of: self) == model.presentationType, sublayers.count == model.sublayers.count,
              (mask == nil) == (model.mask == nil) else { return false }
        if let m = mask, let mm = model.mask, !m.hasShape(of: mm) { return false }
        for k in sublayers.indices where !sublayers[k].hasShape(of: model.sublayers[k]) { return false }
        return true
    }

    private func updatePresentation(_ target: Layer, at time: Double) {
        let local = timing.activeLocalTime(parentTime: time)
        // A layer no animation writes into now whose copy holds its plain properties from a time
        // when none wrote either, with neither changed since (a finished or unborn particle, a
        // glyph at rest): its copy is left as it is.
        var quiet = copiesOnlyPlainProperties
        if quiet {
            for (_, a) in animations where a.writes(parentTime: local) { quiet = false; break }
        }
        if quiet, let p = target.plainCopy, p.model === self, p.modelVersion == version, p.ownVersion == target.version {
            // Unchanged.
        } else {
            assignProperties(to: target)
            target.timing = timing
            var t = target
            for (_, a) in animations { a.apply(to: &t, parentTime: local) }
            target.plainCopy = quiet ? (self, version, target.version) : nil
        }
        if let m = mask, let tm = target.mask { m.updatePresentation(tm, at: local) }
        for k in sublayers.indices { sublayers[k].updatePresentation(target.sublayers[k], at: local) }
    }

    /// Whether everything `assignProperties` copies is counted by `version`: true for the layer
    /// classes of this module whose copies hold nothing but `properties` (and a shape layer's
    /// `shape`); a subclass with properties of its own is copied every time.
    private var copiesOnlyPlainProperties: Bool {
        let t = type(of: self)
        return t == Layer.self || t == ShapeLayer.self || t == EmitterLayer.self
    }

    /// Writes this layer's own properties (not its sublayers, mask or animations) into `other`, which
    /// has the same class; subclasses add theirs and call `super`.
    open func assignProperties(to other: Layer) {
        var p = properties
        p.copiedFrom = modelIdentity
        other.properties = p
    }

    /// True when the layer casts a shadow (opacity above 0, a visible colour, finite settings).
    public var castsShadow: Bool {
        shadowOpacity > 0 && shadowOpacity.isFinite && shadowColor.a > 0 && shadowRadius.isFinite && shadowRadius >= 0
            && shadowOffset.x.isFinite && shadowOffset.y.isFinite
    }

    /// Draws this layer's own content (not background, not sublayers) with `ctm` mapping its
    /// coordinates to the canvas. The base layer has none.
    open func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {}

    /// Describes this layer's own content (not background, not sublayers) to the fast renderer: the
    /// same shapes and paints `drawContent` draws, with `ctm` mapping the layer to the canvas. A
    /// subclass that draws content overrides both. The base layer has none.
    open func emitContent(into sink: inout LayerContentSink, ctm: Transform) {}
}

/// A layer's own properties (see `Layer`), kept together so that they are copied as one value.
struct LayerProperties {
    var name: String?
    var prefersLayerMasks = false
    var position = Point.zero
    var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    var anchorPoint = Point(0.5, 0.5)
    var transform = Transform.identity
    var opacity = 1.0
    var isHidden = false
    var backgroundColor: Color?
    var masksToBounds = false
    var shadowColor: Color = .black
    var shadowOpacity = 0.0
    var shadowRadius = 3.0
    var shadowOffset = Point(0, -3)
    var shadowPath: Path?
    /// The model layer a presentation copy was made from (nil on a model layer).
    var copiedFrom: ObjectIdentifier?
}

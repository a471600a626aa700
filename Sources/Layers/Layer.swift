import Animation
import Geometry
import Raster

/// A rectangle of content in a tree, positioned in its superlayer like a `CALayer`.
open class Layer: @unchecked Sendable {
    /// What the layer is called where people see it (exported vector documents name their layers
    /// by it); nil for an unnamed layer.
    public var name: String?
    /// The settings whose colours this layer shows, by part (`background`, `fill`, `stroke`,
    /// `text`): a vector export names the colour's slot after the setting, so a designer or a
    /// player's slot API recolours it by the flag's name.
    public var colourSlots: [String: String] = [:]
    /// As another layer's mask: a vector export writes it as clip paths (Lottie layer masks) rather
    /// than a matte wherever those are exact (one opaque filled outline whose pieces do not overlap).
    public var prefersLayerMasks = false
    /// Where the anchor point sits in the superlayer's coordinates.
    public final var position = Point.zero
    /// The layer's own coordinate space: origin and size.
    public final var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The point of `bounds` (in unit coordinates) that `position` places and `transform` pivots on.
    public final var anchorPoint = Point(0.5, 0.5)
    /// Affine transform about the anchor point.
    public final var transform = Transform.identity
    /// Multiplies the whole layer (content and sublayers) as a group, 0...1.
    public final var opacity = 1.0
    /// Hidden layers and their sublayers draw nothing.
    public final var isHidden = false
    /// Fills `bounds` beneath the content when set.
    public final var backgroundColor: Color?
    /// A layer whose alpha (in this layer's coordinates) masks this layer and its sublayers.
    public var mask: Layer?
    /// Clips the content and sublayers to `bounds` (exact area coverage of the bounds rectangle).
    public final var masksToBounds = false
    /// The shadow's colour (Core Animation's default: opaque black).
    public final var shadowColor: Color = .black
    /// The shadow's opacity, 0...1; 0 (the default) casts none.
    public final var shadowOpacity = 0.0
    /// The shadow's blur radius in the superlayer's units (Core Animation's default: 3); the blur is
    /// `ShadowBlur`'s, with σ = radius / 2, clamped to `ShadowBlur.maxRadius` on the canvas.
    public final var shadowRadius = 3.0
    /// How far the shadow sits from the layer, in the superlayer's units (Core Animation's default:
    /// (0, -3)); rounded to whole canvas pixels.
    public final var shadowOffset = Point(0, -3)
    /// The shape that casts the shadow, in the layer's coordinates (non-zero fill); nil: the layer's
    /// drawn alpha (content, sublayers, mask and opacity) casts it.
    public var shadowPath: Path?
    /// The layer's own time space within its parent's (`beginTime`, `speed`, `timeOffset`...).
    public var timing = MediaTiming()
    /// Children, drawn in order above the content.
    public private(set) var sublayers: [Layer] = []
    /// The parent, if any.
    public private(set) weak var superlayer: Layer?
    /// Animations by key, applied in insertion order.
    public private(set) var animations: [(key: String, animation: AnyAnimation<Layer>)] = []

    /// The model layer this presentation copy was made from (nil on a model layer).
    private var copiedFrom: ObjectIdentifier?

    /// Identifies the model layer behind this one: itself for a model layer, the layer it was copied
    /// from for a presentation copy. Exporters match a layer across presentation trees by it.
    public var modelIdentity: ObjectIdentifier { copiedFrom ?? ObjectIdentifier(self) }

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
        let wrapped = AnyAnimation<Layer>(timing: animation.timing) { layer, t in
            guard var typed = layer as? L else { return }
            animation.apply(to: &typed, parentTime: t)
        }
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
        other.position = position; other.bounds = bounds; other.anchorPoint = anchorPoint
        other.transform = transform; other.opacity = opacity; other.isHidden = isHidden
        other.backgroundColor = backgroundColor; other.timing = timing; other.animations = animations
        other.masksToBounds = masksToBounds; other.name = name; other.colourSlots = colourSlots
        other.prefersLayerMasks = prefersLayerMasks
        other.copiedFrom = modelIdentity
        assignShadow(to: other)
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

    private func hasShape(of model: Layer) -> Bool {
        guard type(of: self) == type(of: model), sublayers.count == model.sublayers.count,
              (mask == nil) == (model.mask == nil) else { return false }
        if let m = mask, let mm = model.mask, !m.hasShape(of: mm) { return false }
        for k in sublayers.indices where !sublayers[k].hasShape(of: model.sublayers[k]) { return false }
        return true
    }

    private func updatePresentation(_ target: Layer, at time: Double) {
        let local = timing.activeLocalTime(parentTime: time)
        assignProperties(to: target)
        target.timing = timing
        var t = target
        for (_, a) in animations { a.apply(to: &t, parentTime: local) }
        if let m = mask, let tm = target.mask { m.updatePresentation(tm, at: local) }
        for k in sublayers.indices { sublayers[k].updatePresentation(target.sublayers[k], at: local) }
    }

    /// Writes this layer's own properties (not its sublayers, mask or animations) into `other`, which
    /// has the same class; subclasses add theirs and call `super`.
    open func assignProperties(to other: Layer) {
        other.position = position; other.bounds = bounds; other.anchorPoint = anchorPoint
        other.transform = transform; other.opacity = opacity; other.isHidden = isHidden
        other.backgroundColor = backgroundColor; other.masksToBounds = masksToBounds
        other.name = name; other.copiedFrom = modelIdentity
        assignShadow(to: other)
    }

    private func assignShadow(to other: Layer) {
        other.shadowColor = shadowColor; other.shadowOpacity = shadowOpacity; other.shadowRadius = shadowRadius
        other.shadowOffset = shadowOffset; other.shadowPath = shadowPath
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

import Geometry
import Layers
import Vector

/// A layer tree's animation sampled at whole frames, for exporters that write it as keyframes.
///
/// Frame k (0...n) is the presentation tree at `time(k)`; each frame is also sampled just before it
/// (`time(k - 1e-4)`), so a value that jumps at a frame (a scroll wrapping, a text changing) is told
/// from a fast movement. Layers are matched across frames by their model layer
/// (`Layer.modelIdentity`), so layers may come and go: a layer absent from a frame is invisible
/// there. Sublayers keep the order they are drawn in.
public final class LayerSampling {
    /// One model layer across the frames.
    public final class Node {
        /// The model layer it stands for.
        public let identity: ObjectIdentifier
        /// Per frame 0...n: the presented layer and its layer-to-canvas transform (nil where absent).
        public internal(set) var samples: [(layer: Layer, ctm: Transform)?]
        /// Per frame: the same just before it (index 0 is not sampled).
        public internal(set) var before: [(layer: Layer, ctm: Transform)?]
        /// Sublayers in drawing order (every one seen in any frame).
        public internal(set) var children: [Node] = []
        /// The mask layer's node, if the layer had a mask in any frame.
        public internal(set) var mask: Node?
        /// The sampling the node belongs to, which presents the tree at fractional frames.
        weak var owner: LayerSampling?

        init(identity: ObjectIdentifier, frames: Int) {
            self.identity = identity
            samples = Array(repeating: nil, count: frames)
            before = Array(repeating: nil, count: frames)
        }

        /// The presented layer of some frame (the first where present).
        public var any: Layer? { samples.lazy.compactMap { $0?.layer }.first ?? before.lazy.compactMap { $0?.layer }.first }

        /// `value` of each frame's sample and of the sample just before it, with frames where the layer
        /// is absent taking the nearest present frame's value (`absent` when it never is).
        public func track<T>(_ value: (Layer, Transform) -> T, absent: T) -> (samples: [T], before: [T]) {
            let n = samples.count
            var s = samples.map { $0.map { value($0.layer, $0.ctm) } }
            var b = before.map { $0.map { value($0.layer, $0.ctm) } }
            // Carry values forward, then backward, through absent frames (before[k] sits between
            // samples k - 1 and k).
            var last: T?
            for k in 0 ..< n {
                if k > 0 { if let v = b[k] { last = v } else { b[k] = last } }
                if let v = s[k] { last = v } else { s[k] = last }
            }
            var next: T?
            for k in stride(from: n - 1, through: 0, by: -1) {
                if let v = s[k] { next = v } else { s[k] = next }
                if k > 0 { if let v = b[k] { next = v } else { b[k] = next } }
            }
            return (s.map { $0 ?? absent }, b.map { $0 ?? absent })
        }

        /// The presented layer and its transform to the canvas at a fractional `frame` (nil where
        /// absent), for finding where a motion starts and ends between frames.
        public func sample(at frame: Double) -> (layer: Layer, ctm: Transform)? {
            owner?.sample(identity, at: frame)
        }

        /// Whether the layer is present (in the tree) at each frame and just before it.
        public var presence: (samples: [Bool], before: [Bool]) {
            (samples.map { $0 != nil }, before.map { $0 != nil })
        }
    }

    /// Number of frames sampled (n + 1 for frames 0...n).
    public let frameCount: Int
    /// The top-level layers (a scene may show different trees at different times), in order of
    /// appearance.
    public private(set) var roots: [Node] = []
    private var nodes: [ObjectIdentifier: Node] = [:]
    private let time: (Double) -> Double
    private let tree: (Double) -> Layer
    /// Trees presented at fractional frames, by frame: each model layer's presented layer and
    /// transform.
    private var probes: [Double: [ObjectIdentifier: (layer: Layer, ctm: Transform)]] = [:]

    /// The most presented layers a sampling keeps (every layer of every frame and of the sample
    /// just before it): about 700 bytes each, so a sampling stays under 1 GB.
    public static let maxLayerSamples = 1_000_000

    /// Samples `tree(time)` at `time(k)` for k in 0...`lastFrame` (and just before each); keeps
    /// both to present the tree between frames (`Node.sample(at:)`). Throws `VectorExportError`
    /// (setting `frames`) as soon as the frames hold more than `maxLayerSamples` layers.
    public init(lastFrame: Int, time: @escaping (Double) -> Double, tree: @escaping (Double) -> Layer) throws {
        self.time = time
        self.tree = tree
        frameCount = lastFrame + 1
        func refuse(perFrame: Int) -> VectorExportError {
            VectorExportError("\(lastFrame) frames of this scene hold about \(perFrame) layers each (twice sampled), over a vector export's budget of \(Self.maxLayerSamples) layers in all: at most \(max(1, Self.maxLayerSamples / max(1, perFrame) - 1)) frames; export fewer frames, or a video format", setting: "frames")
        }
        // Before the work: the first frame's layers, sampled twice per frame.
        func count(_ l: Layer) -> Int { l.sublayers.reduce(1 + (l.mask.map(count) ?? 0)) { $0 + count($1) } }
        let first = 2 * count(tree(time(0)))
        if first * frameCount > Self.maxLayerSamples { throw refuse(perFrame: first) }
        // During it, for a tree that grows.
        for k in 0 ... lastFrame {
            if k > 0 { add(tree(time(Double(k) - 1e-4)), frame: k, before: true) }
            add(tree(time(Double(k))), frame: k, before: false)
            if layerSamples > Self.maxLayerSamples { throw refuse(perFrame: layerSamples / (k + 1)) }
        }
    }

    /// Presented layers kept so far.
    private var layerSamples = 0

    /// The presented layer of `identity` and its transform at a fractional frame.
    func sample(_ identity: ObjectIdentifier, at frame: Double) -> (layer: Layer, ctm: Transform)? {
        if let known = probes[frame] { return known[identity] }
        var found: [ObjectIdentifier: (layer: Layer, ctm: Transform)] = [:]
        func walk(_ l: Layer, _ parent: Transform) {
            let ctm = l.transformToSuperlayer.concatenating(parent)
            found[l.modelIdentity] = (l, ctm)
            if let m = l.mask { walk(m, ctm) }
            for s in l.sublayers { walk(s, ctm) }
        }
        walk(tree(time(frame)), .identity)
        if probes.count >= 512 { probes.removeAll(keepingCapacity: true) }
        probes[frame] = found
        return found[identity]
    }

    private func add(_ root: Layer, frame: Int, before: Bool) {
        let node = visit(root, ctm: .identity, frame: frame, before: before)
        if !roots.contains(where: { $0 === node }) { roots.append(node) }
    }

    /// Puts `node` in `list` just after `previous` (first when nil) unless it is there already, and
    /// makes it the previous.
    private func insert(_ node: Node, into list: inout [Node], after previous: inout Node?) {
        if !list.contains(where: { $0 === node }) {
            let at = previous.flatMap { p in list.firstIndex { $0 === p } }.map { $0 + 1 } ?? 0
            list.insert(node, at: at)
        }
        previous = node
    }

    private func visit(_ layer: Layer, ctm parent: Transform, frame: Int, before: Bool) -> Node {
        layerSamples += 1
        let id = layer.modelIdentity
        let node = nodes[id] ?? Node(identity: id, frames: frameCount)
        node.owner = self
        nodes[id] = node
        let ctm = layer.transformToSuperlayer.concatenating(parent)
        if before { node.before[frame] = (layer, ctm) } else { node.samples[frame] = (layer, ctm) }
        if let m = layer.mask { node.mask = visit(m, ctm: ctm, frame: frame, before: before) }
        var previous: Node?
        for s in layer.sublayers {
            let child = visit(s, ctm: ctm, frame: frame, before: before)
            insert(child, into: &node.children, after: &previous)
        }
        return node
    }
}

import Animation
import Geometry
import Raster

/// A particle emitter, our counterpart of `CAEmitterLayer`: while it emits, each cell gives birth to
/// particles at its birth rate; a particle lives its lifetime, leaves the emitter at its velocity in
/// its emission angle, accelerates, scales, fades and spins at the cell's speeds, and is drawn as the
/// cell's shape in the cell's colour.
///
/// It is deterministic: particle i of a cell (born at i / birthRate after the emitter starts) takes
/// its random values from the seed, the cell's index and i alone, so any frame is a pure function of
/// time. `build()` turns the particles into ordinary shape layers with explicit animations (their
/// motion sampled 60 times a second of their life), so both renderers draw them and the vector
/// exporters carry them like any other layer; a particle is transparent outside its life.
public final class EmitterLayer: Layer, @unchecked Sendable {
    /// One kind of particle.
    public struct Cell: Sendable {
        /// Particles born per second while the emitter emits.
        public var birthRate = 10.0
        /// Seconds a particle lives, plus or minus `lifetimeRange`.
        public var lifetime = 1.0
        public var lifetimeRange = 0.0
        /// Speed at birth, pixels per second, plus or minus `velocityRange`.
        public var velocity = 0.0
        public var velocityRange = 0.0
        /// Direction of the velocity, radians (0: +x, pi / 2: +y, down on the canvas), plus or minus
        /// `emissionRange`.
        public var emissionLongitude = 0.0
        public var emissionRange = 0.0
        /// Acceleration, pixels per second squared.
        public var acceleration = Point.zero
        /// Scale of the shape at birth, plus or minus `scaleRange`, and its change per second.
        public var scale = 1.0
        public var scaleRange = 0.0
        public var scaleSpeed = 0.0
        /// Opacity change per second (opacity starts at 1 and stops at 0).
        public var alphaSpeed = 0.0
        /// Turn per second, radians, plus or minus `spinRange`.
        public var spin = 0.0
        public var spinRange = 0.0
        /// The particle's colour.
        public var color = Color.black
        /// The particle's shape, centred on (0, 0), at scale 1.
        public var shape = Path()
        /// A cell.
        public init() {}
    }

    /// Where particles are born: a rectangle (a point or a line when thin), in the layer's space.
    public var emitterRect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The kinds of particle.
    public var cells: [Cell] = []
    /// The seed of every particle's random values.
    public var seed: UInt64 = 1
    /// When the emitter starts emitting, seconds of its parent's time, and for how long.
    public var emitBegin = 0.0
    public var emitDuration = 1.0

    /// The most particles one emitter makes.
    public static let maxParticles = 2_000
    /// Samples of a particle's motion per second of its life.
    public static let samplesPerSecond = 60.0

    /// An emitter with no cells.
    public override init() { super.init() }

    /// Presented as a plain layer holding its particles (`copyProperties` is `Layer`'s).
    public override var presentationType: Layer.Type { Layer.self }

    /// How many particles `build()` makes.
    public var particleCount: Int {
        cells.reduce(0) { $0 + Int((max($1.birthRate, 0) * max(emitDuration, 0)).rounded(.up)) }
    }

    /// Particle `index` of cell `cell`: its birth time (relative to `emitBegin`), lifetime and the
    /// state at `age` seconds: centre, scale, opacity and turn.
    public func particle(cell k: Int, index i: Int) -> Particle {
        let c = cells[k]
        var r = Random(seed ^ (UInt64(k) &* 0xD1B5_4A32_D192_ED03) ^ (UInt64(i) &* 0x9E37_79B9_7F4A_7C15))
        let life = max(c.lifetime + c.lifetimeRange * r.signed(), 1e-3)
        let speed = c.velocity + c.velocityRange * r.signed()
        let angle = c.emissionLongitude + c.emissionRange * r.signed()
        let origin = Point(emitterRect.minX + emitterRect.width * r.unit(), emitterRect.minY + emitterRect.height * r.unit())
        let scale = c.scale + c.scaleRange * r.signed()
        let spin = c.spin + c.spinRange * r.signed()
        return Particle(birth: Double(i) / c.birthRate, lifetime: life, origin: origin,
                        velocity: Point(Double.cosine(angle), Double.sine(angle)) * speed, acceleration: c.acceleration,
                        scale: scale, scaleSpeed: c.scaleSpeed, alphaSpeed: c.alphaSpeed, spin: spin)
    }

    /// One particle's path through its life.
    public struct Particle: Sendable, Equatable {
        public var birth: Double, lifetime: Double
        public var origin: Point, velocity: Point, acceleration: Point
        public var scale: Double, scaleSpeed: Double, alphaSpeed: Double, spin: Double

        /// Centre, scale, opacity and turn at `age` seconds.
        public func state(age: Double) -> (center: Point, scale: Double, opacity: Double, turn: Double) {
            let a = min(max(age, 0), lifetime)
            return (origin + velocity * a + acceleration * (a * a / 2), max(scale + scaleSpeed * a, 0),
                    min(max(1 + alphaSpeed * a, 0), 1), spin * a)
        }
    }

    /// Replaces the sublayers with the particles: one shape layer each, animated through its life.
    /// Throws when the cells would make more than `maxParticles`.
    public func build() throws {
        for l in sublayers { l.removeFromSuperlayer() }
        guard particleCount <= Self.maxParticles else {
            throw EmitterError(description: "\(particleCount) particles are more than \(Self.maxParticles)")
        }
        for (k, c) in cells.enumerated() {
            let n = Int((max(c.birthRate, 0) * max(emitDuration, 0)).rounded(.up))
            let box = c.shape.controlBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
            for i in 0 ..< n {
                let p = particle(cell: k, index: i)
                let l = ShapeLayer()
                l.name = "particle \(k + 1).\(i + 1)"
                l.bounds = box
                l.anchorPoint = Point(box.width > 0 ? -box.minX / box.width : 0.5, box.height > 0 ? -box.minY / box.height : 0.5)
                l.path = c.shape
                l.fillColor = c.color
                l.strokeColor = nil
                l.opacity = 0
                let steps = max(Int((p.lifetime * Self.samplesPerSecond).rounded(.up)), 1)
                var centres: [Point] = [], opacities: [Double] = [], parts: [TransformParts] = []
                for s in 0 ... steps {
                    let st = p.state(age: p.lifetime * Double(s) / Double(steps))
                    centres.append(st.center); opacities.append(st.opacity)
                    parts.append(TransformParts(rotation: st.turn, scale: Point(st.scale, st.scale)))
                }
                l.position = centres[0]
                let inner = MediaTiming(duration: p.lifetime)
                let group = AnimationGroup<Layer>(timing: MediaTiming(beginTime: emitBegin + p.birth, duration: p.lifetime), animations: [
                    AnyAnimation(try KeyframeAnimation<Layer, Point>(keyPath: \Layer.position, values: centres, timing: inner)),
                    AnyAnimation(try KeyframeAnimation<Layer, Double>(keyPath: \Layer.opacity, values: opacities, timing: inner)),
                    AnyAnimation(try KeyframeAnimation<Layer, TransformParts>(keyPath: \Layer.transformParts, values: parts, timing: inner)),
                ])
                l.add(AnyAnimation(group), forKey: "life")
                addSublayer(l)
            }
        }
    }

    /// A small SplitMix64: the same sequence on every platform.
    struct Random {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// Uniform in 0 ... 1.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        /// Uniform in -1 ... 1.
        mutating func signed() -> Double { 2 * unit() - 1 }
    }
}

/// Why an emitter could not be built.
public struct EmitterError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

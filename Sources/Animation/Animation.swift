// Animation: Core Animation's timing model as pure functions.
//
// Owns: `MediaTiming` (parent time -> local time: begin, speed, offset, repeat, autoreverse, fill),
// `TimingFunction` (cubic-bezier easing), `Interpolatable` values, the animations that turn a local
// time into a presented value (`BasicAnimation`, `KeyframeAnimation`, `AnimationGroup`, type-erased as
// `AnyAnimation`), and the frame clocks that produce ticks (`FrameClock`, `VirtualClock`, `DisplayLink`).
//
// Must not: read a wall clock, keep hidden state between frames, or mutate a model. Every value here
// is a function of (model, time), so frame n can be computed alone, in any order, and tested exactly.
// It knows nothing of layers, pixels, SDL or C; time is seconds as `Double`, computed from frame
// indices (never accumulated) so that `n / fps` style times do not drift.
//
// Nesting: a child's parent time is its parent's local time. Layers nest with the linear part only
// (`MediaTiming.activeLocalTime(parentTime:)`, as CA's `convertTime`); animations use the full
// `MediaTiming.localTime(parentTime:)`, and an `AnimationGroup` feeds its local time to its children.

/// Something that writes a presented value into a `Root` at a given parent time.
///
/// Implementations are pure: `apply` reads the value currently in `root` (the model value, or what
/// animations applied before it wrote) and writes the presented value, or leaves `root` untouched
/// while the animation is not active and not filling.
public protocol Animating<Root>: Sendable {
    /// The type whose properties the animation drives (a layer, a scene state, ...).
    associatedtype Root
    /// When and how fast the animation runs, relative to its parent's time.
    var timing: MediaTiming { get }
    /// Writes the presented value for `parentTime` into `root`, or leaves it alone when inactive.
    func apply(to root: inout Root, parentTime: Double)
}

/// A root type whose properties an animation can write through a plain function rather than its key
/// path: a key-path write into a class instance allocates on every write, which a per-frame path
/// must not. Animations of key paths look the function up once, when they are made.
public protocol PropertySetting {
    /// A function writing `keyPath`'s value into a root of type `R` (this type or a subclass of it),
    /// or nil to write through the key path.
    static func setter<R, Value>(for keyPath: WritableKeyPath<R, Value>) -> (@Sendable (inout R, Value) -> Void)?
}

/// The setter `R` offers for `keyPath` when `R` is `PropertySetting`, else nil.
func propertySetter<R, Value>(_ keyPath: WritableKeyPath<R, Value>) -> (@Sendable (inout R, Value) -> Void)? {
    guard let t = R.self as? any PropertySetting.Type else { return nil }
    return t.setter(for: keyPath)
}

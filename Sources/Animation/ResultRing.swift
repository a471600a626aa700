import Synchronization

/// The last `size` values an animation handed out, each written into again `size` evaluations
/// later. A renderer holds a frame's values for a frame or two (to compare with the next); by the
/// time a slot comes round again nobody else holds its storage, so the blend is written in place
/// and nothing is allocated. Where someone still holds it, copy-on-write makes a new one: values
/// handed out never change.
final class ResultRing<Value: Interpolatable>: Sendable {
    private struct Slots: ~Copyable {
        var values: [Value?]
        var next = 0
    }

    static var size: Int { 4 }
    private let slots: Mutex<Slots>

    init() { slots = Mutex(Slots(values: Array(repeating: nil, count: Self.size))) }

    /// `Value.interpolate(a, b, t)`, written into the oldest slot.
    func interpolate(_ a: Value, _ b: Value, _ t: Double) -> Value {
        slots.withLock { s in
            let k = s.next
            s.next = (k + 1) % Self.size
            if s.values[k] == nil {
                s.values[k] = Value.interpolate(a, b, t)
            } else {
                Value.interpolate(a, b, t, into: &s.values[k]!)
            }
            return s.values[k]!
        }
    }
}

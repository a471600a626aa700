/// SplitMix64: a small seeded generator whose sequence is the same on every platform (the morph's
/// random durations and delays must not change with the standard library).
public struct SceneRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A uniform value in `range` from the top 53 bits (exactly reproducible).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let u = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * u
    }
}

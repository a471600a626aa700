// TestSupport: what tests share. A seeded random generator (failing seeds are printed so they can
// be replayed), image comparison with a stated tolerance, golden files, and the built executable.

/// SplitMix64: small, fast and reproducible across platforms, unlike the system generator.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// The seed this generator started from (print it on failure).
    public let seed: UInt64
    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed; self.seed = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A uniform Double in `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    /// A uniform Int in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

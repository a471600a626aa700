#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Double {
    /// `cos(x)` from the C library, so results match other C-library renderers bit for bit.
    @inlinable public static func cosine(_ x: Double) -> Double { cos(x) }
    /// `sin(x)` from the C library.
    @inlinable public static func sine(_ x: Double) -> Double { sin(x) }
    /// `acos(x)` from the C library.
    @inlinable public static func arcCosine(_ x: Double) -> Double { acos(x) }
    /// `atan2(y, x)` from the C library: the angle of (x, y), -pi ... pi.
    @inlinable public static func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
}

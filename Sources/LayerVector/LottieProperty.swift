import Geometry
import Raster
import Vector

/// How sampled values are spelled as Lottie properties: static values, keyframes, colours and the
/// transform of a shape group.
enum LottieProperty {
    /// `{"a": 0, "k": value}` (a number for one component).
    static func fixed(_ v: [Double], _ json: ([Double]) -> JSONValue = numbers) -> JSONValue {
        .object([("a", .integer(0)), ("k", v.count == 1 ? scalar(v[0], json) : json(v))])
    }

    /// A property from a track: static when constant, else keyframes with their easing (`o` the
    /// easing's first control point, `i` its second; linear when the key has none; `h: 1` where the
    /// track holds).
    static func animated(_ track: SampledTrack, _ json: ([Double]) -> JSONValue = numbers) -> JSONValue {
        if track.isConstant { return fixed(track.keys[0].value, json) }
        let keys = track.keys
        var out: [JSONValue] = []
        for (i, key) in keys.enumerated() {
            var k: [(String, JSONValue)] = [("t", .number(key.time)), ("s", json(key.value))]
            if i + 1 < keys.count {
                if key.hold {
                    k.append(("h", .integer(1)))
                } else {
                    // "e" for players of the pre-5.5 schema; newer ones read the next "s".
                    k.append(("e", json(keys[i + 1].value)))
                    let e = key.easing ?? .linear
                    k.append(("i", .object([("x", .number(e.c2x)), ("y", .number(e.c2y))])))
                    k.append(("o", .object([("x", .number(e.c1x)), ("y", .number(e.c1y))])))
                }
            }
            out.append(.object(k))
        }
        return .object([("a", .integer(1)), ("k", .array(out))])
    }

    static func numbers(_ v: [Double]) -> JSONValue { .numbers(v) }

    private static func scalar(_ v: Double, _ json: ([Double]) -> JSONValue) -> JSONValue {
        if case .array(let items) = json([v]), let first = items.first { return first }
        return .number(v)
    }

    /// Numbers with six decimals (gradient stops).
    static func sixDecimals(_ v: [Double]) -> JSONValue { .array(v.map { .decimal($0, decimals: 6) }) }

    /// True when `m` shears (its columns are not perpendicular): it then needs a second rotation.
    static func isSheared(_ m: Transform) -> Bool {
        abs(m.a * m.c + m.b * m.d) > 1e-9 * max(1, m.a * m.a + m.b * m.b, m.c * m.c + m.d * m.d)
    }

    /// `m` as [position x, y, rotation (degrees, clockwise on screen), scale x, y (%), inner rotation
    /// (degrees)]: m = translate(position) . rotate(rotation) . scale . rotate(inner). Without shear
    /// the inner rotation is 0 (scale y is negative for a mirror image); with it (`sheared`) the
    /// linear part is split by its singular values.
    static func parts(_ m: Transform, sheared: Bool) -> [Double] {
        let deg = 180 / Double.pi
        guard sheared else {
            let sx = (m.a * m.a + m.b * m.b).squareRoot()
            guard sx > 1e-12, sx.isFinite else { return [m.tx, m.ty, 0, 0, 0, 0] }
            let sy = (m.a * m.d - m.b * m.c) / sx
            return [m.tx, m.ty, atan2(m.b, m.a) * deg, sx * 100, sy * 100, 0]
        }
        // m = R(phi) . diag(s1, s2) . R(beta), with R(t) = [[cos t, -sin t], [sin t, cos t]] acting on
        // column vectors (x' = a x + c y, y' = b x + d y).
        let e = (m.a + m.d) / 2, f = (m.a - m.d) / 2, g = (m.b + m.c) / 2, h = (m.b - m.c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let a1 = atan2(g, f), a2 = atan2(h, e)
        return [m.tx, m.ty, (a2 + a1) / 2 * deg, (q + r) * 100, (q - r) * 100, (a2 - a1) / 2 * deg]
    }

    /// Rotations of consecutive samples (frame k's `before` comes between samples k - 1 and k)
    /// unwrapped so that none turns by more than half a turn from the last.
    static func unwrapRotation(_ s: inout [[Double]], _ b: inout [[Double]], index: Int) {
        var last: Double?
        func fix(_ v: inout [Double]) {
            if let l = last { v[index] += 360 * ((l - v[index]) / 360).rounded() }
            last = v[index]
        }
        for k in s.indices {
            if k > 0 { fix(&b[k]) }
            fix(&s[k])
        }
    }

    /// A shape group's transform that leaves its content where it is.
    static let identityTransform: JSONValue = .object([
        ("ty", .string("tr")), ("nm", .string("transform")), ("p", fixed([0, 0])), ("a", fixed([0, 0])),
        ("s", fixed([100, 100])), ("r", fixed([0])), ("o", fixed([100])), ("sk", fixed([0])), ("sa", fixed([0])),
    ])

    /// A shape group's transform (`"ty": "tr"`) from a sampled transform, with the inner rotation's
    /// transform when it shears.
    static func groupTransform(_ t: SampledTransform) -> GroupTransform {
        func tr(p: JSONValue, a: [Double], s: JSONValue, r: JSONValue) -> JSONValue {
            .object([
                ("ty", .string("tr")), ("nm", .string("transform")), ("p", p), ("a", fixed(a)), ("s", s),
                ("r", r), ("o", fixed([100])), ("sk", fixed([0])), ("sa", fixed([0])),
            ])
        }
        // The anchor is the innermost transform's: m = T(p) R S [R(inner)] T(-anchor).
        let outer = tr(p: animated(t.position), a: t.sheared ? [0, 0] : t.anchor, s: animated(t.scale), r: animated(t.rotation))
        return GroupTransform(outer: outer, inner: t.sheared ? tr(p: fixed([0, 0]), a: t.anchor, s: fixed([100, 100]), r: animated(t.inner)) : nil)
    }
}

/// A shape group's transform, and the one of a group inside it when the transform shears.
struct GroupTransform {
    var outer: JSONValue
    var inner: JSONValue?
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

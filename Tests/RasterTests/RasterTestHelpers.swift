import Geometry
import Raster

/// Closed polylines from contours given as `(x, y)` pairs.
func polylines(_ contours: [(Double, Double)]...) -> Polylines {
    polylines(contours.map { $0.map { Point($0.0, $0.1) } })
}

/// Closed polylines from contours of points.
func polylines(_ contours: [[Point]]) -> Polylines {
    var p = Polylines()
    for c in contours {
        p.starts.append(p.points.count)
        p.points.append(contentsOf: c)
    }
    return p
}

/// The largest per-pixel difference and where it is.
struct Difference: CustomStringConvertible {
    var max: Float = 0
    var x = -1, y = -1
    var a: Float = 0, b: Float = 0
    var description: String { "max diff \(max) at (\(x), \(y)): \(a) vs \(b)" }
}

func difference(_ a: Coverage, _ b: Coverage) -> Difference {
    precondition(a.width == b.width && a.height == b.height)
    var d = Difference()
    for y in 0 ..< a.height {
        for x in 0 ..< a.width {
            let e = abs(a[x, y] - b[x, y])
            if e > d.max { d = Difference(max: e, x: x, y: y, a: a[x, y], b: b[x, y]) }
        }
    }
    return d
}

/// True when every value is within 0...1 (the rasterizer clamps).
func isInUnitRange(_ c: Coverage) -> Bool { c.values.allSatisfy { $0 >= 0 && $0 <= 1 } }

/// How far the exact rasterizer may be from `ReferenceRasterizer` per pixel.
///
/// The oracle's only error is the midpoint rule over its sub-scanlines: each sub-scanline stands
/// for a band of height `1/samples`, and the inside length (at most 1) is linear in y across the
/// band unless a vertex, a crossing or a horizontal edge lies in it, so each such band is off by
/// less than `1/samples`. Bands holding more than one of them within one pixel are rare, and the
/// error of a kink is much smaller than that of a jump, so `1/samples` is allowed once, plus
/// SCENE.md's 1/255 for everything else (the rasterizer itself is exact to ~1e-7).
enum RasterTolerance {
    static func oracle(samples: Int) -> Float { 1 / 255 + 1 / Float(samples) }
}

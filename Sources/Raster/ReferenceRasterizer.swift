import Geometry

/// The slow oracle the Rasterizer is checked against: horizontal sub-scanlines, exact in x.
///
/// It shares no code with the Rasterizer. On each sub-scanline the crossings of all edges are sorted
/// and walked with the fill rule, and the exact inside length within each pixel's `[i, i+1]` is
/// added. Its only error is the midpoint rule in y: at most `1/samples` per pixel for each place in
/// the pixel where the inside length stops being linear in y (a vertex, a crossing, a horizontal
/// edge), and usually far less.
public enum ReferenceRasterizer {
    /// Slow oracle: per pixel, `samples` horizontal sub-scanlines at y = j + (k+0.5)/samples; on each, the
    /// exact inside length within [i, i+1] from sorted edge crossings and the fill rule; averaged.
    public static func coverage(of polylines: Polylines, width: Int, height: Int, rule: FillRule, samples: Int = 64) -> Coverage {
        var out = Coverage(width: width, height: height)
        guard width > 0, height > 0, samples > 0 else { return out }
        var edges: [(p: Point, q: Point)] = []
        polylines.forEachEdge { p, q in edges.append((p, q)) }
        var crossings: [(x: Double, dir: Int)] = []
        var row = [Double](repeating: 0, count: width)
        let w = Double(width)
        for j in 0 ..< height {
            for i in row.indices { row[i] = 0 }
            for k in 0 ..< samples {
                let y = Double(j) + (Double(k) + 0.5) / Double(samples)
                crossings.removeAll(keepingCapacity: true)
                for (p, q) in edges {
                    // Half-open in y, so a vertex on the scanline counts once for a passing contour
                    // and zero or two times for a turning one.
                    let (a, b, dir) = p.y < q.y ? (p, q, 1) : (q, p, -1)
                    guard a.y <= y, y < b.y else { continue }
                    let x = a.x + (b.x - a.x) * ((y - a.y) / (b.y - a.y))
                    crossings.append((x, dir))
                }
                crossings.sort { $0.x < $1.x }
                var wind = 0
                var start = 0.0
                for c in crossings {
                    let was = rule.isInside(wind)
                    wind += c.dir
                    let now = rule.isInside(wind)
                    if !was && now { start = c.x }
                    if was && !now { addSpan(start, c.x, to: &row, width: w) }
                }
            }
            for i in 0 ..< width { out[i, j] = Float(row[i] / Double(samples)) }
        }
        return out
    }

    /// Adds the length of `[a, b]` within each pixel `[i, i+1]` to `row[i]`.
    private static func addSpan(_ a0: Double, _ b0: Double, to row: inout [Double], width: Double) {
        let a = Swift.max(a0, 0), b = Swift.min(b0, width)
        guard a < b else { return }
        var i = Int(a)
        while i < row.count, Double(i) < b {
            row[i] += Swift.min(b, Double(i + 1)) - Swift.max(a, Double(i))
            i += 1
        }
    }
}

import Animation
import Geometry
import Raster
import SceneKit
import Vector
import Wave

/// `wavefill bench --shadow`: the layer shadow's blur at 1200x1040 (a disc's alpha blurred for a few
/// radii), and the gauge at that size drawn with a wave shadow, a container shadow and a glowing
/// ring against the same gauge without them: medians, and allocations per call when the malloc
/// interposer is loaded.
public enum ShadowBench {
    public static let width = 1200, height = 1040

    /// Median wall ms, median thread CPU ms (what a loaded machine does not inflate) and
    /// allocations per call of `body` over `runs` calls, after two untimed ones.
    static func time(runs: Int, _ body: () throws -> Void) rethrows -> (ms: Double, cpuMs: Double, allocs: Double?) {
        try body(); try body()
        var times: [Double] = [], cpu: [Double] = []
        times.reserveCapacity(runs); cpu.reserveCapacity(runs)
        let clock = ContinuousClock()
        let counter = AllocationCounter.shared
        counter?.start()
        for _ in 0 ..< runs {
            let c0 = ThreadCPUTime.seconds()
            let d = try clock.measure(body)
            cpu.append((ThreadCPUTime.seconds() - c0) * 1000)
            times.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        }
        let allocs = counter?.stop()
        return (Bench.percentile(times.sorted(), 0.5), Bench.percentile(cpu.sorted(), 0.5), allocs.map { Double($0) / Double(runs) })
    }

    /// The report's lines (or one JSON object).
    public static func report(json: Bool) throws -> String {
        var disc = Coverage(width: width, height: height)
        let r = Rasterizer()
        disc = r.coverage(of: Path(ellipseIn: Rect(x: 200, y: 120, width: 800, height: 800)), width: width, height: height)
        let blur = ShadowBlur()
        var source = disc, out = Coverage(width: width, height: height)
        var rows: [(String, Double, Double, Double?)] = []
        for radius in [4.0, 12, 50] {
            let t = time(runs: 30) {
                source.values.withUnsafeMutableBufferPointer { s in disc.values.withUnsafeBufferPointer { d in
                    if let sb = s.baseAddress, let db = d.baseAddress { sb.update(from: db, count: d.count) }
                } }
                blur.shadow(of: &source, radius: radius, dx: 0, dy: 6, opacity: 0.5, into: &out)
            }
            rows.append(("blur radius \(Int(radius)) (box \(ShadowBlur.boxSize(radius: radius)))", t.ms, t.cpuMs, t.allocs))
        }
        var p = WaveParameters()
        p.width = width; p.height = height
        p.borderWidth = 12; p.borderGap = 10
        let outline = try ContainerOutline(shape: .circle)
        let plain = try WaveIndicator(parameters: p, source: .outline(outline))
        p.waterFill = "linear(#46B751, #1D6B2A)"
        let filled = try WaveIndicator(parameters: p, source: .outline(outline))
        p.waveShadow = "#00000080 12 0 -6"; p.containerShadow = "#00000060 16 0 8"; p.borderShadow = "#46B751 20"
        let shadowed = try WaveIndicator(parameters: p, source: .outline(outline))
        for (name, scene) in [("gauge, no fill or shadow (closed-form renderer)", plain),
                                  ("gauge with a water fill (layer engine), no shadows", filled),
                                  ("the same with wave + container + ring shadows", shadowed)] {
            var frame = Pixmap(width: 0, height: 0)
            var n = 0
            let t = time(runs: 30) {
                n += 1
                _ = scene.renderChanges(frame: n, into: &frame)
            }
            rows.append(("\(name), changed rows per frame", t.ms, t.cpuMs, t.allocs))
        }
        if json {
            let items = rows.map { "{\"case\": \(JSONText.quoted($0.0)), \"ms\": \(JSONText.number($0.1)), \"cpu_ms\": \(JSONText.number($0.2)), \"allocs\": \($0.3.map { JSONText.number($0) } ?? "null")}" }
            return "{\"width\": \(width), \"height\": \(height), \"rows\": [" + items.joined(separator: ", ") + "]}"
        }
        return "shadows at \(width)x\(height), median of 30:\n" + rows.map {
            "  \($0.0): \(StatusText.fixed($0.1, 3)) ms (thread CPU \(StatusText.fixed($0.2, 3)) ms), allocations per call \($0.3.map { StatusText.fixed($0, 1) } ?? "unknown (no interposer)")"
        }.joined(separator: "\n")
    }
}

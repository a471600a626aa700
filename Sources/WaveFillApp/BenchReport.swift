import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's table and JSON.
enum BenchReport {
    /// `v` rounded to `digits` decimals (to nearest; shortest spelling, so trailing zeros go).
    static func fmt(_ v: Double, digits: Int = 3) -> String {
        guard v.isFinite else { return String(v) }
        var scale = 1.0
        for _ in 0 ..< max(digits, 0) { scale *= 10 }
        let r = (v * scale).rounded() / scale
        var s = String(r)
        // Spelled with an exponent (below 1e-4): print the decimals instead.
        if s.contains("e") {
            let units = Int((abs(v) * scale).rounded())
            var frac = String(units)
            while frac.count < digits { frac = "0" + frac }
            s = (v < 0 && units > 0 ? "-" : "") + "0." + frac
        }
        return s
    }

    static func machine() -> String {
        var model = "unknown CPU"
        if let f = fopen("/proc/cpuinfo", "r") {
            var line = [CChar](repeating: 0, count: 512)
            while fgets(&line, 512, f) != nil {
                let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if s.hasPrefix("model name"), let colon = s.firstIndex(of: ":") {
                    model = s[s.index(after: colon)...].trimmingCharacters(in: " \n\t")
                    break
                }
            }
            fclose(f)
        }
        return "\(model), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs"
    }

    static func date() -> String {
        var t = time(nil)
        var tmv = tm()
        gmtime_r(&t, &tmv)
        var buf = [CChar](repeating: 0, count: 64)
        let n = strftime(&buf, 64, "%Y-%m-%dT%H:%M:%SZ", &tmv)
        return String(decoding: buf[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func allocs(_ r: BenchResult) -> String { r.allocsPerFrame.map { fmt($0, digits: 2) } ?? "unknown" }

    /// A result's timing, allocation and floor columns, as both tables print them.
    static func figures(_ r: BenchResult) -> String {
        "\(fmt(r.medianMs)) | \(fmt(r.p10Ms)) | \(fmt(r.p90Ms)) | \(allocs(r)) | "
            + "\(fmt(r.memcpyMs)) | \(fmt(r.memsetMs)) | \(fmt(r.medianMs / max(r.memcpyMs, 1e-9), digits: 2)) |"
    }

    static func table(_ rs: [BenchResult], many: [Bench.IndicatorTiming], extras: [String: String], soak: String?) -> String {
        var lines = ["wavefill \(wavefillVersion) bench, \(machine()), \(date())", "",
                     "| size | mode | median ms | p10 ms | p90 ms | allocs/frame | memcpy ms | memset ms | median / memcpy |",
                     "|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
        for r in rs {
            lines.append("| \(r.size) | \(r.mode.rawValue) | " + figures(r))
        }
        if !many.isEmpty {
            lines += ["", "| indicators (128x128, one style) in one 1024x1024 frame, a grid of 8 to a row | median ms | drawn one by one (a render call each), median ms | as many 128x128 tile copies (the layout's floor), median ms | one 1024x1024 wave frame timed in turn, median ms | indicators / one frame |",
                      "|---:|---:|---:|---:|---:|---:|"]
            for m in many {
                lines.append("| \(m.count) | \(fmt(m.ms)) | \(fmt(m.aloneMs)) | \(fmt(m.floorMs)) | \(fmt(m.frameMs)) | \(fmt(m.perFrame, digits: 2)) |")
            }
        }
        for (k, v) in extras.sorted(by: { $0.key < $1.key }) { lines.append("\(k): \(v)") }
        if let soak { lines.append(soak) }
        return lines.joined(separator: "\n")
    }

    /// The per-scene table: ms per frame for each scene, size and mode beside the floors.
    static func sceneTable(_ rs: [BenchResult]) -> String {
        var lines = ["wavefill \(wavefillVersion) bench, \(machine()), \(date()), \(rs.first?.threads ?? 1) thread(s)", "",
                     "| scene | size | mode | median ms | p10 ms | p90 ms | allocs/frame | memcpy ms | memset ms | median / memcpy |",
                     "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
        for r in rs {
            lines.append("| \(r.scene) | \(r.size) | \(r.mode.rawValue) | " + figures(r))
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ rs: [BenchResult], many: [Bench.IndicatorTiming], extras: [String: String], soak: String?) -> String {
        let results = rs.map { r in
            "{\"scene\": \(JSONText.quoted(r.scene)), \"threads\": \(r.threads), \"size\": \(r.size), \"mode\": \"\(r.mode.rawValue)\", \"median_ms\": \(fmt(r.medianMs, digits: 5)), "
                + "\"p10_ms\": \(fmt(r.p10Ms, digits: 5)), \"p90_ms\": \(fmt(r.p90Ms, digits: 5)), \"mean_ms\": \(fmt(r.meanMs, digits: 5)), "
                + "\"allocs_per_frame\": \(r.allocsPerFrame.map { fmt($0, digits: 3) } ?? "null"), "
                + "\"memcpy_ms\": \(fmt(r.memcpyMs, digits: 5)), \"memset_ms\": \(fmt(r.memsetMs, digits: 5))}"
        }
        var obj = "{\"machine\": \(JSONText.quoted(machine())), \"date\": \"\(date())\", \"version\": \"\(wavefillVersion)\", "
            + "\"results\": [" + results.joined(separator: ", ") + "]"
        if !many.isEmpty {
            obj += ", \"many_indicators\": [" + many.map { "{\"count\": \($0.count), \"median_ms\": \(fmt($0.ms, digits: 5)), \"one_by_one_ms\": \(fmt($0.aloneMs, digits: 5)), \"tile_copy_floor_ms\": \(fmt($0.floorMs, digits: 5)), "
                + "\"frame_1024_in_turn_ms\": \(fmt($0.frameMs, digits: 5)), \"per_frame\": \(fmt($0.perFrame, digits: 4))}" }.joined(separator: ", ") + "]"
        }
        for (k, v) in extras.sorted(by: { $0.key < $1.key }) { obj += ", \"\(k)\": \(v)" }
        if let soak { obj += ", \"soak\": \(JSONText.quoted(soak))" }
        return obj + "}"
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

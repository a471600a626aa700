import Geometry
import Raster

/// SVG spelling shared by the wave's and the layer trees' documents: numbers, colours, path data and
/// SMIL animations of keyframe tracks.
public enum SVGText {
    /// Decimal places of coordinates (1e-4 px).
    public static let decimals = 4

    /// `v` with `decimals` places; throws for a number that is not finite.
    public static func number(_ v: Double, decimals: Int = decimals) throws -> String {
        guard v.isFinite else { throw VectorExportError("a number in the SVG document is not finite (\(v))") }
        return DecimalText.format(v, decimals: decimals)
    }

    /// `#RRGGBB` of 0...255 components (rounded, clamped).
    public static func hex(_ rgb: [Double]) -> String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for v in rgb.prefix(3) {
            let c = Int(min(max(v.isFinite ? v.rounded() : 0, 0), 255))
            s.append(digits[c / 16]); s.append(digits[c % 16])
        }
        return s
    }

    /// `#RRGGBB` of a colour (its alpha left out).
    public static func hex(_ c: Color) -> String { hex([Double(c.r), Double(c.g), Double(c.b)]) }

    /// Text escaped for an attribute value or character data.
    public static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Path data with absolute commands; `Q` and `C` kept as they are.
    public static func pathData(_ path: Path) throws -> String {
        var d = ""
        func pt(_ p: Point) throws -> String { try number(p.x) + " " + number(p.y) }
        for e in path.elements {
            if !d.isEmpty { d += " " }
            switch e {
            case .move(let p): d += try "M" + pt(p)
            case .line(let p): d += try "L" + pt(p)
            case .quad(let c, let p): d += try "Q" + pt(c) + " " + pt(p)
            case .cubic(let c1, let c2, let p): d += try "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: d += "Z"
            }
        }
        return d
    }

    /// Path data of bezier contours (each closed with `Z` when `closed`).
    public static func pathData(_ beziers: [LottieBezier]) throws -> String {
        var d: [String] = []
        func pt(_ p: Point) throws -> String { try number(p.x) + " " + number(p.y) }
        for b in beziers where !b.vertices.isEmpty {
            var s = try "M" + pt(b.vertices[0])
            let n = b.vertices.count
            for i in 0 ..< (b.closed ? n : n - 1) {
                let j = (i + 1) % n
                let p0 = b.vertices[i], p3 = b.vertices[j]
                let c1 = p0 + b.outTangents[i], c2 = p3 + b.inTangents[j]
                if b.outTangents[i] == .zero, b.inTangents[j] == .zero {
                    s += try " L" + pt(p3)
                } else {
                    s += try " C" + pt(c1) + " " + pt(c2) + " " + pt(p3)
                }
            }
            if b.closed { s += " Z" }
            d.append(s)
        }
        return d.joined(separator: " ")
    }
}

/// SMIL animations (`<animate>`, `<animateTransform>`) of keyframe tracks over a document of
/// `frames` frames lasting `duration` seconds and repeating indefinitely.
///
/// Keyframes become `values` at `keyTimes` (time / frames) with `calcMode="linear"`: the value at
/// every keyframe is the track's, and linear between; with `calcMode="spline"` when a keyframe is
/// eased, its interval's `keySplines` entry the easing's control points ("0 0 1 1" for linear). A holding keyframe is followed by a copy of
/// itself `SampledTrack.jumpWidth` frames before the next one, so the value stays until just before
/// the jump. The first keyTime is 0 and the last 1: a track ending before the last frame holds its
/// last value to the end.
public struct SMILTiming: Sendable {
    /// Frames of the document: keyTime 1 is frame `frames`, where the next repetition starts.
    public let frames: Int
    /// Seconds the frames last.
    public let duration: Double

    /// The timing of `frames` frames at `fps`.
    public init(frames: Int, fps: Double) {
        self.frames = frames
        duration = Double(frames) / fps
    }

    /// The keys as SMIL (time, value) pairs, holds expanded, spanning 0 ... frames.
    public func points(_ keys: [SampledTrack.Key]) -> [(time: Double, value: [Double])] {
        easedPoints(keys).map { ($0.time, $0.value) }
    }

    /// The keys as SMIL points with the easing from each to the next (nil: linear).
    public func easedPoints(_ keys: [SampledTrack.Key]) -> [(time: Double, value: [Double], easing: Easing?)] {
        var out: [(time: Double, value: [Double], easing: Easing?)] = []
        let end = Double(frames)
        for (i, key) in keys.enumerated() {
            let t = min(max(key.time, 0), end)
            if let last = out.last, t <= last.time { continue }
            if out.isEmpty, t > 0 { out.append((0, key.value, nil)) }
            out.append((t, key.value, key.hold ? nil : key.easing))
            // A hold to the same value is a straight line already.
            if key.hold, i + 1 < keys.count, keys[i + 1].value != key.value {
                let until = min(keys[i + 1].time, end) - SampledTrack.jumpWidth
                if until > t + 1e-9 { out.append((until, key.value, nil)) }
            }
        }
        if let last = out.last, last.time < end || out.count == 1 { out.append((end, last.value, nil)) }
        return out
    }

    /// `<animate>` of `attribute` (or `<animateTransform>` of `transformType`, summed with the ones
    /// before it when `additive`) through `keys`, each value spelled by `value`; `discrete` steps from
    /// value to value instead of interpolating.
    public func element(_ attribute: String, transformType: String? = nil, additive: Bool = false, discrete: Bool = false,
                        keys: [SampledTrack.Key], value: ([Double]) throws -> String) throws -> String {
        let p = easedPoints(keys)
        var times: [String] = [], values: [String] = [], splines: [String] = []
        for point in p {
            times.append(try SVGText.number(point.time / Double(frames), decimals: 9))
            values.append(try value(point.value))
        }
        let eased = !discrete && p.dropLast().contains { $0.easing != nil }
        if eased {
            for point in p.dropLast() {
                let e = point.easing ?? .linear
                splines.append(try [e.c1x, e.c1y, e.c2x, e.c2y].map { try SVGText.number($0, decimals: 4) }.joined(separator: " "))
            }
        }
        var s = transformType == nil ? "<animate" : "<animateTransform"
        s += " attributeName=\"\(attribute)\""
        if let type = transformType { s += " type=\"\(type)\"" }
        if additive { s += " additive=\"sum\"" }
        s += " dur=\"\(try SVGText.number(duration, decimals: 6))s\" repeatCount=\"indefinite\" calcMode=\"\(discrete ? "discrete" : eased ? "spline" : "linear")\""
        s += " keyTimes=\"\(times.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\""
        if eased { s += " keySplines=\"\(splines.joined(separator: ";"))\"" }
        s += "/>"
        return s
    }
}

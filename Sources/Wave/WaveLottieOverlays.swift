import Vector
import SceneKit
import Geometry
import Raster

/// The progress label and the border ring of a wave's Lottie document, drawn over the waves.
///
/// - The label is the text of each frame's presented progress as glyph outlines. Each distinct text
///   is a precomposition, shown by a layer over the frames that show it (`ip`/`op`); those layers
///   make two precompositions, one per colour. The inside one is drawn through an alpha matte of the
///   front wave's surface (a copy of the front wave moving with it, not masked by the container),
///   the outside one through the same matte inverted: the label splits exactly at the surface.
/// - The ring is SCENE.md's `D(G + W)` minus `D(G)`: `D(r)` is the outline's contours, each filled
///   whole, with a round-joined stroke of width `2r` (the players' own stroker, not our stroke
///   outline: thousands of small overlapping pieces that some players take minutes over). `D(G + W)`
///   is drawn opaque in the border colour through an inverted alpha matte of `D(G)`, the colour's
///   alpha as the layer's opacity so the fill and the stroke do not add up where they overlap.
struct WaveLottieOverlays: Sendable {
    /// Frames `from ..< to` show `text` (an index into `texts`).
    struct Segment: Sendable, Equatable {
        var text: Int
        var from: Int
        var to: Int
    }

    /// The most label texts (and runs of frames showing one) a document holds.
    static let maxSegments = 20_000

    /// Each distinct label text's glyph contours on the canvas.
    let texts: [[LottieBezier]]
    /// The runs of frames, in order (blank texts left out).
    let segments: [Segment]
    let inside: Color, outside: Color
    /// The ring: the outline's contours (each filled whole), the gap `G`, the width `W` and the
    /// colour; nil without a border.
    let ring: (contours: [LottieBezier], gap: Double, width: Double, color: Color)?

    /// Nil when the scene has neither a label nor a border.
    init?(scene: WaveScene, frames: Int, fps: Double) throws {
        let p = scene.parameters
        var texts: [[LottieBezier]] = []
        var segments: [Segment] = []
        if let label = try WaveLabel(scene: scene) {
            var index: [String: Int] = [:]
            var shown: (key: SIMD8<Int64>, text: String)?
            var runStart = 0
            func close(at end: Int) throws {
                guard let t = shown?.text, t.contains(where: { !$0.isWhitespace }), end > runStart else { return }
                let i: Int
                if let known = index[t] {
                    i = known
                } else {
                    i = texts.count
                    index[t] = i
                    let path = try WaveLabel.path(t, face: label.face, e64: label.e64, center: label.center)
                    texts.append(LottieBezier.contours(of: path))
                }
                if let last = segments.last, last.text == i, last.to == runStart {
                    segments[segments.count - 1].to = end
                } else {
                    segments.append(Segment(text: i, from: runStart, to: end))
                }
                guard segments.count <= Self.maxSegments else {
                    throw SettingError("label", "the label changes more than \(Self.maxSegments) times in \(frames) frames; export fewer frames, or use fewer decimals")
                }
            }
            for n in 0 ..< frames {
                let progress = scene.progress(index: n, timestamp: Double(n) / fps)
                let key = label.format.key(progress: progress)
                if let s = shown, s.key == key { continue }
                let text = label.format.text(progress: progress)
                if let s = shown, s.text == text { shown = (key, text); continue }
                try close(at: n)
                shown = (key, text)
                runStart = n
            }
            try close(at: frames)
        }
        var ring: (contours: [LottieBezier], gap: Double, width: Double, color: Color)?
        if let w = p.borderWidth, w > 0 {
            guard !scene.layout.path.isEmpty else {
                throw SettingError("border-width", "a mask image has no outline to draw a border around; use --shape, --path, --svg or text")
            }
            ring = (LottieBezier.contours(of: WaveBorder.wholeContours(scene.layout.path)), p.borderGap, w, p.borderColor)
        }
        guard !segments.isEmpty || ring != nil || p.label != nil else { return nil }
        self.texts = texts
        self.segments = segments
        inside = p.labelInsideColor
        outside = p.labelColor
        self.ring = ring
    }

    // MARK: - JSON

    static func assetID(_ side: String, _ text: Int? = nil) -> String {
        text.map { "label \(side) \($0 + 1)" } ?? "label \(side)"
    }

    /// The label's precompositions: one per distinct text and colour, and one per colour that shows
    /// each text over its frames.
    func assets(width: Int, height: Int, frames: Int) -> [JSONValue] {
        guard !segments.isEmpty else { return [] }
        var out: [JSONValue] = []
        for (side, color) in [("inside", inside), ("outside", outside)] {
            for (i, contours) in texts.enumerated() {
                let glyphs = WaveLottie.group("glyphs", contours.map(\.json), fill: WaveLottie.fill(color), position: WaveLottie.staticGroupPosition)
                out.append(.object([
                    ("id", .string(Self.assetID(side, i))), ("nm", .string("label \(side) text \(i + 1)")),
                    ("layers", .array([Self.layer(1, "text", type: 4, from: 0, to: Double(frames), extra: [("shapes", .array([glyphs]))])])),
                ]))
            }
            // Each run shows from its first frame to its end, and also holds its opacity at 100
            // from its first frame and at 0 from its end: players that end a layer at `op` itself
            // (rlottie) rather than before it (lottie-web, ThorVG) still show one text per frame.
            let runs = segments.enumerated().map { k, s in
                Self.layer(k + 1, "frames \(s.from)-\(s.to - 1)", type: 0, from: Double(s.from), to: Double(s.to),
                           opacity: .object([("a", .integer(1)), ("k", .array([
                               .object([("t", .integer(s.from)), ("s", .numbers([100])), ("h", .integer(1))]),
                               .object([("t", .integer(s.to)), ("s", .numbers([0])), ("h", .integer(1))]),
                           ]))]),
                           extra: [("refId", .string(Self.assetID(side, s.text))), ("w", .integer(width)), ("h", .integer(height))])
            }
            out.append(.object([("id", .string(Self.assetID(side))), ("nm", .string("label \(side)")), ("layers", .array(runs))]))
        }
        return out
    }

    /// The layers over the waves, top first: the label (inside through the front wave's matte,
    /// outside through it inverted), then the ring. `frontWave` is the front wave's moving group;
    /// layer indices start at `firstIndex`.
    func layers(frontWave: JSONValue, width: Int, height: Int, frames: Int, firstIndex: Int) -> [JSONValue] {
        var out: [JSONValue] = []
        var index = firstIndex
        func add(_ name: String, type: Int, opacity: Double = 100, _ extra: [(String, JSONValue)]) {
            out.append(Self.layer(index, name, type: type, from: 0, to: Double(frames), opacity: opacity, extra: extra))
            index += 1
        }
        if !segments.isEmpty {
            for (side, matteType) in [("inside", 1), ("outside", 2)] {
                add("label \(side) matte (front wave)", type: 4, [("td", .integer(1)), ("shapes", .array([frontWave]))])
                add("label \(side)", type: 0, [("tt", .integer(matteType)), ("refId", .string(Self.assetID(side))),
                                               ("w", .integer(width)), ("h", .integer(height))])
            }
        }
        if let ring {
            func grown(_ name: String, by r: Double, _ color: Color) -> JSONValue {
                let fill = WaveLottie.fill(color)
                let paint = r > 0 ? [Self.roundStroke(color, width: 2 * r), fill] : [fill]
                return WaveLottie.group(name, ring.contours.map(\.json) + paint.dropLast(), fill: paint.last, position: WaveLottie.staticGroupPosition)
            }
            var opaque = ring.color
            opaque.a = 255
            add("border matte (inside the gap)", type: 4, [("td", .integer(1)), ("shapes", .array([grown("grown by the gap", by: ring.gap, .black)]))])
            add("border", type: 4, opacity: WaveLottie.percent(ring.color.a),
                [("tt", .integer(2)), ("shapes", .array([grown("grown by gap and width", by: ring.gap + ring.width, opaque)]))])
        }
        return out
    }

    /// A layer showing frames `from ..< to` at the identity transform.
    static func layer(_ index: Int, _ name: String, type: Int, from: Double, to: Double, opacity: Double = 100,
                      extra: [(String, JSONValue)]) -> JSONValue {
        layer(index, name, type: type, from: from, to: to, opacity: WaveLottie.staticValue([opacity]), extra: extra)
    }

    /// A layer showing frames `from ..< to` at the identity transform with `opacity` (a property).
    static func layer(_ index: Int, _ name: String, type: Int, from: Double, to: Double, opacity: JSONValue,
                      extra: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("ddd", .integer(0)), ("ind", .integer(index)), ("ty", .integer(type)), ("nm", .string(name)),
            ("sr", .integer(1)), ("ks", WaveLottie.transform(opacity: opacity)),
            ("ao", .integer(0)), ("ip", .number(from)), ("op", .number(to)), ("st", .integer(0)), ("bm", .integer(0)),
        ] + extra)
    }

    /// An opaque round-capped, round-joined stroke of `width`.
    static func roundStroke(_ color: Color, width: Double) -> JSONValue {
        .object([
            ("ty", .string("st")), ("nm", .string("stroke")), ("c", .object([("a", .integer(0)), ("k", LottieColor.json(LottieColor.rgb(color)))])),
            ("o", WaveLottie.staticValue([100])), ("w", WaveLottie.staticValue([width])),
            ("lc", .integer(2)), ("lj", .integer(2)), ("ml", .number(4)),
        ])
    }
}

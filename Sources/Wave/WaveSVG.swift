import Vector
import SceneKit
import Geometry
import Raster

/// One frame of the scene as a static SVG 1.1 document with SCENE.md's geometry: width, height and
/// viewBox are the canvas in pixels; a background rect (left out when fully transparent); the glyph
/// outlines (quadratics kept as `Q`) in the container colour; then the back and the front wave
/// polygons through SCENE.md's exact 1 px samples, each under a `<mask>` of the glyphs filled white.
/// A shape, path or SVG container is written the same way, its outline (with `fill-rule="evenodd"`
/// when it fills even-odd) in place of the glyphs.
///
/// The mask multiplies each wave's coverage by the glyphs' per pixel (luminance of white times
/// coverage), which is SCENE.md's `M * C` and `M * S`; a clip path would intersect the shapes
/// geometrically instead, which differs on pixels that both edges cross. Colours are `#RRGGBB` with
/// their alpha as `fill-opacity`.
public enum WaveSVG {
    /// Decimal places of coordinates (1e-4 px).
    static let decimals = 4

    /// The SVG text of frame `frame` (tick `frame` at timestamp `frame / fps`).
    ///
    /// The scene's state is restored afterwards. Throws `SettingError` for a negative frame or a
    /// mask-image container (which has no outlines to write; text and shape, path or SVG containers do).
    public static func document(scene: WaveScene, frame: Int) throws -> String {
        guard frame >= 0 else { throw SettingError("frame", "\(frame) is negative; expected a frame number >= 0") }
        let layout = scene.layout
        guard !layout.path.isEmpty else {
            throw SettingError("mask-image", "Lottie and SVG documents need outlines (text, --shape, --path or --svg); a mask image is not supported for vector export")
        }
        let p = scene.parameters
        let saved = scene.state
        scene.update(frame: frame)
        let back = scene.backPolygon(), front = scene.frontPolygon()
        let state = scene.state
        scene.update(index: saved.index, timestamp: saved.timestamp)

        let w = p.width, h = p.height
        let glyphs = pathData(layout.path)
        let rule = layout.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        s += "<!-- WaveFill frame \(frame): phase \(number(state.phaseDegrees)) deg, progress \(number(state.progress)) -->\n"
        s += "<defs>\n<mask id=\"glyphs\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\">\n"
        s += "<path fill=\"#FFFFFF\"\(rule) d=\"\(glyphs)\"/>\n</mask>\n</defs>\n"
        if p.background.a > 0 {
            s += "<rect width=\"\(w)\" height=\"\(h)\"\(paint(p.background))/>\n"
        }
        s += "<path\(paint(p.container))\(rule) d=\"\(glyphs)\"/>\n"
        s += "<path\(paint(p.backWave)) mask=\"url(#glyphs)\" d=\"\(polygonData(back))\"/>\n"
        s += "<path\(paint(p.frontWave)) mask=\"url(#glyphs)\" d=\"\(polygonData(front))\"/>\n"
        s += "</svg>\n"
        return s
    }

    static func number(_ v: Double) -> String { DecimalText.format(v, decimals: decimals) }

    /// ` fill="#RRGGBB"` plus ` fill-opacity="…"` unless opaque.
    private static func paint(_ c: Color) -> String {
        let rgb = String(c.hex.prefix(7))
        return c.a == 255 ? " fill=\"\(rgb)\"" : " fill=\"\(rgb)\" fill-opacity=\"\(DecimalText.format(Double(c.a) / 255, decimals: 6))\""
    }

    /// Path data with absolute commands; `Q` and `C` kept as they are.
    static func pathData(_ path: Path) -> String {
        var d = ""
        func pt(_ p: Point) -> String { number(p.x) + " " + number(p.y) }
        for e in path.elements {
            if !d.isEmpty { d += " " }
            switch e {
            case .move(let p): d += "M" + pt(p)
            case .line(let p): d += "L" + pt(p)
            case .quad(let c, let p): d += "Q" + pt(c) + " " + pt(p)
            case .cubic(let c1, let c2, let p): d += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: d += "Z"
            }
        }
        return d
    }

    /// A closed polygon: `M x0 y0 L x1 y1 x2 y2 … Z`.
    static func polygonData(_ pts: [Point]) -> String {
        var d = ""
        d.reserveCapacity(pts.count * 16)
        for (i, p) in pts.enumerated() {
            d += i == 0 ? "M" : (i == 1 ? " L" : " ")
            d += number(p.x) + " " + number(p.y)
        }
        return d + " Z"
    }
}

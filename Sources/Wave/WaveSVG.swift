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
/// geometrically instead, which differs on pixels that both edges cross. A mask-image container
/// puts the image in the mask instead (`imageContainer`). Colours are `#RRGGBB` with their alpha as
/// `fill-opacity`.
public enum WaveSVG {
    /// Decimal places of coordinates (1e-4 px).
    static let decimals = 4

    /// The SVG text of frame `frame` (tick `frame` at timestamp `frame / fps`).
    ///
    /// A mask-image container is the image (embedded as PNG) in the mask, and the container colour
    /// over the canvas through it; outlines (text, shapes, paths) fill by their rule. The scene's
    /// state is restored afterwards. Throws `SettingError`
    /// for a negative frame.
    public static func document(scene: WaveScene, frame: Int) throws -> String {
        guard frame >= 0 else { throw SettingError("frame", "\(frame) is negative; expected a frame number >= 0") }
        let layout = scene.layout
        let p = scene.parameters
        let saved = scene.state
        scene.update(frame: frame)
        let polygons = scene.wavePolygons()
        let front = polygons[polygons.count - 1]
        let state = scene.state
        scene.update(index: saved.index, timestamp: saved.timestamp)

        let w = p.width, h = p.height
        let image = layout.path.isEmpty ? try imageContainer(layout.coverage, color: p.container) : nil
        let glyphs = try SVGText.pathData(layout.path)
        let rule = layout.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        s += "<!-- WaveFill frame \(frame): phase \(number(state.phaseDegrees)) deg, progress \(number(state.progress)) -->\n"
        s += "<defs>\n" + maskOpening(w, h) + (image?.mask ?? "<path fill=\"#FFFFFF\"\(rule) d=\"\(glyphs)\"/>\n") + "</mask>\n</defs>\n"
        if p.background.a > 0 {
            s += "<rect width=\"\(w)\" height=\"\(h)\"\(paint(p.background))/>\n"
        }
        s += image?.container ?? "<path\(paint(p.container))\(rule) d=\"\(glyphs)\"/>\n"
        for (j, (spec, polygon)) in zip(p.waveStack, polygons).enumerated() {
            if let bottom = p.waterGradient {
                // A gradient on the canvas (user space), the wave's alpha as the fill's opacity.
                let id = "water-\(j + 1)"
                s += "<defs>\n<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"\(number(layout.inkBox.minY))\" x2=\"0\" y2=\"\(number(layout.inkBox.maxY))\">\n"
                s += "<stop offset=\"0\" stop-color=\"\(spec.color.hex.prefix(7))\"/>\n<stop offset=\"1\" stop-color=\"\(bottom.hex.prefix(7))\"/>\n</linearGradient>\n</defs>\n"
                let opacity = spec.color.a == 255 ? "" : " fill-opacity=\"\(DecimalText.format(Double(spec.color.a) / 255, decimals: 6))\""
                s += "<path fill=\"url(#\(id))\"\(opacity) mask=\"url(#glyphs)\" d=\"\(polygonData(polygon))\"/>\n"
            } else {
                s += "<path\(paint(spec.color)) mask=\"url(#glyphs)\" d=\"\(polygonData(polygon))\"/>\n"
            }
        }
        s += try ringElement(scene, width: w, height: h)
        if let label = try WaveLabel(scene: scene) {
            _ = try label.prepare(progress: state.progress)
            let text = try label.shownPath()
            if !text.isEmpty {
                let d = try SVGText.pathData(text), surface = polygonData(front)
                s += "<defs>\n" + maskOpening(w, h, id: "below-surface")
                s += "<path fill=\"#FFFFFF\" d=\"\(surface)\"/>\n</mask>\n"
                s += maskOpening(w, h, id: "above-surface") + "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#FFFFFF\"/>\n"
                s += "<path fill=\"#000000\" d=\"\(surface)\"/>\n</mask>\n</defs>\n"
                s += "<path\(paint(p.labelInsideColor)) mask=\"url(#below-surface)\" d=\"\(d)\"/>\n"
                s += "<path\(paint(p.labelColor)) mask=\"url(#above-surface)\" d=\"\(d)\"/>\n"
            }
        }
        s += "</svg>\n"
        return s
    }

    /// The border ring (empty without one): `D(G + W)` (the outline's contours filled whole and a
    /// round-joined stroke of width `2(G + W)`), opaque, through a mask that takes away `D(G)`, in a
    /// group carrying the colour's alpha as its opacity.
    static func ringElement(_ scene: WaveScene, width w: Int, height h: Int) throws -> String {
        let p = scene.parameters
        guard let bw = p.borderWidth, bw > 0 else { return "" }
        guard !scene.layout.path.isEmpty else {
            throw SettingError("border-width", "a mask image has no outline to draw a border around; use --shape, --path, --svg or text")
        }
        let d = try SVGText.pathData(WaveBorder.wholeContours(scene.layout.path))
        func grown(_ r: Double, _ rgb: String) throws -> String {
            let stroke = r > 0 ? " stroke=\"\(rgb)\" stroke-width=\"\(try SVGText.number(2 * r))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"" : ""
            return "<path fill=\"\(rgb)\"\(stroke) d=\"\(d)\"/>\n"
        }
        var s = "<defs>\n" + maskOpening(w, h, id: "border-gap") + "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#FFFFFF\"/>\n"
        s += try grown(p.borderGap, "#000000") + "</mask>\n</defs>\n"
        let opacity = p.borderColor.a == 255 ? "" : " opacity=\"\(DecimalText.format(Double(p.borderColor.a) / 255, decimals: 6))\""
        s += "<g\(opacity) mask=\"url(#border-gap)\">\n" + (try grown(p.borderGap + bw, String(p.borderColor.hex.prefix(7)))) + "</g>\n"
        return s
    }

    static func number(_ v: Double) -> String { DecimalText.format(v, decimals: decimals) }

    /// The opening of the container's mask, `glyphs`, over the canvas.
    private static func maskOpening(_ w: Int, _ h: Int, id: String = "glyphs") -> String {
        "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\">\n"
    }

    /// A mask-image container: the mask's content (the image embedded as PNG, white with the
    /// container's coverage as alpha, one image pixel per canvas pixel) and the container colour
    /// over the canvas through the mask.
    private static func imageContainer(_ coverage: Coverage, color: Color) throws -> (mask: String, container: String) {
        let png = try WaveLottie.maskPNG(coverage)
        let w = coverage.width, h = coverage.height
        let mask = "<image width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Base64.encode(png))\"/>\n"
        return (mask, "<rect width=\"\(w)\" height=\"\(h)\"\(paint(color)) mask=\"url(#glyphs)\"/>\n")
    }

    /// The animated SVG of frames 0 ..< `frames` (default `WaveLottie.defaultFrameCount`), repeating
    /// indefinitely: SMIL animations (no script) that browsers play, from `WaveLottieModel`.
    ///
    /// The glyph outlines are defined once: filled in the container colour, and filled white in the
    /// `<mask>` of each wave (a mask image is embedded as PNG in the mask instead, and the container
    /// colour drawn over the canvas through it). Each wave is its model's static wide path inside a
    /// masked group; the path's transform is the rise (`translate(0, top)`) plus the phase
    /// (`translate(-phi / k, 0)`, or vertical for a flat wave), each an `<animateTransform>` through
    /// its track's keyframes (linear, holding before a wrap), and their frame-0 values as the static
    /// transform that renderers without animation show. The tracks run through frame `frames`, the
    /// continuation of the motion, so a loop has no stall at its seam.
    ///
    /// Throws `SettingError` naming the flag (frames, fps, a wave too fine for a path),
    /// `VectorExportError` for a number that is not finite.
    public static func animatedDocument(scene: WaveScene, frames: Int? = nil) throws -> String {
        let count = frames ?? WaveLottie.defaultFrameCount(for: scene)
        if scene.parameters.waterGradient != nil {
            throw SettingError("water-gradient", "an animated SVG cannot hold the water gradient (it would move with the waves); export a still SVG of one frame (--frame K) or Lottie, or leave out --water-gradient")
        }
        let m = try WaveLottieModel(scene: scene, frames: count, fps: scene.parameters.fps)
        let timing = SMILTiming(frames: count, fps: m.fps)
        let w = m.width, h = m.height
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        s += "<!-- WaveFill: \(count) frames at \(number(m.fps)) fps, repeating -->\n"
        let image = try m.maskCoverage.map { try imageContainer($0, color: m.container) }
        s += "<defs>\n"
        if let image {
            s += maskOpening(w, h) + image.mask + "</mask>\n</defs>\n"
        } else {
            let rule = m.rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
            s += "<path id=\"glyph-outlines\"\(rule) d=\"\(try SVGText.pathData(m.glyphs))\"/>\n"
            s += maskOpening(w, h) + "<use xlink:href=\"#glyph-outlines\" fill=\"#FFFFFF\"/>\n</mask>\n</defs>\n"
        }
        if m.background.a > 0 {
            s += "<rect width=\"\(w)\" height=\"\(h)\"\(paint(m.background))/>\n"
        }
        s += image?.container ?? "<use xlink:href=\"#glyph-outlines\"\(paint(m.container))/>\n"
        for wave in m.waves { s += try waveElement(wave, rise: m.rise, timing: timing) }
        s += try ringElement(scene, width: w, height: h)
        s += "</svg>\n"
        return s
    }

    /// A wave: its path in a group masked by the glyphs, moved by the rise and the phase.
    private static func waveElement(_ wave: WaveLottieModel.Wave, rise: KeyframeTrack, timing: SMILTiming) throws -> String {
        func keys(_ t: KeyframeTrack) -> [SampledTrack.Key] {
            t.keys.map { SampledTrack.Key(time: Double($0.frame), value: [$0.value], hold: $0.hold) }
        }
        func shift(_ v: Double) -> (x: Double, y: Double) { wave.motion == .horizontal ? (v, 0) : (0, v) }
        let first = shift(wave.phase.keys[0].value)
        let base = "translate(\(try SVGText.number(first.x)) \(try SVGText.number(first.y + rise.keys[0].value)))"
        var s = "<g mask=\"url(#glyphs)\">\n<path\(paint(wave.color)) transform=\"\(base)\" d=\"\(try SVGText.pathData([wave.shape]))\">"
        if !rise.isConstant || !wave.phase.isConstant {
            s += "\n" + (try timing.element("transform", transformType: "translate", keys: keys(rise)) { "0," + (try SVGText.number($0[0])) })
            s += "\n" + (try timing.element("transform", transformType: "translate", additive: true, keys: keys(wave.phase)) {
                let p = shift($0[0])
                return try SVGText.number(p.x) + "," + SVGText.number(p.y)
            })
            s += "\n"
        }
        return s + "</path>\n</g>\n"
    }

    /// ` fill="#RRGGBB"` plus ` fill-opacity="…"` unless opaque.
    private static func paint(_ c: Color) -> String {
        let rgb = String(c.hex.prefix(7))
        return c.a == 255 ? " fill=\"\(rgb)\"" : " fill=\"\(rgb)\" fill-opacity=\"\(DecimalText.format(Double(c.a) / 255, decimals: 6))\""
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

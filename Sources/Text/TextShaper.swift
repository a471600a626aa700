import CFreeType
import CHarfBuzz
import Geometry

/// One glyph as the shaper placed it.
public struct PlacedGlyph: Sendable, Equatable {
    /// Glyph id in the font.
    public var glyphID: UInt32
    /// Pen position plus HarfBuzz offset, in 1/64 px, y up.
    public var x26: Int, y26: Int
    /// The unhinted outline in 1/64 px relative to the glyph origin, y up (FreeType's frame).
    public var outline: Path
    /// FT_Outline_Get_BBox of the outline (exact curve extrema), 1/64 px, y up: xMin, yMin, xMax, yMax.
    public var bbox26: (Int, Int, Int, Int)
    /// Element-wise equality.
    public static func == (a: PlacedGlyph, b: PlacedGlyph) -> Bool {
        a.glyphID == b.glyphID && a.x26 == b.x26 && a.y26 == b.y26 && a.outline == b.outline
            && a.bbox26 == b.bbox26
    }
}

/// Text shaped at one 26.6 size: glyphs with ink, and the union of their boxes.
public struct ShapedText: Sendable, Equatable {
    /// The em size in 1/64 px (`FT_Set_Char_Size(face, 0, e64, 72, 72)`).
    public var e64: Int
    /// Glyphs that have an outline, in shaping order.
    public var glyphs: [PlacedGlyph]
    /// Ink box in 1/64 px, y up: xMin, yMin, xMax, yMax.
    public var inkMin26: (x: Int, y: Int)
    /// See `inkMin26`.
    public var inkMax26: (x: Int, y: Int)

    /// Em size in pixels.
    public var pixelSize: Double { Double(e64) / 64 }
    /// Ink width in pixels.
    public var inkWidth: Double { Double(inkMax26.x - inkMin26.x) / 64 }
    /// Ink height in pixels.
    public var inkHeight: Double { Double(inkMax26.y - inkMin26.y) / 64 }

    /// All outlines on a canvas, y down: a 26.6 point (x, y) lands at `(tx + x/64, ty - y/64)`.
    public func path(tx: Double, ty: Double) -> Path {
        var p = Path()
        for g in glyphs {
            let t = Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64,
                              tx: tx + Double(g.x26) / 64, ty: ty - Double(g.y26) / 64)
            p.append(g.outline.applying(t))
        }
        return p
    }

    /// Equality of all fields.
    public static func == (a: ShapedText, b: ShapedText) -> Bool {
        a.e64 == b.e64 && a.glyphs == b.glyphs && a.inkMin26 == b.inkMin26 && a.inkMax26 == b.inkMax26
    }
}

/// Shapes one text in one font.
public final class TextShaper: @unchecked Sendable {
    /// The font.
    public let face: FontFace
    /// The text.
    public let text: String

    /// Checks that the text is not empty and that the font covers every character.
    public init(text: String, face: FontFace) throws {
        guard !text.isEmpty else { throw TextError.emptyText }
        self.text = text
        self.face = face
        try checkCoverage()
    }

    private func checkCoverage() throws {
        guard let font = hb_font_create(face.hbFace) else { throw TextError.notAFont(face.path, code: -4) }
        defer { hb_font_destroy(font) }
        var missing: [String] = []
        for ch in text where !missing.contains(String(ch)) {
            for s in ch.unicodeScalars {
                if s.properties.isDefaultIgnorableCodePoint || s.properties.generalCategory == .control { continue }
                var g: hb_codepoint_t = 0
                if hb_font_get_nominal_glyph(font, s.value, &g) == 0 || g == 0 {
                    missing.append(String(ch)); break
                }
            }
        }
        if !missing.isEmpty { throw TextError.missingCharacters(missing, font: face.path) }
    }

    /// Shapes the text at `e64` (1/64 px), loading outlines unless `outlines` is false (faster size search).
    public func shape(e64: Int, outlines: Bool = true) throws -> ShapedText {
        let shaped = try shapeGlyphs(e64: e64, outlines: outlines)
        var glyphs: [PlacedGlyph] = []
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in shaped.glyphs {
            guard let b = g.bbox26 else { continue }
            x0 = min(x0, g.x26 + b.0); y0 = min(y0, g.y26 + b.1)
            x1 = max(x1, g.x26 + b.2); y1 = max(y1, g.y26 + b.3)
            glyphs.append(PlacedGlyph(glyphID: g.glyphID, x26: g.x26, y26: g.y26, outline: g.outline, bbox26: b))
        }
        guard !glyphs.isEmpty else { throw TextError.noInk(text) }
        return ShapedText(e64: e64, glyphs: glyphs, inkMin26: (x0, y0), inkMax26: (x1, y1))
    }

    /// One shaped glyph as HarfBuzz placed it and FreeType loaded it.
    struct RawGlyph {
        var glyphID: UInt32
        /// HarfBuzz's cluster value (a UTF-8 offset into the text).
        var cluster: Int
        var x26: Int, y26: Int, advance26: Int
        /// The unhinted outline (empty when not loaded or without ink).
        var outline: Path
        /// FT_Outline_Get_BBox, nil for a glyph without outline points.
        var bbox26: (Int, Int, Int, Int)?
    }

    /// The one place that shapes: HarfBuzz at scale `e64` with its OpenType functions, FreeType's
    /// unhinted outlines at `FT_Set_Char_Size(e64)`, every glyph in order (with or without ink), the
    /// total advance, and the font's ascender and descender at that scale.
    func shapeGlyphs(e64: Int, outlines: Bool) throws -> (glyphs: [RawGlyph], advance26: Int, extents: hb_font_extents_t) {
        guard e64 >= 1, e64 <= 16384 * 64 else { throw TextError.badSize(Double(e64) / 64) }
        return try face.lock.withLock { _ throws(any Error) in
            guard let font = hb_font_create(face.hbFace), let buf = hb_buffer_create() else {
                throw TextError.notAFont(face.path, code: -4)
            }
            defer { hb_font_destroy(font); hb_buffer_destroy(buf) }
            hb_font_set_scale(font, Int32(e64), Int32(e64))
            hb_buffer_add_utf8(buf, text, -1, 0, -1)
            hb_buffer_guess_segment_properties(buf)
            hb_shape(font, buf, nil, 0)
            var extents = hb_font_extents_t()
            _ = hb_font_get_h_extents(font, &extents)
            let ft = face.ftFace
            let err = FT_Set_Char_Size(ft, 0, FT_F26Dot6(e64), 72, 72)
            guard err == 0 else { throw TextError.badSize(Double(e64) / 64) }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buf, &count),
                  let poss = hb_buffer_get_glyph_positions(buf, &count) else { return ([], 0, extents) }
            var glyphs: [RawGlyph] = []
            var px = 0, py = 0
            for i in 0 ..< Int(count) {
                let gid = infos[i].codepoint, pos = poss[i]
                let le = FT_Load_Glyph(ft, gid, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
                guard le == 0, let slot = ft.pointee.glyph else { throw TextError.glyphLoad(gid, code: le) }
                var outline = Path()
                var box: (Int, Int, Int, Int)?
                if slot.pointee.outline.n_points > 0 {
                    var bb = FT_BBox()
                    FT_Outline_Get_BBox(&slot.pointee.outline, &bb)
                    box = (Int(bb.xMin), Int(bb.yMin), Int(bb.xMax), Int(bb.yMax))
                    if outlines { outline = decompose(&slot.pointee.outline) }
                }
                glyphs.append(RawGlyph(glyphID: gid, cluster: Int(infos[i].cluster), x26: px + Int(pos.x_offset),
                                       y26: py + Int(pos.y_offset), advance26: Int(pos.x_advance), outline: outline, bbox26: box))
                px += Int(pos.x_advance); py += Int(pos.y_advance)
            }
            return (glyphs, px, extents)
        }
    }
}

/// FT_Outline_Decompose into a Path in 26.6 units (so implicit conic on-points are FreeType's own).
func decompose(_ outline: UnsafeMutablePointer<FT_Outline>) -> Path {
    final class Sink { var path = Path() }
    let sink = Sink()
    var funcs = FT_Outline_Funcs(
        move_to: { to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.path.close()
            s.path.move(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
            return 0
        },
        line_to: { to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.path.line(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
            return 0
        },
        conic_to: { c, to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.path.quad(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                        control: Point(Double(c!.pointee.x), Double(c!.pointee.y)))
            return 0
        },
        cubic_to: { c1, c2, to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.path.cubic(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                         control1: Point(Double(c1!.pointee.x), Double(c1!.pointee.y)),
                         control2: Point(Double(c2!.pointee.x), Double(c2!.pointee.y)))
            return 0
        },
        shift: 0, delta: 0)
    withExtendedLifetime(sink) {
        _ = FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
    }
    sink.path.close()
    return sink.path
}

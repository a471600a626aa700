import CFreeType
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

/// Shapes a text: its paragraphs and lines laid out (`TextLayout`: fallback fonts through
/// fontconfig, bidi through FriBidi, line breaks through libunibreak, HarfBuzz shaping), in a
/// chosen font for every character it has.
public final class TextShaper: @unchecked Sendable {
    /// The font.
    public let face: FontFace
    /// The text; newlines separate paragraphs.
    public let text: String
    /// Wrapping, alignment, line height and direction.
    public let style: ParagraphStyle

    /// Checks that the text is not empty and that an installed font draws every character (the
    /// chosen one, else fontconfig's fallback).
    public init(text: String, face: FontFace, style: ParagraphStyle = ParagraphStyle()) throws {
        guard !text.isEmpty else { throw TextError.emptyText }
        self.text = text
        self.face = face
        self.style = style
        let missing = TextLayout.missing(text, primary: face)
        if !missing.isEmpty {
            var packages: [String] = []
            for s in missing where !packages.contains(FontFallback.package(for: s)) { packages.append(FontFallback.package(for: s)) }
            throw TextError.noFontFor(missing.map { String($0) }, packages: packages)
        }
    }

    /// Lays the text out at `e64` (1/64 px), loading outlines unless `outlines` is false (faster size search).
    public func shape(e64: Int, outlines: Bool = true) throws -> ShapedText {
        let layout = try TextLayout(text: text, primary: face, style: style, e64: e64, outlines: outlines)
        var glyphs: [PlacedGlyph] = []
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in layout.glyphs {
            guard let b = g.bbox26 else { continue }
            x0 = min(x0, g.x26 + b.0); y0 = min(y0, g.y26 + b.1)
            x1 = max(x1, g.x26 + b.2); y1 = max(y1, g.y26 + b.3)
            glyphs.append(PlacedGlyph(glyphID: g.glyphID, x26: g.x26, y26: g.y26, outline: g.outline, bbox26: b))
        }
        guard !glyphs.isEmpty else { throw TextError.noInk(text) }
        return ShapedText(e64: e64, glyphs: glyphs, inkMin26: (x0, y0), inkMax26: (x1, y1))
    }

    /// The lines of the layout at `e64`: each line's characters (indices of the text's Unicode
    /// scalars, in logical order; newlines and the whitespace a wrapped line hangs are in none).
    public func lines(e64: Int) throws -> [Range<Int>] {
        try TextLayout(text: text, primary: face, style: style, e64: e64, outlines: false).lines.map(\.characters)
    }

    /// One shaped glyph as the layout placed and loaded it.
    typealias RawGlyph = TextLayout.Glyph

    /// The text's glyphs in visual order (with or without ink; the lines after the first below it),
    /// each line's characters (as `lines(e64:)`), the widest line's advance, and the chosen font's
    /// ascender and descender at that scale.
    func shapeGlyphs(e64: Int, outlines: Bool) throws
        -> (glyphs: [RawGlyph], lines: [Range<Int>], advance26: Int, ascender26: Int, descender26: Int) {
        let layout = try TextLayout(text: text, primary: face, style: style, e64: e64, outlines: outlines)
        return (layout.glyphs, layout.lines.map(\.characters), layout.width26, layout.ascender26, layout.descender26)
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

import CFreeType
import CHarfBuzz
import CFriBidi
import CUnibreak
import Geometry
import Synchronization

/// How a paragraph's lines sit in the text's box (CoreText's and TextKit's alignments).
public enum TextAlignment: String, CaseIterable, Sendable {
    /// At the paragraph's start: left for left-to-right text, right for right-to-left.
    case start
    case center
    /// At the paragraph's end.
    case end
    case left
    case right
    /// Both edges, space stretched between words (a paragraph's last line and unwrapped text: start).
    case justify
}

/// The base direction of paragraphs: from the first strong character (UAX #9 P2-P3), or set.
public enum TextDirection: String, CaseIterable, Sendable {
    case auto, ltr, rtl
}

/// What lays text out beyond its characters: where lines wrap, how they align, how far apart they
/// are, and which way paragraphs run.
public struct ParagraphStyle: Sendable, Equatable {
    /// Lines break to this width in pixels (UAX #14 opportunities; a word longer than it breaks
    /// between characters); nil: a line per paragraph.
    public var wrapWidth: Double?
    /// How lines align in the text's box: the wrap width, else the widest line.
    public var alignment: TextAlignment
    /// The distance between baselines as a multiple of the font's line spacing (ascender - descender
    /// + line gap).
    public var lineHeight: Double
    /// The paragraphs' base direction.
    public var direction: TextDirection

    public init(wrapWidth: Double? = nil, alignment: TextAlignment = .center, lineHeight: Double = 1, direction: TextDirection = .auto) {
        self.wrapWidth = wrapWidth; self.alignment = alignment; self.lineHeight = lineHeight; self.direction = direction
    }

    /// The accepted line heights.
    public static let lineHeightRange: ClosedRange<Double> = 0.25 ... 10
    /// The accepted wrap widths, px.
    public static let wrapWidthRange: ClosedRange<Double> = 1 ... 100_000
}

/// Text laid out as CoreText lays out a frame: paragraphs (split at newlines) -> lines (broken per
/// UAX #14 by libunibreak where a wrap width is given) -> runs (one font, one bidi level, one
/// script: characters a font lacks come from fontconfig's fallback, levels from FriBidi per UAX #9)
/// shaped by HarfBuzz and placed in visual order, glyph outlines from FreeType, unhinted.
///
/// Coordinates are 1/64 px, y up, the first line's baseline at y = 0 and the next ones below it.
struct TextLayout {
    /// One placed glyph.
    struct Glyph {
        var glyphID: UInt32
        /// The index of the first character (Unicode scalar of the whole text) of its cluster.
        var cluster: Int
        var x26: Int, y26: Int, advance26: Int
        var outline: Path
        var bbox26: (Int, Int, Int, Int)?
    }

    /// One line: its characters (scalar indices), its glyphs (in visual order), where it sits.
    struct Line {
        var characters: Range<Int>
        var glyphs: Range<Int>
        var x26: Int
        var baseline26: Int
        var width26: Int
        var rightToLeft: Bool
    }

    var glyphs: [Glyph] = []
    var lines: [Line] = []
    /// The widest line, 1/64 px.
    var width26 = 0
    /// The primary font's ascender and descender (negative) at the size.
    var ascender26 = 0
    var descender26 = 0

    /// The characters of `text` the layout works on (newlines separate paragraphs).
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Characters no installed font draws (nothing for newlines, controls and default ignorables).
    static func missing(_ text: String, primary: FontFace) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var checked = Set<UInt32>()
        for s in text.unicodeScalars where checked.insert(s.value).inserted {
            if s.properties.isDefaultIgnorableCodePoint || s.properties.generalCategory == .control || s.properties.isWhitespace { continue }
            if FontFallback.shared.face(for: s.value, primary: primary) == nil { out.append(s) }
        }
        return out
    }

    private static let breakInit: Void = { init_linebreak() }()

    /// Lays `text` out in `primary` (with fallback) at `e64` (1/64 px per em).
    init(text: String, primary: FontFace, style: ParagraphStyle, e64: Int, outlines: Bool) throws {
        guard e64 >= 1, e64 <= 16384 * 64 else { throw TextError.badSize(Double(e64) / 64) }
        _ = Self.breakInit
        let scalars = Self.scalars(text)
        var fonts = FontSizes(e64: e64)
        defer { fonts.release() }
        let primaryExtents = try fonts.extents(primary)
        ascender26 = Int(primaryExtents.ascender)
        descender26 = Int(primaryExtents.descender)
        let spacing = Double(primaryExtents.ascender - primaryExtents.descender + primaryExtents.line_gap) * style.lineHeight
        let lineAdvance = max(1, Int(spacing.rounded()))
        // The face of each character.
        var faces: [FontFace] = []
        faces.reserveCapacity(scalars.count)
        for s in scalars { faces.append(FontFallback.shared.face(for: s, primary: primary) ?? primary) }
        let scripts = Self.scripts(scalars)
        let wrap26 = style.wrapWidth.map { Int(($0 * 64).rounded()) }
        var lineIndex = 0
        var start = 0
        var boxes: [(Line, [Glyph], lastInParagraph: Bool)] = []
        while start <= scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != 0x0A { end += 1 }
            let paragraph = start ..< end
            let bidi = Self.bidi(scalars, paragraph, direction: style.direction)
            // Runs shaped to measure the lines, kept for the lines that hold them whole.
            var shaped: [Range<Int>: ShapedRun] = [:]
            let ranges = try wrap26.map { try Self.breakLines(scalars, paragraph, faces: faces, scripts: scripts, levels: bidi.levels,
                                                              fonts: &fonts, width26: $0, outlines: outlines, shaped: &shaped) } ?? [paragraph]
            for (k, r) in ranges.enumerated() {
                let (line, placed) = try Self.placeLine(scalars, r, paragraph: paragraph, faces: faces, scripts: scripts, bidi: bidi,
                                                        fonts: &fonts, outlines: outlines, shaped: shaped)
                var l = line
                l.baseline26 = -lineIndex * lineAdvance
                lineIndex += 1
                boxes.append((l, placed, k == ranges.count - 1))
            }
            start = end + 1
        }
        width26 = boxes.map(\.0.width26).max() ?? 0
        let box26 = wrap26 ?? width26
        for (line, placed, last) in boxes {
            var l = line
            let extra = box26 - l.width26
            let startIsLeft = !l.rightToLeft
            switch style.alignment {
            case .left: l.x26 = 0
            case .right: l.x26 = extra
            case .center: l.x26 = extra / 2
            case .start: l.x26 = startIsLeft ? 0 : extra
            case .end: l.x26 = startIsLeft ? extra : 0
            case .justify: l.x26 = startIsLeft || (wrap26 != nil && !last) ? 0 : extra
            }
            // Justified: the extra width shared by the spaces of a wrapped line that is not a paragraph's last.
            let spaces = style.alignment == .justify && wrap26 != nil && !last && extra > 0
                ? placed.indices.filter { scalars[placed[$0].cluster] == 0x20 } : []
            let first = glyphs.count
            var shift = 0, given = 0
            for (i, g) in placed.enumerated() {
                var g = g
                g.x26 += l.x26 + shift
                g.y26 += l.baseline26
                glyphs.append(g)
                if let k = spaces.firstIndex(of: i) {
                    let share = extra * (k + 1) / spaces.count - given
                    given += share
                    shift += share
                }
            }
            if !spaces.isEmpty { l.x26 = 0; l.width26 = box26 }
            l.glyphs = first ..< glyphs.count
            lines.append(l)
        }
    }

    // MARK: - Bidi

    struct Bidi {
        var levels: [FriBidiLevel]
        var types: [FriBidiCharType]
        var base: FriBidiParType
    }

    /// FriBidi's embedding levels of the characters of `paragraph` (indexed from its start).
    static func bidi(_ scalars: [UInt32], _ paragraph: Range<Int>, direction: TextDirection) -> Bidi {
        let n = paragraph.count
        var base: FriBidiParType
        switch direction {
        case .auto: base = FRIBIDI_PAR_ON
        case .ltr: base = FRIBIDI_PAR_LTR
        case .rtl: base = FRIBIDI_PAR_RTL
        }
        guard n > 0 else { return Bidi(levels: [], types: [], base: base) }
        var chars = Array(scalars[paragraph])
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        fribidi_get_bidi_types(&chars, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(&chars, FriBidiStrIndex(n), &types, &brackets)
        if fribidi_get_par_embedding_levels_ex(&types, &brackets, FriBidiStrIndex(n), &base, &levels) == 0 {
            levels = [FriBidiLevel](repeating: direction == .rtl ? 1 : 0, count: n)
        }
        return Bidi(levels: levels, types: types, base: base)
    }

    /// The visual order of `line`'s characters (logical indices of the whole text) and their levels
    /// after UAX #9 L1, through FriBidi's `fribidi_reorder_line`.
    static func visualOrder(_ line: Range<Int>, paragraph: Range<Int>, bidi: Bidi) -> (order: [Int], levels: [FriBidiLevel]) {
        var levels = bidi.levels
        var types = bidi.types
        var map = [FriBidiStrIndex](0 ..< FriBidiStrIndex(paragraph.count))
        let off = FriBidiStrIndex(line.lowerBound - paragraph.lowerBound), len = FriBidiStrIndex(line.count)
        if len > 0 {
            _ = fribidi_reorder_line(0, &types, len, off, bidi.base, &levels, nil, &map)
        }
        let order = map[Int(off) ..< Int(off + len)].map { Int($0) + paragraph.lowerBound }
        return (order, levels)
    }

    // MARK: - Scripts

    /// Each character's script, Common and Inherited ones taking their neighbour's (the previous,
    /// else the next), so a run is not split at spaces and punctuation.
    static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var out = scalars.map { hb_unicode_script(funcs, $0) }
        let weak: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
        var last: hb_script_t?
        for i in out.indices {
            if weak.contains(out[i].rawValue) { if let last { out[i] = last } } else { last = out[i] }
        }
        var next: hb_script_t?
        for i in out.indices.reversed() {
            if weak.contains(out[i].rawValue) { if let next { out[i] = next } } else { next = out[i] }
        }
        return out
    }

    // MARK: - Shaping

    /// HarfBuzz fonts at one size, one per face, made as they are needed.
    struct FontSizes {
        let e64: Int
        var fonts: [ObjectIdentifier: OpaquePointer] = [:]
        init(e64: Int) { self.e64 = e64 }

        mutating func font(_ face: FontFace) throws -> OpaquePointer {
            if let f = fonts[ObjectIdentifier(face)] { return f }
            guard let f = hb_font_create(face.hbFace) else { throw TextError.notAFont(face.path, code: -4) }
            hb_font_set_scale(f, Int32(e64), Int32(e64))
            fonts[ObjectIdentifier(face)] = f
            return f
        }

        mutating func extents(_ face: FontFace) throws -> hb_font_extents_t {
            var e = hb_font_extents_t()
            _ = hb_font_get_h_extents(try font(face), &e)
            return e
        }

        func release() { for f in fonts.values { hb_font_destroy(f) } }
    }

    /// The logical runs of `range`: one face, one level, one script each.
    static func runs(_ range: Range<Int>, faces: [FontFace], scripts: [hb_script_t], level: (Int) -> FriBidiLevel) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var s = range.lowerBound
        while s < range.upperBound {
            var e = s + 1
            while e < range.upperBound, faces[e] === faces[s], scripts[e] == scripts[s], level(e) == level(s) { e += 1 }
            out.append(s ..< e)
            s = e
        }
        return out
    }

    /// Shapes `run` of `scalars` (the paragraph as context) in `face`, glyphs at pen 0 in visual
    /// order; the run's advance.
    static func shape(_ scalars: [UInt32], _ run: Range<Int>, paragraph: Range<Int>, face: FontFace, script: hb_script_t,
                      rightToLeft: Bool, fonts: inout FontSizes, outlines: Bool, placeAt pen: Int) throws -> ([Glyph], Int) {
        let font = try fonts.font(face)
        guard let buf = hb_buffer_create() else { throw TextError.notAFont(face.path, code: -4) }
        defer { hb_buffer_destroy(buf) }
        let context = Array(scalars[paragraph])
        context.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buf, p.baseAddress, Int32(p.count), UInt32(run.lowerBound - paragraph.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buf, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buf, script)
        hb_buffer_guess_segment_properties(buf)
        return try face.lock.withLock { _ throws(any Error) in
            hb_shape(font, buf, nil, 0)
            let ft = face.ftFace
            let err = FT_Set_Char_Size(ft, 0, FT_F26Dot6(fonts.e64), 72, 72)
            guard err == 0 else { throw TextError.badSize(Double(fonts.e64) / 64) }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buf, &count),
                  let poss = hb_buffer_get_glyph_positions(buf, &count) else { return ([], 0) }
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(Int(count))
            var px = pen, py = 0
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
                glyphs.append(Glyph(glyphID: gid, cluster: Int(infos[i].cluster) + paragraph.lowerBound, x26: px + Int(pos.x_offset),
                                    y26: py + Int(pos.y_offset), advance26: Int(pos.x_advance), outline: outline, bbox26: box))
                px += Int(pos.x_advance); py += Int(pos.y_advance)
            }
            return (glyphs, px - pen)
        }
    }

    /// A run shaped from pen 0: its direction, glyphs and advance.
    struct ShapedRun {
        var face: FontFace
        var rightToLeft: Bool
        var glyphs: [Glyph]
        var advance: Int
    }

    /// FreeType's unhinted outlines of `glyphs` (shaped without them) in `face` at `e64`.
    static func loadOutlines(_ glyphs: inout [Glyph], face: FontFace, e64: Int) throws {
        try face.lock.withLock { _ throws(any Error) in
            let ft = face.ftFace
            guard FT_Set_Char_Size(ft, 0, FT_F26Dot6(e64), 72, 72) == 0 else { throw TextError.badSize(Double(e64) / 64) }
            for i in glyphs.indices where glyphs[i].bbox26 != nil {
                let le = FT_Load_Glyph(ft, glyphs[i].glyphID, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
                guard le == 0, let slot = ft.pointee.glyph else { throw TextError.glyphLoad(glyphs[i].glyphID, code: le) }
                if slot.pointee.outline.n_points > 0 { glyphs[i].outline = decompose(&slot.pointee.outline) }
            }
        }
    }

    /// Shapes and places `line` (characters of the whole text) in visual order from pen 0; a run
    /// `shaped` holds with the same direction is placed as it was shaped (the same input to
    /// HarfBuzz, the paragraph as context), not shaped again.
    static func placeLine(_ scalars: [UInt32], _ line: Range<Int>, paragraph: Range<Int>, faces: [FontFace], scripts: [hb_script_t],
                          bidi: Bidi, fonts: inout FontSizes, outlines: Bool, shaped: [Range<Int>: ShapedRun] = [:]) throws -> (Line, [Glyph]) {
        let (order, levels) = visualOrder(line, paragraph: paragraph, bidi: bidi)
        let level = { (i: Int) -> FriBidiLevel in levels.isEmpty ? 0 : levels[i - paragraph.lowerBound] }
        let runs = Self.runs(line, faces: faces, scripts: scripts, level: level)
        // Runs in the visual order of their characters.
        var position = [Int: Int]()
        for (v, i) in order.enumerated() { position[i] = v }
        let visual = runs.sorted { (position[$0.lowerBound] ?? 0) < (position[$1.lowerBound] ?? 0) }
        var glyphs: [Glyph] = []
        var pen = 0
        for r in visual {
            let rtl = level(r.lowerBound) % 2 == 1
            if let s = shaped[r], s.rightToLeft == rtl {
                var placed = s.glyphs
                if outlines { try loadOutlines(&placed, face: s.face, e64: fonts.e64) }
                for var g in placed { g.x26 += pen; glyphs.append(g) }
                pen += s.advance
                continue
            }
            let (g, advance) = try shape(scalars, r, paragraph: paragraph, face: faces[r.lowerBound], script: scripts[r.lowerBound],
                                         rightToLeft: rtl, fonts: &fonts, outlines: outlines, placeAt: pen)
            glyphs += g
            pen += advance
        }
        let rtl = bidi.base == FRIBIDI_PAR_RTL
        return (Line(characters: line, glyphs: 0 ..< 0, x26: 0, baseline26: 0, width26: pen, rightToLeft: rtl), glyphs)
    }

    // MARK: - Line breaking

    /// The lines of `paragraph` at most `width26` wide where the break opportunities allow: greedy,
    /// as CoreText's and TextKit's word wrapping; whitespace at a break hangs (is not in the line);
    /// a word wider than the line breaks between clusters.
    static func breakLines(_ scalars: [UInt32], _ paragraph: Range<Int>, faces: [FontFace], scripts: [hb_script_t],
                           levels: [FriBidiLevel], fonts: inout FontSizes, width26: Int, outlines: Bool,
                           shaped: inout [Range<Int>: ShapedRun]) throws -> [Range<Int>] {
        let n = paragraph.count
        guard n > 0 else { return [paragraph] }
        var breaks = [CChar](repeating: 0, count: n)
        let chars = Array(scalars[paragraph])
        chars.withUnsafeBufferPointer { p in
            breaks.withUnsafeMutableBufferPointer { b in set_linebreaks_utf32(p.baseAddress, n, "", b.baseAddress) }
        }
        // Each character's advance, from shaping the paragraph's logical runs once (a cluster's
        // advance goes to its first character).
        var advance = [Int](repeating: 0, count: n)
        var clusterStart = [Bool](repeating: false, count: n)
        let level = { (i: Int) -> FriBidiLevel in levels.isEmpty ? 0 : levels[i - paragraph.lowerBound] }
        for r in runs(paragraph, faces: faces, scripts: scripts, level: level) {
            let rtl = level(r.lowerBound) % 2 == 1
            let (g, total) = try shape(scalars, r, paragraph: paragraph, face: faces[r.lowerBound], script: scripts[r.lowerBound],
                                       rightToLeft: rtl, fonts: &fonts, outlines: false, placeAt: 0)
            shaped[r] = ShapedRun(face: faces[r.lowerBound], rightToLeft: rtl, glyphs: g, advance: total)
            for glyph in g {
                advance[glyph.cluster - paragraph.lowerBound] += glyph.advance26
                clusterStart[glyph.cluster - paragraph.lowerBound] = true
            }
        }
        func isSpace(_ i: Int) -> Bool { chars[i] == 0x20 || chars[i] == 0x09 || chars[i] == 0x3000 }
        var lines: [Range<Int>] = []
        var lineStart = 0
        var width = 0
        var lastBreak: Int?          // a line may end after this character
        var i = 0
        while i < n {
            let w = advance[i]
            let mustBreak = i < n - 1 && breaks[i] == CChar(LINEBREAK_MUSTBREAK)
            if width + w > width26, !isSpace(i), i > lineStart {
                // Overflow: end at the last opportunity, else between clusters.
                var end = lastBreak.map { $0 + 1 } ?? i
                if end <= lineStart { end = i }
                while end > lineStart, end < n, !clusterStart[end] { end -= 1 }
                if end <= lineStart { end = i }
                var trimmed = end
                while trimmed > lineStart, isSpace(trimmed - 1) { trimmed -= 1 }
                lines.append(paragraph.lowerBound + lineStart ..< paragraph.lowerBound + max(trimmed, lineStart))
                lineStart = end
                while lineStart < n, isSpace(lineStart) { lineStart += 1 }
                width = 0
                lastBreak = nil
                i = lineStart
                continue
            }
            width += w
            if breaks[i] == CChar(LINEBREAK_ALLOWBREAK) || mustBreak { lastBreak = i }
            if mustBreak {
                lines.append(paragraph.lowerBound + lineStart ..< paragraph.lowerBound + i + 1)
                lineStart = i + 1
                width = 0
                lastBreak = nil
            }
            i += 1
        }
        if lineStart < n || lines.isEmpty { lines.append(paragraph.lowerBound + lineStart ..< paragraph.upperBound) }
        return lines
    }
}

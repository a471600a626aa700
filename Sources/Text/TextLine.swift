import CFreeType
import CHarfBuzz
import Geometry

/// Styled runs shaped one after another on one baseline: each run in its own font and 26.6 size
/// (HarfBuzz with FreeType's unhinted outlines, as `TextShaper`), the next run starting at the
/// previous one's advance. Kerning and ligatures apply within a run.
public struct TextLine: Sendable, Equatable {
    /// Every glyph of every run, in order.
    public var glyphs: [LineGlyph]
    /// The clusters, in order (of all runs).
    public var clusters: [TextCluster]
    /// Total advance in 1/64 px.
    public var advance26: Int
    /// Largest ascender of the runs' fonts at their sizes, 1/64 px (above the baseline).
    public var ascender26: Int
    /// Largest descender depth of the runs' fonts at their sizes, 1/64 px, positive below the baseline.
    public var descender26: Int

    /// Width (advance) in pixels.
    public var width: Double { Double(advance26) / 64 }
    /// Ascender plus descender in pixels: the height of the line box.
    public var height: Double { Double(ascender26 + descender26) / 64 }

    /// Lays out `runs`, each a shaper (text and font) and an em size in 1/64 px.
    public init(runs: [(shaper: TextShaper, e64: Int)]) throws {
        glyphs = []; clusters = []
        var pen = 0, asc = 0, desc = 0
        for (index, run) in runs.enumerated() {
            let shaped = try run.shaper.shapeRun(e64: run.e64, run: index, clusterBase: clusters.count)
            for var g in shaped.glyphs { g.x26 += pen; glyphs.append(g) }
            let base = glyphs.count - shaped.glyphs.count
            for var c in shaped.clusters { c.glyphs = c.glyphs.map { $0 + base }; clusters.append(c) }
            pen += shaped.advance26
            asc = Swift.max(asc, shaped.ascender26); desc = Swift.max(desc, shaped.descender26)
        }
        advance26 = pen; ascender26 = asc; descender26 = desc
    }

    /// Exact ink box of the given glyphs (all when nil), on a canvas where the line's origin (the
    /// baseline at the start) lands on `(tx, ty)`, y down; nil when they have no ink.
    public func inkBounds(of indices: [Int]? = nil, tx: Double = 0, ty: Double = 0) -> Rect? {
        var box: Rect?
        for k in indices ?? Array(glyphs.indices) {
            let g = glyphs[k]
            guard let b = g.bbox26 else { continue }
            let r = Rect(minX: tx + Double(g.x26 + b.xMin) / 64, minY: ty - Double(g.y26 + b.yMax) / 64,
                         maxX: tx + Double(g.x26 + b.xMax) / 64, maxY: ty - Double(g.y26 + b.yMin) / 64)
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    /// Outlines of the given glyphs (all when nil) on a canvas, y down, with the line's origin at
    /// `(tx, ty)`: a 26.6 point (x, y) of a glyph lands at `(tx + (gx + x)/64, ty - (gy + y)/64)`.
    public func path(of indices: [Int]? = nil, tx: Double = 0, ty: Double = 0) -> Path {
        var p = Path()
        for k in indices ?? Array(glyphs.indices) {
            let g = glyphs[k]
            guard !g.outline.isEmpty else { continue }
            let t = Transform(a: 1.0 / 64, b: 0, c: 0, d: -1.0 / 64,
                              tx: tx + Double(g.x26) / 64, ty: ty - Double(g.y26) / 64)
            p.append(g.outline.applying(t))
        }
        return p
    }
}

/// One run shaped on its own, origin at 0.
struct ShapedRun {
    var glyphs: [LineGlyph]
    var clusters: [TextCluster]
    var advance26: Int
    var ascender26: Int
    var descender26: Int
}

extension TextShaper {
    /// Shapes the whole text at `e64`, keeping glyphs without ink (spaces) and cluster boundaries;
    /// a cluster's text is its characters (HarfBuzz's cluster, within its line).
    func shapeRun(e64: Int, run: Int, clusterBase: Int) throws -> ShapedRun {
        let shaped = try shapeGlyphs(e64: e64, outlines: true)
        // Cluster values are indices of Unicode scalars; each distinct value starts a cluster.
        let scalars = Array(text.unicodeScalars)
        let starts = Array(Set(shaped.glyphs.map(\.cluster))).sorted()
        let glyphs = shaped.glyphs.map { g in
            LineGlyph(glyphID: g.glyphID, run: run, cluster: clusterBase + (starts.firstIndex(of: g.cluster) ?? 0),
                      x26: g.x26, y26: g.y26, advance26: g.advance26, outline: g.outline,
                      bbox26: g.bbox26.map { (xMin: $0.0, yMin: $0.1, xMax: $0.2, yMax: $0.3) })
        }
        var clusters: [TextCluster] = []
        for (k, s) in starts.enumerated() {
            // Up to the next cluster or the end of the cluster's line: a newline, and the spaces a
            // wrapped line hangs, belong to no cluster.
            let lineEnd = shaped.lines.first(where: { $0.contains(s) })?.upperBound ?? scalars.count
            let e = min(k + 1 < starts.count ? starts[k + 1] : scalars.count, lineEnd)
            let members = glyphs.indices.filter { glyphs[$0].cluster == clusterBase + k }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[s ..< e])
            clusters.append(TextCluster(run: run, text: String(piece), glyphs: members))
        }
        return ShapedRun(glyphs: glyphs, clusters: clusters, advance26: shaped.advance26,
                         ascender26: shaped.ascender26, descender26: -shaped.descender26)
    }
}

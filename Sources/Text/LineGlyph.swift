import Geometry

/// One glyph of a laid-out line: every glyph the shaper produced, with or without ink.
public struct LineGlyph: Sendable, Equatable {
    /// Glyph id in its run's font.
    public var glyphID: UInt32
    /// Which run of the line it belongs to.
    public var run: Int
    /// Index of its cluster within the run (see `TextLine.clusters`).
    public var cluster: Int
    /// Origin (pen position plus HarfBuzz offset) in 1/64 px from the line's start, y up.
    public var x26: Int, y26: Int
    /// Advance in 1/64 px (after kerning).
    public var advance26: Int
    /// Unhinted outline in 1/64 px relative to the origin, y up; empty for a glyph without ink.
    public var outline: Path
    /// Exact ink box (FT_Outline_Get_BBox) relative to the origin, 1/64 px, y up; nil without ink.
    public var bbox26: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)?

    /// Field-wise equality.
    public static func == (a: LineGlyph, b: LineGlyph) -> Bool {
        a.glyphID == b.glyphID && a.run == b.run && a.cluster == b.cluster && a.x26 == b.x26 && a.y26 == b.y26
            && a.advance26 == b.advance26 && a.outline == b.outline && a.bbox26?.xMin == b.bbox26?.xMin
            && a.bbox26?.yMin == b.bbox26?.yMin && a.bbox26?.xMax == b.bbox26?.xMax && a.bbox26?.yMax == b.bbox26?.yMax
    }
}

/// A glyph cluster: the smallest piece of text the shaper keeps together (a character, or several
/// when they form a ligature or carry marks), with the glyphs drawn for it.
public struct TextCluster: Sendable, Equatable {
    /// The run it belongs to.
    public var run: Int
    /// The text of the cluster.
    public var text: String
    /// Indices into `TextLine.glyphs`.
    public var glyphs: [Int]
}

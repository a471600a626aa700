import Layers
import Geometry
import Raster

/// A layer that draws one line of styled runs (colour, size and font per run), like a `CATextLayer`
/// holding an attributed string: shaped by HarfBuzz with unhinted FreeType outlines (kerning and
/// ligatures within each run), runs one after another on one baseline, filled with exact coverage.
///
/// The line box starts at the bounds' top-left: the baseline lies `ascent` below `bounds.minY` and
/// the pen starts at `bounds.minX`. `preferredSize` is the line box; ink may overhang it (as with
/// any font), and is not clipped unless `masksToBounds` is set. Shaping happens when the runs are
/// set, never while drawing.
open class TextLayer: Layer, @unchecked Sendable {
    /// The runs, in order.
    public private(set) var runs: [TextRun] = []
    /// The shaped line (nil while there are no runs).
    public private(set) var line: TextLine?
    /// Each run's glyph outlines with the line's origin (baseline start) at (0, 0), y down.
    public private(set) var runPaths: [Path] = []
    /// Each run's glyphs as pieces whose exact ink boxes do not overlap (glyphs whose boxes overlap
    /// share a piece), for the fast renderer: the run's coverage is the sum of theirs.
    public private(set) var runPieces: [[GlyphPiece]] = []

    /// An empty text layer.
    public override init() { super.init() }

    /// A text layer showing `runs`, sized to its line box; throws `TextError` when a run cannot be
    /// shaped (a character missing from its font, a bad size).
    public convenience init(runs: [TextRun]) throws {
        self.init()
        try setRuns(runs)
        bounds = Rect(x: 0, y: 0, width: preferredSize.width, height: preferredSize.height)
    }

    /// Replaces the runs and shapes them (the bounds are left as they are).
    public func setRuns(_ newRuns: [TextRun]) throws {
        guard !newRuns.isEmpty else { runs = []; line = nil; runPaths = []; runPieces = []; return }
        var shapers: [(shaper: TextShaper, e64: Int)] = []
        for r in newRuns {
            guard r.e64 > 0 else { throw TextError.badSize(r.size) }
            shapers.append((try TextShaper(text: r.text, face: r.font, style: r.paragraph), r.e64))
        }
        let shaped = try TextLine(runs: shapers)
        var paths = [Path](repeating: Path(), count: newRuns.count)
        for k in newRuns.indices {
            paths[k] = shaped.path(of: shaped.glyphs.indices.filter { shaped.glyphs[$0].run == k })
        }
        runs = newRuns; line = shaped; runPaths = paths
        runPieces = newRuns.indices.map { k in Self.pieces(of: shaped.glyphs.filter { $0.run == k }) }
    }

    /// Groups glyphs whose exact ink boxes overlap (with positive area) into one piece each.
    static func pieces(of glyphs: [LineGlyph]) -> [GlyphPiece] {
        let inked = glyphs.filter { $0.bbox26 != nil && !$0.outline.isEmpty }
        func box(_ g: LineGlyph) -> (Int, Int, Int, Int) {
            let b = g.bbox26 ?? (0, 0, 0, 0)
            return (g.x26 + b.xMin, g.y26 + b.yMin, g.x26 + b.xMax, g.y26 + b.yMax)
        }
        var parent = Array(inked.indices)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        for i in inked.indices {
            let a = box(inked[i])
            for j in inked.indices where j > i {
                let b = box(inked[j])
                if a.0 < b.2, b.0 < a.2, a.1 < b.3, b.1 < a.3 { parent[find(j)] = find(i) }
            }
        }
        var pieces: [GlyphPiece] = []
        var pieceOf: [Int: Int] = [:]
        for i in inked.indices {
            let g = inked[i], root = find(i)
            if let k = pieceOf[root] {
                let dx = Double(g.x26 - pieces[k].x26), dy = Double(g.y26 - pieces[k].y26)
                pieces[k].outline.append(g.outline.applying(.translation(dx, dy)))
            } else {
                pieceOf[root] = pieces.count
                pieces.append(GlyphPiece(outline: g.outline, x26: g.x26, y26: g.y26))
            }
        }
        return pieces
    }

    /// The line box: advance width by ascender plus descender.
    public var preferredSize: (width: Double, height: Double) {
        (line?.width ?? 0, line?.height ?? 0)
    }

    /// Distance from the top of the line box to the baseline.
    public var ascent: Double { Double(line?.ascender26 ?? 0) / 64 }

    /// Where the line's origin (baseline start) sits in the layer's coordinates.
    public var lineOrigin: Point { Point(bounds.minX, bounds.minY + ascent) }

    /// The exact ink box in the layer's coordinates (nil without ink).
    public var inkBounds: Rect? { line?.inkBounds(tx: lineOrigin.x, ty: lineOrigin.y) }

    /// A copy including the runs and their shaped line.
    open override func copyProperties() -> Layer {
        let l = TextLayer()
        copyBase(to: l)
        l.runs = runs; l.line = line; l.runPaths = runPaths; l.runPieces = runPieces
        return l
    }

    /// Writes the layer's properties and the shaped runs into `other` (a `TextLayer`).
    open override func assignProperties(to other: Layer) {
        super.assignProperties(to: other)
        guard let l = other as? TextLayer else { return }
        l.runs = runs; l.line = line; l.runPaths = runPaths; l.runPieces = runPieces
    }

    /// Each run's pieces in its colour, for the fast renderer.
    open override func emitContent(into sink: inout LayerContentSink, ctm: Transform) {
        let o = lineOrigin
        let m = Transform.translation(o.x, o.y).concatenating(ctm)
        for (run, pieces) in zip(runs, runPieces) where run.color.a > 0 {
            sink.fill(pieces: pieces, lineTransform: m, paint: .color(run.color))
        }
    }

    /// Fills each run's glyphs in its colour: no shaping here, but a coverage is allocated per run per
    /// draw (the reference path).
    open override func drawContent(in canvas: inout Canvas, ctm: Transform, rasterizer: Rasterizer) {
        let o = lineOrigin
        let m = Transform.translation(o.x, o.y).concatenating(ctm)
        for (run, path) in zip(runs, runPaths) where run.color.a > 0 && !path.isEmpty {
            let cov = rasterizer.coverage(of: path, width: canvas.width, height: canvas.height, rule: .nonZero, transform: m)
            canvas.fill(run.color, coverage: cov)
        }
    }
}

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
        guard !newRuns.isEmpty else { runs = []; line = nil; runPaths = []; return }
        var shapers: [(shaper: TextShaper, e64: Int)] = []
        for r in newRuns {
            guard r.e64 > 0 else { throw TextError.badSize(r.size) }
            shapers.append((try TextShaper(text: r.text, face: r.font), r.e64))
        }
        let shaped = try TextLine(runs: shapers)
        var paths = [Path](repeating: Path(), count: newRuns.count)
        for k in newRuns.indices {
            paths[k] = shaped.path(of: shaped.glyphs.indices.filter { shaped.glyphs[$0].run == k })
        }
        runs = newRuns; line = shaped; runPaths = paths
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
        l.runs = runs; l.line = line; l.runPaths = runPaths
        return l
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

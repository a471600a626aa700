import Raster

/// One styled run of a `TextLayer`: text in a font at a size and colour.
public struct TextRun: Sendable {
    /// The run's text.
    public var text: String
    /// The font file, opened.
    public var font: FontFace
    /// Em size in pixels (rounded to 1/64 px, as FreeType sizes are).
    public var size: Double
    /// Fill colour of the glyphs.
    public var color: Color
    /// How the run's lines (when it has newlines) wrap, align and are spaced.
    public var paragraph: ParagraphStyle

    /// A run.
    public init(text: String, font: FontFace, size: Double, color: Color, paragraph: ParagraphStyle = ParagraphStyle()) {
        self.text = text; self.font = font; self.size = size; self.color = color; self.paragraph = paragraph
    }

    /// The em size in 1/64 px.
    public var e64: Int {
        let v = (size * 64).rounded(.toNearestOrEven)
        return v.isFinite && v >= 1 && v <= Double(16384 * 64) ? Int(v) : 0
    }
}

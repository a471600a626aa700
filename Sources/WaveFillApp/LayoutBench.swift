import WaveFill

/// `wavefill bench --layout`: the text layout of a 2000-character paragraph mixing English, Chinese,
/// Hebrew, Arabic, Russian and Devanagari, wrapped to 400 px at 20 px in DejaVu Sans Bold with
/// fallback fonts, timed whole (fallback, bidi, line breaks, shaping; with and without outlines).
public enum LayoutBench {
    /// The sentences the paragraph repeats, in turn, until it has 2000 characters.
    static let sentences = [
        "Loading your library, this can take a moment. ", "加载中，请稍候。", "טוען את הספרייה שלך ",
        "جارٍ التحميل، يرجى الانتظار. ", "Загрузка почти закончена. ", "लोड हो रहा है, कृपया प्रतीक्षा करें। ",
        "Almost there: 42 % done. ",
    ]

    /// The paragraph: whole sentences, then cut at 2000 characters.
    public static let paragraph: String = {
        var scalars = String.UnicodeScalarView()
        var k = 0
        while scalars.count < 2000 { scalars.append(contentsOf: sentences[k % sentences.count].unicodeScalars); k += 1 }
        return String(String.UnicodeScalarView(scalars.prefix(2000)))
    }()

    /// Medians of `runs` layouts, ms: lines only, and with glyph outlines; and the number of lines.
    public static func run(runs: Int = 50) throws -> (linesMs: Double, outlinesMs: Double, lines: Int) {
        let face = try FontLocator.face(nil)
        let shaper = try TextShaper(text: paragraph, face: face, style: ParagraphStyle(wrapWidth: 400, alignment: .start))
        let e64 = 20 * 64
        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            let clock = ContinuousClock()
            for _ in 0 ..< runs {
                let d = try clock.measure(body)
                times.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
            }
            return Bench.percentile(times.sorted(), 0.5)
        }
        var count = 0
        _ = try shaper.lines(e64: e64)          // fallback fonts found and opened once, as a scene would
        let linesMs = try median { count = try shaper.lines(e64: e64).count }
        let outlinesMs = try median { _ = try shaper.shape(e64: e64) }
        return (linesMs, outlinesMs, count)
    }

    /// The report: a line, or JSON with the paragraph (for tools/bench/layout.sh to time Pango on it).
    public static func report(json: Bool) throws -> String {
        let r = try run()
        if json {
            return "{\"characters\": \(paragraph.unicodeScalars.count), \"lines\": \(r.lines), \"layout_ms\": \(JSONText.number(r.linesMs)), "
                + "\"with_outlines_ms\": \(JSONText.number(r.outlinesMs)), \"paragraph\": \(JSONText.quoted(paragraph))}"
        }
        return "text layout of a \(paragraph.unicodeScalars.count)-character mixed-script paragraph (wrap 400 px, 20 px): "
            + "\(r.lines) lines, \(StatusText.fixed(r.linesMs, 3)) ms (median of 50), \(StatusText.fixed(r.outlinesMs, 3)) ms with glyph outlines"
    }
}

import Testing
import Foundation
@testable import Text

/// The text layout: paragraphs, line breaks against Pango's, bidi against Unicode's conformance
/// file, font fallback, alignment and line height.
@Suite struct TextLayoutTests {
    static let face = Result { try FontFace(path: dejavuBold) }

    static func shaper(_ text: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> TextShaper {
        try TextShaper(text: text, face: try face.get(), style: style)
    }

    /// Paragraphs wrapped to a width, as Pango (HarfBuzz + FriBidi + fontconfig, an engine we did not
    /// write) breaks them with the same font, size and width. (Pango lets a word wider than the line
    /// overflow where CoreText and we break it between characters, so no such word is here.)
    static let paragraphs: [(text: String, width: Double)] = [
        ("The quick brown fox jumps over the lazy dog", 150),
        ("The quick brown fox jumps over the lazy dog", 260),
        ("加载中，请稍候。我们正在准备你的内容", 120),
        ("Loading 加载中 please wait 请稍候 almost there", 140),
        ("one\ntwo three four five six seven", 100),
        ("abc שלום עולם def ghi jkl", 100),
        ("Привет, мир! Загрузка почти закончена", 130),
        ("Well-known, hyphen-separated words: break-after-hyphens / slashes", 170),
        ("नमस्ते दुनिया, लोड हो रहा है", 110),
    ]

    @Test func lineBreaksAreThoseOfPango() throws {
        let px = 20.0
        var cases: [[String: Any]] = []
        for p in Self.paragraphs { cases.append(["text": p.text, "font": "DejaVu Sans Bold", "px": px, "width": p.width]) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/layout/pango_lines.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: cases))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pango_lines.py failed (python3-gi and gir1.2-pango-1.0 installed?)")
        let pango = try #require(try JSONSerialization.jsonObject(with: data) as? [[Int]])
        try #require(pango.count == Self.paragraphs.count)
        for (p, expected) in zip(Self.paragraphs, pango) {
            let ours = try Self.shaper(p.text, ParagraphStyle(wrapWidth: p.width)).lines(e64: Int(px * 64)).map(\.lowerBound)
            #expect(ours == expected, "'\(p.text)' at \(p.width) px: ours \(ours), Pango \(expected)")
            #expect(expected.count > 1, "'\(p.text)': the case wraps")
        }
    }

    /// Every line of Unicode's BidiCharacterTest.txt: the visual order of the characters our layout
    /// places (levels and line reordering through FriBidi, runs ordered by our code) is the file's.
    @Test func visualOrderIsUnicodesBidiCharacterTest() throws {
        let path = "/usr/share/unicode/BidiCharacterTest.txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var checked = 0, failed = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let f = line.split(separator: ";", omittingEmptySubsequences: false)
            guard f.count >= 5 else { continue }
            let scalars = f[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: TextDirection = f[1] == "0" ? .ltr : f[1] == "1" ? .rtl : .auto
            let levels = f[3].split(separator: " ")
            let expected = f[4].split(separator: " ").compactMap { Int($0) }
            let bidi = TextLayout.bidi(scalars, 0 ..< scalars.count, direction: direction)
            let order = TextLayout.visualOrder(0 ..< scalars.count, paragraph: 0 ..< scalars.count, bidi: bidi).order
            // Characters removed by X9 (level "x") have no place in the expected order.
            let ours = order.filter { levels[$0] != "x" }
            checked += 1
            if ours != expected {
                failed += 1
                if failed <= 5 { Issue.record("\(f[0]) dir \(f[1]): ours \(ours), expected \(expected)") }
            }
        }
        #expect(checked > 90_000)
        #expect(failed == 0, "\(failed) of \(checked) lines differ")
    }

    @Test func newlinesMakeParagraphsAndLineHeightSpacesThem() throws {
        let one = try Self.shaper("du").shape(e64: 64 * 40)
        let two = try Self.shaper("du\ndu").shape(e64: 64 * 40)
        #expect(two.glyphs.count == 4)
        let step = two.glyphs[0].y26 - two.glyphs[2].y26
        #expect(step > 40 * 64 && step < 60 * 64, "\(step)")
        let wide = try Self.shaper("du\ndu", ParagraphStyle(lineHeight: 2)).shape(e64: 64 * 40)
        #expect(abs((wide.glyphs[0].y26 - wide.glyphs[2].y26) - 2 * step) <= 1)
        // The first line is where a single line is.
        #expect(two.glyphs[0].x26 == one.glyphs[0].x26 && two.glyphs[0].y26 == one.glyphs[0].y26)
    }

    @Test func alignmentPlacesShortLines() throws {
        func firstX(_ a: TextAlignment, _ text: String = "Wave\nd") throws -> Int {
            let s = try Self.shaper(text, ParagraphStyle(alignment: a)).shape(e64: 64 * 30)
            return s.glyphs[4].x26 - (s.glyphs[4].bbox26.0)
        }
        let left = try firstX(.left), center = try firstX(.center), right = try firstX(.right)
        #expect(left < center && center < right)
        #expect(try firstX(.start) == left && firstX(.end) == right)
        // Right-to-left paragraphs start at the right.
        let rtlStart = try Self.shaper("שלום\nא", ParagraphStyle(alignment: .start)).shape(e64: 64 * 30)
        let rtlEnd = try Self.shaper("שלום\nא", ParagraphStyle(alignment: .end)).shape(e64: 64 * 30)
        #expect(rtlStart.glyphs.last!.x26 > rtlEnd.glyphs.last!.x26)
    }

    @Test func wrappedLinesFitAndJustifiedOnesFillTheWidth() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running"
        for width in [80.0, 120, 200, 333] {
            let layout = try TextLayout(text: text, primary: try Self.face.get(), style: ParagraphStyle(wrapWidth: width, alignment: .left),
                                        e64: 64 * 16, outlines: false)
            #expect(layout.lines.count > 1)
            for l in layout.lines { #expect(l.width26 <= Int(width * 64), "\(width): a line is \(Double(l.width26) / 64) px") }
            let justified = try TextLayout(text: text, primary: try Self.face.get(), style: ParagraphStyle(wrapWidth: width, alignment: .justify),
                                           e64: 64 * 16, outlines: false)
            // Every wrapped line with a space between words ends at the width (a lone word cannot stretch).
            let chars = Array(text.unicodeScalars)
            for l in justified.lines.dropLast() where chars[l.characters].contains(" ") {
                let g = justified.glyphs[l.glyphs]
                let right = (g.last?.x26 ?? 0) + (g.last?.advance26 ?? 0)
                #expect(abs(right - Int(width * 64)) <= 1, "\(width): justified line ends at \(Double(right) / 64)")
            }
        }
    }

    /// A wrapped paragraph (runs shaped once to measure, placed again where a line holds them whole)
    /// gives the glyphs, outlines and positions of the same lines given with newlines (each line
    /// shaped on its own).
    @Test func wrappedLinesAreTheLinesGivenWithNewlines() throws {
        let text = "Loading 加载中 שלום עולם and more words here"
        let face = try Self.face.get()
        let wrapped = try TextLayout(text: text, primary: face, style: ParagraphStyle(wrapWidth: 110, alignment: .left), e64: 64 * 16, outlines: true)
        #expect(wrapped.lines.count > 2)
        let chars = Array(text.unicodeScalars)
        var joined = String.UnicodeScalarView()
        for (k, l) in wrapped.lines.enumerated() {
            if k > 0 { joined.append("\n") }
            joined.append(contentsOf: chars[l.characters])
        }
        let broken = try TextLayout(text: String(joined), primary: face, style: ParagraphStyle(alignment: .left), e64: 64 * 16, outlines: true)
        #expect(broken.lines.count == wrapped.lines.count)
        #expect(broken.glyphs.count == wrapped.glyphs.count)
        for (a, b) in zip(wrapped.glyphs, broken.glyphs) {
            #expect(a.glyphID == b.glyphID && a.x26 == b.x26 && a.y26 == b.y26 && a.outline == b.outline)
        }
    }

    @Test func mixedDirectionsReadInVisualOrder() throws {
        // "abc שלום": the Hebrew word's first letter (shin) is its rightmost glyph.
        let s = try Self.shaper("abc \u{5E9}\u{5DC}\u{5D5}\u{5DD}").shape(e64: 64 * 30)
        let layout = try TextLayout(text: "abc \u{5E9}\u{5DC}\u{5D5}\u{5DD}", primary: try Self.face.get(), style: ParagraphStyle(), e64: 64 * 30, outlines: false)
        let hebrew = layout.glyphs.filter { $0.cluster >= 4 }
        #expect(hebrew.map(\.cluster) == [7, 6, 5, 4], "\(hebrew.map(\.cluster))")
        #expect(s.glyphs.count == 7)
    }

    @Test func charactersTheFontLacksComeFromAnInstalledFont() throws {
        let layout = try TextLayout(text: "d加u", primary: try Self.face.get(), style: ParagraphStyle(), e64: 64 * 30, outlines: true)
        #expect(layout.glyphs.count == 3)
        #expect(layout.glyphs.allSatisfy { !$0.outline.isEmpty })
        // Not DejaVu's own missing glyph: another face drew it.
        #expect(try !FontFallback.has(Self.face.get(), 0x52A0))
        #expect(try FontFallback.shared.face(for: 0x52A0, primary: Self.face.get()) != nil)
    }
}

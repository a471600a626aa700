import Testing
@testable import Geometry

/// An SVG container's budgets: bytes, shape elements and path segments, refused before the work
/// grows, with error lines that never echo a whole attribute.
@Suite struct SVGBudgetTests {
    static func svg(_ body: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\">\(body)</svg>" }

    @Test func moreThanTheShapeBudgetIsRefused() throws {
        let rect = "<rect x=\"1\" y=\"1\" width=\"3\" height=\"3\"/>"
        // Rects of no size are shapes that draw nothing: they count as elements, not as segments.
        let empty = "<rect x=\"1\" y=\"1\" width=\"0\" height=\"3\"/>"
        _ = try SVGShapes(text: Self.svg(rect + String(repeating: empty, count: SVGShapes.maxShapes - 1)))
        #expect(throws: SVGShapesError("more than 10000 shape elements; at most 10000 are drawn")) {
            try SVGShapes(text: Self.svg(rect + String(repeating: empty, count: SVGShapes.maxShapes)))
        }
    }

    @Test func moreThanTheSegmentBudgetIsRefused() throws {
        // One path of 10002 segments: a move, 10000 lines and a close, enclosing an area.
        let d = "M0 0" + String(repeating: "l1 0", count: SVGShapes.maxSegments - 1) + "l0 1z"
        #expect(d.utf8.count < SVGShapes.maxBytes)
        #expect(throws: SVGShapesError("more than 10000 path segments in all (a curve counts 8); at most 10000 are drawn")) {
            try SVGShapes(text: Self.svg("<path d=\"\(d)\"/>"))
        }
        _ = try SVGShapes(text: Self.svg("<path d=\"M0 0" + String(repeating: "l1 0", count: SVGShapes.maxSegments - 4) + "l0 1z\"/>"))
        // Curves count 8 each: a circle (four cubics) costs over 32, so fewer than 313 fit.
        let circle = "<circle cx=\"5\" cy=\"5\" r=\"4\"/>"
        let w = SVGShapes.weight(of: try SVGShapes(text: Self.svg(circle)).path)
        #expect(w >= 4 * SVGShapes.curveWeight && w < 40, "\(w)")
        let fit = SVGShapes.maxSegments / w
        // (As many circles as fit, all overlapping, would exceed the union's own limit instead.)
        _ = try SVGShapes(text: Self.svg(String(repeating: circle, count: 20)))
        #expect(throws: SVGShapesError("more than 10000 path segments in all (a curve counts 8); at most 10000 are drawn")) {
            try SVGShapes(text: Self.svg(String(repeating: circle, count: fit + 1)))
        }
    }

    @Test func moreThanOneMiBIsRefusedBeforeParsing() {
        let comment = "<!--" + String(repeating: "x", count: SVGShapes.maxBytes) + "-->"
        #expect(throws: SVGShapesError("the document is \(comment.utf8.count + Self.svg("").utf8.count) bytes; at most 1048576 (1 MiB) are read")) {
            try SVGShapes(text: Self.svg(comment))
        }
    }

    @Test func errorsEchoAtMost40CharactersOfAnAttribute() {
        let long = String(repeating: "9", count: 500_000) + "cm"
        do {
            _ = try SVGShapes(text: Self.svg("<rect x=\"\(long)\" width=\"3\" height=\"3\"/>"))
            Issue.record("a length in cm was accepted")
        } catch let e as SVGShapesError {
            #expect(e.message.count < 150 && e.message.contains("...") && e.message.contains("expected a number"), "\(e.message.prefix(200))")
        } catch { Issue.record("\(error)") }
    }
}

import Geometry
import Testing

/// The shapes of a small SVG document: elements, transforms, fill rules, and clear refusals.
@Suite struct SVGShapesTests {
    static func bounds(_ svg: String) throws -> Rect {
        try #require(try SVGShapes(text: svg).path.controlBounds)
    }

    @Test func readsEveryElementKind() throws {
        let svg = """
        <?xml version="1.0"?>
        <!DOCTYPE svg>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <!-- <path d="M-500 -500 H9"/> a comment is skipped -->
          <title><![CDATA[ <rect width="900" height="900"/> ]]></title>
          <path d="M0 0 H10 V10 Z"/>
          <rect x="20" y="0" width="10" height="10" rx="2"/>
          <circle cx="45" cy="5" r="5"/>
          <ellipse cx="60" cy="5" rx="5" ry="3"></ellipse>
          <polygon points="70,0 80,0 75,10"/>
          <polyline points="85 0 95 0 90 10"/>
          <defs><rect width="1000" height="1000"/></defs>
        </svg>
        """
        let shapes = try SVGShapes(text: svg)
        #expect(shapes.rule == .nonZero)
        #expect(try Self.bounds(svg) == Rect(minX: 0, minY: 0, maxX: 95, maxY: 10))
        #expect(shapes.path.elements.filter { $0 == .close }.count == 6)
    }

    @Test func transformsOfElementsAndGroupsApply() throws {
        let svg = """
        <svg><g transform="translate(100 50)"><g transform="scale(2)">
          <rect width="10" height="5" transform="translate(1,1)"/>
        </g></g><rect x="-1" y="-1" width="1" height="1"/></svg>
        """
        #expect(try Self.bounds(svg) == Rect(minX: -1, minY: -1, maxX: 122, maxY: 62))
        let rotated = try SVGShapes(text: "<svg><rect width='10' height='20' transform='rotate(90)'/></svg>").path.controlBounds
        let r = try #require(rotated)
        #expect(abs(r.minX + 20) < 1e-9 && abs(r.maxX) < 1e-9 && abs(r.maxY - 10) < 1e-9)
        let m = try Self.bounds("<svg><rect width='1' height='1' transform='matrix(2 0 0 3 5 7)'/></svg>")
        #expect(m == Rect(minX: 5, minY: 7, maxX: 7, maxY: 10))
    }

    @Test func fillRuleFromAttributesStylesAndGroups() throws {
        #expect(try SVGShapes(text: "<svg><path fill-rule='evenodd' d='M0 0H1V1Z'/></svg>").rule == .evenOdd)
        #expect(try SVGShapes(text: "<svg><path style='fill:red; fill-rule: evenodd' d='M0 0H1V1Z'/></svg>").rule == .evenOdd)
        #expect(try SVGShapes(text: "<svg fill-rule='evenodd'><g><path d='M0 0H1V1Z'/></g></svg>").rule == .evenOdd)
        #expect(throws: SVGShapesError.self) {
            try SVGShapes(text: "<svg><path fill-rule='evenodd' d='M0 0H1V1Z'/><path d='M0 0H1V1Z'/></svg>")
        }
    }

    static func message(_ svg: String) -> String {
        do { _ = try SVGShapes(text: svg); return "" } catch { return "\(error)" }
    }

    @Test func refusesWhatItCannotRead() {
        #expect(Self.message("<svg></svg>").hasPrefix("no shapes"))
        #expect(Self.message("<svg><g><text>hi</text></g></svg>").hasPrefix("no shapes"))
        #expect(Self.message("not svg at all").hasPrefix("no shapes"))
        #expect(Self.message("<svg><path d='M0 0 L1 x'/></svg>") == "<path d>: at character 8 ('x'): expected a number")
        #expect(Self.message("<svg><path d='M0 0 &amp; L1 1'/></svg>").contains("entity references"))
        #expect(Self.message("<svg><rect width='10mm' height='1'/></svg>").contains("other units are not supported"))
        #expect(Self.message("<svg><!-- open").contains("comment is not closed"))
        #expect(Self.message("<svg><path d='M0 0").contains("not closed"))
        #expect(Self.message("<svg><rect width='1' height='1' transform='spin(3)'/></svg>").contains("transform"))
    }
}

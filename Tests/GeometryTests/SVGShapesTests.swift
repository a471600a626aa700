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
        let mixed = try SVGShapes(text: "<svg><path fill-rule='evenodd' d='M0 0H1V1Z'/><path d='M0 0H1V1Z'/></svg>")
        #expect(mixed.parts.map(\.rule) == [.evenOdd, .nonZero])
    }

    static func message(_ svg: String) -> String {
        do { _ = try SVGShapes(text: svg); return "" } catch { return "\(error)" }
    }

    @Test func refusesWhatItCannotRead() {
        #expect(Self.message("<svg></svg>").hasPrefix("no shapes"))
        #expect(Self.message("<svg><g><text>hi</text></g></svg>").hasPrefix("<text> is not supported"))
        #expect(Self.message("<svg><image href='a.png'/><rect width='1' height='1'/></svg>").hasPrefix("<image> is not supported"))
        #expect(Self.message("not svg at all").hasPrefix("no shapes"))
        #expect(Self.message("<svg><path d='M0 0 L1 x'/></svg>").hasPrefix("no shapes"))
        #expect(Self.message("<svg><path d='M0 0 &nbsp; L1 1'/></svg>").contains("entity reference &nbsp;"))
        #expect(Self.message("<svg><style>g rect { fill-rule: evenodd }</style><rect width='1' height='1'/></svg>").contains("selector 'g rect'"))
        #expect(Self.message("<svg><style>@media print { rect { display: none } }</style></svg>").contains("at-rules"))
        #expect(Self.message("<svg><use href='#u' id='u'/></svg>").contains("refers to itself"))
        let many = "<svg>" + String(repeating: "<g/>", count: SVGShapes.maxElements) + "</svg>"
        #expect(Self.message(many) == "it has \(SVGShapes.maxElements + 1) elements; at most \(SVGShapes.maxElements) are read")
        #expect(Self.message("<svg><rect width='10mm' height='1'/></svg>").contains("other units are not supported"))
        #expect(Self.message("<svg><!-- open").contains("comment is not closed"))
        #expect(Self.message("<svg><path d='M0 0").contains("not closed"))
        #expect(Self.message("<svg><rect width='1' height='1' transform='spin(3)'/></svg>") == "")
    }

    /// The winding number of `path` at `p` (a ray to the right, on the flattened contours).
    static func winding(_ path: Path, _ p: Point) -> Int {
        let flat = path.flattenedContours(tolerance: 1e-4)
        var w = 0
        for c in flat.contours {
            let pts = Array(flat.points[c.range])
            for k in pts.indices {
                let a = pts[k], b = pts[(k + 1) % pts.count]
                guard (a.y <= p.y) != (b.y <= p.y) else { continue }
                let x = a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y)
                if x > p.x { w += b.y > a.y ? 1 : -1 }
            }
        }
        return w
    }

    static func filled(_ svg: String, _ p: Point) throws -> Bool {
        let s = try SVGShapes(text: svg)
        return s.rule.isInside(winding(s.path, p))
    }

    @Test func overlappingElementsFillTheirUnion() throws {
        // Two even-odd squares overlapping: SVG paints both, so the overlap is filled (not XORed).
        let evenOdd = "<svg fill-rule='evenodd'><rect width='10' height='10'/><rect x='5' y='5' width='10' height='10'/></svg>"
        #expect(try Self.filled(evenOdd, Point(7, 7)))
        #expect(try !Self.filled(evenOdd, Point(12, 2)))
        // A clockwise rect and a counter-clockwise path over it: no hole where they overlap.
        let opposite = "<svg><rect width='10' height='10'/><path d='M5 5 V15 H15 V5 Z'/></svg>"
        #expect(try Self.filled(opposite, Point(7, 7)))
        #expect(try Self.filled(opposite, Point(12, 12)))
        // An even-odd ring and a non-zero square in its hole: the hole is filled only where the square is.
        let ring = "<svg><path fill-rule='evenodd' d='M0 0H30V30H0Z M10 10H20V20H10Z'/><rect x='12' y='12' width='4' height='4'/></svg>"
        #expect(try Self.filled(ring, Point(14, 14)))
        #expect(try !Self.filled(ring, Point(18, 18)))
        #expect(try Self.filled(ring, Point(5, 5)))
        // One element keeps its own rule and contours.
        let one = try SVGShapes(text: "<svg><path fill-rule='evenodd' d='M0 0H30V30H0Z M10 10H20V20H10Z'/></svg>")
        #expect(one.rule == .evenOdd && one.path.elements.count == 10)
    }

    @Test func hiddenElementsAreNotDrawn() throws {
        let box = { (svg: String) in try Self.bounds("<svg><rect width='10' height='10'/>" + svg + "</svg>") }
        let square = Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)
        #expect(try box("<rect x='50' width='10' height='10' display='none'/>") == square)
        #expect(try box("<g style='display:none'><rect x='50' width='10' height='10'/></g>") == square)
        #expect(try box("<g visibility='hidden'><rect x='50' width='10' height='10'/></g>") == square)
        #expect(try box("<g visibility='hidden'><rect x='50' width='10' height='10' visibility='visible'/></g>").maxX == 60)
        #expect(try box("<rect x='50' width='10' height='10' fill='none'/>") == square)
        #expect(try box("<switch><rect x='50' width='10' height='10' systemLanguage='xx'/><rect y='50' width='10' height='10'/><rect x='90' width='1' height='1'/></switch>")
                == Rect(minX: 0, minY: 0, maxX: 10, maxY: 60))
    }

    @Test func styleSheetsUseAndViewports() throws {
        let css = "<svg><style>.off { display: none } #e { fill-rule: evenodd } rect.far{display:none}</style>"
            + "<rect width='10' height='10'/><rect class='x off' x='50' width='1' height='1'/><rect class='far' x='70' width='1' height='1'/>"
            + "<path id='e' d='M20 0H30V10H20Z'/></svg>"
        let styled = try SVGShapes(text: css)
        #expect(styled.path.controlBounds == Rect(minX: 0, minY: 0, maxX: 30, maxY: 10))
        #expect(styled.parts.map(\.rule) == [.nonZero, .evenOdd])
        let use = "<svg><defs><rect id='r' width='10' height='10'/><symbol id='s' viewBox='0 0 10 10'><rect width='10' height='10'/></symbol></defs>"
            + "<use href='#r' x='100' y='0'/><use xlink:href='#s' x='0' y='100' width='20' height='40'/></svg>"
        // The symbol's 10x10 viewBox meets a 20x40 viewport: scaled 2, centred vertically (y 110...130).
        #expect(try Self.bounds(use) == Rect(minX: 0, minY: 0, maxX: 110, maxY: 130))
        let nested = "<svg><svg x='10' y='10' width='20' height='10' viewBox='0 0 1 1' preserveAspectRatio='none'><rect width='1' height='1'/>"
            + "<rect x='0.5' width='5' height='0.5'/></svg></svg>"
        // preserveAspectRatio none stretches; the second rect is clipped to the viewport.
        #expect(try Self.bounds(nested) == Rect(minX: 10, minY: 10, maxX: 30, maxY: 20))
    }

    @Test func originsBoundsErrorsReferencesAndRadii() throws {
        let origin = try Self.bounds("<svg><rect x='10' y='10' width='10' height='10' transform='scale(2)' transform-origin='15 15'/></svg>")
        #expect(origin == Rect(minX: 5, minY: 5, maxX: 25, maxY: 25))
        // Zero-area subpaths, lines and a zeroed matrix leave the bounds alone.
        #expect(try Self.bounds("<svg><path d='M0 0H100V100H0Z M150 150 L190 190'/><line x1='0' y1='0' x2='500' y2='500'/>"
                                + "<rect width='5' height='5' transform='matrix(0 0 0 0 300 300)'/></svg>") == Rect(minX: 0, minY: 0, maxX: 100, maxY: 100))
        let broken = try SVGShapes(text: "<svg><path d='M0 0H10V10H0Z M20 0 L30 x'/><polygon points='0,20 10,20 10,30 5'/></svg>")
        #expect(broken.path.controlBounds == Rect(minX: 0, minY: 0, maxX: 10, maxY: 30))
        #expect(broken.warnings.count == 2 && broken.warnings[0].hasPrefix("<path d>: at character"))
        #expect(try Self.bounds("<svg><path d='M0&#x20;0H10&#32;V10H0Z'/></svg>") == Rect(minX: 0, minY: 0, maxX: 10, maxY: 10))
        let negative = try SVGShapes(text: "<svg><rect width='10' height='10' rx='-1' ry='3'/></svg>").path
        #expect(negative.elements.first == .move(Point(0, 3)))
        #expect(try SVGShapes(text: "<svg><rect width='10' height='10' rx='2'/></svg>").path.elements.first == .move(Point(0, 2)))
    }
}

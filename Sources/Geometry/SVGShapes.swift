/// An SVG document that cannot be used as a shape, with a one-line reason.
public struct SVGShapesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The reason.
    public var description: String { message }
}

/// The filled geometry of a small SVG document: its `<path d>`, `<rect>` (with `rx`/`ry`),
/// `<circle>`, `<ellipse>`, `<polygon>` and `<polyline>` elements in one path, with `transform`
/// attributes (on the elements and on enclosing `<g>`/`<svg>`) applied and one fill rule.
///
/// A reader of its own, not an XML parser: comments, CDATA sections, processing instructions and
/// the DOCTYPE are skipped; shapes inside `<defs>`, `<clipPath>`, `<mask>`, `<symbol>`, `<pattern>`
/// and `<marker>` are not drawn; `viewBox`, `<use>`, CSS other than `fill-rule` in `style`, strokes
/// and paint are ignored. Refused with a reason: entity references in attributes, lengths with
/// units other than `px`, shapes that mix `nonzero` and `evenodd`, and a document with no shapes.
public struct SVGShapes: Sendable {
    /// The largest document read (bytes), checked before anything is parsed.
    public static let maxBytes = 1 << 20
    /// The most shape elements drawn.
    public static let maxShapes = 10_000
    /// The most path segments of all shapes together, a curve counting `curveWeight` (it is drawn as
    /// that many lines or more): laying out a container costs about the square of its segments
    /// (10000 lines crossing at random take 6 s).
    public static let maxSegments = 10_000
    /// What a quadratic or cubic curve counts against `maxSegments`.
    public static let curveWeight = 8

    /// `path`'s segments as `maxSegments` counts them.
    static func weight(of path: Path) -> Int {
        path.elements.reduce(0) { n, e in
            switch e {
            case .quad, .cubic: return n + curveWeight
            default: return n + 1
            }
        }
    }

    /// Every shape, in document order, on the document's coordinates.
    public var path: Path
    /// The shapes' `fill-rule` (inherited from enclosing elements; `nonzero` by default).
    public var rule: FillRule

    /// Reads the shapes of `text`.
    public init(text: String) throws {
        let n = text.utf8.count
        guard n <= Self.maxBytes else {
            throw SVGShapesError("the document is \(n) bytes; at most \(Self.maxBytes) (1 MiB) are read")
        }
        var reader = SVGShapesReader(Array(text.utf8))
        try reader.read()
        guard !reader.path.isEmpty else {
            throw SVGShapesError("no shapes: expected <path d>, <rect>, <circle>, <ellipse>, <polygon> or <polyline> elements")
        }
        guard reader.rules.count == 1, let rule = reader.rules.first else {
            throw SVGShapesError("its shapes mix fill-rule nonzero and evenodd; a container has one fill rule")
        }
        path = reader.path
        self.rule = rule
    }
}

/// The tag scanner behind `SVGShapes`.
struct SVGShapesReader {
    private let bytes: [UInt8]
    private var i = 0
    /// Open elements that may hold shapes: name, transform to the document, inherited fill rule.
    private var stack: [(name: String, transform: Transform, rule: FillRule?, hidden: Bool)] = []
    private(set) var path = Path()
    private(set) var rules: Set<FillRule> = []
    private var shapes = 0
    private var segments = 0

    private static let shapeNames: Set<String> = ["path", "rect", "circle", "ellipse", "polygon", "polyline"]
    private static let hiddenNames: Set<String> = ["defs", "clipPath", "mask", "symbol", "pattern", "marker"]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws {
        while let open = find("<") {
            i = open
            if starts(with: "<!--") { try skip(past: "-->", what: "comment") }
            else if starts(with: "<![CDATA[") { try skip(past: "]]>", what: "CDATA section") }
            else if starts(with: "<?") { try skip(past: "?>", what: "processing instruction") }
            else if starts(with: "<!") { try skip(past: ">", what: "declaration") }
            else if starts(with: "</") { try endTag() }
            else { try startTag() }
        }
    }

    // MARK: - Tags

    private mutating func endTag() throws {
        i += 2
        let name = readName()
        try skip(past: ">", what: "end tag </\(name)>")
        if let k = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(k...) }
    }

    private mutating func startTag() throws {
        i += 1
        let name = readName()
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard i < bytes.count else { throw SVGShapesError("the tag <\(name)> is not closed") }
            if starts(with: "/>") { i += 2; try element(name, attributes, selfClosing: true); return }
            if bytes[i] == UInt8(ascii: ">") { i += 1; try element(name, attributes, selfClosing: false); return }
            let (key, value) = try attribute(in: name)
            attributes[key] = value
        }
    }

    private mutating func attribute(in tag: String) throws -> (String, String) {
        let key = readName()
        guard !key.isEmpty else { throw SVGShapesError("<\(tag)> has a malformed attribute at byte \(i)") }
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw SVGShapesError("<\(tag)>: attribute \(key) has no value") }
        i += 1
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw SVGShapesError("<\(tag)>: the value of \(key) is not quoted")
        }
        let quote = bytes[i]
        i += 1
        guard let end = bytes[i...].firstIndex(of: quote) else { throw SVGShapesError("<\(tag)>: the value of \(key) is not closed") }
        let value = String(decoding: bytes[i ..< end], as: UTF8.self)
        i = end + 1
        if value.contains("&"), key == "d" || key == "points" || key == "transform" || key == "fill-rule" || key == "style"
            || SVGShapesReader.lengthNames.contains(key) {
            throw SVGShapesError("<\(tag)> \(key): entity references (&...;) in attributes are not supported")
        }
        return (key, value)
    }

    private static let lengthNames: Set<String> = ["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r"]

    /// Handles one start tag: a shape is added; a group-like element opens a level.
    private mutating func element(_ name: String, _ a: [String: String], selfClosing: Bool) throws {
        let parent = stack.last
        let own = try a["transform"].map { try Self.transform($0, tag: name) } ?? .identity
        let transform = own.concatenating(parent?.transform ?? .identity)
        let rule = try Self.fillRule(a, tag: name) ?? parent?.rule
        let hidden = Self.hiddenNames.contains(name) || parent?.hidden == true
        if Self.shapeNames.contains(name), !hidden {
            shapes += 1
            guard shapes <= SVGShapes.maxShapes else {
                throw SVGShapesError("more than \(SVGShapes.maxShapes) shape elements; at most \(SVGShapes.maxShapes) are drawn")
            }
            let shape = try Self.shape(name, a)
            if !shape.isEmpty {
                segments += SVGShapes.weight(of: shape)
                guard segments <= SVGShapes.maxSegments else {
                    throw SVGShapesError("more than \(SVGShapes.maxSegments) path segments in all (a curve counts \(SVGShapes.curveWeight)); at most \(SVGShapes.maxSegments) are drawn")
                }
                path.append(shape.applying(transform))
                rules.insert(rule ?? .nonZero)
            }
        }
        if !selfClosing, !Self.shapeNames.contains(name) {
            stack.append((name, transform, rule, hidden))
        }
    }

    // MARK: - Shapes

    private static func shape(_ name: String, _ a: [String: String]) throws -> Path {
        func len(_ key: String) throws -> Double { try length(a[key], key: key, tag: name) ?? 0 }
        switch name {
        case "path":
            do { return try Path(svgPathData: a["d"] ?? "") } catch let e as SVGPathDataError {
                throw SVGShapesError("<path d>: \(e)")
            }
        case "rect":
            let w = try len("width"), h = try len("height")
            guard w > 0, h > 0 else { return Path() }
            var rx = try length(a["rx"], key: "rx", tag: name), ry = try length(a["ry"], key: "ry", tag: name)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return Path(roundedRect: Rect(x: try len("x"), y: try len("y"), width: w, height: h),
                        radii: Point(min(rx ?? 0, w / 2), min(ry ?? 0, h / 2)))
        case "circle":
            let r = try len("r")
            guard r > 0 else { return Path() }
            return Path(ellipseIn: Rect(x: try len("cx") - r, y: try len("cy") - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            let rx = try len("rx"), ry = try len("ry")
            guard rx > 0, ry > 0 else { return Path() }
            return Path(ellipseIn: Rect(x: try len("cx") - rx, y: try len("cy") - ry, width: 2 * rx, height: 2 * ry))
        default: // polygon, polyline: filled alike
            var parser = SVGPathDataParser(Array((a["points"] ?? "").unicodeScalars))
            let v: [Double]
            do { v = try parser.numberList() } catch let e as SVGPathDataError { throw SVGShapesError("<\(name) points>: \(e)") }
            let points = stride(from: 0, to: v.count - 1, by: 2).map { Point(v[$0], v[$0 + 1]) }
            return points.count >= 2 ? Path(polygon: points) : Path()
        }
    }

    /// A length: a number, optionally in `px`.
    private static func length(_ value: String?, key: String, tag: String) throws -> Double? {
        guard var s = value.map({ Substring($0).trimmingSpaces }) else { return nil }
        if s.hasSuffix("px") { s = s.dropLast(2) }
        guard let v = Double(s), v.isFinite else {
            throw SVGShapesError("<\(tag)> \(key)='\(clip(value ?? ""))': expected a number (in px; other units are not supported)")
        }
        return v
    }

    /// `fill-rule` from the attribute or the `style` attribute, if given.
    private static func fillRule(_ a: [String: String], tag: String) throws -> FillRule? {
        var value = a["fill-rule"].map { Substring($0).trimmingSpaces }
        for declaration in (a["style"] ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == "fill-rule" { value = parts[1].trimmingSpaces }
        }
        switch value {
        case nil, "inherit"?: return nil
        case "nonzero"?: return .nonZero
        case "evenodd"?: return .evenOdd
        case let v?: throw SVGShapesError("<\(tag)> fill-rule '\(clip(String(v)))': expected nonzero or evenodd")
        }
    }

    /// An SVG transform list: `matrix translate scale rotate skewX skewY`, applied right to left.
    static func transform(_ text: String, tag: String) throws -> Transform {
        var result = Transform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                throw SVGShapesError("<\(tag)> transform '\(clip(text))': expected name(numbers)")
            }
            let name = rest[..<open].trimmingSpaces
            var parser = SVGPathDataParser(Array(rest[rest.index(after: open) ..< close].unicodeScalars))
            let v: [Double]
            do { v = try parser.numberList() } catch { throw SVGShapesError("<\(tag)> transform '\(clip(text))': \(error)") }
            guard let t = transformFunction(String(name), v) else {
                throw SVGShapesError("<\(tag)> transform '\(clip(text))': \(name)(\(v.count) numbers) is not a transform")
            }
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func transformFunction(_ name: String, _ v: [Double]) -> Transform? {
        let radians = { (deg: Double) in deg * .pi / 180 }
        switch (name, v.count) {
        case ("matrix", 6): return Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case ("translate", 1): return .translation(v[0], 0)
        case ("translate", 2): return .translation(v[0], v[1])
        case ("scale", 1): return .scale(v[0], v[0])
        case ("scale", 2): return .scale(v[0], v[1])
        case ("rotate", 1): return .rotation(radians(v[0]))
        case ("rotate", 3):
            return Transform.translation(-v[1], -v[2]).concatenating(.rotation(radians(v[0]))).concatenating(.translation(v[1], v[2]))
        case ("skewX", 1): return Transform(a: 1, b: 0, c: _sin(radians(v[0])) / _cos(radians(v[0])), d: 1, tx: 0, ty: 0)
        case ("skewY", 1): return Transform(a: 1, b: _sin(radians(v[0])) / _cos(radians(v[0])), c: 0, d: 1, tx: 0, ty: 0)
        default: return nil
        }
    }

    // MARK: - Bytes

    private func find(_ c: Unicode.Scalar) -> Int? { bytes[i...].firstIndex(of: UInt8(ascii: c)) }

    private func starts(with s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && bytes[i ..< i + u.count].elementsEqual(u)
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let u = Array(terminator.utf8)
        var k = i
        while k + u.count <= bytes.count {
            if bytes[k ..< k + u.count].elementsEqual(u) { i = k + u.count; return }
            k += 1
        }
        throw SVGShapesError("a \(what) is not closed (expected \(terminator))")
    }

    private mutating func skipSpaces() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// An XML name (letters, digits, `-_:.`).
    private mutating func readName() -> String {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            let ok = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b >= 0x80
            guard ok else { break }
            i += 1
        }
        let name = String(decoding: bytes[start ..< i], as: UTF8.self)
        // A namespace prefix (svg:path) names the same element.
        return name.split(separator: ":").last.map(String.init) ?? name
    }
}

extension Substring {
    /// Without leading and trailing ASCII white space.
    var trimmingSpaces: Substring {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
        let head = drop(while: isSpace)
        guard let last = head.lastIndex(where: { !isSpace($0) }) else { return head[head.endIndex...] }
        return head[...last]
    }
}

extension Path {
    /// The cubic-to-circle constant: control points at this fraction of the radius.
    static let kappa = 0.5522847498307936

    /// An ellipse inscribed in `r`, as four cubics, clockwise on screen from the left.
    public init(ellipseIn r: Rect) {
        self.init(roundedRect: r, radii: Point(r.width / 2, r.height / 2))
    }

    /// A rectangle with elliptical corners of `radii` (each at most half the side), clockwise on
    /// screen; zero radii make a plain rectangle.
    public init(roundedRect r: Rect, radii: Point) {
        let rx = min(max(radii.x, 0), r.width / 2), ry = min(max(radii.y, 0), r.height / 2)
        guard rx > 0, ry > 0 else { self.init(rect: r); return }
        let kx = rx * Self.kappa, ky = ry * Self.kappa
        self.init()
        move(to: Point(r.minX, r.minY + ry))
        cubic(to: Point(r.minX + rx, r.minY), control1: Point(r.minX, r.minY + ry - ky), control2: Point(r.minX + rx - kx, r.minY))
        line(to: Point(r.maxX - rx, r.minY))
        cubic(to: Point(r.maxX, r.minY + ry), control1: Point(r.maxX - rx + kx, r.minY), control2: Point(r.maxX, r.minY + ry - ky))
        line(to: Point(r.maxX, r.maxY - ry))
        cubic(to: Point(r.maxX - rx, r.maxY), control1: Point(r.maxX, r.maxY - ry + ky), control2: Point(r.maxX - rx + kx, r.maxY))
        line(to: Point(r.minX + rx, r.maxY))
        cubic(to: Point(r.minX, r.maxY - ry), control1: Point(r.minX + rx - kx, r.maxY), control2: Point(r.minX, r.maxY - ry + ky))
        close()
    }
}

/// `s` cut to its first 40 characters with "..." after, so an error line never echoes a whole
/// attribute of a large document.
func clip(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "..." : s }

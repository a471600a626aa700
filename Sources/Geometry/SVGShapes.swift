/// An SVG document that cannot be used as a shape, with a one-line reason.
public struct SVGShapesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The reason.
    public var description: String { message }
}

/// The filled geometry of a small SVG document, read per SVG for the elements it supports.
///
/// Drawn: `<path>`, `<rect>` (SVG 2 `auto` radii), `<circle>`, `<ellipse>`, `<polygon>` and
/// `<polyline>` (`<line>` fills nothing), inside `<svg>` (nested ones with their viewport: `x y
/// width height viewBox preserveAspectRatio`, clipped to it), `<g>`, `<a>`, `<switch>` (its first
/// child whose `systemLanguage`/`requiredExtensions` pass) and `<use>` (of any element, `<symbol>`
/// with its viewport). Each element is filled on its own under its `fill-rule`, and the container
/// is their union (`outline`). Properties come from attributes, `style` attributes and `<style>`
/// sheets of type, class and id selectors: `fill-rule`, `fill` (`none` fills nothing), `display`,
/// `visibility`, `transform` and `transform-origin`. Subpaths that enclose no area are left out.
///
/// Errors in path data and `points` draw up to the error, as SVG says, with a warning; an invalid
/// `transform` is ignored. Numeric character references and XML's five named entities are decoded.
/// Refused with a reason: `<image>`, `<text>`, other entity references, CSS beyond simple
/// selectors, lengths in units other than `px` (or `%` for viewports), more than `maxElements`
/// elements, and a document with no filled area.
public struct SVGShapes: Sendable {
    /// The union of every element's fill as one outline (see `FillUnion`), on the document's coordinates.
    public var path: Path
    /// The rule that fills `path`.
    public var rule: FillRule
    /// Each drawn element's contours (zero-area subpaths left out) and its own fill rule, in document order.
    public var parts: [FilledPart]
    /// What was drawn only up to an error, one line each (e.g. "<path d>: at character 8 ...").
    public var warnings: [String]

    /// The most elements a document may have (counted before it is read, `<use>` copies included).
    public static let maxElements = 20_000
    /// The largest document read (bytes), checked before anything is parsed.
    public static let maxBytes = 1 << 20
    /// The most shape elements drawn.
    public static let maxShapes = 10_000
    /// The most path segments of all filled shapes together, a curve counting `curveWeight` (it is
    /// drawn as that many lines or more): making the union and laying out a container cost about the
    /// square of the segments (10000 lines crossing at random take 6 s).
    public static let maxSegments = 10_000
    /// What a quadratic or cubic curve counts against `maxSegments`.
    public static let curveWeight = 8

    /// At most 40 characters of an attribute, for an error line (a long value is cut with "...").
    static func clipped(_ s: String) -> String { s.count <= 40 ? s : String(s.prefix(37)) + "..." }

    /// `path`'s segments as `maxSegments` counts them.
    static func weight(of path: Path) -> Int {
        path.elements.reduce(0) { n, e in
            switch e {
            case .quad, .cubic: return n + curveWeight
            default: return n + 1
            }
        }
    }

    /// Reads the shapes of `text`.
    public init(text: String) throws {
        let n = text.utf8.count
        guard n <= Self.maxBytes else {
            throw SVGShapesError("the document is \(n) bytes; at most \(Self.maxBytes) (1 MiB) are read")
        }
        let bytes = Array(text.utf8)
        let count = SVGTree.countElements(bytes)
        guard count <= Self.maxElements else {
            throw SVGShapesError("it has \(count) elements; at most \(Self.maxElements) are read")
        }
        let tree = try SVGTree(bytes)
        let shapeNames: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
        let shapes = tree.nodes.reduce(0) { $0 + (shapeNames.contains($1.name) ? 1 : 0) }
        guard shapes <= Self.maxShapes else {
            throw SVGShapesError("more than \(Self.maxShapes) shape elements; at most \(Self.maxShapes) are drawn")
        }
        var walker = try SVGWalker(tree)
        try walker.run()
        guard !walker.parts.isEmpty else {
            throw SVGShapesError("no shapes: expected <path d>, <rect>, <circle>, <ellipse>, <polygon> or <polyline> elements that enclose an area")
        }
        let weight = walker.parts.reduce(0) { $0 + Self.weight(of: $1.path) }
        guard weight <= Self.maxSegments else {
            throw SVGShapesError("more than \(Self.maxSegments) path segments in all (a curve counts \(Self.curveWeight)); at most \(Self.maxSegments) are drawn")
        }
        guard let union = FillUnion.outline(walker.parts) else {
            throw SVGShapesError("its overlapping shapes have more than \(FillUnion.maxSegments) line segments once flattened")
        }
        parts = walker.parts
        warnings = walker.warnings
        path = union.path
        rule = union.rule
    }
}

/// The elements of a document as a tree (a reader of its own, not an XML parser: comments, CDATA
/// sections, processing instructions and the DOCTYPE are skipped; `<style>` keeps its text).
struct SVGTree {
    struct Node {
        var name: String
        var attributes: [String: String]
        var children: [Int] = []
        var text = ""
    }
    private(set) var nodes: [Node] = []
    private(set) var ids: [String: Int] = [:]
    private let bytes: [UInt8]
    private var i = 0
    private var open: [Int] = []
    /// Top-level elements.
    private(set) var roots: [Int] = []

    /// Start tags in `bytes` (`<` followed by a letter), without reading them.
    static func countElements(_ bytes: [UInt8]) -> Int {
        var n = 0
        for k in bytes.indices.dropLast() where bytes[k] == UInt8(ascii: "<") {
            let b = bytes[k + 1] | 0x20
            if b >= 0x61 && b <= 0x7A { n += 1 }
        }
        return n
    }

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        while let start = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            i = start
            if starts(with: "<!--") { try skip(past: "-->", what: "comment") }
            else if starts(with: "<![CDATA[") { try skip(past: "]]>", what: "CDATA section") }
            else if starts(with: "<?") { try skip(past: "?>", what: "processing instruction") }
            else if starts(with: "<!") { try skip(past: ">", what: "declaration") }
            else if starts(with: "</") { try endTag() }
            else { try startTag() }
        }
    }

    private mutating func endTag() throws {
        i += 2
        let name = readName()
        try skip(past: ">", what: "end tag </\(name)>")
        if let k = open.lastIndex(where: { nodes[$0].name == name }) { open.removeSubrange(k...) }
    }

    private mutating func startTag() throws {
        i += 1
        let name = readName()
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard i < bytes.count else { throw SVGShapesError("the tag <\(name)> is not closed") }
            let selfClosing = starts(with: "/>")
            if selfClosing || bytes[i] == UInt8(ascii: ">") {
                i += selfClosing ? 2 : 1
                let k = nodes.count
                nodes.append(Node(name: name, attributes: attributes))
                if let parent = open.last { nodes[parent].children.append(k) } else { roots.append(k) }
                if let id = attributes["id"], ids[id] == nil { ids[id] = k }
                if !selfClosing {
                    open.append(k)
                    if name == "style" { nodes[k].text = styleText() }
                }
                return
            }
            let (key, value) = try attribute(in: name)
            attributes[key] = value
        }
    }

    /// The text of a `<style>` element up to `</style`, CDATA markers and comments removed.
    private mutating func styleText() -> String {
        var k = i
        let end = Array("</style".utf8)
        while k + end.count <= bytes.count, !bytes[k ..< k + end.count].elementsEqual(end) { k += 1 }
        let raw = String(decoding: bytes[i ..< min(k, bytes.count)], as: UTF8.self)
        i = min(k, bytes.count)
        return raw.replacingAll("<![CDATA[", "").replacingAll("]]>", "").replacingAll("<!--", "").replacingAll("-->", "")
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
        return (key, try Self.decodeReferences(value, tag: tag, key: key))
    }

    /// Character references (`&#32;`, `&#x20;`) and `&lt; &gt; &amp; &quot; &apos;` decoded; other
    /// entity references are refused.
    static func decodeReferences(_ value: String, tag: String, key: String) throws -> String {
        guard value.contains("&") else { return value }
        var out = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                throw SVGShapesError("<\(tag)> \(key): '&' without ';' (write &amp;)")
            }
            let name = rest[rest.index(after: amp) ..< semi]
            let named: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            if let s = named[name] { out += s }
            else if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
                out.unicodeScalars.append(u)
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst(), radix: 10), let u = Unicode.Scalar(v) {
                out.unicodeScalars.append(u)
            } else {
                throw SVGShapesError("<\(tag)> \(key): the entity reference &\(name); is not supported (only character references and XML's five)")
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

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

    /// An XML name (letters, digits, `-_:.`), without a namespace prefix except `xlink:`.
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
        if name == "xlink:href" { return "href" }
        // A namespace prefix (svg:path) names the same element.
        return name.split(separator: ":").last.map(String.init) ?? name
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) { out += rest[..<r.lowerBound]; out += replacement; rest = rest[r.upperBound...] }
        return out + rest
    }
}

/// Draws a tree's elements into filled parts.
struct SVGWalker {
    private let tree: SVGTree
    private var sheet = SVGStyleSheet()
    private(set) var parts: [FilledPart] = []
    private(set) var warnings: [String] = []
    private var copies = 0
    private var usesOpen: Set<Int> = []

    /// Inherited properties.
    struct Inherited {
        var rule: FillRule = .nonZero
        var visible = true
        var filled = true
    }
    /// Where an element is drawn: to the document, the viewport's size for percentages, clip regions.
    struct Context {
        var ctm: Transform = .identity
        var viewport = (width: 100.0, height: 100.0)
        var clips: [[Point]] = []
        var inherited = Inherited()
    }

    private static let shapeNames: Set<String> = ["path", "rect", "circle", "ellipse", "polygon", "polyline", "line"]

    init(_ tree: SVGTree) throws {
        self.tree = tree
        for node in tree.nodes where node.name == "style" {
            let type = node.attributes["type"].map { Substring($0).trimmingSpaces }
            if type == nil || type == "" || type == "text/css" { try sheet.add(node.text) }
        }
    }

    mutating func run() throws {
        guard let root = tree.roots.first(where: { tree.nodes[$0].name == "svg" }) else { return }
        try svg(root, Context(), x: 0, y: 0, width: nil, height: nil, isRoot: true)
    }

    // MARK: - Properties

    /// Declared properties of a node: presentation attributes, then the style sheet, then `style`.
    private func declared(_ k: Int) -> [String: String] {
        let node = tree.nodes[k]
        var out: [String: String] = [:]
        for key in ["fill-rule", "fill", "display", "visibility", "transform", "transform-origin"] {
            if let v = node.attributes[key] { out[key] = String(Substring(v).trimmingSpaces) }
        }
        let classes = Set((node.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
        for (key, value) in sheet.declarations(name: node.name, id: node.attributes["id"], classes: classes) { out[key] = value }
        for (key, value) in SVGStyleSheet.declarations(Substring(node.attributes["style"] ?? "")) { out[key] = value }
        return out
    }

    /// The inherited properties below node `k`, and whether it is displayed at all.
    private func properties(_ k: Int, _ parent: Inherited) throws -> (Inherited, displayed: Bool, transform: Transform, origin: String?) {
        let d = declared(k)
        var p = parent
        switch d["fill-rule"] {
        case nil, "inherit"?: break
        case "nonzero"?: p.rule = .nonZero
        case "evenodd"?: p.rule = .evenOdd
        case let v?: throw SVGShapesError("<\(tree.nodes[k].name)> fill-rule '\(v)': expected nonzero or evenodd")
        }
        switch d["visibility"] {
        case "hidden"?, "collapse"?: p.visible = false
        case "visible"?: p.visible = true
        default: break
        }
        switch d["fill"] {
        case nil, "inherit"?: break
        case "none"?, "transparent"?: p.filled = false
        default: p.filled = true
        }
        let transform = d["transform"].flatMap { Self.transform($0) } ?? .identity
        return (p, d["display"] != "none", transform, d["transform-origin"])
    }

    /// `transform` about `transform-origin` (lengths, percentages of the viewport, keywords).
    private static func about(_ t: Transform, origin: String?, viewport: (width: Double, height: Double)) -> Transform {
        guard let origin, !t.isIdentity else { return t }
        let words = origin.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        func value(_ w: String, size: Double) -> Double? {
            switch w {
            case "left", "top": return 0
            case "center": return size / 2
            case "right", "bottom": return size
            default:
                if w.hasSuffix("%"), let v = Double(w.dropLast()) { return v / 100 * size }
                return Double(w.hasSuffix("px") ? String(w.dropLast(2)) : w)
            }
        }
        var ws = words
        if ws.count >= 2, ["top", "bottom"].contains(ws[0]) || ["left", "right"].contains(ws[1]) { ws.swapAt(0, 1) }
        if ws.count == 1 { ws = ["top", "bottom"].contains(ws[0]) ? ["center", ws[0]] : [ws[0], "center"] }
        guard ws.count >= 2, let ox = value(ws[0], size: viewport.width), let oy = value(ws[1], size: viewport.height) else { return t }
        return Transform.translation(-ox, -oy).concatenating(t).concatenating(.translation(ox, oy))
    }

    /// Conditional processing: `requiredExtensions` (none supported) and `systemLanguage` (English).
    private func passes(_ k: Int) -> Bool {
        let a = tree.nodes[k].attributes
        if a["requiredExtensions"] != nil { return false }
        if let languages = a["systemLanguage"] {
            return languages.split(separator: ",").contains { tag in
                let t = tag.trimmingSpaces.lowercased()
                return t == "en" || t.hasPrefix("en-")
            }
        }
        return true
    }

    // MARK: - Elements

    private mutating func element(_ k: Int, _ context: Context) throws {
        let node = tree.nodes[k]
        guard passes(k) else { return }
        let (inherited, displayed, own, origin) = try properties(k, context.inherited)
        guard displayed else { return }
        var c = context
        c.inherited = inherited
        let t = Self.about(own, origin: origin, viewport: context.viewport)
        switch node.name {
        case "g", "a":
            c.ctm = t.concatenating(context.ctm)
            for child in node.children { try element(child, c) }
        case "switch":
            c.ctm = t.concatenating(context.ctm)
            if let first = node.children.first(where: { passes($0) }) { try element(first, c) }
        case "svg":
            c.ctm = t.concatenating(context.ctm)
            try svg(k, c, x: nil, y: nil, width: nil, height: nil, isRoot: false)
        case "use":
            try use(k, c, own: t)
        case "image", "text":
            throw SVGShapesError("<\(node.name)> is not supported (only shapes; convert text to paths)")
        default:
            guard Self.shapeNames.contains(node.name), inherited.visible, inherited.filled else { return }
            c.ctm = t.concatenating(context.ctm)
            try shape(k, c)
        }
    }

    private mutating func use(_ k: Int, _ c: Context, own: Transform) throws {
        let a = tree.nodes[k].attributes
        guard let href = a["href"], href.hasPrefix("#"), let target = tree.ids[String(href.dropFirst())] else { return }
        guard !usesOpen.contains(k) else { throw SVGShapesError("<use href='\(SVGShapes.clipped(href))'> refers to itself") }
        copies += 1
        guard copies <= SVGShapes.maxElements else {
            throw SVGShapesError("its <use> elements make more than \(SVGShapes.maxElements) copies")
        }
        usesOpen.insert(k)
        defer { usesOpen.remove(k) }
        let x = try length(a["x"], "x", "use", c.viewport.width) ?? 0, y = try length(a["y"], "y", "use", c.viewport.height) ?? 0
        var inner = c
        inner.ctm = Transform.translation(x, y).concatenating(own).concatenating(c.ctm)
        let w = try length(a["width"], "width", "use", c.viewport.width), h = try length(a["height"], "height", "use", c.viewport.height)
        switch tree.nodes[target].name {
        case "symbol", "svg":
            guard passes(target) else { return }
            let (inherited, displayed, _, _) = try properties(target, c.inherited)
            guard displayed else { return }
            inner.inherited = inherited
            try svg(target, inner, x: 0, y: 0, width: w, height: h, isRoot: false)
        default:
            try element(target, inner)
        }
    }

    /// An `<svg>` or an instantiated `<symbol>`: its viewport, viewBox and children, clipped to the
    /// viewport (the root's too when it has a size).
    private mutating func svg(_ k: Int, _ context: Context, x: Double?, y: Double?, width: Double?, height: Double?, isRoot: Bool) throws {
        let node = tree.nodes[k]
        let a = node.attributes
        var c = context
        if isRoot {
            let (inherited, displayed, _, _) = try properties(k, context.inherited)
            guard displayed else { return }
            c.inherited = inherited
        }
        let vx = try x ?? length(a["x"], "x", node.name, context.viewport.width) ?? 0
        let vy = try y ?? length(a["y"], "y", node.name, context.viewport.height) ?? 0
        var vw = try width ?? length(a["width"], "width", node.name, context.viewport.width)
        var vh = try height ?? length(a["height"], "height", node.name, context.viewport.height)
        let viewBox = a["viewBox"].flatMap { v -> [Double]? in
            var p = SVGPathDataParser(Array(v.unicodeScalars))
            guard let n = try? p.numberList(), n.count == 4 else { return nil }
            return n
        }
        if let vb = viewBox, vb[2] <= 0 || vb[3] <= 0 { return }
        if isRoot {
            // The root's size falls back to its viewBox; without either, nothing clips it.
            if vw == nil, vh == nil, viewBox == nil {
                for child in node.children { try element(child, c) }
                return
            }
            vw = vw ?? viewBox.map { $0[2] } ?? 100
            vh = vh ?? viewBox.map { $0[3] } ?? 100
        }
        let w = vw ?? context.viewport.width, h = vh ?? context.viewport.height
        guard w > 0, h > 0 else { return }
        let box = [Point(vx, vy), Point(vx + w, vy), Point(vx + w, vy + h), Point(vx, vy + h)].map { c.ctm.apply($0) }
        c.clips.append(box)
        var local = Transform.translation(vx, vy)
        if let vb = viewBox {
            local = Self.viewBoxTransform(vb, align: a["preserveAspectRatio"] ?? "", width: w, height: h).concatenating(local)
            c.viewport = (vb[2], vb[3])
        } else {
            c.viewport = (w, h)
        }
        c.ctm = local.concatenating(c.ctm)
        for child in node.children { try element(child, c) }
    }

    /// The viewBox-to-viewport transform of `preserveAspectRatio`.
    static func viewBoxTransform(_ vb: [Double], align: String, width: Double, height: Double) -> Transform {
        let words = align.split(separator: " ").map(String.init).filter { $0 != "defer" }
        var sx = width / vb[2], sy = height / vb[3]
        let mode = words.first ?? "xMidYMid"
        guard mode != "none" else { return Transform.translation(-vb[0], -vb[1]).concatenating(.scale(sx, sy)) }
        let s = words.count > 1 && words[1] == "slice" ? max(sx, sy) : min(sx, sy)
        sx = s; sy = s
        func offset(_ key: String, free: Double) -> Double {
            if mode.contains(key + "Mid") { return free / 2 }
            if mode.contains(key + "Max") { return free }
            return 0
        }
        let tx = offset("x", free: width - vb[2] * s), ty = offset("Y", free: height - vb[3] * s)
        return Transform.translation(-vb[0], -vb[1]).concatenating(.scale(s, s)).concatenating(.translation(tx, ty))
    }

    // MARK: - Shapes

    private mutating func shape(_ k: Int, _ c: Context) throws {
        let node = tree.nodes[k]
        var path = try geometry(node.name, node.attributes, c)
        path = Self.filledContours(path.applying(c.ctm))
        for clip in c.clips where !path.isEmpty { path = Self.clip(path, to: clip) }
        guard !path.isEmpty else { return }
        parts.append(FilledPart(path: path, rule: c.inherited.rule))
    }

    private mutating func geometry(_ name: String, _ a: [String: String], _ c: Context) throws -> Path {
        let vw = c.viewport.width, vh = c.viewport.height
        let diagonal = ((vw * vw + vh * vh) / 2).squareRoot()
        func len(_ key: String, _ size: Double) throws -> Double { try length(a[key], key, name, size) ?? 0 }
        /// SVG 2: a missing, `auto` or negative radius is `auto`.
        func radius(_ key: String, _ size: Double) throws -> Double? {
            guard let v = a[key], Substring(v).trimmingSpaces != "auto" else { return nil }
            let r = try length(v, key, name, size) ?? 0
            return r < 0 ? nil : r
        }
        switch name {
        case "path":
            var parser = SVGPathDataParser(Array((a["d"] ?? "").unicodeScalars))
            let (path, error) = parser.parseUpToError()
            if let error { warnings.append("<path d>: \(error); drawn up to there") }
            return path
        case "rect":
            let w = try len("width", vw), h = try len("height", vh)
            guard w > 0, h > 0 else { return Path() }
            var rx = try radius("rx", vw), ry = try radius("ry", vh)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return Path(roundedRect: Rect(x: try len("x", vw), y: try len("y", vh), width: w, height: h),
                        radii: Point(min(rx ?? 0, w / 2), min(ry ?? 0, h / 2)))
        case "circle":
            let r = try len("r", diagonal)
            guard r > 0 else { return Path() }
            return Path(ellipseIn: Rect(x: try len("cx", vw) - r, y: try len("cy", vh) - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            var rx = try radius("rx", vw), ry = try radius("ry", vh)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let rx, let ry, rx > 0, ry > 0 else { return Path() }
            return Path(ellipseIn: Rect(x: try len("cx", vw) - rx, y: try len("cy", vh) - ry, width: 2 * rx, height: 2 * ry))
        case "line":
            return Path() // a line encloses no area
        default: // polygon, polyline: filled alike
            var parser = SVGPathDataParser(Array((a["points"] ?? "").unicodeScalars))
            var (v, error) = parser.numberListUpToError()
            if let error { warnings.append("<\(name) points>: \(error); drawn up to there") }
            else if v.count % 2 == 1 { warnings.append("<\(name) points>: an odd number of coordinates; drawn without the last") }
            if v.count % 2 == 1 { v.removeLast() }
            let points = stride(from: 0, to: v.count - 1, by: 2).map { Point(v[$0], v[$0 + 1]) }
            return points.count >= 2 ? Path(polygon: points) : Path()
        }
    }

    /// A length: a number, optionally in `px`, or a percentage of `size`.
    private func length(_ value: String?, _ key: String, _ tag: String, _ size: Double) throws -> Double? {
        guard var s = value.map({ Substring($0).trimmingSpaces }) else { return nil }
        var scale = 1.0
        if s.hasSuffix("px") { s = s.dropLast(2) } else if s.hasSuffix("%") { s = s.dropLast(); scale = size / 100 }
        guard let v = Double(s), v.isFinite else {
            throw SVGShapesError("<\(tag)> \(key)='\(SVGShapes.clipped(value ?? ""))': expected a number (in px or %; other units are not supported)")
        }
        return v * scale
    }

    /// The path without the subpaths that enclose no area (all their points on one line).
    static func filledContours(_ path: Path) -> Path {
        var out = Path()
        var contour: [PathElement] = []
        func flush() {
            defer { contour.removeAll() }
            var points: [Point] = []
            for e in contour {
                switch e {
                case .move(let p), .line(let p): points.append(p)
                case .quad(let c, let p): points.append(c); points.append(p)
                case .cubic(let c1, let c2, let p): points.append(c1); points.append(c2); points.append(p)
                case .close: break
                }
            }
            guard let p0 = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
            var far = p0, best = 0.0
            for p in points { let d = (p.x - p0.x) * (p.x - p0.x) + (p.y - p0.y) * (p.y - p0.y); if d > best { best = d; far = p } }
            guard best > 0 else { return }
            let dx = far.x - p0.x, dy = far.y - p0.y, length = best.squareRoot()
            let off = points.map { abs((($0.x - p0.x) * dy - ($0.y - p0.y) * dx) / length) }.max() ?? 0
            guard off > length * 1e-9 else { return }
            out.append(Path(contour))
        }
        for e in path.elements {
            if case .move = e { flush() }
            contour.append(e)
        }
        flush()
        return out
    }

    /// The path clipped to a convex polygon (Sutherland-Hodgman on the flattened contours, which
    /// keeps every winding number inside the polygon); unchanged when it lies inside.
    static func clip(_ path: Path, to polygon: [Point]) -> Path {
        guard let box = path.controlBounds else { return path }
        // The polygon's orientation, so that "inside" is the same side of every edge.
        var area = 0.0
        for k in polygon.indices { let p = polygon[k], q = polygon[(k + 1) % polygon.count]; area += p.x * q.y - q.x * p.y }
        guard area != 0 else { return Path() }
        let sign = area > 0 ? 1.0 : -1.0
        func side(_ p: Point, _ k: Int) -> Double {
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            return sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x))
        }
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)]
        if corners.allSatisfy({ p in polygon.indices.allSatisfy { side(p, $0) >= 0 } }) { return path }
        let size = max(box.width, box.height)
        let flat = path.flattenedContours(tolerance: max(size * 1e-4, 1e-9))
        var out = Path()
        for c in flat.contours {
            var pts = Array(flat.points[c.range])
            for k in polygon.indices where !pts.isEmpty {
                var next: [Point] = []
                for j in pts.indices {
                    let p = pts[j], q = pts[(j + 1) % pts.count]
                    let sp = side(p, k), sq = side(q, k)
                    if sp >= 0 { next.append(p) }
                    if (sp >= 0) != (sq >= 0) {
                        let t = sp / (sp - sq)
                        next.append(Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
                    }
                }
                pts = next
            }
            if pts.count >= 3 { out.append(Path(polygon: pts)) }
        }
        return filledContours(out)
    }

    /// An SVG transform list: `matrix translate scale rotate skewX skewY`, applied right to left;
    /// nil when it is not one (SVG then ignores the attribute).
    static func transform(_ text: String) -> Transform? {
        var result = Transform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingSpaces
            var parser = SVGPathDataParser(Array(rest[rest.index(after: open) ..< close].unicodeScalars))
            guard let v = try? parser.numberList(), let t = transformFunction(String(name), v) else { return nil }
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

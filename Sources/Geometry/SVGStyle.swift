/// A style sheet of `<style>` elements: rules whose selectors are a type, classes and an id
/// (`rect`, `.a`, `#b`, `path.a.b#c`, `*`, in comma-separated lists). Anything else — combinators,
/// attribute selectors, pseudo-classes, at-rules — is refused.
struct SVGStyleSheet {
    struct Selector: Equatable {
        var type: String?
        var id: String?
        var classes: [String] = []
        var specificity: Int { (id == nil ? 0 : 10_000) + classes.count * 100 + (type == nil ? 0 : 1) }
        func matches(name: String, id: String?, classes: Set<String>) -> Bool {
            if let type, type != name { return false }
            if let i = self.id, i != id { return false }
            return self.classes.allSatisfy { classes.contains($0) }
        }
    }
    struct Rule {
        var selector: Selector
        var order: Int
        var declarations: [(String, String)]
    }
    private(set) var rules: [Rule] = []

    /// Adds the rules of one `<style>` element's text.
    mutating func add(_ css: String) throws {
        var text = Substring(Self.withoutComments(css))
        while true {
            text = text.trimmingSpaces
            guard !text.isEmpty else { return }
            if text.first == "@" { throw SVGShapesError("<style>: CSS at-rules (\(text.prefix(while: { $0 != " " && $0 != "{" }))) are not supported") }
            guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else {
                throw SVGShapesError("<style>: expected 'selector { property: value }'")
            }
            let declarations = Self.declarations(text[text.index(after: open) ..< close])
            for part in text[..<open].split(separator: ",") {
                let selector = try Self.selector(part.trimmingSpaces)
                rules.append(Rule(selector: selector, order: rules.count, declarations: declarations))
            }
            text = text[text.index(after: close)...]
        }
    }

    /// The declared properties of an element, in cascade order (later wins).
    func declarations(name: String, id: String?, classes: Set<String>) -> [(String, String)] {
        rules.filter { $0.selector.matches(name: name, id: id, classes: classes) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }

    static func withoutComments(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let r = rest.firstRange(of: "/*") {
            out += rest[..<r.lowerBound]
            guard let end = rest[r.upperBound...].firstRange(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// `name: value; ...` (a `style` attribute or a rule's block), `!important` dropped.
    static func declarations(_ text: Substring) -> [(String, String)] {
        text.split(separator: ";").compactMap { d -> (String, String)? in
            let parts = d.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            var value = parts[1].trimmingSpaces
            if let bang = value.firstRange(of: "!important") { value = value[..<bang.lowerBound].trimmingSpaces }
            return (String(parts[0].trimmingSpaces).lowercased(), String(value))
        }
    }

    static func selector(_ text: Substring) throws -> Selector {
        let refuse = SVGShapesError("<style>: the selector '\(text)' is not supported (only type, class and id selectors)")
        guard !text.isEmpty else { throw refuse }
        var s = Selector()
        var rest = text
        func name() -> Substring {
            let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            rest = rest.dropFirst(n.count)
            return n
        }
        if rest.first == "*" { rest = rest.dropFirst() }
        else if let c = rest.first, c.isLetter { s.type = String(name()) }
        while let c = rest.first {
            rest = rest.dropFirst()
            let n = name()
            guard !n.isEmpty else { throw refuse }
            if c == "." { s.classes.append(String(n)) }
            else if c == "#", s.id == nil { s.id = String(n) }
            else { throw refuse }
        }
        return s
    }
}

/// Path data that cannot be read: where the first bad character is and what was expected there.
public struct SVGPathDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 0-based index of the first bad character (in Unicode scalars; the end of the text when it
    /// ends too early).
    public var position: Int
    /// What the grammar allows at `position`, e.g. "a number".
    public var expected: String
    /// The character found there, or nil at the end of the text.
    public var found: Character?

    /// Creates an error.
    public init(position: Int, expected: String, found: Character?) {
        self.position = position; self.expected = expected; self.found = found
    }

    /// `at character 12 ('x'): expected a number`.
    public var description: String {
        let what = found.map { "'\($0)'" } ?? "end of data"
        return "at character \(position) (\(what)): expected \(expected)"
    }
}

extension Path {
    /// Reads SVG path data (the `d` attribute): the whole grammar of SVG 1.1 / SVG 2 — `M L H V C S
    /// Q T A Z` absolute and relative, implicit repeated commands (after a moveto, lines), numbers
    /// such as `1.5e-3` and `-.5.5`, and arc flags without separators (`a1 1 0 00 1 1`).
    ///
    /// Arcs become cubics per the SVG implementation notes (F.6.5, F.6.6): radii that are too small
    /// are scaled up, a zero radius is a line, an arc to its own start point is left out; each cubic
    /// spans at most 90 degrees and its end points lie exactly on the ellipse. Empty data (or only
    /// white space) is an empty path. Throws `SVGPathDataError` at the first bad character.
    public init(svgPathData text: String) throws {
        var parser = SVGPathDataParser(Array(text.unicodeScalars))
        self = try parser.parse()
    }

    /// Appends an SVG elliptical arc from the current point to `end` as cubics (see
    /// `init(svgPathData:)`); `rotation` in degrees.
    public mutating func arc(to end: Point, radii: Point, rotation: Double, largeArc: Bool, sweep: Bool) {
        let start = currentPoint
        guard start != end else { return }
        var rx = abs(radii.x), ry = abs(radii.y)
        guard rx > 0, ry > 0 else { line(to: end); return }
        let phi = rotation * .pi / 180
        let cosP = _cos(phi), sinP = _sin(phi)
        // F.6.5.1: the start point in the ellipse's axes, relative to the chord's midpoint.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosP * dx + sinP * dy, y1 = -sinP * dx + cosP * dy
        // F.6.6.2: radii scaled up when the ellipse cannot reach both points.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // F.6.5.2-3: the centre.
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (largeArc != sweep ? 1.0 : -1.0) * (max(0, num) / den).squareRoot()
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let centre = Point(cosP * cx1 - sinP * cy1 + (start.x + end.x) / 2, sinP * cx1 + cosP * cy1 + (start.y + end.y) / 2)
        // F.6.5.5-6: the start angle and the sweep.
        let theta1 = Self.angle(Point(1, 0), Point((x1 - cx1) / rx, (y1 - cy1) / ry))
        var delta = Self.angle(Point((x1 - cx1) / rx, (y1 - cy1) / ry), Point((-x1 - cx1) / rx, (-y1 - cy1) / ry))
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        // Radii or points so large that the arithmetic overflows: the chord is all that is left.
        guard delta.isFinite, theta1.isFinite, centre.x.isFinite, centre.y.isFinite else { line(to: end); return }
        let ellipse = ArcEllipse(centre: centre, rx: rx, ry: ry, cosPhi: cosP, sinPhi: sinP)
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * Self.tan(step / 4)
        for i in 0 ..< count {
            let a0 = theta1 + step * Double(i), a1 = a0 + step
            let p0 = currentPoint
            let p3 = i == count - 1 ? end : ellipse.point(a1)
            cubic(to: p3, control1: p0 + ellipse.derivative(a0) * k, control2: p3 - ellipse.derivative(a1) * k)
        }
    }

    /// The signed angle from `u` to `v` (F.6.5.4).
    private static func angle(_ u: Point, _ v: Point) -> Double {
        let dot = u.x * v.x + u.y * v.y, cross = u.x * v.y - u.y * v.x
        let len = ((u.x * u.x + u.y * u.y) * (v.x * v.x + v.y * v.y)).squareRoot()
        let a = acosClamped(dot / len)
        return cross < 0 ? -a : a
    }

    private static func acosClamped(_ x: Double) -> Double { Double.arcCosine(min(1, max(-1, x))) }
    private static func tan(_ x: Double) -> Double { _sin(x) / _cos(x) }
}

/// An ellipse of an SVG arc: centre, radii and the rotation of its x axis.
struct ArcEllipse {
    let centre: Point, rx: Double, ry: Double, cosPhi: Double, sinPhi: Double
    /// The point at parameter angle `t`.
    func point(_ t: Double) -> Point {
        let x = rx * _cos(t), y = ry * _sin(t)
        return Point(centre.x + cosPhi * x - sinPhi * y, centre.y + sinPhi * x + cosPhi * y)
    }
    /// d/dt of `point(t)`.
    func derivative(_ t: Double) -> Point {
        let x = -rx * _sin(t), y = ry * _cos(t)
        return Point(cosPhi * x - sinPhi * y, sinPhi * x + cosPhi * y)
    }
}

/// A recursive-descent reader of SVG path data over Unicode scalars.
struct SVGPathDataParser {
    private let text: [Unicode.Scalar]
    private var i = 0
    private var path = Path()
    /// The last cubic's second control point and the last quadratic's control point, for S and T.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?

    init(_ text: [Unicode.Scalar]) { self.text = text }

    mutating func parse() throws -> Path {
        skipWhitespace()
        guard i < text.count else { return path }
        guard let first = peek, first == "M" || first == "m" else { throw error("a moveto command (M or m)") }
        while true {
            skipWhitespace()
            guard let c = peek else { return path }
            guard Self.commands.contains(c) else { throw error("a path command (one of MLHVCSQTAZ, or lower case)") }
            i += 1
            try command(c)
        }
    }

    /// The path up to the first error, and the error (SVG renders path data up to its first error).
    mutating func parseUpToError() -> (Path, SVGPathDataError?) {
        do { return (try parse(), nil) } catch let e as SVGPathDataError { return (path, e) } catch { return (path, nil) }
    }

    /// The numbers of a list up to the first error, and the error.
    mutating func numberListUpToError() -> ([Double], SVGPathDataError?) {
        var out: [Double] = []
        skipWhitespace()
        do {
            while peek != nil {
                out.append(try number())
                skipWhitespace()
                if peek == "," { i += 1; guard startsNumber() else { throw error("a number") } }
            }
        } catch let e as SVGPathDataError { return (out, e) } catch { return (out, nil) }
        return (out, nil)
    }

    /// A list of numbers separated by white space and/or commas (an SVG attribute such as `points`).
    mutating func numberList() throws -> [Double] {
        var out: [Double] = []
        skipWhitespace()
        while peek != nil {
            out.append(try number())
            skipWhitespace()
            if peek == "," { i += 1; guard startsNumber() else { throw error("a number") } }
        }
        return out
    }

    private static let commands: Set<Unicode.Scalar> = Set("MmLlHhVvCcSsQqTtAaZz".unicodeScalars)

    /// One command letter and every argument group that follows it (implicit repeats).
    private mutating func command(_ c: Unicode.Scalar) throws {
        let relative = c.properties.isLowercase
        let upper = Character(c).uppercased()
        if upper == "Z" {
            path.close(); lastCubicControl = nil; lastQuadControl = nil
            return
        }
        var letter = upper
        repeat {
            try segment(letter, relative: relative)
            if letter == "M" { letter = "L" }   // Coordinates after a moveto are linetos.
        } while startsNumber()
    }

    /// One argument group of command `letter`.
    private mutating func segment(_ letter: String, relative: Bool) throws {
        let o = relative ? path.currentPoint : .zero
        var cubicControl: Point?, quadControl: Point?
        switch letter {
        case "M": path.move(to: try pair() + o)
        case "L": path.line(to: try pair() + o)
        case "H": path.line(to: Point(try number() + o.x, path.currentPoint.y))
        case "V": path.line(to: Point(path.currentPoint.x, try number() + o.y))
        case "C":
            let c1 = try pair() + o, c2 = try pair() + o, p = try pair() + o
            path.cubic(to: p, control1: c1, control2: c2); cubicControl = c2
        case "S":
            let c1 = reflected(lastCubicControl)
            let c2 = try pair() + o, p = try pair() + o
            path.cubic(to: p, control1: c1, control2: c2); cubicControl = c2
        case "Q":
            let c = try pair() + o, p = try pair() + o
            path.quad(to: p, control: c); quadControl = c
        case "T":
            let c = reflected(lastQuadControl), p = try pair() + o
            path.quad(to: p, control: c); quadControl = c
        default: // "A"
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag(), p = try pair() + o
            path.arc(to: p, radii: Point(rx, ry), rotation: rotation, largeArc: large, sweep: sweep)
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// The reflection of `control` about the current point, or the current point without one.
    private func reflected(_ control: Point?) -> Point {
        let p = path.currentPoint
        return control.map { p * 2 - $0 } ?? p
    }

    // MARK: - Tokens

    private var peek: Unicode.Scalar? { i < text.count ? text[i] : nil }

    private func error(_ expected: String) -> SVGPathDataError {
        SVGPathDataError(position: i, expected: expected, found: peek.map(Character.init))
    }

    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private mutating func skipWhitespace() {
        while let c = peek, Self.isWhitespace(c) { i += 1 }
    }

    /// White space with at most one comma.
    private mutating func skipSeparator() {
        skipWhitespace()
        if peek == "," { i += 1; skipWhitespace() }
    }

    /// Whether another argument group follows (after optional white space and a comma).
    private mutating func startsNumber() -> Bool {
        let save = i
        skipSeparator()
        guard let c = peek, c == "+" || c == "-" || c == "." || ("0" ... "9").contains(c) else { i = save; return false }
        return true
    }

    private mutating func pair() throws -> Point {
        let x = try number()
        return Point(x, try number())
    }

    /// A number: sign? (digits (. digits?)? | . digits) exponent?, after an optional separator.
    private mutating func number() throws -> Double {
        skipSeparator()
        let start = i
        if peek == "+" || peek == "-" { i += 1 }
        let intDigits = digits()
        var fracDigits = 0
        if peek == "." {
            i += 1
            fracDigits = digits()
        }
        guard intDigits + fracDigits > 0 else { throw error("a number") }
        if peek == "e" || peek == "E" {
            let mark = i
            i += 1
            if peek == "+" || peek == "-" { i += 1 }
            // "1e" followed by no digits: the e is not part of the number (SVG 2 leaves it to the next token).
            if digits() == 0 { i = mark }
        }
        let literal = String(String.UnicodeScalarView(text[start ..< i]))
        guard let v = Double(literal), v.isFinite else {
            i = start
            throw error("a finite number")
        }
        return v
    }

    private mutating func digits() -> Int {
        let start = i
        while let c = peek, ("0" ... "9").contains(c) { i += 1 }
        return i - start
    }

    /// An arc flag: a single 0 or 1 (no separator needed after it).
    private mutating func flag() throws -> Bool {
        skipSeparator()
        switch peek {
        case "0": i += 1; return false
        case "1": i += 1; return true
        default: throw error("an arc flag (0 or 1)")
        }
    }
}

import Geometry
import Raster
import SceneKit
import Vector
import Layers

/// A fill as the gauge's settings give it (`--water-fill`, `--wave K:fill=`, `--container-fill`,
/// `--background-fill`, `--border-fill`): a colour, or a gradient laid over a box (the container's
/// ink box; the canvas for the background).
///
/// - `#RRGGBB` or `#RRGGBBAA`: one colour (a gradient of one stop).
/// - `linear(ANGLEdeg, COLOR [AT], COLOR [AT], ...)`: CSS's linear gradient in the box: 0deg runs
///   up, 90deg right, 180deg (the default when the angle is left out) down; the gradient line goes
///   through the box's centre and is as long as the box's extent along it, so the first and last
///   stops touch opposite corners (or sides).
/// - `radial(COLOR [AT], ...)`: a circle about the box's centre, radius half the box's larger side.
///
/// `AT` is a location in 0 ... 1; stops are in non-decreasing order of location; give a location to
/// every stop or to none (none: evenly spaced). At most `maxStops` stops.
public struct WavePaint: Sendable, Equatable {
    /// The kinds of fill.
    public enum Kind: Sendable, Equatable {
        case solid
        case linear(angle: Double)
        case radial
    }
    public var kind: Kind
    public var stops: [GradientStop]

    /// Stops one fill takes at most.
    public static let maxStops = 16
    /// Angles accepted, degrees.
    public static let angleRange: ClosedRange<Double> = -360 ... 360

    /// What every error line says is accepted.
    static let accepted = "expected #RGB, #RRGGBB[AA], linear(ANGLEdeg, COLOR [AT], COLOR [AT], ...) or radial(COLOR [AT], ...) with each AT in 0 ... 1, in order"

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` (`#RGB` as CSS: each digit doubled).
    static func color(_ text: String) -> Color? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        if digits.count == 3, digits.allSatisfy(\.isHexDigit) { return Color(hex: String(digits.flatMap { [$0, $0] })) }
        return Color(hex: text)
    }

    /// Reads `text`; errors name `key` (`wave` for a wave's `fill=`).
    public init(_ text: String, key: String) throws {
        let s = text.trimmingCharacters(in: .whitespaces)
        func fail(_ why: String) -> SettingError {
            SettingError(key, "'\(SettingDeclaration.clip(s))': \(why); \(Self.accepted)")
        }
        if let c = Self.color(s) { kind = .solid; stops = [GradientStop(c, at: 0)]; return }
        let lower = s.lowercased()
        let name: String
        if lower.hasPrefix("linear(") { name = "linear" } else if lower.hasPrefix("radial(") { name = "radial" } else {
            throw fail("not a colour or a gradient")
        }
        guard s.hasSuffix(")") else { throw fail("no closing ')'") }
        let inner = s.dropFirst(name.count + 1).dropLast()
        var items = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var angle = 180.0
        if name == "linear", let first = items.first, first.lowercased().hasSuffix("deg") {
            guard let a = Double(first.dropLast(3).trimmingCharacters(in: .whitespaces)), a.isFinite else {
                throw fail("angle '\(first)' is not a number of degrees")
            }
            guard Self.angleRange.contains(a) else { throw fail("angle \(DecimalText.shortest(a)) is outside -360 ... 360 deg") }
            angle = a
            items.removeFirst()
        }
        guard !items.isEmpty, items.allSatisfy({ !$0.isEmpty }) else { throw fail("an empty colour in the list") }
        guard items.count <= Self.maxStops else { throw fail("\(items.count) stops; at most \(Self.maxStops)") }
        var colors: [Color] = [], locations: [Double?] = []
        for item in items {
            let parts = item.split(separator: " ", omittingEmptySubsequences: true)
            guard (1 ... 2).contains(parts.count), let c = Self.color(String(parts[0])) else {
                throw fail("stop '\(SettingDeclaration.clip(item))' is not COLOR or COLOR AT")
            }
            colors.append(c)
            if parts.count == 2 {
                guard let v = Double(parts[1]), v.isFinite else { throw fail("location '\(parts[1])' is not a number") }
                guard (0 ... 1).contains(v) else { throw fail("location \(DecimalText.shortest(v)) is outside 0 ... 1") }
                locations.append(v)
            } else {
                locations.append(nil)
            }
        }
        let given = locations.compactMap { $0 }
        if !given.isEmpty, given.count != locations.count { throw fail("give a location to every stop or to none") }
        let n = colors.count
        let locs = given.isEmpty ? (0 ..< n).map { n == 1 ? 0 : Double($0) / Double(n - 1) } : given
        for k in 1 ..< max(n, 1) where locs[k] < locs[k - 1] {
            throw fail("location \(DecimalText.shortest(locs[k])) comes before \(DecimalText.shortest(locs[k - 1])); stops go in order")
        }
        stops = zip(colors, locs).map { GradientStop($0, at: $1) }
        kind = name == "linear" ? .linear(angle: angle) : .radial
    }

    /// The paint laid over `box` (canvas coordinates).
    public func paint(in box: Rect) -> Paint {
        let c = box.center
        switch kind {
        case .solid: return .solid(stops[0].color)
        case .linear(let angle):
            let a = angle * .pi / 180
            let d = Point(Double.sine(a), -Double.cosine(a))
            let half = (abs(box.width * d.x) + abs(box.height * d.y)) / 2
            return .linear(stops: stops, start: Point(c.x - d.x * half, c.y - d.y * half),
                           end: Point(c.x + d.x * half, c.y + d.y * half))
        case .radial:
            return .radial(stops: stops, center: c, radius: max(box.width, box.height, 1e-9) / 2)
        }
    }
}

/// A shadow as the gauge's settings give it (`--container-shadow`, `--border-shadow`,
/// `--wave-shadow`): `COLOR RADIUS [DX DY]`, Core Animation's layer shadow with `shadowColor` the
/// colour's RGB, `shadowOpacity` its alpha, `shadowRadius` RADIUS px (`radiusRange`; σ = RADIUS / 2,
/// see `ShadowBlur`) and `shadowOffset` (DX, DY) px (`offsetRange`, default 0 0: a glow).
public struct WaveShadow: Sendable, Equatable {
    public var color: Color
    public var radius: Double
    public var dx: Double, dy: Double

    /// Blur radii accepted, px.
    public static let radiusRange: ClosedRange<Double> = 0 ... 50
    /// Offsets accepted, px.
    public static let offsetRange: ClosedRange<Double> = -200 ... 200

    /// Reads `text`; errors name `key`.
    public init(_ text: String, key: String) throws {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let accepted = "expected COLOR RADIUS [DX DY] with RADIUS in 0 ... 50 px and DX, DY in -200 ... 200 px"
        func fail(_ why: String) -> SettingError { SettingError(key, "'\(SettingDeclaration.clip(text))': \(why); \(accepted)") }
        guard parts.count == 2 || parts.count == 4 else { throw fail("\(parts.count) fields") }
        guard let c = WavePaint.color(parts[0]) else { throw fail("'\(SettingDeclaration.clip(parts[0]))' is not a colour") }
        func number(_ s: String, _ range: ClosedRange<Double>, _ what: String) throws -> Double {
            guard let v = Double(s), v.isFinite else { throw fail("\(what) '\(SettingDeclaration.clip(s))' is not a number") }
            guard range.contains(v) else {
                throw fail("\(what) \(DecimalText.shortest(v)) is outside \(DecimalText.shortest(range.lowerBound)) ... \(DecimalText.shortest(range.upperBound)) px")
            }
            return v
        }
        color = c
        radius = try number(parts[1], Self.radiusRange, "radius")
        dx = parts.count == 4 ? try number(parts[2], Self.offsetRange, "offset") : 0
        dy = parts.count == 4 ? try number(parts[3], Self.offsetRange, "offset") : 0
    }

    /// Sets `layer`'s shadow to this one (the colour's alpha as the opacity).
    public func apply(to layer: Layer) {
        layer.shadowColor = Color(r: color.r, g: color.g, b: color.b)
        layer.shadowOpacity = Double(color.a) / 255
        layer.shadowRadius = radius
        layer.shadowOffset = Point(dx, dy)
    }
}

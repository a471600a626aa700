import Geometry
import SceneKit

/// A built-in container shape (`--shape`), drawn in its own unit box of 100 x 100 (y down) and then
/// placed and scaled on the canvas like the ink box of text (keeping its aspect ratio).
public enum ContainerShape: String, Sendable, CaseIterable {
    /// A circle of diameter 100.
    case circle
    /// A 100 x 100 square.
    case rect
    /// A 100 x 100 square with round corners (`--corner-radius`, 0 ... 50).
    case roundedRect = "rounded-rect"
    /// An equilateral triangle of side 100, pointing up.
    case triangle
    /// A heart, 100 wide and 90 high.
    case heart
    /// A drop, pointed at the top, 70 wide and 100 high.
    case drop
    /// A five-pointed star in a circle of radius 50, one point up.
    case star
    /// A square standing on a corner, 100 x 100.
    case diamond
    /// A map pin: a circle of diameter 70 drawn out to a point at the bottom, 70 wide and 100 high.
    case pin
    /// An arrowhead pointing up (`--shape-direction` turns it), 100 x 100, notched at its base.
    case arrow

    /// The side of the unit box the shapes are drawn in.
    public static let unit = 100.0
    /// The largest corner radius: half the shorter side of the rounded square.
    public static let maxCornerRadius = unit / 2
    /// The corner radius of `rounded-rect` when none is given.
    public static let defaultCornerRadius = 15.0

    /// Whether `--corner-radius` applies to this shape.
    public var takesCornerRadius: Bool { self == .roundedRect }
    /// Whether `--shape-direction` applies to this shape.
    public var takesDirection: Bool { self == .triangle || self == .arrow }

    /// The outline in the unit box. Throws `SettingError` naming `corner-radius` for a radius
    /// outside 0 ... 50, or given to a shape without corners to round.
    public func path(cornerRadius: Double? = nil) throws -> Path {
        if let r = cornerRadius {
            guard takesCornerRadius else {
                throw SettingError("corner-radius", "goes with --shape rounded-rect only (the shape is \(rawValue))")
            }
            guard r.isFinite, (0 ... Self.maxCornerRadius).contains(r) else {
                throw SettingError("corner-radius", "\(r) is outside 0 ... \(Int(Self.maxCornerRadius)) (units of the 100 x 100 shape)")
            }
        }
        let box = Rect(x: 0, y: 0, width: Self.unit, height: Self.unit)
        switch self {
        case .circle: return Path(ellipseIn: box)
        case .rect: return Path(rect: box)
        case .roundedRect:
            let r = cornerRadius ?? Self.defaultCornerRadius
            return Path(roundedRect: box, radii: Point(r, r))
        case .triangle:
            let h = Self.unit * 3.0.squareRoot() / 2
            return Path(polygon: [Point(Self.unit / 2, 0), Point(Self.unit, h), Point(0, h)])
        case .heart:
            return try Path(svgPathData: "M50 22C50 10 40 0 26 0 11 0 0 12 0 27 0 55 30 70 50 90 70 70 100 55 100 27 100 12 89 0 74 0 60 0 50 10 50 22Z")
        case .drop:
            return try Path(svgPathData: "M50 0C50 0 85 35 85 65A35 35 0 0 1 15 65C15 35 50 0 50 0Z")
        case .star:
            return Path(polygon: (0 ..< 10).map { k in
                let r = k % 2 == 0 ? Self.unit / 2 : Self.unit / 2 * 0.381966
                let a = Double(k) * .pi / 5 - .pi / 2
                return Point(Self.unit / 2 + r * Double.cosine(a), Self.unit / 2 + r * Double.sine(a))
            })
        case .diamond:
            return Path(polygon: [Point(50, 0), Point(100, 50), Point(50, 100), Point(0, 50)])
        case .pin:
            return try Path(svgPathData: "M50 100C50 100 15 62 15 35A35 35 0 1 1 85 35C85 62 50 100 50 100Z")
        case .arrow:
            return Path(polygon: [Point(50, 0), Point(100, 100), Point(50, 75), Point(0, 100)])
        }
    }

    /// The outline in the unit box turned to point `direction` (the shapes point up as drawn), about
    /// the box's centre. Throws like `path(cornerRadius:)`, and naming `shape-direction` when a
    /// direction other than up is given to a shape without one.
    public func path(cornerRadius: Double? = nil, direction: ShapeDirection) throws -> Path {
        let base = try path(cornerRadius: cornerRadius)
        guard direction != .up else { return base }
        guard takesDirection else {
            throw SettingError("shape-direction", "goes with --shape triangle or arrow only (the shape is \(rawValue))")
        }
        let c = Self.unit / 2
        // Quarter turns with exact entries, clockwise on screen (y down).
        let turn: Transform
        switch direction {
        case .up: turn = .identity
        case .right: turn = Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        case .down: turn = Transform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case .left: turn = Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        }
        return base.applying(Transform.translation(-c, -c).concatenating(turn).concatenating(.translation(c, c)))
    }
}

/// Which way a `triangle` or an `arrow` points (`--shape-direction`).
public enum ShapeDirection: String, Sendable, CaseIterable, Codable {
    case up, right, down, left
}

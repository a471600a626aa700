import SceneKit
import Geometry
import Vector

/// A length on the canvas: pixels, or a share in percent of a canvas length.
public struct CanvasLength: Sendable, Equatable, Codable {
    /// The number given.
    public var value: Double
    /// True when `value` is a percentage.
    public var isPercent: Bool

    public init(_ value: Double, percent: Bool = false) { self.value = value; isPercent = percent }

    /// In pixels, a percentage taken of `whole`.
    public func pixels(of whole: Double) -> Double { isPercent ? value / 100 * whole : value }

    /// Reads `12.5` (px) or `40%`; nil when it is neither.
    public init?(text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        let percent = t.hasSuffix("%")
        guard let v = Double(percent ? String(t.dropLast()) : t), v.isFinite else { return nil }
        self.init(v, percent: percent)
    }

    /// `12.5` or `40%`.
    public var text: String { DecimalText.shortest(value) + (isPercent ? "%" : "") }
}

/// Where the container goes on the canvas and how it is scaled (`--center`, `--radius`, `--fit`):
/// its content (the ink box of text, an outline's curve bounds, a mask image's box of non-zero
/// alpha) is placed in a target box centred on `center`, `2 radius` on a side, or 80 % of the
/// canvas's width and height without a radius.
public struct ContainerPlacement: Sendable, Equatable, Codable {
    /// How the content is scaled into the target box.
    public enum Fit: String, Sendable, Equatable, Codable, CaseIterable {
        /// The largest uniform scale that fits (the aspect ratio kept).
        case contain
        /// Each axis scaled to the box's side (the aspect ratio given up).
        case fill
        /// Unscaled: a shape's 100-unit box is 100 px, a mask image's pixel is a canvas pixel, text
        /// is at its em size (given, or the size that fits the box).
        case none
    }

    /// The centre, x and y (a percentage of the canvas's width and height); nil: the canvas's centre.
    public var centerX: CanvasLength?
    public var centerY: CanvasLength?
    /// Half the target box's side (a percentage of the canvas's smaller side); nil: 80 % of the
    /// canvas's width and height.
    public var radius: CanvasLength?
    /// How the content fills the box.
    public var fit = Fit.contain

    public init() {}

    /// The largest radius and centre coordinate accepted, px.
    public static let maxPixels = 1_000_000.0
    /// The largest share accepted for a centre coordinate or a radius, percent.
    public static let maxPercent = 1000.0

    /// Reads `--center X,Y`, each in px or %; throws naming `center`.
    public static func center(_ text: String) throws -> (CanvasLength, CanvasLength) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let x = CanvasLength(text: parts[0]), let y = CanvasLength(text: parts[1]) else {
            throw SettingError("center", "'\(SettingDeclaration.clip(text))' is not X,Y; expected two numbers in px or % of the canvas (50%,50% is the middle)")
        }
        for v in [x, y] {
            let limit = v.isPercent ? maxPercent : maxPixels
            guard abs(v.value) <= limit else {
                throw SettingError("center", "'\(SettingDeclaration.clip(text))': \(v.text) is outside -\(DecimalText.shortest(limit)) ... \(DecimalText.shortest(limit))\(v.isPercent ? "%" : " px")")
            }
        }
        return (x, y)
    }

    /// Throws naming the flag of the first value out of range.
    public func validate() throws {
        if let r = radius {
            let limit = r.isPercent ? Self.maxPercent : Self.maxPixels
            guard r.value.isFinite, r.value > 0, r.value <= limit else {
                throw SettingError("radius", "\(r.text) is outside 0 (excluded) ... \(DecimalText.shortest(limit))\(r.isPercent ? "%" : " px")")
            }
        }
        for v in [centerX, centerY].compactMap({ $0 }) {
            let limit = v.isPercent ? Self.maxPercent : Self.maxPixels
            guard v.value.isFinite, abs(v.value) <= limit else {
                throw SettingError("center", "\(v.text) is outside -\(DecimalText.shortest(limit)) ... \(DecimalText.shortest(limit))\(v.isPercent ? "%" : " px")")
            }
        }
    }

    /// True when the target box is today's default: 80 % of the canvas, centred.
    var isCentredDefault: Bool { centerX == nil && centerY == nil && radius == nil }

    /// The target box's centre on a `width` x `height` canvas.
    func centre(width: Int, height: Int) -> Point {
        Point(centerX?.pixels(of: Double(width)) ?? Double(width) / 2, centerY?.pixels(of: Double(height)) ?? Double(height) / 2)
    }

    /// The target box's width and height.
    func boxSize(width: Int, height: Int) -> (Double, Double) {
        guard let radius else { return (0.8 * Double(width), 0.8 * Double(height)) }
        let r = radius.pixels(of: Double(min(width, height)))
        return (2 * r, 2 * r)
    }

    /// The scale of content `contentW` x `contentH` wide and high (x and y; one value unless `fill`).
    func scale(contentW: Double, contentH: Double, width: Int, height: Int) -> (Double, Double) {
        let (bw, bh) = boxSize(width: width, height: height)
        switch fit {
        case .contain:
            let s = min(bw / contentW, bh / contentH)
            return (s, s)
        case .fill: return (bw / contentW, bh / contentH)
        case .none: return (1, 1)
        }
    }

    /// Scales by the pixel `factor` (a window's scale): the pixel lengths grow, shares stay.
    func scaled(_ factor: Double) -> ContainerPlacement {
        var p = self
        func f(_ v: CanvasLength?) -> CanvasLength? { v.map { $0.isPercent ? $0 : CanvasLength(min($0.value * factor, Self.maxPixels)) } }
        p.centerX = f(centerX); p.centerY = f(centerY); p.radius = f(radius)
        return p
    }
}

import SceneKit
import Geometry
import Layers
import Raster
import Text

/// What every scene shares: the canvas, its background, the font and the text size.
public struct SceneCanvas: Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Fills the canvas first.
    public var background: Color
    /// Em size in pixels (rounded to 1/64 px); nil lets each scene fit its text to the canvas.
    public var fontSize: Double?

    /// A canvas; the defaults are the wave fill's (400x310, white).
    public init(width: Int = 400, height: Int = 310, background: Color = .white, fontSize: Double? = nil) {
        self.width = width; self.height = height; self.background = background; self.fontSize = fontSize
    }

    /// Throws a `SettingError` naming `--size` or `--font-size` when out of range.
    public func validate() throws {
        let m = SceneLimits.maxCanvasSide
        guard (1 ... m).contains(width), (1 ... m).contains(height) else {
            throw SettingError("size", "\(width)x\(height) is outside 1x1 ... \(m)x\(m)")
        }
        if let e = fontSize {
            guard e.isFinite, e * 64 >= 0.5, e <= SceneLimits.maxFontSize else {
                throw SettingError("font-size", "\(e) px is outside 1/64 ... \(Int(SceneLimits.maxFontSize)) px")
            }
        }
    }

    /// The given em size in 1/64 px, if any.
    var givenE64: Int? { fontSize.map { Int(($0 * 64).rounded(.toNearestOrEven)) } }

    /// A layer covering the canvas, origin top-left, filled with the background.
    func rootLayer() -> Layer {
        let root = Layer()
        root.name = "canvas"
        root.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        root.anchorPoint = .zero
        root.position = .zero
        root.backgroundColor = background
        root.colourSlots = ["background": "background"]
        return root
    }

    /// The em size (1/64 px) at which every text's ink fits 80 % of the canvas (the wave fill's rule),
    /// or the given size.
    func fittingE64(_ shapers: [TextShaper]) throws -> Int {
        if let e = givenE64 { return e }
        var best = Int.max
        for s in shapers { best = min(best, try s.fittingE64(width: width, height: height, maxE64: Int(SceneLimits.maxFontSize * 64))) }
        return best
    }

    /// Maps a text error to the flag a user would fix.
    static func flagError(_ e: Error, textFlag: String = "text") -> Error {
        guard let t = e as? TextError else { return e }
        switch t {
        case .emptyText, .missingCharacters, .noFontFor, .noInk: return SettingError(textFlag, t.description)
        case .badSize: return SettingError("font-size", t.description)
        default: return SettingError("font", t.description)
        }
    }
}

import Foundation
import Testing
import Geometry
import Raster
import Animation
import Layers
@testable import LayerVector
import Vector
import TestSupport

/// Gradient fills and strokes and layer shadows in the layer tree's Lottie and SVG, played by the
/// real players and compared with our frames.
@Suite("Paint and shadow exports")
struct PaintExportTests {
    static let (w, h, fps, frames) = (160, 120, 30.0, 20)

    /// A white canvas, a disc with a radial fill and a shadow (offset), a bar with a linear fill at
    /// an angle and a gradient stroke, and a glow (a shadow with no offset) on a moving rounded box.
    static func tree(shadows: Bool) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        root.anchorPoint = .zero
        root.backgroundColor = Color(r: 250, g: 248, b: 240)
        func shape(_ path: Path) -> ShapeLayer {
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            s.path = path
            root.addSublayer(s)
            return s
        }
        let disc = shape(Path(ellipseIn: Rect(x: 18, y: 16, width: 60, height: 60)))
        disc.fillPaint = .radial(stops: [GradientStop(.white, at: 0), GradientStop(Color(r: 40, g: 120, b: 230), at: 0.7),
                                         GradientStop(Color(r: 10, g: 30, b: 120), at: 1)], center: Point(40, 38), radius: 40)
        let bar = shape(Path(rect: Rect(x: 90, y: 20, width: 56, height: 36)))
        bar.fillPaint = .linear(stops: [GradientStop(Color(r: 255, g: 59, b: 48), at: 0), GradientStop(Color(r: 255, g: 204, b: 0), at: 0.5),
                                        GradientStop(Color(r: 52, g: 199, b: 89, a: 180), at: 1)], start: Point(90, 56), end: Point(146, 20))
        bar.strokePaint = .linear(stops: [GradientStop(.black, at: 0), GradientStop(Color(r: 200, g: 0, b: 200), at: 1)],
                                  start: Point(90, 20), end: Point(146, 56))
        bar.lineWidth = 4
        bar.lineJoin = .round
        let box = shape(Path(rect: Rect(x: 40, y: 84, width: 80, height: 22)))
        box.fillColor = Color(r: 20, g: 160, b: 150)
        box.add(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: .zero, to: Point(20, 0),
                                             timing: MediaTiming(duration: Double(frames) / fps, repeatCount: .infinity)), forKey: "slide")
        if shadows {
            disc.shadowOpacity = 0.6; disc.shadowRadius = 8; disc.shadowOffset = Point(4, 5)
            box.shadowOpacity = 1; box.shadowRadius = 10; box.shadowOffset = .zero
            box.shadowColor = Color(r: 255, g: 120, b: 0)
        }
        return root
    }

    static func lottie(_ root: Layer) throws -> String {
        try LayerLottie.document(name: "paint", width: w, height: h, fps: fps, frames: frames,
                                 time: { $0 / fps }, tree: { root.presentation(at: $0) })
    }

    static func ours(_ root: Layer, _ k: Int) -> Pixmap {
        LayerRenderer().renderPixmap(root.presentation(at: Double(k) / fps), width: w, height: h)
    }

    /// Gradients play in ThorVG, rlottie and lottie-web within 35 dB of our frames.
    @Test(arguments: ["thorvg", "rlottie", "lottie-web-svg"])
    func gradientsPlayAsWeDrawThem(_ player: String) throws {
        let root = Self.tree(shadows: false)
        let json = try Self.lottie(root)
        #expect(json.contains("\"gf\"") && json.contains("\"gs\""))
        let points = [0, 9]
        let images = player == "lottie-web-svg" ? try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: points.map(Double.init)).images
            : try OutsideRenderers.play(json, player: player, frames: points).images
        for (k, image) in zip(points, images) {
            let db = ImageMetrics.psnr(image, Self.ours(root, k))
            #expect(db >= 35, "frame \(k) in \(player): \(db) dB")
        }
    }

    /// Shadows as Lottie drop shadow effects: ThorVG draws them within 35 dB of our frames;
    /// rlottie ignores the effect (its frames are ours without shadows, within 35 dB); lottie-web's
    /// SVG renderer draws them cut at the layer's bounding box (beneath the disc, inside its box,
    /// the shadow shows).
    @Test(arguments: ["thorvg", "rlottie", "lottie-web-svg"])
    func shadowsPlayAsWeDrawThem(_ player: String) throws {
        let root = Self.tree(shadows: true)
        let json = try Self.lottie(root)
        #expect(json.contains("\"ty\":25"))
        let points = [0, 9]
        let images = player == "lottie-web-svg" ? try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: points.map(Double.init)).images
            : try OutsideRenderers.play(json, player: player, frames: points).images
        let plain = Self.tree(shadows: false)
        for (k, image) in zip(points, images) {
            switch player {
            case "lottie-web-svg":
                let bg = Self.ours(plain, k).pixel(74, 74), got = image.pixel(74, 74)
                #expect(Int(bg.x) - Int(got.x) > 20, "frame \(k): \(got) vs the background \(bg)")
            default:
                let db = ImageMetrics.psnr(image, Self.ours(player == "rlottie" ? plain : root, k))
                #expect(db >= 35, "frame \(k) in \(player): \(db) dB")
            }
        }
    }

    /// The SVG's gradients and shadow filters, in Chromium (animated) and rsvg-convert (still).
    @Test func svgShowsGradientsAndShadowsAsWeDrawThem() throws {
        let root = Self.tree(shadows: true)
        let svg = try LayerSVG.document(name: "paint", width: Self.w, height: Self.h, fps: Self.fps, frames: Self.frames,
                                        time: { $0 / Self.fps }, tree: { root.presentation(at: $0) })
        #expect(svg.contains("<radialGradient") && svg.contains("<linearGradient") && svg.contains("<feGaussianBlur"))
        let points = [0, 9]
        let images = try OutsideRenderers.browser(svg: svg, times: points.map { Double($0) / Self.fps }).images
        for (k, image) in zip(points, images) {
            let db = ImageMetrics.psnr(image, Self.ours(root, k))
            #expect(db >= 35, "frame \(k) in Chromium: \(db) dB")
        }
        let still = try LayerSVG.still(name: "paint", width: Self.w, height: Self.h, layer: root.presentation(at: 0))
        let db = ImageMetrics.psnr(try OutsideRenderers.rsvg(still), Self.ours(root, 0))
        #expect(db >= 35, "rsvg-convert: \(db) dB")
    }

    /// A shadow cast by a path other than the layer's shape, or one that changes, is refused.
    @Test func shadowsTheFormatsCannotCarryAreRefused() throws {
        let root = Self.tree(shadows: true)
        let caster = ShapeLayer()
        caster.fillColor = nil
        caster.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        caster.shadowOpacity = 1
        root.addSublayer(caster)
        #expect(throws: VectorExportError.self) { _ = try Self.lottie(root) }
    }
}

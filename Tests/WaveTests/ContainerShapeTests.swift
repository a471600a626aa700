import Foundation
import Testing
import Geometry
import Raster
import Export
import SceneKit
@testable import Wave
import TestSupport

/// A scene whose container is `outline`.
func outlineScene(_ outline: ContainerOutline, _ edit: (inout WaveParameters) -> Void = { _ in }) throws -> WaveScene {
    var p = WaveParameters()
    p.width = 120; p.height = 93
    edit(&p)
    return try ContainerSource.outline(outline).scene(p)
}

/// Shape, path and SVG containers: laid out like the ink box, rendered by both renderers alike,
/// the fill rule honoured, and written to Lottie and SVG.
@Suite struct ContainerShapeTests {
    /// Two nested squares: a ring under even-odd, a full square under non-zero (same orientation).
    static let ring = "M0 0H100V100H0Z M25 25H75V75H25Z"

    @Test(arguments: ContainerShape.allCases)
    func everyShapeRendersInsideTheCanvas(_ shape: ContainerShape) throws {
        let scene = try outlineScene(try ContainerOutline(shape: shape)) { $0.progress = 1 }
        let lay = scene.layout
        // The ink box fills 80 % of the canvas along its limiting side, centred.
        let box = lay.inkBox
        #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= 120 && box.maxY <= 93)
        let fitsWidth = abs(lay.inkW - 96) < 1e-6, fitsHeight = abs(lay.inkH - 74.4) < 1e-6
        #expect(fitsWidth || fitsHeight, "\(box)")
        let cx = (box.minX + box.maxX) / 2, cy = (box.minY + box.maxY) / 2
        #expect(abs(cx - 60) < 1e-6 && abs(cy - 46.5) < 1e-6)
        // The covered fraction of the ink box: between a star's (about 0.35) and a square's (1).
        let covered = Double(lay.coverage.values.reduce(0, +)) / (lay.inkW * lay.inkH)
        #expect(covered > 0.25 && covered <= 1.0001, "\(shape): \(covered)")
        let png = try PNGFile.encode(render(scene, frame: 0))
        #expect(png.count > 100)
    }

    @Test func fittingKeepsTheAspectRatio() throws {
        let wide = try outlineScene(ContainerOutline(path: try Path(svgPathData: "M0 0H200V50H0Z"), key: "path"))
        #expect(abs(wide.layout.inkW - 96) < 1e-9 && abs(wide.layout.inkH - 24) < 1e-9)
        // The curve's own bounds are fitted, not its control points'.
        let arch = try outlineScene(ContainerOutline(path: try Path(svgPathData: "M0 0C0 -40 100 -40 100 0Z"), key: "path"))
        #expect(abs(arch.layout.inkW - 96) < 1e-6, "\(arch.layout.inkBox)")
        #expect(abs(arch.layout.inkH - 96 * 0.3) < 1e-4, "\(arch.layout.inkBox)")
    }

    @Test func cornerRadiusIsCheckedAndRoundsTheCorners() throws {
        #expect(throws: SettingError.self) { try ContainerOutline(shape: .roundedRect, cornerRadius: 50.5) }
        #expect(throws: SettingError.self) { try ContainerOutline(shape: .roundedRect, cornerRadius: -1) }
        #expect(throws: SettingError.self) { try ContainerOutline(shape: .circle, cornerRadius: 5) }
        func area(_ r: Double) throws -> Float {
            try outlineScene(try ContainerOutline(shape: .roundedRect, cornerRadius: r)).layout.coverage.values.reduce(0, +)
        }
        // A radius of 50 is the circle; 0 the square.
        let circle = try outlineScene(try ContainerOutline(shape: .circle)).layout.coverage.values.reduce(0, +)
        #expect(abs(try area(50) - circle) < 0.01)
        #expect(try area(0) > area(20))
        #expect(abs(try area(0) - 74.4 * 74.4) < 0.05)
    }

    @Test func zeroAreaOutlinesAreRefused() throws {
        for d in ["M0 0 L10 0 Z", "M0 0 L0 10", "M5 5", ""] {
            #expect(throws: SettingError.self, "\(d)") {
                try outlineScene(ContainerOutline(path: try Path(svgPathData: d), key: "path"))
            }
        }
    }

    @Test func fillRuleDecidesTheHole() throws {
        let path = try Path(svgPathData: Self.ring)
        let nonZero = try outlineScene(ContainerOutline(path: path, rule: .nonZero, key: "path"))
        let evenOdd = try outlineScene(ContainerOutline(path: path, rule: .evenOdd, key: "path"))
        let c = nonZero.layout.coverage, e = evenOdd.layout.coverage
        #expect(c.values[46 * 120 + 60] == 1 && e.values[46 * 120 + 60] == 0)
        let ratio = Double(e.values.reduce(0, +)) / Double(c.values.reduce(0, +))
        #expect(abs(ratio - 0.75) < 1e-3)
        #expect(evenOdd.layout.fillRule == .evenOdd)
    }

    static func compareRenderers(_ outline: ContainerOutline, _ edit: (inout WaveParameters) -> Void = { _ in }) throws {
        let s1 = try outlineScene(outline, edit), s2 = try outlineScene(outline, edit)
        let fast = WaveRenderer(scene: s1)
        let layers = WaveLayerScene(scene: s2)
        var px = Pixmap(width: 0, height: 0)
        for n in [0, 75, 150, 299] {
            s1.update(frame: n); fast.render(into: &px)
            layers.update(frame: n)
            let d = ImageCompare.compare(px, layers.render(), tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "\(outline.key) frame \(n): \(d)")
        }
    }

    @Test func fastRendererMatchesTheReferenceForShapes() throws {
        for shape in [ContainerShape.circle, .heart, .star, .drop] {
            try Self.compareRenderers(try ContainerOutline(shape: shape)) { $0.width = 97; $0.height = 71 }
        }
        try Self.compareRenderers(try ContainerOutline(shape: .roundedRect, cornerRadius: 30)) {
            $0.background = .clear; $0.container = Color(r: 10, g: 200, b: 30, a: 90)
        }
    }

    @Test func fastRendererMatchesTheReferenceForAnEvenOddPath() throws {
        let path = try Path(svgPathData: Self.ring + " M40 40 A10 10 0 1 1 60 60 A10 10 0 1 1 40 40Z")
        try Self.compareRenderers(ContainerOutline(path: path, rule: .evenOdd, key: "path"))
    }

    @Test func svgExportWritesTheOutlineAndItsRule() throws {
        let heart = try outlineScene(try ContainerOutline(shape: .heart))
        let doc = try WaveVector.svg(scene: heart, frame: 10)
        #expect(doc.contains(" C") && !doc.contains("evenodd"))
        let ring = try outlineScene(ContainerOutline(path: try Path(svgPathData: Self.ring), rule: .evenOdd, key: "path"))
        let evenOdd = try WaveVector.svg(scene: ring, frame: 10)
        // The container and its mask of each of the two waves.
        #expect(evenOdd.components(separatedBy: "fill-rule=\"evenodd\"").count == 4)
    }

    @Test func lottieFillsAndMattesTakeTheRule() throws {
        let ring = try outlineScene(ContainerOutline(path: try Path(svgPathData: Self.ring), rule: .evenOdd, key: "path"))
        let doc = try WaveVector.lottie(scene: ring, frames: 10)
        // The container fill and the clip's outline (written once, the matte of both waves) are even-odd.
        #expect(doc.components(separatedBy: "\"r\":2").count - 1 == 2)
        #expect(doc.components(separatedBy: "\"tt\":").count - 1 == 2)
        #expect(throws: SettingError.self) { try WaveVector.lottie(scene: ring, frames: 10, masks: .mask) }
        let heart = try WaveVector.lottie(scene: try outlineScene(try ContainerOutline(shape: .heart)), frames: 10, masks: .mask)
        #expect(!heart.contains("\"r\":2"))
    }

    /// The heart (mattes and masks) and the even-odd ring follow the Lottie 1.0 JSON schema.
    @Test func shapeDocumentsFollowTheLottieSchema() throws {
        let heart = try outlineScene(try ContainerOutline(shape: .heart))
        let ring = try outlineScene(ContainerOutline(path: try Path(svgPathData: Self.ring), rule: .evenOdd, key: "path"))
        let docs = [("heart-matte", try WaveVector.lottie(scene: heart, frames: 30)),
                    ("heart-mask", try WaveVector.lottie(scene: heart, frames: 30, masks: .mask)),
                    ("ring", try WaveVector.lottie(scene: ring, frames: 30))]
        let (valid, out) = try OutsideRenderers.schemaValid(docs)
        #expect(valid == docs.count, "\(out)")
    }

    /// rsvg-convert draws the SVG export of a heart and of an even-odd ring as we render them.
    @Test func rsvgRendersShapesAsWeDo() throws {
        let scenes = [("heart", try outlineScene(try ContainerOutline(shape: .heart))),
                      ("ring", try outlineScene(ContainerOutline(path: try Path(svgPathData: Self.ring), rule: .evenOdd, key: "path")))]
        for (name, scene) in scenes {
            let image = try OutsideRenderers.rsvg(try WaveVector.svg(scene: scene, frame: 150))
            let psnr = ImageMetrics.psnr(image, render(scene, frame: 150))
            print("SVG rsvg-convert \(name): PSNR \(String(format: "%.1f", psnr)) dB")
            #expect(psnr >= 35, "\(name): \(psnr) dB")
        }
    }
}

/// The Lottie export of shape containers played by rlottie and ThorVG against our renderer.
@Suite(.serialized) struct ContainerShapePlayerTests {
    /// A heart, and an even-odd ring (which the non-zero rule would fill).
    static func scenes() throws -> [(String, WaveScene)] {
        [("heart", try outlineScene(try ContainerOutline(shape: .heart))),
         ("ring", try outlineScene(ContainerOutline(path: try Path(svgPathData: ContainerShapeTests.ring), rule: .evenOdd, key: "path")))]
    }

    @Test(arguments: LottiePlayerTests.players)
    func heartAndEvenOddRingPlayAsWeRenderThem(_ player: String) throws {
        for (name, scene) in try Self.scenes() {
            for db in try LottiePlayerTests.psnrs(scene, frames: nil, at: [0, 225, 450, 675], player: player) {
                print("Lottie \(player) \(name): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "\(player) \(name): \(db) dB")
            }
        }
    }

    /// lottie-web (svg and canvas renderers) plays the heart and the even-odd ring, and Chromium shows
    /// their SVG, as we render them.
    @Test(arguments: BrowserPlayerTests.lottieWeb)
    func lottieWebPlaysShapesAsWeRenderThem(_ player: BrowserPlayer) throws {
        for (name, scene) in try Self.scenes() {
            let frames = [0, 225, 450]
            let (_, images) = try OutsideRenderers.browser(lottie: try WaveVector.lottie(scene: scene), player: player,
                                                           frames: frames.map(Double.init))
            for (f, image) in zip(frames, images) {
                let v = ImageMetrics.psnr(image, render(scene, frame: f))
                print("Lottie \(player.rawValue) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 35, "\(player.rawValue) \(name) frame \(f): \(v) dB")
            }
        }
    }

    @Test func chromiumShowsTheShapesSVGAsWeRenderIt() throws {
        for (name, scene) in try Self.scenes() {
            let (_, images) = try OutsideRenderers.browser(svg: try WaveVector.svg(scene: scene, frame: 150), times: [0])
            let v = ImageMetrics.psnr(try #require(images.first), render(scene, frame: 150))
            print("SVG chromium \(name): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 35, "\(name): \(v) dB")
        }
    }
}

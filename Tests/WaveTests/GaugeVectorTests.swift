import Foundation
import Testing
import Geometry
import Raster
import SceneKit
@testable import Wave
import TestSupport

/// The gauge's labels, levels, fills and shadows go through the one layer-to-vector pipeline: the
/// Lottie plays in ThorVG, rlottie and lottie-web, the animated SVG in Chromium and the still SVG
/// in rsvg-convert, each within 35 dB of our frames.
@Suite(.serialized) struct GaugeVectorTests {
    static let frames = [0, 40, 150, 263]

    static func indicator(_ edit: (inout WaveParameters) -> Void) throws -> WaveIndicator {
        try GaugeFeatureTests.indicator(.outline(try ContainerOutline(shape: .circle))) { $0.amplitude = 6; edit(&$0) }
    }

    /// Every label case of the renderers' test (placed, aligned, shrunk, two lines, outlined,
    /// several labels), per-wave levels with fills, and shadows.
    static func cases() throws -> [(name: String, indicator: WaveIndicator, shadows: Bool)] {
        var out = try GaugeFeatureTests.labelCases.map { (name: $0.0, indicator: try indicator($0.1), shadows: false) }
        out.append(("levels and fills", try indicator {
            var waves = WaveSpec.stack(3, back: $0.backWave, front: $0.frontWave)
            try? WaveSpec.apply("1:level=0.35", to: &waves)
            try? WaveSpec.apply("2:level=0.6,fill=linear(30deg, #1C7ED6 0, #46B751 1)", to: &waves)
            $0.waves = waves
            $0.waterFill = "radial(#F24557, #801020)"
            $0.containerFill = "linear(90deg, #FFFFFF 0, #C8D8E8 1)"
            $0.backgroundFill = "linear(0deg, #FFF8E0 0, #E0F0FF 1)"
            $0.label = "{p}%"; $0.labelOutlineWidth = 2
        }, false))
        out.append(("shadows and border fill", try indicator {
            $0.backWave = Color(r: 0x1C, g: 0x7E, b: 0xD6); $0.container = Color(r: 0xE9, g: 0xE9, b: 0xE5)
            $0.waveShadow = "#000000 6 0 -2"; $0.containerShadow = "#204060 8 3 4"
            $0.borderWidth = 4; $0.borderGap = 3; $0.borderFill = "linear(45deg, #46B751 0, #1C7ED6 1)"; $0.borderShadow = "#F24557 5"
        }, true))
        return out
    }

    /// Our frame of the case, drawn without its shadows (what rlottie, which ignores Lottie's effect
    /// layers, is compared with).
    static func ours(_ c: (name: String, indicator: WaveIndicator, shadows: Bool), _ n: Int, withShadows: Bool) throws -> Pixmap {
        guard c.shadows, !withShadows else { return c.indicator.render(frame: n) }
        let plain = try indicator {
            $0.backWave = Color(r: 0x1C, g: 0x7E, b: 0xD6); $0.container = Color(r: 0xE9, g: 0xE9, b: 0xE5)
            $0.borderWidth = 4; $0.borderGap = 3; $0.borderFill = "linear(45deg, #46B751 0, #1C7ED6 1)"
        }
        return plain.render(frame: n)
    }

    @Test(arguments: ["thorvg", "rlottie", "lottie-web-svg"])
    func lottiePlaysAsWeRender(_ player: String) throws {
        // lottie-web's SVG renderer cuts a drop shadow off at the layer's box (see PaintExportTests).
        for c in try Self.cases() where !(c.shadows && player == "lottie-web-svg") {
            let json = try c.indicator.lottieDocument(start: 0, frames: 300, masks: .matte)
            let images = player == "lottie-web-svg"
                ? try OutsideRenderers.browser(lottie: json, player: .lottieWebSVG, frames: Self.frames.map(Double.init)).images
                : try OutsideRenderers.play(json, player: player, frames: Self.frames).images
            for (n, image) in zip(Self.frames, images) {
                let db = ImageMetrics.psnr(image, try Self.ours(c, n, withShadows: player != "rlottie"))
                print("Lottie \(player) \(c.name) frame \(n): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "\(player) \(c.name) frame \(n): \(db) dB")
            }
        }
    }

    @Test func svgPlaysAsWeRender() throws {
        for c in try Self.cases() {
            let svg = try c.indicator.svgDocument(start: 0, frames: 300)
            let (_, images) = try OutsideRenderers.browser(svg: svg, times: Self.frames.map { Double($0) / 60 })
            for (n, image) in zip(Self.frames, images) {
                let db = ImageMetrics.psnr(image, c.indicator.render(frame: n))
                print("animated SVG in Chromium, \(c.name) frame \(n): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "Chromium \(c.name) frame \(n): \(db) dB")
            }
            let still = try OutsideRenderers.rsvg(try c.indicator.svgDocument(frame: 150))
            let db = ImageMetrics.psnr(still, c.indicator.render(frame: 150))
            print("still SVG in rsvg-convert, \(c.name): PSNR \(String(format: "%.1f", db)) dB")
            #expect(db >= 35, "rsvg-convert \(c.name): \(db) dB")
        }
    }

    /// A translucent wave or container cannot cast its shadow in a format that casts from drawn
    /// alpha: one line naming the flag.
    @Test func translucentShadowsAreRefused() throws {
        let wave = try Self.indicator { $0.waveShadow = "#000 3" }     // the default back wave is translucent
        #expect { _ = try wave.lottieDocument(start: 0, frames: 2, masks: .matte) } throws: { ($0 as? SettingError)?.key == "wave-shadow" }
        #expect { _ = try wave.svgDocument(frame: 0) } throws: { ($0 as? SettingError)?.key == "wave-shadow" }
        let container = try Self.indicator { $0.containerShadow = "#000 3" }
        #expect { _ = try container.svgDocument(start: 0, frames: 2) } throws: { ($0 as? SettingError)?.key == "container-shadow" }
        let opaque = try Self.indicator { $0.containerShadow = "#000 3"; $0.container = Color(r: 0xE9, g: 0xE9, b: 0xE5) }
        #expect(try opaque.svgDocument(frame: 0).contains("feGaussianBlur"))
    }

    /// Each label glyph's outline is written once however many texts show it, and a label's
    /// outline is a stroke of those outlines.
    @Test func labelGlyphsAndOutlinesAreShared() throws {
        let ind = try Self.indicator { $0.label = "{p}%"; $0.labelOutlineWidth = 2
            $0.extraLabels = ["position=bottom,size=11,outline-width=0,text={p}"] }
        let json = try ind.lottieDocument(start: 0, frames: 900, masks: .matte)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let layers = try #require(doc["layers"] as? [[String: Any]])
        let assets = (doc["assets"] as? [[String: Any]]) ?? []
        var names: [String] = layers.compactMap { $0["nm"] as? String }
        for a in assets { names += ((a["layers"] as? [[String: Any]]) ?? []).compactMap { $0["nm"] as? String } }
        // Ten digits and a percent sign, each at most twice in one text ("11%", "100%"): at most
        // 21 stroke layers for the main label's outline, one per glyph and use, whatever the 101
        // texts; none for the second label, whose outline width is 0.
        let outlines = names.filter { $0.hasPrefix("label 1 outline glyph") }.count
        #expect(outlines > 10 && outlines <= 21, "\(outlines) outline layers")
        #expect(names.filter { $0.hasPrefix("label 2 outline") }.isEmpty)
        #expect(json.utf8.count < 400_000, "\(json.utf8.count) bytes")
    }
}

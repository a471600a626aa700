import SceneKit
import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geometry
import Raster
@testable import Wave
import TestSupport

/// Collects the elements of an XML document with their attributes (and checks it is well formed).
private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((name, attributes))
    }

    static func parse(_ text: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(text.utf8))
        let c = ElementCollector()
        parser.delegate = c
        guard parser.parse() else {
            throw OutsideRendererError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return c.elements
    }
}

/// The numbers of an SVG path's data, in order (commands dropped).
private func pathNumbers(_ d: String) -> [Double] {
    d.split(whereSeparator: { " MLQCZ".contains($0) }).compactMap { Double($0) }
}

@Suite struct SVGTests {
    @Test func documentHasTheCanvasTheMasksAndTheWavesAsCubics() throws {
        let scene = try vectorScene()
        let svg = try WaveVector.svg(scene: scene, frame: 450)
        let elements = try ElementCollector.parse(svg)
        let root = try #require(elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "120" && root.attributes["height"] == "93")
        #expect(root.attributes["viewBox"] == "0 0 120 93")
        // The container's outline defined once; two masks (the container, black, as each wave's
        // alpha mask), the background, the container and the two waves.
        #expect(elements.map(\.name) == ["svg", "defs", "path", "mask", "use", "mask", "use", "rect", "use", "g", "path", "g", "path"])
        #expect(elements[7].attributes["fill"] == "#FFFFFF" && elements[7].attributes["fill-opacity"] == nil)
        let container = elements[8].attributes
        #expect(container["fill"] == "#E9E9E5" && container["fill-opacity"] == "0.701961")
        // The masks are the glyphs: the one outline the container shows.
        let outline = "#" + (elements[2].attributes["id"] ?? "?")
        #expect([container, elements[4].attributes, elements[6].attributes].allSatisfy { $0["xlink:href"] == outline })
        for (group, wave, opacity) in [(elements[9], elements[10], "0.4"), (elements[11], elements[12], nil)] {
            #expect(group.attributes["mask"]?.hasPrefix("url(#mask") == true)
            #expect(wave.attributes["fill"] == "#46B751" && wave.attributes["fill-opacity"] == opacity)
            // The sine as cubics, moved by the wave's translation.
            let d = wave.attributes["d"] ?? ""
            #expect(d.contains("C") && d.filter { $0 == "C" }.count < 40)
            #expect(wave.attributes["transform"]?.hasPrefix("translate(") == true)
        }
    }

    @Test func transparentBackgroundHasNoRectAndTheSceneStateIsKept() throws {
        let scene = try vectorScene { $0.background = .clear }
        scene.update(frame: 17)
        let before = scene.state, front = scene.front
        let svg = try WaveVector.svg(scene: scene, frame: 300)
        #expect(scene.state == before && scene.front == front)
        #expect(!(try ElementCollector.parse(svg)).contains { $0.name == "rect" })
        #expect(throws: SettingError.self) { try WaveVector.svg(scene: scene, frame: -1) }
    }

    /// rsvg-convert's rendering against ours: PSNR >= 35 dB and a mean absolute difference below
    /// 0.5 (of 255) per channel: anti-aliasing differs on edges only.
    @Test(arguments: [0, 225, 450, 675])
    func rsvgRendersTheFrameAsWeDo(_ frame: Int) throws {
        for (name, scene) in [("default", try vectorScene()),
                              ("transparent, serif", try vectorScene {
                                  $0.background = .clear; $0.text = "g@"
                                  $0.fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
                                  $0.backWave = Color(r: 0xFF, g: 0, b: 0, a: 0x80)
                              })] {
            let image = try OutsideRenderers.rsvg(try WaveVector.svg(scene: scene, frame: frame))
            let ours = render(scene, frame: frame)
            let psnr = ImageMetrics.psnr(image, ours), mad = ImageMetrics.meanAbsoluteDifference(image, ours)
            print("SVG rsvg-convert \(name) frame \(frame): PSNR \(String(format: "%.1f", psnr)) dB, mean abs diff \(String(format: "%.3f", mad))")
            #expect(psnr >= 35, "\(name) frame \(frame)")
            #expect(mad < 0.5, "\(name) frame \(frame)")
        }
    }
}

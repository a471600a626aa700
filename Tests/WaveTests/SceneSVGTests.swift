import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Raster
import Layers
import SceneKit
import Scenes
import LayerVector
@testable import Wave
import TestSupport
import Export
import Vector

/// Animated SVG of every scene (the wave and the layer scenes): rsvg-convert draws its first frame,
/// Chromium plays it paused at whole frames, and the still SVG of a frame is the same picture; all
/// against our own frames.
@Suite("Animated SVG of every scene")
struct SceneSVGTests {
    /// One scene's document: its name, the animated and still SVG writers, our frames, the start and
    /// length of its loop (or whole animation), and its fps.
    struct Case {
        var name: String
        var animated: () throws -> String
        var still: (Int) throws -> String
        var frame: (Int) -> Pixmap
        var start: Int, frames: Int, fps: Double, width: Int, height: Int
    }

    static func cases() throws -> [Case] {
        let wave = try vectorScene()
        var out = [Case(name: "wave", animated: { try WaveVector.svg(scene: wave) },
                        still: { try WaveVector.svg(scene: wave, frame: $0) }, frame: { render(wave, frame: $0) },
                        start: 0, frames: wave.defaultVectorFrames(), fps: wave.parameters.fps,
                        width: wave.parameters.width, height: wave.parameters.height)]
        out.append(try maskImageCase())
        for s in try SceneLottieTests.scenes() {
            let scene = try #require(s.scene as? any VectorScene, "\(s.name) is not a VectorScene")
            out.append(Case(name: s.name, animated: { try scene.svgDocument(start: s.start, frames: s.frames) },
                            still: { try scene.svgDocument(frame: $0) }, frame: { scene.render(frame: $0) },
                            start: s.start, frames: s.frames, fps: scene.fps, width: scene.width, height: scene.height))
        }
        return out
    }

    /// The wave in a mask-image container (the heart): the image embedded as PNG in the mask.
    static func maskImageCase() throws -> Case {
        let wave = try heartMaskScene()
        return Case(name: "wave (mask image)", animated: { try WaveVector.svg(scene: wave) },
                    still: { try WaveVector.svg(scene: wave, frame: $0) }, frame: { render(wave, frame: $0) },
                    start: 0, frames: wave.defaultVectorFrames(), fps: wave.parameters.fps,
                    width: wave.parameters.width, height: wave.parameters.height)
    }

    /// The element names of a document, which must be well-formed XML.
    static func elementNames(_ svg: String) throws -> [String] {
        final class Names: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) { names.append(name) }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let names = Names()
        parser.delegate = names
        guard parser.parse() else { throw OutsideRendererError(description: "not well-formed XML: \(String(describing: parser.parserError))") }
        return names.names
    }

    /// Keyframes as SMIL: keyTimes from 0 to 1 (frame n, the continuation), a jump held until just
    /// before its frame, a constant spanning the loop, and the spelling of an `<animate>`.
    @Test func keyframesBecomeKeyTimesAndValues() throws {
        let track = SampledTrack(samples: [[0], [1], [2], [0], [1]], before: [[0], [1], [2], [3], [1]], tolerance: 0.01)
        let timing = SMILTiming(frames: 4, fps: 2)
        let points = timing.points(track.keys)
        #expect(points.map(\.time) == [0, 2, 3 - SampledTrack.jumpWidth, 3, 4])
        #expect(points.map(\.value) == [[0], [2], [3], [0], [1]])
        let held = SMILTiming(frames: 4, fps: 2).points([.init(time: 0, value: [5], hold: true), .init(time: 2, value: [7], hold: false)])
        #expect(held.map(\.time) == [0, 2 - SampledTrack.jumpWidth, 2, 4] && held.map(\.value) == [[5], [5], [7], [7]])
        #expect(timing.points(SampledTrack(constant: [9]).keys).map(\.time) == [0, 4])
        let element = try timing.element("opacity", keys: track.keys) { try SVGText.number($0[0]) }
        #expect(element == "<animate attributeName=\"opacity\" dur=\"2s\" repeatCount=\"indefinite\" calcMode=\"linear\" keyTimes=\"0;0.5;0.74975;0.75;1\" values=\"0;2;3;0;1\"/>")
    }

    @Test func everySceneIsAnimatedWithSMILAndNoScript() throws {
        for c in try Self.cases() {
            let svg = try c.animated()
            let names = try Self.elementNames(svg)
            #expect(names.first == "svg", "\(c.name)")
            #expect(names.contains("animate") || names.contains("animateTransform"), "\(c.name) has no animation")
            #expect(!names.contains("script"), "\(c.name)")
            #expect(svg.contains("repeatCount=\"indefinite\""), "\(c.name)")
            let still = try Self.elementNames(try c.still(c.start))
            #expect(!still.contains("animate") && !still.contains("animateTransform"), "\(c.name)'s still SVG animates")
        }
    }

    /// Renderers that do not animate (rsvg-convert) show the first frame; the still SVG of any frame
    /// is that frame.
    @Test func rsvgShowsTheFirstFrameAndEveryStillFrame() throws {
        for c in try Self.cases() {
            let first = try OutsideRenderers.rsvg(try c.animated())
            let db = ImageMetrics.psnr(first, c.frame(c.start))
            #expect(db >= 35, "\(c.name) animated, first frame: \(db) dB")
            for k in SceneLottieTests.samplePoints(c.frames) {
                let image = try OutsideRenderers.rsvg(try c.still(c.start + k))
                let db = ImageMetrics.psnr(image, c.frame(c.start + k))
                print("still SVG in rsvg-convert, \(c.name) frame \(c.start + k): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "\(c.name) still frame \(c.start + k): \(db) dB")
            }
        }
    }

    /// Chromium plays the animation: paused at frame k's time it shows our frame k (across the
    /// loop's seam too, where the keyframes run on to the continuation).
    @Test func chromiumPlaysEverySceneAsWeRenderIt() throws {
        for c in try Self.cases() {
            let points = SceneLottieTests.samplePoints(c.frames) + (c.frames > 2 ? [c.frames - 2] : [])
            let (_, images) = try OutsideRenderers.browser(svg: try c.animated(), times: points.map { Double($0) / c.fps })
            for (k, image) in zip(points, images) {
                let db = ImageMetrics.psnr(image, c.frame(c.start + k))
                print("animated SVG in Chromium, \(c.name) frame \(k): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "\(c.name) frame \(k) in Chromium: \(db) dB")
            }
        }
    }

    /// Chromium interpolates between whole frames as our layer scenes move: halfway frames, across
    /// the loop's seam too, show the scene at that time.
    @Test func halfFramesAcrossTheSeamAreSmooth() throws {
        for s in try SceneLottieTests.scenes() where s.name != "spread" {
            let scene = try #require(s.scene as? any VectorScene)
            let layered = try #require(s.scene as? any LayerTreeScene)
            let times = [0.5, Double(s.frames) - 1.5, Double(s.frames) - 0.5]
            let (_, images) = try OutsideRenderers.browser(svg: try scene.svgDocument(start: s.start, frames: s.frames),
                                                           times: times.map { $0 / scene.fps })
            for (t, image) in zip(times, images) {
                let db = ImageMetrics.psnr(image, layered.render(at: (Double(s.start) + t) / scene.fps))
                #expect(db >= 35, "\(s.name) frame \(t) in Chromium: \(db) dB")
            }
        }
    }

    /// Random animated layer trees (shapes under both fill rules, trimmed strokes with every join
    /// and cap, gradients with moving stops, masks, group opacity, masksToBounds, rotation, scale,
    /// shear and mirror images) play in Chromium as we draw them, and rsvg-convert draws their still
    /// frames as we do.
    @Test func randomTreesPlayAsWeDrawThem() throws {
        let (w, h, fps, frames) = (160, 120, 30.0, 30)
        let points = [0, 7, 15, 29]
        let renderer = LayerRenderer()
        var lowest = Double.infinity
        for seed in 0 ..< 12 {
            let root = SceneLottieTests.randomTree(seed: UInt64(seed) &* 7919 &+ 17, width: w, height: h)
            let svg = try LayerSVG.document(name: "random \(seed)", width: w, height: h, fps: fps, frames: frames,
                                            time: { $0 / fps }, tree: { root.presentation(at: $0) })
            let (_, images) = try OutsideRenderers.browser(svg: svg, times: points.map { Double($0) / fps })
            for (k, image) in zip(points, images) {
                let ours = renderer.renderPixmap(root.presentation(at: Double(k) / fps), width: w, height: h)
                let db = ImageMetrics.psnr(image, ours)
                lowest = min(lowest, db)
                #expect(db >= 35, "seed \(seed) frame \(k) in Chromium: \(db) dB")
                if k == 15 {
                    let still = try LayerSVG.still(name: "random \(seed)", width: w, height: h, layer: root.presentation(at: Double(k) / fps))
                    let db = ImageMetrics.psnr(try OutsideRenderers.rsvg(still), ours)
                    #expect(db >= 35, "seed \(seed) still frame \(k) in rsvg-convert: \(db) dB")
                }
            }
        }
        print("random layer trees in Chromium: lowest PSNR \(String(format: "%.1f", lowest)) dB over \(12 * points.count) frames")
    }
}

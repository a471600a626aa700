import Testing
import Foundation
import Raster
import SceneKit
@testable import Wave
import TestSupport

/// Our vector exports in the players web pages and apps use: lottie-web 5.12 (svg and canvas
/// renderers) and Chromium's SVG, in headless Chromium (tools/players/browser.py), against our
/// own frames. Each call starts one browser for all the frames of one document.
@Suite(.serialized) struct BrowserPlayerTests {
    static let lottieWeb: [BrowserPlayer] = [.lottieWebSVG, .lottieWebCanvas]

    /// The default loop at 0, 25, 50, 75 and 100 % (frames 0, 225, 450, 675 and 899, the last),
    /// and a transparent, time-based document at 30 fps: PSNR >= 35 dB against our frames. (The
    /// svg renderer writes colours rounded down, one level off at most; the PSNR allows it.) Inside
    /// the default loop, where every frame moves, our frame f is also nearer than our frames f - 1
    /// and f + 1 (which alone would pass 35 dB): the player shows exactly the frame asked.
    @Test(arguments: lottieWeb)
    func lottieWebShowsTheLoopAsWeRenderIt(_ player: BrowserPlayer) throws {
        let timed = try vectorScene { $0.phaseSpeed = 200; $0.riseDuration = 2.5; $0.fps = 30; $0.background = .clear }
        for (name, scene, count, fps, frames) in [
            ("default", try vectorScene(), nil as Int?, nil as Double?, [0, 225, 450, 675, 899]),
            ("time-based at 30 fps, transparent", timed, 150, 30.0, [0, 74, 149]),
        ] {
            let json = try WaveVector.lottie(scene: scene, frames: count, fps: fps)
            let (info, images) = try OutsideRenderers.browser(lottie: json, player: player, frames: frames.map(Double.init))
            #expect(info.lottie?.hasPrefix("5.12.") == true)
            #expect(info.width == scene.parameters.width && info.height == scene.parameters.height)
            #expect(abs((info.fps ?? 0) - (fps ?? scene.parameters.fps)) < 1e-3)
            #expect(images.count == frames.count)
            for (f, image) in zip(frames, images) {
                let v = ImageMetrics.psnr(image, render(scene, frame: f))
                print("Lottie \(player.rawValue) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 35, "\(player.rawValue) \(name) frame \(f): PSNR \(v) dB")
                if count == nil && f > 0 && f < 899 {
                    let neighbours = [f - 1, f + 1].map { ImageMetrics.psnr(image, render(scene, frame: $0)) }
                    #expect(neighbours.allSatisfy { $0 < v }, "\(player.rawValue) \(name) frame \(f): \(v) dB, f - 1 and f + 1: \(neighbours)")
                }
            }
        }
    }

    /// The progress label (inside and outside colours split at the front wave's surface) and the
    /// border ring play in lottie-web as we render them.
    @Test(arguments: lottieWeb)
    func lottieWebShowsTheLabelAndBorderAsWeRenderThem(_ player: BrowserPlayer) throws {
        for (name, scene, frames) in try LottiePlayerTests.labelAndBorderScenes() {
            let json = try scene.lottieDocument(start: 0, frames: scene.model.defaultVectorFrames(), masks: .matte)
            let (_, images) = try OutsideRenderers.browser(lottie: json, player: player, frames: frames.map(Double.init))
            #expect(images.count == frames.count)
            for (f, image) in zip(frames, images) {
                let v = ImageMetrics.psnr(image, scene.render(frame: f))
                print("Lottie \(player.rawValue) label and border, \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 30, "\(player.rawValue) \(name) frame \(f): PSNR \(v) dB")
            }
        }
    }

    /// Stacks of waves and the water gradient play in lottie-web as we render them.
    @Test(arguments: lottieWeb)
    func lottieWebShowsWaveStacksAsWeRenderThem(_ player: BrowserPlayer) throws {
        for (name, scene) in try LottiePlayerTests.stackScenes() {
            let frames = [0, 75, 150, 299]
            let (_, images) = try OutsideRenderers.browser(lottie: try WaveVector.lottie(scene: scene), player: player, frames: frames.map(Double.init))
            #expect(images.count == frames.count)
            for (f, image) in zip(frames, images) {
                let v = ImageMetrics.psnr(image, render(scene, frame: f))
                print("Lottie \(player.rawValue) \(name) frame \(f): PSNR \(String(format: "%.1f", v)) dB")
                #expect(v >= 35, "\(player.rawValue) \(name) frame \(f): PSNR \(v) dB")
            }
        }
    }

    /// `wavefill export --out x.lottie` plays in lottie-web once unpacked, like the .json.
    @Test func lottieWebPlaysTheDotLottieFromTheCommandLine() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["export", "--size", "120x93", "--out", "w.lottie"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let (info, images) = try OutsideRenderers.browser(file: dir + "/w.lottie", player: .lottieWebCanvas, at: [450])
        #expect(info.container == "dotLottie")
        let v = ImageMetrics.psnr(try #require(images.first), render(try vectorScene(), frame: 450))
        print("dotLottie lottie-web-canvas frame 450: PSNR \(String(format: "%.1f", v)) dB")
        #expect(v >= 35)
    }

    /// The wave's still SVG (one document per frame), opaque and transparent, shown by Chromium.
    @Test(arguments: [0, 450])
    func chromiumShowsTheStillSVGAsWeRenderIt(_ frame: Int) throws {
        for (name, scene) in [("default", try vectorScene()),
                              ("transparent", try vectorScene {
                                  $0.background = .clear
                                  $0.backWave = Color(r: 0xFF, g: 0, b: 0, a: 0x80)
                              })] {
            let (info, images) = try OutsideRenderers.browser(svg: try WaveVector.svg(scene: scene, frame: frame), times: [0])
            #expect(info.width == 120 && info.height == 93)
            let v = ImageMetrics.psnr(try #require(images.first), render(scene, frame: frame))
            print("SVG chromium \(name) frame \(frame): PSNR \(String(format: "%.1f", v)) dB")
            #expect(v >= 35, "\(name) frame \(frame): PSNR \(v) dB")
        }
    }

    /// The columns where row `y` of `image` is at least half opaque.
    static func opaqueColumns(_ image: Pixmap, row y: Int) -> ClosedRange<Int>? {
        let xs = (0 ..< image.width).filter { image.pixel($0, y)[3] >= 128 }
        guard let first = xs.first, let last = xs.last else { return nil }
        return first ... last
    }

    /// Time control for animated SVGs: a 20 px square whose x goes from 0 to 100 over 1 s with
    /// SMIL, and one moved the same way by a CSS animation, paused at 0, 0.5, 0.75 and 2 s, sit
    /// at x = 0, 50, 75 and 100 (kept after the end), on a transparent page.
    @Test func chromiumPausesSMILAndCSSAnimationsAtTheTimeAsked() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="160" height="60" viewBox="0 0 160 60">
              <style>
                @keyframes slide { from { transform: translateX(0px) } to { transform: translateX(100px) } }
                #css { animation: slide 1s linear forwards }
              </style>
              <rect x="0" y="0" width="20" height="20" fill="#FF0000">
                <animate attributeName="x" from="0" to="100" dur="1s" fill="freeze"/>
              </rect>
              <rect id="css" x="0" y="40" width="20" height="20" fill="#0000FF"/>
            </svg>
            """
        let times = [0, 0.5, 0.75, 2]
        let (info, images) = try OutsideRenderers.browser(svg: svg, times: times)
        #expect(info.width == 160 && info.height == 60 && info.at == times)
        for (t, image) in zip(times, images) {
            let x = Int(min(t, 1) * 100)
            #expect(Self.opaqueColumns(image, row: 10) == x ... x + 19, "SMIL at \(t) s")
            #expect(Self.opaqueColumns(image, row: 50) == x ... x + 19, "CSS at \(t) s")
            #expect(image.pixel(x + 10, 10) == SIMD4(255, 0, 0, 255))
            #expect(image.pixel(x + 10, 50) == SIMD4(0, 0, 255, 255))
            #expect(Self.opaqueColumns(image, row: 30) == nil)          // transparent between them
            #expect(image.pixel(159, 0) == SIMD4(0, 0, 0, 0))
        }
    }

    /// A document the player cannot open fails with browser.py's one-line message.
    @Test func aBrokenDocumentFailsWithTheBrowsersMessage() throws {
        do {
            _ = try OutsideRenderers.browser(svg: "<html><body>not svg</body></html>", times: [0])
            Issue.record("a non-SVG document was shown")
        } catch let e as OutsideRendererError {
            #expect(e.description.contains("not an SVG document"), "\(e)")
        }
    }
}

import Testing
import Geometry
import Raster
@testable import Wave
import TestSupport
import Text
import CRowKernels

/// The renderer against its own definition, pixel by pixel and bit for bit: every pixel is `shade`
/// of the container's coverage and of each wave's exact area in it (`columnCoverage` of the wave's
/// samples at the pixel's column edges, 0 above the rows the segment reaches and 1 below them).
/// This holds the SIMD band kernel, the five-colour pick under whole waves and the images alike.
@Suite struct BandKernelTests {
    /// Every pixel of the scene's current tick, from the definition.
    static func definition(_ scene: WaveScene) -> [UInt32] {
        let p = scene.parameters, lay = scene.layout
        let (x0, x1, y0, y1) = WaveRenderer.pixelBox(lay.inkBox, width: p.width, height: p.height)
        let bg = p.background.premultiplied, cont = p.container.premultiplied
        let back = p.backWave.premultiplied, front = p.frontWave.premultiplied
        let f = scene.front, b = scene.back
        var out = [UInt32](repeating: WaveRenderer.shade(0, 0, 0, bg, cont, back, front), count: p.width * p.height)
        for y in y0 ..< y1 {
            let r = y - y0, jb = Float(r + 1), oy = Double(y0)
            for x in x0 ..< x1 {
                func cover(_ s0: Double, _ s1: Double) -> Float {
                    let a = s0 - oy, c = s1 - oy
                    if Int32(r) < WaveRenderer.floorLimit(min(a, c)) { return 0 }
                    if Int32(r) >= WaveRenderer.ceilLimit(max(a, c)) { return 1 }
                    return WaveRenderer.columnCoverage(jb - Float(a), jb - Float(c))
                }
                let m = lay.coverage.values[y * p.width + x]
                out[y * p.width + x] = WaveRenderer.shade(m, cover(b[x], b[x + 1]), cover(f[x], f[x + 1]), bg, cont, back, front)
            }
        }
        return out
    }

    static func pixels(_ px: Pixmap) -> [UInt32] {
        px.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    @Test func everyBuildHasTheOneAndFourLanePaths() {
        #expect(wf_wave_paths() & WF_WAVE_PATH_LANES4 != 0)
        #expect(wf_wave_paths() & WF_WAVE_PATH_SCALAR != 0)
    }

    @Test func everyPixelIsItsDefinitionOnRandomScenes() throws {
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath, "fontconfig finds DejaVu Sans Bold"))
        let texts = ["du", "Wave", "AVo", "g", "%i"]
        var checkedPartial = 0
        for seed in UInt64(1) ... 24 {
            var rng = SeededRandom(seed: seed &* 7919)
            var p = WaveParameters()
            // Widths that are and are not multiples of the 4-pixel groups and 16-column blocks.
            p.width = rng.int(5 ... 260); p.height = rng.int(5 ... 200)
            p.text = texts[rng.int(0 ... texts.count - 1)]
            if rng.int(0 ... 1) == 0 { p.amplitude = rng.double(0 ... 60) }
            p.frequency = rng.double(0 ... 4)
            p.phaseStep = rng.double(-40 ... 40)
            p.progress = rng.double(0 ... 1)
            func colour() -> Color {
                Color(r: UInt8(rng.int(0 ... 255)), g: UInt8(rng.int(0 ... 255)), b: UInt8(rng.int(0 ... 255)), a: UInt8(rng.int(0 ... 255)))
            }
            p.background = rng.int(0 ... 2) == 0 ? .white : colour()
            p.container = colour(); p.backWave = colour(); p.frontWave = colour()
            let scene = try WaveScene(parameters: p, face: face)
            // The processor's widest path, and each path the build and processor have.
            let paths = [Int32(0)] + [WF_WAVE_PATH_SCALAR, WF_WAVE_PATH_LANES4, WF_WAVE_PATH_LANES8, WF_WAVE_PATH_LANES16].filter { wf_wave_paths() & $0 != 0 }
            let renderers = paths.map { path in
                let r = WaveRenderer(scene: scene)
                r.rowPath = path
                return r
            }
            var px = Pixmap(width: 0, height: 0)
            for frame in [0, rng.int(1 ... 400), rng.int(401 ... 100_000)] {
                scene.update(frame: frame)
                let want = Self.definition(scene)
                for (path, r) in zip(paths, renderers) {
                    r.render(into: &px)
                    let got = Self.pixels(px)
                    let bad = (0 ..< want.count).filter { got[$0] != want[$0] }
                    #expect(bad.isEmpty, "path \(path), seed \(seed) frame \(frame) \(p.width)x\(p.height): \(bad.count) pixels differ, first at \(bad.first.map { ($0 % p.width, $0 / p.width) } as Any)")
                }
                // Count pixels that are neither background nor one of the whole-state colours: the
                // scenes must reach the shaded lanes, not only the pick.
                let colours = (p.background.premultiplied, p.container.premultiplied, p.backWave.premultiplied, p.frontWave.premultiplied)
                var whole = Set<UInt32>()
                for state in 0 ..< 5 {
                    let m: Float = state == 4 ? 0 : 1, c = Float(state & 1), s = Float((state >> 1) & 1)
                    whole.insert(WaveRenderer.shade(m, c, s, colours.0, colours.1, colours.2, colours.3))
                }
                checkedPartial += want.filter { !whole.contains($0) }.count
            }
        }
        #expect(checkedPartial > 10_000)
    }

    @Test func translucentAndOpaqueColoursOverAFullCanvasOfWaves() throws {
        // A canvas wholly inside a big glyph's box, with waves steep enough that every 16-column
        // block's band spans many rows: most pixels go through the kernel.
        var p = WaveParameters()
        p.width = 67; p.height = 53
        p.text = "W"; p.amplitude = 20; p.frequency = 3; p.progress = 0.5
        p.frontWave = Color(r: 200, g: 10, b: 10, a: 128)
        p.backWave = Color(r: 0, g: 250, b: 0, a: 255)
        let scene = try WaveScene(parameters: p)
        let r = WaveRenderer(scene: scene)
        var a = Pixmap(width: 0, height: 0)
        for frame in 0 ..< 12 {
            scene.update(frame: frame * 7)
            r.render(into: &a)
            #expect(Self.pixels(a) == Self.definition(scene), "frame \(frame * 7)")
        }
    }
}

@Suite struct SharedImagesTests {
    @Test func renderersOfOneStyleShareImagesAndDrawWhatTheirOwnWouldDraw() throws {
        var p = WaveParameters()
        p.width = 120; p.height = 90
        p.frontWave = Color(r: 10, g: 20, b: 200, a: 180)
        let style = try WaveScene(parameters: p)
        let first = WaveRenderer(scene: style)
        // A scene on the same layout, and one that rebuilt an equal layout: both share.
        let same = try WaveScene(parameters: p, layout: style.layout), rebuilt = try WaveScene(parameters: p)
        let a = WaveRenderer(scene: same, sharingImagesOf: first), b = WaveRenderer(scene: rebuilt, sharingImagesOf: first)
        #expect(a.layoutImages === first.layoutImages)
        #expect(b.layoutImages === first.layoutImages)
        // Another colour, size or text does not fit: the renderer makes its own.
        var colour = p; colour.backWave = Color(r: 1, g: 2, b: 3, a: 255)
        var size = p; size.width = 121
        var text = p; text.text = "Wave"
        for q in [colour, size, text] {
            let r = WaveRenderer(scene: try WaveScene(parameters: q), sharingImagesOf: first)
            #expect(r.layoutImages !== first.layoutImages)
            let own = WaveRenderer(scene: r.scene)
            var x = Pixmap(width: 0, height: 0), y = Pixmap(width: 0, height: 0)
            r.scene.update(frame: 100)
            r.render(into: &x); own.render(into: &y)
            #expect(x.bytes == y.bytes)
        }
        // Shared or not, every frame is the same.
        let own = WaveRenderer(scene: same)
        var x = Pixmap(width: 0, height: 0), y = Pixmap(width: 0, height: 0)
        for frame in [0, 40, 150, 299] {
            same.update(frame: frame)
            a.render(into: &x); own.render(into: &y)
            #expect(x.bytes == y.bytes, "frame \(frame)")
            #expect(BandKernelTests.pixels(x) == BandKernelTests.definition(same), "frame \(frame)")
        }
    }
}

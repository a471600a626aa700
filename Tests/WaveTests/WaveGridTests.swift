import Testing
import Raster
@testable import Wave
import TestSupport

/// A grid draws each cell as the cell's renderer draws it alone, writes nothing outside its cells,
/// and refuses layouts it cannot draw.
@Suite struct WaveGridTests {
    /// A frame of `w x h` pixels holding `sentinel` everywhere.
    static func frame(_ w: Int, _ h: Int, _ sentinel: UInt32) -> [UInt32] { [UInt32](repeating: sentinel, count: w * h) }

    @Test func cellsAreTheirRenderersFramesAndNothingElseIsWritten() throws {
        let texts = ["du", "Wave", "g", "%i", "AVo"]
        for seed in UInt64(1) ... 10 {
            var rng = SeededRandom(seed: seed &* 104_729)
            var p = WaveParameters()
            p.width = rng.int(8 ... 150); p.height = rng.int(8 ... 120)
            let count = rng.int(1 ... 11), columns = rng.int(1 ... 5)
            // One style for some seeds (shared images, shared background rows); mixed texts,
            // amplitudes and backgrounds for others.
            let mixed = seed % 2 == 0
            var renderers: [WaveRenderer] = []
            for k in 0 ..< count {
                var q = p
                q.phaseStep = rng.double(-30 ... 30)
                if mixed {
                    q.text = texts[rng.int(0 ... texts.count - 1)]
                    q.amplitude = rng.double(0 ... 30)
                    if rng.int(0 ... 2) == 0 { q.background = Color(r: UInt8(k * 20), g: 200, b: 40, a: 255) }
                }
                let scene = try WaveScene(parameters: q)
                renderers.append(WaveRenderer(scene: scene, sharingImagesOf: renderers.first))
            }
            let grid = try WaveGrid(renderers: renderers, columns: columns)
            #expect(grid.width == min(columns, count) * p.width)
            #expect(grid.height == (count + columns - 1) / columns * p.height)
            // A frame wider and taller than the grid, offset inside it: every pixel outside the
            // cells keeps the sentinel.
            let sentinel: UInt32 = 0x1234_5678
            // (Every third seed the frame is the grid's width: its shared rows run on as one fill.)
            let tight = seed % 3 == 0
            let stride = grid.width + (tight ? 0 : 7), rows = grid.height + 3, ox = tight ? 0 : 5, oy = 2
            var out = Self.frame(stride, rows, sentinel)
            for frame in [0, 37, 151] {
                for (k, r) in renderers.enumerated() { r.scene.update(frame: frame + 13 * k) }
                out.withUnsafeMutableBufferPointer { b in
                    guard let base = b.baseAddress else { return }
                    grid.render(into: base + oy * stride + ox, stride: stride)
                }
                var expected = Self.frame(stride, rows, sentinel)
                for (k, r) in renderers.enumerated() {
                    var alone = Pixmap(width: 0, height: 0)
                    r.render(into: &alone)
                    let px = BandKernelTests.pixels(alone)
                    let cx = ox + (k % columns) * p.width, cy = oy + (k / columns) * p.height
                    for y in 0 ..< p.height {
                        for x in 0 ..< p.width { expected[(cy + y) * stride + cx + x] = px[y * p.width + x] }
                    }
                }
                let firstDifference = zip(out, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(firstDifference == nil,
                        "seed \(seed) frame \(frame): \(count) cells of \(p.width)x\(p.height), \(columns) to a row; first difference at x \((firstDifference ?? 0) % stride), y \((firstDifference ?? 0) / stride)")
            }
        }
    }

    @Test func aGridIntoAPixmapIsItsSize() throws {
        var p = WaveParameters()
        p.width = 64; p.height = 48
        let style = WaveRenderer(scene: try WaveScene(parameters: p))
        var renderers = [style]
        for _ in 1 ..< 5 { renderers.append(WaveRenderer(scene: try WaveScene(parameters: p, layout: style.scene.layout), sharingImagesOf: style)) }
        let grid = try WaveGrid(renderers: renderers, columns: 2)
        var out = Pixmap(width: 1, height: 1)
        for (k, r) in renderers.enumerated() { r.scene.update(frame: 40 * k) }
        grid.render(into: &out)
        #expect(out.width == 128 && out.height == 144)
        // The last grid row has one cell: its right half stays as the new pixmap made it.
        let px = BandKernelTests.pixels(out)
        #expect(px[(2 * 48 + 10) * 128 + 64 ..< (2 * 48 + 10) * 128 + 128].allSatisfy { $0 == 0 })
        var alone = Pixmap(width: 0, height: 0)
        renderers[4].render(into: &alone)
        let last = BandKernelTests.pixels(alone)
        for y in 0 ..< 48 { #expect(Array(px[(96 + y) * 128 ..< (96 + y) * 128 + 64]) == Array(last[y * 64 ..< y * 64 + 64])) }
    }

    @Test func layoutsItCannotDrawAreRefusedByName() throws {
        var p = WaveParameters()
        p.width = 40; p.height = 30
        let a = WaveRenderer(scene: try WaveScene(parameters: p))
        p.width = 41
        let b = WaveRenderer(scene: try WaveScene(parameters: p))
        #expect(throws: WaveGrid.LayoutError.noCells) { try WaveGrid(renderers: [], columns: 2) }
        #expect(throws: WaveGrid.LayoutError.columns(0)) { try WaveGrid(renderers: [a], columns: 0) }
        do {
            _ = try WaveGrid(renderers: [a, a, b], columns: 2)
            Issue.record("cells of two sizes made a grid")
        } catch let e as WaveGrid.LayoutError {
            #expect(e.description == "wave grid cell 2 is 41x30; every cell must be the size of the first, 40x30")
        }
    }
}

import Testing
import Geometry
import Raster
@testable import Wave
import TestSupport

func render(_ scene: WaveScene, frame: Int) -> Pixmap {
    var px = Pixmap(width: 0, height: 0)
    if let stacked = WaveIndicator.stackRenderer(scene) {
        scene.update(frame: frame)
        stacked.render(into: &px)
        return px
    }
    let r = WaveRenderer(scene: scene)
    scene.update(frame: frame)
    r.render(into: &px)
    return px
}

@Suite struct RenderTests {
    @Test func frameRenderedAloneEqualsFrameReachedByStepping() throws {
        let alone = try smallScene { $0.width = 160; $0.height = 120 }
        let stepped = try smallScene { $0.width = 160; $0.height = 120 }
        let r = WaveRenderer(scene: stepped)
        var px = Pixmap(width: 160, height: 120)
        for n in 0 ... 137 { stepped.update(frame: n); r.render(into: &px) }
        #expect(render(alone, frame: 137) == px)
    }

    @Test func progressZeroShowsNoWaveInsideTheInk() throws {
        let scene = try smallScene { $0.width = 200; $0.height = 150; $0.progress = 0 }
        let noWaves = try smallScene {
            $0.width = 200; $0.height = 150; $0.progress = 0
            $0.backWave = .clear; $0.frontWave = .clear
        }
        // At p = 0 the wave band starts at inkMaxY: every pixel row above it shows no wave at all.
        // (The row that inkMaxY cuts may show a trace: SCENE.md composites with the product M * C.)
        let lastClearRow = Int(scene.layout.inkBox.maxY.rounded(.down)) - 1
        for n in [0, 10, 22] {
            let a = render(scene, frame: n), b = render(noWaves, frame: n)
            var differing = 0
            for j in 0 ... lastClearRow { for i in 0 ..< 200 where a.pixel(i, j) != b.pixel(i, j) { differing += 1 } }
            #expect(differing == 0, "frame \(n)")
        }
    }

    @Test func progressOneFillsEveryFullyCoveredPixelWithTheFrontColour() throws {
        let scene = try smallScene { $0.width = 200; $0.height = 150; $0.progress = 1 }
        let img = render(scene, frame: 17)
        var full = 0
        for j in 0 ..< 150 {
            for i in 0 ..< 200 where scene.layout.coverage[i, j] == 1 {
                full += 1
                #expect(img.pixel(i, j) == SIMD4<UInt8>(0x46, 0xB7, 0x51, 0xFF))
            }
        }
        #expect(full > 1000)
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let scene = try smallScene { $0.width = 100; $0.height = 80; $0.background = .clear; $0.progress = 0.5 }
        let img = render(scene, frame: 0)
        #expect(img.pixel(0, 0) == SIMD4<UInt8>(0, 0, 0, 0))
        let c = Int(scene.layout.inkBox.center.x)
        // Deep inside a stroke below the surface: opaque front wave.
        var sawOpaque = false
        for j in Int(scene.layout.inkBox.maxY) - 6 ..< Int(scene.layout.inkBox.maxY) - 1 {
            for i in 0 ..< 100 where scene.layout.coverage[i, j] == 1 && img.pixel(i, j).w == 255 { sawOpaque = true }
        }
        #expect(sawOpaque, "column \(c)")
    }
}

@Suite struct DirtyRenderTests {
    @Test func dirtyFramesEqualFullFramesAndReportTheRowsTheyChanged() throws {
        let a = try smallScene { $0.width = 150; $0.height = 116 }
        let b = try smallScene { $0.width = 150; $0.height = 116 }
        let dirty = WaveRenderer(scene: a), full = WaveRenderer(scene: b)
        var persistent = Pixmap(width: 150, height: 116), fresh = Pixmap(width: 0, height: 0)
        // A copy that shares no storage with `persistent` (sharing would make its next write copy, and
        // the renderer would see a new buffer and redraw it all).
        var previous = persistent.bytes.withUnsafeBufferPointer { Array($0) }
        var sawPartial = false
        // Steps, the rise's wrap (299 -> 300), and jumps back and forth.
        for n in Array(0 ... 12) + [150, 151, 298, 299, 300, 301, 40, 41, 7] {
            a.update(frame: n); b.update(frame: n)
            let rows = dirty.renderDirty(into: &persistent)
            full.render(into: &fresh)
            #expect(persistent == fresh, "frame \(n)")
            for j in 0 ..< 116 where !rows.contains(j) {
                for i in 0 ..< 150 where (0 ..< 4).contains(where: { persistent.bytes[(j * 150 + i) * 4 + $0] != previous[(j * 150 + i) * 4 + $0] }) {
                    Issue.record("frame \(n): pixel (\(i), \(j)) changed outside the reported rows \(rows)")
                }
            }
            if rows.count < 116 { sawPartial = true }
            previous = persistent.bytes.withUnsafeBufferPointer { Array($0) }
        }
        #expect(sawPartial)
        // Another buffer gets a full render.
        var other = Pixmap(width: 150, height: 116)
        #expect(dirty.renderDirty(into: &other) == 0 ..< 116)
        #expect(other == fresh)
    }
}

/// Large full frames split across threads, one band of rows each: the same pixels as one thread,
/// into a frame of their own and into a part of a larger one.
@Suite struct ThreadedRenderTests {
    @Test(arguments: [2, 3])
    func bandsOfRowsOnSeveralThreadsEqualOneThread(threads: Int) throws {
        let scene = try smallScene { $0.width = 800; $0.height = 700; $0.progress = 0.45 }
        let one = WaveRenderer(scene: scene), many = WaveRenderer(scene: scene)
        many.threads = threads
        many.splitPixels = 100_000          // split this frame (by default only much larger ones are)
        var a = Pixmap(width: 800, height: 700), b = Pixmap(width: 800, height: 700)
        var big1 = [UInt32](repeating: 7, count: 900 * 760), big2 = big1
        for n in [0, 31, 77, 160] {
            scene.update(frame: n)
            one.render(into: &a)
            many.render(into: &b)
            let same = a == b
            #expect(same, "frame \(n): \(threads) threads differ from one")
            big1.withUnsafeMutableBufferPointer { p in if let base = p.baseAddress { one.render(into: base + 30 * 900 + 50, stride: 900) } }
            big2.withUnsafeMutableBufferPointer { p in if let base = p.baseAddress { many.render(into: base + 30 * 900 + 50, stride: 900) } }
            let samePart = big1 == big2
            #expect(samePart, "frame \(n): a part of a larger frame differs")
            #expect(big2[0] == 7 && big2[29 * 900 + 899] == 7 && big2[30 * 900 + 49] == 7 && big2[30 * 900 + 850] == 7,
                    "frame \(n): pixels outside the part were written")
        }
    }
}

import SceneKit
import Testing
import Geometry
import Raster
@testable import Wave
import Text

@Suite struct LayoutTests {
    // The bench README records these for the default scene: E and the ink box at S = 256, 1024, 2048.
    @Test(arguments: [(256, 157.671875), (1024, 630.703125), (2048, 1261.4375)])
    func defaultEmSizeIsTheLargestFitting(size: Int, expected: Double) throws {
        var p = WaveParameters()
        p.width = size; p.height = size
        let scene = try WaveScene(parameters: p)
        #expect(scene.layout.fontSize == expected)
        if size == 1024 {
            let b = scene.layout.inkBox
            #expect(b.minX == 102.4140625 && b.maxX == 921.5859375)
            #expect(b.minY == 267.9375 && b.maxY == 756.0625)
            #expect(scene.amplitude == 73.21875)
        }
        // Centred without rounding, and within 80 %.
        let b = scene.layout.inkBox
        #expect(abs((b.minX + b.maxX) / 2 - Double(size) / 2) < 1e-12)
        #expect(abs((b.minY + b.maxY) / 2 - Double(size) / 2) < 1e-12)
        #expect(b.width <= 0.8 * Double(size))
    }

    @Test func fontSizeFlagRoundsToASixtyFourth() throws {
        var p = WaveParameters()
        p.fontSize = 100.004   // 6400.256 / 64 -> 6400
        let scene = try WaveScene(parameters: p)
        #expect(scene.layout.fontSize == 100)
    }

    @Test func maskCoverageAreaEqualsGlyphArea() throws {
        var p = WaveParameters()
        p.width = 200; p.height = 160
        let scene = try WaveScene(parameters: p)
        let flat = scene.layout.path.flattened()
        #expect(abs(scene.layout.coverage.totalArea - abs(flat.signedArea)) < 0.05)
        // Nothing outside the ink box.
        let b = scene.layout.inkBox
        for j in 0 ..< p.height {
            for i in 0 ..< p.width where Double(i + 1) <= b.minX || Double(i) >= b.maxX || Double(j + 1) <= b.minY || Double(j) >= b.maxY {
                #expect(scene.layout.coverage[i, j] == 0)
            }
        }
    }

    @Test func maskImageIsPlacedLikeAnInkBoxWithExactArea() throws {
        // A 10x4 image whose opaque block is columns 2..7, rows 1..2 (6 x 2 pixels).
        var alpha = [UInt8](repeating: 0, count: 40)
        for y in 1 ... 2 { for x in 2 ... 7 { alpha[y * 10 + x] = 255 } }
        let img = MaskImage(width: 10, height: 4, alpha: alpha)
        let lay = try ContainerLayout(mask: img, width: 100, height: 100)
        // Scaled to 80 % of the width (6 -> 80 px), so the block becomes 80 x 26.666... px, centred.
        #expect(abs(lay.inkBox.width - 80) < 1e-12)
        #expect(abs(lay.inkBox.height - 80.0 / 3) < 1e-12)
        #expect(abs(lay.inkBox.center.x - 50) < 1e-12 && abs(lay.inkBox.center.y - 50) < 1e-12)
        #expect(abs(lay.coverage.totalArea - 80 * 80.0 / 3) < 1e-2)
        // Edge row: the box spans y 36.666... to 63.333..., so row 36 is one third covered.
        #expect(abs(lay.coverage[50, 36] - Float(1.0 / 3)) < 1e-5)
        #expect(lay.coverage[50, 50] == 1)
        #expect(lay.coverage[5, 50] == 0)
        let clear = MaskImage(width: 2, height: 2, alpha: [0, 0, 0, 0])
        #expect(throws: SettingError.self) { try ContainerLayout(mask: clear, width: 10, height: 10) }
    }
}

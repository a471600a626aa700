import Testing
import Raster
@testable import SDLHost

@Suite struct TextOverlayTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    @Test func drawsWhiteTextOnADarkBoxAndCachesLines() throws {
        let overlay = try TextOverlay(fontPath: Self.font, pixelSize: 13)
        var frame = Pixmap(width: 200, height: 100)
        for i in 0 ..< 200 * 100 { frame.setPixel(i % 200, i / 200, SIMD4(255, 255, 255, 255)) }
        let lines = ["fps 60.0", "frame 42"]
        overlay.draw(lines, onto: &frame, x: 4, y: 4)
        #expect(overlay.rasterizations == 2)
        let (bw, bh) = overlay.boxSize(of: lines)
        #expect(bw > 50 && bw < 120, "box width \(bw)")
        #expect(bh > 2 * overlay.lineHeight && bh < 4 * overlay.lineHeight, "box height \(bh)")
        // Outside the box: untouched white. The box's padding: white darkened to 89/255.
        #expect(frame.pixel(199, 99) == SIMD4(255, 255, 255, 255))
        #expect(frame.pixel(5, 5) == SIMD4(89, 89, 89, 255))
        // Some pixels inside are text: brighter than the box.
        var bright = 0
        for y in 4 ..< 4 + bh { for x in 4 ..< 4 + bw where frame.pixel(x, y).x > 200 { bright += 1 } }
        #expect(bright > 50, "\(bright) bright pixels")
        // Drawing the same lines again rasterizes nothing new.
        overlay.draw(lines, onto: &frame, x: 4, y: 4)
        #expect(overlay.rasterizations == 2)
        overlay.draw(["fps 59.9", "frame 42"], onto: &frame, x: 4, y: 4)
        #expect(overlay.rasterizations == 3)
    }

    @Test func clipsAtTheEdges() throws {
        let overlay = try TextOverlay(fontPath: Self.font, pixelSize: 13)
        var frame = Pixmap(width: 30, height: 20)
        overlay.draw(["a long line that does not fit"], onto: &frame, x: 20, y: 25, corner: .bottomLeft)
        overlay.draw(["x"], onto: &frame, x: -100, y: -100)
        #expect(frame.pixel(0, 0) == SIMD4(0, 0, 0, 0))
        #expect(frame.pixel(25, 15).w == 166)   // the box's alpha over a transparent frame
    }
}

import Testing
import Raster
import SceneKit
@testable import Wave
import TestSupport

/// The border ring: an exact annulus around a circle, the same in both renderers, refused where it
/// cannot apply.
@Suite struct BorderTests {
    @Test func aCircleGetsTheAnnulusBetweenRPlusGAndRPlusGPlusW() throws {
        var p = WaveParameters()
        p.width = 200; p.height = 200; p.borderWidth = 8; p.borderGap = 5
        let layout = try ContainerLayout(outline: try ContainerOutline(shape: .circle), width: 200, height: 200)
        let ring = try #require(try WaveBorder.coverage(layout, parameters: p))
        let r = layout.inkW / 2
        let exact = Double.pi * ((r + 13) * (r + 13) - (r + 5) * (r + 5))
        #expect(abs(ring.totalArea - exact) / exact < 0.002, "\(ring.totalArea) vs \(exact)")
        // Fully inside the ring at radius R + 9, empty at R + 2 and R + 16 (along the x axis).
        let c = 100
        #expect(ring[c + Int(r + 9), c] == 1)
        #expect(ring[c + Int(r + 2), c] == 0 && ring[c + Int(r + 16), c] == 0)
    }

    @Test func fastRendererMatchesTheLayerVersionWithABorderAndALabel() throws {
        var p = WaveParameters()
        p.width = 130; p.height = 110; p.borderWidth = 4.5; p.borderGap = 2.25
        p.borderColor = Color(r: 20, g: 90, b: 200, a: 180); p.label = "{p}%"
        for source in [ContainerSource.outline(try ContainerOutline(shape: .star)), .outline(try ContainerOutline(shape: .heart))] {
            let ind = try WaveIndicator(parameters: p, source: source)
            for n in [0, 120, 250] {
                var fast = Pixmap(width: 0, height: 0), reference = fast
                ind.renderer = .fast
                ind.render(frame: n, into: &fast)
                ind.renderer = .reference
                ind.render(frame: n, into: &reference)
                let d = ImageCompare.compare(fast, reference, tolerance: 1)
                #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
            }
        }
    }

    @Test func aMaskImageOrARangeErrorIsRefusedNamingTheFlag() throws {
        var p = WaveParameters()
        p.borderWidth = 2
        let mask = MaskImage(width: 2, height: 2, alpha: [255, 255, 255, 255])
        #expect { try WaveIndicator(parameters: p, source: .mask(mask)) } throws: { ($0 as? SettingError)?.key == "border-width" }
        p.borderWidth = 5000
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "border-width" }
        p.borderWidth = 1; p.borderGap = -1
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "border-gap" }
    }
}

import Testing
import Geometry
import Raster
import SceneKit
import Text
@testable import Wave
import TestSupport

/// The gauge's fills (`--water-fill`, `--wave K:fill=`, `--container-fill`, `--background-fill`,
/// `--border-fill`) and shadows (`--container-shadow`, `--border-shadow`, `--wave-shadow`): the
/// syntax, bad input, and the fast frames against the reference renderer's.
@Suite struct WavePaintTests {
    static func painted(_ p: inout WaveParameters) {
        p.width = 150; p.height = 120
        p.waterFill = "linear(90deg, #ff3b30 0, #ffcc00 0.5, #34c759d0 1)"
        p.containerFill = "radial(#ffffff, #c8d8f0)"
        p.backgroundFill = "linear(30deg, #202040, #601018)"
        p.borderWidth = 4
        p.borderFill = "linear(45deg, #ff00ff, #00ffff80)"
        p.waveShadow = "#00000099 6 0 -3"
        p.containerShadow = "#00aaffc0 9"
        p.borderShadow = "#ff00ff 4 2 2"
        p.label = "{p}%"
    }

    /// Every frame the window and the exporters draw equals the reference renderer's within 1/255,
    /// on text and on a circle, with a stack whose middle wave has its own radial fill.
    @Test func fastFramesMatchTheReference() throws {
        for source in [ContainerSource.outline(try ContainerOutline(shape: .circle)), nil] {
            var p = WaveParameters()
            Self.painted(&p)
            var waves = WaveSpec.stack(3, back: p.backWave, front: p.frontWave)
            try WaveSpec.apply("2:fill=radial(#ff0000 0, #0000ff80 1),phase=30", to: &waves)
            p.waves = waves
            if source == nil { p.borderWidth = nil; p.borderFill = nil; p.borderShadow = nil }
            let face = try FontFace(path: try #require(WaveParameters.defaultFontPath, "fontconfig finds DejaVu Sans Bold"))
            let src = try source ?? ContainerSource.text(try TextShaper(text: p.text, face: face))
            let ind = try WaveIndicator(parameters: p, source: src)
            let ref = try WaveIndicator(parameters: p, source: src)
            ref.renderer = .reference
            var fast = Pixmap(width: 0, height: 0)
            for n in [0, 17, 90] {
                ind.render(frame: n, into: &fast)
                var exact = Pixmap(width: 0, height: 0)
                ref.render(frame: n, into: &exact)
                let d = ImageCompare.compare(fast, exact, tolerance: 1)
                #expect(d.pixelsOverTolerance == 0, "frame \(n): \(d)")
            }
        }
    }

    /// The window's changed-rows frames equal whole frames.
    @Test func changedRowsFramesEqualFullFrames() throws {
        var p = WaveParameters()
        Self.painted(&p)
        let outline = try ContainerOutline(shape: .circle)
        let ind = try WaveIndicator(parameters: p, source: .outline(outline))
        let full = try WaveIndicator(parameters: p, source: .outline(outline))
        _ = checkChangedRows(ind, against: full, frames: 12, still: false)
    }

    /// The fills and shadows show: the container's shadow darkens the background beside it, the
    /// linear water fill runs red to green left to right.
    @Test func theFillsAndShadowsShow() throws {
        var p = WaveParameters()
        p.width = 120; p.height = 120; p.progress = 1; p.amplitude = 0
        p.waterFill = "linear(90deg, #ff0000, #00ff00)"
        let outline = try ContainerOutline(shape: .rect)
        var px = Pixmap(width: 0, height: 0)
        try WaveIndicator(parameters: p, source: .outline(outline)).render(frame: 0, into: &px)
        let mid = px.height / 2
        let left = px.pixel(20, mid), right = px.pixel(px.width - 21, mid)
        #expect(left.x > 200 && left.y < 60, "\(left)")
        #expect(right.y > 200 && right.x < 60, "\(right)")
        var q = WaveParameters()
        q.width = 120; q.height = 120; q.background = .white
        let plain = try WaveIndicator(parameters: q, source: .outline(outline))
        q.containerShadow = "#000000 10 0 0"
        let shadowed = try WaveIndicator(parameters: q, source: .outline(outline))
        var a = Pixmap(width: 0, height: 0), b = Pixmap(width: 0, height: 0)
        plain.render(frame: 0, into: &a); shadowed.render(frame: 0, into: &b)
        let box = plain.model.layout.inkBox
        let x = Int(box.maxX) + 3, y = Int(box.center.y)
        #expect(Int(a.pixel(x, y).x) - Int(b.pixel(x, y).x) > 30)
        #expect(a.pixel(1, 1) == b.pixel(1, 1) || Int(a.pixel(1, 1).x) - Int(b.pixel(1, 1).x) < 5)
    }

    /// A linear fill's line crosses the box through its centre, as long as the box along it.
    @Test func linearAnglesFollowCSS() throws {
        let box = Rect(x: 10, y: 20, width: 100, height: 50)
        guard case .linear(_, let s, let e) = try WavePaint("linear(90deg, #000, #fff)", key: "k").paint(in: box) else {
            Issue.record("not linear"); return
        }
        #expect(abs(s.x - 10) < 1e-9 && abs(s.y - 45) < 1e-9 && abs(e.x - 110) < 1e-9)
        guard case .linear(_, let s2, let e2) = try WavePaint("linear(#000, #fff)", key: "k").paint(in: box) else { return }
        #expect(abs(s2.y - 20) < 1e-9 && abs(e2.y - 70) < 1e-9)
        guard case .radial(let stops, let c, let r) = try WavePaint("radial(#f00, #00f 1)".replacingOccurrences(of: "#00f 1", with: "#00f"), key: "k").paint(in: box) else { return }
        #expect(stops.count == 2 && c == Point(60, 45) && r == 50)
        #expect(try WavePaint("#123", key: "k").paint(in: box) == .solid(Color(r: 0x11, g: 0x22, b: 0x33)))
    }

    /// Bad fills and shadows are one error naming the flag.
    @Test func badInputNamesTheFlag() throws {
        for bad in ["linear(90deg, #f00 0.5, #0f0 0.2)", "linear(#f00 0, #0f0 1.5)", "linear(#f00 -0.1, #0f0 1)",
                    "linear(#f00, #zz0000)", "linear(#f00,, #0f0)", "linear()", "radial(#f00 0, #0f0)", "linear(400deg, #f00)",
                    "linear(xdeg, #f00)", "conic(#f00)", "linear(#f00, #0f0", "red",
                    "linear(" + Array(repeating: "#fff", count: 17).joined(separator: ",") + ")"] {
            var p = WaveParameters()
            p.containerFill = bad
            #expect(throws: SettingError.self, "\(bad)") { try p.validate() }
            do { try p.validate() } catch let e as SettingError { #expect(e.key == "container-fill", "\(bad)") }
        }
        for bad in ["#000 51", "#000 -1", "#000", "#000 4 1", "#000 4 1 300", "black 4", "#000 nan"] {
            var p = WaveParameters()
            p.waveShadow = bad
            do { try p.validate(); Issue.record("\(bad) accepted") } catch let e as SettingError { #expect(e.key == "wave-shadow", "\(bad)") }
        }
        var waves = WaveSpec.stack(2, back: .black, front: .white)
        #expect { try WaveSpec.apply("1:fill=linear(#f00 1, #0f0 0)", to: &waves) } throws: { ($0 as? SettingError)?.key == "wave" }
        try WaveSpec.apply("1:fill=linear(45deg, #f00 0, #0f0 1),speed=2", to: &waves)
        #expect(waves[0].fill == "linear(45deg, #f00 0, #0f0 1)" && waves[0].speed == 2)
        var p = WaveParameters()
        p.waterFill = "#fff"; p.waterGradient = .black
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "water-fill" }
    }
}

extension WavePaintTests {
    /// A still gauge with fills and shadows draws nothing after its first frame.
    @Test func aStillGaugeCostsNothing() throws {
        var p = WaveParameters()
        Self.painted(&p)
        p.progress = 0.5; p.amplitude = 0
        let ind = try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .circle)))
        var px = Pixmap(width: 0, height: 0)
        _ = ind.renderChanges(frame: 0, into: &px)
        for n in 1 ... 3 { #expect(ind.renderChanges(frame: n, into: &px).isEmpty, "frame \(n)") }
    }
}

import Testing
import Raster
import SceneKit
@testable import Wave
import TestSupport

/// The progress label: its format, its text per frame, its split at the front wave's surface, and the
/// fast renderer against the layer version with a label.
@Suite struct LabelTests {
    static func circle(_ edit: (inout WaveParameters) -> Void) throws -> WaveIndicator {
        var p = WaveParameters()
        p.width = 120; p.height = 100
        edit(&p)
        return try WaveIndicator(parameters: p, source: .outline(try ContainerOutline(shape: .circle)))
    }

    @Test func formatsShowThePercentAsAsked() throws {
        #expect(try LabelFormat("{p}%").text(progress: 0.426) == "43%")
        #expect(try LabelFormat("{p:.1}%").text(progress: 0.4263) == "42.6%")
        #expect(try LabelFormat("{{p}} = {p:.2}").text(progress: 1) == "{p} = 100.00")
        #expect(try LabelFormat("done").text(progress: 0.5) == "done")
        #expect(try LabelFormat("{p:.6}").text(progress: 0.00000001) == "0.000001")
    }

    @Test(arguments: ["{q}", "{p:.7}", "{p", "a}b", "{}"])
    func badFormatsNameTheLabel(format: String) {
        var p = WaveParameters()
        p.label = format
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "label" }
    }

    @Test(arguments: [0.5, 0, 4097, Double.nan])
    func labelSizesOutOfRangeAreRefused(size: Double) {
        var p = WaveParameters()
        p.label = "{p}"; p.labelSize = size
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "label-size" }
    }

    @Test func theLabelShowsEachFramesProgressAndReshapesOnlyOnChange() throws {
        var p = WaveParameters()
        p.width = 80; p.height = 62; p.label = "{p}%"; p.riseFrames = 200
        let scene = try WaveScene(parameters: p)
        let label = try #require(try WaveLabel(scene: scene))
        for (n, shown) in [(0, "0%"), (1, "1%"), (2, "1%"), (101, "51%"), (199, "100%"), (200, "0%")] {
            scene.update(frame: n)
            let changed = try label.prepare(progress: scene.state.progress)
            #expect(label.shownText == shown, "frame \(n)")
            if n == 2 { #expect(!changed, "the same text is not shaped again") }
        }
    }

    /// Amplitude 0 at progress 0.5: the surface is one horizontal line, so label pixels above it show
    /// the outside colour and those below the inside colour.
    @Test func theLabelSplitsAtTheSurface() throws {
        let ind = try Self.circle {
            $0.label = "88"; $0.labelSize = 60; $0.amplitude = 0; $0.progress = 0.5
            $0.labelColor = Color(r: 255, g: 0, b: 0); $0.labelInsideColor = Color(r: 0, g: 0, b: 255)
        }
        var px = Pixmap(width: 0, height: 0)
        ind.render(frame: 0, into: &px)
        let surface = Int(ind.model.front[60].rounded())
        #expect(ind.model.front.allSatisfy { $0 == ind.model.front[0] })
        func count(_ rows: Range<Int>, r: UInt8, b: UInt8) -> Int {
            var k = 0
            for j in rows { for i in 0 ..< px.width {
                let o = (j * px.width + i) * 4
                if px.bytes[o] == r && px.bytes[o + 1] == 0 && px.bytes[o + 2] == b { k += 1 }
            } }
            return k
        }
        #expect(count(0 ..< surface - 1, r: 255, b: 0) > 20)
        #expect(count(0 ..< surface - 1, r: 0, b: 255) == 0)
        #expect(count(surface + 1 ..< px.height, r: 0, b: 255) > 20)
        #expect(count(surface + 1 ..< px.height, r: 255, b: 0) == 0)
    }

    @Test func fastRendererMatchesTheLayerVersionWithALabel() throws {
        for (seed, format) in [(UInt64(1), "{p}%"), (2, "{p:.1}"), (3, "Wg {p}")] {
            var rng = SeededRandom(seed: seed)
            let ind = try Self.circle {
                $0.label = format
                $0.amplitude = rng.double(0 ... 12)
                $0.labelColor = Color(r: UInt8(rng.int(0 ... 255)), g: 40, b: 200, a: UInt8(rng.int(60 ... 255)))
                $0.labelInsideColor = Color(r: 250, g: UInt8(rng.int(0 ... 255)), b: 9, a: UInt8(rng.int(60 ... 255)))
            }
            for n in [0, 77, 150, 263] {
                var fast = Pixmap(width: 0, height: 0), reference = fast
                ind.renderer = .fast
                ind.render(frame: n, into: &fast)
                ind.renderer = .reference
                ind.render(frame: n, into: &reference)
                let d = ImageCompare.compare(fast, reference, tolerance: 1)
                #expect(d.pixelsOverTolerance == 0, "seed \(seed) frame \(n): \(d)")
            }
        }
    }

    /// With a label and a ring, a changed-rows frame equals a full frame, nothing outside the rows
    /// it reports changes, and a frame that changes nothing reports no rows: a repeating rise, a
    /// schedule down and up with a label of decimals, and a still level with amplitude 0.
    @Test(arguments: [0, 1, 2])
    func changedRowsFramesEqualFullFrames(_ variant: Int) throws {
        let ind = try Self.circle { p in
            p.label = variant == 1 ? "{p:.1}%" : "{p}%"
            p.borderWidth = 4; p.borderGap = 2; p.borderColor = Color(r: 0x20, g: 0x40, b: 0xA0, a: 0xC0)
            if variant == 1 { p.progressAt = "0:0.8,60:0.3,120:0.9"; p.transition = 0.5 }
            if variant == 2 { p.progress = 0.4; p.amplitude = 0 }
        }
        let full = try Self.circle { p in p = ind.parameters }
        let partial = checkChangedRows(ind, against: full, frames: 200, still: variant == 2)
        #expect(partial > 100, "only \(partial) of 199 frames drew fewer rows than the canvas")
    }

    /// The animated SVG refuses the label in one line naming the flag; a still SVG holds the frame's
    /// text, split at the surface, as rsvg-convert shows it.
    @Test func vectorExportsThatCannotHoldTheLabelSaySo() throws {
        let ind = try Self.circle { $0.label = "{p}%"; $0.labelSize = 30 }
        #expect { try ind.svgDocument(start: 0, frames: 10) } throws: { ($0 as? SettingError)?.key == "label" }
        let still = try ind.svgDocument(frame: 200)
        let v = ImageMetrics.psnr(try OutsideRenderers.rsvg(still), ind.render(frame: 200))
        #expect(v >= 35, "still SVG frame 200: \(v) dB")
    }
}

/// Draws `frames` frames of `scene` by changed rows into one pixmap and checks each against
/// `full`'s whole frame, that no row outside the reported ones changed, and (`still`) that no row is
/// reported after the first frame; returns how many frames after the first reported fewer rows
/// than the canvas.
func checkChangedRows(_ scene: WaveIndicator, against full: WaveIndicator, frames: Int, still: Bool,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    var px = Pixmap(width: 0, height: 0)
    // A copy of the previous frame's bytes (not a shared array: writing into `px` must not move its
    // buffer, or the renderer sees another buffer and draws everything).
    var previous: [UInt8] = []
    var partial = 0
    for n in 0 ..< frames {
        let rows = scene.renderChanges(frame: n, into: &px)
        let same = px.bytes == full.render(frame: n).bytes
        #expect(same, "frame \(n)", sourceLocation: sourceLocation)
        if n > 0 {
            let row = px.width * 4
            for j in 0 ..< px.height where !rows.contains(j) {
                let kept = px.bytes[j * row ..< (j + 1) * row] == previous[j * row ..< (j + 1) * row]
                #expect(kept, "frame \(n) row \(j) outside \(rows)", sourceLocation: sourceLocation)
            }
            if rows.count < px.height { partial += 1 }
            if still { #expect(rows.isEmpty, "still, frame \(n): \(rows)", sourceLocation: sourceLocation) }
        }
        previous = px.bytes.map { $0 }
    }
    return partial
}

import SceneKit
import Testing
import Geometry
import Raster
import Layers
@testable import Scenes
import Wave

/// The tab title: locations [0.7 x 4] -> [0, 0, 1, 1] in 0.3 s on select, back on deselect, and no
/// trace of the colour afterwards.
@Suite struct SpreadSceneTests {
    static let red = Color(r: 0xF2, g: 0x45, b: 0x57)

    static func scene(select: Double? = nil, deselect: Double? = nil, text: String = "du",
                      textColor: Color = SpreadParameters().textColor) throws -> SpreadScene {
        var p = SpreadParameters()
        p.text = text; p.selectAt = select; p.deselectAt = deselect; p.textColor = textColor
        return try SpreadScene(canvas: SceneCanvas(width: 120, height: 93), parameters: p, face: try boldFace())
    }

    static func near(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test func locationsFollowTheDocumentsNumbers() throws {
        // Selected at frame 30 (0.5 s at 60 fps), deselected at frame 90 (1.5 s).
        let s = try Self.scene(select: 30.0 / 60, deselect: 90.0 / 60)
        #expect(s.model.locations(at: 0) == [0.7, 0.7, 0.7, 0.7])
        #expect(s.model.locations(at: 29.0 / 60) == [0.7, 0.7, 0.7, 0.7])
        // 9 frames (0.15 s) in: half-way, [0.35, 0.35, 0.85, 0.85].
        #expect(Self.near(s.model.locations(at: 39.0 / 60), [0.35, 0.35, 0.85, 0.85]))
        let sixth: [Double] = [0.7 * 5 / 6, 0.7 * 5 / 6, 0.75, 0.75]      // 3 frames = 0.05 s: 1/6 of the way
        #expect(Self.near(s.model.locations(at: 33.0 / 60), sixth))
        #expect(s.model.locations(at: 48.0 / 60) == [0, 0, 1, 1])           // 0.3 s after: held
        #expect(s.model.locations(at: 89.0 / 60) == [0, 0, 1, 1])
        #expect(Self.near(s.model.locations(at: 99.0 / 60), [0.35, 0.35, 0.85, 0.85]))
        #expect(s.model.locations(at: 108.0 / 60) == [0.7, 0.7, 0.7, 0.7])  // back, exactly, and held
        #expect(s.model.locations(at: 1000) == [0.7, 0.7, 0.7, 0.7])
        #expect(s.gradient.colors == [.clear, Self.red, Self.red, .clear])
        #expect(s.gradient.startPoint == Point(0, 0.4) && s.gradient.endPoint == Point(1, 0.6))
    }

    @Test func nothingIsLeftAfterDeselect() throws {
        let never = try Self.scene().render(at: 0)
        let s = try Self.scene(select: 0.5, deselect: 1.5)
        let selected = s.render(at: 1)
        #expect(count(Self.red, in: selected) > 100)                     // the title is red while selected
        #expect(count(Self.red, in: never) == 0)
        for t in [1.8, 1.8 + 1.0 / 60, 2.5, 100] {
            let after = s.render(at: t)
            #expect(after == never, "t = \(t): \(maxDifference(after, never))")
        }
    }

    @Test func deselectingMidSpreadRunsBackFromWhereItIs() throws {
        let s = try Self.scene(select: 0, deselect: 0.15)
        // At 0.15 s the spread is at [0.35, 0.35, 0.85, 0.85]; it runs back from there, continuously.
        #expect(Self.near(s.model.locations(at: 0.15), [0.35, 0.35, 0.85, 0.85]))
        #expect(Self.near(s.model.locations(at: 0.30), [0.525, 0.525, 0.775, 0.775]))
        #expect(s.model.locations(at: 0.45) == [0.7, 0.7, 0.7, 0.7])
    }

    @Test func selectionShowsOnlyInsideTheGlyphs() throws {
        let s = try Self.scene(select: 0)
        // Black ink marks every pixel the glyphs touch at all (it changes a pixel more than red does).
        let on = s.render(at: 1), off = try Self.scene(textColor: .black).render(at: 1)
        // Every pixel the selection changes lies where the title has ink.
        for j in 0 ..< 93 {
            for i in 0 ..< 120 where on.pixel(i, j) != off.pixel(i, j) {
                #expect(off.pixel(i, j) != SIMD4(255, 255, 255, 255), "(\(i), \(j))")
            }
        }
    }

    @Test func badParametersNameTheirFlag() throws {
        for (select, deselect, text, flag) in [(nil, 1.0, "du", "--deselect-at"), (2.0, 1.0, "du", "--deselect-at"),
                                               (-1.0, nil, "du", "--select-at"), (Double.nan, nil, "du", "--select-at"),
                                               (nil, nil, "", "--text"), (nil, nil, "d\u{378}", "--text")] as [(Double?, Double?, String, String)] {
            do {
                _ = try Self.scene(select: select, deselect: deselect, text: text)
                Issue.record("\(flag): accepted")
            } catch let e as SettingError {
                #expect("--" + e.key == flag, "\(e)")
            }
        }
    }
}

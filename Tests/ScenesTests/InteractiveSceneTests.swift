import Testing
import Raster
import Layers
@testable import Scenes

/// The window's interactions as library calls: a spread selected and deselected at run time, and a
/// stroke scrubbed after it was built, each compared with the scene the matching parameters build.
@Suite struct InteractiveSceneTests {
    @Test func selectingAtRunTimeIsTheTimelinesSelect() throws {
        let live = try SpreadSceneTests.scene()
        let planned = try SpreadSceneTests.scene(select: 0.5, deselect: 0.6)
        #expect(!live.model.isSelected(at: 0.5))
        live.model.setSelected(true, at: 0.5)
        #expect(live.model.isSelected(at: 0.5) && !live.model.isSelected(at: 0.49))
        for t in [0.5, 0.55, 0.59] { #expect(live.model.locations(at: t) == planned.model.locations(at: t), "t = \(t)") }
        // Deselected mid-spread: back from the locations shown at that moment, as the timeline does.
        live.model.setSelected(false, at: 0.6)
        #expect(!live.model.isSelected(at: 0.6))
        for t in [0.6, 0.7, 0.85, 0.9, 2] { #expect(live.model.locations(at: t) == planned.model.locations(at: t), "t = \(t)") }
        // Nothing of the highlight is left: the frame is the never-selected one.
        let never = try SpreadSceneTests.scene()
        #expect(live.render(at: 2) == never.render(at: 2))
        #expect(live.render(at: 0.7) != never.render(at: 0.7))
    }

    @Test func selectingTwiceHoldsTheSelection() throws {
        let s = try SpreadSceneTests.scene()
        s.model.setSelected(true, at: 0)
        #expect(s.model.locations(at: 0.3) == [0, 0, 1, 1] && s.model.locations(at: 50) == [0, 0, 1, 1])
        s.model.setSelected(true, at: 1)
        #expect(s.model.locations(at: 1.15) == [0, 0, 1, 1])
    }

    @Test func scrubbingAfterBuildingIsTheProgressParameter() throws {
        var p = StrokeParameters()
        p.text = "Ok"
        let canvas = SceneCanvas(width: 120, height: 60)
        let live = try StrokeScene(canvas: canvas, parameters: p, face: try boldFace())
        p.progress = 0.25
        let planned = try StrokeScene(canvas: canvas, parameters: p, face: try boldFace())
        live.model.scrub(to: 0.25)
        #expect(live.render(at: 7) == planned.render(at: 0))
        #expect(live.model.presentedShape(at: 0)?.strokeEnd == planned.model.presentedShape(at: 3)?.strokeEnd)
        // Played again from the start of the timeline.
        live.model.scrub(to: nil)
        let played = try StrokeScene(canvas: canvas, parameters: StrokeParameters.with(text: "Ok"), face: try boldFace())
        #expect(live.render(at: 1) == played.render(at: 1))
        #expect(live.render(at: 1) != planned.render(at: 1))
    }
}

extension StrokeParameters {
    static func with(text: String) -> StrokeParameters {
        var p = StrokeParameters()
        p.text = text
        return p
    }
}

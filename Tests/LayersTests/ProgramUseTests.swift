import Testing
import Geometry
import Raster
@testable import Layers

/// A fill's row program pays when its shape comes back at the same linear part (a glyph sliding
/// sideways); a shape that turns every frame is rasterized directly once its programs are seen to
/// be recorded and never found again, and gets programs back when it starts sliding.
@Suite struct ProgramUseTests {
    /// A 64 x 64 canvas holding one quadrilateral about its layer's position, to move and turn.
    static func quadrilateral() -> (root: Layer, shape: ShapeLayer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 64, height: 64); root.anchorPoint = .zero
        let s = ShapeLayer()
        s.path = Path(polygon: [Point(-9, -6), Point(10, -4.5), Point(2, 11), Point(-3, 2)])
        s.bounds = Rect(x: -10, y: -10, width: 20, height: 20)
        s.fillColor = Color(r: 200, g: 40, b: 90)
        root.addSublayer(s)
        return (root, s)
    }

    @Test func aTurningShapeIsRasterizedDirectlyAndASlidingOneFromItsProgram() {
        let (root, s) = Self.quadrilateral()
        let r = FastLayerRenderer()
        var p = Pixmap(width: 64, height: 64)
        var recorded = 0
        for k in 0 ..< 60 {
            s.position = Point(30.3 + 0.17 * Double(k), 31.6)
            s.transform = Transform.rotation(0.05 * Double(k))
            r.render(root, into: &p, width: 64, height: 64)
            #expect(r.tilesRasterized == 1)
            recorded += r.programsRecorded
            if k % 10 == 9 {
                #expect(maxChannelDifference(p, LayerRenderer().renderPixmap(root, width: 64, height: 64)).diff <= 1, "turning frame \(k)")
            }
        }
        // Nine programs recorded and none found again, then only for a key missed twice in a row
        // (none: every frame turns).
        #expect(recorded == 9, "\(recorded) programs recorded in 60 frames")
        var replayedAtTheEnd = 0, replayedFromTheSecond = 0
        for k in 0 ..< 60 {
            s.position = Point(10.3 + 0.37 * Double(k), 31.6)
            r.render(root, into: &p, width: 64, height: 64)
            // The second sliding frame misses the first's key again: its program is recorded then.
            if k >= 1 { replayedFromTheSecond += r.tilesReplayed }
            if k >= 2 { #expect(r.programsRecorded == 0) }
            if k >= 50 { replayedAtTheEnd += r.tilesReplayed }
            if k % 10 == 9 {
                #expect(maxChannelDifference(p, LayerRenderer().renderPixmap(root, width: 64, height: 64)).diff <= 1, "sliding frame \(k)")
            }
        }
        #expect(replayedAtTheEnd == 10, "the sliding shape's last 10 frames replayed \(replayedAtTheEnd) programs")
        #expect(replayedFromTheSecond == 59, "the sliding shape replayed \(replayedFromTheSecond) programs from its second frame on")
    }

    /// A pen tip riding a glyph: it slides along the horizontal strokes (programs found on every
    /// frame there) but mostly moves to a new vertical offset every frame. Finds count once per
    /// program, so the frames off the horizontals stop recording programs nobody finds again,
    /// while each slide still gets its program from its second frame.
    @Test func aShapeThatSlidesNowAndThenRecordsOnlyWhatIsFoundAgain() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 96, height: 96); root.anchorPoint = .zero
        let s = ShapeLayer()
        s.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 9, height: 9))
        s.bounds = Rect(x: 0, y: 0, width: 9, height: 9)
        s.fillColor = Color(r: 20, g: 40, b: 200)
        root.addSublayer(s)
        let r = FastLayerRenderer()
        var p = Pixmap(width: 96, height: 96)
        var recorded = 0, replayed = 0, slideFrames = 0
        var at = Point(20.25, 20.4)
        for cycle in 0 ..< 10 {
            for k in 0 ..< 20 {
                at = Point(at.x + 0.31, at.y)
                s.position = at
                r.render(root, into: &p, width: 96, height: 96)
                recorded += r.programsRecorded
                if k >= 2 { replayed += r.tilesReplayed; slideFrames += 1 }
            }
            for _ in 0 ..< 10 {
                at = Point(at.x - 0.53, at.y + 0.137 * Double(cycle % 3 + 1))
                s.position = at
                r.render(root, into: &p, width: 96, height: 96)
                recorded += r.programsRecorded
            }
            #expect(maxChannelDifference(p, LayerRenderer().renderPixmap(root, width: 96, height: 96)).diff <= 1, "cycle \(cycle)")
        }
        // Counting every frame that found a program as a find, the 19 finds of each slide would
        // keep every one of the 100 frames off the slides recording (about 110 in all).
        #expect(recorded <= 35, "\(recorded) programs recorded in 300 frames")
        #expect(replayed == slideFrames, "\(replayed) of the \(slideFrames) sliding frames from each slide's third replayed a program")
    }
}

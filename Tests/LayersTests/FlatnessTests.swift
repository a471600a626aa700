import Testing
import Geometry
import Raster
@testable import Layers

/// `ShapeLayer.flatness`: how far the chords a fill is drawn with may lie from its curves. Both
/// renderers honour it, so their frames stay the same bytes; the coverage moves by at most
/// `flatness * sqrt(2)` from the default's.
@Suite struct FlatnessTests {
    static func scene(flatness: Double?) -> (Layer, ShapeLayer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 80, height: 64); root.anchorPoint = .zero
        let back = ShapeLayer()
        back.path = Path(rect: root.bounds); back.bounds = root.bounds; back.anchorPoint = .zero
        back.fillColor = Color(r: 250, g: 248, b: 240)
        root.addSublayer(back)
        let dot = ShapeLayer()
        dot.bounds = Rect(x: 0, y: 0, width: 13, height: 13)
        dot.path = Path(ellipseIn: dot.bounds)
        dot.fillColor = Color(r: 30, g: 60, b: 200)
        if let flatness { dot.flatness = flatness }
        root.addSublayer(dot)
        return (root, dot)
    }

    @Test(arguments: [0.002, 0.05, 1.0])
    func bothRenderersDrawTheCoarserCircleAlikeFrameByFrame(flatness: Double) {
        let (root, dot) = Self.scene(flatness: flatness)
        let (plainRoot, plainDot) = Self.scene(flatness: nil)
        let fast = FastLayerRenderer()
        var p = Pixmap(width: 80, height: 64)
        var differsFromDefault = 0
        for k in 0 ..< 40 {
            // Sliding, then climbing: both the replayed programs and direct rasterizing.
            let at = k < 20 ? Point(12.3 + 0.41 * Double(k), 20.6) : Point(20.5 + 0.29 * Double(k - 20), 20.6 + 0.83 * Double(k - 20))
            dot.position = at; plainDot.position = at
            fast.render(root, into: &p, width: 80, height: 64)
            let reference = LayerRenderer().renderPixmap(root, width: 80, height: 64)
            let same = p.bytes == reference.bytes
            #expect(same, "flatness \(flatness) frame \(k): the renderers differ")
            let plain = LayerRenderer().renderPixmap(plainRoot, width: 80, height: 64)
            let d = maxChannelDifference(p, plain).diff
            if d > 0 { differsFromDefault += 1 }
            // Coverage within flatness * sqrt(2) of the default's: at most that times 255 levels
            // (the colours differ by at most 220 levels), rounded.
            #expect(Double(d) <= (flatness * 2.0.squareRoot() * 220).rounded(.up) + 1, "flatness \(flatness) frame \(k): \(d) levels from the default")
        }
        if flatness >= 0.05 { #expect(differsFromDefault == 40, "a coarse circle is drawn from its own chords") }
    }

    @Test func flatnessIsClampedAndKeptByPresentationCopies() {
        let s = ShapeLayer()
        #expect(s.flatness == Path.defaultTolerance)
        s.flatness = -3; #expect(s.flatness == 1e-6)
        s.flatness = 40; #expect(s.flatness == 1)
        s.flatness = .nan; #expect(s.flatness == Path.defaultTolerance)
        s.flatness = 0.01
        let copy = s.copyProperties() as? ShapeLayer
        #expect(copy?.flatness == 0.01)
    }

    @Test func coverageMovesByAtMostTheFlatness() {
        let path = Path(ellipseIn: Rect(x: 3.3, y: 2.7, width: 21.4, height: 15.9))
        let r = Rasterizer()
        let f = 1e-5
        let fine = r.coverage(of: path, width: 30, height: 22, tolerance: f)
        for t in [Path.defaultTolerance, 0.01, 0.1] {
            let coarse = r.coverage(of: path, width: 30, height: 22, tolerance: t)
            let worst = zip(fine.values, coarse.values).map { abs(Double($0) - Double($1)) }.max() ?? 0
            #expect(worst <= (t + f) * 2.0.squareRoot() + 1e-6, "tolerance \(t): coverage moved by \(worst)")
            #expect(worst > t / 50, "tolerance \(t): the coarser chords change the coverage (\(worst))")
        }
    }
}

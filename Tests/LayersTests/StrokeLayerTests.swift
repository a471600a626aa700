import Testing
import Geometry
import Raster
import Animation
@testable import Layers

/// CAShapeLayer's stroke: colour, width, joins, caps, miter limit, strokeStart/strokeEnd, fill then
/// stroke, and stroke widths that scale with the layer's transform.
@Suite struct StrokeLayerTests {
    static func line(_ from: Point, _ to: Point) -> Path {
        var p = Path(); p.move(to: from); p.line(to: to); return p
    }

    static func layer(_ path: Path) -> ShapeLayer {
        let l = ShapeLayer()
        l.bounds = Rect(x: 0, y: 0, width: 20, height: 20); l.anchorPoint = .zero
        l.path = path; l.fillColor = nil; l.strokeColor = .black
        return l
    }

    @Test func defaultsAreCoreAnimations() {
        let l = ShapeLayer()
        #expect(l.strokeColor == nil && l.lineWidth == 1 && l.lineJoin == .miter && l.lineCap == .butt)
        #expect(l.miterLimit == 10 && l.strokeStart == 0 && l.strokeEnd == 1)
        l.path = Self.line(.zero, Point(4, 0))
        #expect(l.strokeOutline() == nil)              // no stroke colour, no stroke
    }

    @Test func strokeIsTheFilledOutlineOfThePath() {
        let l = Self.layer(Self.line(Point(2, 5.5), Point(12, 5.5)))
        l.lineWidth = 3; l.lineCap = .square
        let px = LayerRenderer().renderPixmap(l, width: 20, height: 20)
        // x from 0.5 to 13.5, y from 4 to 7.
        #expect(px.pixel(0, 5).w == 128 && px.pixel(1, 5).w == 255 && px.pixel(13, 5).w == 128 && px.pixel(14, 5).w == 0)
        #expect(px.pixel(6, 3).w == 0 && px.pixel(6, 4).w == 255 && px.pixel(6, 6).w == 255 && px.pixel(6, 7).w == 0)
    }

    @Test func strokeEndTrimsByArcLengthAndStrokeStartFromTheOtherEnd() {
        // An L of two 10 px legs: 0.75 of it ends halfway down the second leg.
        var p = Path()
        p.move(to: Point(2.5, 2.5)); p.line(to: Point(12.5, 2.5)); p.line(to: Point(12.5, 12.5))
        let l = Self.layer(p)
        l.strokeEnd = 0.75
        let px = LayerRenderer().renderPixmap(l, width: 20, height: 20)
        #expect(px.pixel(12, 6).w == 255 && px.pixel(12, 7).w == 128 && px.pixel(12, 8).w == 0)
        l.strokeStart = 0.25; l.strokeEnd = 1
        let q = LayerRenderer().renderPixmap(l, width: 20, height: 20)
        #expect(q.pixel(6, 2).w == 0 && q.pixel(7, 2).w == 128 && q.pixel(8, 2).w == 255 && q.pixel(12, 12).w == 128 && q.pixel(12, 13).w == 0)
        l.strokeStart = 0.6; l.strokeEnd = 0.6
        #expect(l.strokeOutline() == nil)
    }

    @Test func strokeEndAnimatesThroughATypedKeyPath() {
        let l = Self.layer(Self.line(Point(0, 5), Point(20, 5)))
        l.add(BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.strokeEnd, from: 0, to: 1,
                                                 timing: MediaTiming(duration: 4, fillMode: .both)), forKey: "draw")
        for (t, expected) in [(0.0, 0.0), (1.0, 0.25), (2.0, 0.5), (4.0, 1.0), (9.0, 1.0)] {
            #expect((l.presentation(at: t) as? ShapeLayer)?.strokeEnd == expected)
        }
        let half = LayerRenderer().renderPixmap(l.presentation(at: 2), width: 20, height: 20)
        #expect(half.pixel(9, 4).w == 128 && half.pixel(10, 4).w == 0)
    }

    @Test func strokeIsDrawnOverTheFill() {
        let l = Self.layer(Path(rect: Rect(x: 4, y: 4, width: 10, height: 10)))
        l.fillColor = Color(r: 255, g: 0, b: 0); l.strokeColor = Color(r: 0, g: 0, b: 255); l.lineWidth = 2
        let px = LayerRenderer().renderPixmap(l, width: 20, height: 20)
        #expect(px.pixel(4, 8) == SIMD4(0, 0, 255, 255))     // the inner half of the stroke covers the fill
        #expect(px.pixel(3, 8) == SIMD4(0, 0, 255, 255))
        #expect(px.pixel(9, 9) == SIMD4(255, 0, 0, 255))
        #expect(px.pixel(2, 8).w == 0)
    }

    @Test func joinsAndMiterLimitReachTheCanvas() {
        var p = Path()
        p.move(to: Point(2, 10)); p.line(to: Point(10, 2)); p.line(to: Point(18, 10))   // a right angle
        let l = Self.layer(p)
        l.lineWidth = 4
        let r = LayerRenderer()
        func top(_ join: LineJoin, limit: Double = 10) -> Double {
            l.lineJoin = join; l.miterLimit = limit
            return r.render(l, width: 20, height: 20).alphaCoverage.values[0 ..< 40].reduce(0) { $0 + Double($1) }
        }
        // The miter tip reaches y = 2 - 2 sqrt 2 = -0.83 (off canvas); within rows 0...1 the miter covers
        // most, round less, bevel least; a limit below sqrt 2 makes the miter a bevel.
        let miter = top(.miter), round = top(.round), bevel = top(.bevel), limited = top(.miter, limit: 1.4)
        #expect(miter > round && round > bevel)
        #expect(limited == bevel)
    }

    @Test func lineWidthScalesWithTheLayerTransform() {
        let l = Self.layer(Self.line(Point(0, 2), Point(5, 2)))
        l.lineWidth = 1
        l.transform = .scale(2, 2)                     // anchor (0, 0): the stroke becomes 2 px wide
        let px = LayerRenderer().renderPixmap(l, width: 20, height: 20)
        #expect(px.pixel(4, 3).w == 255 && px.pixel(4, 4).w == 255 && px.pixel(4, 2).w == 0 && px.pixel(4, 5).w == 0)
        #expect(px.pixel(9, 3).w == 255 && px.pixel(10, 3).w == 0)
    }
}

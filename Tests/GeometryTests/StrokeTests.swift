import Geometry
import Testing

/// Stroke outlines: exact areas for shapes whose union is known in closed form, miter limits,
/// caps, closed contours, and zero-length subpaths. (Coverage of random strokes against an
/// independent oracle is in RasterTests.)
@Suite struct StrokeTests {
    /// Signed area (shoelace) of every closed contour of a path of straight segments.
    static func area(_ p: Path) -> Double { p.flattened().signedArea }

    /// How far a stroke's area may fall short of the exact one where it has round parts of total
    /// arc length `arc`: they are chords within `Path.defaultTolerance` of the arcs, which leave out
    /// at most two thirds of the tolerance times the arc length (a millimetre of slack for the rest).
    static func slack(roundArc arc: Double) -> Double { max(1e-3, 2.0 / 3.0 * arc * Path.defaultTolerance * 1.01) }

    static func polyline(_ pts: [Point], closed: Bool = false) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }

    @Test(arguments: [(LineCap.butt, 20.0), (.square, 24.0), (.round, 20.0 + Double.pi)])
    func oneSegmentHasTheCapsArea(cap: LineCap, expected: Double) {
        let o = Self.polyline([Point(0, 5), Point(10, 5)]).stroked(StrokeStyle(width: 2, cap: cap))
        #expect(abs(abs(Self.area(o)) - expected) < Self.slack(roundArc: cap == .round ? 2 * .pi : 0), "\(cap): \(Self.area(o))")
        let box = o.controlBounds
        let ext = cap == .butt ? 0.0 : 1.0
        #expect(box.map { abs($0.minX + ext) < 1e-9 && abs($0.maxX - 10 - ext) < 1e-9 } == true, "\(String(describing: box))")
        #expect(box.map { abs($0.minY - 4) < 1e-9 && abs($0.maxY - 6) < 1e-9 } == true)
    }

    /// (0,0) -> (10,0) -> (10,10), width 2: two 10x2 rectangles overlapping in a unit square (39),
    /// plus the outer corner: a unit square (miter), half of it (bevel), a quarter disc (round).
    @Test(arguments: [(LineJoin.miter, 40.0), (.bevel, 39.5), (.round, 39 + Double.pi / 4)])
    func rightAngleJoins(join: LineJoin, expected: Double) {
        let o = Self.polyline([Point(0, 0), Point(10, 0), Point(10, 10)]).stroked(StrokeStyle(width: 2, join: join))
        #expect(abs(abs(Self.area(o)) - expected) < 1e-3, "\(join): \(Self.area(o))")
    }

    @Test func miterLimitTurnsLongMitersIntoBevels() {
        // A 5.7 degree angle between the segments: the miter would be 1/sin(2.86 deg) = 20 widths long.
        let sharp = Self.polyline([Point(0, 0), Point(100, 0), Point(0, 10)])
        let long = sharp.stroked(StrokeStyle(width: 2, join: .miter, miterLimit: 25))
        let cut = sharp.stroked(StrokeStyle(width: 2, join: .miter, miterLimit: 10))
        let bevel = sharp.stroked(StrokeStyle(width: 2, join: .bevel))
        #expect((long.controlBounds?.maxX ?? 0) > 115)        // the tip reaches about 20 px past the vertex
        #expect((cut.controlBounds?.maxX ?? 0) < 101.01)
        #expect(cut == bevel)
    }

    @Test(arguments: [(LineJoin.miter, 80.0), (.bevel, 78.0), (.round, 76 + Double.pi)])
    func closedSquareIsARing(join: LineJoin, expected: Double) {
        let o = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)).stroked(StrokeStyle(width: 2, join: join, cap: .round))
        // Two loops: the outer one and the inner one run opposite ways, so the areas subtract.
        #expect(o.flattened().contourCount == 2)
        #expect(abs(abs(Self.area(o)) - expected) < Self.slack(roundArc: join == .round ? 2 * .pi : 0), "\(join): \(Self.area(o))")
    }

    @Test func openAndClosedContoursDiffer() {
        let pts = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(0, 0)]
        let open = Self.polyline(pts).stroked(StrokeStyle(width: 2, cap: .butt))
        let closed = Self.polyline(pts, closed: true).stroked(StrokeStyle(width: 2, cap: .butt))
        #expect(open.flattened().contourCount == 1 && closed.flattened().contourCount == 2)
        #expect(open != closed)
    }

    @Test func zeroLengthSubpathsDrawDotsForRoundAndSquareCaps() {
        let p = Self.polyline([Point(5, 5), Point(5, 5)])
        #expect(p.stroked(StrokeStyle(width: 4, cap: .butt)).isEmpty)
        #expect(abs(abs(Self.area(p.stroked(StrokeStyle(width: 4, cap: .square)))) - 16) < 1e-9)
        #expect(abs(abs(Self.area(p.stroked(StrokeStyle(width: 4, cap: .round)))) - 4 * Double.pi) < Self.slack(roundArc: 4 * .pi))
        var lone = Path(); lone.move(to: Point(1, 1))
        #expect(lone.stroked(StrokeStyle(width: 4, cap: .round)).isEmpty)
    }

    @Test func curvesAreStrokedAlongTheirFlattening() {
        // A quarter circle of radius 10 as a cubic, width 2, butt: an annulus sector, area
        // (pi/4) (11^2 - 9^2) = 10 pi, within the cubic's own error of a circle (~0.03 %).
        var p = Path()
        let k = 0.5522847498 * 10
        p.move(to: Point(10, 0))
        p.cubic(to: Point(0, 10), control1: Point(10, k), control2: Point(k, 10))
        let a = abs(Self.area(p.stroked(StrokeStyle(width: 2))))
        #expect(abs(a - 10 * Double.pi) < 0.02, "\(a)")
    }

    @Test func emptyAndZeroWidthStrokesDrawNothing() {
        #expect(Path().stroked(StrokeStyle()).isEmpty)
        #expect(Self.polyline([Point(0, 0), Point(4, 0)]).stroked(StrokeStyle(width: 0)).isEmpty)
        #expect(Self.polyline([Point(0, 0), Point(4, 0)]).stroked(StrokeStyle(width: .nan)).isEmpty)
    }
}

/// Arc length and strokeStart/strokeEnd trimming along the whole path.
@Suite struct TrimTests {
    /// A closed 10x10 square (length 40) followed by an open 30 px line (length 30): 70 in all.
    static var twoContours: Path {
        var p = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: Point(0, 20)); p.line(to: Point(30, 20))
        return p
    }

    @Test func lengthCountsClosingSegmentsAndEveryContour() {
        #expect(Self.twoContours.length() == 70)
        var c = Path()
        c.move(to: Point(0, 0)); c.quad(to: Point(10, 0), control: Point(5, 0))
        #expect(abs(c.length() - 10) < 1e-12)
    }

    @Test func trimmingMeasuresAlongTheWholePath() {
        let f = Self.twoContours.flattenedContours()
        // 0.1 ... 0.5 of 70 = 7 ... 35: the square from 7 to 40 (open now), then the line 0 ... -5? no: 35 - 40 < 0.
        let a = f.trimmed(from: 0.1, to: 0.5)
        #expect(a.contours.count == 1)
        #expect(a.contours[0].isClosed == false)
        #expect(abs(a.length - 28) < 1e-12)
        #expect(a.points.first == Point(7, 0))
        #expect(a.points.last.map { ($0 - Point(0, 5)).length < 1e-12 } == true)  // 35 = 3 sides + 5
        // 0.5 ... 0.9 = 35 ... 63: the last 5 of the square, then the line from 0 to 23.
        let b = f.trimmed(from: 0.5, to: 0.9)
        #expect(b.contours.count == 2)
        #expect(abs(b.length - 28) < 1e-12)
        #expect(b.points.last.map { ($0 - Point(23, 20)).length < 1e-12 } == true)
    }

    @Test func wholeRangeKeepsClosedContoursClosedAndEmptyRangesDrawNothing() {
        let f = Self.twoContours.flattenedContours()
        #expect(f.trimmed(from: 0, to: 1) == f)
        #expect(f.trimmed(from: -3, to: 7) == f)                  // clamped to 0 ... 1
        #expect(f.trimmed(from: 0, to: 40.0 / 70).contours.map(\.isClosed) == [true])
        #expect(f.trimmed(from: 0.5, to: 0.5).contours.isEmpty)
        #expect(f.trimmed(from: 0.7, to: 0.2).contours.isEmpty)
        #expect(f.trimmed(from: .nan, to: 0).contours.isEmpty)
    }

    @Test(arguments: [0.0, 0.13, 0.5, 0.77, 1.0])
    func trimmedLengthIsTheFraction(end: Double) {
        var p = Path()
        p.move(to: Point(0, 0)); p.cubic(to: Point(40, 0), control1: Point(10, 30), control2: Point(30, -30))
        p.move(to: Point(0, 50)); p.quad(to: Point(40, 50), control: Point(20, 90))
        let f = p.flattenedContours()
        #expect(abs(f.trimmed(from: 0, to: end).length - end * f.length) < 1e-9)
        #expect(abs(f.trimmed(from: end / 2, to: end).length - end / 2 * f.length) < 1e-9)
    }
}

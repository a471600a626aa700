import Testing
import Geometry
@testable import Raster

/// Pieces that cross at nearly one point: a bevel join of a wide pen shares its vertices with the
/// rectangles of the two segments it joins, and its apex lies on both rectangles' inner sides, so
/// four pieces pass within a few units in the last place of one point and their crossings are
/// computed that far apart. The strips between those crossings are sorted where the pieces' x differ
/// by rounding only; an order taken from there and carried on down the row by swapping the next
/// crossing pairs left a pair reversed and the join's triangle uncovered (0.03-0.07 of a pixel off).
@Suite struct NearPointCrossingTests {
    static func polylines(_ loops: [[Point]], dx: Double = 0, dy: Double = 0) -> Polylines {
        var p = Polylines()
        for l in loops { p.starts.append(p.points.count); p.points.append(contentsOf: l.map { Point($0.x + dx, $0.y + dy) }) }
        return p
    }

    /// Two segments' rectangles and the bevel join between them (a 22 px pen on a flattened circle of
    /// radius 4.5), on a grid shifted as `Rasterizer.appendBoundary` records it.
    static let join: [[Point]] = [
        [Point(30.26472812518937, 18.09717130194778), Point(30.261881306757953, 18.138571752728776), Point(8.313709406934802, 16.629350014277616), Point(8.31655622536622, 16.58794956349662)],
        [Point(30.25452356887562, 18.238871594327367), Point(30.251304266240474, 18.280168558542343), Point(8.31784784218199, 16.570347136894), Point(8.321067144817135, 16.52905017267902)],
        [Point(19.287795356846377, 17.383960883503196), Point(30.261881306757953, 18.138571752728776), Point(30.25452356887562, 18.238871594327367)],
    ]

    /// Two rectangles and a join of one chunk of the same pen, and two rectangles of another chunk
    /// across them.
    static let twoChunks: [[Point]] = [
        [Point(-0.45839102175289775, 14.319762780573773), Point(-0.4511846652003573, 14.27971444090863), Point(21.201069436171554, 18.175852571111825), Point(21.19386307961901, 18.21590091077697)],
        [Point(-0.43306074451565985, 14.181550786624914), Point(-0.4255019532727687, 14.141625983039164), Point(21.190504306729746, 18.23409142180979), Point(21.182945515486853, 18.274016225395542)],
        [Point(30.025501953272684, 14.1416259830387), Point(30.033060744515577, 14.18155078662445), Point(8.417054484513235, 18.274016225396007), Point(8.409495693270342, 18.234091421810255)],
        [Point(30.051184665200378, 14.279714440908714), Point(30.058391021752914, 14.319762780573859), Point(8.406136920380975, 18.215900910776888), Point(8.398930563828435, 18.175852571111744)],
        [Point(19.225057614514405, 16.227783506010226), Point(30.033060744515577, 14.18155078662445), Point(30.051184665200378, 14.279714440908714)],
    ]

    static func check(_ p: Polylines, width: Int, height: Int) -> Float {
        let r = Rasterizer()
        let ref = ReferenceRasterizer.coverage(of: p, width: width, height: height, rule: .nonZero, samples: 4096)
        var worst: Float = 0
        for chainPairs in [true, false] {
            r.work.chainPairs = chainPairs
            let got = r.coverage(of: p, width: width, height: height)
            worst = max(worst, zip(got.values, ref.values).map { abs($0 - $1) }.max() ?? 0)
        }
        return worst
    }

    @Test func aJoinSharingItsSegmentsVerticesIsCovered() {
        #expect(Self.check(Self.polylines(Self.join, dx: -7, dy: -16), width: 26, height: 3) <= 3e-4)
        #expect(Self.check(Self.polylines(Self.join, dx: 0, dy: 0), width: 32, height: 20) <= 3e-4)
    }

    @Test func chunksAcrossAJoinAreCovered() {
        #expect(Self.check(Self.polylines(Self.twoChunks), width: 32, height: 20) <= 3e-4)
    }
}

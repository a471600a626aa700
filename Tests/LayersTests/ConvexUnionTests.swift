import Testing
import Geometry
import Raster
@testable import Layers
import TestSupport

/// The union of convex pieces on a tile, from its boundary alone, against the general rasterizer
/// under the non-zero rule: random convex polygons, a stroke's pieces (rectangles and joins side by
/// side, sharing edges), pieces holding the whole tile, and repeated pieces.
@Suite struct ConvexUnionTests {
    /// A convex polygon of positive area (as `WideStroke`'s pieces): points on an ellipse at sorted
    /// angles, sometimes a point repeated or three in a row.
    static func randomConvex(_ r: inout SeededRandom, near c: Point, size: Double) -> [Point] {
        let n = r.int(3 ... 9)
        var angles = (0 ..< n).map { _ in r.double(0 ... 2 * Double.pi) }
        angles.sort()
        let rx = r.double(0.2 ... size), ry = r.double(0.2 ... size), turn = r.double(0 ... Double.pi)
        var pts: [Point] = []
        for a in angles {
            let x = rx * Double.cosine(a), y = ry * Double.sine(a)
            pts.append(Point(c.x + x * Double.cosine(turn) - y * Double.sine(turn), c.y + x * Double.sine(turn) + y * Double.cosine(turn)))
            if r.int(0 ... 9) == 0, let last = pts.last { pts.append(last) }
        }
        // Positive area as the pieces have it: the inside left of each edge (dx (y - ay) - dy (x - ax) > 0).
        var area = 0.0
        for k in pts.indices { let a = pts[k], b = pts[(k + 1) % pts.count]; area += a.x * b.y - b.x * a.y }
        return area > 0 ? pts : pts.reversed()
    }

    static func add(_ pts: [Point], to p: inout Polylines) {
        p.starts.append(p.points.count)
        p.points.append(contentsOf: pts)
    }

    /// The union's coverage and the general rasterizer's on a tile at (`x`, `y`); nil when the
    /// union left the tile to the general rasterizer.
    static func both(_ pieces: Polylines, x: Int, y: Int, tw: Int, th: Int, union: inout ConvexUnion,
                     rasterizer: Rasterizer) -> (union: [Float], general: [Float])? {
        var a = [Float](repeating: -1, count: tw * th), b = [Float](repeating: -1, count: tw * th)
        let done = a.withUnsafeMutableBufferPointer { out in
            union.render(pieces, x0: Double(x), y0: Double(y), tw: tw, th: th, into: out.baseAddress!)
        }
        guard done else { return nil }
        b.withUnsafeMutableBufferPointer { out in
            rasterizer.render(pieces, rule: .nonZero, width: tw, height: th, originX: x, originY: y, into: out)
        }
        return (a, b)
    }

    @Test(arguments: 0 ..< 4)
    func randomConvexPiecesCoverTheTileAsTheRasterizerDoes(seed: Int) {
        var r = SeededRandom(seed: UInt64(4100 + seed))
        var union = ConvexUnion()
        let rasterizer = Rasterizer()
        var worst: Float = 0, tiles = 0
        for _ in 0 ..< 300 {
            let tw = r.int(1 ... 8), th = r.int(1 ... 8)
            let x = r.int(-3 ... 3), y = r.int(-3 ... 3)
            var pieces = Polylines()
            for _ in 0 ..< r.int(1 ... 12) {
                let c = Point(Double(x) + r.double(-3 ... Double(tw) + 3), Double(y) + r.double(-3 ... Double(th) + 3))
                Self.add(Self.randomConvex(&r, near: c, size: r.int(0 ... 4) == 0 ? 20 : 4), to: &pieces)
            }
            guard let (a, b) = Self.both(pieces, x: x, y: y, tw: tw, th: th, union: &union, rasterizer: rasterizer) else { continue }
            tiles += 1
            for k in a.indices { worst = max(worst, abs(a[k] - b[k])) }
        }
        #expect(tiles >= 290, "only \(tiles) of 300 tiles were drawn as a union")
        #expect(worst <= 1e-6, "a pixel differs by \(worst)")
    }

    /// A wide pen's pieces along random polylines: rectangles and joins share their edges (in
    /// opposite senses), the finely flattened round joins and caps have hundreds of points.
    @Test(arguments: 0 ..< 4)
    func aStrokesPiecesCoverTheTileAsTheRasterizerDoes(seed: Int) {
        var r = SeededRandom(seed: UInt64(4200 + seed))
        var union = ConvexUnion()
        let rasterizer = Rasterizer()
        var worst: Float = 0, tiles = 0, partial = 0
        for _ in 0 ..< 20 {
            let style = StrokeStyle(width: r.double(2 ... 30), join: LineJoin.allCases[r.int(0 ... 2)],
                                    cap: LineCap.allCases[r.int(0 ... 2)], miterLimit: r.double(1 ... 6))
            var stroker = PolylineStroker(style: style, tolerance: r.int(0 ... 1) == 0 ? 5e-5 : 0.05)
            var line: [Point] = []
            for _ in 0 ..< r.int(2 ... 30) { line.append(Point(r.double(0 ... 40), r.double(0 ... 40))) }
            var pieces = Polylines()
            stroker.pieces(line[...], closed: r.int(0 ... 3) == 0, transform: .identity, into: &pieces)
            for _ in 0 ..< 20 {
                let tw = r.int(1 ... 8), th = r.int(1 ... 8), x = r.int(-4 ... 44), y = r.int(-4 ... 44)
                guard let (a, b) = Self.both(pieces, x: x, y: y, tw: tw, th: th, union: &union, rasterizer: rasterizer) else { continue }
                tiles += 1
                for k in a.indices {
                    worst = max(worst, abs(a[k] - b[k]))
                    if b[k] > 0 && b[k] < 1 { partial += 1 }
                }
            }
        }
        #expect(tiles >= 390, "only \(tiles) of 400 tiles were drawn as a union")
        #expect(partial > 200, "only \(partial) pixels were on an edge")
        #expect(worst <= 1e-6, "a pixel differs by \(worst)")
    }

    @Test func aPieceHoldingTheWholeTileCoversIt() {
        var union = ConvexUnion()
        var pieces = Polylines()
        Self.add([Point(-10, -10), Point(-10, 20), Point(20, 20), Point(20, -10)].reversed(), to: &pieces)
        Self.add([Point(1, 1), Point(1, 2), Point(2, 2)].reversed(), to: &pieces)
        var out = [Float](repeating: -1, count: 16)
        let done = out.withUnsafeMutableBufferPointer { union.render(pieces, x0: 0, y0: 0, tw: 4, th: 4, into: $0.baseAddress!) }
        #expect(done && out.allSatisfy { $0 == 1 })
        // The same square beside the tile: nothing.
        var beside = Polylines()
        Self.add([Point(10, -10), Point(10, 20), Point(20, 20), Point(20, -10)].reversed(), to: &beside)
        let none = out.withUnsafeMutableBufferPointer { union.render(beside, x0: 0, y0: 0, tw: 4, th: 4, into: $0.baseAddress!) }
        #expect(none && out.allSatisfy { $0 == 0 })
    }

    /// A piece given twice shares every edge in the same sense: left to the general rasterizer;
    /// a piece beside another sharing an edge in the opposite sense is drawn as one.
    @Test func repeatedPiecesAreLeftToTheRasterizerAndNeighboursAreJoined() {
        var union = ConvexUnion()
        let rasterizer = Rasterizer()
        let square = [Point(0.5, 0.5), Point(0.5, 3.25), Point(2.5, 3.25), Point(2.5, 0.5)].reversed()
        var twice = Polylines()
        Self.add(Array(square), to: &twice); Self.add(Array(square), to: &twice)
        #expect(Self.both(twice, x: 0, y: 0, tw: 4, th: 4, union: &union, rasterizer: rasterizer) == nil)
        var side = Polylines()
        Self.add(Array(square), to: &side)
        Self.add([Point(2.5, 0.5), Point(2.5, 3.25), Point(3.7, 2.1)].reversed(), to: &side)
        let pair = Self.both(side, x: 0, y: 0, tw: 4, th: 4, union: &union, rasterizer: rasterizer)
        #expect(pair != nil)
        if let (a, b) = pair {
            #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(a) against \(b)")
            // The shared edge at x = 2.5 bounds nothing: the coverage adds up to the two areas.
            let total = a.reduce(0, +)
            #expect(abs(total - (2 * 2.75 + 2.75 * 1.2 / 2)) < 1e-5, "covered \(total)")
        }
    }
}

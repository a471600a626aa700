import Geometry
import Testing
import TestSupport

/// SVG path data: every command absolute and relative, implicit repeats, number forms, arcs as
/// cubics on the exact ellipse, and malformed data reported at the first bad character.
@Suite struct SVGPathDataTests {
    static func path(_ d: String) throws -> [PathElement] { try Path(svgPathData: d).elements }

    static func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { (a - b).length <= tol }

    @Test func movesAndLinesAbsoluteAndRelative() throws {
        #expect(try Self.path("M10 20 L30 40 H50 V60 Z") == [.move(Point(10, 20)), .line(Point(30, 40)), .line(Point(50, 40)), .line(Point(50, 60)), .close])
        #expect(try Self.path("m10 20 l30 40 h5 v-6 z") == [.move(Point(10, 20)), .line(Point(40, 60)), .line(Point(45, 60)), .line(Point(45, 54)), .close])
    }

    @Test func implicitRepeatsAfterAMovetoAreLines() throws {
        #expect(try Self.path("M0 0 10 0 10 10") == [.move(.zero), .line(Point(10, 0)), .line(Point(10, 10))])
        #expect(try Self.path("m1 1 2 0 0 2") == [.move(Point(1, 1)), .line(Point(3, 1)), .line(Point(3, 3))])
        #expect(try Self.path("M0 0 L1 1 2 2 H3 4 V5 6") == [.move(.zero), .line(Point(1, 1)), .line(Point(2, 2)), .line(Point(3, 2)),
                                                             .line(Point(4, 2)), .line(Point(4, 5)), .line(Point(4, 6))])
    }

    @Test func relativeMoveAfterCloseStartsFromTheSubpathStart() throws {
        #expect(try Self.path("m10 10 l5 0 z m1 1 l1 0") == [.move(Point(10, 10)), .line(Point(15, 10)), .close,
                                                                .move(Point(11, 11)), .line(Point(12, 11))])
        // A line after Z starts a new contour at the subpath's start.
        #expect(try Self.path("M5 5 L9 5 Z l1 1") == [.move(Point(5, 5)), .line(Point(9, 5)), .close, .move(Point(5, 5)), .line(Point(6, 6))])
    }

    @Test func numberForms() throws {
        #expect(try Self.path("M-.5.5") == [.move(Point(-0.5, 0.5))])
        #expect(try Self.path("M1.5e-3,2E+1") == [.move(Point(0.0015, 20))])
        #expect(try Self.path("M+1-2") == [.move(Point(1, -2))])
        #expect(try Self.path("M1.2.3.4.5") == [.move(Point(1.2, 0.3)), .line(Point(0.4, 0.5))])
        #expect(try Self.path(" \t\nM 1 , 2\r\n") == [.move(Point(1, 2))])
        #expect(try Self.path("") == [])
        #expect(try Self.path("   ") == [])
    }

    @Test func cubicsAndSmoothCubics() throws {
        #expect(try Self.path("M0 0 C1 2 3 4 5 6 S9 10 11 12") == [
            .move(.zero), .cubic(Point(1, 2), Point(3, 4), Point(5, 6)), .cubic(Point(7, 8), Point(9, 10), Point(11, 12)),
        ])
        #expect(try Self.path("M1 1 c1 2 3 4 5 6 s4 4 6 6") == [
            .move(Point(1, 1)), .cubic(Point(2, 3), Point(4, 5), Point(6, 7)), .cubic(Point(8, 9), Point(10, 11), Point(12, 13)),
        ])
        // S without a preceding cubic: the first control point is the current point.
        #expect(try Self.path("M1 1 L2 2 S3 3 4 4") == [.move(Point(1, 1)), .line(Point(2, 2)), .cubic(Point(2, 2), Point(3, 3), Point(4, 4))])
    }

    @Test func quadsAndSmoothQuads() throws {
        #expect(try Self.path("M0 0 Q1 1 2 0 T4 0 T6 0") == [
            .move(.zero), .quad(Point(1, 1), Point(2, 0)), .quad(Point(3, -1), Point(4, 0)), .quad(Point(5, 1), Point(6, 0)),
        ])
        #expect(try Self.path("M1 0 q1 1 2 0 t2 0") == [.move(Point(1, 0)), .quad(Point(2, 1), Point(3, 0)), .quad(Point(4, -1), Point(5, 0))])
        // T after a cubic: the control point is the current point.
        #expect(try Self.path("M0 0 C1 1 2 1 3 0 T5 0") == [.move(.zero), .cubic(Point(1, 1), Point(2, 1), Point(3, 0)), .quad(Point(3, 0), Point(5, 0))])
    }

    /// The points of the arc's cubics: ends of every segment on the ellipse, and the curves between
    /// within 1e-3 of the radius of it (the quarter-turn cubic's error is 2.7e-4).
    static func checkOnEllipse(_ elements: [PathElement], centre: Point, rx: Double, ry: Double, label: String) {
        func level(_ p: Point) -> Double {
            let dx = (p.x - centre.x) / rx, dy = (p.y - centre.y) / ry
            return (dx * dx + dy * dy).squareRoot()
        }
        var last = Point.zero
        for e in elements {
            switch e {
            case .move(let p): last = p
            case .cubic(let c1, let c2, let p):
                #expect(abs(level(p) - 1) < 1e-12, "\(label): end \(p)")
                for k in 1 ..< 8 {
                    let t = Double(k) / 8, u = 1 - t
                    let q = last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                    #expect(abs(level(q) - 1) < 1e-3, "\(label): t \(t)")
                }
                last = p
            default: Issue.record("\(label): unexpected \(e)")
            }
        }
    }

    @Test func arcsLieOnTheEllipse() throws {
        // A half circle of radius 5 centred at (5, 0), clockwise on screen (sweep 1) through (5, -5).
        let half = try Self.path("M0 0 A5 5 0 0 1 10 0")
        #expect(half.count == 3)
        Self.checkOnEllipse(half, centre: Point(5, 0), rx: 5, ry: 5, label: "half")
        if case .cubic(_, _, let mid) = half[1] { #expect(Self.close(mid, Point(5, -5))) }
        // The other sweep goes through (5, 5).
        if case .cubic(_, _, let mid) = try Self.path("M0 0 A5 5 0 0 0 10 0")[1] { #expect(Self.close(mid, Point(5, 5))) }
        // A large arc of an ellipse rx 4, ry 2, centred at (4, 2): three quarters from (0, 2) to (4, 0).
        let large = try Self.path("M0 2 A4 2 0 1 0 4 0")
        #expect(large.count == 4)
        Self.checkOnEllipse(large, centre: Point(4, 2), rx: 4, ry: 2, label: "large")
    }

    @Test func rotatedArcLiesOnTheRotatedEllipse() throws {
        // An ellipse rx 10, ry 5 rotated by 90 degrees is rx 5, ry 10 on the axes.
        let arc = try Self.path("M0 0 a10 5 90 0 1 0 20")
        Self.checkOnEllipse(arc, centre: Point(0, 10), rx: 5, ry: 10, label: "rotated")
    }

    @Test func relativeArcWithFlagsWithoutSeparators() throws {
        let packed = try Self.path("M10 10a1 1 0 00 1 1")
        let spaced = try Self.path("M10 10 a 1 1 0 0 0 1 1")
        #expect(packed == spaced)
        let twice = try Self.path("M0 0a5 5 0 0110 0 5 5 0 0110 0")
        #expect(twice.count == 5)
        if case .cubic(_, _, let end) = twice[4] { #expect(end == Point(20, 0)) }
    }

    @Test func tooSmallRadiiAreScaledUpAndZeroRadiiAreLines() throws {
        // Radii 1 cannot span 10: scaled to 5, the half circle again.
        Self.checkOnEllipse(try Self.path("M0 0 A1 1 0 0 1 10 0"), centre: Point(5, 0), rx: 5, ry: 5, label: "scaled")
        #expect(try Self.path("M0 0 A0 5 0 0 1 10 0") == [.move(.zero), .line(Point(10, 0))])
        #expect(try Self.path("M0 0 A5 0 0 0 1 10 0") == [.move(.zero), .line(Point(10, 0))])
        // An arc to its own start is left out; negative radii are their absolute values.
        #expect(try Self.path("M3 3 A5 5 0 0 1 3 3") == [.move(Point(3, 3))])
        #expect(try Self.path("M0 0 A-5 -5 0 0 1 10 0") == (try Self.path("M0 0 A5 5 0 0 1 10 0")))
        // Radii or coordinates that overflow the arithmetic leave the chord.
        #expect(try Self.path("M0 0 A1e300 1e300 0 0 1 10 0") == [.move(.zero), .line(Point(10, 0))])
        #expect(try Self.path("M0 0 A1 1 0 0 1 1e308 0") == [.move(.zero), .line(Point(1e308, 0))])
    }

    static func failure(_ d: String) -> SVGPathDataError? {
        do { _ = try Path(svgPathData: d); return nil } catch let e as SVGPathDataError { return e } catch { return nil }
    }

    @Test func malformedDataNamesThePositionAndWhatWasExpected() {
        let cases: [(String, Int, String)] = [
            ("L0 0", 0, "moveto"),
            ("M0", 2, "a number"),
            ("M0 0 L1 x", 8, "a number"),
            ("M0 0 X1 1", 5, "a path command"),
            ("M0 0 A1 1 0 2 0 1 1", 12, "arc flag"),
            ("M0 0 L1 1,", 9, "a path command"),
            ("M0 0 L1e 2", 7, "a number"),
            ("M0 0 C1 1 2 2", 13, "a number"),
            ("M1e999 0", 1, "finite"),
            ("M0 0 L..5 1", 7, "a number"),
        ]
        for (d, position, expected) in cases {
            guard let e = Self.failure(d) else { Issue.record("'\(d)' was accepted"); continue }
            #expect(e.position == position, "'\(d)': \(e)")
            #expect(e.expected.contains(expected), "'\(d)': \(e)")
        }
        #expect(Self.failure("M0 0 L1 x")?.description == "at character 8 ('x'): expected a number")
        #expect(Self.failure("M0")?.description == "at character 2 (end of data): expected a number")
    }

    /// Random strings of the grammar's characters: read or refused, never a trap.
    @Test func randomDataNeverTraps() {
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE, 01e308")
        var rng = SeededRandom(seed: 7)
        var read = 0
        for _ in 0 ..< 5000 {
            let text = String((0 ..< rng.int(0 ... 40)).map { _ in alphabet[rng.int(0 ... alphabet.count - 1)] })
            guard let path = try? Path(svgPathData: text) else { continue }
            read += 1
            _ = path.controlBounds
        }
        #expect(read > 100)
    }
}

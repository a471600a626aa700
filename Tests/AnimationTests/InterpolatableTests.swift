import Testing
import Geometry
@testable import Animation

@Suite struct InterpolatableTests {
    @Test func endpointsAreExact() {
        for (a, b) in [(0.1, 0.3), (-7.3, 1e-9), (1e300, -1e300), (3, 3)] {
            #expect(Double.interpolate(a, b, 0) == a)
            #expect(Double.interpolate(a, b, 1) == b)
        }
        #expect(Double.interpolate(0.1, 0.1, 0.37) == 0.1)
        #expect(Float.interpolate(1, 3, 0.5) == 2)
        #expect(Float.interpolate(0.1, 0.7, 1) == 0.7)
    }

    @Test func geometryIsComponentWise() {
        #expect(Point.interpolate(Point(0, 10), Point(4, 20), 0.25) == Point(1, 12.5))
        #expect(Rect.interpolate(Rect(x: 0, y: 0, width: 10, height: 20), Rect(x: 2, y: 4, width: 20, height: 40), 0.5)
                == Rect(x: 1, y: 2, width: 15, height: 30))
        #expect(Transform.interpolate(.identity, .translation(10, -4), 0.5) == .translation(5, -2))
        #expect(Transform.interpolate(.scale(1, 1), .scale(3, 5), 0.5) == .scale(2, 3))
    }

    @Test func arraysAreElementWise() {
        #expect([Double].interpolate([0, 1, 2], [10, 11, 12], 0.5) == [5, 6, 7])
        #expect([Double].interpolate([0, 1], [10, 11, 12], 0.4) == [0, 1])
        #expect([Double].interpolate([0, 1], [10, 11, 12], 0.6) == [10, 11, 12])
    }

    @Test func additiveArithmetic() {
        #expect(Point(1, 2).scaled(by: 3) == Point(3, 6))
        #expect(Float(1.5).scaled(by: 2) == 3)
        #expect(Point.zero + Point(1, 1) - Point(2, 0) == Point(-1, 1))
    }
}

import Testing
@testable import Animation

@Suite struct TimingFunctionTests {
    static let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    @Test(arguments: named + [try! TimingFunction.cubicBezier(1, 0, 0, 1), try! .cubicBezier(0.3, -0.5, 0.7, 1.5)])
    func endpointsAreExact(_ f: TimingFunction) {
        #expect(f.apply(0) == 0)
        #expect(f.apply(1) == 1)
        #expect(f.apply(-3) == 0)
        #expect(f.apply(7) == 1)
        #expect(f.apply(.nan) == 0)
    }

    @Test func linearIsTheIdentity() {
        for k in 0...1000 {
            let x = Double(k) / 1000
            #expect(TimingFunction.linear.apply(x) == x)
        }
    }

    @Test func knownValues() {
        // Reference values from a 200-step bisection in double precision.
        let cases: [(TimingFunction, [Double])] = [
            (.easeInEaseOut, [0.1291619310473198, 0.5, 0.8708380689526802]),
            (.easeIn, [0.09346465071882484, 0.31535681257253945, 0.62186186917489]),
            (.easeOut, [0.37813813082510966, 0.6846431874274606, 0.9065353492811752]),
            (.default, [0.40851059135539586, 0.802403387584857, 0.9604589783489741]),
        ]
        for (f, values) in cases {
            for (x, y) in zip([0.25, 0.5, 0.75], values) {
                #expect(abs(f.apply(x) - y) < 1e-9, "\(f) at \(x)")
            }
        }
        #expect(abs(TimingFunction.easeInEaseOut.apply(0.5) - 0.5) < 1e-9)
    }

    @Test(arguments: named + [try! TimingFunction.cubicBezier(1, 0, 0, 1), try! .cubicBezier(0.9, 0.1, 0.1, 0.9),
                              try! .cubicBezier(0, 1, 1, 0)])
    func monotoneOverAGrid(_ f: TimingFunction) {
        var previous = f.apply(0)
        for k in 1...10_000 {
            let y = f.apply(Double(k) / 10_000)
            #expect(y >= previous, "\(f) decreases at \(k)")
            previous = y
        }
    }

    @Test func solvesTheCurve() {
        // Points on the curve by its parameter: apply(x(s)) must give y(s).
        let f = try! TimingFunction.cubicBezier(0.2, 0.7, 0.9, 0.1)
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        for k in 1..<500 {
            let s = Double(k) / 500
            #expect(abs(f.apply(bezier(s, 0.2, 0.9)) - bezier(s, 0.7, 0.1)) < 1e-9)
        }
    }

    @Test func invalidControlPointsAreRejected() {
        #expect(throws: AnimationError.controlPointXOutOfRange(index: 1, x: 1.5)) {
            try TimingFunction.cubicBezier(1.5, 0, 0.5, 1)
        }
        #expect(throws: AnimationError.controlPointXOutOfRange(index: 2, x: -0.1)) {
            try TimingFunction.cubicBezier(0.5, 0, -0.1, 1)
        }
        #expect(throws: AnimationError.nonFiniteControlPoint(index: 1)) {
            try TimingFunction.cubicBezier(.nan, 0, 0.5, 1)
        }
        #expect(throws: AnimationError.nonFiniteControlPoint(index: 2)) {
            try TimingFunction.cubicBezier(0.5, 0, 0.5, .infinity)
        }
        let message = AnimationError.controlPointXOutOfRange(index: 1, x: 1.5).description
        #expect(message.contains("x must be within 0...1"))
        // y may overshoot (a "back" curve).
        #expect(throws: Never.self) { try TimingFunction.cubicBezier(0.3, -0.5, 0.7, 1.5) }
    }
}

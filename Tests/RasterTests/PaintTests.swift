import Testing
import Geometry
@testable import Raster
import TestSupport

@Suite struct PaintTests {
    static let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)

    @Test func aRadialGradientRunsFromTheCentreToTheRadius() throws {
        let p = Paint.radial(stops: [GradientStop(Self.red, at: 0), GradientStop(Self.blue, at: 1)], center: Point(10, 20), radius: 8)
        let g = try #require(p.canvasGradient(ctm: .identity))
        #expect(g.parameter(x: 10, y: 20) == 0)
        #expect(abs(g.parameter(x: 18, y: 20) - 1) < 1e-12)
        #expect(abs(g.parameter(x: 10, y: 16) - 0.5) < 1e-12)
        #expect(g.premultipliedColor(at: g.parameter(x: 30, y: 20)) == SIMD4(0, 0, 1, 1))
        // Under a scale by 2 about the origin the centre lands at (20, 40) and the radius is 16.
        let s = try #require(p.canvasGradient(ctm: .scale(2, 2)))
        #expect(abs(s.parameter(x: 20, y: 40 + 16) - 1) < 1e-12)
    }

    @Test func aLinearGradientAtAnAngleIsConstantAcrossItsAxis() throws {
        let stops = [GradientStop(Self.red, at: 0), GradientStop(.white, at: 0.5), GradientStop(Self.blue, at: 1)]
        let g = try #require(Paint.linear(stops: stops, start: Point(0, 0), end: Point(10, 10)).canvasGradient(ctm: .identity))
        #expect(abs(g.parameter(x: 5, y: 5) - 0.5) < 1e-12)
        #expect(abs(g.parameter(x: 0, y: 10) - 0.5) < 1e-12)
        #expect(g.straightColor(at: 0.5) == SIMD4(1, 1, 1, 1))
        #expect(g.straightColor(at: 0.75) == SIMD4(0.5, 0.5, 1, 1))
    }

    @Test func stopsMustBeInOrderWithinZeroToOne() {
        #expect(Paint.validStops([GradientStop(.black, at: 0), GradientStop(.white, at: 1)]))
        #expect(Paint.validStops([GradientStop(.black, at: 0.5), GradientStop(.white, at: 0.5)]))
        #expect(!Paint.validStops([GradientStop(.black, at: 0.6), GradientStop(.white, at: 0.5)]))
        #expect(!Paint.validStops([GradientStop(.black, at: -0.1)]))
        #expect(!Paint.validStops([GradientStop(.black, at: 1.5)]))
        #expect(!Paint.validStops([]))
    }

    @Test func aDegenerateGradientDrawsItsLastStop() {
        let p = Paint.linear(stops: [GradientStop(Self.red, at: 0), GradientStop(Self.blue, at: 1)], start: Point(3, 3), end: Point(3, 3))
        #expect(p.canvasGradient(ctm: .identity) == nil)
        #expect(p.fallbackColor == Self.blue)
        #expect(Paint.solid(Self.red).solidColor == Self.red)
        #expect(Paint.radial(stops: [GradientStop(Self.red, at: 0), GradientStop(Self.red, at: 1)], center: .zero, radius: 3).solidColor == Self.red)
    }
}

@Suite struct ShadowBlurTests {
    /// Filter Effects' box size: d = floor(σ · 3√(2π)/4 + 0.5).
    @Test func boxSizesFollowTheFilterEffectsFormula() {
        #expect(ShadowBlur.boxSize(radius: 0) == 0)
        #expect(ShadowBlur.boxSize(radius: 4) == 4)       // σ 2: 4.26
        #expect(ShadowBlur.boxSize(radius: 10) == 9)      // σ 5: 9.90
        #expect(ShadowBlur.boxSize(radius: 20) == 19)     // σ 10: 19.30
        #expect(ShadowBlur.spread(radius: 4) == 6)        // boxes 2|1, 1|2, 2|2
        #expect(ShadowBlur.spread(radius: 10) == 12)      // three of 4|4
    }

    /// A square far from the edges: the blur keeps its area, is symmetric, spreads exactly as far
    /// as the boxes reach, and the offset moves it by whole pixels.
    @Test func theBlurKeepsTheAreaAndSpreadsAsFarAsItsBoxes() {
        let w = 64, h = 64
        var src = Coverage(width: w, height: h)
        for y in 28 ..< 36 { for x in 28 ..< 36 { src[x, y] = 1 } }
        let blur = ShadowBlur()
        var out = Coverage(width: w, height: h)
        var a = src
        blur.shadow(of: &a, radius: 10, dx: 0, dy: 0, opacity: 1, into: &out)
        #expect(abs(out.totalArea - 64) < 1e-3)
        for y in 0 ..< h { for x in 0 ..< w { #expect(abs(out[x, y] - out[63 - x, 63 - y]) < 1e-5) } }
        // Spread 12 each way from the square's pixels 28...35.
        #expect(out[16, 32] > 0 && out[15, 32] == 0 && out[47, 32] > 0 && out[48, 32] == 0)
        var b = src
        var moved = Coverage(width: w, height: h)
        blur.shadow(of: &b, radius: 10, dx: 3, dy: -2, opacity: 0.5, into: &moved)
        for y in 2 ..< h { for x in 0 ..< w - 3 { #expect(moved[x + 3, y - 2] == out[x, y] * 0.5) } }
        // Radius 0: the source itself.
        var c = src
        blur.shadow(of: &c, radius: 0, dx: 0, dy: 0, opacity: 1, into: &moved)
        #expect(moved == src)
    }

    /// The three boxes against a direct convolution of the same boxes.
    @Test func theRunningSumsEqualTheBoxesSummedDirectly() {
        var r = SeededRandom(seed: 5)
        let w = 23, h = 17
        var src = Coverage(width: w, height: h)
        for i in src.values.indices where r.int(0 ... 2) == 0 { src.values[i] = Float(r.double(0 ... 1)) }
        for radius in [1.0, 3, 4, 7, 12] {
            let d = ShadowBlur.boxSize(radius: radius)
            var expected = src.values.map(Double.init)
            for k in 0 ..< ShadowBlur.boxCount(d) {
                let (lo, hi) = ShadowBlur.box(d, k)
                var next = expected
                for y in 0 ..< h { for x in 0 ..< w {
                    var s = 0.0
                    for q in x - lo ... x + hi where q >= 0 && q < w { s += expected[y * w + q] }
                    next[y * w + x] = s / Double(lo + hi + 1)
                } }
                expected = next
            }
            for k in 0 ..< ShadowBlur.boxCount(d) {
                let (lo, hi) = ShadowBlur.box(d, k)
                var next = expected
                for y in 0 ..< h { for x in 0 ..< w {
                    var s = 0.0
                    for q in y - lo ... y + hi where q >= 0 && q < h { s += expected[q * w + x] }
                    next[y * w + x] = s / Double(lo + hi + 1)
                } }
                expected = next
            }
            var a = src, out = Coverage(width: w, height: h)
            ShadowBlur().shadow(of: &a, radius: radius, dx: 0, dy: 0, opacity: 1, into: &out)
            for i in expected.indices { #expect(abs(Double(out.values[i]) - expected[i]) < 1e-5, "radius \(radius) at \(i)") }
        }
    }
}

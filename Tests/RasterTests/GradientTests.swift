import Geometry
import Raster
import Testing

/// The linear gradient: stops, extension beyond the ends, straight-RGBA blending, hard stops, and
/// per-pixel-centre evaluation through the canvas.
@Suite struct GradientTests {
    static let red = Color(r: 0xF2, g: 0x45, b: 0x57)

    @Test func parameterRunsFromStartToEndAndIsConstantAcrossTheAxis() throws {
        let g = try #require(Gradient(colors: [.black, .white], locations: nil, start: Point(10, 0), end: Point(30, 0)))
        #expect(g.parameter(x: 10, y: 0) == 0 && g.parameter(x: 30, y: 99) == 1 && g.parameter(x: 20, y: -5) == 0.5)
        let diagonal = try #require(Gradient(colors: [.black, .white], locations: nil, start: .zero, end: Point(4, 2)))
        // Perpendicular to the axis (along (-1, 2)) the parameter does not change.
        #expect(abs(diagonal.parameter(x: 2, y: 1) - 0.5) < 1e-12 && abs(diagonal.parameter(x: 1, y: 3) - 0.5) < 1e-12)
        #expect(Gradient(colors: [.black], locations: nil, start: Point(3, 3), end: Point(3, 3)) == nil)
    }

    @Test func coloursBlendStraightAndExtendBeyondTheEnds() throws {
        let g = try #require(Gradient(colors: [.clear, Self.red], locations: [0.2, 0.6], start: .zero, end: Point(1, 0)))
        #expect(g.straightColor(at: -5) == .zero)
        #expect(g.straightColor(at: 0.2) == .zero)
        #expect(g.straightColor(at: 7) == SIMD4(Float(0xF2), 0x45, 0x57, 255) / 255)
        // Halfway, straight RGBA: half of red's channels (clear is transparent black) and alpha 1/2.
        let mid = g.straightColor(at: 0.4)
        #expect(abs(mid.x - 0xF2 / 255 / 2) < 1e-6 && abs(mid.w - 0.5) < 1e-6)
        let pm = g.premultipliedColor(at: 0.4)
        #expect(abs(pm.x - 0xF2 / 255 / 4) < 1e-6)    // so the premultiplied red is a quarter, not a half
    }

    @Test func equalLocationsAreHardStopsAndAllEqualShowsOnlyTheOuterColours() throws {
        let colors = [Color.clear, Self.red, Self.red, Color.clear]
        let band = try #require(Gradient(colors: colors, locations: [0.2, 0.2, 0.8, 0.8], start: .zero, end: Point(1, 0)))
        #expect(band.straightColor(at: 0.19999).w == 0)
        #expect(band.straightColor(at: 0.2).w == 1)
        #expect(band.straightColor(at: 0.79999).w == 1)
        #expect(band.straightColor(at: 0.8).w == 0)
        let closed = try #require(Gradient(colors: colors, locations: [0.7, 0.7, 0.7, 0.7], start: .zero, end: Point(1, 0)))
        for t in stride(from: -1.0, through: 2, by: 0.01) { #expect(closed.straightColor(at: t).w == 0, "t = \(t)") }
        #expect(closed.straightColor(at: 0.7).w == 0)
    }

    @Test func canvasEvaluatesAtPixelCentresWithCoverage() throws {
        let g = try #require(Gradient(colors: [.black, .white], locations: nil, start: Point(0, 0), end: Point(8, 0)))
        var canvas = Canvas(width: 8, height: 2)
        var cov = Coverage(width: 8, height: 2)
        for i in 0 ..< 8 { cov[i, 0] = 1; cov[i, 1] = 0.5 }
        canvas.fill(g, coverage: cov)
        let px = canvas.pixmap()
        for i in 0 ..< 8 {
            let v = UInt8(((Double(i) + 0.5) / 8 * 255).rounded())
            #expect(px.pixel(i, 0) == SIMD4(v, v, v, 255), "pixel \(i)")
            #expect(px.pixel(i, 1).w == 128)
        }
    }

    @Test func mismatchedLocationsFallBackToEvenSpacing() {
        let g = Gradient(colors: [.black, .white, .black], locations: [0, 1], ax: 1, ay: 0, c: 0)
        #expect(g.locations == [0, 0.5, 1])
        #expect(Gradient(colors: [], locations: nil, ax: 1, ay: 0, c: 0).straightColor(at: 0.5) == .zero)
    }
}

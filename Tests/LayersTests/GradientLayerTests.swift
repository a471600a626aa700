import Testing
import Geometry
import Raster
import Animation
@testable import Layers

func canvasRoot(_ w: Int, _ h: Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h)); root.anchorPoint = .zero
    return root
}

/// CAGradientLayer: unit-coordinate start and end points mapped onto the bounds, stops, extension,
/// transforms, and locations and colours animated through typed key paths.
@Suite struct GradientLayerTests {
    static let red = Color(r: 0xF2, g: 0x45, b: 0x57)

    static func horizontal(_ w: Int, _ h: Int) -> GradientLayer {
        let g = GradientLayer()
        g.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h)); g.anchorPoint = .zero
        g.colors = [.black, .white]
        g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5)
        return g
    }

    @Test func unitPointsMapOntoTheBoundsAndColoursAreTakenAtPixelCentres() {
        let root = canvasRoot(10, 3)
        let g = Self.horizontal(10, 3)
        root.addSublayer(g)
        let px = LayerRenderer().renderPixmap(root, width: 10, height: 3)
        for i in 0 ..< 10 {
            let v = UInt8(((Double(i) + 0.5) / 10 * 255).rounded())
            #expect(px.pixel(i, 1) == SIMD4(v, v, v, 255), "pixel \(i)")
            #expect(px.pixel(i, 0) == px.pixel(i, 2))
        }
    }

    @Test func defaultAxisIsTopToBottomAndEndsExtend() {
        let root = canvasRoot(4, 20)
        let g = GradientLayer()
        g.bounds = Rect(x: 0, y: 0, width: 4, height: 20); g.anchorPoint = .zero
        g.colors = [Self.red, .white]
        g.locations = [0.25, 0.5]
        root.addSublayer(g)
        let px = LayerRenderer().renderPixmap(root, width: 4, height: 20)
        #expect(px.pixel(2, 0) == SIMD4(0xF2, 0x45, 0x57, 255))          // before 0.25: the first colour
        #expect(px.pixel(2, 4) == SIMD4(0xF2, 0x45, 0x57, 255))
        #expect(px.pixel(2, 10) == SIMD4(255, 255, 255, 255))            // at 0.5 and after: the last
        #expect(px.pixel(2, 19) == SIMD4(255, 255, 255, 255))
        #expect(px.pixel(2, 7) != px.pixel(2, 6))                        // blending in between
    }

    @Test func gradientTurnsWithItsLayerAndOnlyCoversItsBounds() {
        let root = canvasRoot(20, 20)
        let g = Self.horizontal(10, 4)
        g.anchorPoint = Point(0.5, 0.5); g.position = Point(10, 10)
        g.transform = .rotation(Double.pi / 2)           // the axis now runs top to bottom
        root.addSublayer(g)
        let px = LayerRenderer().renderPixmap(root, width: 20, height: 20)
        // The rotated layer covers x 8...12, y 5...15; its start (black) is at the top.
        #expect(px.pixel(10, 5).x < px.pixel(10, 14).x)
        #expect(px.pixel(8, 9) == px.pixel(11, 9))       // constant across the axis
        #expect(px.pixel(7, 10).w == 0 && px.pixel(12, 10).w == 0 && px.pixel(10, 4).w == 0)
        #expect(px.pixel(10, 5).w == 255 && px.pixel(10, 14).w == 255)
    }

    @Test func locationsAnimateThroughATypedKeyPath() {
        let g = Self.horizontal(20, 1)
        g.colors = [.clear, Self.red, Self.red, .clear]
        g.locations = [0.7, 0.7, 0.7, 0.7]
        let spread = BasicAnimation<GradientLayer, [Double]?>(keyPath: \GradientLayer.locations,
                                                               from: [0.7, 0.7, 0.7, 0.7], to: [0, 0, 1, 1],
                                                               timing: MediaTiming(duration: 0.3, fillMode: .forwards))
        g.add(spread, forKey: "spread")
        func locations(_ t: Double) -> [Double]? { (g.presentation(at: t) as? GradientLayer)?.locations }
        #expect(locations(0) == [0.7, 0.7, 0.7, 0.7])
        let mid = locations(0.15) ?? []
        #expect(mid.count == 4 && abs(mid[0] - 0.35) < 1e-12 && abs(mid[3] - 0.85) < 1e-12)
        #expect(locations(0.3) == [0, 0, 1, 1] && locations(5) == [0, 0, 1, 1])
        #expect(g.locations == [0.7, 0.7, 0.7, 0.7])       // the model is untouched
        // Drawn: at the start nothing shows, at the end the whole layer is red.
        let r = LayerRenderer()
        #expect(r.renderPixmap(g.presentation(at: 0), width: 20, height: 1).bytes.allSatisfy { $0 == 0 })
        let end = r.renderPixmap(g.presentation(at: 1), width: 20, height: 1)
        for i in 0 ..< 20 { #expect(end.pixel(i, 0) == SIMD4(0xF2, 0x45, 0x57, 255)) }
    }

    /// A presentation copy whose paint was made once and then not again for a while (a layer not
    /// drawn) holds no animated value: the animation keeps writing its results into the same few
    /// arrays, none copied (a copy is an allocation per frame).
    @Test func aPaintMadeOnceHoldsNoAnimatedLocations() throws {
        let g = Self.horizontal(20, 1)
        g.colors = [.clear, Self.red, Self.red, .clear]
        g.locations = [0.7, 0.7, 0.7, 0.7]
        g.add(BasicAnimation<GradientLayer, [Double]?>(keyPath: \GradientLayer.locations, from: [0.7, 0.7, 0.7, 0.7], to: [0, 0, 1, 1],
                                                       timing: MediaTiming(duration: 1)), forKey: "spread")
        let tree = try #require(g.presentation(at: 0.05) as? GradientLayer)
        func storage() -> UInt { tree.locations.map { a in a.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } } ?? 0 }
        var seen = [storage()]
        #expect(tree.paint != nil)              // made from the first value, then not again
        for k in 1 ... 12 {
            _ = g.presentation(at: 0.05 + Double(k) * 0.05, reusing: tree)
            seen.append(storage())
        }
        #expect(Set(seen).count == 4, "the results took \(Set(seen).count) arrays: \(seen)")
        for k in 4 ..< seen.count { #expect(seen[k] == seen[k - 4], "result \(k) was copied") }
    }

    @Test func coloursAnimateThroughATypedKeyPath() {
        let g = Self.horizontal(4, 1)
        let a = BasicAnimation<GradientLayer, [Color]>(keyPath: \GradientLayer.colors, from: [.black, .black],
                                                        to: [.white, Color(r: 0, g: 0, b: 0, a: 0)], timing: MediaTiming(duration: 1))
        g.add(a, forKey: "c")
        let c = (g.presentation(at: 0.5) as? GradientLayer)?.colors
        #expect(c == [Color(r: 128, g: 128, b: 128), Color(r: 0, g: 0, b: 0, a: 128)])
    }
}

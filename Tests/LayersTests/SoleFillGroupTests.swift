import Testing
import Geometry
import Raster
@testable import Layers
import TestSupport

/// A translucent layer holding one solid fill (a fading particle) is composited without its
/// group's buffer: the pixels must be exactly those of the buffered group.
@Suite struct SoleFillGroupTests {
    /// Faded shapes over a background (or a transparent canvas); with `buffered`, each faded layer
    /// also holds a shape far off the canvas, which changes no pixel but makes its group take the
    /// buffer.
    static func tree(seed: UInt64, background: Bool, buffered: Bool) -> Layer {
        var g = SeededRandom(seed: seed)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 64, height: 48); root.anchorPoint = .zero
        if background { root.backgroundColor = Color(r: 20, g: 30, b: 200) }
        for _ in 0 ..< 12 {
            let s = ShapeLayer()
            var p = Path()
            let c = Point(g.double(-4 ... 68), g.double(-4 ... 52)), r = g.double(0.5 ... 14)
            let n = g.int(3 ... 24)
            for k in 0 ..< n {
                let a = 2 * Double.pi * Double(k) / Double(n)
                let q = Point(c.x + r * .cosine(a), c.y + r * .sine(a))
                if k == 0 { p.move(to: q) } else { p.line(to: q) }
            }
            p.close()
            s.path = p
            s.fillColor = Color(r: UInt8(g.int(0 ... 255)), g: UInt8(g.int(0 ... 255)), b: UInt8(g.int(0 ... 255)),
                                a: UInt8([255, 180, 40][g.int(0 ... 2)]))
            s.opacity = [1, 0.7, 0.31, 0.02][g.int(0 ... 3)]
            if buffered, s.opacity < 1 {
                let away = ShapeLayer()
                var q = Path()
                q.move(to: Point(-500, -500)); q.line(to: Point(-490, -500)); q.line(to: Point(-490, -480)); q.close()
                away.path = q
                away.fillColor = Color(r: 255, g: 0, b: 0)
                s.addSublayer(away)
            }
            root.addSublayer(s)
        }
        return root
    }

    @Test(arguments: 0 ..< 12)
    func aFadedSoleFillEqualsItsBufferedGroup(seed: Int) {
        for background in [true, false] {
            let direct = FastLayerRenderer().renderPixmap(Self.tree(seed: UInt64(seed), background: background, buffered: false),
                                                          width: 64, height: 48)
            let buffered = FastLayerRenderer().renderPixmap(Self.tree(seed: UInt64(seed), background: background, buffered: true),
                                                            width: 64, height: 48)
            #expect(direct == buffered, "seed \(seed) background \(background)")
            #expect(direct != Pixmap(width: 64, height: 48))
        }
    }
}

import Testing
import Geometry
import Raster
import Animation
@testable import Layers
import TestSupport

/// Random layer trees: shapes (curves, both fill rules), strokes (every join and cap, trimmed),
/// gradients, backgrounds, masks (shapes, gradients, nested groups), opacity, transforms (rotation,
/// scale, shear, subpixel translation) and masksToBounds, with translucent colours.
enum RandomTrees {
    static func color(_ r: inout SeededRandom, opaque: Bool = false) -> Color {
        Color(r: UInt8(r.int(0 ... 255)), g: UInt8(r.int(0 ... 255)), b: UInt8(r.int(0 ... 255)),
              a: opaque ? 255 : UInt8([255, 255, 200, 128, 30][r.int(0 ... 4)]))
    }

    static func path(_ r: inout SeededRandom, in box: Rect) -> Path {
        var p = Path()
        func pt() -> Point { Point(r.double(box.minX ... box.maxX), r.double(box.minY ... box.maxY)) }
        for _ in 0 ..< r.int(1 ... 2) {
            p.move(to: pt())
            for _ in 0 ..< r.int(2 ... 5) {
                switch r.int(0 ... 2) {
                case 0: p.line(to: pt())
                case 1: p.quad(to: pt(), control: pt())
                default: p.cubic(to: pt(), control1: pt(), control2: pt())
                }
            }
            if r.int(0 ... 3) > 0 { p.close() }
        }
        return p
    }

    /// A linear gradient at any angle or a radial one, with one to five stops in order.
    static func paint(_ r: inout SeededRandom, in box: Rect) -> Paint {
        let locations = (0 ..< r.int(1 ... 5)).map { _ in r.double(0 ... 1) }.sorted()
        let stops = locations.map { GradientStop(color(&r), at: $0) }
        func pt() -> Point { Point(r.double(box.minX ... box.maxX), r.double(box.minY ... box.maxY)) }
        if r.int(0 ... 1) == 0 { return .linear(stops: stops, start: pt(), end: pt()) }
        return .radial(stops: stops, center: pt(), radius: r.double(1 ... max(2, box.width)))
    }

    static func transform(_ r: inout SeededRandom) -> Transform {
        switch r.int(0 ... 4) {
        case 0, 1: return .identity
        case 2: return .rotation(r.double(-3.2 ... 3.2))
        case 3: return .scale(r.double(0.4 ... 1.6), r.double(0.4 ... 1.6))
        default: return Transform(a: 1, b: r.double(-0.4 ... 0.4), c: r.double(-0.4 ... 0.4), d: 1, tx: 0, ty: 0)
        }
    }

    static func layer(_ r: inout SeededRandom, size: Double, depth: Int) -> Layer {
        let l: Layer
        let box = Rect(x: 0, y: 0, width: r.double(size * 0.3 ... size), height: r.double(size * 0.3 ... size))
        switch r.int(0 ... 3) {
        case 0:
            let s = ShapeLayer()
            s.path = path(&r, in: box)
            s.fillColor = r.int(0 ... 4) == 0 ? nil : color(&r)
            s.fillRule = r.int(0 ... 1) == 0 ? .nonZero : .evenOdd
            if r.int(0 ... 2) == 0 {
                s.strokeColor = color(&r)
                s.lineWidth = r.double(0.5 ... 9)
                s.lineJoin = [.miter, .round, .bevel][r.int(0 ... 2)]
                s.lineCap = [.butt, .round, .square][r.int(0 ... 2)]
                s.miterLimit = r.double(1 ... 10)
                if r.int(0 ... 1) == 0 { s.strokeStart = r.double(0 ... 0.5); s.strokeEnd = r.double(0.3 ... 1) }
            }
            if r.int(0 ... 2) == 0 { s.fillPaint = paint(&r, in: box) }
            if r.int(0 ... 3) == 0 { s.strokePaint = paint(&r, in: box) }
            l = s
        case 1:
            let g = GradientLayer()
            g.colors = (0 ..< r.int(1 ... 4)).map { _ in color(&r) }
            if r.int(0 ... 1) == 0 { g.locations = g.colors.map { _ in r.double(0 ... 1) }.sorted() }
            g.startPoint = Point(r.double(-0.2 ... 1.2), r.double(-0.2 ... 1.2))
            g.endPoint = Point(r.double(-0.2 ... 1.2), r.double(-0.2 ... 1.2))
            l = g
        default:
            l = Layer()
        }
        l.bounds = box
        l.anchorPoint = Point(r.double(0 ... 1), r.double(0 ... 1))
        l.position = Point(r.double(0 ... size), r.double(0 ... size))
        l.transform = transform(&r)
        if r.int(0 ... 3) == 0 { l.backgroundColor = color(&r) }
        if r.int(0 ... 3) == 0 { l.opacity = r.double(0.1 ... 1) }
        if r.int(0 ... 4) == 0 { l.masksToBounds = true }
        if r.int(0 ... 5) == 0 { l.isHidden = true }
        if r.int(0 ... 3) == 0 {
            l.shadowOpacity = r.double(0.2 ... 1)
            l.shadowColor = color(&r)
            l.shadowRadius = [0, 0.4, 1.5, 3, 6.5, 11][r.int(0 ... 5)]
            l.shadowOffset = Point(r.double(-6 ... 6), r.double(-6 ... 6))
            if r.int(0 ... 1) == 0 { l.shadowPath = path(&r, in: box) }
        }
        if depth > 0 {
            for _ in 0 ..< r.int(0 ... 3) { l.addSublayer(layer(&r, size: size * 0.8, depth: depth - 1)) }
            if r.int(0 ... 3) == 0 { l.mask = layer(&r, size: size, depth: depth - 1) }
        }
        return l
    }

    static func tree(seed: UInt64, size: Int) -> Layer {
        var r = SeededRandom(seed: seed)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
        root.anchorPoint = .zero
        if r.int(0 ... 1) == 0 { root.backgroundColor = color(&r) }
        for _ in 0 ..< r.int(1 ... 4) { root.addSublayer(layer(&r, size: Double(size), depth: 2)) }
        return root
    }
}

/// The largest difference of any channel between two pixmaps of one size, and where.
func maxChannelDifference(_ a: Pixmap, _ b: Pixmap) -> (diff: Int, x: Int, y: Int) {
    var best = (0, 0, 0)
    for i in a.bytes.indices {
        let d = abs(Int(a.bytes[i]) - Int(b.bytes[i]))
        if d > best.0 { best = (d, (i / 4) % a.width, (i / 4) / a.width) }
    }
    return best
}

@Suite struct FastRendererTests {
    @Test(arguments: 0 ..< 48)
    func randomTreesMatchTheReferenceWithinOneLevel(seed: Int) {
        let size = 48
        let root = RandomTrees.tree(seed: UInt64(seed) &* 7919 &+ 17, size: size)
        let reference = LayerRenderer().renderPixmap(root, width: size, height: size)
        let fast = FastLayerRenderer().renderPixmap(root, width: size, height: size)
        let d = maxChannelDifference(reference, fast)
        #expect(d.diff <= 1, "seed \(seed): channel differs by \(d.diff) at (\(d.x), \(d.y))")
    }

    /// An opaque background: rows and columns no other layer reaches are written as its colour
    /// directly, the rest composited; both must match the reference.
    @Test(arguments: 0 ..< 24)
    func opaqueBackgroundsMatchTheReferenceWithinOneLevel(seed: Int) {
        let size = 64
        var r = SeededRandom(seed: UInt64(seed) &+ 777)
        let root = RandomTrees.tree(seed: UInt64(seed) &* 104729 &+ 3, size: size)
        root.backgroundColor = RandomTrees.color(&r, opaque: true)
        // Some content kept to a corner, so that whole rows and columns show only the background.
        if seed % 2 == 0 { root.sublayers.forEach { $0.transform = .scale(0.4, 0.4) } }
        let reference = LayerRenderer().renderPixmap(root, width: size, height: size)
        let fast = FastLayerRenderer().renderPixmap(root, width: size, height: size)
        let d = maxChannelDifference(reference, fast)
        #expect(d.diff <= 1, "seed \(seed): channel differs by \(d.diff) at (\(d.x), \(d.y))")
    }

    @Test func twoThreadsDrawTheSamePixelsAsOne() {
        let size = 300
        let root = RandomTrees.tree(seed: 4242, size: size)
        let one = FastLayerRenderer().renderPixmap(root, width: size, height: size)
        let r = FastLayerRenderer()
        r.threads = 2
        let two = r.renderPixmap(root, width: size, height: size)
        #expect(one == two)
    }

    /// Animated random trees: every frame drawn from the last one (damage only) equals a frame drawn
    /// whole, and no pixel outside the reported damage changed.
    @Test(arguments: 0 ..< 8)
    func damagedFramesEqualWholeFramesAndChangeNothingOutsideTheDamage(seed: Int) throws {
        let size = 40
        var r = SeededRandom(seed: UInt64(seed) &+ 99)
        let model = RandomTrees.tree(seed: UInt64(seed) &* 31 &+ 5, size: size)
        // Animate a few layers: position (whole and fractional steps), opacity, colour, stroke end.
        var all: [Layer] = []
        func collect(_ l: Layer) { all.append(l); l.sublayers.forEach(collect); if let m = l.mask { collect(m) } }
        model.sublayers.forEach(collect)
        for l in all where r.int(0 ... 2) == 0 {
            let dx = [0, 3, 0.37, 12][r.int(0 ... 3)]
            l.add(AnyAnimation(try KeyframeAnimation<Layer, Point>(keyPath: \Layer.position, values: [l.position, l.position + Point(dx, dx / 2)],
                                                                   keyTimes: [0, 1], timing: MediaTiming(duration: 1))), forKey: "p")
            if r.int(0 ... 2) == 0 {
                l.add(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 1, to: 0.3, timing: MediaTiming(duration: 1)), forKey: "o")
            }
            if let s = l as? ShapeLayer, s.strokeColor != nil {
                s.add(BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: 1)),
                      forKey: "e")
            }
        }
        let renderer = FastLayerRenderer()
        renderer.threads = seed % 2 == 0 ? 1 : 2       // new tiles rasterized on two threads
        var frame = Pixmap(width: size, height: size)
        var tree: Layer?
        for n in 0 ... 12 {
            let t = n < 10 ? Double(n) / 10 : 1.0        // the last frames repeat: nothing changes
            tree = model.presentation(at: t, reusing: tree)
            guard let tree else { return }
            let before = frame
            let rows = renderer.render(tree, into: &frame, width: size, height: size)
            let whole = FastLayerRenderer().renderPixmap(model.presentation(at: t), width: size, height: size)
            #expect(frame == whole, "seed \(seed) frame \(n): the damaged frame differs from a whole frame")
            if n > 0 {
                for y in 0 ..< size {
                    for x in 0 ..< size where before.pixel(x, y) != frame.pixel(x, y) {
                        let inside = renderer.damage.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                        #expect(inside && rows.contains(y), "seed \(seed) frame \(n): (\(x), \(y)) changed outside the damage")
                    }
                }
            }
            if n == 12 { #expect(renderer.damage.isEmpty && rows.isEmpty, "seed \(seed): an unchanged frame drew \(renderer.damage)") }
        }
    }

    /// Layers that vanish and come back (opacity to 0 and back: their steps leave the list and
    /// return, so the lists' lengths differ), move, and change places in the tree: every frame
    /// drawn from the last one equals a frame drawn whole, and no pixel outside the damage changed.
    @Test(arguments: 0 ..< 8)
    func stepsThatComeAndGoAreDrawnWhereTheyAreAndWere(seed: Int) throws {
        let size = 40
        var r = SeededRandom(seed: UInt64(seed) &+ 501)
        let model = RandomTrees.tree(seed: UInt64(seed) &* 17 &+ 3, size: size)
        for _ in 0 ..< 3 { model.addSublayer(RandomTrees.layer(&r, size: Double(size), depth: 1)) }
        var all: [Layer] = []
        func collect(_ l: Layer) { all.append(l); l.sublayers.forEach(collect); if let m = l.mask { collect(m) } }
        model.sublayers.forEach(collect)
        for l in all where r.int(0 ... 1) == 0 {
            let values: [Double] = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0.5], [0, 0.6, 0, 1]][r.int(0 ... 3)]
            l.add(AnyAnimation(try KeyframeAnimation<Layer, Double>(keyPath: \Layer.opacity, values: values, keyTimes: [0, 0.3, 0.6, 1],
                                                                     timing: MediaTiming(duration: 1))), forKey: "o")
            if r.int(0 ... 1) == 0 {
                let dx = [0.37, 3, 6.5][r.int(0 ... 2)]
                l.add(AnyAnimation(try KeyframeAnimation<Layer, Point>(keyPath: \Layer.position, values: [l.position, l.position + Point(dx, -dx)],
                                                                       keyTimes: [0, 1], timing: MediaTiming(duration: 1))), forKey: "p")
            }
        }
        let renderer = FastLayerRenderer()
        var frame = Pixmap(width: size, height: size)
        for n in 0 ... 12 {
            if n == 7, model.sublayers.count >= 2 {
                // The bottom layer goes to the top: steps found in both lists change order.
                model.addSublayer(model.sublayers[0])
            }
            let t = Double(n) / 12
            let tree = model.presentation(at: t)
            let before = frame
            let rows = renderer.render(tree, into: &frame, width: size, height: size)
            let whole = FastLayerRenderer().renderPixmap(model.presentation(at: t), width: size, height: size)
            let same = frame == whole
            #expect(same, "seed \(seed) frame \(n): the damaged frame differs from a whole frame")
            guard n > 0 else { continue }
            for y in 0 ..< size {
                for x in 0 ..< size where before.pixel(x, y) != frame.pixel(x, y) {
                    let inside = renderer.damage.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                    #expect(inside && rows.contains(y), "seed \(seed) frame \(n): (\(x), \(y)) changed outside the damage")
                }
            }
        }
    }

    /// Particles born and gone (an emitter's): each frame draws again only around the particles
    /// that changed, not the box of every particle, although the list of steps changes length.
    @Test func particlesBornAndGoneAreDrawnOnlyWhereTheyAreAndWere() {
        let size = 200
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(size), height: Double(size)); root.anchorPoint = .zero
        root.backgroundColor = .white
        var dots: [ShapeLayer] = []
        for k in 0 ..< 16 {
            let s = ShapeLayer()
            s.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 9, height: 9))
            s.bounds = Rect(x: 0, y: 0, width: 9, height: 9); s.anchorPoint = .zero
            s.position = Point(Double(k % 4) * 48 + 6.25, Double(k / 4) * 48 + 5.5)
            s.fillColor = Color(r: 200, g: 40, b: 10)
            s.opacity = 0
            root.addSublayer(s)
            dots.append(s)
        }
        let renderer = FastLayerRenderer()
        var frame = Pixmap(width: size, height: size)
        renderer.render(root, into: &frame, width: size, height: size)
        for k in 0 ..< 16 {
            // Particle k is born, particle k - 3 dies, and particle k - 1 fades.
            dots[k].opacity = 1
            if k >= 3 { dots[k - 3].opacity = 0 }
            if k >= 1 { dots[k - 1].opacity = 0.5 }
            renderer.render(root, into: &frame, width: size, height: size)
            let same = frame == FastLayerRenderer().renderPixmap(root, width: size, height: size)
            #expect(same, "frame \(k): the damaged frame differs from a whole frame")
            // At most three 10 x 10 boxes (with the spans' joins on their rows).
            #expect(renderer.damagedPixels <= 3 * 10 * 10 + 3 * 10 * SpanDamage.gap, "frame \(k): \(renderer.damagedPixels) pixels drawn")
        }
    }

    @Test func aShapeMovedByWholePixelsIsNotRasterizedAgain() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 64, height: 64); root.anchorPoint = .zero
        let s = ShapeLayer()
        s.path = Path(polygon: [Point(0, 0), Point(20, 3.3), Point(7.5, 18)])
        s.bounds = Rect(x: 0, y: 0, width: 20, height: 20); s.anchorPoint = .zero
        s.position = Point(3.25, 4.5)
        root.addSublayer(s)
        let r = FastLayerRenderer()
        var p = Pixmap(width: 64, height: 64)
        r.render(root, into: &p, width: 64, height: 64)
        #expect(r.tilesRasterized == 1)
        s.position = Point(13.25, 30.5)
        r.render(root, into: &p, width: 64, height: 64)
        #expect(r.tilesRasterized == 0)
        #expect(p == LayerRenderer().renderPixmap(root, width: 64, height: 64))
        s.position = Point(13.5, 30.5)
        r.render(root, into: &p, width: 64, height: 64)
        #expect(r.tilesRasterized == 1)
        #expect(maxChannelDifference(p, LayerRenderer().renderPixmap(root, width: 64, height: 64)).diff <= 1)
    }

    /// A pen drawing a path (strokeEnd growing frame by frame): each new tile is the last one with
    /// only the rows the pen changed rasterized again, and every frame equals the reference.
    @Test(arguments: [LineJoin.miter, .round, .bevel])
    func aGrowingStrokeIsRedrawnOnlyWhereThePenMoved(join: LineJoin) {
        var r = SeededRandom(seed: 5)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 90, height: 60); root.anchorPoint = .zero
        root.backgroundColor = .white
        let s = ShapeLayer()
        s.bounds = root.bounds; s.anchorPoint = .zero; s.position = Point(0.3, 0.6)
        var path = RandomTrees.path(&r, in: Rect(x: 5, y: 5, width: 40, height: 50))
        path.append(RandomTrees.path(&r, in: Rect(x: 45, y: 5, width: 40, height: 50)))
        s.path = path
        s.fillColor = nil
        s.strokeColor = Color(r: 200, g: 30, b: 60, a: 255)
        s.lineWidth = 3.5; s.lineJoin = join; s.lineCap = .round; s.miterLimit = 4
        root.addSublayer(s)
        let renderer = FastLayerRenderer()
        var frame = Pixmap(width: 90, height: 60)
        var inPlace = 0
        for k in 1 ... 24 {
            s.strokeEnd = Double(k) / 24
            let before = frame
            renderer.render(root, into: &frame, width: 90, height: 60)
            inPlace += renderer.strokesUpdatedInPlace
            let reference = LayerRenderer().renderPixmap(root, width: 90, height: 60)
            let d = maxChannelDifference(frame, reference)
            #expect(d.diff <= 1, "\(join) end \(k)/24: differs by \(d.diff) at (\(d.x), \(d.y))")
            for y in 0 ..< 60 {
                for x in 0 ..< 90 where before.pixel(x, y) != frame.pixel(x, y) && k > 1 {
                    #expect(renderer.damage.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 })
                }
            }
        }
        #expect(inPlace >= 20, "only \(inPlace) of 23 changes were drawn in place")
    }

    @Test func presentationReusingATreeEqualsANewOne() throws {
        let model = RandomTrees.tree(seed: 77, size: 50)
        model.sublayers.first?.add(BasicAnimation<Layer, Double>(keyPath: \Layer.opacity, from: 0.2, to: 0.9,
                                                                 timing: MediaTiming(duration: 2)), forKey: "o")
        var reused: Layer?
        for t in [0.0, 0.5, 1.5, 0.25] {
            reused = model.presentation(at: t, reusing: reused)
            guard let reused else { return }
            let fresh = model.presentation(at: t)
            #expect(LayerRenderer().renderPixmap(reused, width: 50, height: 50) == LayerRenderer().renderPixmap(fresh, width: 50, height: 50))
            #expect(reused.sublayers.first?.opacity == fresh.sublayers.first?.opacity)
        }
    }
}

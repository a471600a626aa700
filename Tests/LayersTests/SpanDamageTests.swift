import Testing
import CRowKernels
import Geometry
import Raster
@testable import Layers
import TestSupport

/// The per-row spans a frame redraws, and the difference of two coverage rows that makes them.
@Suite struct SpanDamageTests {
    /// Random spans added to random rows: every added pixel is held, each row's spans are sorted,
    /// disjoint, at most `perRow`, and at least `gap` apart.
    @Test(arguments: 0 ..< 6)
    func spansHoldEverythingAdded(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &+ 11)
        let width = 300, height = 20
        let d = SpanDamage()
        for round in 0 ..< 2 {
            d.reset(height: height)
            var truth = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
            for _ in 0 ..< r.int(1 ... 200) {
                let y = r.int(-2 ... height + 1), a = r.int(0 ... width - 1), len = r.int(0 ... (r.int(0 ... 3) == 0 ? 120 : 6))
                let b = min(width, a + len)
                d.add(row: y, x0: a, x1: b)
                if y >= 0, y < height { for x in a ..< b { truth[y][x] = true } }
            }
            var area = 0
            for y in 0 ..< height {
                let s = d.spans(ofRow: y)
                #expect(s.count / 2 <= SpanDamage.perRow, "seed \(seed) round \(round) row \(y): \(s.count / 2) spans")
                for k in stride(from: 0, to: s.count, by: 2) {
                    #expect(s[k] < s[k + 1])
                    if k > 0 { #expect(s[k] - s[k - 1] >= Int32(SpanDamage.gap), "row \(y): spans closer than the gap") }
                    area += Int(s[k + 1] - s[k])
                }
                for x in 0 ..< width where truth[y][x] {
                    var held = false
                    for k in stride(from: 0, to: s.count, by: 2) where Int(s[k]) <= x && x < Int(s[k + 1]) { held = true }
                    #expect(held, "seed \(seed) round \(round): (\(x), \(y)) was added but is in no span")
                }
                if !truth[y].contains(true) { #expect(s.isEmpty, "row \(y) has spans but nothing was added") }
            }
            #expect(d.area == area)
        }
    }

    /// `wf_diff_spans` against a column-by-column comparison: rows with random extents and values
    /// (mostly equal, a few differences), every difference inside a span, each span starting and
    /// ending on a difference, spans `gap` apart.
    @Test(arguments: 0 ..< 8)
    func differenceSpansMatchAColumnByColumnComparison(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &* 7 &+ 3)
        let n = 200, gap = [1, 4, 16][seed % 3]
        for _ in 0 ..< 50 {
            let a0 = r.int(0 ... n), a1 = r.int(a0 ... n), b0 = r.int(0 ... n), b1 = r.int(b0 ... n)
            var a = [Float](repeating: 0, count: n), b = [Float](repeating: 0, count: n)
            for x in 0 ..< n {
                let v: Float = [0, 1, 0.25, -0.0][r.int(0 ... 3)]
                if x >= a0, x < a1 { a[x] = v }
                if x >= b0, x < b1 { b[x] = r.int(0 ... 9) == 0 ? Float(r.int(0 ... 4)) / 4 : v }
            }
            // Outside its extent a row is read as 0 whatever the storage holds.
            var sa = a, sb = b
            for x in 0 ..< n where x < a0 || x >= a1 { sa[x] = 9 }
            for x in 0 ..< n where x < b0 || x >= b1 { sb[x] = 7 }
            let x0 = r.int(0 ... n), x1 = r.int(x0 ... n)
            var out = [Int32](repeating: 0, count: 2 * 64)
            let count = sa.withUnsafeBufferPointer { pa in
                sb.withUnsafeBufferPointer { pb in
                    out.withUnsafeMutableBufferPointer { o in
                        wf_diff_spans(pa.baseAddress, a0, a1, pb.baseAddress, b0, b1, x0, x1, gap, o.baseAddress, 64)
                    }
                }
            }
            let differs = (0 ..< n).map { x in x >= x0 && x < x1 && a[x] != b[x] }
            var covered = [Bool](repeating: false, count: n)
            for k in 0 ..< count {
                let s = Int(out[2 * k]), e = Int(out[2 * k + 1])
                #expect(s < e && s >= x0 && e <= x1)
                #expect(differs[s] && differs[e - 1], "seed \(seed): span \(s)..<\(e) does not start and end on a difference")
                if k > 0 { #expect(s - Int(out[2 * k - 1]) >= gap) }
                for x in s ..< e { covered[x] = true }
            }
            for x in 0 ..< n where differs[x] { #expect(covered[x], "seed \(seed): column \(x) differs outside every span") }
        }
    }

    /// Text-like shapes sliding by a fraction of a pixel (a marquee), over a translucent or an
    /// opaque background: each frame equals a whole frame, while only the columns near their edges
    /// are drawn again.
    @Test(arguments: [Color(r: 255, g: 255, b: 255, a: 120), Color(r: 255, g: 255, b: 255, a: 255)])
    func aShapeSlidingByAFractionIsRedrawnNearItsEdgesOnly(background: Color) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 240, height: 120); root.anchorPoint = .zero
        root.backgroundColor = background
        let s = ShapeLayer()
        var p = Path()
        p.move(to: Point(10, 10)); p.line(to: Point(90, 10)); p.line(to: Point(70, 100)); p.line(to: Point(20, 90)); p.close()
        p.move(to: Point(120, 20)); p.cubic(to: Point(200, 100), control1: Point(200, 10), control2: Point(210, 60))
        p.line(to: Point(110, 105)); p.close()
        s.path = p
        s.bounds = root.bounds; s.anchorPoint = .zero
        s.fillColor = Color(r: 20, g: 40, b: 200, a: 255)
        root.addSublayer(s)
        let renderer = FastLayerRenderer()
        var frame = Pixmap(width: 240, height: 120)
        var drawn = 0, boxes = 0
        for k in 0 ... 12 {
            s.position = Point(Double(k) * 0.43, 0)
            renderer.render(root, into: &frame, width: 240, height: 120)
            #expect(frame == FastLayerRenderer().renderPixmap(root, width: 240, height: 120), "frame \(k) differs from a whole frame")
            let d = maxChannelDifference(frame, LayerRenderer().renderPixmap(root, width: 240, height: 120))
            #expect(d.diff <= 1, "frame \(k): \(d.diff) from the reference at (\(d.x), \(d.y))")
            if k > 0 { drawn += renderer.damagedPixels; boxes += renderer.damage.reduce(0) { $0 + $1.area } }
        }
        // The shapes cover about 14 000 pixels; their edges move by under half a pixel a frame.
        #expect(drawn > 0)
        #expect(drawn * 3 < boxes, "drew \(drawn) pixels in 12 frames; the damage boxes hold \(boxes)")
    }

    /// Fills (random outlines, holes, both fill rules) moved every frame by random amounts: by
    /// fractions and whole pixels, sideways and down, in and out of the canvas, over an opaque or a
    /// translucent background, inside a group or not. Each frame equals a whole frame and the
    /// reference; a frame that only slides them sideways by under a pixel draws far less than their
    /// boxes.
    @Test(arguments: 0 ..< 8)
    func movedFillsDrawOnlyWhatChanged(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &+ 900)
        let w = 200, h = 150
        let root = canvasRoot(w, h)
        root.backgroundColor = RandomTrees.color(&r, opaque: seed % 2 == 0)
        let holder = Layer()
        holder.bounds = root.bounds; holder.anchorPoint = .zero
        if seed % 4 >= 2 { holder.opacity = 0.7 }
        root.addSublayer(holder)
        var shapes: [ShapeLayer] = []
        for _ in 0 ..< 3 {
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            var p = RandomTrees.path(&r, in: Rect(x: r.double(0 ... 120), y: r.double(0 ... 80), width: 70, height: 60))
            if r.int(0 ... 1) == 0 {
                p.append(RandomTrees.path(&r, in: Rect(x: r.double(0 ... 120), y: r.double(0 ... 80), width: 40, height: 40)))
            }
            s.path = p
            s.fillRule = r.int(0 ... 1) == 0 ? .nonZero : .evenOdd
            s.fillColor = RandomTrees.color(&r, opaque: r.int(0 ... 2) > 0)
            holder.addSublayer(s)
            shapes.append(s)
        }
        let renderer = FastLayerRenderer(), twoThreads = FastLayerRenderer()
        twoThreads.threads = 2
        var frame = Pixmap(width: w, height: h), frame2 = Pixmap(width: w, height: h)
        var slideDrawn = 0, slideBoxes = 0
        for k in 0 ..< 14 {
            let slide = k % 3 != 0
            for s in shapes {
                let p = s.position
                s.position = slide ? Point(p.x - r.double(0.05 ... 0.95), p.y)
                                   : Point(p.x + Double(r.int(-30 ... 30)) + r.double(0 ... 1), p.y + r.double(-8 ... 8))
            }
            renderer.render(root, into: &frame, width: w, height: h)
            twoThreads.render(root, into: &frame2, width: w, height: h)
            let same = frame == frame2
            #expect(same, "seed \(seed) frame \(k): two threads differ from one")
            let whole = frame == FastLayerRenderer().renderPixmap(root, width: w, height: h)
            #expect(whole, "seed \(seed) frame \(k): not a whole frame")
            let d = maxChannelDifference(frame, LayerRenderer().renderPixmap(root, width: w, height: h))
            #expect(d.diff <= 1, "seed \(seed) frame \(k): \(d.diff) from the reference at (\(d.x), \(d.y))")
            if slide, k > 0 { slideDrawn += renderer.damagedPixels; slideBoxes += renderer.damage.reduce(0) { $0 + $1.area } }
        }
        #expect(slideDrawn > 0 && slideDrawn * 2 < slideBoxes, "seed \(seed): sliding drew \(slideDrawn) of \(slideBoxes)")
    }
}

/// Large shapes moving by fractions on two threads: their old and new tiles are compared in
/// bands of rows, one per thread; the frames equal whole frames and the one-thread frames.
@Suite struct ParallelDifferenceTests {
    @Test(arguments: 0 ..< 3)
    func twoThreadsFindTheSameChanges(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &+ 41)
        let w = 420, h = 320
        let root = canvasRoot(w, h)
        root.backgroundColor = Color(r: 240, g: 240, b: 250, a: 90)
        var shapes: [ShapeLayer] = []
        for k in 0 ..< 4 {
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            s.path = RandomTrees.path(&r, in: Rect(x: Double(k * 90), y: 10, width: 160, height: 300))
            s.fillColor = RandomTrees.color(&r)
            root.addSublayer(s)
            shapes.append(s)
        }
        let one = FastLayerRenderer(), two = FastLayerRenderer()
        two.threads = 2
        var a = Pixmap(width: w, height: h), b = Pixmap(width: w, height: h)
        for frame in 0 ..< 5 {
            for (k, s) in shapes.enumerated() { s.position = Point(Double(frame) * (0.31 + Double(k) * 0.2), Double(frame % 2) * 0.5) }
            one.render(root, into: &a, width: w, height: h)
            two.render(root, into: &b, width: w, height: h)
            #expect(a == b, "seed \(seed) frame \(frame): two threads differ from one")
            #expect(b == FastLayerRenderer().renderPixmap(root, width: w, height: h), "seed \(seed) frame \(frame)")
            if frame > 0 { #expect(two.damagedPixels == one.damagedPixels && two.damagedPixels < w * h / 2) }
        }
    }
}

/// Rows solid colours alone reach over an opaque background are written straight to 8 bits; they
/// must be the bytes the Float32 row buffers make.
@Suite struct DirectRowTests {
    /// A marquee-like tree: an opaque background, a group masked by a horizontal fade (opaque in the
    /// middle), holding solid shapes (some translucent, some overlapping, some moved by fractions)
    /// and a rectangle; frames drawn whole and from the last one.
    @Test(arguments: 0 ..< 10)
    func directRowsAreTheBuffersBytes(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &* 13 &+ 1)
        let w = 120, h = 70
        let root = canvasRoot(w, h)
        root.backgroundColor = RandomTrees.color(&r, opaque: true)
        let view = Layer()
        view.bounds = root.bounds; view.anchorPoint = .zero
        if seed % 3 != 0 {
            let fade = GradientLayer()
            fade.bounds = root.bounds; fade.anchorPoint = .zero
            fade.colors = [.clear, .black, .black, .clear]
            let f = r.double(0.05 ... 0.3)
            fade.locations = [0, f, 1 - f, 1]
            fade.startPoint = Point(0, 0.5); fade.endPoint = Point(1, 0.5)
            view.mask = fade
        }
        var shapes: [ShapeLayer] = []
        for k in 0 ..< r.int(1 ... 5) {
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            s.path = RandomTrees.path(&r, in: Rect(x: Double(k * 20), y: 5, width: 40, height: 60))
            s.fillColor = RandomTrees.color(&r, opaque: r.int(0 ... 2) > 0)
            if k % 2 == 1 {
                // A fill under its stroke (a text's fill fading in under the pen's outline).
                s.strokeColor = RandomTrees.color(&r, opaque: r.int(0 ... 2) > 0)
                s.lineWidth = r.double(0.5 ... 4)
            }
            s.position = Point(r.double(-3 ... 3), 0)
            view.addSublayer(s)
            shapes.append(s)
        }
        if seed % 4 == 1 {
            let bar = Layer()
            bar.bounds = Rect(x: 0, y: 0, width: 30, height: 8); bar.anchorPoint = .zero
            bar.position = Point(50.5, 30); bar.backgroundColor = RandomTrees.color(&r)
            view.addSublayer(bar)
        }
        root.addSublayer(view)
        let direct = FastLayerRenderer(), buffered = FastLayerRenderer()
        buffered.directRows = false
        var a = Pixmap(width: w, height: h), b = Pixmap(width: w, height: h)
        for frame in 0 ..< 6 {
            for s in shapes { s.position.x += [0.37, 1, 0.0, 2.75][(frame + seed) % 4] }
            direct.render(root, into: &a, width: w, height: h)
            buffered.render(root, into: &b, width: w, height: h)
            #expect(a == b, "seed \(seed) frame \(frame): direct rows differ from the buffered rows")
            #expect(a == FastLayerRenderer().renderPixmap(root, width: w, height: h))
            let d = maxChannelDifference(a, LayerRenderer().renderPixmap(root, width: w, height: h))
            #expect(d.diff <= 1, "seed \(seed) frame \(frame): \(d.diff) from the reference at (\(d.x), \(d.y))")
        }
    }

    /// Fading glyphs and particles: fills alone in groups of their own with only an opacity, over
    /// and under each other and plain fills, moving by fractions and fading frame by frame. Their
    /// rows go straight to 8 bits at their opacities, and are the bytes the buffers make.
    @Test(arguments: 0 ..< 8)
    func fadingFillsAreTheBuffersBytes(seed: Int) {
        var r = SeededRandom(seed: UInt64(seed) &* 31 &+ 7)
        let w = 140, h = 80
        let root = canvasRoot(w, h)
        root.backgroundColor = RandomTrees.color(&r, opaque: true)
        var shapes: [ShapeLayer] = []
        for k in 0 ..< r.int(2 ... 9) {
            let s = ShapeLayer()
            s.bounds = root.bounds; s.anchorPoint = .zero
            s.path = RandomTrees.path(&r, in: Rect(x: Double(k * 12), y: r.double(0 ... 30), width: r.double(8 ... 50), height: r.double(8 ... 50)))
            s.fillColor = RandomTrees.color(&r, opaque: r.int(0 ... 2) > 0)
            s.opacity = k % 3 == 2 ? 1 : r.double(0.05 ... 0.95)
            if k == 4 { s.strokeColor = RandomTrees.color(&r); s.lineWidth = 2 }       // a group of two steps
            root.addSublayer(s)
            shapes.append(s)
        }
        let direct = FastLayerRenderer(), buffered = FastLayerRenderer()
        buffered.directRows = false
        var a = Pixmap(width: w, height: h), b = Pixmap(width: w, height: h)
        var faded = 0
        for frame in 0 ..< 8 {
            for (k, s) in shapes.enumerated() {
                s.position.x += [0.37, 1, 0.0, 2.75][(frame + k) % 4]
                s.position.y += [0.0, 0.5, -1.25][(frame + k) % 3]
                if s.opacity < 1 { s.opacity = min(max(s.opacity + [0.1, -0.07, 0.0][(frame + k) % 3], 0.02), 0.98) }
            }
            direct.render(root, into: &a, width: w, height: h)
            buffered.render(root, into: &b, width: w, height: h)
            faded += direct.fadedPiecesDrawnDirectly
            #expect(buffered.fadedPiecesDrawnDirectly == 0)
            #expect(a == b, "seed \(seed) frame \(frame): direct rows differ from the buffered rows")
            let d = maxChannelDifference(a, LayerRenderer().renderPixmap(root, width: w, height: h))
            #expect(d.diff <= 1, "seed \(seed) frame \(frame): \(d.diff) from the reference at (\(d.x), \(d.y))")
        }
        #expect(faded > 20, "seed \(seed): \(faded) pieces with a faded fill went straight to 8 bits")
    }
}

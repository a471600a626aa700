import CRowKernels
import Geometry
import Raster

/// Composites one row of a frame from the renderer's steps: one Float32 premultiplied row buffer per
/// group level, source-over in the reference renderer's order and arithmetic, rounded to 8 bits once.
/// Each thread drawing rows has its own worker.
final class RowWorker: @unchecked Sendable {
    let width: Int
    private var levelCount = 0
    private var levels: UnsafeMutablePointer<SIMD4<Float>>
    private let cov: UnsafeMutablePointer<Float>
    private let sum: UnsafeMutablePointer<Float>
    private var gradients = GradientTable(spans: [], stops: [], locations: [])
    /// Rows of gradient colours: two kept (`cachedGradientRow`) and one scratch.
    private let gradientRows: UnsafeMutablePointer<SIMD4<Float>>
    /// A mask's coverage on a row (`maskedGradientGroup`).
    private let maskRow: UnsafeMutablePointer<Float>
    private var rowCache0 = GradientRowCache(), rowCache1 = GradientRowCache()
    private var recentSlot = 0

    init(width: Int) {
        self.width = max(width, 1)
        levels = .allocate(capacity: self.width)
        levelCount = 1
        cov = .allocate(capacity: self.width)
        sum = .allocate(capacity: self.width)
        gradientRows = .allocate(capacity: 3 * self.width)
        maskRow = .allocate(capacity: self.width)
    }

    deinit {
        levels.deallocate(); cov.deallocate(); sum.deallocate(); colors.deallocate(); gradientRows.deallocate(); maskRow.deallocate()
        solidSteps.deallocate(); solidCuts.deallocate(); solidRows.deallocate(); solidColors.deallocate(); solidOpacities.deallocate()
        pieceOpacities.deallocate()
    }

    /// Makes room for `n` levels of nesting.
    func ensure(levels n: Int) {
        guard n > levelCount else { return }
        levels.deallocate()
        levels = .allocate(capacity: width * n)
        levelCount = n
    }

    /// Lets go of the frame's gradients (so the renderer's lists stay uniquely held and reusable).
    func endFrame() { gradients = GradientTable(spans: [], stops: [], locations: []) }

    @inline(__always) private func buffer(_ level: Int) -> UnsafeMutablePointer<SIMD4<Float>> { levels + level * width }

    /// Draws the spans of rows `rows` into `frame`.
    func renderRows(_ rows: Range<Int>, spans: SpanDamage, ops: UnsafeBufferPointer<RenderOp>, index: StepIndex,
                    gradients: GradientTable, frame: FrameTarget) {
        self.gradients = gradients
        rowCache0.gradient = -1; rowCache1.gradient = -1
        // An opaque solid first step (the background): its colour, premultiplied and rounded, once.
        var background: Background?
        if !ops.isEmpty, ops[0].kind == .rect, case .color(let c) = ops[0].paint, c.a == 255 {
            let p = c.premultiplied
            background = Background(color: p, pixel: Self.rounded(p))
        }
        for y in rows {
            let s = spans.spans(ofRow: y)
            guard !s.isEmpty else { continue }
            plan.y = -1
            // Only the top-level steps whose bounds reach the row's band are looked at.
            let top = index.steps(ofRow: y)
            // Several spans on the row: which step alone reaches each piece is found once for all.
            if s.count >= 4, directRows, let background {
                planRow(y, x0: Int(s[0]), x1: Int(s[s.count - 1]), ops: ops, top: top, background)
            }
            for k in stride(from: 0, to: s.count, by: 2) {
                renderRow(y, x0: Int(s[k]), x1: Int(s[k + 1]), ops: ops, top: top, frame: frame, background: background)
            }
        }
    }

    /// An opaque background colour, premultiplied, and its 8-bit pixel.
    struct Background {
        let color: SIMD4<Float>
        let pixel: UInt32
    }

    /// For row `y`: the pieces the opaque-mask cuts make of the columns other steps reach, and the
    /// step that alone reaches each (-1: none found). A piece of any span of the row lies in the
    /// same piece of the row, and is reached by that step alone or by nothing.
    private struct RowPlan {
        var y = -1
        var only: (Int, Int, Int) = (-1, -1, -1)
    }
    private var plan = RowPlan()
    /// The last solid colour written directly, premultiplied and rounded (most spans have the one).
    private var solidColor = Color(r: 0, g: 0, b: 0, a: 0)
    private var solidPremultiplied = SIMD4<Float>(repeating: 0)
    private var solidPixel: UInt32 = 0
    /// `solidPremultiplied`, then the background, as the kernel reads them.
    private let colors: UnsafeMutablePointer<Float> = {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: 8)
        p.initialize(repeating: 0, count: 8)
        return p
    }()

    /// Where a group's opaque mask starts and ends on row `y` within `x0 ..< x1`: the pieces
    /// `(x0, a, b, x1)` and their number (1: no such group, the whole of `x0 ..< x1`).
    @inline(__always)
    private static func cuts(_ ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>, y: Int, x0: Int, x1: Int)
        -> ((Int, Int, Int, Int), Int) {
        for t in top where t >= 1 {
            let i = Int(t)
            if ops[i].kind == .groupBegin {
                let by = ops[i].bypassRows, bx = ops[i].bypassColumns
                if y >= by.lowerBound, y < by.upperBound, !bx.isEmpty {
                    let a = min(max(bx.lowerBound, x0), x1), b = min(max(bx.upperBound, a), x1)
                    return ((x0, a, b, x1), 3)
                }
            }
        }
        return ((x0, x1, x1, x1), 1)
    }

    /// The step after step `i` at its nesting level (a group or a sum is skipped whole).
    @inline(__always)
    static func next(_ ops: UnsafeBufferPointer<RenderOp>, _ i: Int) -> Int {
        switch ops[i].kind {
        case .groupBegin: return ops[i].end + 1
        case .sumBegin: return ops[i].end
        default: return i + 1
        }
    }

    @inline(__always)
    private static func piece(_ c: (Int, Int, Int, Int), _ k: Int) -> (Int, Int) {
        k == 0 ? (c.0, c.1) : (k == 1 ? (c.1, c.2) : (c.2, c.3))
    }

    private func planRow(_ y: Int, x0: Int, x1: Int, ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>,
                         _ background: Background) {
        guard Self.coversOpaquely(ops, y: y, x0: x0, x1: x1) else { return }
        let (d0, d1) = Self.drawnColumns(ops, top: top, y: y, x0: x0, x1: x1)
        guard d0 < d1 else { return }
        let (c, n) = Self.cuts(ops, top: top, y: y, x0: d0, x1: d1)
        var only = (-1, -1, -1)
        for k in 0 ..< n {
            let (lo, hi) = Self.piece(c, k)
            let step = lo < hi ? Self.onlyStep(ops, top: top, y: y, lo: lo, hi: hi) ?? -1 : -1
            if k == 0 { only.0 = step } else if k == 1 { only.1 = step } else { only.2 = step }
        }
        plan = RowPlan(y: y, only: only)
    }

    /// Draws row `y`, columns `x0 ..< x1`, into `frame` (with the gradients `renderRows` was given).
    private func renderRow(_ y: Int, x0 x0In: Int, x1 x1In: Int, ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>,
                           frame: FrameTarget, background: Background?) {
        var x0 = x0In, x1 = x1In
        if let background, Self.coversOpaquely(ops, y: y, x0: x0, x1: x1) {
            // An opaque background: where nothing else reaches on this row the pixel is its colour,
            // rounded as the row would be; only the columns other steps reach are composited.
            (x0, x1) = Self.drawnColumns(ops, top: top, y: y, x0: x0, x1: x1)
            let bg = background.pixel
            let row = UnsafeMutableRawPointer(frame.bytes + y * frame.width * 4).assumingMemoryBound(to: UInt32.self)
            guard x0 < x1 else { wf_fill32(row + x0In, bg, x1In - x0In); return }
            if x0In < x0 { wf_fill32(row + x0In, bg, x0 - x0In) }
            if x1 < x1In { wf_fill32(row + x1, bg, x1In - x1) }
            if directRows {
                // Cut where a group's opaque mask starts or ends (its content is drawn directly
                // between), then write each piece that one solid colour reaches straight to 8 bits.
                let (c, n) = Self.cuts(ops, top: top, y: y, x0: x0, x1: x1)
                for k in 0 ..< n {
                    let (lo, hi) = Self.piece(c, k)
                    guard lo < hi else { continue }
                    let planned = plan.y == y ? (k == 0 ? plan.only.0 : (k == 1 ? plan.only.1 : plan.only.2)) : -1
                    if let only = planned >= 0 ? planned : Self.onlyStep(ops, top: top, y: y, lo: lo, hi: hi) {
                        directRow(ops, only, y: y, lo: lo, hi: hi, background: background.color, bgPixel: bg, row: row)
                    } else if !solidRow(ops, top: top, y: y, lo: lo, hi: hi, background: background, row: row) {
                        composite(ops, top: top, y: y, lo: lo, hi: hi, frame: frame)
                    }
                }
                return
            }
        } else {
            (buffer(0) + x0).update(repeating: .zero, count: x1 - x0)
        }
        composite(ops, top: top, y: y, lo: x0, hi: x1, frame: frame)
    }

    /// Columns `lo ..< hi` of row `y` through the Float32 buffers, rounded into `frame` (level 0
    /// is cleared already, or the first step is an opaque background that overwrites it).
    private func composite(_ ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>, y: Int, lo: Int, hi: Int,
                           frame: FrameTarget) {
        let yc = Double(y) + 0.5
        for i in top { step(ops, Int(i), level: 0, lo: lo, hi: hi, guardBuffer: nil, y: y, yc: yc) }
        UnsafeMutableRawPointer(buffer(0) + lo).withMemoryRebound(to: Float.self, capacity: (hi - lo) * 4) { src in
            wf_round_row(src, frame.bytes + (y * frame.width + lo) * 4, (hi - lo) * 4)
        }
    }

    /// Whether rows of one solid colour over an opaque background are written straight to 8 bits
    /// (`directRow`); off, every row goes through the Float32 buffers (a test compares the two).
    var directRows = true

    /// The one step besides the background that reaches columns `lo ..< hi` of row `y`, when that
    /// step is a fill or a sum of disjoint parts in one solid colour, reached directly or through
    /// groups whose mask is opaque over those columns (bypassed); nil otherwise.
    static func onlyStep(_ ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>, y: Int, lo: Int, hi: Int) -> Int? {
        var found = -1
        // Step i (a whole group or sum); false when the span is not one step's.
        func visit(_ i: Int) -> Bool {
            let b = ops[i].bounds
            guard y >= b.y0 && y < b.y1 && b.x0 < hi && b.x1 > lo else { return true }
            switch ops[i].kind {
            case .groupBegin:
                let by = ops[i].bypassRows, bx = ops[i].bypassColumns
                guard ops[i].hasMask, !ops[i].maskFirst, y >= by.lowerBound, y < by.upperBound,
                      lo >= bx.lowerBound, hi <= bx.upperBound else { return false }
                // Steps i + 1 ..< the mask at one nesting level.
                var k = i + 1
                while k < ops[i].maskIndex {
                    guard visit(k) else { return false }
                    k = next(ops, k)
                }
                return true
            case .fill, .sumBegin:
                guard found < 0, case .color = ops[i].paint, ops[i].kind == .fill || ops[i].disjointParts else { return false }
                found = i
                return true
            case .rect, .image:
                return false
            case .sumPart, .maskBegin, .groupEnd:
                return true
            }
        }
        for i in top where i >= 1 {
            guard visit(Int(i)) else { return nil }
        }
        return found >= 0 ? found : nil
    }

    /// Columns `lo ..< hi` of row `y` when only step `k` (a solid colour) reaches them over the
    /// opaque background: each tile row through `wf_over_opaque_row`, the rest the background.
    private func directRow(_ ops: UnsafeBufferPointer<RenderOp>, _ k: Int, y: Int, lo: Int, hi: Int,
                           background: SIMD4<Float>, bgPixel: UInt32, row: UnsafeMutablePointer<UInt32>) {
        guard case .color(let color) = ops[k].paint else { return }
        // The colours live in the worker's own memory, written when they change (a kernel call
        // reading values just stored on the stack waits for them on every span).
        if color != solidColor {
            solidColor = color
            solidPremultiplied = color.premultiplied
            solidPixel = Self.rounded(solidPremultiplied)
            for c in 0 ..< 4 { colors[c] = solidPremultiplied[c] }
        }
        if colors[4] != background.x || colors[5] != background.y || colors[6] != background.z || colors[7] != background.w {
            for c in 0 ..< 4 { colors[4 + c] = background[c] }
        }
        let fg = solidPixel, sf = UnsafePointer(colors), bf = UnsafePointer(colors + 4)
        var x = lo
        let parts = ops[k].kind == .sumBegin ? ops[k].parts : k ..< k + 1
        for p in parts {
            withTileRow(ops, p, y: y, lo: lo, hi: hi) { src, plo, phi in
                if x < plo { wf_fill32(row + x, bgPixel, plo - x) }
                wf_over_opaque_row(src + plo, row + plo, phi - plo, sf, bf, bgPixel, fg)
                x = phi
            }
        }
        if x < hi { wf_fill32(row + x, bgPixel, hi - x) }
    }

    /// Room for `solidRow`: the steps reaching a span, the columns where one starts or ends, and
    /// per piece the coverage rows and premultiplied colours of the steps reaching it.
    private let solidSteps = UnsafeMutablePointer<Int>.allocate(capacity: Int(WF_MULTI_MAX))
    private let solidCuts = UnsafeMutablePointer<Int>.allocate(capacity: 2 * Int(WF_MULTI_MAX) + 2)
    private let solidRows = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: Int(WF_MULTI_MAX))
    private let solidColors = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Int(WF_MULTI_MAX))
    /// Per step found, its opacity (1 for a fill; a sole-fill group's opacity).
    private let solidOpacities = UnsafeMutablePointer<Float>.allocate(capacity: Int(WF_MULTI_MAX))
    /// The most steps reaching a span `solidRow` draws when one of them is a sole-fill group: a
    /// fading glyph with a particle or two over it. Particles crowding a row (a burning word's
    /// flames) cut it into many short pieces, each of which costs the kernel a call with its own
    /// list of steps; the Float32 buffers go through each step's columns once, which is cheaper
    /// there (measured: 3 gives the fewest instructions for the anvil, burn and sparkle; 32 costs
    /// the burn 10 % more).
    static let groupedStepsMost = 3
    /// Pieces `solidRow` drew with a step at an opacity below 1 (for tests).
    var fadedPieces = 0
    /// The opacities of the steps reaching one piece, in step with `solidRows`.
    private let pieceOpacities = UnsafeMutablePointer<Float>.allocate(capacity: Int(WF_MULTI_MAX))

    /// Columns `lo ..< hi` of row `y` when every step reaching them over the opaque background is a
    /// fill in a solid colour outside any sum (a text's fill fading in under its stroke), alone or
    /// as the one step of a group with only an opacity (a fading glyph or particle: `soleFillGroup`):
    /// cut where each starts or ends, each piece straight to 8 bits through `wf_over_opaque_multi`
    /// with the steps reaching it, in their order: the bytes the Float32 buffers make. False (having
    /// drawn nothing) when the span is not like that.
    private func solidRow(_ ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>, y: Int, lo: Int, hi: Int,
                          background: Background, row: UnsafeMutablePointer<UInt32>) -> Bool {
        let most = Int(WF_MULTI_MAX)
        var n = 0, grouped = false
        // Only the top-level steps that reach this row's band (in drawing order, the background
        // first), not every step of the frame.
        for t in top {
            let i = Int(t)
            guard i > 0 else { continue }
            let b = ops[i].bounds
            guard y >= b.y0 && y < b.y1 && b.x0 < hi && b.x1 > lo else { continue }
            switch ops[i].kind {
            case .fill:
                guard n < most, case .color = ops[i].paint, ops[i].tileValues != nil else { return false }
                solidSteps[n] = i; solidOpacities[n] = 1; n += 1
                if grouped && n > Self.groupedStepsMost { return false }
            case .groupBegin:
                // A group of one fill in a solid colour with only an opacity: the fill, at that opacity.
                let f = i + 1
                guard n < most, !ops[i].hasMask, ops[i].clip == .none, ops[i].end == i + 2, ops[f].kind == .fill,
                      case .color = ops[f].paint, ops[f].tileValues != nil else { return false }
                solidSteps[n] = f; solidOpacities[n] = Float(ops[i].opacity); n += 1
                grouped = true
                if n > Self.groupedStepsMost { return false }
            case .sumBegin, .rect, .image:
                return false
            case .sumPart, .maskBegin, .groupEnd:
                continue
            }
        }
        guard n > 0 else { return false }
        // Where steps start or end, sorted (a few: insertion sort), without repeats.
        var m = 0
        @inline(__always) func cut(_ x: Int) {
            let v = min(max(x, lo), hi)
            var k = m
            while k > 0, solidCuts[k - 1] > v { solidCuts[k] = solidCuts[k - 1]; k -= 1 }
            if k > 0, solidCuts[k - 1] == v { for q in k ..< m { solidCuts[q] = solidCuts[q + 1] }; return }
            solidCuts[k] = v; m += 1
        }
        cut(lo); cut(hi)
        for k in 0 ..< n { cut(ops[solidSteps[k]].bounds.x0); cut(ops[solidSteps[k]].bounds.x1) }
        for c in 0 ..< 4 { colors[4 + c] = background.color[c] }
        let bg = UnsafePointer(colors + 4)
        for c in 1 ..< m {
            let u = solidCuts[c - 1], v = solidCuts[c]
            var k = 0
            var faded = false
            for q in 0 ..< n {
                let op = ops[solidSteps[q]]
                guard op.bounds.x0 <= u, op.bounds.x1 >= v, let base = op.tileValues, case .color(let color) = op.paint else { continue }
                solidRows[k] = base + (y - op.tileY) * op.tileWidth - op.tileX + u
                let p = color.premultiplied
                for ch in 0 ..< 4 { solidColors[4 * k + ch] = p[ch] }
                pieceOpacities[k] = solidOpacities[q]
                if solidOpacities[q] != 1 { faded = true }
                k += 1
            }
            if faded { fadedPieces += 1 }
            if k == 0 {
                wf_fill32(row + u, background.pixel, v - u)
            } else {
                wf_over_opaque_multi(Int32(k), UnsafePointer(solidRows), solidColors, faded ? UnsafePointer(pieceOpacities) : nil,
                                     row + u, v - u, bg, background.pixel)
            }
        }
        return true
    }

    /// Draws steps `i0 ..< i1` (whole steps and groups) into `level`'s buffer, columns `lo ..< hi`
    /// of row `y`; where `guardBuffer` is transparent nothing needs drawing (it is never seen).
    private func run(_ ops: UnsafeBufferPointer<RenderOp>, _ i0: Int, _ i1: Int, level: Int, lo: Int, hi: Int,
                     guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let yc = Double(y) + 0.5
        var i = i0
        while i < i1 {
            step(ops, i, level: level, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y, yc: yc)
            i = Self.next(ops, i)
        }
    }

    /// Draws step `i` (a whole group or sum) into `level`'s buffer, columns `lo ..< hi` of row `y`
    /// (`yc` its centre), as `run` does each of its steps.
    @inline(__always)
    private func step(_ ops: UnsafeBufferPointer<RenderOp>, _ i: Int, level: Int, lo: Int, hi: Int,
                      guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int, yc: Double) {
        let b = ops[i].bounds
        let slo = max(lo, b.x0), shi = min(hi, b.x1)
        let inside = y >= b.y0 && y < b.y1 && slo < shi
        switch ops[i].kind {
        case .groupBegin:
            if inside { group(ops, i, level: level, lo: slo, hi: shi, guardBuffer: guardBuffer, y: y) }
        case .fill:
            if inside {
                withTileRow(ops, i, y: y, lo: slo, hi: shi) { src, plo, phi in
                    paint(ops[i].paint, ops[i].gradient, cov: src, dst: buffer(level), guardBuffer: guardBuffer,
                          lo: plo, hi: phi, yc: yc)
                }
            }
        case .rect:
            if inside { fillRect(ops, i, level: level, lo: slo, hi: shi, guardBuffer: guardBuffer, y: y) }
        case .image:
            if inside, let image = ops[i].image {
                image.values.withUnsafeBufferPointer { v in
                    guard let base = v.baseAddress else { return }
                    paint(ops[i].paint, ops[i].gradient, cov: base + y * image.width, dst: buffer(level), guardBuffer: guardBuffer,
                          lo: slo, hi: shi, yc: yc)
                }
            }
        case .sumBegin:
            if inside { fillSum(ops, i, level: level, lo: slo, hi: shi, guardBuffer: guardBuffer, y: y) }
        case .sumPart, .maskBegin, .groupEnd:
            break
        }
    }

    /// A group over columns `lo ..< hi`: its content (and mask) on the levels above, composited onto
    /// `level`. Where its mask is known to be opaque (`bypass`), the content is drawn straight onto
    /// `level`: the same source-over, without the group's buffers.
    private func group(_ ops: UnsafeBufferPointer<RenderOp>, _ g: Int, level: Int, lo: Int, hi: Int,
                       guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let end = ops[g].end
        let maskAt = ops[g].hasMask ? ops[g].maskIndex : end
        let by = ops[g].bypassRows, bx = ops[g].bypassColumns
        if y >= by.lowerBound, y < by.upperBound {
            let mlo = max(lo, bx.lowerBound), mhi = min(hi, bx.upperBound)
            if mlo < mhi {
                run(ops, g + 1, maskAt, level: level, lo: mlo, hi: mhi, guardBuffer: guardBuffer, y: y)
                if lo < mlo { compositedGroup(ops, g, level: level, lo: lo, hi: mlo, guardBuffer: guardBuffer, y: y) }
                if mhi < hi { compositedGroup(ops, g, level: level, lo: mhi, hi: hi, guardBuffer: guardBuffer, y: y) }
                return
            }
        }
        compositedGroup(ops, g, level: level, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y)
    }

    private func compositedGroup(_ ops: UnsafeBufferPointer<RenderOp>, _ g: Int, level: Int, lo: Int, hi: Int,
                                 guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let end = ops[g].end
        let maskAt = ops[g].hasMask ? ops[g].maskIndex : end
        guard ops[g].hasMask else {
            if ops[g].clip == .none, end == g + 2, ops[g + 1].kind == .fill, case .color(let color) = ops[g + 1].paint {
                soleFillGroup(ops, g, color: color, level: level, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y)
                return
            }
            let c = level + 1
            (buffer(c) + lo).update(repeating: .zero, count: hi - lo)
            run(ops, g + 1, maskAt, level: c, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y)
            compositeGroup(ops, g, y: y, src: buffer(c), mask: nil, dst: buffer(level), guardBuffer: guardBuffer, lo: lo, hi: hi)
            return
        }
        if ops[g].clip == .none,
           maskedGradientGroup(ops, g, maskAt: maskAt, end: end, level: level, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y) {
            return
        }
        // Content then mask, or (mask-first: the content is costlier) mask then content; the second
        // is drawn one level up, only where the first shows.
        let content = g + 1 ..< maskAt, mask = maskAt + 1 ..< end
        let (first, second) = ops[g].maskFirst ? (mask, content) : (content, mask)
        let a = level + 1, b = level + 2
        (buffer(a) + lo).update(repeating: .zero, count: hi - lo)
        run(ops, first.lowerBound, first.upperBound, level: a, lo: lo, hi: hi, guardBuffer: guardBuffer, y: y)
        (buffer(b) + lo).update(repeating: .zero, count: hi - lo)
        run(ops, second.lowerBound, second.upperBound, level: b, lo: lo, hi: hi, guardBuffer: buffer(a), y: y)
        let (c, m) = ops[g].maskFirst ? (b, a) : (a, b)
        compositeGroup(ops, g, y: y, src: buffer(c), mask: buffer(m), dst: buffer(level), guardBuffer: guardBuffer, lo: lo, hi: hi)
    }

    /// A group of one rectangle painted with a linear gradient masked by one fill or sum in an
    /// opaque colour (a shimmer's band, or a spread's colours, seen through the text), with only an
    /// opacity: per pixel, the same operations as the group's two buffers and `compositeGroup` (the
    /// mask's alpha is its coverage), without the buffers, the gradient's colour made only where
    /// the mask shows. False, drawing nothing, for any other group.
    private func maskedGradientGroup(_ ops: UnsafeBufferPointer<RenderOp>, _ g: Int, maskAt: Int, end: Int, level: Int,
                                     lo: Int, hi: Int, guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) -> Bool {
        let c = g + 1, m = maskAt + 1
        guard maskAt == c + 1, ops[c].kind == .rect, m < end, ops[m].kind == .fill || ops[m].kind == .sumBegin,
              Self.next(ops, m) == end, case .gradient = ops[c].paint, ops[c].gradient >= 0,
              case .color(let maskColor) = ops[m].paint, maskColor.a == 255 else { return false }
        let span = gradients.spans[ops[c].gradient]
        guard !span.radial else { return false }
        // The content's columns on the row (the rectangle's step bounds): nothing else shows.
        let cb = ops[c].bounds
        let clo = max(lo, cb.x0), chi = min(hi, cb.x1)
        guard y >= cb.y0, y < cb.y1, clo < chi else { return true }
        // The mask's alpha on those columns: its coverage, painted as `step` and `fillSum` paint it.
        let weight = maskRow
        (weight + clo).update(repeating: 0, count: chi - clo)
        let mb = ops[m].bounds
        let mlo = max(clo, mb.x0), mhi = min(chi, mb.x1)
        guard y >= mb.y0, y < mb.y1, mlo < mhi else { return true }
        if ops[m].kind == .fill || ops[m].disjointParts {
            let parts = ops[m].kind == .fill ? m ..< m + 1 : ops[m].parts
            for k in parts {
                withTileRow(ops, k, y: y, lo: mlo, hi: mhi) { src, plo, phi in
                    // Source-over of the opaque colour's alpha, as the part is painted.
                    for x in plo ..< phi where src[x] != 0 { weight[x] = src[x] + weight[x] * (1 - src[x]) }
                }
            }
        } else {
            for k in ops[m].parts {
                withTileRow(ops, k, y: y, lo: mlo, hi: mhi) { src, plo, phi in
                    for x in plo ..< phi { weight[x] += src[x] }
                }
            }
            for x in mlo ..< mhi where weight[x] > 1 { weight[x] = 1 }
        }
        // Each pixel's weight: the opacity times the mask's alpha, 0 where the rectangle or the guard
        // leaves it out (the pixels the group leaves as they are).
        rectCoverage(ops[c].rect, y: y, lo: mlo, hi: mhi, into: cov)
        let n = mhi - mlo
        if let guardBuffer {
            UnsafeRawPointer(guardBuffer + mlo).withMemoryRebound(to: Float.self, capacity: 4 * n) { g4 in
                wf_mask_weights(cov + mlo, g4, weight + mlo, n, Float(ops[g].opacity))
            }
        } else {
            wf_mask_weights(cov + mlo, nil, weight + mlo, n, Float(ops[g].opacity))
        }
        // The gradient's colours: kept for the frame when the same on every row, else made here
        // where a weight is not 0.
        let row: UnsafeMutablePointer<SIMD4<Float>>
        if span.ay == 0, span.ax != 0 {
            row = cachedGradientRow(ops[c].gradient, lo: mlo, hi: mhi, yc: Double(y) + 0.5)
        } else {
            row = gradientRows + 2 * width
            gradientColors(ops[c].gradient, from: mlo, to: mhi, yc: Double(y) + 0.5, into: row, only: UnsafePointer(weight))
        }
        UnsafeRawPointer(row + mlo).withMemoryRebound(to: Float.self, capacity: 4 * n) { colors in
            UnsafeMutableRawPointer(buffer(level) + mlo).withMemoryRebound(to: Float.self, capacity: 4 * n) { d in
                wf_masked_over(weight + mlo, cov + mlo, colors, d, n)
            }
        }
        return true
    }

    /// A group holding nothing but one fill in a solid colour, with only an opacity (a fading
    /// particle): per pixel, the colour times the coverage (what the fill leaves in the group's
    /// cleared buffer), times the opacity, over `level`: the same operations as the group's buffer
    /// and `compositeGroup`, without the buffer.
    private func soleFillGroup(_ ops: UnsafeBufferPointer<RenderOp>, _ g: Int, color: Color, level: Int, lo: Int, hi: Int,
                               guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let opacity = Float(ops[g].opacity)
        guard opacity != 0 else { return }
        var s = color.premultiplied
        let dst = buffer(level)
        guard let guardBuffer else {
            // The kernel: the same operations per pixel.
            withTileRow(ops, g + 1, y: y, lo: lo, hi: hi) { cov, plo, phi in
                withUnsafePointer(to: &s) { sp in
                    sp.withMemoryRebound(to: Float.self, capacity: 4) { sf in
                        UnsafeMutableRawPointer(dst + plo).withMemoryRebound(to: Float.self, capacity: (phi - plo) * 4) { d in
                            wf_sole_fill(cov + plo, d, phi - plo, sf, opacity)
                        }
                    }
                }
            }
            return
        }
        withTileRow(ops, g + 1, y: y, lo: lo, hi: hi) { cov, plo, phi in
            for x in plo ..< phi {
                let c = cov[x]
                if c == 0 { continue }
                let v = s * c
                if v.w == 0 { continue }
                if guardBuffer[x].w == 0 { continue }
                let t = v * opacity
                dst[x] = t + dst[x] * (1 - t.w)
            }
        }
    }

    /// A rectangle: an opaque colour over whole rows is a store inside and the fill at its edges.
    private func fillRect(_ ops: UnsafeBufferPointer<RenderOp>, _ i: Int, level: Int, lo: Int, hi: Int,
                          guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let r = ops[i].rect
        let dst = buffer(level)
        if guardBuffer == nil, case .color(let color) = ops[i].paint, color.a == 255, Double(y) >= r.y0, Double(y + 1) <= r.y1 {
            let ilo = max(lo, Int(max(r.x0, -1e9).rounded(.up))), ihi = min(hi, Int(min(r.x1, 1e9).rounded(.down)))
            if ilo < ihi {
                let s = color.premultiplied
                (dst + ilo).update(repeating: s, count: ihi - ilo)
                for x in lo ..< ilo { let c = Self.snap(max(0, min(Double(x + 1), r.x1) - max(Double(x), r.x0))); dst[x] = s * c + dst[x] * (1 - c) }
                for x in ihi ..< hi { let c = Self.snap(max(0, min(Double(x + 1), r.x1) - max(Double(x), r.x0))); dst[x] = s * c + dst[x] * (1 - c) }
                return
            }
        }
        rectCoverage(r, y: y, lo: lo, hi: hi, into: cov)
        paint(ops[i].paint, ops[i].gradient, cov: cov, dst: dst, guardBuffer: guardBuffer, lo: lo, hi: hi, yc: Double(y) + 0.5)
    }

    /// Calls `body` with step `k`'s tile row `y` (indexed by column) and the columns of `lo ..< hi`
    /// it covers, when it has any there.
    @inline(__always)
    private func withTileRow(_ ops: UnsafeBufferPointer<RenderOp>, _ k: Int, y: Int, lo: Int, hi: Int,
                             _ body: (UnsafePointer<Float>, Int, Int) -> Void) {
        let b = ops[k].bounds
        let plo = max(lo, b.x0), phi = min(hi, b.x1)
        guard y >= b.y0, y < b.y1, plo < phi, let base = ops[k].tileValues else { return }
        body(base + (y - ops[k].tileY) * ops[k].tileWidth - ops[k].tileX, plo, phi)
    }

    /// Pieces whose coverages add up (glyphs): painted one by one from their tiles where their
    /// columns do not overlap, else summed first.
    private func fillSum(_ ops: UnsafeBufferPointer<RenderOp>, _ i: Int, level: Int, lo: Int, hi: Int,
                         guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, y: Int) {
        let parts = ops[i].parts
        let yc = Double(y) + 0.5
        if ops[i].disjointParts {
            let p = ops[i].paint, g = ops[i].gradient, dst = buffer(level)
            for k in parts {
                withTileRow(ops, k, y: y, lo: lo, hi: hi) { src, plo, phi in
                    paint(p, g, cov: src, dst: dst, guardBuffer: guardBuffer, lo: plo, hi: phi, yc: yc)
                }
            }
            return
        }
        (sum + lo).update(repeating: 0, count: hi - lo)
        for k in parts {
            withTileRow(ops, k, y: y, lo: lo, hi: hi) { src, plo, phi in
                for x in plo ..< phi { sum[x] += src[x] }
            }
        }
        for x in lo ..< hi where sum[x] > 1 { sum[x] = 1 }
        paint(ops[i].paint, ops[i].gradient, cov: sum, dst: buffer(level), guardBuffer: guardBuffer, lo: lo, hi: hi, yc: yc)
    }

    /// True when the first step is an opaque colour over a rectangle holding the whole span of row
    /// `y` (a background): it overwrites every pixel, so clearing first is not needed.
    static func coversOpaquely(_ ops: UnsafeBufferPointer<RenderOp>, y: Int, x0: Int, x1: Int) -> Bool {
        // Fields of the first step, not a copy of it (a copy retains its references).
        guard !ops.isEmpty, ops[0].kind == .rect, case .color(let c) = ops[0].paint, c.a == 255 else { return false }
        let r = ops[0].rect
        return r.x0 <= Double(x0) && r.x1 >= Double(x1) && r.y0 <= Double(y) && r.y1 >= Double(y + 1)
    }

    /// The columns of `x0 ..< x1` that a step after the first (the background) can reach on row
    /// `y` (empty, with `x0 >= x1`, when none does).
    static func drawnColumns(_ ops: UnsafeBufferPointer<RenderOp>, top: UnsafeBufferPointer<Int32>, y: Int, x0: Int, x1: Int) -> (Int, Int) {
        var lo = x1, hi = x0
        for t in top where t >= 1 {
            let b = ops[Int(t)].bounds
            if y >= b.y0, y < b.y1 { lo = min(lo, max(x0, b.x0)); hi = max(hi, min(x1, b.x1)) }
        }
        return (lo, hi)
    }

    /// One premultiplied colour as the 4 bytes `wf_round_row` makes of it, in memory order.
    static func rounded(_ s: SIMD4<Float>) -> UInt32 {
        var v = s
        var bytes: UInt32 = 0
        withUnsafeMutableBytes(of: &v) { src in
            withUnsafeMutableBytes(of: &bytes) { dst in
                guard let sp = src.baseAddress?.assumingMemoryBound(to: Float.self),
                      let dp = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                wf_round_row(sp, dp, 4)
            }
        }
        return bytes
    }

    /// Source-over of `paint` with coverage `cov[x]` into `dst[lo ..< hi]` (the reference's fill).
    @inline(__always)
    private func paint(_ paint: LayerPaint, _ gradient: Int, cov covIn: UnsafePointer<Float>,
                       dst: UnsafeMutablePointer<SIMD4<Float>>, guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?,
                       lo: Int, hi: Int, yc: Double) {
        if case .gradient = paint, gradient >= 0, !gradients.spans[gradient].radial, gradients.spans[gradient].ay == 0,
           gradients.spans[gradient].ax != 0 {
            // The same colours on every row (a gradient along x): made once for the rows
            // `renderRows` draws, for the columns they ask for, then only composited (where the
            // guard is transparent this level's pixels are never seen: nothing is drawn there).
            let row = cachedGradientRow(gradient, lo: lo, hi: hi, yc: yc)
            for x in lo ..< hi {
                let c = covIn[x]
                if c == 0 { continue }
                if let guardBuffer, guardBuffer[x].w == 0 { continue }
                let s = row[x]
                dst[x] = c == 1 && s.w == 1 ? s : s * c + dst[x] * (1 - s.w * c)
            }
            return
        }
        var cov = covIn
        if let g = guardBuffer {
            // Where the guard is transparent this level's pixels are never seen: no coverage there.
            let masked = self.sum == UnsafeMutablePointer(mutating: covIn) ? self.sum : self.cov
            for x in lo ..< hi { masked[x] = g[x].w == 0 ? 0 : covIn[x] }
            cov = UnsafePointer(masked)
        }
        switch paint {
        case .color(let color):
            guard lo < hi else { return }
            var s = color.premultiplied
            withUnsafePointer(to: &s) { sp in
                sp.withMemoryRebound(to: Float.self, capacity: 4) { sf in
                    UnsafeMutableRawPointer(dst + lo).withMemoryRebound(to: Float.self, capacity: (hi - lo) * 4) { d in
                        wf_paint_solid(cov + lo, d, hi - lo, sf)
                    }
                }
            }
        case .gradient:
            guard gradient >= 0 else { return }
            let g = gradients.spans[gradient]
            if !g.radial, g.ax == 0 {
                // The same colour along the whole row (a gradient along y): the solid fill's kernel,
                // the same operations per pixel.
                guard lo < hi else { return }
                var s = gradientColors(gradient, from: lo, to: lo + 1, yc: yc, into: gradientRows + 2 * width)
                withUnsafePointer(to: &s) { sp in
                    sp.withMemoryRebound(to: Float.self, capacity: 4) { sf in
                        UnsafeMutableRawPointer(dst + lo).withMemoryRebound(to: Float.self, capacity: (hi - lo) * 4) { d in
                            wf_paint_solid(cov + lo, d, hi - lo, sf)
                        }
                    }
                }
                return
            }
            // The colours where the coverage is not 0, then source-over.
            let row = gradientRows + 2 * width
            gradientColors(gradient, from: lo, to: hi, yc: yc, into: row, only: cov)
            for x in lo ..< hi {
                let c = cov[x]
                if c == 0 { continue }
                let s = row[x]
                dst[x] = c == 1 && s.w == 1 ? s : s * c + dst[x] * (1 - s.w * c)
            }
        }
    }

    /// Gradient `gradient`'s premultiplied colours at the centres of columns `lo ..< hi` of the
    /// row whose centre is at `yc`, into `out[lo ..< hi]` (with `only`, just where `only` is not 0):
    /// the colour `paint` composites (the last stop at or before t, as `Gradient.straightColor`,
    /// interpolated to the next).
    @discardableResult
    private func gradientColors(_ gradient: Int, from lo: Int, to hi: Int, yc: Double,
                                into out: UnsafeMutablePointer<SIMD4<Float>>, only: UnsafePointer<Float>? = nil) -> SIMD4<Float> {
        let g = gradients.spans[gradient]
        gradients.stops.withUnsafeBufferPointer { stops in
            gradients.locations.withUnsafeBufferPointer { locs in
                guard let sb = stops.baseAddress, let lb = locs.baseAddress else { return }
                let cs = sb + g.first, ls = lb + g.first, n = g.count
                // The last stop at or before t (as Gradient.straightColor): searched once, then
                // followed along the row, where t moves one way only (sorted stops).
                var k = -1
                var started = false
                for x in lo ..< hi {
                    if let only, only[x] == 0 { continue }
                    let xc = Double(x) + 0.5
                    var t = g.ax * xc + g.ay * yc + g.c
                    if g.radial {
                        let v = g.bx * xc + g.by * yc + g.d
                        t = (t * t + v * v).squareRoot()
                    }
                    if !g.sorted || !started || g.radial {
                        k = -1
                        for m in 0 ..< n where ls[m] <= t { k = m }
                        started = true
                    } else if g.ax >= 0 {
                        while k + 1 < n, ls[k + 1] <= t { k += 1 }
                    } else {
                        while k >= 0, ls[k] > t { k -= 1 }
                    }
                    let st: SIMD4<Float>
                    if k < 0 { st = cs[0] } else if k == n - 1 || cs[k] == cs[k + 1] { st = cs[k] } else {
                        let f = Float((t - ls[k]) / (ls[k + 1] - ls[k]))
                        st = cs[k] + (cs[k + 1] - cs[k]) * f
                    }
                    out[x] = SIMD4(st.x * st.w, st.y * st.w, st.z * st.w, st.w)
                }
            }
        }
        return hi > lo ? out[lo] : .zero
    }

    /// The colours of gradient `gradient` (the same on every row) for columns `lo ..< hi`, kept
    /// for the rest of the rows `renderRows` draws: columns already made are not made again (the
    /// kept columns stay one run, so a gap between two asks is made too: at most the row's width
    /// per frame). Two gradients are kept, the one used less recently making room for a third.
    private func cachedGradientRow(_ gradient: Int, lo: Int, hi: Int, yc: Double) -> UnsafeMutablePointer<SIMD4<Float>> {
        let slot = rowCache0.gradient == gradient ? 0 : rowCache1.gradient == gradient ? 1 : (recentSlot == 0 ? 1 : 0)
        recentSlot = slot
        var c = slot == 0 ? rowCache0 : rowCache1
        let row = gradientRows + slot * width
        if c.gradient != gradient {
            gradientColors(gradient, from: lo, to: hi, yc: yc, into: row)
            c = GradientRowCache(gradient: gradient, lo: lo, hi: hi)
        } else {
            if lo < c.lo { gradientColors(gradient, from: lo, to: c.lo, yc: yc, into: row); c.lo = lo }
            if hi > c.hi { gradientColors(gradient, from: c.hi, to: hi, yc: yc, into: row); c.hi = hi }
        }
        if slot == 0 { rowCache0 = c } else { rowCache1 = c }
        return row
    }

    /// Which gradient a kept row of colours belongs to (-1: none) and the columns it holds.
    private struct GradientRowCache {
        var gradient = -1
        var lo = 0, hi = 0
    }

    /// Exact area coverage of pixels `lo ..< hi` of row `y` by an axis-aligned device rectangle.
    @inline(__always)
    private func rectCoverage(_ r: (x0: Double, y0: Double, x1: Double, y1: Double), y: Int, lo: Int, hi: Int,
                              into cov: UnsafeMutablePointer<Float>) {
        let oy = max(0, min(Double(y + 1), r.y1) - max(Double(y), r.y0))
        let inner = Self.snap(oy)
        // Columns wholly inside (x >= x0 and x + 1 <= x1) take the row's coverage; the others
        // their overlap.
        let a = min(max(lo, Int(max(r.x0, -1e9).rounded(.up))), hi), b = max(min(hi, Int(min(r.x1, 1e9).rounded(.down))), a)
        @inline(__always) func edge(_ x: Int) {
            let fx = Double(x)
            let ox = max(0, min(fx + 1, r.x1) - max(fx, r.x0))
            cov[x] = Self.snap(ox * oy)
        }
        for x in lo ..< a { edge(x) }
        if a < b { (cov + a).update(repeating: inner, count: b - a) }
        for x in b ..< hi { edge(x) }
    }

    /// The rasterizer's snapping of areas within rounding of 0 or 1.
    @inline(__always) static func snap(_ v: Double) -> Float { v < 1e-9 ? 0 : (v > 1 - 1e-9 ? 1 : Float(v)) }

    /// Composites a group's row onto its parent: the mask's alpha (clamped), times the clip's
    /// coverage, times the opacity (the reference's order).
    private func compositeGroup(_ ops: UnsafeBufferPointer<RenderOp>, _ g: Int, y: Int, src: UnsafeMutablePointer<SIMD4<Float>>,
                                mask: UnsafeMutablePointer<SIMD4<Float>>?, dst: UnsafeMutablePointer<SIMD4<Float>>,
                                guardBuffer: UnsafeMutablePointer<SIMD4<Float>>?, lo: Int, hi: Int) {
        let opacity = Float(ops[g].opacity)
        let clip = ops[g].clip
        var clipRow: UnsafePointer<Float>?
        if clip == .rect {
            rectCoverage(ops[g].rect, y: y, lo: lo, hi: hi, into: cov)
            clipRow = UnsafePointer(cov)
        } else if clip == .path {
            // Outside the clip tile's rows the clip covers nothing: the group leaves no trace here.
            guard let t = ops[g].tileValues, y >= ops[g].tileY, y < ops[g].tileY + ops[g].tileHeight else { return }
            let tw = ops[g].tileWidth, row = t + (y - ops[g].tileY) * tw
            for x in lo ..< hi {
                let tx = x - ops[g].tileX
                cov[x] = tx >= 0 && tx < tw ? row[tx] : 0
            }
            clipRow = UnsafePointer(cov)
        }
        for x in lo ..< hi {
            if src[x].w == 0 { continue }           // transparent content adds nothing
            if let guardBuffer, guardBuffer[x].w == 0 { continue }
            var k = opacity
            if let mask {
                var m = min(max(mask[x].w, 0), 1)
                if let clipRow { m = m * clipRow[x] }
                k *= m
            } else if let clipRow {
                k *= clipRow[x]
            }
            if k == 0 { continue }
            let s = src[x] * k
            dst[x] = s + dst[x] * (1 - s.w)
        }
    }
}

import Dispatch
import Geometry
import Raster

/// Draws a layer tree into a persistent 8-bit frame with the reference renderer's pixels (within
/// 1/255 per channel), doing only the work that changed.
///
/// Each frame the presentation tree is flattened into a list of steps: fills (a shape, its
/// transform, its paint), and the start, mask and end of every group (a layer with a mask, opacity
/// below 1, or `masksToBounds`). Each fill's coverage is rasterized exactly, once, into a tile the
/// size of its device bounds and cached by content: the shape's storage, the transform's linear
/// part and fractional translation, the fill rule or stroke. A shape that moves by whole pixels is
/// the same tile at another place. A fill's tile is its row program (recorded once per shape,
/// linear part and vertical offset) replayed at the fractional horizontal offset; a glyph that slid
/// by a fraction is replayed over its own last tile, writing only where its rows change.
///
/// The list is compared with the previous frame's, each step with the one the same layer made in
/// the same place among its steps (a step born or gone is drawn where it is or was; everything, when
/// the steps found in both lists changed order): the pixels that can differ are the device bounds
/// of the steps that differ, old and new, or for a shape that only moved the columns where its old
/// and new coverages can differ (from the tiles' row ranges, or by comparing the tiles; damage,
/// kept as spans per row). Only those spans are drawn again, row by row: every row is composited
/// in Float32 premultiplied RGBA in a row buffer per group level (the reference's source-over,
/// masks and opacity, in its order) and rounded to 8 bits once; where one solid colour alone
/// reaches a span over an opaque background, with the same arithmetic straight to 8 bits. A frame
/// equal to the previous one costs the comparison. Buffers, tiles and lists are reused: nothing is
/// allocated per frame once they have grown, unless a stroke's trim or a shape's transform changes
/// (a new outline is made then).
///
/// Not thread-safe; `threads` > 1 splits the rows of large frames across that many threads, with
/// the same result.
public final class FastLayerRenderer {
    /// Rows drawn by each thread at most; 1 draws on the calling thread only.
    public var threads = 1
    /// Whether pixels only one solid colour reaches over an opaque background skip the Float32 row
    /// buffers (the same bytes; off only to compare the two).
    var directRows = true
    /// Rectangles holding every pixel the last `render` drew (empty when nothing changed).
    public private(set) var damage: [PixelRect] = []
    /// The pixels the last `render` drew, as spans per row (inside `damage`): a shape that only
    /// moved is drawn again only where its coverage changed, unless it is a solid colour over an
    /// opaque background (then its boxes: direct rows draw them about as cheaply).
    private let spans = SpanDamage()
    /// Pixels drawn by the last `render`.
    public var damagedPixels: Int { spans.area }
    /// Coverage tiles rasterized by the last `render` (cache misses).
    public private(set) var tilesRasterized = 0
    /// Fills' row programs recorded in the last `render` (the rest of its new fill tiles were
    /// replayed from programs kept, or rasterized directly).
    public private(set) var programsRecorded = 0
    /// Fill tiles of the last `render` made by replaying a row program (recorded then or kept).
    public private(set) var tilesReplayed = 0
    /// Fill tiles of the last `render` made by replaying a column program (a fill moved up or down).
    public private(set) var columnTilesReplayed = 0
    /// Where a column program is replayed before it is swapped into its tile.
    private var columnScratch: [Float] = []
    /// Fills the last `render` rasterized or recorded as shapes whose winding is 0 or one value
    /// (`Path.simpleFillWinding`): their edges' areas added up without ordering them.
    public private(set) var simpleFillTiles = 0

    private var width = 0, height = 0
    private var sink = LayerContentSink()
    private var previous: [RenderOp] = []
    private var valid = false
    /// The last frame's steps were built for this canvas size (their tiles can be reused).
    private var built = false
    private var depth = 0, maxDepth = 0
    private var cache: [TileKey: CoverageTile] = [:]
    /// Per fill path (by its storage, which the entry keeps alive): `Path.simpleFillWinding`. Kept
    /// for the renderer's life, so that a loop's paths are examined once however long its stretches
    /// without them; emptied when it would hold more than `simpleFillLimit` paths.
    private var simpleFills: [UInt: (path: Path, winding: Int)] = [:]
    static let simpleFillLimit = 2048
    /// Fills' row programs by tile key without the fractional horizontal offset, and spares.
    private var programs: [TileKey: ShapeProgram] = [:]
    private var spareModels: [ShapeProgram] = []
    /// Per spare program, the room it has (`spareModels[k]`'s at `k`).
    private var spareRoom: [SpareRoom] = []
    /// Range storage not held by any tile.
    private var spareRanges: [RangeStorage] = []
    /// Where a program is recorded before it is copied into the spare that fits it.
    private let recording = RowProgram()
    private var staleModels: [TileKey] = []
    /// Per path storage, how often its fills found a recorded program and how often one was
    /// recorded (see `shapeProgram`).
    private var programUse: [UInt: ProgramUse] = [:]
    private var spare: [CoverageTile] = []
    /// Per spare tile, its capacity (`spare[k]`'s at `k`): the search for the best fit reads a plain
    /// array rather than every tile object.
    private var spareCapacity: [Int] = []
    private var cachedFloats = 0
    private var frameNumber = 0
    /// The most steps a frame has had (how many spares are kept).
    private var mostSteps = 0
    private let rasterizer = Rasterizer()
    private var polylines = Polylines()
    private var gradientStops: [SIMD4<Float>] = []
    private var gradientLocations: [Double] = []
    private var gradients: [GradientSpan] = []
    private var workers: [RowWorker] = []
    /// Per band of rows, the steps that reach it (what a row's drawing looks at).
    private let stepIndex = StepIndex()
    private let shadowMaker = ShadowMaker()
    private let reference = LayerRenderer()
    private var shadowEntries: [ShadowEntry] = []
    private var shadowIndex = 0
    private var groupStack: [Int] = []
    /// Per step, its counterpart in the last frame's list (-1: none); per step of that list, whether
    /// it has one; and that list's steps by origin and number (see `matchPrevious`).
    private var matchOf: [Int32] = []
    private var previousMatched: [Bool] = []
    private var previousIndex: [StepKey: Int32] = [:]
    private var stale: [CoverageTile] = []
    private var strokes: [StrokeBuilder] = []
    private var pending: [PendingTile] = []
    private var pendingShapes: [Polylines] = []
    private var pendingBands: [PendingBand] = []
    private var rasterizers: [Rasterizer] = []
    private var helperThreads: HelperThreads?
    private let rasterJob = RasterJob()
    private let rowsJob = RowsJob()
    private var windowScratch: [Float] = []
    /// This frame's steps that only moved, and the boxes of their differences (per part).
    private var moved: [MovedStep] = []
    private var movedBoxes: [PixelRect] = []
    private let diffJob = DiffJob()
    /// Pixels whose coverage a stroke's changed trim can have changed, per step (else empty).
    private var strokeDamage: [PixelRect] = []
    /// Pieces of rows the last `render` wrote straight to 8 bits with a fill at an opacity below 1
    /// among the steps reaching them (for tests).
    private(set) var fadedPiecesDrawnDirectly = 0
    /// Strokes whose trim changed and were rasterized again only where they differ, in the last render.
    public private(set) var strokesUpdatedInPlace = 0

    /// Cached coverage beyond this many values is dropped at the end of a frame unless in use.
    public static let cacheBudget = 16 << 20

    /// A renderer with nothing drawn yet.
    public init() {}

    deinit { for p in spareRanges { p.current.free(); p.previous.free() } }

    /// Forgets the last frame: the next `render` draws everything.
    public func invalidate() { valid = false }

    /// Renders `root` (a presentation tree) into `pixmap`, which must hold what the previous call drew
    /// (or anything, after `invalidate()` or a size change, when everything is drawn). Returns the
    /// rows that changed.
    @discardableResult
    public func render(_ root: Layer, into pixmap: inout Pixmap, width w: Int, height h: Int) -> Range<Int> {
        if pixmap.width != w || pixmap.height != h { pixmap = Pixmap(width: w, height: h); valid = false }
        if w != width || h != height {
            width = w; height = h; valid = false; built = false; workers.removeAll()
            programs.removeAll()              // whether a shape is kept whole depends on the canvas
        }
        frameNumber += 1
        tilesRasterized = 0
        programsRecorded = 0
        tilesReplayed = 0
        simpleFillTiles = 0
        columnTilesReplayed = 0
        // Build this frame's steps in the sink (reusing last frame's storage).
        // Last frame's steps become `previous`; the older storage (uniquely held) takes this frame's.
        swap(&sink.ops, &previous)
        sink.ops.removeAll(keepingCapacity: true)
        depth = 0; maxDepth = 0; shadowIndex = 0
        if w > 0, h > 0 { build(root, parentCTM: .identity) }
        resolve()
        let rows = draw(into: &pixmap)
        valid = w > 0 && h > 0
        built = valid
        findBackdrop(in: pixmap)
        evict()
        return rows
    }

    /// After `render`: when the frame's first step fills the whole canvas with one opaque colour,
    /// that colour's pixel (as the frame holds it) and the box outside which no other step reaches,
    /// so that every pixel there is that pixel; nil otherwise (or when the box is the canvas). A
    /// copy of the frame can write the pixel there rather than read it.
    public private(set) var backdrop: (pixel: UInt32, content: PixelRect)?

    private func findBackdrop(in pixmap: Pixmap) {
        backdrop = nil
        let ops = sink.ops
        guard valid, let first = ops.first, first.kind == .rect, case .color(let c) = first.paint, c.a == 255,
              first.bounds == canvasRect, pixmap.width == width, pixmap.height == height else { return }
        var content = PixelRect.empty
        for op in ops.dropFirst() { content = content.union(op.bounds) }
        content = content.intersection(canvasRect)
        // A pixel outside the box, read from the frame.
        let x: Int, y: Int
        if content.isEmpty { x = 0; y = 0 } else if content.y0 > 0 { x = 0; y = 0 } else if content.y1 < height { x = 0; y = height - 1 }
        else if content.x0 > 0 { x = 0; y = 0 } else if content.x1 < width { x = width - 1; y = 0 } else { return }
        let i = (y * width + x) * 4
        let pixel = pixmap.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt32.self) }
        backdrop = (pixel, content)
    }

    /// Renders `root` on a transparent `width` x `height` canvas from scratch.
    public func renderPixmap(_ root: Layer, width: Int, height: Int) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        invalidate()
        render(root, into: &p, width: width, height: height)
        invalidate()
        return p
    }

    // MARK: - Building the steps

    private func build(_ layer: Layer, parentCTM: Transform) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let origin = UInt(bitPattern: layer.modelIdentity)
        let first = sink.ops.count
        if layer.castsShadow { addShadow(layer, parentCTM: parentCTM) }
        let ctm = layer.transformToSuperlayer.concatenating(parentCTM)
        let grouped = layer.mask != nil || layer.opacity < 1 || layer.masksToBounds
        var begin = -1
        if grouped {
            begin = sink.ops.count
            var op = RenderOp(kind: .groupBegin, path: Path(), transform: ctm, rule: .nonZero, paint: .color(.clear))
            op.opacity = min(max(layer.opacity, 0), 1)
            op.hasMask = layer.mask != nil
            if layer.masksToBounds {
                if ctm.b == 0, ctm.c == 0 {
                    op.clip = .rect
                    op.rect = RenderOp.deviceRect(layer.bounds, ctm)
                } else {
                    op.clip = .path
                    op.path = Path(rect: layer.bounds)
                }
            }
            sink.ops.append(op)
            depth += 1; maxDepth = max(maxDepth, depth)
        }
        if let bg = layer.backgroundColor, bg.a > 0, !layer.bounds.isEmpty {
            sink.fill(rect: layer.bounds, transform: ctm, paint: .color(bg))
        }
        layer.emitContent(into: &sink, ctm: ctm)
        var seq = tag(first, origin: origin, seq: 0)
        for s in layer.sublayers { build(s, parentCTM: ctm) }
        guard grouped else { return }
        if let mask = layer.mask {
            var op = RenderOp(kind: .maskBegin, path: Path(), transform: ctm, rule: .nonZero, paint: .color(.clear))
            op.end = begin
            sink.ops[begin].maskIndex = sink.ops.count
            sink.ops.append(op)
            seq = tag(sink.ops.count - 1, origin: origin, seq: seq)
            depth += 1; maxDepth = max(maxDepth, depth)
            build(mask, parentCTM: ctm)                 // a mask lives in its layer's coordinates
            depth -= 1
        }
        var end = RenderOp(kind: .groupEnd, path: Path(), transform: ctm, rule: .nonZero, paint: .color(.clear))
        end.end = begin
        sink.ops.append(end)
        sink.ops[begin].end = sink.ops.count - 1
        tag(sink.ops.count - 1, origin: origin, seq: seq)
        depth -= 1
    }

    /// Marks steps `first...` (to the end of the list) as `origin`'s, numbered from `seq`, with their
    /// indices; returns the next number.
    @discardableResult
    private func tag(_ first: Int, origin: UInt, seq: Int) -> Int {
        var k = Int32(truncatingIfNeeded: seq)
        sink.ops.withUnsafeMutableBufferPointer { ops in
            for i in first ..< ops.count {
                ops[i].origin = origin; ops[i].seq = k; ops[i].at = Int32(truncatingIfNeeded: i)
                k &+= 1
            }
        }
        return Int(k)
    }

    /// A step filling `layer`'s shadow (`ShadowMaker`'s, the reference's) beneath it. A shadow with
    /// a path is made again only when its path, transform or settings change, into one of two
    /// buffers kept per shadow (the other is last frame's): nothing is allocated in steady state.
    private func addShadow(_ layer: Layer, parentCTM: Transform) {
        if shadowIndex == shadowEntries.count { shadowEntries.append(ShadowEntry()) }
        let entry = shadowEntries[shadowIndex]
        shadowIndex += 1
        let key = ShadowKey(path: layer.shadowPath, image: layer.shadowPath == nil ? ShadowMaker.directImage(layer) : nil,
                            color: (layer as? CoverageLayer)?.color ?? .clear, ctm: layer.transformToSuperlayer.concatenating(parentCTM),
                            parentCTM: parentCTM, radius: layer.shadowRadius, offset: layer.shadowOffset,
                            opacity: layer.opacity, shadowOpacity: layer.shadowOpacity, width: width, height: height)
        if (key.path == nil && key.image == nil) || entry.key.map({ !$0.same(as: key) }) ?? true {
            entry.current ^= 1
            shadowMaker.shadow(of: layer, parentCTM: parentCTM, width: width, height: height,
                               into: &entry.buffers[entry.current]) { alone in
                self.reference.drawAlone(layer, into: &alone, parentCTM: parentCTM)
            }
            entry.key = key
        }
        var op = RenderOp(kind: .image, path: Path(), transform: .identity, rule: .nonZero, paint: .color(layer.shadowColor))
        op.image = entry.buffers[entry.current]
        sink.ops.append(op)
    }

    // MARK: - Tiles, bounds and damage

    private var canvasRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    private func resolve() {
        damage.removeAll(keepingCapacity: true)
        spans.reset(height: height)
        gradients.removeAll(keepingCapacity: true)
        gradientStops.removeAll(keepingCapacity: true)
        gradientLocations.removeAll(keepingCapacity: true)
        // The last frame's steps tell which tiles still hold (whatever the pixmap holds); whether the
        // pixmap holds that frame decides what is drawn.
        // A local (read only here) lets steps be compared in place rather than copied out.
        let previous = self.previous
        var ops = sink.ops
        sink.ops = []
        let n = ops.count
        // Each step's counterpart in the last frame's list (the same layer's same step), when the
        // last frame's steps were built for this canvas: its tile is reused, and the two are
        // compared, when the counterparts keep their order (steps born or gone in between, as an
        // emitter's particles are, are drawn again where they are or were).
        let ordered = built && matchPrevious(ops, previous)
        let comparable = valid && built && ordered
        strokesUpdatedInPlace = 0
        strokeDamage.removeAll(keepingCapacity: true)
        strokeDamage.append(contentsOf: repeatElement(PixelRect.empty, count: n))
        // Fills: reuse what did not change, rasterize the rest. Steps are read in place, through
        // pointers (the last frame's through each step's counterpart, when it has one).
        previous.withUnsafeBufferPointer { prev in
            ops.withUnsafeMutableBufferPointer { cur in
                guard let first = cur.baseAddress else { return }
                let old = prev.baseAddress
                let match = matchOf
                for i in 0 ..< n {
                    let op = first + i
                    let j = built ? Int(match[i]) : -1
                    let was = j >= 0 ? old.map { UnsafePointer($0 + j) } : nil
                    switch op.pointee.kind {
                    case .fill, .sumPart:
                        if let was, RenderOp.drawsSame(op, as: was) {
                            keepTile(of: was, in: op)
                            op.pointee.bounds = was.pointee.bounds
                        } else if let was, let d = updateStrokeInPlace(op, previous: was) {
                            strokeDamage[i] = d
                        } else {
                            resolveTile(&op.pointee, previous: was?.pointee.tile)
                        }
                    case .rect:
                        // A rectangle in a clear paint (a gradient whose stops are all clear: a spread
                        // before it starts) leaves every pixel as it is: it reaches none, and a group
                        // holding nothing else is left out too.
                        let r = op.pointee.rect
                        op.pointee.bounds = op.pointee.paint.isClear ? .empty
                            : (PixelRect.covering(minX: r.x0, minY: r.y0, maxX: r.x1, maxY: r.y1) ?? .empty).intersection(canvasRect)
                    case .image:
                        if let c = op.pointee.image, c.width == width, c.height == height { op.pointee.bounds = canvasRect } else { op.pointee.bounds = .empty }
                    case .groupBegin where op.pointee.clip == .path:
                        if let was, RenderOp.drawsSame(op, as: was) {
                            keepTile(of: was, in: op)
                        } else {
                            var probe = op.pointee
                            probe.kind = .fill
                            resolveTile(&probe)
                            op.pointee.tile = probe.tile; op.pointee.tileX = probe.tileX; op.pointee.tileY = probe.tileY
                        }
                    default:
                        break
                    }
                    if case .gradient = op.pointee.paint, op.pointee.kind != .sumPart { op.pointee.gradient = addGradient(op.pointee.paint) }
                }
            }
        }
        rasterizePending()
        // Sums and groups: bounds from their contents, innermost first.
        groupStack.removeAll(keepingCapacity: true)
        for i in 0 ..< n {
            switch ops[i].kind {
            case .sumBegin:
                var b = PixelRect.empty
                var disjoint = true, lastX1 = Int.min
                for k in i + 1 ..< ops[i].end where !ops[k].bounds.isEmpty {
                    b = b.union(ops[k].bounds)
                    if ops[k].bounds.x0 < lastX1 { disjoint = false }
                    lastX1 = ops[k].bounds.x1
                }
                ops[i].bounds = b
                ops[i].disjointParts = disjoint
            case .groupBegin:
                groupStack.append(i)
            case .groupEnd:
                let g = ops[i].end
                groupStack.removeLast()
                var content = PixelRect.empty, mask = PixelRect.empty
                var k = g + 1, inMask = false
                var contentShades = false, maskShades = false
                while k < i {
                    if ops[k].kind == .maskBegin, ops[k].end == g { inMask = true; k += 1; continue }
                    let b = ops[k].bounds
                    if inMask { mask = mask.union(b) } else { content = content.union(b) }
                    if ops[k].gradient >= 0 { if inMask { maskShades = true } else { contentShades = true } }
                    // Skip over nested groups and sums: their bounds already hold their parts.
                    k = (ops[k].kind == .groupBegin) ? ops[k].end + 1 : (ops[k].kind == .sumBegin ? ops[k].end : k + 1)
                }
                var b = content
                if ops[g].hasMask { b = b.intersection(mask) }
                ops[g].maskFirst = ops[g].hasMask && contentShades && !maskShades
                switch ops[g].clip {
                case .rect:
                    let r = ops[g].rect
                    b = b.intersection(PixelRect.covering(minX: r.x0, minY: r.y0, maxX: r.x1, maxY: r.y1) ?? .empty)
                case .path:
                    if let t = ops[g].tile {
                        b = b.intersection(PixelRect(x0: ops[g].tileX, y0: ops[g].tileY,
                                                     x1: ops[g].tileX + t.width, y1: ops[g].tileY + t.height))
                    } else { b = .empty }
                case .none: break
                }
                ops[g].bounds = b.intersection(canvasRect)
                ops[i].bounds = ops[g].bounds
                (ops[g].bypassRows, ops[g].bypassColumns) = opaqueMask(of: g, end: i, in: ops)
            default:
                break
            }
        }
        // Damage: everything when nothing comparable was drawn, else what changed.
        if !comparable {
            if valid {
                var old = PixelRect.empty, new = PixelRect.empty
                for op in previous where op.kind != .maskBegin && op.kind != .groupEnd { old = old.union(op.bounds) }
                for op in ops where op.kind != .maskBegin && op.kind != .groupEnd { new = new.union(op.bounds) }
                // Steps that now draw nothing leave the background: everything they covered is redrawn.
                addDamage(old.union(new).intersection(canvasRect))
            } else {
                addDamage(canvasRect)
            }
        } else {
            moved.removeAll(keepingCapacity: true)
            // Over an opaque background a solid colour's rows are written straight to 8 bits, about
            // as cheaply as its old and new tiles are compared: a moved solid shape is then drawn
            // again over its boxes. Elsewhere (gradients, translucency, a transparent canvas) only
            // where its coverage changed.
            var directBackdrop = false
            if directRows, n > 0, ops[0].kind == .rect, case .color(let c) = ops[0].paint, c.a == 255, ops[0].bounds == canvasRect {
                directBackdrop = true
            }
            // Through unsafe buffers: steps are compared in place, not copied out.
            previous.withUnsafeBufferPointer { prev in
                ops.withUnsafeBufferPointer { cur in
                    guard let cf = cur.baseAddress, let pf = prev.baseAddress else { return }
                    for i in 0 ..< n where cf[i].kind != .maskBegin && cf[i].kind != .groupEnd {
                        let c = cf + i
                        let j = Int(matchOf[i])
                        guard j >= 0 else {
                            // A new step: wherever it draws.
                            addDamage(c.pointee.bounds.intersection(canvasRect))
                            continue
                        }
                        let p = pf + j
                        if !strokeDamage[i].isEmpty {
                            addDamage(strokeDamage[i].intersection(canvasRect))
                        } else if RenderOp.drawsSame(c, as: p), c.pointee.bounds == p.pointee.bounds {
                            continue
                        } else if RenderOp.placesSame(c, as: p) {
                            // A group or a sum whose bounds moved with its content: its pixels are its
                            // content's, and the content's own steps hold what changed.
                            continue
                        } else if RenderOp.movedOnly(c, from: p), c.pointee.tile?.hasRanges ?? true, p.pointee.tile?.hasRanges ?? true {
                            // Both tiles know where their rows vary: compared range by range.
                            let area = c.pointee.bounds.union(p.pointee.bounds).intersection(canvasRect)
                            let inPlace = c.pointee.tile === p.pointee.tile && c.pointee.tile?.updatedInPlace == frameNumber
                            let box = spans.addRangeDifference(old: p.pointee.tile, oldX: p.pointee.tileX, oldY: p.pointee.tileY,
                                                               new: c.pointee.tile, newX: c.pointee.tileX, newY: c.pointee.tileY, over: area,
                                                               oldIsPrevious: inPlace)
                            addDamage(box, spans: false)
                        } else if RenderOp.movedOnly(c, from: p), !(directBackdrop && c.pointee.paintsSolid) {
                            // The same shape and paint moved: only where its coverage differs (below).
                            let area = c.pointee.bounds.union(p.pointee.bounds).intersection(canvasRect)
                            moved.append(MovedStep(old: p.pointee.tile, oldX: p.pointee.tileX, oldY: p.pointee.tileY,
                                                   new: c.pointee.tile, newX: c.pointee.tileX, newY: c.pointee.tileY, area: area))
                        } else if let box = RenderOp.gradientChange(c, from: p) {
                            // Only a gradient's stops changed: where either is not clear.
                            addDamage(box.intersection(canvasRect))
                        } else {
                            addDamage(c.pointee.bounds.union(p.pointee.bounds).intersection(canvasRect))
                        }
                    }
                    // Steps gone since the last frame: wherever they drew.
                    for j in previous.indices where !previousMatched[j] && pf[j].kind != .maskBegin && pf[j].kind != .groupEnd {
                        addDamage(pf[j].bounds.intersection(canvasRect))
                    }
                }
            }
        }
        if !moved.isEmpty { addMovedDifferences() }
        // What the row workers read: each tile's values, each sum's parts that draw. How many
        // steps use each tile (one alone may be replayed over next frame).
        for i in 0 ..< n {
            if let t = ops[i].tile {
                if t.usersFrame != frameNumber { t.usersFrame = frameNumber; t.users = 0 }
                t.users += 1
                ops[i].tileValues = UnsafePointer(t.storage); ops[i].tileWidth = t.width; ops[i].tileHeight = t.height
            } else {
                ops[i].tileValues = nil; ops[i].tileWidth = 0; ops[i].tileHeight = 0
            }
            if ops[i].kind == .sumBegin {
                var lo = ops[i].end, hi = i + 1
                for k in i + 1 ..< ops[i].end where !ops[k].bounds.isEmpty { lo = min(lo, k); hi = k + 1 }
                ops[i].parts = lo < hi ? lo ..< hi : i + 1 ..< i + 1
            }
        }
        sink.ops = ops
    }

    /// Fills `matchOf` (per step of `ops`, the index in `previous` of the step with its origin and
    /// number, or -1) and `previousMatched`; true when the matched indices increase along `ops`, so
    /// that the steps found in both lists are drawn in the same order.
    private func matchPrevious(_ ops: [RenderOp], _ previous: [RenderOp]) -> Bool {
        let n = ops.count, m = previous.count
        matchOf.removeAll(keepingCapacity: true)
        previousMatched.removeAll(keepingCapacity: true)
        return ops.withUnsafeBufferPointer { cur in
            previous.withUnsafeBufferPointer { prev in
                // Mostly the same steps in the same places.
                let same = n == m && (0 ..< n).allSatisfy { cur[$0].origin == prev[$0].origin && cur[$0].seq == prev[$0].seq }
                previousMatched.append(contentsOf: repeatElement(same, count: m))
                if same {
                    matchOf.append(contentsOf: 0 ..< Int32(truncatingIfNeeded: n))
                    return true
                }
                previousIndex.removeAll(keepingCapacity: true)
                for j in 0 ..< m { previousIndex[StepKey(origin: prev[j].origin, seq: prev[j].seq)] = Int32(truncatingIfNeeded: j) }
                var ordered = true, last = -1
                for i in 0 ..< n {
                    guard let j = previousIndex[StepKey(origin: cur[i].origin, seq: cur[i].seq)], !previousMatched[Int(j)] else {
                        matchOf.append(-1)
                        continue
                    }
                    matchOf.append(j)
                    previousMatched[Int(j)] = true
                    if Int(j) <= last { ordered = false }
                    last = Int(j)
                }
                return ordered
            }
        }
    }

    /// A step's origin and number (see `RenderOp.origin`).
    private struct StepKey: Hashable {
        var origin: UInt
        var seq: Int32
    }

    /// The spans where each moved step's old and new tiles differ, on all threads when there is
    /// enough to compare (each thread a band of the rows), and their boxes as damage.
    private func addMovedDifferences() {
        var total = 0, lo = Int.max, hi = Int.min
        for m in moved where !m.area.isEmpty {
            total += m.area.area; lo = min(lo, m.area.y0); hi = max(hi, m.area.y1)
            spans.prepareDifference(over: m.area)
        }
        guard lo < hi else { moved.removeAll(keepingCapacity: true); return }
        let n = max(1, min(threads, SpanDamage.maxParts))
        let parts = n > 1 && total >= 64 * 1024 ? n : 1
        if movedBoxes.count < moved.count * parts {
            movedBoxes.append(contentsOf: repeatElement(PixelRect.empty, count: moved.count * parts - movedBoxes.count))
        }
        diffJob.work = DiffWork(steps: moved, spans: spans, rows: lo ..< hi, parts: parts)
        movedBoxes.withUnsafeMutableBufferPointer { boxes in
            diffJob.boxes = boxes
            if parts > 1 { helpers(parts).perform(parts, diffJob) } else { diffJob.runPart(0) }
        }
        diffJob.work = nil
        diffJob.boxes = nil
        for j in moved.indices {
            var box = PixelRect.empty
            for k in 0 ..< parts { box = box.union(movedBoxes[j * parts + k]) }
            addDamage(box, spans: false)
        }
        moved.removeAll(keepingCapacity: true)
    }

    /// Adds `r` to the damage rectangles and (unless `spans` is false: the caller added finer ones)
    /// to the spans drawn.
    private func addDamage(_ r: PixelRect, spans addSpans: Bool = true) {
        guard !r.isEmpty else { return }
        if addSpans { spans.add(r) }
        var r = r
        // Merge with every rectangle it touches (repeat: the merged one may touch others).
        var merged = true
        while merged {
            merged = false
            for k in damage.indices.reversed() where damage[k].intersects(r) {
                r = r.union(damage[k]); damage.remove(at: k); merged = true
            }
        }
        damage.append(r)
        if damage.count > 16 {
            let all = damage.reduce(PixelRect.empty) { $0.union($1) }
            damage.removeAll(keepingCapacity: true)
            damage.append(all)
        }
    }

    /// Finds or makes `op`'s tile; `previous`, the tile the same step had last frame, may be
    /// replayed over when only the fill's fractional horizontal offset changed.
    private func resolveTile(_ op: inout RenderOp, previous: CoverageTile? = nil) {
        let t = op.transform
        guard t.tx.isFinite, t.ty.isFinite, abs(t.tx) < 1e9, abs(t.ty) < 1e9 else { op.tile = nil; op.bounds = .empty; return }
        let ix = t.tx.rounded(.down), iy = t.ty.rounded(.down)
        var key = TileKey(path: op.path.storageID, a: t.a, b: t.b, c: t.c, d: t.d, fx: t.tx - ix, fy: t.ty - iy,
                          ix: 0, iy: 0, clipped: false, rule: op.rule, stroke: op.stroke)
        // Nothing to find or rasterize for a shape wholly off the canvas (its control points bound
        // it): a text run's glyphs out of view are most of its steps.
        guard let box = op.path.controlBounds else { op.tile = nil; op.bounds = .empty; return }
        var pad = 1.0
        if let s = op.stroke {
            let reach = s.style.width / 2 * max(s.style.miterLimit, 1.5) + 1
            let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
            pad += reach * stretch
        }
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        for k in 0 ..< 4 {
            let p = t.apply(Point(k & 1 == 0 ? box.minX : box.maxX, k < 2 ? box.minY : box.maxY))
            lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        guard hi.x + pad > 0, hi.y + pad > 0, lo.x - pad < Double(width), lo.y - pad < Double(height) else {
            op.tile = nil; op.bounds = .empty; return
        }
        var tile = cache[key]
        if tile == nil {
            var clippedKey = key
            clippedKey.ix = Int(ix); clippedKey.iy = Int(iy); clippedKey.clipped = true
            clippedKey.canvas = width &* 65536 &+ height
            // A tile is cut to the canvas only when its points' pixels are far more than the canvas
            // (see `rasterize`); a fill's points lie inside its transformed control box, so a box
            // within that limit has no cut tile to find.
            let most = (hi.x - lo.x + 2) * (hi.y - lo.y + 2)
            if op.stroke != nil || !(most <= 4 * Double(max(width * height, 1 << 16))) { tile = cache[clippedKey] }
            if tile == nil {
                tile = rasterize(op, key: &key, clippedKey: clippedKey, ix: Int(ix), iy: Int(iy), reuse: previous)
            }
        }
        guard let tile, tile.width > 0, tile.height > 0 else { op.tile = nil; op.bounds = .empty; return }
        tile.lastUsed = frameNumber
        op.tile = tile
        if tile.key.clipped {
            op.tileX = tile.x0; op.tileY = tile.y0
        } else {
            op.tileX = tile.x0 + Int(ix); op.tileY = tile.y0 + Int(iy)
        }
        op.bounds = PixelRect(x0: op.tileX, y0: op.tileY, x1: op.tileX + tile.width, y1: op.tileY + tile.height)
            .intersection(canvasRect)
    }

    /// Rasterizes `op`'s shape at its fractional position into a new tile (cached under `key`, or
    /// under `clippedKey` when the whole tile would be far larger than the canvas).
    private func rasterize(_ op: RenderOp, key: inout TileKey, clippedKey: TileKey, ix: Int, iy: Int,
                           reuse: CoverageTile?) -> CoverageTile? {
        tilesRasterized += 1
        if op.stroke == nil, let t = reuse, Self.slidVertically(key, from: t.key), let p = columnProgram(op, key: key) {
            // A fill that moved up or down by a fraction since the last frame: its column program
            // moved down by the fractional vertical offset.
            tilesReplayed += 1
            columnTilesReplayed += 1
            let r = PixelRect(x0: p.y0, y0: p.x0, x1: p.y0 + p.program.height, y1: p.x0 + p.program.width)
            let tile = newTile(key, r, path: op.path)
            replayColumns(p, dy: key.fy, into: tile)
            cache[key] = tile
            return tile
        }
        if op.stroke == nil, let p = shapeProgram(op, key: key) {
            tilesReplayed += 1
            // A fill: its program moved by the fractional translation.
            let r = PixelRect(x0: p.x0, y0: p.y0, x1: p.x0 + p.program.width, y1: p.y0 + p.program.height)
            if let t = reuse, t.hasRanges, t.usersFrame == frameNumber - 1, t.users == 1, t.lastUsed < frameNumber,
               t.x0 == r.x0, t.y0 == r.y0, t.width == r.x1 - r.x0, t.height == r.y1 - r.y0 {
                var same = t.key
                same.fx = key.fx
                if same == key {
                    // Last frame's tile of this step, held by nothing else: the program replayed over
                    // it writes only where its rows change (a glyph sliding sideways: its edges).
                    if cache[t.key] === t { cache[t.key] = nil }
                    t.key = key
                    t.swapRanges()
                    t.updatedInPlace = frameNumber
                    replay(p, dx: key.fx, into: t, overItself: true, rule: op.rule)
                    cache[key] = t
                    return t
                }
            }
            let tile = newTile(key, r, path: op.path)
            fitRanges(tile, rows: tile.height)
            tile.hasRanges = true
            replay(p, dx: key.fx, into: tile, overItself: false, rule: op.rule)
            cache[key] = tile
            return tile
        }
        let t = op.transform
        let local = Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: key.fx, ty: key.fy)
        // One builder for the step's stroke, looked up once.
        let builder = op.stroke.map { strokeBuilder(op.path, $0.style, t) }
        if let stroke = op.stroke, let builder {
            builder.outline(start: stroke.start, end: stroke.end, local: local, into: &polylines)
        } else {
            op.path.flatten(into: &polylines, transform: local)
        }
        guard var r = pointBounds(polylines) else { return nil }
        var clipped = false
        let area = Double(r.x1 - r.x0) * Double(r.y1 - r.y0)
        if area > 4 * Double(max(width * height, 1 << 16)) {
            // Too large to keep whole: only the part on the canvas, at this whole-pixel position.
            clipped = true
            r = PixelRect(x0: r.x0 + ix, y0: r.y0 + iy, x1: r.x1 + ix, y1: r.y1 + iy).intersection(canvasRect)
            guard !r.isEmpty else { return nil }
            r = PixelRect(x0: r.x0 - ix, y0: r.y0 - iy, x1: r.x1 - ix, y1: r.y1 - iy)
        }
        let tile = newTile(clipped ? clippedKey : key, r, path: op.path)
        if clipped { tile.x0 += ix; tile.y0 += iy }
        if let stroke = op.stroke, let builder, op.rule == .nonZero, builder.drawsWide(local: local) {
            // A wide pen: its pieces, tile by tile (not the outline's crossing spokes).
            builder.renderWide(start: stroke.start, end: stroke.end, local: local, width: tile.width, height: tile.height,
                               originX: r.x0, originY: r.y0, rasterizer: rasterizer, into: tile.values)
        } else {
            let sign = op.stroke == nil ? simpleSign(op) : 0
            if sign != 0 { simpleFillTiles += 1 }
            if threads > 1 {
                // Rasterized with the frame's other new tiles, on all threads, once the steps are resolved.
                if pendingShapes.count <= pending.count { pendingShapes.append(Polylines()) }
                swap(&polylines, &pendingShapes[pending.count])
                pending.append(PendingTile(tile: tile, rule: op.rule, originX: r.x0, originY: r.y0, simpleSign: sign))
            } else {
                rasterizer.render(polylines, rule: op.rule, width: tile.width, height: tile.height,
                                  originX: r.x0, originY: r.y0, simpleSign: sign, into: tile.values)
            }
        }
        cache[tile.key] = tile
        return tile
    }

    /// Replays `p` moved by `dx` into `tile` (over its own values, which its previous ranges
    /// describe, when `overItself`): now, or with the frame's other new tiles on all threads.
    private func replay(_ p: ShapeProgram, dx: Double, into tile: CoverageTile, overItself: Bool, rule: FillRule) {
        if threads > 1 {
            if pendingShapes.count <= pending.count { pendingShapes.append(Polylines()) }
            pending.append(PendingTile(tile: tile, rule: rule, originX: p.x0, originY: p.y0, program: p.program, dx: dx,
                                       inPlace: overItself))
            return
        }
        let old = overItself ? tile.previousRanges : nil
        rasterizer.replay(p.program, dx: dx, width: tile.width, rows: 0 ..< tile.height, into: tile.values,
                          ranges: tile.ranges.storage, counts: tile.ranges.counts, maxRanges: CoverageTile.maxRanges,
                          oldRanges: old.flatMap { UnsafePointer($0.storage) }, oldCounts: old.flatMap { UnsafePointer($0.counts) })
    }

    /// Gives `tile` room for the ranges of `rows` rows: the spare range storage with the least room
    /// that holds them, else new storage. Range storage is recycled apart from tiles' values (an
    /// evicted tile gives its up), each fitted to its own sizes.
    private func fitRanges(_ tile: CoverageTile, rows: Int) {
        guard tile.rangeRows < rows else { return }
        var best = -1
        for k in spareRanges.indices where spareRanges[k].rows >= rows && (best < 0 || spareRanges[k].rows < spareRanges[best].rows) {
            best = k
        }
        if best >= 0 {
            tile.exchangeRanges(&spareRanges[best])
            if spareRanges[best].rows == 0 { spareRanges.remove(at: best) }     // the tile had none
        } else {
            tile.reserveRanges(rows: rows)
        }
    }

    /// The program of `op`'s fill at its linear part and fractional vertical offset, recorded on
    /// first use (nil when its shape covers nothing, or is too large to keep whole: it is then
    /// rasterized directly).
    ///
    /// A program pays when the shape comes back at the same linear part and vertical offset (a glyph
    /// sliding sideways). A shape that keeps changing them (a particle that spins and scales, a glyph
    /// that grows) would record a program every frame and replay it once: when its path's programs
    /// are mostly recorded and seldom found again, it is rasterized directly instead (nil), except
    /// for a key missed twice in a row, so that a shape that starts sliding gets its programs back.
    private func shapeProgram(_ op: RenderOp, key: TileKey) -> ShapeProgram? {
        var pk = key
        pk.fx = 0
        if let p = programs[pk] {
            p.lastUsed = frameNumber
            if !p.foundAgain {
                p.foundAgain = true
                programUse[key.path, default: ProgramUse()].noteFound()
            }
            return p.usable ? p : nil
        }
        if programUse.count >= 1024, programUse[key.path] == nil { programUse.removeAll(keepingCapacity: true) }
        // A key missed twice in a row (the same linear part and vertical offset as the path's last
        // miss: a shape that has started sliding) is recorded anyway. Particles that share a path
        // but each turn and scale their own way never are.
        guard programUse[key.path, default: ProgramUse()].recordsAgain(missing: pk) else { return nil }
        let t = op.transform
        return record(op, under: Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: key.fy), swapped: false, as: pk)
    }

    /// Records the program of `op`'s fill flattened under `local` (with x and y `swapped`: a column
    /// program) and keeps it under `pk` (see `keepRecording`).
    private func record(_ op: RenderOp, under local: Transform, swapped: Bool, as pk: TileKey) -> ShapeProgram? {
        programsRecorded += 1
        op.path.flatten(into: &polylines, transform: local)
        let r = pointBounds(polylines)
        // One column more than the points reach: the fill moved right by up to a pixel still fits.
        let w = r.map { $0.x1 - $0.x0 + 1 } ?? 0, h = r.map { $0.y1 - $0.y0 } ?? 0
        let usable = r != nil && Double(w) * Double(h) <= 4 * Double(max(width * height, 1 << 16))
        if let r, usable {
            // Swapping the axes turns every winding over, as a reflection does.
            let sign = swapped ? -simpleSign(op) : simpleSign(op)
            if sign != 0 { simpleFillTiles += 1 }
            rasterizer.record(polylines, rule: op.rule, width: w, height: h, originX: r.x0, originY: r.y0,
                              simpleSign: sign, into: recording)
        }
        return keepRecording(pk, origin: r, usable: usable)
    }

    /// A program recorded on the grid from `origin` (into `recording`) kept under `pk`; nil when
    /// not `usable` (the key is then kept as having no program).
    private func keepRecording(_ pk: TileKey, origin r: PixelRect?, usable: Bool) -> ShapeProgram? {
        // Kept in the spare with the least room that holds it (else the largest, which grows), so
        // that once a loop's shapes have been seen no program allocates. The spares' room is read
        // from `spareRoom`, a plain array, not from each program.
        let pieces = recording.pieceCount, rows = recording.rowCount
        let best: Int = spareRoom.withUnsafeBufferPointer { room in
            var best = -1, bestHolds = false
            for k in room.indices {
                let q = room[k], holds = q.pieces >= pieces && q.rows >= rows
                if best < 0 { best = k; bestHolds = holds; continue }
                let b = room[best]
                if holds ? (!bestHolds || q.bytes < b.bytes) : (!bestHolds && q.bytes > b.bytes) { best = k; bestHolds = holds }
            }
            return best
        }
        let p: ShapeProgram
        if best >= 0 {
            let last = spareModels.count - 1
            spareModels.swapAt(best, last); spareRoom.swapAt(best, last)
            p = spareModels.removeLast(); spareRoom.removeLast()
        } else {
            p = ShapeProgram()
        }
        p.lastUsed = frameNumber
        p.usable = usable
        p.foundAgain = false
        programs[pk] = p
        guard let r, usable else { return nil }
        p.x0 = r.x0; p.y0 = r.y0
        p.program.copy(from: recording)
        return p
    }

    /// True when a fill keyed `key` is the one keyed `old` moved up or down by a fraction of a
    /// pixel: the same shape, linear part, fill rule and fractional horizontal offset, another
    /// fractional vertical offset (a glyph falling, rising or bobbing).
    static func slidVertically(_ key: TileKey, from old: TileKey) -> Bool {
        key.path == old.path && key.a == old.a && key.b == old.b && key.c == old.c && key.d == old.d && key.fx == old.fx
            && key.fy != old.fy && key.rule == old.rule && key.stroke == nil && old.stroke == nil && !key.clipped && !old.clipped
    }

    /// The column program of `op`'s fill at its linear part and fractional horizontal offset: the
    /// row program of the shape with x and y swapped, recorded on first use. Replayed moved right
    /// by the fractional vertical offset and swapped back (`replayColumns`), it is the fill moved
    /// down by that offset, for about a third of rasterizing a curved glyph again. A shape sliding
    /// up or down finds it every frame, as one sliding sideways finds its row program. Nil when
    /// the shape covers nothing or is too large to keep whole.
    private func columnProgram(_ op: RenderOp, key: TileKey) -> ShapeProgram? {
        var pk = key
        pk.fy = 0
        pk.columns = true
        if let p = programs[pk] {
            p.lastUsed = frameNumber
            return p.usable ? p : nil
        }
        let t = op.transform
        // (x, y) -> (y, x) after the fill's linear part and fractional horizontal offset.
        return record(op, under: Transform(a: t.b, b: t.a, c: t.d, d: t.c, tx: 0, ty: key.fx), swapped: true, as: pk)
    }

    /// Writes column program `p` moved down by `dy` (in `0 ..< 1`) into `tile`: replayed moved
    /// right by `dy` into `columnScratch` (a row there is a column of the tile), then swapped back.
    private func replayColumns(_ p: ShapeProgram, dy: Double, into tile: CoverageTile) {
        let sw = p.program.width, sh = p.program.height
        let n = sw * sh
        if columnScratch.count < n { columnScratch = [Float](repeating: 0, count: n + n / 4) }
        columnScratch.withUnsafeMutableBufferPointer { scratch in
            rasterizer.replay(p.program, dx: dy, width: sw, rows: 0 ..< sh, into: scratch)
            guard let src = scratch.baseAddress else { return }
            let dst = tile.storage, tw = tile.width
            // Tile row v is scratch column v; by blocks, so both sides stay in cache.
            let block = 16
            for u0 in stride(from: 0, to: sh, by: block) {
                for v0 in stride(from: 0, to: sw, by: block) {
                    for u in u0 ..< Swift.min(u0 + block, sh) {
                        let from = src + u * sw
                        for v in v0 ..< Swift.min(v0 + block, sw) { dst[v * tw + u] = from[v] }
                    }
                }
            }
        }
    }

    /// The kept helper threads for `n`-way work (started on first use, again when `n` changes).
    private func helpers(_ n: Int) -> HelperThreads {
        if let h = helperThreads, h.helpers == n - 1 { return h }
        let h = HelperThreads(helpers: n - 1)
        helperThreads = h
        return h
    }

    /// Rasterizes the tiles left pending on all threads (each with its own rasterizer). A large tile's
    /// rows are split into one band per thread (rows are solved independently, so the bands add up
    /// to the same tile), so one big glyph does not leave the other threads idle.
    private func rasterizePending() {
        guard !pending.isEmpty else { return }
        let n = max(1, min(threads, 8))
        while rasterizers.count < n { rasterizers.append(Rasterizer()) }
        pendingBands.removeAll(keepingCapacity: true)
        for (i, p) in pending.enumerated() {
            let h = p.tile.height
            let parts = p.tile.width * h >= 16 * 1024 ? min(n, h) : 1
            for k in 0 ..< parts { pendingBands.append(PendingBand(tile: i, rows: h * k / parts ..< h * (k + 1) / parts)) }
        }
        rasterJob.jobs = PendingJobs(tiles: pending, shapes: pendingShapes, bands: pendingBands, rasterizers: rasterizers)
        rasterJob.parts = n
        helpers(n).perform(n, rasterJob)
        rasterJob.jobs = nil                 // the lists are ours alone again
        pending.removeAll(keepingCapacity: true)
    }

    /// Where group `g`'s mask is exactly opaque, when the group needs no buffer there: opacity 1,
    /// no clip, and a mask of one rectangle filled with an opaque colour or with a gradient that runs
    /// along x (its alpha depends on the column only). Empty ranges otherwise.
    private func opaqueMask(of g: Int, end: Int, in ops: [RenderOp]) -> (Range<Int>, Range<Int>) {
        let none = (0 ..< 0, 0 ..< 0)
        let m = ops[g].maskIndex
        guard ops[g].hasMask, ops[g].opacity == 1, ops[g].clip == .none, !ops[g].maskFirst, m >= 0,
              end == m + 2, ops[m + 1].kind == .rect else { return none }
        let r = ops[m + 1].rect
        guard r.x0.isFinite, r.x1.isFinite, r.y0.isFinite, r.y1.isFinite else { return none }
        let rows = max(0, Int(max(r.y0, -1e9).rounded(.up))) ..< max(0, min(height, Int(min(r.y1, 1e9).rounded(.down))))
        let x0 = max(0, Int(max(r.x0, -1e9).rounded(.up))), x1 = min(width, Int(min(r.x1, 1e9).rounded(.down)))
        guard !rows.isEmpty, x0 < x1 else { return none }
        switch ops[m + 1].paint {
        case .color(let c):
            return c.a == 255 ? (rows, x0 ..< x1) : none
        case .gradient:
            let gi = ops[m + 1].gradient
            guard gi >= 0, gradients[gi].ay == 0, !gradients[gi].radial else { return none }
            let gs = gradients[gi]
            // The longest run of columns whose straight alpha is exactly 1.
            var best = 0 ..< 0, runStart = -1
            for x in x0 ... x1 {
                var opaque = false
                if x < x1 {
                    let t = gs.ax * (Double(x) + 0.5) + gs.c
                    var k = -1
                    for s in 0 ..< gs.count where gradientLocations[gs.first + s] <= t { k = s }
                    let a0 = gradientStops[gs.first + max(k, 0)].w
                    let a1 = k >= 0 && k < gs.count - 1 ? gradientStops[gs.first + k + 1].w : a0
                    opaque = a0 == 1 && a1 == 1
                }
                if opaque { if runStart < 0 { runStart = x } } else if runStart >= 0 {
                    if x - runStart > best.count { best = runStart ..< x }
                    runStart = -1
                }
            }
            return best.isEmpty ? none : (rows, best)
        }
    }

    /// Stroke builders kept, least recently used dropped first: enough for a pen per glyph of a
    /// long text all drawing at once (fewer made every one again every frame).
    static let strokeBuilders = 256

    /// The builder for a path's stroke in a style under a transform (the last `strokeBuilders`
    /// used are kept).
    private func strokeBuilder(_ path: Path, _ style: StrokeStyle, _ t: Transform) -> StrokeBuilder {
        if let k = strokes.firstIndex(where: { $0.matches(path, style, t) }) {
            let b = strokes[k]
            if k != strokes.count - 1 { strokes.remove(at: k); strokes.append(b) }
            return b
        }
        let b = StrokeBuilder(path: path, style: style, transform: t)
        if strokes.count >= Self.strokeBuilders { strokes.removeFirst() }
        strokes.append(b)
        return b
    }

    /// A stroke that differs from the last frame's only in where its trim ends: its new tile is the
    /// old one with only the rows the pen changed rasterized again. Returns the device pixels that
    /// may differ, or nil when this does not apply (then the tile is made from scratch).
    private func updateStrokeInPlace(_ step: UnsafeMutablePointer<RenderOp>, previous old: UnsafePointer<RenderOp>) -> PixelRect? {
        // Only a stroke whose trim moved: everything else leaves at the first test, copying nothing.
        guard step.pointee.stroke != nil, old.pointee.stroke != nil else { return nil }
        return updateStrokeInPlace(&step.pointee, previous: old.pointee)
    }

    private func updateStrokeInPlace(_ op: inout RenderOp, previous old: RenderOp) -> PixelRect? {
        guard let s = op.stroke, let o = old.stroke, s.style == o.style, s.start == o.start, s.end != o.end,
              op.kind == old.kind, op.transform == old.transform, op.paint == old.paint,
              op.path.sharesStorage(with: old.path), let oldTile = old.tile, !oldTile.key.clipped else { return nil }
        let t = op.transform
        let ix = t.tx.rounded(.down), iy = t.ty.rounded(.down)
        let key = TileKey(path: op.path.storageID, a: t.a, b: t.b, c: t.c, d: t.d, fx: t.tx - ix, fy: t.ty - iy,
                          ix: 0, iy: 0, clipped: false, rule: op.rule, stroke: s)
        guard cache[key] == nil, oldTile.key.fx == key.fx, oldTile.key.fy == key.fy else { return nil }
        let builder = strokeBuilder(op.path, s.style, t)
        guard let box = builder.changedBox(start: s.start, from: o.end, to: s.end) else { return nil }
        let local = Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: key.fx, ty: key.fy)
        // The changed box on the tile's grid (the transform's linear part and fraction).
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        for k in 0 ..< 4 {
            let p = local.apply(Point(k & 1 == 0 ? box.minX : box.maxX, k < 2 ? box.minY : box.maxY))
            lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        let pad = 1.0          // the box already holds the stroke's reach; a pixel for rounding
        guard let changed = PixelRect.covering(minX: lo.x - pad, minY: lo.y - pad, maxX: hi.x + pad, maxY: hi.y + pad) else { return nil }
        // Only the outline's loops that reach the changed window are given to the rasterizer (the
        // others draw no edge there), with the whole outline's box. A wide pen's pieces are drawn
        // on the window instead (no outline): the stroke lies within every contour's whole outline
        // but for the caps at the trim's ends, the one that moves within the changed window, the
        // other within the last tile.
        let wide = op.rule == .nonZero && builder.drawsWide(local: local)
        let window = StrokeBuilder.Window(x0: Double(changed.x0), y0: Double(changed.y0), x1: Double(changed.x1), y1: Double(changed.y1))
        guard let extent = wide ? builder.wholeBox() : builder.outline(start: s.start, end: s.end, local: local, window: window, into: &polylines),
              var r = PixelRect.covering(minX: extent.minX, minY: extent.minY, maxX: extent.maxX, maxY: extent.maxY), !r.isEmpty else { return nil }
        let oldRect = PixelRect(x0: oldTile.x0, y0: oldTile.y0, x1: oldTile.x0 + oldTile.width, y1: oldTile.y0 + oldTile.height)
        if wide { r = r.union(changed).union(oldRect) }
        guard Double(r.x1 - r.x0) * Double(r.y1 - r.y0) <= 4 * Double(max(width * height, 1 << 16)) else { return nil }
        tilesRasterized += 1
        strokesUpdatedInPlace += 1
        let tile: CoverageTile
        let rect: PixelRect
        if !oldTile.hasRanges, oldTile.usersFrame == frameNumber - 1, oldTile.users == 1, oldTile.lastUsed < frameNumber,
           r.intersection(oldRect) == r {
            // Last frame's tile of this step, held by nothing else, holds the new outline: only the
            // changed window is written (outside the new outline it holds zeros, as the old one did
            // outside the window).
            if cache[oldTile.key] === oldTile { cache[oldTile.key] = nil }
            tile = oldTile
            tile.key = key
            rect = oldRect
        } else {
            // A new tile, as large as every contour's whole outline (so that the pen stays inside it
            // from now on), holding the old tile outside the window.
            var grown = r
            if let all = builder.wholeBox(), let a = PixelRect.covering(minX: all.minX, minY: all.minY, maxX: all.maxX, maxY: all.maxY),
               Double(a.union(r).x1 - a.union(r).x0) * Double(a.union(r).y1 - a.union(r).y0) <= 4 * Double(max(width * height, 1 << 16)) {
                grown = a.union(r)
            }
            rect = grown
            tile = newTile(key, rect, path: op.path)
            let d = tile.storage, src = UnsafePointer(oldTile.storage)
            for j in 0 ..< tile.height {
                let row = d + j * tile.width
                row.update(repeating: 0, count: tile.width)
                let oy = j + rect.y0 - oldTile.y0
                guard oy >= 0, oy < oldTile.height else { continue }
                let a = max(rect.x0, oldTile.x0), b = min(rect.x1, oldTile.x0 + oldTile.width)
                guard a < b else { continue }
                (row + (a - rect.x0)).update(from: src + oy * oldTile.width + (a - oldTile.x0), count: b - a)
            }
        }
        tile.path = op.path
        let d = tile.storage
        // The changed window on the tile: zero where the new outline does not reach (a trim that
        // shrank), its coverage where it does (the rows and columns of the outline's points).
        let whole = changed.intersection(rect)
        let win = changed.intersection(r)
        if whole != win {
            for j in whole.y0 ..< whole.y1 {
                (d + (j - rect.y0) * tile.width + (whole.x0 - rect.x0)).update(repeating: 0, count: whole.x1 - whole.x0)
            }
        }
        if !win.isEmpty {
            // The window alone: edges left of it only count as winding, edges right of it not at all.
            let ww = win.x1 - win.x0, wh = win.y1 - win.y0
            if windowScratch.count < ww * wh { windowScratch.append(contentsOf: repeatElement(0, count: ww * wh - windowScratch.count)) }
            windowScratch.withUnsafeMutableBufferPointer { w in
                guard let wb = w.baseAddress else { return }
                if wide {
                    builder.renderWide(start: s.start, end: s.end, local: local, width: ww, height: wh,
                                       originX: win.x0, originY: win.y0, rasterizer: rasterizer, into: w)
                } else {
                    rasterizer.render(polylines, rule: op.rule, width: ww, height: wh, originX: win.x0, originY: win.y0, into: w)
                }
                for j in 0 ..< wh {
                    (d + (win.y0 - rect.y0 + j) * tile.width + (win.x0 - rect.x0)).update(from: wb + j * ww, count: ww)
                }
            }
        }
        cache[key] = tile
        tile.lastUsed = frameNumber
        op.tile = tile
        op.tileX = tile.x0 + Int(ix); op.tileY = tile.y0 + Int(iy)
        op.bounds = PixelRect(x0: op.tileX, y0: op.tileY, x1: op.tileX + tile.width, y1: op.tileY + tile.height).intersection(canvasRect)
        // Where the tile grew or shrank lies inside the change; the rest of it is as it was.
        return PixelRect(x0: changed.x0 + Int(ix), y0: changed.y0 + Int(iy), x1: changed.x1 + Int(ix), y1: changed.y1 + Int(iy))
    }

    /// Gives `op` the tile (and its place) of the same step in the last frame, and keeps it cached.
    private func keepTile(of old: UnsafePointer<RenderOp>, in op: UnsafeMutablePointer<RenderOp>) {
        op.pointee.tile = old.pointee.tile; op.pointee.tileX = old.pointee.tileX; op.pointee.tileY = old.pointee.tileY
        op.pointee.tile?.lastUsed = frameNumber
    }

    /// The pixels the points of `shape` touch (nil when none is finite).
    private func pointBounds(_ shape: Polylines) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in shape.points where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard let r = PixelRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY), !r.isEmpty else { return nil }
        return r
    }

    /// A tile for `key` covering `r` (on the grid of the whole-pixel translation), with room for its
    /// values (their contents are left to the caller), counted in the cache's budget.
    private func newTile(_ key: TileKey, _ r: PixelRect, path: Path) -> CoverageTile {
        let tile = takeSpare(count: r.area)
        tile.key = key
        tile.width = r.x1 - r.x0; tile.height = r.y1 - r.y0
        tile.x0 = r.x0; tile.y0 = r.y0
        tile.path = path
        tile.hasRanges = false
        tile.reserve(r.area)
        cachedFloats += tile.capacity
        return tile
    }

    /// The spare tile with the least storage that holds `count` values (so a small tile does not
    /// take the room a larger one will want), else a new one: spares are not grown, so once the
    /// sizes a loop needs have been seen, tiles stop being allocated.
    private func takeSpare(count: Int) -> CoverageTile {
        let best: Int = spareCapacity.withUnsafeBufferPointer { cap in
            var best = -1
            for k in cap.indices where cap[k] >= count && (best < 0 || cap[k] < cap[best]) { best = k }
            return best
        }
        guard best >= 0 else { return CoverageTile() }
        spareCapacity.remove(at: best)
        return spare.remove(at: best)
    }

    /// The factor of each edge's direction that gives its effective sign when `op`'s fill adds up
    /// its edges' areas alone (its path's winding is 0 or one value: `Path.simpleFillWinding`,
    /// asked once per path), under its transform; else 0.
    private func simpleSign(_ op: RenderOp) -> Int {
        let t = op.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return 0 }
        let id = op.path.storageID
        let winding: Int
        if let e = simpleFills[id] {
            winding = e.winding
        } else {
            if simpleFills.count >= Self.simpleFillLimit { simpleFills.removeAll() }
            winding = op.path.simpleFillWinding()
            simpleFills[id] = (op.path, winding)
        }
        // The rasterizer's sign is +1 where a contour's edges running down are on its left (a
        // negative shoelace sum on the grid), which is the winding's opposite; a transform of
        // negative determinant turns every winding over.
        return det > 0 ? -winding : winding
    }

    private func evict() {
        let budgetExceeded = cachedFloats > Self.cacheBudget
        // Spares kept: enough for every step of the busiest frame so far to change twice over (an
        // emitter's particles each take a new tile and program every frame), so a loop stops
        // allocating once seen, quiet stretches included.
        mostSteps = max(mostSteps, sink.ops.count)
        let keep = max(256, 2 * mostSteps)
        // Tiles not used this frame (or last, within budget) go back to the spare list.
        stale.removeAll(keepingCapacity: true)
        for tile in cache.values where tile.lastUsed < frameNumber - (budgetExceeded ? 0 : 1) { stale.append(tile) }
        for tile in stale {
            cache[tile.key] = nil
            cachedFloats -= tile.capacity
            tile.path = Path()
            // Its range storage goes to the range spares (tiles and ranges are fitted apart).
            if tile.rangeRows > 0 {
                var free = RangeStorage()
                tile.exchangeRanges(&free)
                if spareRanges.count < keep { spareRanges.append(free) } else { free.current.free(); free.previous.free() }
            }
            tile.hasRanges = false
            if tile.capacity > 4 * Self.cacheBudget / 16 { tile.release() }
            spare.append(tile)
            spareCapacity.append(tile.capacity)
        }
        if spare.count > keep {
            spare.removeFirst(spare.count - keep)
            spareCapacity.removeFirst(spareCapacity.count - keep)
        }
        stale.removeAll(keepingCapacity: true)
        // Programs not used this frame or the last.
        staleModels.removeAll(keepingCapacity: true)
        for (k, p) in programs where p.lastUsed < frameNumber - 1 { staleModels.append(k) }
        for k in staleModels {
            if let p = programs.removeValue(forKey: k), spareModels.count < keep {
                spareModels.append(p)
                spareRoom.append(SpareRoom(pieces: p.program.pieceRoom, rows: p.program.rowRoom, bytes: p.program.byteCount))
            }
        }
        staleModels.removeAll(keepingCapacity: true)
    }

    private func addGradient(_ paint: LayerPaint) -> Int {
        guard case .gradient(let p, let ctm) = paint, let m = p.canvasMapping(ctm: ctm) else { return -1 }
        let first = gradientStops.count
        var n = 0
        var sorted = true
        switch p {
        case .solid: return -1
        case .linear(let stops, _, _), .radial(let stops, _, _):
            for s in stops {
                let col = s.color
                gradientStops.append(SIMD4(Float(col.r), Float(col.g), Float(col.b), Float(col.a)) / 255)
                if let last = gradientLocations.last, n > 0, s.location < last { sorted = false }
                gradientLocations.append(s.location)
                n += 1
            }
        }
        gradients.append(GradientSpan(first: first, count: n, ax: m.ax, ay: m.ay, c: m.c,
                                      bx: m.bx, by: m.by, d: m.d, radial: m.radial, sorted: sorted && !m.radial))
        return gradients.count - 1
    }

    // MARK: - Drawing rows

    private func draw(into pixmap: inout Pixmap) -> Range<Int> {
        guard !spans.isEmpty else { return 0 ..< 0 }
        let levels = 2 * maxDepth + 2          // a mask-first group takes one level more
        let threadCount = max(1, min(threads, 8))
        while workers.count < threadCount { workers.append(RowWorker(width: width)) }
        for w in workers { w.ensure(levels: levels); w.directRows = directRows; w.fadedPieces = 0 }
        let rows = spans.rows
        let area = spans.area
        let ops = sink.ops
        let gradients = GradientTable(spans: gradients, stops: gradientStops, locations: gradientLocations)
        pixmap.bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            let frame = FrameTarget(bytes: base, width: width)
            ops.withUnsafeBufferPointer { opsBuffer in
                let ops = StepList(buffer: opsBuffer)
                stepIndex.build(opsBuffer, height: height)
                // Worth a second thread from about 16 000 pixels; each span costs about as much
                // as 64 pixels of its own (finding what reaches it).
                if threadCount > 1, area + 64 * spans.count >= 16 * 1024 {
                    rowsJob.work = RowsWork(workers: workers, spans: spans, ops: ops, index: stepIndex, gradients: gradients,
                                            frame: frame, parts: threadCount)
                    helpers(threadCount).perform(threadCount, rowsJob)
                    rowsJob.work = nil
                } else {
                    workers[0].renderRows(rows, spans: spans, ops: ops.buffer, index: stepIndex, gradients: gradients, frame: frame)
                }
            }
        }
        for w in workers { w.endFrame() }
        fadedPiecesDrawnDirectly = workers.reduce(0) { $0 + $1.fadedPieces }
        return rows
    }
}

/// The cache key of a coverage tile: the shape's storage, the transform's linear part and
/// fractional translation, how it fills (and, for tiles cut to the canvas, where).
struct TileKey: Hashable {
    var path: UInt
    var a, b, c, d, fx, fy: Double
    var ix: Int, iy: Int
    var clipped: Bool
    var rule: FillRule
    var stroke: StrokeSpec?
    var canvas = 0
    /// A key of `programs` for a column program (see `FastLayerRenderer.columnProgram`).
    var columns = false
}

/// Exact coverage of one shape in device pixels `x0 ..< x0 + width` by `y0 ..< y0 + height`,
/// relative to the whole-pixel part of its translation (absolute when `key.clipped`).
final class CoverageTile: @unchecked Sendable {
    var key = TileKey(path: 0, a: 0, b: 0, c: 0, d: 0, fx: 0, fy: 0, ix: 0, iy: 0, clipped: false, rule: .nonZero, stroke: nil)
    var x0 = 0, y0 = 0, width = 0, height = 0
    var lastUsed = 0
    var path = Path()
    /// Room for `capacity` values (row-major, `width` per row); kept while the tile is reused.
    private(set) var storage = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var capacity = 0

    /// The values' storage (all `capacity` of them; a tile uses the first `width * height`).
    var values: UnsafeMutableBufferPointer<Float> { UnsafeMutableBufferPointer(start: storage, count: capacity) }

    /// Makes room for `n` values (new room holds zeros), with a quarter more to spare so that a
    /// tile whose size wobbles from frame to frame stops growing.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        let room = n + n / 4
        storage.deallocate()
        storage = .allocate(capacity: room)
        storage.initialize(repeating: 0, count: room)
        capacity = room
    }

    /// Gives the storage back.
    func release() {
        storage.deallocate()
        storage = .allocate(capacity: 1)
        capacity = 0
        ranges.free(); previousRanges.free()
        ranges = TileRanges(); previousRanges = TileRanges()
        hasRanges = false
    }

    /// Column ranges kept per row at most; a row with more counts as varying everywhere.
    static let maxRanges = 16
    /// Whether `ranges` holds, for every row, where its values vary (tiles replayed from a
    /// `RowProgram`): outside those ranges a row is constant between them.
    var hasRanges = false
    /// The ranges of the values the tile holds, and (after `updatedInPlace`) of those it held before.
    private(set) var ranges = TileRanges()
    private(set) var previousRanges = TileRanges()
    /// The frame in which the tile was last replayed over its own previous values (then
    /// `previousRanges` describe what it held before).
    var updatedInPlace = -1
    /// How many steps of frame `usersFrame` used the tile.
    var users = 0, usersFrame = -1

    /// Makes room for the ranges of `rows` rows (contents left to the caller).
    func reserveRanges(rows: Int) {
        ranges.reserve(rows: rows, perRow: Self.maxRanges)
        previousRanges.reserve(rows: rows, perRow: Self.maxRanges)
    }

    /// The current ranges become the previous ones (for a replay over the tile's own values).
    func swapRanges() { swap(&ranges, &previousRanges) }

    /// Rows both range stores have room for.
    var rangeRows: Int { min(ranges.rows, previousRanges.rows) }

    /// Exchanges the tile's range storage (contents included) with `pair`'s.
    func exchangeRanges(_ pair: inout RangeStorage) {
        swap(&ranges, &pair.current); swap(&previousRanges, &pair.previous)
    }

    deinit { storage.deallocate(); ranges.free(); previousRanges.free() }
}

/// A tile's two range stores, kept apart from any tile (spare range storage).
struct RangeStorage {
    var current = TileRanges(), previous = TileRanges()
    var rows: Int { min(current.rows, previous.rows) }
}

/// Per row of a tile, where its values vary: up to `CoverageTile.maxRanges` (lo, hi, after)
/// triples (see `Rasterizer.replay`) and their count (more than the maximum: anywhere). Empty
/// (no storage) until `reserve`.
struct TileRanges: @unchecked Sendable {
    private(set) var storage: UnsafeMutablePointer<Int32>?
    private(set) var counts: UnsafeMutablePointer<UInt8>?
    private(set) var rows = 0

    mutating func reserve(rows n: Int, perRow: Int) {
        guard n > rows else { return }
        let room = n + n / 4
        free()
        let s = UnsafeMutablePointer<Int32>.allocate(capacity: room * 3 * perRow)
        let c = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        c.initialize(repeating: 0, count: room)
        storage = s; counts = c
        rows = room
    }

    func free() { storage?.deallocate(); counts?.deallocate() }

    /// Row `y`'s triples, or nil when it has too many (it may vary anywhere).
    @inline(__always)
    func ofRow(_ y: Int) -> UnsafeBufferPointer<Int32>? {
        guard let counts, let storage else { return nil }
        let n = Int(counts[y])
        guard n <= CoverageTile.maxRanges else { return nil }
        return UnsafeBufferPointer(start: storage + 3 * CoverageTile.maxRanges * y, count: 3 * n)
    }
}

/// A shadow's coverage, in two buffers used in turn (the step list of the last frame holds the
/// other), and what it was made from.
final class ShadowEntry {
    var buffers = [Coverage(width: 0, height: 0), Coverage(width: 0, height: 0)]
    var current = 0
    var key: ShadowKey?
}

/// What a shadow with a path (or of a coverage layer alone) is made from.
struct ShadowKey {
    var path: Path?
    var image: Coverage?
    var color: Color
    var ctm: Transform, parentCTM: Transform
    var radius: Double, offset: Point, opacity: Double, shadowOpacity: Double
    var width: Int, height: Int

    /// The same shadow (a path of the same storage or elements, and equal settings).
    func same(as o: ShadowKey) -> Bool {
        guard ctm == o.ctm, parentCTM == o.parentCTM, radius == o.radius, offset == o.offset, opacity == o.opacity,
              shadowOpacity == o.shadowOpacity, width == o.width, height == o.height, color == o.color else { return false }
        switch (path, o.path, image, o.image) {
        case (let a?, let b?, _, _): return a.sharesStorage(with: b) || a == b
        case (nil, nil, let a?, let b?): return a == b
        default: return false
        }
    }
}

struct GradientSpan {
    var first: Int, count: Int
    var ax: Double, ay: Double, c: Double
    /// Radial: `t = sqrt(u^2 + v^2)` with `v = bx * x + by * y + d` (see `Gradient`).
    var bx: Double, by: Double, d: Double
    var radial: Bool
    /// Locations in non-decreasing order: the stop can be followed along a row instead of searched.
    var sorted: Bool
}

/// The frame's gradients, read by the row workers.
struct GradientTable: @unchecked Sendable {
    let spans: [GradientSpan]
    let stops: [SIMD4<Float>]
    let locations: [Double]
}

/// A new tile whose shape waits in `pendingShapes` to be rasterized, or whose `program` waits to be
/// replayed moved by `dx`.
struct PendingTile {
    let tile: CoverageTile
    let rule: FillRule
    let originX: Int, originY: Int
    /// The fill's edges' effective sign when its areas simply add up (see `Rasterizer.render`), else 0.
    var simpleSign = 0
    var program: RowProgram? = nil
    var dx = 0.0
    /// The program is replayed over the tile's own values (its `previousRanges` describe them).
    var inPlace = false
}

/// How a path's fills used their row programs lately: programs recorded, and how many of them were
/// found again at least once (both halved now and then, so that old frames count less). A program
/// found on many frames (a glyph sliding for a second) counts once: what is weighed is how many
/// recordings paid, so that a shape that slides now and then but mostly moves to new vertical
/// offsets (a pen tip riding a glyph's curves) is rasterized directly where it does not slide.
struct ProgramUse {
    var found = 0, recorded = 0

    /// A program of this path found for the first time since it was recorded.
    mutating func noteFound() { found += 1; decay() }

    /// The key (without the fractional horizontal offset) last missed.
    var lastMiss: TileKey?

    /// Whether to record a program for `key`, just missed: unless recordings have far outnumbered
    /// finds, in which case only when the last miss was the same key.
    mutating func recordsAgain(missing key: TileKey) -> Bool {
        let again = lastMiss == key
        lastMiss = key
        if recorded > 2 * found + 8, !again { return false }
        recorded += 1
        decay()
        return true
    }

    private mutating func decay() {
        if found + recorded > 256 { found /= 2; recorded /= 2 }
    }
}

/// A spare program's room: pieces and rows it holds without allocating, and its bytes.
struct SpareRoom {
    var pieces, rows, bytes: Int
}

/// A fill's row program and the tile origin (relative to the whole-pixel translation) it was
/// recorded at.
final class ShapeProgram {
    let program = RowProgram()
    var x0 = 0, y0 = 0
    var lastUsed = 0
    /// False when the shape has no program (it covers nothing, or is rasterized directly).
    var usable = false
    /// Whether it was found again since it was recorded (see `ProgramUse`).
    var foundAgain = false
}

/// Rows `rows` of pending tile `tile`: one thread's share of it.
struct PendingBand {
    let tile: Int
    let rows: Range<Int>
}

/// The frame's new tiles and the rasterizers, handed to the threads (each tile is written by one).
struct PendingJobs: @unchecked Sendable {
    let tiles: [PendingTile]
    let shapes: [Polylines]
    let bands: [PendingBand]
    let rasterizers: [Rasterizer]
}

/// The frame's steps, read (never written) by the row workers.
struct StepList: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<RenderOp>
}

/// The 8-bit frame the rows are written into.
struct FrameTarget: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let width: Int
}

/// New tiles rasterized in parts: part k takes every `parts`-th band from k.
final class RasterJob: HelperJob, @unchecked Sendable {
    var jobs: PendingJobs?
    var parts = 1

    func runPart(_ k: Int) {
        guard let jobs else { return }
        var j = k
        while j < jobs.bands.count {
            let band = jobs.bands[j]
            let p = jobs.tiles[band.tile]
            if let program = p.program {
                let old = p.inPlace ? p.tile.previousRanges : nil
                jobs.rasterizers[k].replay(program, dx: p.dx, width: p.tile.width, rows: band.rows, into: p.tile.values,
                                           ranges: p.tile.ranges.storage, counts: p.tile.ranges.counts,
                                           maxRanges: CoverageTile.maxRanges,
                                           oldRanges: old.flatMap { UnsafePointer($0.storage) }, oldCounts: old.flatMap { UnsafePointer($0.counts) })
                j += parts
                continue
            }
            jobs.rasterizers[k].render(jobs.shapes[band.tile], rule: p.rule, width: p.tile.width, height: p.tile.height,
                                       originX: p.originX, originY: p.originY, rows: band.rows, simpleSign: p.simpleSign,
                                       into: p.tile.values)
            j += parts
        }
    }
}

/// What a frame's row drawing on several threads needs.
struct RowsWork {
    let workers: [RowWorker]
    let spans: SpanDamage
    let ops: StepList
    let index: StepIndex
    let gradients: GradientTable
    let frame: FrameTarget
    let parts: Int
}

/// A frame's damaged rows drawn in parts: part k takes the k-th of `parts` bands of rows.
final class RowsJob: HelperJob, @unchecked Sendable {
    var work: RowsWork?

    func runPart(_ k: Int) {
        guard let w = work else { return }
        let r = w.spans.rows, n = r.count
        let band = r.lowerBound + n * k / w.parts ..< r.lowerBound + n * (k + 1) / w.parts
        w.workers[k].renderRows(band, spans: w.spans, ops: w.ops.buffer, index: w.index, gradients: w.gradients, frame: w.frame)
    }
}

/// A step that only moved: its last and current tiles and places, and the pixels either covers.
struct MovedStep {
    let old: CoverageTile?
    let oldX: Int, oldY: Int
    let new: CoverageTile?
    let newX: Int, newY: Int
    let area: PixelRect
}

/// What the threads comparing moved steps' tiles share (read only, but for their own rows of
/// `spans`): the steps and the rows all of them lie in.
struct DiffWork: @unchecked Sendable {
    let steps: [MovedStep]
    let spans: SpanDamage
    let rows: Range<Int>
    let parts: Int
}

/// Moved steps compared in parts: part k takes the k-th band of the rows all the steps lie in (the
/// same band for every step, so no two parts write one row) and writes step j's box to
/// `boxes[j * parts + k]`.
final class DiffJob: HelperJob, @unchecked Sendable {
    var work: DiffWork?
    var boxes: UnsafeMutableBufferPointer<PixelRect>?

    func runPart(_ k: Int) {
        guard let w = work, let boxes else { return }
        let n = w.rows.count
        let band = w.rows.lowerBound + n * k / w.parts ..< w.rows.lowerBound + n * (k + 1) / w.parts
        for (j, m) in w.steps.enumerated() {
            boxes[j * w.parts + k] = w.spans.addDifference(old: m.old, oldX: m.oldX, oldY: m.oldY, new: m.new, newX: m.newX,
                                                           newY: m.newY, over: m.area, band: band, part: k)
        }
    }
}

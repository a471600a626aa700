import SceneKit
import Geometry
import Raster
import Text

/// A progress label's format: literal text with `{p}` (percent, whole), `{p:.N}` (percent with N
/// decimals, N in 0 ... 6), `{v}` and `{v:.N}` (the value in the value range, `--value-range`)
/// placeholders; `{{` and `}}` are literal braces.
public struct LabelFormat: Sendable, Equatable {
    enum Part: Sendable, Equatable { case text(String), percent(decimals: Int), value(decimals: Int) }
    let parts: [Part]
    /// What `{v}` runs over (0 ... 100 unless given).
    let range: ValueRange

    /// Parses `format`; throws a `SettingError` naming `key` for an unknown placeholder or a lone brace.
    public init(_ format: String, valueRange: ValueRange? = nil, key: String = "label") throws {
        var parts: [Part] = [], literal = ""
        var i = format.startIndex
        func fail(_ why: String) -> SettingError {
            SettingError(key, "'\(SettingDeclaration.clip(format))': \(why); expected text with {p}, {p:.N}, {v} or {v:.N} (N 0 ... 6), {{ and }} for braces")
        }
        while i < format.endIndex {
            let c = format[i]
            let next = format.index(after: i)
            let following = next < format.endIndex ? format[next] : nil
            if (c == "{" || c == "}") && following == c {
                literal.append(c); i = format.index(after: next); continue
            }
            if c == "}" { throw fail("a lone }") }
            guard c == "{" else { literal.append(c); i = next; continue }
            guard let close = format[next...].firstIndex(of: "}") else { throw fail("a { without }") }
            let name = String(format[next ..< close])
            guard let (isValue, decimals) = Self.placeholder(name) else { throw fail("unknown placeholder {\(name)}") }
            if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
            parts.append(isValue ? .value(decimals: decimals) : .percent(decimals: decimals))
            i = format.index(after: close)
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
        range = valueRange ?? ValueRange(min: 0, max: 100)
        var percent = 0, value = -1
        for part in parts {
            switch part {
            case .percent(let d): percent |= 1 << d
            case .value(let d): value = value == -1 || value == d ? d : Self.mixed
            case .text: break
            }
        }
        percentDecimals = percent; valueDecimals = value
    }

    /// Whether placeholder `name` is the value (`v`) or the percent (`p`), and its decimals (`x` is
    /// 0, `x:.N` is N); nil when unknown.
    static func placeholder(_ name: String) -> (Bool, Int)? {
        guard let first = name.first, first == "p" || first == "v" else { return nil }
        let isValue = first == "v"
        if name.count == 1 { return (isValue, 0) }
        // Exactly one digit: no sign ("-0"), no "+", no leading zeros or spaces.
        let digits = Array(name.utf8.dropFirst(3))
        guard name.dropFirst().hasPrefix(":."), digits.count == 1, (UInt8(ascii: "0") ... UInt8(ascii: "6")).contains(digits[0]) else { return nil }
        return (isValue, Int(digits[0] - UInt8(ascii: "0")))
    }

    /// What the text at progress `p` depends on: per percent decimals N (lane N), 100 p scaled by
    /// 10^N and rounded as the text rounds it; in lane 7 the value likewise (or, when value
    /// placeholders of different decimals are mixed, p itself). Equal keys give equal texts;
    /// computing it allocates nothing.
    public func key(progress p: Double) -> SIMD8<Int64> {
        var k = SIMD8<Int64>(repeating: 0)
        for d in 0 ..< 7 where percentDecimals & (1 << d) != 0 { k[d] = Self.scaled(p * 100, decimals: d) }
        if valueDecimals >= 0 { k[7] = Self.scaled(range.value(p), decimals: valueDecimals) }
        if valueDecimals == Self.mixed { k[7] = Int64(bitPattern: p.bitPattern) }
        return k
    }

    /// Bit N set: a percent placeholder with N decimals is used.
    private let percentDecimals: Int
    /// The decimals of the value placeholders when they agree, -1 without any, `mixed` otherwise.
    private let valueDecimals: Int
    private static let mixed = -2

    /// `x` scaled by 10^N, rounded half away from zero.
    static func scaled(_ x: Double, decimals d: Int) -> Int64 {
        var m = 1.0
        for _ in 0 ..< d { m *= 10 }
        let v = (x * m).rounded()
        return v.isFinite && abs(v) < 9e15 ? Int64(v) : 0
    }

    /// `scaled / 10^N` written with exactly N decimals.
    static func decimalText(_ scaled: Int64, decimals d: Int) -> String {
        guard d > 0 else { return String(scaled) }
        var m: Int64 = 1
        for _ in 0 ..< d { m *= 10 }
        let sign = scaled < 0 ? "-" : "", a = abs(scaled)
        let fraction = String(a % m)
        return sign + String(a / m) + "." + String(repeating: "0", count: d - fraction.count) + fraction
    }

    /// The shown text at progress `p` in 0 ... 1 (percent and value rounded half away from zero).
    public func text(progress p: Double) -> String {
        parts.map { part in
            switch part {
            case .text(let s): return s
            case .percent(let d): return Self.decimalText(Self.scaled(p * 100, decimals: d), decimals: d)
            case .value(let d): return Self.decimalText(Self.scaled(range.value(p), decimals: d), decimals: d)
            }
        }.joined()
    }
}

/// One label of a frame: its text shaped (lines laid out by the text layout), sized, placed on the
/// container's ink box by its style (`LabelStyle`), as coverage, with its outline's coverage.
///
/// SCENE.md's label compositing: over the frame, the outline's colour with weight `O`, the inside
/// colour with weight `L S`, then the outside colour with weight `L (1 - S)`, each source-over,
/// where `O` is the outline's coverage, `L` the label's and `S` the front wave's (not masked by the
/// container; 0 for a label above or below the container).
public final class WaveLabel: @unchecked Sendable {
    /// The format.
    public let format: LabelFormat
    /// How the label looks and where it sits.
    public let style: LabelStyle
    /// Em size in px (before `--label-fit shrink`).
    public let fontSize: Double
    let face: FontFace
    let e64: Int
    /// The container's ink box centre.
    let center: Point
    /// The container's ink box.
    let box: Rect
    let width: Int, height: Int
    private var shownKey = SIMD8<Int64>(repeating: 0)
    /// The text shown by the last `prepare`.
    public private(set) var shownText: String?
    /// The label's coverage for `shownText`.
    public private(set) var coverage: Coverage
    /// The outline's coverage for `shownText` (empty without an outline).
    public private(set) var outlineCoverage: Coverage
    /// Rows `rows` hold the label's and its outline's coverage (empty when none).
    public private(set) var rows: Range<Int> = 0 ..< 0
    private var placed = Path(), outlined = Path()

    /// The main label of `scene`'s parameters (nil when they have none).
    public convenience init?(scene: WaveScene) throws {
        guard let style = LabelStyle.main(scene.parameters) else { return nil }
        try self.init(scene: scene, style: style)
    }

    /// A label of `style` on `scene`'s container.
    public init(scene: WaveScene, style: LabelStyle) throws {
        let p = scene.parameters
        self.style = style
        format = try LabelFormat(style.format, valueRange: p.valueRange, key: style.key)
        fontSize = style.size ?? p.defaultLabelSize
        face = try Self.fontFace(style.font ?? p.fontPath, key: style.key == "label" ? "label-font" : style.key)
        e64 = Int((fontSize * 64).rounded())
        box = scene.layout.inkBox
        center = Point((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        width = p.width; height = p.height
        coverage = Coverage(width: 0, height: 0)
        outlineCoverage = Coverage(width: 0, height: 0)
    }

    /// Every label of `scene`'s parameters, in drawing order.
    public static func all(scene: WaveScene) throws -> [WaveLabel] {
        try LabelStyle.all(scene.parameters).map { try WaveLabel(scene: scene, style: $0) }
    }

    /// The face of `name`: a font file (always when it holds a `/`), else fontconfig's match for it;
    /// nil is the default font. Errors name `key`.
    static func fontFace(_ name: String?, key: String = "label-font") throws -> FontFace {
        guard let name else {
            guard let d = WaveParameters.defaultFontPath else { throw SettingError(key, FontLocator.installHint) }
            return try FontFace(path: d)
        }
        if name.contains("/") {
            do { return try FontFace(path: name) } catch { throw SettingError(key, "'\(name)': \(error)") }
        }
        if let face = try? FontFace(path: name) { return face }
        guard let m = FontLocator.match(name), let face = try? FontFace(path: m) else {
            throw SettingError(key, "'\(name)' is neither a font file nor a font fontconfig knows")
        }
        return face
    }

    /// Whether the label splits at the front wave's surface: inside the container; above or below
    /// it a label shows the outside colour only.
    public var splits: Bool { style.position.isInside }

    /// The outlines of the shown text on the canvas (empty before `prepare` or for blank text).
    public func shownPath() throws -> Path { placed }

    /// The shown text's outline (stroke) as a region to fill non-zero (empty without one).
    public func shownOutlinePath() -> Path { outlined }

    /// Shapes and rasterizes the text for `progress` when it differs from the shown one; returns
    /// true when it changed (nothing is allocated otherwise).
    @discardableResult
    public func prepare(progress: Double) throws -> Bool {
        let key = format.key(progress: progress)
        if shownText != nil && key == shownKey { return false }
        let t = format.text(progress: progress)
        shownKey = key
        if t == shownText { return false }
        shownText = t
        let raster = Rasterizer()
        if t.contains(where: { !$0.isWhitespace }) {
            do { placed = try Self.placedPath(t, face: face, e64: e64, style: style, box: box) } catch let e as TextError {
                throw SettingError(style.key, "'\(SettingDeclaration.clip(t))': \(e)")
            }
            coverage = raster.coverage(of: placed, width: width, height: height)
        } else {
            placed = Path()
            coverage = Coverage(width: width, height: height)
        }
        if style.outlineWidth > 0, !placed.isEmpty {
            outlined = placed.stroked(StrokeStyle(width: style.outlineWidth, join: .round, cap: .round))
            outlineCoverage = raster.coverage(of: outlined, width: width, height: height, rule: .nonZero)
        } else {
            outlined = Path()
            outlineCoverage = Coverage(width: 0, height: 0)
        }
        let a = Self.inkRows(coverage), b = Self.inkRows(outlineCoverage)
        rows = a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound) ..< max(a.upperBound, b.upperBound)
        return true
    }

    /// The label text's outlines on the canvas, ink box centred on `center`.
    static func path(_ text: String, face: FontFace, e64: Int, center: Point) throws -> Path {
        let shaped = try TextShaper(text: text, face: face).shape(e64: e64)
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        return shaped.path(tx: center.x - Double(x0 + x1) / 128, ty: center.y + Double(y0 + y1) / 128)
    }

    /// The label text's outlines placed by `style` on the container's ink box `box`: lines aligned
    /// like the label, shrunk to fit (`fit`), its ink box anchored at the position plus the offset.
    static func placedPath(_ text: String, face: FontFace, e64: Int, style: LabelStyle, box: Rect) throws -> Path {
        let (shaped, tx, ty) = try placement(text, face: face, e64: e64, style: style, box: box)
        return shaped.path(tx: tx, ty: ty)
    }

    /// The label's text for `progress` shaped and placed as `placedPath` places it: the shaped
    /// glyphs (a 26.6 point (x, y) lands at `(tx + x/64, ty - y/64)`).
    func placement(progress: Double) throws -> (text: String, shaped: ShapedText, tx: Double, ty: Double) {
        let t = format.text(progress: progress)
        do {
            let (shaped, tx, ty) = try Self.placement(t, face: face, e64: e64, style: style, box: box)
            return (t, shaped, tx, ty)
        } catch let e as TextError {
            throw SettingError(style.key, "'\(SettingDeclaration.clip(t))': \(e)")
        }
    }

    /// The shaped text and where its origin lands (see `placedPath`).
    static func placement(_ text: String, face: FontFace, e64: Int, style: LabelStyle, box: Rect) throws -> (ShapedText, Double, Double) {
        let align = style.align ?? style.position.defaultAlign
        let baseline = style.baseline ?? style.position.defaultBaseline
        let alignment: TextAlignment = align == .left ? .left : align == .right ? .right : .center
        let shaper = try TextShaper(text: text, face: face, style: ParagraphStyle(alignment: alignment))
        var shaped = try shaper.shape(e64: e64)
        let inset = 0.05 * min(box.width, box.height)
        if style.fit == .shrink {
            let aw = max(box.width - (style.position.isInside ? 2 * inset : 0), 1)
            let ah = style.position.isInside ? max(box.height - 2 * inset, 1) : .infinity
            func fits(_ s: ShapedText) -> Bool { s.inkWidth <= aw && s.inkHeight <= ah }
            if !fits(shaped) {
                let k = min(aw / max(shaped.inkWidth, 1e-9), ah / max(shaped.inkHeight, 1e-9))
                var e = max(1, min(e64 - 1, Int(Double(e64) * k)))
                var s = try shaper.shape(e64: e)
                while e > 1, !fits(s) { e = max(1, Int(Double(e) * 0.97)); s = try shaper.shape(e64: e) }
                shaped = s
            }
        }
        let cx = (box.minX + box.maxX) / 2, cy = (box.minY + box.maxY) / 2
        let gap = 0.25 * Double(shaped.e64) / 64
        var anchor: Point
        switch style.position {
        case .center: anchor = Point(cx, cy)
        case .top: anchor = Point(cx, box.minY + inset)
        case .bottom: anchor = Point(cx, box.maxY - inset)
        case .left: anchor = Point(box.minX + inset, cy)
        case .right: anchor = Point(box.maxX - inset, cy)
        case .above: anchor = Point(cx, box.minY - gap)
        case .below: anchor = Point(cx, box.maxY + gap)
        }
        anchor = Point(anchor.x + style.offsetX, anchor.y + style.offsetY)
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        let tx: Double
        switch align {
        case .left: tx = anchor.x - Double(x0) / 64
        case .center: tx = anchor.x - Double(x0 + x1) / 128
        case .right: tx = anchor.x - Double(x1) / 64
        }
        let ty: Double
        switch baseline {
        case .top: ty = anchor.y + Double(y1) / 64
        case .middle: ty = anchor.y + Double(y0 + y1) / 128
        case .bottom: ty = anchor.y + Double(y0) / 64
        case .alphabetic: ty = anchor.y
        }
        return (shaped, tx, ty)
    }

    static func inkRows(_ c: Coverage) -> Range<Int> {
        var lo = Int.max, hi = 0
        for j in 0 ..< c.height {
            let row = c.values[j * c.width ..< (j + 1) * c.width]
            if row.contains(where: { $0 > 0 }) { lo = min(lo, j); hi = j + 1 }
        }
        return lo < hi ? lo ..< hi : 0 ..< 0
    }

    /// Composites the label over `pixmap`, the frame of `scene`'s current tick (SCENE.md's label).
    public func composite(over pixmap: inout Pixmap, scene: WaveScene) {
        composite(over: &pixmap, scene: scene, within: 0 ..< height)
    }

    /// The same, only on the rows in `within` (rows freshly drawn by a changed-rows render).
    public func composite(over pixmap: inout Pixmap, scene: WaveScene, within: Range<Int>) {
        let ci = style.insideColor.premultiplied, co = style.color.premultiplied, cl = style.outlineColor.premultiplied
        let w = width
        let band = rows.clamped(to: within)
        guard !band.isEmpty else { return }
        let hasOutline = outlineCoverage.width == w, splits = self.splits
        scene.front.withUnsafeBufferPointer { f in
            pixmap.bytes.withUnsafeMutableBytes { raw in
                let px = raw.bindMemory(to: UInt8.self)
                for j in band {
                    let jb = Float(j + 1)
                    for i in 0 ..< w {
                        let l = coverage.values[j * w + i]
                        let o = hasOutline ? outlineCoverage.values[j * w + i] : 0
                        if l == 0 && o == 0 { continue }
                        let s = l == 0 || !splits ? 0 : WaveRenderer.columnCoverage(jb - Float(f[i]), jb - Float(f[i + 1]))
                        Self.blend(px, (j * w + i) * 4, cl, o, ci, l * s, co, l * (1 - s))
                    }
                }
            }
        }
    }

    /// Inside colour with weight `wi`, then outside colour with weight `wo`, source-over on the
    /// premultiplied 8-bit pixel at `k`, rounded once.
    @inline(__always)
    static func blend(_ px: UnsafeMutableBufferPointer<UInt8>, _ k: Int, _ ci: SIMD4<Float>, _ wi: Float,
                      _ co: SIMD4<Float>, _ wo: Float) {
        let ki = 1 - ci.w * wi, ko = 1 - co.w * wo
        for c in 0 ..< 4 {
            let v = (Float(px[k + c]) / 255 * ki + ci[c] * wi) * ko + co[c] * wo
            px[k + c] = UInt8(min(max(v * 255 + 0.5, 0), 255))
        }
    }

    /// The outline's colour with weight `wl`, then as `blend`, rounded once.
    @inline(__always)
    static func blend(_ px: UnsafeMutableBufferPointer<UInt8>, _ k: Int, _ cl: SIMD4<Float>, _ wl: Float,
                      _ ci: SIMD4<Float>, _ wi: Float, _ co: SIMD4<Float>, _ wo: Float) {
        let kl = 1 - cl.w * wl, ki = 1 - ci.w * wi, ko = 1 - co.w * wo
        for c in 0 ..< 4 {
            let v = ((Float(px[k + c]) / 255 * kl + cl[c] * wl) * ki + ci[c] * wi) * ko + co[c] * wo
            px[k + c] = UInt8(min(max(v * 255 + 0.5, 0), 255))
        }
    }
}

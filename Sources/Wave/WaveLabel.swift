import SceneKit
import Geometry
import Raster
import Text

/// A progress label's format: literal text with `{p}` (percent, whole) or `{p:.N}` (percent with N
/// decimals, N in 0 ... 6) placeholders; `{{` and `}}` are literal braces.
public struct LabelFormat: Sendable, Equatable {
    enum Part: Sendable, Equatable { case text(String), percent(decimals: Int) }
    let parts: [Part]

    /// Parses `format`; throws a `SettingError` naming `label` for an unknown placeholder or a lone brace.
    public init(_ format: String) throws {
        var parts: [Part] = [], literal = ""
        var i = format.startIndex
        func fail(_ why: String) -> SettingError {
            SettingError("label", "'\(SettingDeclaration.clip(format))': \(why); expected text with {p} or {p:.N} (N 0 ... 6), {{ and }} for braces")
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
            guard let decimals = Self.decimals(of: name) else { throw fail("unknown placeholder {\(name)}") }
            if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
            parts.append(.percent(decimals: decimals))
            i = format.index(after: close)
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// The decimals of placeholder `name` (`p` is 0, `p:.N` is N), nil when unknown.
    static func decimals(of name: String) -> Int? {
        if name == "p" { return 0 }
        // Exactly one digit: no sign ("-0"), no "+", no leading zeros or spaces.
        let digits = Array(name.utf8.dropFirst(3))
        guard name.hasPrefix("p:."), digits.count == 1, (UInt8(ascii: "0") ... UInt8(ascii: "6")).contains(digits[0]) else { return nil }
        return Int(digits[0] - UInt8(ascii: "0"))
    }

    /// What the text at progress `p` depends on: per decimals N (lane N), 100 p scaled by 10^N and
    /// rounded as the text rounds it. Equal keys give equal texts; computing it allocates nothing.
    public func key(progress p: Double) -> SIMD8<Int64> {
        var k = SIMD8<Int64>(repeating: 0)
        for part in parts {
            guard case .percent(let d) = part else { continue }
            k[d] = Self.scaledPercent(p, decimals: d)
        }
        return k
    }

    /// 100 p scaled by 10^N, rounded half away from zero.
    static func scaledPercent(_ p: Double, decimals d: Int) -> Int64 {
        var m = 1.0
        for _ in 0 ..< d { m *= 10 }
        let v = (p * 100 * m).rounded()
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

    /// The shown text at progress `p` in 0 ... 1 (percent rounded half away from zero).
    public func text(progress p: Double) -> String {
        parts.map { part in
            switch part {
            case .text(let s): return s
            case .percent(let d): return Self.decimalText(Self.scaledPercent(p, decimals: d), decimals: d)
            }
        }.joined()
    }
}

/// The label of a frame: its text shaped, sized and centred on the container's ink box, as coverage.
///
/// SCENE.md's label compositing: over the frame, the inside colour with weight `L S`, then the
/// outside colour with weight `L (1 - S)`, each source-over, where `L` is the label's coverage and
/// `S` the front wave's (not masked by the container).
public final class WaveLabel: @unchecked Sendable {
    /// The format.
    public let format: LabelFormat
    /// Em size in px.
    public let fontSize: Double
    let face: FontFace
    let e64: Int
    let center: Point
    let width: Int, height: Int
    private var shownKey = SIMD8<Int64>(repeating: 0)
    /// The text shown by the last `prepare`.
    public private(set) var shownText: String?
    /// The label's coverage for `shownText`.
    public private(set) var coverage: Coverage
    /// Rows `rows` hold the label's coverage (empty when none).
    public private(set) var rows: Range<Int> = 0 ..< 0

    /// A label for `scene`'s parameters (nil when the parameters have no label).
    public init?(scene: WaveScene) throws {
        let p = scene.parameters
        guard let f = p.label else { return nil }
        format = try LabelFormat(f)
        fontSize = p.labelSize ?? p.defaultLabelSize
        face = try Self.fontFace(p.labelFont ?? p.fontPath)
        e64 = Int((fontSize * 64).rounded())
        let box = scene.layout.inkBox
        center = Point((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        width = p.width; height = p.height
        coverage = Coverage(width: 0, height: 0)
    }

    /// The face of `name`: a font file (always when it holds a `/`), else fontconfig's match for it;
    /// nil is the default font.
    static func fontFace(_ name: String?) throws -> FontFace {
        guard let name else {
            guard let d = WaveParameters.defaultFontPath else { throw SettingError("label-font", FontLocator.installHint) }
            return try FontFace(path: d)
        }
        if name.contains("/") {
            do { return try FontFace(path: name) } catch { throw SettingError("label-font", "'\(name)': \(error)") }
        }
        if let face = try? FontFace(path: name) { return face }
        guard let m = FontLocator.match(name), let face = try? FontFace(path: m) else {
            throw SettingError("label-font", "'\(name)' is neither a font file nor a font fontconfig knows")
        }
        return face
    }

    /// The outlines of the shown text on the canvas (empty before `prepare` or for blank text).
    public func shownPath() throws -> Path {
        guard let t = shownText, t.contains(where: { !$0.isWhitespace }) else { return Path() }
        return try Self.path(t, face: face, e64: e64, center: center)
    }

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
        coverage = try Self.coverage(t, face: face, e64: e64, center: center, width: width, height: height)
        rows = Self.inkRows(coverage)
        return true
    }

    /// The label text's coverage, its ink box centred on `center`.
    static func coverage(_ text: String, face: FontFace, e64: Int, center: Point, width: Int, height: Int) throws -> Coverage {
        guard text.contains(where: { !$0.isWhitespace }) else { return Coverage(width: width, height: height) }
        return Rasterizer().coverage(of: try path(text, face: face, e64: e64, center: center), width: width, height: height)
    }

    /// The label text's outlines on the canvas, ink box centred on `center`.
    static func path(_ text: String, face: FontFace, e64: Int, center: Point) throws -> Path {
        let shaped = try TextShaper(text: text, face: face).shape(e64: e64)
        let (x0, y0) = shaped.inkMin26, (x1, y1) = shaped.inkMax26
        return shaped.path(tx: center.x - Double(x0 + x1) / 128, ty: center.y + Double(y0 + y1) / 128)
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
    public func composite(over pixmap: inout Pixmap, scene: WaveScene, inside: Color, outside: Color) {
        composite(over: &pixmap, scene: scene, inside: inside, outside: outside, within: 0 ..< height)
    }

    /// The same, only on the rows in `within` (rows freshly drawn by a changed-rows render).
    public func composite(over pixmap: inout Pixmap, scene: WaveScene, inside: Color, outside: Color, within: Range<Int>) {
        let ci = inside.premultiplied, co = outside.premultiplied
        let w = width
        let band = rows.clamped(to: within)
        guard !band.isEmpty else { return }
        scene.front.withUnsafeBufferPointer { f in
            pixmap.bytes.withUnsafeMutableBytes { raw in
                let px = raw.bindMemory(to: UInt8.self)
                for j in band {
                    let jb = Float(j + 1)
                    for i in 0 ..< w {
                        let l = coverage.values[j * w + i]
                        if l == 0 { continue }
                        let s = WaveRenderer.columnCoverage(jb - Float(f[i]), jb - Float(f[i + 1]))
                        Self.blend(px, (j * w + i) * 4, ci, l * s, co, l * (1 - s))
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
}

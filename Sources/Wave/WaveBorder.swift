import SceneKit
import Geometry
import Raster

/// The ring around an outline container (`--border-width`, `--border-gap`, `--border-color`).
///
/// SCENE.md's border: with `D(r)` the outline's filled contours grown outwards by `r` (the union of
/// the filled contours, each taken whole, and a round-joined stroke of width `2r` of the outline),
/// the ring is `D(G + W)` minus `D(G)`; its coverage is `B = cov(D(G + W)) - cov(D(G))`, exact areas.
/// For a circle it is the annulus between radii `R + G` and `R + G + W`.
public enum WaveBorder {
    /// The ring's coverage for `layout`, or nil when the parameters draw no border.
    /// Throws naming `border-width` for a container without an outline (a mask image).
    public static func coverage(_ layout: ContainerLayout, parameters p: WaveParameters) throws -> Coverage? {
        guard let w = p.borderWidth, w > 0 else { return nil }
        guard !layout.path.isEmpty else {
            throw SettingError("border-width", "a mask image has no outline to draw a border around; use --shape, --path, --svg or text")
        }
        let outer = grown(layout.path, by: p.borderGap + w, width: layout.width, height: layout.height)
        let inner = grown(layout.path, by: p.borderGap, width: layout.width, height: layout.height)
        var ring = outer
        for k in ring.values.indices { ring.values[k] = min(max(outer.values[k] - inner.values[k], 0), 1) }
        return ring
    }

    /// `cov(D(r))`: the filled contours (each oriented like the stroke's pieces) with a round-joined
    /// stroke of width `2r`, filled non-zero.
    static func grown(_ path: Path, by r: Double, width: Int, height: Int) -> Coverage {
        Rasterizer().coverage(of: region(path, by: r), width: width, height: height, rule: .nonZero)
    }

    /// `D(r)` as a path to fill non-zero: the filled contours, each oriented like the stroke's pieces,
    /// and a round-joined stroke of width `2r` of the outline.
    static func region(_ path: Path, by r: Double) -> Path {
        let flat = path.flattenedContours(tolerance: Path.defaultTolerance)
        var region = r > 0 ? flat.strokeOutline(StrokeStyle(width: 2 * r, join: .round, cap: .round)) : Path()
        let sign: Double = signedArea(region.flattenedContours(tolerance: Path.defaultTolerance)) < 0 ? -1 : 1
        appendWhole(flat, sign: sign, to: &region)
        return region
    }

    /// The outline's contours flattened, all turning the same way, so that each is filled whole
    /// under the non-zero rule (holes included).
    static func wholeContours(_ path: Path) -> Path {
        var out = Path()
        appendWhole(path.flattenedContours(tolerance: Path.defaultTolerance), sign: 1, to: &out)
        return out
    }

    /// Appends each contour of `flat` turned so its signed area has `sign`.
    private static func appendWhole(_ flat: FlattenedPath, sign: Double, to region: inout Path) {
        for c in flat.contours {
            var pts = Array(flat.points[c.range])
            guard pts.count > 2 else { continue }
            if area(pts) * sign < 0 { pts.reverse() }
            region.move(to: pts[0])
            for q in pts.dropFirst() { region.line(to: q) }
            region.close()
        }
    }

    static func signedArea(_ f: FlattenedPath) -> Double {
        f.contours.reduce(0) { $0 + area(Array(f.points[$1.range])) }
    }

    /// Shoelace area of a closed polygon (positive clockwise on a y-down canvas).
    static func area(_ pts: [Point]) -> Double {
        var a = 0.0
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            a += p.x * q.y - q.x * p.y
        }
        return a / 2
    }

    /// The ring over `pixmap` with `color`, source-over, rounded once per pixel.
    public static func composite(_ ring: Coverage, color: Color, over pixmap: inout Pixmap) {
        composite(ring, color: color, over: &pixmap, rows: 0 ..< ring.height)
    }

    /// The same, only on `rows` (rows freshly drawn by a changed-rows render).
    public static func composite(_ ring: Coverage, color: Color, over pixmap: inout Pixmap, rows: Range<Int>) {
        let c = color.premultiplied
        let band = rows.clamped(to: 0 ..< ring.height)
        guard !band.isEmpty else { return }
        pixmap.bytes.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: UInt8.self)
            for k in band.lowerBound * ring.width ..< band.upperBound * ring.width where ring.values[k] > 0 {
                WaveLabel.blend(px, k * 4, c, ring.values[k], c, 0)
            }
        }
    }
}

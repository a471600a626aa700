import Vector
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A sprite sheet: every frame of an animation in one PNG grid, plus a JSON file describing it.
///
/// The JSON is the "JSON array" layout of TexturePacker and Aseprite, which PixiJS and Phaser load
/// as is: `frames[i].frame` is frame i's rectangle in the sheet, `duration` its display time in ms;
/// `meta` adds the animation's `fps`, `frameCount`, `loop` (true when the frames repeat seamlessly),
/// `columns`, `rows` and `firstFrame`. Frames fill the grid row by row; unused cells are transparent.
/// The PNG is written row band by row band, so only one row of frames is held in memory.
public struct SpriteSheet: Sendable, Equatable {
    /// Width of one frame in pixels.
    public let frameWidth: Int
    /// Height of one frame in pixels.
    public let frameHeight: Int
    /// Number of frames.
    public let frameCount: Int
    /// Frames per row of the grid.
    public let columns: Int

    /// The largest side of a sheet accepted, in pixels (PNG allows 2^31 - 1; viewers and GPUs much less).
    public static let maxSide = 65535

    /// A grid of `frameCount` frames, `columns` per row (default: `ceil(sqrt(frameCount))`).
    public init(frameWidth: Int, frameHeight: Int, frameCount: Int, columns: Int? = nil) {
        precondition(frameWidth > 0 && frameHeight > 0 && frameCount > 0)
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.frameCount = frameCount
        let c = columns ?? Self.defaultColumns(frameCount)
        self.columns = max(1, min(c, frameCount))
    }

    /// `ceil(sqrt(n))`, computed in integers.
    public static func defaultColumns(_ n: Int) -> Int {
        var c = max(1, Int(Double(n).squareRoot()))
        while c * c < n { c += 1 }
        while c > 1 && (c - 1) * (c - 1) >= n { c -= 1 }
        return c
    }

    /// Rows of the grid.
    public var rows: Int { (frameCount + columns - 1) / columns }
    /// Sheet width in pixels.
    public var width: Int { columns * frameWidth }
    /// Sheet height in pixels.
    public var height: Int { rows * frameHeight }

    /// Frame `i`'s rectangle in the sheet: origin top-left, in pixels.
    public func rect(of i: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        ((i % columns) * frameWidth, (i / columns) * frameHeight, frameWidth, frameHeight)
    }

    /// Writes the PNG and the JSON, each through a temporary name; both are renamed into place only
    /// once both are complete, and if the JSON cannot be renamed the new PNG is removed again, so a
    /// failure leaves neither.
    ///
    /// - Parameters:
    ///   - frame: frame `i` of the sheet (0 ..< frameCount), premultiplied, `frameWidth x frameHeight`.
    ///   - progress: called with the number of frames drawn so far.
    public func write(png pngPath: String, json jsonPath: String, fps: Double, loop: Bool, firstFrame: Int,
                      frame: (Int) throws -> Pixmap, progress: (Int) -> Void = { _ in }) throws {
        guard width <= Self.maxSide, height <= Self.maxSide else {
            throw ExportError.png(path: pngPath, message: "a \(columns)x\(rows) grid of \(frameWidth)x\(frameHeight) frames is \(width)x\(height) px, over \(Self.maxSide) px a side")
        }
        let name = pngPath.split(separator: "/").last.map(String.init) ?? pngPath
        let json = metadata(imageName: name, fps: fps, loop: loop, firstFrame: firstFrame)
        let pngTmp = AtomicFile.temporaryPath(for: pngPath), jsonTmp = AtomicFile.temporaryPath(for: jsonPath)
        do {
            let writer = try PNGStreamWriter(path: pngTmp, width: width, height: height)
            let stride = width * 4, frameStride = frameWidth * 4
            var band = [UInt8](repeating: 0, count: stride * frameHeight)
            for r in 0 ..< rows {
                for k in 0 ..< band.count { band[k] = 0 }
                for c in 0 ..< columns {
                    let i = r * columns + c
                    guard i < frameCount else { break }
                    let px = try frame(i)
                    precondition(px.width == frameWidth && px.height == frameHeight, "frame size differs from the sheet's")
                    let straight = px.straightBytes()
                    for y in 0 ..< frameHeight {
                        band.replaceSubrange(y * stride + c * frameStride ..< y * stride + (c + 1) * frameStride,
                                             with: straight[y * frameStride ..< (y + 1) * frameStride])
                    }
                    progress(i + 1)
                }
                try writer.write(rows: band)
            }
            try writer.finish()
            try Self.writeBytes(Array(json.utf8), to: jsonTmp, reportedAs: jsonPath)
            guard rename(pngTmp, pngPath) == 0 else {
                throw ExportError.io(path: pngPath, message: "cannot rename into place: \(String(cString: strerror(errno)))")
            }
            guard rename(jsonTmp, jsonPath) == 0 else {
                let e = String(cString: strerror(errno))
                unlink(pngPath)      // all or nothing: a sheet without its JSON is not left behind
                throw ExportError.io(path: jsonPath, message: "cannot rename into place: \(e)")
            }
        } catch {
            unlink(pngTmp)
            unlink(jsonTmp)
            throw error
        }
    }

    /// The JSON text: TexturePacker/Aseprite "JSON array" frames plus the animation's timing in `meta`.
    public func metadata(imageName: String, fps: Double, loop: Bool, firstFrame: Int) -> String {
        let ms = 1000 / fps
        var s = "{\n  \"frames\": [\n"
        for i in 0 ..< frameCount {
            let r = rect(of: i)
            s += "    {\"filename\": \"frame-\(Self.padded(firstFrame + i))\", \"frame\": {\"x\": \(r.x), \"y\": \(r.y), \"w\": \(r.w), \"h\": \(r.h)}, "
            s += "\"rotated\": false, \"trimmed\": false, \"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": \(r.w), \"h\": \(r.h)}, "
            s += "\"sourceSize\": {\"w\": \(r.w), \"h\": \(r.h)}, \"duration\": \(JSONText.number(ms))}"
            s += i + 1 < frameCount ? ",\n" : "\n"
        }
        s += "  ],\n  \"meta\": {\n"
        s += "    \"app\": \"wavefill\",\n"
        s += "    \"image\": \(JSONText.quoted(imageName)),\n"
        s += "    \"format\": \"RGBA8888\",\n"
        s += "    \"size\": {\"w\": \(width), \"h\": \(height)},\n"
        s += "    \"scale\": \"1\",\n"
        s += "    \"fps\": \(JSONText.number(fps)),\n"
        s += "    \"frameCount\": \(frameCount),\n"
        s += "    \"duration\": \(JSONText.number(Double(frameCount) / fps)),\n"
        s += "    \"loop\": \(loop),\n"
        s += "    \"columns\": \(columns),\n"
        s += "    \"rows\": \(rows),\n"
        s += "    \"firstFrame\": \(firstFrame)\n"
        s += "  }\n}\n"
        return s
    }

    private static func writeBytes(_ bytes: [UInt8], to path: String, reportedAs name: String) throws {
        guard let f = fopen(path, "wb") else {
            throw ExportError.io(path: name, message: String(cString: strerror(errno)))
        }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        let closed = fclose(f)
        guard n == bytes.count, closed == 0 else { throw ExportError.io(path: name, message: "short write") }
    }

    static func padded(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s
    }
}

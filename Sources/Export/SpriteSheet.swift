import Foundation
import Vector
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A sprite sheet: every frame of an animation in PNG grids ("pages") no larger than a texture size
/// GPUs load, plus JSON describing them.
///
/// Frames fill a page's grid row by row, then the next page; a page's unused cells are transparent.
/// Page 0 is FILE.png with FILE.json; page p > 0 is FILE-p.png with FILE-p.json. Each JSON is the
/// "JSON (Hash)" layout of TexturePacker for its page, which PixiJS's Spritesheet and Phaser's
/// atlas loader read: `frames` maps each frame's name (frame-00042) to its rectangle in that page
/// (`frame`), `rotated`, `trimmed`, `spriteSourceSize`, `sourceSize` and `duration` (ms);
/// `animations` maps the animation's name to the names of that page's frames in order (PixiJS
/// resolves them among the page's own frames); `meta` holds `image`, `size`, `scale`, `format`
/// and adds the animation's `fps`, `frameCount`, `loop` (true when the frames repeat seamlessly),
/// `columns`, `rows`, `firstFrame`, `page` and `pages`. With several pages FILE.json also has
/// `meta.related_multi_packs` (the other pages' JSON, which PixiJS loads with it) and `textures`
/// (every page with its frames, Phaser's multiatlas). PNGs are written row band by row band, so
/// only one row of frames is held in memory.
public struct SpriteSheet: Sendable, Equatable {
    /// Width of one frame in pixels.
    public let frameWidth: Int
    /// Height of one frame in pixels.
    public let frameHeight: Int
    /// Number of frames.
    public let frameCount: Int
    /// Frames per row of every page.
    public let columns: Int
    /// Rows a page holds at most.
    public let rowsPerPage: Int

    /// The largest page side accepted, in pixels (PNG allows 2^31 - 1; GPUs much less).
    public static let maxSide = 65535
    /// The default largest page side: what WebGL and mobile GPUs load everywhere.
    public static let defaultMaxTexture = 4096
    /// The page sides that can be asked for.
    public static let maxTextureRange = 64 ... maxSide

    /// Why frames cannot be laid out in pages of the size asked for.
    public enum LayoutError: Error, Equatable {
        /// One frame is wider or taller than a page may be.
        case frameTooLarge
        /// The columns asked for do not fit a page's width; `fit` do.
        case tooManyColumns(fit: Int)
    }

    /// `frameCount` frames in pages at most `maxTexture` (in `maxTextureRange`) pixels a side,
    /// `columns` per row. Without `columns`: ceil(sqrt(frameCount)) when that grid fits one page, else
    /// as many as fit a page's width.
    public init(frameWidth: Int, frameHeight: Int, frameCount: Int, columns: Int? = nil,
                maxTexture: Int = defaultMaxTexture) throws(LayoutError) {
        precondition(frameWidth > 0 && frameHeight > 0 && frameCount > 0 && Self.maxTextureRange.contains(maxTexture))
        guard frameWidth <= maxTexture, frameHeight <= maxTexture else { throw .frameTooLarge }
        let fit = maxTexture / frameWidth
        rowsPerPage = maxTexture / frameHeight
        if let columns {
            let c = max(1, min(columns, frameCount))
            guard c <= fit else { throw .tooManyColumns(fit: fit) }
            self.columns = c
        } else {
            let square = Self.defaultColumns(frameCount)
            let onePage = square <= fit && (frameCount + square - 1) / square <= rowsPerPage
            self.columns = onePage ? square : min(frameCount, fit)
        }
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.frameCount = frameCount
    }

    /// `ceil(sqrt(n))`, computed in integers.
    public static func defaultColumns(_ n: Int) -> Int {
        var c = max(1, Int(Double(n).squareRoot()))
        while c * c < n { c += 1 }
        while c > 1 && (c - 1) * (c - 1) >= n { c -= 1 }
        return c
    }

    /// Frames a full page holds.
    public var framesPerPage: Int { columns * rowsPerPage }
    /// Number of pages.
    public var pageCount: Int { (frameCount + framesPerPage - 1) / framesPerPage }
    /// The frames on page `p`.
    public func frames(onPage p: Int) -> Range<Int> { p * framesPerPage ..< min(frameCount, (p + 1) * framesPerPage) }
    /// The page frame `i` is on.
    public func page(of i: Int) -> Int { i / framesPerPage }
    /// Page `p`'s size in pixels: its rows of `columns` frames (fewer columns when it holds fewer frames).
    public func pageSize(_ p: Int) -> (width: Int, height: Int) {
        let n = frames(onPage: p).count
        return (min(columns, n) * frameWidth, (n + columns - 1) / columns * frameHeight)
    }

    /// Rows of the first (largest) page.
    public var rows: Int { pageSize(0).height / frameHeight }
    /// Width of the first (largest) page in pixels.
    public var width: Int { pageSize(0).width }
    /// Height of the first (largest) page in pixels.
    public var height: Int { pageSize(0).height }

    /// Frame `i`'s rectangle in its page (`page(of: i)`): origin top-left, in pixels.
    public func rect(of i: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        let k = i % framesPerPage
        return ((k % columns) * frameWidth, (k / columns) * frameHeight, frameWidth, frameHeight)
    }

    /// Page `p`'s name for a file named `path`: `path` itself for page 0, else "-p" before its
    /// extension (sheet.png: sheet-1.png, sheet-2.png ...).
    public static func pagePath(_ path: String, page p: Int) -> String {
        guard p > 0 else { return path }
        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[name...].lastIndex(of: "."), dot != name else { return path + "-\(p)" }
        return String(path[..<dot]) + "-\(p)" + String(path[dot...])
    }

    /// Every file `write` creates, page by page: each page's PNG, then its JSON.
    public func files(png: String, json: String) -> [String] {
        (0 ..< pageCount).flatMap { [Self.pagePath(png, page: $0), Self.pagePath(json, page: $0)] }
    }

    /// Writes every page's PNG and JSON, each through a temporary name; all are renamed into place
    /// only once all are complete, and if one cannot be renamed the ones already placed are removed,
    /// so a failure leaves none.
    ///
    /// - Parameters:
    ///   - animation: the name under which FILE.json's `animations` lists the frames.
    ///   - frame: frame `i` of the sheet (0 ..< frameCount), premultiplied, `frameWidth x frameHeight`.
    ///   - progress: called with the number of frames drawn so far.
    public func write(png pngPath: String, json jsonPath: String, animation: String = "animation",
                      fps: Double, loop: Bool, firstFrame: Int,
                      frame: (Int) throws -> Pixmap, progress: (Int) -> Void = { _ in }) throws {
        let targets = files(png: pngPath, json: jsonPath)
        let names = targets.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        var temporaries: [AtomicFile.Temporary] = []
        do {
            // Closed at once: a sheet may have thousands of pages; each is written by name, then checked.
            for t in targets { temporaries.append(try AtomicFile.createTemporary(beside: t).closed()) }
            for p in 0 ..< pageCount {
                try writePage(p, to: temporaries[2 * p].path, frame: frame, progress: progress)
                let json = metadata(page: p, names: names, animation: animation, fps: fps, loop: loop, firstFrame: firstFrame)
                try AtomicFile.writeAll(Array(json.utf8), into: temporaries[2 * p + 1], reportedAs: targets[2 * p + 1])
            }
        } catch {
            for t in temporaries { AtomicFile.discard(t) }
            throw error
        }
        try Self.place(temporaries, at: targets)
    }

    /// Renames each temporary to its target; on a failure (or an interruption meanwhile) removes
    /// the targets already placed and the temporaries not yet placed.
    private static func place(_ temporaries: [AtomicFile.Temporary], at targets: [String]) throws {
        var placed: [Int] = []
        defer { for s in placed { CleanupRegistry.remove(s) } }
        for k in targets.indices {
            do {
                try AtomicFile.place(temporaries[k], at: targets[k])
                placed.append(CleanupRegistry.add(targets[k]))
            } catch {
                for t in targets[..<k] { unlink(t) }
                for t in temporaries[(k + 1)...] { AtomicFile.discard(t) }
                throw error
            }
        }
    }

    /// Streams page `p`'s PNG to `path`, one row of frames at a time.
    private func writePage(_ p: Int, to path: String, frame: (Int) throws -> Pixmap, progress: (Int) -> Void) throws {
        let (width, height) = pageSize(p)
        let writer = try PNGStreamWriter(path: path, width: width, height: height)
        let stride = width * 4, frameStride = frameWidth * 4
        var band = [UInt8](repeating: 0, count: stride * frameHeight)
        let onPage = frames(onPage: p)
        for rowStart in Swift.stride(from: onPage.lowerBound, to: onPage.upperBound, by: columns) {
            for k in 0 ..< band.count { band[k] = 0 }
            for i in rowStart ..< min(rowStart + columns, onPage.upperBound) {
                let px = try frame(i)
                precondition(px.width == frameWidth && px.height == frameHeight, "frame size differs from the sheet's")
                let straight = px.straightBytes(), x = rect(of: i).x * 4
                for y in 0 ..< frameHeight {
                    band.replaceSubrange(y * stride + x ..< y * stride + x + frameStride,
                                         with: straight[y * frameStride ..< (y + 1) * frameStride])
                }
                progress(i + 1)
            }
            try writer.write(rows: band)
        }
        try writer.finish()
    }

    /// Page `p`'s JSON text, in TexturePacker's "JSON (Hash)" layout. `names` are the file names of
    /// every page, PNG then JSON (as `files`).
    public func metadata(page p: Int, names: [String], animation: String, fps: Double, loop: Bool, firstFrame: Int) -> String {
        let size = pageSize(p)
        let ms = JSONText.number(1000 / fps)
        let entries = frames(onPage: p).map { i in
            let r = rect(of: i)
            return "    \(JSONText.quoted(Self.frameName(firstFrame + i))): {\"frame\": {\"x\": \(r.x), \"y\": \(r.y), \"w\": \(r.w), \"h\": \(r.h)}, "
                + "\"rotated\": false, \"trimmed\": false, \"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": \(r.w), \"h\": \(r.h)}, "
                + "\"sourceSize\": {\"w\": \(r.w), \"h\": \(r.h)}, \"duration\": \(ms)}"
        }
        var s = "{\n  \"frames\": {\n" + entries.joined(separator: ",\n") + "\n  },\n"
        // A PixiJS Spritesheet resolves an animation's names among its own page's frames only.
        let own = frames(onPage: p).map { JSONText.quoted(Self.frameName(firstFrame + $0)) }
        s += "  \"animations\": {\(JSONText.quoted(animation)): [\(own.joined(separator: ", "))]},\n"
        if p == 0 && pageCount > 1 {
            let textures = (0 ..< pageCount).map { q in
                let sz = pageSize(q)
                return "    {\"image\": \(JSONText.quoted(names[2 * q])), \"format\": \"RGBA8888\", \"size\": {\"w\": \(sz.width), \"h\": \(sz.height)}, \"scale\": 1, \"frames\": [\n"
                    + arrayEntries(onPage: q, firstFrame: firstFrame, fps: fps, indent: "      ") + "    ]}"
            }
            s += "  \"textures\": [\n" + textures.joined(separator: ",\n") + "\n  ],\n"
        }
        s += "  \"meta\": {\n"
        s += "    \"app\": \"wavefill\",\n"
        s += "    \"version\": \"1.0\",\n"
        s += "    \"image\": \(JSONText.quoted(names[2 * p])),\n"
        s += "    \"format\": \"RGBA8888\",\n"
        s += "    \"size\": {\"w\": \(size.width), \"h\": \(size.height)},\n"
        s += "    \"scale\": \"1\",\n"
        if p == 0 && pageCount > 1 {
            let related = (1 ..< pageCount).map { JSONText.quoted(names[2 * $0 + 1]) }
            s += "    \"related_multi_packs\": [\(related.joined(separator: ", "))],\n"
        }
        s += "    \"fps\": \(JSONText.number(fps)),\n"
        s += "    \"frameCount\": \(frameCount),\n"
        s += "    \"duration\": \(JSONText.number(Double(frameCount) / fps)),\n"
        s += "    \"loop\": \(loop),\n"
        s += "    \"columns\": \(columns),\n"
        s += "    \"rows\": \(size.height / frameHeight),\n"
        s += "    \"firstFrame\": \(firstFrame),\n"
        s += "    \"page\": \(p),\n"
        s += "    \"pages\": \(pageCount)\n"
        s += "  }\n}\n"
        return s
    }

    /// Page `p`'s frames as "JSON array" entries (Phaser's multiatlas `textures`), one a line.
    private func arrayEntries(onPage p: Int, firstFrame: Int, fps: Double, indent: String) -> String {
        let ms = JSONText.number(1000 / fps)
        return frames(onPage: p).map { i in
            let r = rect(of: i)
            return indent + "{\"filename\": \"\(Self.frameName(firstFrame + i))\", \"frame\": {\"x\": \(r.x), \"y\": \(r.y), \"w\": \(r.w), \"h\": \(r.h)}, "
                + "\"rotated\": false, \"trimmed\": false, \"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": \(r.w), \"h\": \(r.h)}, "
                + "\"sourceSize\": {\"w\": \(r.w), \"h\": \(r.h)}, \"duration\": \(ms)}"
        }.joined(separator: ",\n") + "\n"
    }

    /// The pages beyond the first `keeping` that the sheet already at `png` / `json` lists (its
    /// FILE.json's `meta.pages`) and that are there: what a re-export into fewer pages removes.
    /// Nothing when FILE.json is missing or not a sheet's JSON.
    public static func stalePages(png: String, json: String, keeping: Int) -> [String] {
        guard let data = FileManager.default.contents(atPath: json),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let meta = object["meta"] as? [String: Any], let pages = meta["pages"] as? Int,
              pages > keeping, pages <= 1_000_000 else { return [] }
        var found: [String] = []
        for p in max(1, keeping) ..< pages {
            for path in [pagePath(png, page: p), pagePath(json, page: p)] {
                var st = stat()
                // A regular file or a link (the link itself goes, never its target); nothing else.
                if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG || (st.st_mode & S_IFMT) == S_IFLNK { found.append(path) }
            }
        }
        return found
    }

    /// The name of the scene's frame `n` in the JSON: frame-00042.
    public static func frameName(_ n: Int) -> String { "frame-" + padded(n) }

    static func padded(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s
    }
}

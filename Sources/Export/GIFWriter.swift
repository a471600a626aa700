#if canImport(Glibc)
import Glibc
#endif

/// Writes an animated GIF from indexed frames (one palette for the whole animation), each frame
/// after the first only the rectangle that changed since the frame shown before it, with the
/// palette's transparent entry meaning "unchanged" there.
///
/// Each frame is kept on the canvas (disposal 1) unless some pixel must turn transparent in the next
/// one: that frame's rectangle is then grown to cover those pixels and restored to the background
/// (disposal 2) before the next is drawn, which draws what the clearing took away. A transparent
/// animation so costs about what an opaque one does, instead of a whole frame each time.
public struct GIFWriter {
    /// Canvas size in pixels (1 ... 65535 each).
    public let width: Int, height: Int
    /// The palette, 256 straight RGBA entries (alpha 0: the transparent entry).
    let palette: [UInt8]
    /// The entry that is transparent and means "unchanged" in a frame after the first.
    let transparent: UInt8
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// The canvas as shown before the pending frame is drawn, and the pending frame.
    private var base: [UInt8], pending: [UInt8]?
    private var pendingRect = (x0: 0, y0: 0, x1: 0, y1: 0), pendingDelay = 0, pendingClears = false
    private var lzw = LZWEncoder()
    private var frames = 0

    /// Starts a GIF of `width` x `height` looping forever, with `palette` (256 RGBA entries, 1024
    /// bytes; an entry with alpha 0 is the transparent one, else a spare entry is taken for it).
    public init(width: Int, height: Int, palette: [UInt8]) {
        precondition((1 ... 65535).contains(width) && (1 ... 65535).contains(height) && palette.count == 1024)
        self.width = width; self.height = height; self.palette = palette
        transparent = UInt8((0 ..< 256).first { palette[4 * $0 + 3] == 0 } ?? 255)
        base = [UInt8](repeating: transparent, count: width * height)
        bytes += Array("GIF89a".utf8)
        bytes += le16(width) + le16(height) + [0xF7, 0, 0]     // a global table of 256 colours
        for i in 0 ..< 256 {
            let t = UInt8(i) == transparent
            bytes += t ? [0, 0, 0] : [palette[4 * i], palette[4 * i + 1], palette[4 * i + 2]]
        }
        // NETSCAPE2.0: loop forever.
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    }

    /// Adds a frame of palette indices (`width * height`, row by row) shown for `delay` 1/100 s.
    public mutating func add(_ indices: [UInt8], delay: Int) {
        precondition(indices.count == width * height)
        if let prev = pending {
            // Pixels that must turn transparent: the previous frame's rectangle grows over them
            // and is restored to the background before this frame is drawn.
            var c = (x0: width, y0: height, x1: -1, y1: -1)
            for y in 0 ..< height {
                let row = y * width
                for x in 0 ..< width where indices[row + x] == transparent && prev[row + x] != transparent {
                    c = (min(c.x0, x), min(c.y0, y), max(c.x1, x), max(c.y1, y))
                }
            }
            if c.x1 >= 0 {
                pendingRect = (min(pendingRect.x0, c.x0), min(pendingRect.y0, c.y0), max(pendingRect.x1, c.x1), max(pendingRect.y1, c.y1))
                pendingClears = true
            }
            flush()
        }
        // The changed rectangle against the canvas as shown (after any clearing).
        var r = (x0: width, y0: height, x1: -1, y1: -1)
        for y in 0 ..< height {
            let row = y * width
            for x in 0 ..< width where indices[row + x] != base[row + x] {
                r = (min(r.x0, x), min(r.y0, y), max(r.x1, x), max(r.y1, y))
            }
        }
        if frames == 0 { r = (0, 0, width - 1, height - 1) }
        if r.x1 < 0 { r = (0, 0, 0, 0) }      // nothing changed: one unchanged pixel
        pending = indices
        pendingRect = r
        pendingDelay = delay
        pendingClears = false
        frames += 1
    }

    /// Writes the last frame and the trailer; returns the file's bytes.
    public mutating func finish() -> [UInt8] {
        flush()
        bytes.append(0x3B)
        return bytes
    }

    /// Writes the pending frame over `base` and makes `base` the canvas the next frame is drawn on.
    private mutating func flush() {
        guard let frame = pending else { return }
        let r = pendingRect
        let w = r.x1 - r.x0 + 1, h = r.y1 - r.y0 + 1
        // Graphic control: disposal, transparency on, the delay, the transparent index.
        let disposal: UInt8 = pendingClears ? 2 : 1
        bytes += [0x21, 0xF9, 0x04, (disposal << 2) | 1] + le16(pendingDelay) + [transparent, 0]
        bytes += [0x2C] + le16(r.x0) + le16(r.y0) + le16(w) + le16(h) + [0]
        var data = [UInt8]()
        data.reserveCapacity(w * h)
        for y in r.y0 ... r.y1 {
            let row = y * width
            for x in r.x0 ... r.x1 {
                let v = frame[row + x]
                data.append(v == base[row + x] ? transparent : v)
            }
        }
        lzw.encode(data, into: &bytes)
        base = frame
        if pendingClears {
            for y in r.y0 ... r.y1 { for x in r.x0 ... r.x1 { base[y * width + x] = transparent } }
        }
        pending = nil
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// The delay of frame `k` at `fps` in 1/100 s: the rounded times of consecutive frames apart, so
    /// the delays add up to the animation's length (a frame shorter than 2/100 s gets 2).
    public static func delay(frame k: Int, fps: Double) -> Int {
        let t0 = (Double(k) * 100 / fps).rounded(), t1 = (Double(k + 1) * 100 / fps).rounded()
        return max(2, Int(t1 - t0))
    }
}

/// GIF's variable-length LZW over 8-bit indices, in 255-byte sub-blocks.
struct LZWEncoder {
    /// Code of (prefix code, byte), valid where `stamp` equals the current generation.
    private var table = [Int16](repeating: 0, count: 4096 * 256)
    private var stamp = [UInt32](repeating: 0, count: 4096 * 256)
    private var generation: UInt32 = 0

    mutating func encode(_ data: [UInt8], into out: inout [UInt8]) {
        let minCode = 8, clear = 256, end = 257
        out.append(UInt8(minCode))
        var block = [UInt8](), acc = 0, bits = 0
        var size = minCode + 1, next = end + 1
        // As the decoder reads them: a code is `size` bits; once the next code to assign needs more,
        // the codes after it have one more bit (up to 12); a clear code starts again at 9.
        func emit(_ code: Int) {
            acc |= code << bits
            bits += size
            while bits >= 8 {
                block.append(UInt8(acc & 0xFF))
                acc >>= 8; bits -= 8
                if block.count == 255 { out.append(255); out += block; block.removeAll(keepingCapacity: true) }
            }
            if code == clear {
                size = minCode + 1
            } else if next > (1 << size) - 1, size < 12 {
                size += 1
            }
        }
        func reset() {
            generation &+= 1
            if generation == 0 {
                for i in stamp.indices { stamp[i] = 0 }
                generation = 1
            }
            next = end + 1
        }
        reset()
        emit(clear)
        if var prefix = data.first.map(Int.init) {
            for k in 1 ..< data.count {
                let c = Int(data[k])
                let key = prefix << 8 | c
                if stamp[key] == generation {
                    prefix = Int(table[key])
                    continue
                }
                emit(prefix)
                if next < 4096 {
                    table[key] = Int16(next); stamp[key] = generation
                    next += 1
                } else {
                    emit(clear)
                    reset()
                }
                prefix = c
            }
            emit(prefix)
        }
        emit(end)
        if bits > 0 { block.append(UInt8(acc & 0xFF)) }
        if !block.isEmpty { out.append(UInt8(block.count)); out += block }
        out.append(0)
    }
}

import Raster

/// GIF's alpha is one bit: a pixel is shown or transparent. Translucent pixels are composited over an
/// opaque matte colour first, so they show as the colour they would have over it instead of vanishing
/// or turning solid: fully transparent pixels stay transparent, opaque ones are unchanged.
public enum GIFMatte {
    /// The matte a GIF gets unless one is chosen: the background made opaque, or white when the
    /// background is fully transparent (its colour channels then mean nothing; white is the page most
    /// GIFs are shown on).
    public static func defaultMatte(background: Color) -> Color {
        background.a == 0 ? .white : Color(r: background.r, g: background.g, b: background.b)
    }

    /// Composites every pixel of `pixmap` (premultiplied) with alpha 1 ... 254 over `matte` (its alpha
    /// is ignored: opaque); returns true when there was any such pixel.
    @discardableResult
    public static func flatten(_ pixmap: inout Pixmap, over matte: Color) -> Bool {
        let m = [Int(matte.r), Int(matte.g), Int(matte.b)]
        var found = false
        pixmap.bytes.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let a = Int(px[i + 3])
                if a != 0 && a != 255 {
                    for k in 0 ..< 3 { px[i + k] = UInt8(min(255, Int(px[i + k]) + (m[k] * (255 - a) + 127) / 255)) }
                    px[i + 3] = 255
                    found = true
                }
                i += 4
            }
        }
        return found
    }
}

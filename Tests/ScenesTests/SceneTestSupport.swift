import Geometry
import Raster
import Text
import Scenes
import TestSupport

/// DejaVu Sans Bold, the project's default font.
let boldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

/// The default font, opened once per use.
func boldFace() throws -> FontFace { try FontFace(path: boldFontPath) }

/// Every pixel of `image` equal to `colour` (premultiplied), or a description of the first that is not.
func firstPixel(of image: Pixmap, notEqualTo colour: Color) -> String? {
    let p = colour.premultiplied * 255
    let want = SIMD4<UInt8>(UInt8(p.x.rounded()), UInt8(p.y.rounded()), UInt8(p.z.rounded()), UInt8(p.w.rounded()))
    for j in 0 ..< image.height {
        for i in 0 ..< image.width where image.pixel(i, j) != want {
            return "pixel (\(i), \(j)) is \(image.pixel(i, j)), not \(want)"
        }
    }
    return nil
}

/// Pixels whose colour is exactly `colour` (opaque).
func count(_ colour: Color, in image: Pixmap) -> Int {
    let want = SIMD4<UInt8>(colour.r, colour.g, colour.b, 255)
    var n = 0
    for j in 0 ..< image.height { for i in 0 ..< image.width where image.pixel(i, j) == want { n += 1 } }
    return n
}

/// Largest channel difference between two images.
func maxDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
    ImageCompare.compare(a, b, tolerance: 0).maxDifference
}

import Raster
import Export
import Foundation

/// How two images differ, channel by channel (premultiplied bytes).
public struct ImageDifference: Sendable, CustomStringConvertible {
    /// Largest absolute difference of any channel.
    public var maxDifference: Int
    /// Pixels with any channel differing by more than the tolerance given to `compare`.
    public var pixelsOverTolerance: Int
    /// Where the largest difference is.
    public var worst: (x: Int, y: Int)
    /// Pixels compared.
    public var pixelCount: Int
    /// A summary line.
    public var description: String {
        "max diff \(maxDifference) at (\(worst.x), \(worst.y)); \(pixelsOverTolerance) of \(pixelCount) pixels over tolerance"
    }
}

/// Image comparison with a stated tolerance.
public enum ImageCompare {
    /// Compares two same-size pixmaps; `tolerance` is in 8-bit steps per channel.
    public static func compare(_ a: Pixmap, _ b: Pixmap, tolerance: Int) -> ImageDifference {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var maxD = 0, over = 0, worst = (0, 0)
        for i in 0 ..< a.width * a.height {
            var d = 0
            for k in 0 ..< 4 { d = max(d, abs(Int(a.bytes[i * 4 + k]) - Int(b.bytes[i * 4 + k]))) }
            if d > tolerance { over += 1 }
            if d > maxD { maxD = d; worst = (i % a.width, i / a.width) }
        }
        return ImageDifference(maxDifference: maxD, pixelsOverTolerance: over, worst: worst, pixelCount: a.width * a.height)
    }
}

/// Golden images beside the tests, drawn by the independent reference (tools/reference/goldens.py) and
/// compared with a tolerance; the code under test never writes them.
public enum Goldens {
    public static func directory(for file: String = #filePath) -> String {
        (file as NSString).deletingLastPathComponent + "/Goldens"
    }

    /// The golden `name` (drawn by the independent reference, tools/reference/goldens.py, never by
    /// the code under test) against `image`: nil when every channel is within `tolerance`.
    public static func check(_ image: Pixmap, name: String, tolerance: Int, file: String = #filePath) -> String? {
        let path = directory(for: file) + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            return "golden \(path) is missing; goldens come from the reference: tools/reference/goldens.py"
        }
        do {
            let golden = try PNGFile.read(path)
            guard golden.width == image.width, golden.height == image.height else {
                return "golden \(name) is \(golden.width)x\(golden.height), image is \(image.width)x\(image.height)"
            }
            let d = ImageCompare.compare(golden, image, tolerance: tolerance)
            return d.pixelsOverTolerance == 0 ? nil : "golden \(name): \(d)"
        } catch { return "could not read \(path): \(error)" }
    }
}

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

/// Golden images beside the tests: compared with a tolerance, re-recorded with RECORD_GOLDENS=1.
public enum Goldens {
    /// True when the environment asks to re-record goldens.
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// The source directory of goldens for a test file (`#filePath` of the caller).
    public static func directory(for file: String = #filePath) -> String {
        (file as NSString).deletingLastPathComponent + "/Goldens"
    }

    /// Compares `image` with the golden `name` (PNG), or records it when recording.
    /// Returns nil on success, or a message describing the failure.
    public static func check(_ image: Pixmap, name: String, tolerance: Int, file: String = #filePath) -> String? {
        let path = directory(for: file) + "/" + name
        if recording {
            do {
                try FileManager.default.createDirectory(atPath: directory(for: file), withIntermediateDirectories: true)
                try PNGFile.write(image, to: path)
            } catch { return "could not record \(path): \(error)" }
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return "golden \(path) is missing; record it with RECORD_GOLDENS=1 ./run.sh test"
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

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Whole-image similarity numbers for comparisons with other renderers (players, SVG renderers),
/// whose anti-aliasing differs from ours on edges: PSNR and mean absolute difference over all four
/// premultiplied channels.
public enum ImageMetrics {
    /// Peak signal-to-noise ratio in dB (`10 log10(255^2 / MSE)`); `.infinity` for identical images.
    public static func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var sum = 0.0
        for i in a.bytes.indices {
            let d = Double(a.bytes[i]) - Double(b.bytes[i])
            sum += d * d
        }
        let mse = sum / Double(max(a.bytes.count, 1))
        return mse == 0 ? .infinity : 10 * log10(255.0 * 255.0 / mse)
    }

    /// Mean absolute difference per channel, in 8-bit steps.
    public static func meanAbsoluteDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var sum = 0
        for i in a.bytes.indices { sum += abs(Int(a.bytes[i]) - Int(b.bytes[i])) }
        return Double(sum) / Double(max(a.bytes.count, 1))
    }
}

extension TextShaper {
    /// The largest 26.6 em size (1/64 px) at which the text's ink box fits in 80 % of a `width` x
    /// `height` canvas, at most `maxE64`.
    ///
    /// Outlines, advances and boxes round to 1/64 px, so the size is stepped from a linear estimate
    /// to the exact one.
    public func fittingE64(width: Int, height: Int, maxE64: Int = 4096 * 64) throws -> Int {
        func fits(_ s: ShapedText) -> Bool {
            (s.inkMax26.x - s.inkMin26.x) * 5 <= 4 * 64 * width && (s.inkMax26.y - s.inkMin26.y) * 5 <= 4 * 64 * height
        }
        if style.wrapWidth != nil {
            // Wrapped lines do not scale with the size: the largest size that fits, by bisection.
            var lo = 1, hi = maxE64
            if !fits(try shape(e64: lo, outlines: false)) { return 1 }
            while lo < hi {
                let mid = lo + (hi - lo + 1) / 2
                if fits(try shape(e64: mid, outlines: false)) { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        let ref = try shape(e64: min(face.unitsPerEm * 64, 16384 * 64), outlines: false)
        let scale = min(0.8 * Double(width) * 64 / Double(ref.inkMax26.x - ref.inkMin26.x),
                        0.8 * Double(height) * 64 / Double(ref.inkMax26.y - ref.inkMin26.y))
        let limit = maxE64
        let estimate = Double(ref.e64) * scale
        var e64 = estimate.isFinite ? min(max(1, Int(min(estimate, Double(limit)).rounded(.down))), limit) : 1
        while e64 > 1, !fits(try shape(e64: e64, outlines: false)) { e64 -= 1 }
        while e64 < limit, fits(try shape(e64: e64 + 1, outlines: false)) { e64 += 1 }
        return e64
    }

    /// The largest 26.6 em size at which the text's ink box fits in a `boxWidth` x `boxHeight` box (px),
    /// at most `maxE64`; 1 when none does.
    public func fittingE64(boxWidth: Double, boxHeight: Double, maxE64: Int = 4096 * 64) throws -> Int {
        func fits(_ s: ShapedText) -> Bool {
            Double(s.inkMax26.x - s.inkMin26.x) <= 64 * boxWidth && Double(s.inkMax26.y - s.inkMin26.y) <= 64 * boxHeight
        }
        // Wrapped lines do not scale with the size: bisection (the ink box grows with the size).
        var lo = 1, hi = maxE64
        if !fits(try shape(e64: lo, outlines: false)) { return 1 }
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            if fits(try shape(e64: mid, outlines: false)) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

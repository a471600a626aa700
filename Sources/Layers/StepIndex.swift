/// Per band of rows, the top-level steps (a group or a sum counts as one, at its first step) whose
/// bounds reach the band, in drawing order: a row's drawing looks only at those, not at every step
/// of the frame (a frame of many small particles has many steps, each reaching a few rows). Step 0
/// (the background, or whatever comes first) is in every band. Storage is kept from frame to frame:
/// nothing is allocated once it has grown.
final class StepIndex: @unchecked Sendable {
    /// Rows per band.
    static let bandRows = 8
    private var bandCount = 0
    /// `starts[b] ..< starts[b + 1]` is band b's slice of `steps`.
    private var starts = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var startsCapacity = 1
    private var steps = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var stepsCapacity = 1

    init() { starts[0] = 0 }

    deinit { starts.deallocate(); steps.deallocate() }

    /// Indexes `ops` over a canvas `height` rows high.
    func build(_ ops: UnsafeBufferPointer<RenderOp>, height: Int) {
        let bands = max(1, (height + Self.bandRows - 1) / Self.bandRows)
        if bands + 1 > startsCapacity {
            starts.deallocate()
            starts = .allocate(capacity: bands + 1)
            startsCapacity = bands + 1
        }
        bandCount = bands
        starts.initialize(repeating: 0, count: bands + 1)
        @inline(__always) func bandRange(_ i: Int) -> Range<Int>? {
            if i == 0 { return 0 ..< bands }
            let b = ops[i].bounds
            guard b.y0 < b.y1 else { return nil }
            let lo = max(b.y0, 0) / Self.bandRows, hi = min((b.y1 - 1) / Self.bandRows + 1, bands)
            return lo < hi ? lo ..< hi : nil
        }
        @inline(__always) func next(_ i: Int) -> Int {
            switch ops[i].kind {
            case .groupBegin: return ops[i].end + 1
            case .sumBegin: return ops[i].end
            default: return i + 1
            }
        }
        // Counts per band (shifted by one), then their running sums, then the steps in order.
        var total = 0
        var i = 0
        while i < ops.count {
            if let r = bandRange(i) { for b in r { starts[b + 1] += 1 }; total += r.count }
            i = next(i)
        }
        for b in 0 ..< bands { starts[b + 1] += starts[b] }
        if total > stepsCapacity {
            steps.deallocate()
            stepsCapacity = max(total, 2 * stepsCapacity)
            steps = .allocate(capacity: stepsCapacity)
        }
        i = 0
        while i < ops.count {
            if let r = bandRange(i) {
                for b in r { steps[Int(starts[b])] = Int32(i); starts[b] += 1 }
            }
            i = next(i)
        }
        // Each band's start was moved to its end: shift back.
        for b in stride(from: bands, to: 0, by: -1) { starts[b] = starts[b - 1] }
        starts[0] = 0
    }

    /// The top-level steps that can reach row `y`, in drawing order.
    @inline(__always)
    func steps(ofRow y: Int) -> UnsafeBufferPointer<Int32> {
        let b = y / Self.bandRows
        guard y >= 0, b < bandCount else { return UnsafeBufferPointer(start: steps, count: 0) }
        let lo = Int(starts[b]), hi = Int(starts[b + 1])
        return UnsafeBufferPointer(start: steps + lo, count: hi - lo)
    }
}

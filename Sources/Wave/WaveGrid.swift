import CRowKernels
import Raster

/// Many wave indicators of one size drawn into one frame: cells of `columns` renderers to a grid
/// row, left to right, then top to bottom (a list of downloads, a dashboard of gauges).
///
/// The pixels are each renderer's own (`WaveRenderer.render(into:stride:)` at the cell's place);
/// what the grid adds is the order the memory is written in. A cell's rows above and below its
/// container are the background, and in a grid row of one background colour those rows are shared:
/// each is one fill across the grid row, one run of contiguous memory, instead of one short fill
/// per cell, each in another page. The rows between are drawn cell by cell.
///
/// The grid owns no pixels: `render` writes the cells' rectangles of a caller's frame and nothing
/// else (in a last grid row with fewer cells than `columns`, the rest of the row is left as it was).
public final class WaveGrid: @unchecked Sendable {
    /// The cells' renderers, row-major.
    public let renderers: [WaveRenderer]
    /// Cells per grid row, 1 or more.
    public let columns: Int
    /// Every cell's size in pixels.
    public let cellWidth: Int, cellHeight: Int

    /// A grid of `renderers` (all of one size), `columns` to a grid row; throws
    /// `WaveGrid.LayoutError` for no renderers, `columns` below 1 or cells of different sizes.
    public init(renderers: [WaveRenderer], columns: Int) throws {
        guard let first = renderers.first else { throw LayoutError.noCells }
        guard columns >= 1 else { throw LayoutError.columns(columns) }
        for (k, r) in renderers.enumerated() where r.width != first.width || r.height != first.height {
            throw LayoutError.cellSize(index: k, width: r.width, height: r.height, expectedWidth: first.width,
                                       expectedHeight: first.height)
        }
        self.renderers = renderers
        self.columns = columns
        cellWidth = first.width
        cellHeight = first.height
    }

    /// Grid rows: the cells over `columns`, rounded up.
    public var rows: Int { (renderers.count + columns - 1) / columns }
    /// The frame the grid fills: `columns` cells wide (fewer when there are fewer cells), `rows` high.
    public var width: Int { min(columns, renderers.count) * cellWidth }
    public var height: Int { rows * cellHeight }

    /// Why a grid cannot be made.
    public enum LayoutError: Error, CustomStringConvertible, Equatable {
        case noCells
        case columns(Int)
        case cellSize(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

        public var description: String {
            switch self {
            case .noCells: return "a wave grid needs at least one renderer"
            case .columns(let c): return "a wave grid needs 1 or more columns, not \(c)"
            case let .cellSize(k, w, h, ew, eh):
                return "wave grid cell \(k) is \(w)x\(h); every cell must be the size of the first, \(ew)x\(eh)"
            }
        }
    }

    /// Renders every cell's current tick (each scene updated by the caller) into the frame at
    /// `base`, rows `stride` pixels apart: cell k at column `k % columns`, grid row `k / columns`.
    public func render(into base: UnsafeMutablePointer<UInt32>, stride: Int) {
        precondition(stride >= width, "a wave grid's stride is at least its width")
        let w = cellWidth, h = cellHeight
        var first = 0
        while first < renderers.count {
            let end = min(first + columns, renderers.count)
            let top = base + (first / columns) * h * stride
            // The rows every cell of this grid row leaves to its background, when they share one:
            // rows above the highest container and rows below the lowest.
            var sharedTop = h, sharedBottom = 0
            let bg = renderers[first].frame.pointee.bgPixel
            var oneBackground = true
            for k in first ..< end {
                let r = renderers[k]
                r.prepareColumns()
                let f = r.frame.pointee
                let empty = f.x1 == f.x0
                sharedTop = min(sharedTop, empty ? h : f.y0)
                sharedBottom = max(sharedBottom, empty ? 0 : f.y1)
                if f.bgPixel != bg { oneBackground = false }
            }
            if oneBackground {
                let across = (end - first) * w
                let above = 0 ..< min(sharedTop, h), below = max(sharedBottom, sharedTop) ..< h
                if across == stride {
                    // The grid row spans the frame's rows: each run of rows is one fill.
                    wf_fill32(top, bg, above.count * stride)
                    wf_fill32(top + below.lowerBound * stride, bg, below.count * stride)
                } else {
                    for j in above { wf_fill32(top + j * stride, bg, across) }
                    for j in below { wf_fill32(top + j * stride, bg, across) }
                }
            } else {
                sharedTop = 0; sharedBottom = h
            }
            if sharedTop < sharedBottom {
                for k in first ..< end {
                    renderers[k].renderPreparedRows(sharedTop ..< sharedBottom, top + (k - first) * w, stride: stride)
                }
            }
            first = end
        }
    }

    /// Renders every cell into `out`, made `width x height` when it is another size.
    public func render(into out: inout Pixmap) {
        if out.width != width || out.height != height { out = Pixmap(width: width, height: height) }
        out.bytes.withUnsafeMutableBytes { raw in
            guard let p = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            render(into: p, stride: width)
        }
    }
}

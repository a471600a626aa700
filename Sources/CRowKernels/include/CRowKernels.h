// CRowKernels: the project's own C kernels for the inner loops Swift does not vectorize (a checked
// or lane-by-lane conversion per channel, a branch per pixel): rounding a row of premultiplied
// Float32 RGBA to 8 bits, and source-over of one colour through a row of coverage. No library is
// linked.
#ifndef CROWKERNELS_H
#define CROWKERNELS_H
#include <stdint.h>
#include <string.h>

/// Writes round(255 * src[i]) (halves away from zero), clamped to 0...255, for the `count` floats
/// of `src` into `dst`. NaN becomes 0. A value within one float step below a half rounds up.
void wf_round_row(const float *src, uint8_t *dst, long count);

/// Source-over of the premultiplied colour `s` (4 floats, alpha last) with coverage `cov[i]` onto
/// the premultiplied pixels `dst[4i ... 4i+3]`, for `count` pixels: `s * c + d * (1 - s.a * c)` per
/// channel, in that order of Float32 operations (no fused multiply-add). Four pixels with no
/// coverage are skipped, four fully covered by an opaque colour are stored.
void wf_paint_solid(const float *cov, float *dst, long count, const float *s);

/// A group holding one solid fill and an opacity, composited onto `dst` without the group's buffer:
/// per pixel with coverage `c`, `t = (s * c) * opacity`, then `t + d * (1 - t.a)` per channel, in
/// that order of Float32 operations (no fused multiply-add). Pixels whose coverage, or whose
/// `s.a * c`, is 0 are left as they are; four pixels with no coverage are passed over at once.
void wf_sole_fill(const float *cov, float *dst, long count, const float *s, float opacity);

/// The columns of `x0 ..< x1` where two coverage rows differ, as spans `[out[2k], out[2k+1])`,
/// left to right. Row `a` holds `a[x]` for `a0 <= x < a1` and 0 elsewhere (so does `b`); the
/// pointers are indexed by column. Spans less than `gap` columns apart are joined; past
/// `maxSpans` the last span is stretched to the last difference. Values compare as floats
/// (-0 equals 0; NaN differs from everything). Returns the number of spans written.
long wf_diff_spans(const float *a, long a0, long a1, const float *b, long b0, long b1,
                   long x0, long x1, long gap, int32_t *out, long maxSpans);

/// One colour `s` (premultiplied, 4 floats) with coverage `cov[i]` over the opaque premultiplied
/// colour `bg`, rounded to 8 bits into `dst[i]`, for `count` pixels: exactly what filling a row
/// with `bg`, `wf_paint_solid` and `wf_round_row` make, without the Float32 row in between.
/// `bgPixel` and `fgPixel` are `bg` and `s` rounded (what no coverage and full opaque coverage give).
void wf_over_opaque_row(const float *cov, uint32_t *dst, long count, const float *s, const float *bg,
                        uint32_t bgPixel, uint32_t fgPixel);

/// `wf_over_opaque_row` with at most `most` pixels in lanes at a time (16 with AVX-512, 8 with
/// AVX2; below 8, four pixels per test and one at a time through SSE2): all give the same bits.
void wf_over_opaque_row_lanes(int most, const float *cov, uint32_t *dst, long count, const float *s, const float *bg,
                              uint32_t bgPixel, uint32_t fgPixel);

/// The most colours `wf_over_opaque_multi` takes.
#define WF_MULTI_MAX 32

/// Up to `WF_MULTI_MAX` colours `s[4j ... 4j+3]` (premultiplied), in order, each with coverage
/// `cov[j][i]` and opacity `op[j]` (all 1 when `op` is NULL), over the opaque premultiplied colour
/// `bg`, rounded to 8 bits into `dst[i]`, for `count` pixels: exactly what filling a row with `bg`,
/// `wf_paint_solid` of each colour of opacity 1 and `wf_sole_fill` of each other one (a group of
/// one fill), in order, and `wf_round_row` make, without the Float32 row in between. `bgPixel` is
/// `bg` rounded (what no coverage gives).
void wf_over_opaque_multi(int k, const float *const *cov, const float *s, const float *op, uint32_t *dst, long count,
                          const float *bg, uint32_t bgPixel);

/// `wf_over_opaque_multi` with at most `most` pixels in lanes at a time (16 with AVX-512, 8 with
/// AVX2, else one at a time): all give the same bits.
void wf_over_opaque_multi_lanes(int most, int k, const float *const *cov, const float *s, const float *op, uint32_t *dst,
                                long count, const float *bg, uint32_t bgPixel);

/// An edge as `Rasterizer.Edge` lays it out: from (x0, y0) down to (x1, y1), `y0 < y1`; `dir` +1
/// when drawn downwards, -1 upwards; `chain` unused here.
typedef struct { double x0, y0, x1, y1; long dir; long chain; } wf_edge;
/// An inclusive range of cells, as `Rasterizer.CellRange`.
typedef struct { long lo, hi; } wf_cell_range;

/// Rows `row0 ..< row1` of one simple closed contour's coverage (its `n` edges sorted by the row
/// their tops lie in, none reaching x <= 0), written into `base + j * width` for row j: per row,
/// each piece of an edge accumulated with `dir * sign` into the cells `a` (`width + 2` of them,
/// zero, left zero), then the running sum through the touched cells and constants between, each
/// snapped within 1e-9 of 0 or 1. Exactly what `Rasterizer.Workspace.renderSimpleRows` defines,
/// in the same order of double operations. `act` has room for `n` indices and `sp` for `n` ranges
/// (at least 1).
void wf_simple_rows(const wf_edge *es, long n, long width, long row0, long row1, double sign, double *a, long *act,
                    wf_cell_range *sp, float *base);

/// The most pixels `wf_over_opaque_row` takes in lanes on this processor (16, 8, or 0 for none).
int wf_over_opaque_widest(void);

/// Stores the 32-bit `value` into `dst[0 ..< count]` (a row of one colour). Uses the processor's
/// string store where there is one (as memset does), else a loop. Inline: rows are filled one at
/// a time, often hundreds per frame.
static inline void wf_fill32(uint32_t *dst, uint32_t value, long count) {
    if (count <= 0) return;
    if ((value & 0xffu) * 0x01010101u == value) {
        /* Four equal bytes: memset is the fastest fill the C library has. */
        memset(dst, (int)(value & 0xffu), (size_t)count * 4);
        return;
    }
#if defined(__x86_64__)
    /* `rep stosl`: a string store, which processors with fast strings run at memset's speed. */
    unsigned long n = (unsigned long)count;
    __asm__ volatile("rep stosl" : "+D"(dst), "+c"(n) : "a"(value) : "memory");
#else
    for (long i = 0; i < count; i++) dst[i] = value;
#endif
}

/// The classic pair's samples for a phase with cosine `cp` and sine `sp`: per x < `count`,
/// `front[x] = a * (sinKX[x] * cp + cosKX[x] * sp) + off` and
/// `back[x] = a * (cosKX[x] * cp - sinKX[x] * sp) + off`, in that order of Float64 operations
/// (no fused multiply-add), so the values are those of the same expressions in Swift.
void wf_wave_samples(const double *sinKX, const double *cosKX, long count, double cp, double sp, double a, double off,
                     double *front, double *back);

/// A wave renderer's per-frame tables for the `count` columns whose edges are samples `front[c]`,
/// `front[c + 1]` (and `back[c]`, `back[c + 1]`), each less `oy`:
/// - the samples as floats, `fa[c]` and `ba[c]` for c in 0 ... count (so a column's right edge is
///   the next column's left);
/// - per column and wave the floor of the smaller sample and the ceiling of the larger (`sTop`,
///   `sBot` for the front, `cTop`, `cBot` for the back), each clamped to +-1e8 first (NaN taken as
///   1e8);
/// - per block of `WF_WAVE_BLOCK` columns (the last may be narrower) and wave the least top and the
///   greatest bottom, into `bandS[2k]`, `bandS[2k + 1]` (front) and `bandC` (back);
/// - over all blocks, the least and greatest of those: `spans` = front's, then back's (all 0 when
///   `count` is 0).
void wf_wave_columns(const double *front, const double *back, long count, double oy, float *fa, float *ba,
                     int32_t *sTop, int32_t *sBot, int32_t *cTop, int32_t *cBot, int32_t *bandS, int32_t *bandC,
                     int32_t *spans);

/// A wave renderer's tables: per region column (`sTop` ... `ba`), per region pixel (`kinds`, `m`,
/// rows `regionW` apart), and its colours.
typedef struct {
    /// Column c's front wave covers region row r not at all when `r < sTop[c]`, wholly when
    /// `r >= sBot[c]`, in part between; the back wave likewise with `cTop` and `cBot`.
    const int32_t *sTop, *sBot, *cTop, *cBot;
    /// The waves' heights (region rows) at column c's left edge, `fa[c]` and `ba[c]`; its right
    /// edge is the next column's left, `fa[c + 1]` and `ba[c + 1]` (as `wf_wave_columns` makes them).
    const float *fa, *ba;
    /// Per pixel: 0 where the container does not cover it, 1 where it covers it wholly, 2 between;
    /// and its coverage `m`.
    const uint8_t *kinds;
    const float *m;
    long regionW;
    /// Per region row and block (rows `(regionW + WF_WAVE_BLOCK - 1) / WF_WAVE_BLOCK` apart): 1
    /// where the container covers none of the block's pixels in that row, so that every image and
    /// every state of the waves show the background there; else 0.
    const uint8_t *blockOut;
    /// The background pixel, then the four states' pixels where the container is whole (index
    /// 1 + 2 * front + back).
    uint32_t pixels[5];
    /// Premultiplied colours, alpha last: background, container, back wave, front wave.
    float bg[4], container[4], back[4], front[4];
} wf_wave_tables;

/// Columns per block of a band row (16 RGBA8 pixels: one 64-byte cache line of output).
#define WF_WAVE_BLOCK 16
/// The band kernel reads up to this many values past a row's last column: the per-column tables
/// and the per-pixel `kinds`, `m` and images carry that many more (any values; those lanes are not stored).
#define WF_WAVE_SLACK 16

/// Blocks `b0 ..< b1` of region row `r` into `row` (the region row's first pixel), where `bandS`
/// and `bandC` hold each block's rows with a fractional front and back wave (`[2k]` the first,
/// `[2k + 1]` past the last; `wf_wave_columns`). A block whose pixels all show one of the four
/// whole-coverage images there (`images`, region-sized, `imageSize` pixels apart, indexed by
/// 2 * front + back) is copied from it, runs of such blocks one copy each; so is a block the
/// container does not cover in that row (`blockOut`), as part of the run beside it. The others get SCENE.md's
/// pixel (background, container with `m`, back wave with `m * C`, front wave with `m * S`,
/// source-over in Float32, rounded once), with the waves' coverages `S` and `C` the exact area
/// under their segment in the pixel: under whole waves picked (from `pixels` over a whole or no
/// container, from the image of that state at the container's edge), elsewhere shaded in SIMD lanes (sixteen where the processor has AVX-512, eight where
/// it has AVX2, else four), in the same order of Float32 operations as the Swift `shade` and
/// `columnCoverage` (no fused multiply-add), so every pixel is bit-identical to them.
void wf_wave_band_row(const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0, long b1, int32_t r,
                      const uint32_t *images, long imageSize, uint32_t *row);

/// The ways `wf_wave_band_row` can shade: one pixel at a time, four lanes (SSE2 on x86-64, the
/// baseline's vectors elsewhere), eight (AVX2) or sixteen (AVX-512: one block per vector).
/// It takes the widest the processor has; all give the same pixels.
#define WF_WAVE_PATH_SCALAR 1
#define WF_WAVE_PATH_LANES4 2
#define WF_WAVE_PATH_LANES8 4
#define WF_WAVE_PATH_LANES16 8

/// The paths this build and processor can run, as a set of `WF_WAVE_PATH_*` bits.
int wf_wave_paths(void);

/// `wf_wave_band_row` through one path (one of `wf_wave_paths()`; another takes the widest below
/// it that is there).
void wf_wave_band_row_using(int path, const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0,
                            long b1, int32_t r, const uint32_t *images, long imageSize, uint32_t *row);

/// The image (0 ... 3, 2 * front + back) all of region row `r` shows when it is clear of every
/// block's band of both waves (`spans` as `wf_wave_columns` makes them), else -1.
static inline int wf_wave_clear_state(const int32_t *spans, long r) {
    if (!(r < spans[0] || r >= spans[1]) || !(r < spans[2] || r >= spans[3])) return -1;
    return (r < spans[0] ? 0 : 2) + (r < spans[2] ? 0 : 1);
}

/// What `wf_wave_frame_rows` draws a wave renderer's frame from. The pointers stay valid for the
/// renderer's life; what they point to is the current frame's (`wf_wave_columns`).
typedef struct {
    const wf_wave_tables *tables;
    /// Per block, as `wf_wave_band_row` takes them; and the rows all blocks' bands lie in (front
    /// first, back after: least, then past the greatest), as `wf_wave_columns` makes them.
    const int32_t *bandS, *bandC, *spans;
    long blockCount;
    /// The canvas, and the region (the container's pixel box: columns x0 ..< x1, rows y0 ..< y1).
    long width, height, x0, x1, y0, y1;
    uint32_t bgPixel;
    /// The four whole-coverage region images, `imageSize` pixels apart; and the same as whole
    /// canvas rows, margins included, `wideSize` apart (NULL when there are none).
    const uint32_t *images, *wide;
    long imageSize, wideSize;
    /// `WF_WAVE_PATH_*` for `wf_wave_band_row_using`, or 0 for the widest.
    int path;
} wf_wave_frame;

/// Rows `j0 ..< j1` of a full frame into `out` (the frame's first pixel, rows `stride` pixels
/// apart): the background outside the region; a region row clear of both waves' bands as one copy
/// of its image row (of the whole canvas row when there are whole rows), else the background in the
/// margins and `wf_wave_band_row` over every block.
void wf_wave_frame_rows(const wf_wave_frame *f, long j0, long j1, uint32_t *out, long stride);


/// `w[i]` becomes `opacity` times `w[i]` clamped to 0 ... 1 (a mask's alpha), or 0 where `rect[i]`
/// (a coverage) is 0 or, with `guard4` (premultiplied RGBA rows), where its alpha is 0.
void wf_mask_weights(const float *rect, const float *guard4, float *w, long count, float opacity);

/// Per pixel where `w[i]` is not 0: the colour `colors[i]` (premultiplied RGBA) times the coverage
/// `rect[i]` over clear, then times `w[i]`, source-over onto `dst[i]`: what painting a rectangle into
/// a cleared group buffer and compositing it with that weight make, without the buffer.
void wf_masked_over(const float *w, const float *rect, const float *colors, float *dst, long count);

#endif

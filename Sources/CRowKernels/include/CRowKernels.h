// CRowKernels: the project's own C kernels for the inner loops Swift does not vectorize (a checked
// or lane-by-lane conversion per channel, a branch per pixel): rounding a row of premultiplied
// Float32 RGBA to 8 bits, and source-over of one colour through a row of coverage. No library is
// linked.
#ifndef CROWKERNELS_H
#define CROWKERNELS_H
#include <stdint.h>

/// Writes round(255 * src[i]) (halves away from zero), clamped to 0...255, for the `count` floats
/// of `src` into `dst`. NaN becomes 0. A value within one float step below a half rounds up.
void wf_round_row(const float *src, uint8_t *dst, long count);

/// Source-over of the premultiplied colour `s` (4 floats, alpha last) with coverage `cov[i]` onto
/// the premultiplied pixels `dst[4i ... 4i+3]`, for `count` pixels: `s * c + d * (1 - s.a * c)` per
/// channel, in that order of Float32 operations (no fused multiply-add). Four pixels with no
/// coverage are skipped, four fully covered by an opaque colour are stored.
void wf_paint_solid(const float *cov, float *dst, long count, const float *s);

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

/// Stores the 32-bit `value` into `dst[0 ..< count]` (a row of one colour). Uses the processor's
/// string store where there is one (as memset does), else a loop.
void wf_fill32(uint32_t *dst, uint32_t value, long count);

#endif

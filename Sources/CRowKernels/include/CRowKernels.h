// CRowKernels: the project's own C kernel for the one inner loop Swift does not vectorize (a
// checked or lane-by-lane conversion per channel): rounding a row of premultiplied Float32 RGBA to
// 8 bits. No library is linked.
#ifndef CROWKERNELS_H
#define CROWKERNELS_H
#include <stdint.h>

/// Writes round(255 * src[i]) (halves away from zero), clamped to 0...255, for the `count` floats
/// of `src` into `dst`. NaN becomes 0. A value within one float step below a half rounds up.
void wf_round_row(const float *src, uint8_t *dst, long count);

#endif

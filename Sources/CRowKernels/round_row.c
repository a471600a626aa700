#include "CRowKernels.h"

void wf_round_row(const float *src, uint8_t *dst, long count) {
    // A plain loop that compilers vectorize: truncating conversions of clamped values.
    for (long i = 0; i < count; i++) {
        float c = src[i] * 255.0f + 0.5f;
        c = c > 0.0f ? c : 0.0f;        /* NaN compares false: 0 */
        c = c < 255.0f ? c : 255.0f;
        dst[i] = (uint8_t)(int32_t)c;
    }
}

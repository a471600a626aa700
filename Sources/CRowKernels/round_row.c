#include "CRowKernels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void wf_round_row(const float *src, uint8_t *dst, long count) {
    long i = 0;
#if defined(__SSE2__)
    // Four pixels (16 channels) per step: scale, add a half, clamp (max returns 0 for NaN),
    // truncate, and pack 32 -> 16 -> 8 bits into one 16-byte store.
    const __m128 scale = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
    const __m128 lo = _mm_setzero_ps(), hi = _mm_set1_ps(255.0f);
    for (; i + 16 <= count; i += 16) {
        __m128 a = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(src + i), scale), half);
        __m128 b = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(src + i + 4), scale), half);
        __m128 c = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(src + i + 8), scale), half);
        __m128 d = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(src + i + 12), scale), half);
        a = _mm_min_ps(_mm_max_ps(a, lo), hi);
        b = _mm_min_ps(_mm_max_ps(b, lo), hi);
        c = _mm_min_ps(_mm_max_ps(c, lo), hi);
        d = _mm_min_ps(_mm_max_ps(d, lo), hi);
        __m128i ab = _mm_packs_epi32(_mm_cvttps_epi32(a), _mm_cvttps_epi32(b));
        __m128i cd = _mm_packs_epi32(_mm_cvttps_epi32(c), _mm_cvttps_epi32(d));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(ab, cd));
    }
#endif
    // The rest (and every value where SSE2 is not there): the same arithmetic, one at a time.
    for (; i < count; i++) {
        float c = src[i] * 255.0f + 0.5f;
        c = c > 0.0f ? c : 0.0f;        /* NaN compares false: 0 */
        c = c < 255.0f ? c : 255.0f;
        dst[i] = (uint8_t)(int32_t)c;
    }
}

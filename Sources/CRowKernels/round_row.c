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

void wf_paint_solid(const float *cov, float *dst, long count, const float *s) {
    const float a = s[3];
    long i = 0;
#if defined(__SSE2__)
    const __m128 sv = _mm_loadu_ps(s), one = _mm_set1_ps(1.0f), av = _mm_set1_ps(a);
    const __m128 zero = _mm_setzero_ps();
    for (; i + 4 <= count; i += 4) {
        __m128 c4 = _mm_loadu_ps(cov + i);
        int none = _mm_movemask_ps(_mm_cmpneq_ps(c4, zero));
        if (none == 0) continue;
        if (a == 1.0f && _mm_movemask_ps(_mm_cmpeq_ps(c4, one)) == 15) {
            _mm_storeu_ps(dst + 4 * i, sv); _mm_storeu_ps(dst + 4 * i + 4, sv);
            _mm_storeu_ps(dst + 4 * i + 8, sv); _mm_storeu_ps(dst + 4 * i + 12, sv);
            continue;
        }
        for (long j = i; j < i + 4; j++) {
            float c = cov[j];
            if (c == 0.0f) continue;
            __m128 cv = _mm_set1_ps(c);
            __m128 k = _mm_sub_ps(one, _mm_mul_ps(av, cv));
            __m128 d = _mm_loadu_ps(dst + 4 * j);
            _mm_storeu_ps(dst + 4 * j, _mm_add_ps(_mm_mul_ps(sv, cv), _mm_mul_ps(d, k)));
        }
    }
#endif
    for (; i < count; i++) {
        float c = cov[i];
        if (c == 0.0f) continue;
        float k = 1.0f - a * c;
        for (int ch = 0; ch < 4; ch++) {
            float m = s[ch] * c;
            float n = dst[4 * i + ch] * k;
            dst[4 * i + ch] = m + n;
        }
    }
}

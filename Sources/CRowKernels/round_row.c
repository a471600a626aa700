/* Kernels here round as the Swift renderers do: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#include "CRowKernels.h"
#include "cpu_lanes.h"
#include <string.h>
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

void wf_sole_fill(const float *cov, float *dst, long count, const float *s, float opacity) {
    long i = 0;
#if defined(__SSE2__)
    const __m128 sv = _mm_loadu_ps(s), ov = _mm_set1_ps(opacity), one = _mm_set1_ps(1.0f), zero = _mm_setzero_ps();
    for (; i + 4 <= count; i += 4) {
        if (_mm_movemask_ps(_mm_cmpneq_ps(_mm_loadu_ps(cov + i), zero)) == 0) continue;
        for (long j = i; j < i + 4; j++) {
            float c = cov[j];
            if (c == 0.0f || s[3] * c == 0.0f) continue;
            __m128 t = _mm_mul_ps(_mm_mul_ps(sv, _mm_set1_ps(c)), ov);
            __m128 k = _mm_sub_ps(one, _mm_shuffle_ps(t, t, _MM_SHUFFLE(3, 3, 3, 3)));
            __m128 d = _mm_loadu_ps(dst + 4 * j);
            _mm_storeu_ps(dst + 4 * j, _mm_add_ps(t, _mm_mul_ps(d, k)));
        }
    }
#endif
    for (; i < count; i++) {
        float c = cov[i];
        if (c == 0.0f || s[3] * c == 0.0f) continue;
        float t[4];
        for (int ch = 0; ch < 4; ch++) t[ch] = (s[ch] * c) * opacity;
        float k = 1.0f - t[3];
        for (int ch = 0; ch < 4; ch++) dst[4 * i + ch] = t[ch] + dst[4 * i + ch] * k;
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

/// The spans being collected by wf_diff_spans.
typedef struct {
    int32_t *out;
    long count, max, gap;
    long start, end;            /* the open span; start < 0 when none */
} span_list;

static inline void span_mark(span_list *s, long lo, long hi) {
    if (s->start >= 0 && lo - s->end < s->gap) { s->end = hi; return; }
    if (s->start >= 0) {
        if (s->count < s->max) {
            s->out[2 * s->count] = (int32_t)s->start; s->out[2 * s->count + 1] = (int32_t)s->end; s->count++;
        } else {
            /* No room: the last written span reaches this one instead. */
            s->out[2 * s->count - 1] = (int32_t)s->end;
        }
    }
    s->start = lo; s->end = hi;
}

/// Marks where `v[x] != 0` (one row present, the other zero) over `lo ..< hi`.
static void diff_one(span_list *s, const float *v, long lo, long hi) {
    long x = lo;
#if defined(__SSE2__)
    const __m128 zero = _mm_setzero_ps();
    for (; x + 4 <= hi; x += 4) {
        if (_mm_movemask_ps(_mm_cmpneq_ps(_mm_loadu_ps(v + x), zero)) == 0) continue;
        for (long j = x; j < x + 4; j++) if (v[j] != 0.0f) span_mark(s, j, j + 1);
    }
#endif
    for (; x < hi; x++) if (v[x] != 0.0f) span_mark(s, x, x + 1);
}

/// Marks where `a[x] != b[x]` over `lo ..< hi`.
static void diff_two(span_list *s, const float *a, const float *b, long lo, long hi) {
    long x = lo;
#if defined(__SSE2__)
    for (; x + 4 <= hi; x += 4) {
        if (_mm_movemask_ps(_mm_cmpneq_ps(_mm_loadu_ps(a + x), _mm_loadu_ps(b + x))) == 0) continue;
        for (long j = x; j < x + 4; j++) if (a[j] != b[j]) span_mark(s, j, j + 1);
    }
#endif
    for (; x < hi; x++) if (a[x] != b[x]) span_mark(s, x, x + 1);
}

long wf_diff_spans(const float *a, long a0, long a1, const float *b, long b0, long b1,
                   long x0, long x1, long gap, int32_t *out, long maxSpans) {
    span_list s = { out, 0, maxSpans < 1 ? 1 : maxSpans, gap < 1 ? 1 : gap, -1, -1 };
    if (a1 < a0) a1 = a0;
    if (b1 < b0) b1 = b0;
    /* Cut x0 ..< x1 where either row starts or ends; each piece has one or both rows or neither. */
    long cuts[6] = { x0, a0, a1, b0, b1, x1 };
    for (int i = 1; i < 5; i++) {          /* clamp, then sort the four inner cuts */
        if (cuts[i] < x0) cuts[i] = x0;
        if (cuts[i] > x1) cuts[i] = x1;
    }
    for (int i = 1; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (cuts[j] < cuts[i]) { long t = cuts[i]; cuts[i] = cuts[j]; cuts[j] = t; }
    for (int i = 0; i < 5; i++) {
        long lo = cuts[i], hi = cuts[i + 1];
        if (lo >= hi) continue;
        int inA = lo >= a0 && lo < a1, inB = lo >= b0 && lo < b1;
        if (inA && inB) diff_two(&s, a, b, lo, hi);
        else if (inA) diff_one(&s, a, lo, hi);
        else if (inB) diff_one(&s, b, lo, hi);
    }
    if (s.start >= 0) span_mark(&s, s.end + s.gap, s.end + s.gap);   /* closes the open span */
    return s.count;
}

/// Rounds one premultiplied pixel (4 floats) as wf_round_row does, to 4 bytes in memory order.
static inline uint32_t round_pixel(const float *v) {
    uint8_t b[4];
    wf_round_row(v, b, 4);
    uint32_t out;
    memcpy(&out, b, 4);
    return out;
}

#if defined(__x86_64__) && defined(__clang__)
/* Pixels in lanes, LANES at a time (one channel of LANES pixels per vector): where no pixel is
   covered the background, where every one is wholly covered by an opaque colour the colour, else
   per channel s * c + bg * (1 - a * c), rounded as wf_round_row rounds (scaled, a half added,
   clamped, truncated): the same operations as the one-pixel path below, so the same bits. */
#define OVER_LANES(LANES, NAME, TARGET)                                                                          \
    TARGET static long NAME(const float *cov, uint32_t *dst, long count, const float *s, const float *bg,       \
                            uint32_t bgPixel, uint32_t fgPixel) {                                               \
        typedef float vf __attribute__((vector_size(4 * LANES)));                                                \
        typedef int32_t vi __attribute__((vector_size(4 * LANES)));                                              \
        const float a = s[3];                                                                                    \
        const vf zero = (vf){0}, one = zero + 1.0f;                                                              \
        long i = 0;                                                                                              \
        for (; i + LANES <= count; i += LANES) {                                                                 \
            vf c;                                                                                                \
            memcpy(&c, cov + i, sizeof c);                                                                       \
            vi covered = c != zero;                                                                              \
            if (!__builtin_reduce_or(covered)) {                                                                 \
                vi p = (vi){0} + (int32_t)bgPixel;                                                               \
                memcpy(dst + i, &p, sizeof p);                                                                   \
                continue;                                                                                        \
            }                                                                                                    \
            if (a == 1.0f && __builtin_reduce_and(c == one)) {                                                   \
                vi p = (vi){0} + (int32_t)fgPixel;                                                               \
                memcpy(dst + i, &p, sizeof p);                                                                   \
                continue;                                                                                        \
            }                                                                                                    \
            vf k = one - a * c;                                                                                  \
            vi px = (vi){0};                                                                                     \
            for (int ch = 0; ch < 4; ch++) {                                                                     \
                vf m = s[ch] * c, n = bg[ch] * k;                                                                \
                vf v = (m + n) * 255.0f + 0.5f;                                                                  \
                v = (vf)((vi)v & (v > zero));                          /* max(v, 0), NaN to 0 */                 \
                vf top = zero + 255.0f;                                                                          \
                v = (vf)(((vi)v & (v < top)) | ((vi)top & ~(v < top)));   /* min(v, 255) */                     \
                px |= __builtin_convertvector(v, vi) << (8 * ch);                                                \
            }                                                                                                    \
            px = (covered & px) | (~covered & ((vi){0} + (int32_t)bgPixel));                                     \
            memcpy(dst + i, &px, sizeof px);                                                                     \
        }                                                                                                        \
        return i;                                                                                                \
    }
OVER_LANES(8, over_opaque_8, WF_TARGET_AVX2)
OVER_LANES(16, over_opaque_16, WF_TARGET_AVX512)

/* Several colours over the background, LANES pixels at a time: per colour in order and per channel
   v = t + v * (1 - t.a) from v = bg, where t = s * c, times the colour's opacity o when o is not 1
   (a colour with no coverage leaves v as it is, bit for bit), then rounded as wf_round_row rounds.
   Lanes no colour covers are the background pixel. */
#define MULTI_LANES(LANES, NAME, TARGET, FADED)                                                                  \
    TARGET static long NAME(int k, const float *const *cov, const float *s, const float *op, uint32_t *dst,      \
                            long count, const float *bg, uint32_t bgPixel) {                                     \
        typedef float vf __attribute__((vector_size(4 * LANES)));                                                \
        typedef int32_t vi __attribute__((vector_size(4 * LANES)));                                              \
        const vf zero = (vf){0}, one = zero + 1.0f, top = zero + 255.0f;                                         \
        long i = 0;                                                                                              \
        for (; i + LANES <= count; i += LANES) {                                                                 \
            /* Lanes no colour covers are the background pixel: tested first, so that such blocks    \
               (around a shape) are not blended at all. */                                          \
            vi covered = (vi){0};                                                                                \
            for (int j = 0; j < k; j++) {                                                                        \
                vf c;                                                                                            \
                memcpy(&c, cov[j] + i, sizeof c);                                                                \
                covered |= c != zero;                                                                            \
            }                                                                                                    \
            if (!__builtin_reduce_or(covered)) {                                                                 \
                vi p = (vi){0} + (int32_t)bgPixel;                                                               \
                memcpy(dst + i, &p, sizeof p);                                                                   \
                continue;                                                                                        \
            }                                                                                                    \
            vf v[4] = { zero + bg[0], zero + bg[1], zero + bg[2], zero + bg[3] };                                \
            for (int j = 0; j < k; j++) {                                                                        \
                vf c;                                                                                            \
                memcpy(&c, cov[j] + i, sizeof c);                                                                \
                const float o = FADED ? op[j] : 1.0f;                                                            \
                vf ta = s[4 * j + 3] * c;                                                                        \
                if (FADED && o != 1.0f) ta = ta * o;                                                             \
                vf kk = one - ta;                                                                                \
                for (int ch = 0; ch < 4; ch++) {                                                                 \
                    vf m = s[4 * j + ch] * c;                                                                    \
                    if (FADED && o != 1.0f) m = m * o;                                                           \
                    vf n = v[ch] * kk;                                                                           \
                    v[ch] = m + n;                                                                               \
                }                                                                                                \
            }                                                                                                    \
            vi px = (vi){0};                                                                                     \
            for (int ch = 0; ch < 4; ch++) {                                                                     \
                vf q = v[ch] * 255.0f + 0.5f;                                                                    \
                q = (vf)((vi)q & (q > zero));                                                                    \
                q = (vf)(((vi)q & (q < top)) | ((vi)top & ~(q < top)));                                          \
                px |= __builtin_convertvector(q, vi) << (8 * ch);                                                \
            }                                                                                                    \
            memcpy(dst + i, &px, sizeof px);                                                                     \
        }                                                                                                        \
        return i;                                                                                                \
    }
MULTI_LANES(8, multi_opaque_8, WF_TARGET_AVX2, 0)
MULTI_LANES(16, multi_opaque_16, WF_TARGET_AVX512, 0)
MULTI_LANES(8, multi_faded_8, WF_TARGET_AVX2, 1)
MULTI_LANES(16, multi_faded_16, WF_TARGET_AVX512, 1)

/* The widest lanes the processor has (0: none; the SSE2 path below). */
static int over_lanes = 0;

static void __attribute__((constructor)) choose_over_lanes(void) {
    int lanes = wf_cpu_lanes();
    over_lanes = lanes >= 8 ? lanes : 0;
}
#endif

int wf_over_opaque_widest(void) {
#if defined(__x86_64__) && defined(__clang__)
    return over_lanes;
#else
    return 0;
#endif
}

void wf_over_opaque_row(const float *cov, uint32_t *dst, long count, const float *s, const float *bg,
                        uint32_t bgPixel, uint32_t fgPixel) {
    wf_over_opaque_row_lanes(16, cov, dst, count, s, bg, bgPixel, fgPixel);
}

#if defined(__SSE2__)
/* One pixel's four channels in one vector: the same operations as wf_paint_solid over bg, then
   wf_round_row. */
static inline __attribute__((always_inline)) uint32_t over_pixel_sse(float c, __m128 sv, __m128 bv, __m128 av,
                                                                     __m128 one, __m128 zero, __m128 scale,
                                                                     __m128 half, __m128 top) {
    __m128 cv = _mm_set1_ps(c);
    __m128 k = _mm_sub_ps(one, _mm_mul_ps(av, cv));
    __m128 v = _mm_add_ps(_mm_mul_ps(sv, cv), _mm_mul_ps(bv, k));
    v = _mm_add_ps(_mm_mul_ps(v, scale), half);
    v = _mm_min_ps(_mm_max_ps(v, zero), top);
    __m128i q = _mm_cvttps_epi32(v);
    q = _mm_packs_epi32(q, q);
    q = _mm_packus_epi16(q, q);
    return (uint32_t)_mm_cvtsi128_si32(q);
}
#endif

void wf_over_opaque_row_lanes(int most, const float *cov, uint32_t *dst, long count, const float *s, const float *bg,
                              uint32_t bgPixel, uint32_t fgPixel) {
    const float a = s[3];
    long i = 0;
#if defined(__x86_64__) && defined(__clang__)
    int lanes = most < over_lanes ? most : over_lanes;
    if (lanes == 16) i = over_opaque_16(cov, dst, count, s, bg, bgPixel, fgPixel);
    /* Eight more at a time where at least eight are left (processors with AVX-512 have AVX2). */
    if (lanes >= 8) i += over_opaque_8(cov + i, dst + i, count - i, s, bg, bgPixel, fgPixel);
#endif
#if defined(__SSE2__)
    const __m128 sv = _mm_loadu_ps(s), bv = _mm_loadu_ps(bg), one = _mm_set1_ps(1.0f), av = _mm_set1_ps(a);
    const __m128 zero = _mm_setzero_ps(), scale = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f), top = _mm_set1_ps(255.0f);
    const __m128i bg4 = _mm_set1_epi32((int)bgPixel), fg4 = _mm_set1_epi32((int)fgPixel);
    for (; i + 4 <= count; i += 4) {
        __m128 c4 = _mm_loadu_ps(cov + i);
        if (_mm_movemask_ps(_mm_cmpneq_ps(c4, zero)) == 0) { _mm_storeu_si128((__m128i *)(dst + i), bg4); continue; }
        if (a == 1.0f && _mm_movemask_ps(_mm_cmpeq_ps(c4, one)) == 15) { _mm_storeu_si128((__m128i *)(dst + i), fg4); continue; }
        for (long j = i; j < i + 4; j++) {
            float c = cov[j];
            dst[j] = c == 0.0f ? bgPixel : over_pixel_sse(c, sv, bv, av, one, zero, scale, half, top);
        }
    }
    /* The last 0 ... 3 (most of a short span) one at a time in the same way. */
    for (; i < count; i++) {
        float c = cov[i];
        dst[i] = c == 0.0f ? bgPixel : over_pixel_sse(c, sv, bv, av, one, zero, scale, half, top);
    }
#endif
    for (; i < count; i++) {
        float c = cov[i];
        if (c == 0.0f) { dst[i] = bgPixel; continue; }
        float k = 1.0f - a * c, v[4];
        for (int ch = 0; ch < 4; ch++) {
            float m = s[ch] * c;
            float n = bg[ch] * k;
            v[ch] = m + n;
        }
        dst[i] = round_pixel(v);
    }
}

void wf_over_opaque_multi_lanes(int most, int k, const float *const *cov, const float *s, const float *op, uint32_t *dst,
                                long count, const float *bg, uint32_t bgPixel) {
    long i = 0;
#if defined(__x86_64__) && defined(__clang__)
    int lanes = most < over_lanes ? most : over_lanes;
    /* Colours with opacities through their own instances, so that those without pay nothing. */
    if (lanes == 16) i = op ? multi_faded_16(k, cov, s, op, dst, count, bg, bgPixel) : multi_opaque_16(k, cov, s, op, dst, count, bg, bgPixel);
    if (lanes >= 8) {
        const float *moved[WF_MULTI_MAX];
        for (int j = 0; j < k; j++) moved[j] = cov[j] + i;
        i += op ? multi_faded_8(k, moved, s, op, dst + i, count - i, bg, bgPixel)
                : multi_opaque_8(k, moved, s, op, dst + i, count - i, bg, bgPixel);
    }
#endif
    /* The rest one pixel at a time, in the same order of operations. */
    for (; i < count; i++) {
        float v[4] = { bg[0], bg[1], bg[2], bg[3] };
        int covered = 0;
        for (int j = 0; j < k; j++) {
            float c = cov[j][i];
            if (c == 0.0f) continue;
            covered = 1;
            const float o = op ? op[j] : 1.0f;
            float ta = s[4 * j + 3] * c;
            if (o != 1.0f) ta = ta * o;
            float kk = 1.0f - ta;
            for (int ch = 0; ch < 4; ch++) {
                float m = s[4 * j + ch] * c;
                if (o != 1.0f) m = m * o;
                float n = v[ch] * kk;
                v[ch] = m + n;
            }
        }
        dst[i] = covered ? round_pixel(v) : bgPixel;
    }
}

void wf_over_opaque_multi(int k, const float *const *cov, const float *s, const float *op, uint32_t *dst, long count,
                          const float *bg, uint32_t bgPixel) {
    wf_over_opaque_multi_lanes(16, k, cov, s, op, dst, count, bg, bgPixel);
}

void wf_mask_weights(const float *rect, const float *guard4, float *w, long count, float opacity) {
    // Branch-free per pixel (vectorised by the compiler): the opacity times the mask's clamped
    // alpha, 0 where the rectangle or the guard leaves the pixel out.
    if (guard4) {
        for (long i = 0; i < count; i++) {
            float m = w[i];
            m = m > 0.0f ? m : 0.0f;
            m = m < 1.0f ? m : 1.0f;
            float k = opacity * m;
            w[i] = (rect[i] == 0.0f || guard4[4 * i + 3] == 0.0f) ? 0.0f : k;
        }
    } else {
        for (long i = 0; i < count; i++) {
            float m = w[i];
            m = m > 0.0f ? m : 0.0f;
            m = m < 1.0f ? m : 1.0f;
            float k = opacity * m;
            w[i] = rect[i] == 0.0f ? 0.0f : k;
        }
    }
}

void wf_masked_over(const float *w, const float *rect, const float *colors, float *dst, long count) {
    for (long i = 0; i < count; i++) {
        float k = w[i];
        if (k == 0.0f) continue;
        float cv = rect[i];
        const float *s = colors + 4 * i;
        float *d = dst + 4 * i;
#if defined(__SSE2__)
        __m128 sv = _mm_loadu_ps(s), src;
        if (cv == 1.0f && s[3] == 1.0f) {
            src = sv;
        } else {
            src = _mm_add_ps(_mm_mul_ps(sv, _mm_set1_ps(cv)), _mm_mul_ps(_mm_setzero_ps(), _mm_set1_ps(1.0f - s[3] * cv)));
        }
        float sw;
        _mm_store_ss(&sw, _mm_shuffle_ps(src, src, _MM_SHUFFLE(3, 3, 3, 3)));
        if (sw == 0.0f) continue;
        __m128 t = _mm_mul_ps(src, _mm_set1_ps(k));
        float tw = sw * k;
        __m128 dv = _mm_loadu_ps(d);
        _mm_storeu_ps(d, _mm_add_ps(t, _mm_mul_ps(dv, _mm_set1_ps(1.0f - tw))));
#else
        float src[4];
        if (cv == 1.0f && s[3] == 1.0f) {
            for (int c = 0; c < 4; c++) src[c] = s[c];
        } else {
            float z = 1.0f - s[3] * cv;
            for (int c = 0; c < 4; c++) src[c] = s[c] * cv + 0.0f * z;
        }
        if (src[3] == 0.0f) continue;
        float t[4];
        for (int c = 0; c < 4; c++) t[c] = src[c] * k;
        float r = 1.0f - t[3];
        for (int c = 0; c < 4; c++) d[c] = t[c] + d[c] * r;
#endif
    }
}

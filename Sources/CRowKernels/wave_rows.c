/* The shading below must be bit-identical to the Swift renderer's: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#include "CRowKernels.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Loops the compiler vectorizes are built twice where the toolchain can: for AVX2 and for the
   baseline, the loader picking one (the same arithmetic, so the same values, either way). */
#if defined(__x86_64__) && defined(__clang__) && defined(__linux__)
#define WF_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WF_CLONES
#endif

/* floor and ceil to int32 of a value clamped to +-1e8 (NaN taken as 1e8), by truncation and one
   correction: no call into libm, and a loop the compiler can vectorize. */
static inline int32_t floor_limit(double v) {
    double c = v < 1e8 ? v : 1e8;
    c = c > -1e8 ? c : -1e8;
    int32_t t = (int32_t)c;
    return (double)t > c ? t - 1 : t;
}

static inline int32_t ceil_limit(double v) {
    double c = v < 1e8 ? v : 1e8;
    c = c > -1e8 ? c : -1e8;
    int32_t t = (int32_t)c;
    return (double)t < c ? t + 1 : t;
}

WF_CLONES void wf_wave_columns(const double *restrict front, const double *restrict back, long count, double oy,
                               float *restrict fa, float *restrict fb, float *restrict ba, float *restrict bb,
                               int32_t *restrict sTop, int32_t *restrict sBot, int32_t *restrict cTop,
                               int32_t *restrict cBot) {
    for (long c = 0; c < count; c++) {
        double f0 = front[c] - oy, f1 = front[c + 1] - oy, b0 = back[c] - oy, b1 = back[c + 1] - oy;
        fa[c] = (float)f0; fb[c] = (float)f1; ba[c] = (float)b0; bb[c] = (float)b1;
        sTop[c] = floor_limit(f0 < f1 ? f0 : f1);
        sBot[c] = ceil_limit(f0 > f1 ? f0 : f1);
        cTop[c] = floor_limit(b0 < b1 ? b0 : b1);
        cBot[c] = ceil_limit(b0 > b1 ? b0 : b1);
    }
}

WF_CLONES void wf_wave_bands(const int32_t *restrict top, const int32_t *restrict bottom, long count, long blockWidth,
                             int32_t *restrict bands) {
    for (long lo = 0, k = 0; lo < count; lo += blockWidth, k++) {
        long hi = lo + blockWidth < count ? lo + blockWidth : count;
        int32_t t = top[lo], b = bottom[lo];
        for (long c = lo + 1; c < hi; c++) {
            t = top[c] < t ? top[c] : t;
            b = bottom[c] > b ? bottom[c] : b;
        }
        bands[2 * k] = t;
        bands[2 * k + 1] = b;
    }
}


/* The Swift `columnCoverage(g0, g1)`, with Swift's min and max (`min(x, y)` is `y < x ? y : x`,
   `max(x, y)` is `y >= x ? y : x`). */
static inline float column_coverage1(float g0, float g1) {
    float lo = g1 < g0 ? g1 : g0, hi = g1 >= g0 ? g1 : g0;
    if (lo >= 1.0f) return 1.0f;
    if (hi <= 0.0f) return 0.0f;
    float d = hi - lo;
    if (d < 1e-4f) {
        float x = (lo + hi) * 0.5f;
        x = 0.0f >= x ? 0.0f : x;
        return 1.0f < x ? 1.0f : x;
    }
    float fh = hi <= 0.0f ? 0.0f : (hi <= 1.0f ? hi * hi * 0.5f : hi - 0.5f);
    float fl = lo <= 0.0f ? 0.0f : (lo <= 1.0f ? lo * lo * 0.5f : lo - 0.5f);
    return (fh - fl) / d;
}

/* One channel of the Swift `shade`, rounded as it rounds. */
static inline uint32_t channel1(float b, float co, float bk, float fr, float kc, float m, float kb,
                                float mc, float kf, float ms) {
    float v = ((b * kc + co * m) * kb + bk * mc) * kf + fr * ms;
    float x = v * 255.0f + 0.5f;
    x = 0.0f >= x ? 0.0f : x;
    x = 255.0f < x ? 255.0f : x;
    return (uint32_t)x;
}

void wf_wave_block_row_scalar(const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    const long base = (long)r * t->regionW;
    const float jb = (float)(r + 1);
    for (long c = c0; c < c1; c++) {
        uint8_t k = t->kinds[base + c];
        if (k == 0) { row[c] = t->pixels[0]; continue; }
        int sw = r < t->sTop[c] ? 0 : (r >= t->sBot[c] ? 2 : 1);
        int cw = r < t->cTop[c] ? 0 : (r >= t->cBot[c] ? 2 : 1);
        if (k == 1 && sw != 1 && cw != 1) { row[c] = t->pixels[1 + sw + cw / 2]; continue; }
        float s = sw == 0 ? 0.0f : (sw == 2 ? 1.0f : column_coverage1(jb - t->fa[c], jb - t->fb[c]));
        float cc = cw == 0 ? 0.0f : (cw == 2 ? 1.0f : column_coverage1(jb - t->ba[c], jb - t->bb[c]));
        float m = t->m[base + c], mc = m * cc, ms = m * s;
        float kc = 1.0f - t->container[3] * m, kb = 1.0f - t->back[3] * mc, kf = 1.0f - t->front[3] * ms;
        uint32_t px = 0;
        for (int ch = 0; ch < 4; ch++) {
            px |= channel1(t->bg[ch], t->container[ch], t->back[ch], t->front[ch], kc, m, kb, mc, kf, ms) << (8 * ch);
        }
        row[c] = px;
    }
}

#if defined(__SSE2__)
/* Exact area under a line across a unit column square, four columns at a time: the Swift
   `columnCoverage(g0, g1)` per lane, every branch computed and the taken one selected. */
static inline __attribute__((always_inline)) __m128 column_coverage4(__m128 g0, __m128 g1) {
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), half = _mm_set1_ps(0.5f);
    __m128 lo = _mm_min_ps(g0, g1), hi = _mm_max_ps(g0, g1);
    __m128 d = _mm_sub_ps(hi, lo);
    __m128 mid = _mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_add_ps(lo, hi), half), zero), one);
    /* f(u) = u <= 0 ? 0 : (u <= 1 ? u * u * 0.5 : u - 0.5) */
    __m128 fh = _mm_or_ps(_mm_and_ps(_mm_cmple_ps(hi, one), _mm_mul_ps(_mm_mul_ps(hi, hi), half)),
                          _mm_andnot_ps(_mm_cmple_ps(hi, one), _mm_sub_ps(hi, half)));
    fh = _mm_andnot_ps(_mm_cmple_ps(hi, zero), fh);
    __m128 fl = _mm_or_ps(_mm_and_ps(_mm_cmple_ps(lo, one), _mm_mul_ps(_mm_mul_ps(lo, lo), half)),
                          _mm_andnot_ps(_mm_cmple_ps(lo, one), _mm_sub_ps(lo, half)));
    fl = _mm_andnot_ps(_mm_cmple_ps(lo, zero), fl);
    __m128 ratio = _mm_div_ps(_mm_sub_ps(fh, fl), d);
    __m128 small = _mm_cmplt_ps(d, _mm_set1_ps(1e-4f));
    __m128 v = _mm_or_ps(_mm_and_ps(small, mid), _mm_andnot_ps(small, ratio));
    v = _mm_andnot_ps(_mm_cmple_ps(hi, zero), v);                      /* hi <= 0: 0 */
    __m128 whole = _mm_cmpge_ps(lo, one);                              /* lo >= 1: 1 */
    return _mm_or_ps(_mm_and_ps(whole, one), _mm_andnot_ps(whole, v));
}

/* One channel of the Swift `shade`, rounded: min(max(v * 255 + 0.5, 0), 255), truncated. */
static inline __attribute__((always_inline)) __m128i channel4(float b, float co, float bk, float fr, __m128 kc, __m128 m, __m128 kb,
                               __m128 mc, __m128 kf, __m128 ms) {
    __m128 v = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(b), kc), _mm_mul_ps(_mm_set1_ps(co), m));
    v = _mm_add_ps(_mm_mul_ps(v, kb), _mm_mul_ps(_mm_set1_ps(bk), mc));
    v = _mm_add_ps(_mm_mul_ps(v, kf), _mm_mul_ps(_mm_set1_ps(fr), ms));
    v = _mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f));
    v = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(255.0f));
    return _mm_cvttps_epi32(v);
}

/* Four columns' inputs: per column (st ... bb) and per pixel (k, m), contiguous. */
typedef struct {
    const int32_t *st, *sb, *ct, *cb;
    const float *fa, *fb, *ba, *bb, *m;
    const uint8_t *k;
} group4;

/* Four pixels of region row r: picked where both waves are whole over a whole or no container,
   shaded (the Swift `shade` of `columnCoverage`s per lane) where any lane needs it. */
static inline __attribute__((always_inline)) __m128i group_pixels(const wf_wave_tables *t, group4 g, __m128i rv, float jb) {
    const __m128i zero = _mm_setzero_si128();
    __m128i sNone = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)g.st), rv);      /* r < sTop */
    __m128i sNotWhole = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)g.sb), rv);  /* r < sBot */
    __m128i cNone = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)g.ct), rv);
    __m128i cNotWhole = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)g.cb), rv);
    __m128i part = _mm_or_si128(_mm_andnot_si128(sNone, sNotWhole), _mm_andnot_si128(cNone, cNotWhole));
    int32_t k4;
    memcpy(&k4, g.k, 4);
    __m128i k = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(k4), zero), zero);
    __m128i out = _mm_cmpeq_epi32(k, zero), edge = _mm_cmpeq_epi32(k, _mm_set1_epi32(2));
    __m128i p0 = _mm_set1_epi32((int)t->pixels[1]), p1 = _mm_set1_epi32((int)t->pixels[2]);
    __m128i p2 = _mm_set1_epi32((int)t->pixels[3]), p3 = _mm_set1_epi32((int)t->pixels[4]);
    __m128i noFront = _mm_or_si128(_mm_and_si128(cNotWhole, p0), _mm_andnot_si128(cNotWhole, p1));
    __m128i withFront = _mm_or_si128(_mm_and_si128(cNotWhole, p2), _mm_andnot_si128(cNotWhole, p3));
    __m128i inside = _mm_or_si128(_mm_and_si128(sNotWhole, noFront), _mm_andnot_si128(sNotWhole, withFront));
    __m128i picked = _mm_or_si128(_mm_and_si128(out, _mm_set1_epi32((int)t->pixels[0])), _mm_andnot_si128(out, inside));
    __m128i shadeMask = _mm_andnot_si128(out, _mm_or_si128(edge, part));
    if (_mm_movemask_epi8(shadeMask) == 0) return picked;

    /* Coverage per wave: 0 above the rows it reaches, 1 below them, the exact area between. */
    const __m128 one = _mm_set1_ps(1.0f), jv = _mm_set1_ps(jb);
    __m128 sW = _mm_castsi128_ps(sNotWhole), sN = _mm_castsi128_ps(sNone);
    __m128 cW = _mm_castsi128_ps(cNotWhole), cN = _mm_castsi128_ps(cNone);
    /* A wave whole in every lane needs no area (its lanes' coverage is picked below). */
    __m128 sCov = _mm_setzero_ps(), cCov = _mm_setzero_ps();
    if (_mm_movemask_ps(_mm_andnot_ps(sN, sW)))
        sCov = column_coverage4(_mm_sub_ps(jv, _mm_loadu_ps(g.fa)), _mm_sub_ps(jv, _mm_loadu_ps(g.fb)));
    if (_mm_movemask_ps(_mm_andnot_ps(cN, cW)))
        cCov = column_coverage4(_mm_sub_ps(jv, _mm_loadu_ps(g.ba)), _mm_sub_ps(jv, _mm_loadu_ps(g.bb)));
    __m128 s = _mm_andnot_ps(sN, _mm_or_ps(_mm_and_ps(sW, sCov), _mm_andnot_ps(sW, one)));
    __m128 cc = _mm_andnot_ps(cN, _mm_or_ps(_mm_and_ps(cW, cCov), _mm_andnot_ps(cW, one)));
    __m128 mv = _mm_loadu_ps(g.m);
    __m128 mc = _mm_mul_ps(mv, cc), ms = _mm_mul_ps(mv, s);
    __m128 kc = _mm_sub_ps(one, _mm_mul_ps(_mm_set1_ps(t->container[3]), mv));
    __m128 kb = _mm_sub_ps(one, _mm_mul_ps(_mm_set1_ps(t->back[3]), mc));
    __m128 kf = _mm_sub_ps(one, _mm_mul_ps(_mm_set1_ps(t->front[3]), ms));
    __m128i px = channel4(t->bg[0], t->container[0], t->back[0], t->front[0], kc, mv, kb, mc, kf, ms);
    px = _mm_or_si128(px, _mm_slli_epi32(channel4(t->bg[1], t->container[1], t->back[1], t->front[1], kc, mv, kb, mc, kf, ms), 8));
    px = _mm_or_si128(px, _mm_slli_epi32(channel4(t->bg[2], t->container[2], t->back[2], t->front[2], kc, mv, kb, mc, kf, ms), 16));
    px = _mm_or_si128(px, _mm_slli_epi32(channel4(t->bg[3], t->container[3], t->back[3], t->front[3], kc, mv, kb, mc, kf, ms), 24));
    return _mm_or_si128(_mm_and_si128(shadeMask, px), _mm_andnot_si128(shadeMask, picked));
}

static void block_row_sse2(const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    const long base = (long)r * t->regionW;
    const __m128i rv = _mm_set1_epi32(r);
    const float jb = (float)(r + 1);
    long c = c0;
    for (; c + 4 <= c1; c += 4) {
        group4 g = {t->sTop + c, t->sBot + c, t->cTop + c, t->cBot + c, t->fa + c, t->fb + c, t->ba + c,
                    t->bb + c, t->m + base + c, t->kinds + base + c};
        _mm_storeu_si128((__m128i *)(row + c), group_pixels(t, g, rv, jb));
    }
    if (c < c1) {
        /* The last 1 to 3 columns, padded with copies of the first. */
        int32_t st[4], sb[4], ct[4], cb[4];
        float fa[4], fb[4], ba[4], bb[4], m[4];
        uint8_t k[4];
        for (long i = 0; i < 4; i++) {
            long x = c + (c + i < c1 ? i : 0);
            st[i] = t->sTop[x]; sb[i] = t->sBot[x]; ct[i] = t->cTop[x]; cb[i] = t->cBot[x];
            fa[i] = t->fa[x]; fb[i] = t->fb[x]; ba[i] = t->ba[x]; bb[i] = t->bb[x];
            m[i] = t->m[base + x]; k[i] = t->kinds[base + x];
        }
        group4 g = {st, sb, ct, cb, fa, fb, ba, bb, m, k};
        uint32_t out[4];
        _mm_storeu_si128((__m128i *)out, group_pixels(t, g, rv, jb));
        for (long i = 0; c + i < c1; i++) row[c + i] = out[i];
    }
}

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>
#define WF_HAVE_AVX2_PATH 1
/* Exact area under a line across a unit column square, eight columns at a time: the Swift
   `columnCoverage(g0, g1)` per lane, every branch computed and the taken one selected. */
static inline __attribute__((always_inline, target("avx2"))) __m256 column_coverage8(__m256 g0, __m256 g1) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), half = _mm256_set1_ps(0.5f);
    __m256 lo = _mm256_min_ps(g0, g1), hi = _mm256_max_ps(g0, g1);
    __m256 d = _mm256_sub_ps(hi, lo);
    __m256 mid = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(_mm256_add_ps(lo, hi), half), zero), one);
    /* f(u) = u <= 0 ? 0 : (u <= 1 ? u * u * 0.5 : u - 0.5) */
    __m256 fh = _mm256_or_ps(_mm256_and_ps(_mm256_cmp_ps(hi, one, _CMP_LE_OQ), _mm256_mul_ps(_mm256_mul_ps(hi, hi), half)),
                          _mm256_andnot_ps(_mm256_cmp_ps(hi, one, _CMP_LE_OQ), _mm256_sub_ps(hi, half)));
    fh = _mm256_andnot_ps(_mm256_cmp_ps(hi, zero, _CMP_LE_OQ), fh);
    __m256 fl = _mm256_or_ps(_mm256_and_ps(_mm256_cmp_ps(lo, one, _CMP_LE_OQ), _mm256_mul_ps(_mm256_mul_ps(lo, lo), half)),
                          _mm256_andnot_ps(_mm256_cmp_ps(lo, one, _CMP_LE_OQ), _mm256_sub_ps(lo, half)));
    fl = _mm256_andnot_ps(_mm256_cmp_ps(lo, zero, _CMP_LE_OQ), fl);
    __m256 ratio = _mm256_div_ps(_mm256_sub_ps(fh, fl), d);
    __m256 small = _mm256_cmp_ps(d, _mm256_set1_ps(1e-4f), _CMP_LT_OQ);
    __m256 v = _mm256_or_ps(_mm256_and_ps(small, mid), _mm256_andnot_ps(small, ratio));
    v = _mm256_andnot_ps(_mm256_cmp_ps(hi, zero, _CMP_LE_OQ), v);                      /* hi <= 0: 0 */
    __m256 whole = _mm256_cmp_ps(lo, one, _CMP_GE_OQ);                              /* lo >= 1: 1 */
    return _mm256_or_ps(_mm256_and_ps(whole, one), _mm256_andnot_ps(whole, v));
}

/* One channel of the Swift `shade`, rounded: min(max(v * 255 + 0.5, 0), 255), truncated. */
static inline __attribute__((always_inline, target("avx2"))) __m256i channel8(float b, float co, float bk, float fr, __m256 kc, __m256 m, __m256 kb,
                               __m256 mc, __m256 kf, __m256 ms) {
    __m256 v = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(b), kc), _mm256_mul_ps(_mm256_set1_ps(co), m));
    v = _mm256_add_ps(_mm256_mul_ps(v, kb), _mm256_mul_ps(_mm256_set1_ps(bk), mc));
    v = _mm256_add_ps(_mm256_mul_ps(v, kf), _mm256_mul_ps(_mm256_set1_ps(fr), ms));
    v = _mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f));
    v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
    return _mm256_cvttps_epi32(v);
}

/* Eight columns' inputs: per column (st ... bb) and per pixel (k, m), contiguous. */
typedef struct {
    const int32_t *st, *sb, *ct, *cb;
    const float *fa, *fb, *ba, *bb, *m;
    const uint8_t *k;
} group8;

/* Eight pixels of region row r: picked where both waves are whole over a whole or no container,
   shaded (the Swift `shade` of `columnCoverage`s per lane) where any lane needs it. */
static inline __attribute__((always_inline, target("avx2"))) __m256i group_pixels8(const wf_wave_tables *t, group8 g, __m256i rv, float jb) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i sNone = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)g.st), rv);      /* r < sTop */
    __m256i sNotWhole = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)g.sb), rv);  /* r < sBot */
    __m256i cNone = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)g.ct), rv);
    __m256i cNotWhole = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)g.cb), rv);
    __m256i part = _mm256_or_si256(_mm256_andnot_si256(sNone, sNotWhole), _mm256_andnot_si256(cNone, cNotWhole));
    __m256i k = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)g.k));
    __m256i out = _mm256_cmpeq_epi32(k, zero), edge = _mm256_cmpeq_epi32(k, _mm256_set1_epi32(2));
    __m256i p0 = _mm256_set1_epi32((int)t->pixels[1]), p1 = _mm256_set1_epi32((int)t->pixels[2]);
    __m256i p2 = _mm256_set1_epi32((int)t->pixels[3]), p3 = _mm256_set1_epi32((int)t->pixels[4]);
    __m256i noFront = _mm256_or_si256(_mm256_and_si256(cNotWhole, p0), _mm256_andnot_si256(cNotWhole, p1));
    __m256i withFront = _mm256_or_si256(_mm256_and_si256(cNotWhole, p2), _mm256_andnot_si256(cNotWhole, p3));
    __m256i inside = _mm256_or_si256(_mm256_and_si256(sNotWhole, noFront), _mm256_andnot_si256(sNotWhole, withFront));
    __m256i picked = _mm256_or_si256(_mm256_and_si256(out, _mm256_set1_epi32((int)t->pixels[0])), _mm256_andnot_si256(out, inside));
    __m256i shadeMask = _mm256_andnot_si256(out, _mm256_or_si256(edge, part));
    if (_mm256_movemask_epi8(shadeMask) == 0) return picked;

    /* Coverage per wave: 0 above the rows it reaches, 1 below them, the exact area between. */
    const __m256 one = _mm256_set1_ps(1.0f), jv = _mm256_set1_ps(jb);
    __m256 sW = _mm256_castsi256_ps(sNotWhole), sN = _mm256_castsi256_ps(sNone);
    __m256 cW = _mm256_castsi256_ps(cNotWhole), cN = _mm256_castsi256_ps(cNone);
    /* A wave whole in every lane needs no area (its lanes' coverage is picked below). */
    __m256 sCov = _mm256_setzero_ps(), cCov = _mm256_setzero_ps();
    if (_mm256_movemask_ps(_mm256_andnot_ps(sN, sW)))
        sCov = column_coverage8(_mm256_sub_ps(jv, _mm256_loadu_ps(g.fa)), _mm256_sub_ps(jv, _mm256_loadu_ps(g.fb)));
    if (_mm256_movemask_ps(_mm256_andnot_ps(cN, cW)))
        cCov = column_coverage8(_mm256_sub_ps(jv, _mm256_loadu_ps(g.ba)), _mm256_sub_ps(jv, _mm256_loadu_ps(g.bb)));
    __m256 s = _mm256_andnot_ps(sN, _mm256_or_ps(_mm256_and_ps(sW, sCov), _mm256_andnot_ps(sW, one)));
    __m256 cc = _mm256_andnot_ps(cN, _mm256_or_ps(_mm256_and_ps(cW, cCov), _mm256_andnot_ps(cW, one)));
    __m256 mv = _mm256_loadu_ps(g.m);
    __m256 mc = _mm256_mul_ps(mv, cc), ms = _mm256_mul_ps(mv, s);
    __m256 kc = _mm256_sub_ps(one, _mm256_mul_ps(_mm256_set1_ps(t->container[3]), mv));
    __m256 kb = _mm256_sub_ps(one, _mm256_mul_ps(_mm256_set1_ps(t->back[3]), mc));
    __m256 kf = _mm256_sub_ps(one, _mm256_mul_ps(_mm256_set1_ps(t->front[3]), ms));
    __m256i px = channel8(t->bg[0], t->container[0], t->back[0], t->front[0], kc, mv, kb, mc, kf, ms);
    px = _mm256_or_si256(px, _mm256_slli_epi32(channel8(t->bg[1], t->container[1], t->back[1], t->front[1], kc, mv, kb, mc, kf, ms), 8));
    px = _mm256_or_si256(px, _mm256_slli_epi32(channel8(t->bg[2], t->container[2], t->back[2], t->front[2], kc, mv, kb, mc, kf, ms), 16));
    px = _mm256_or_si256(px, _mm256_slli_epi32(channel8(t->bg[3], t->container[3], t->back[3], t->front[3], kc, mv, kb, mc, kf, ms), 24));
    return _mm256_or_si256(_mm256_and_si256(shadeMask, px), _mm256_andnot_si256(shadeMask, picked));
}

static __attribute__((target("avx2"))) void block_row_avx2(const wf_wave_tables *t, int32_t r, long c0, long c1,
                                                           uint32_t *row) {
    const long base = (long)r * t->regionW;
    const __m256i rv = _mm256_set1_epi32(r);
    const float jb = (float)(r + 1);
    long c = c0;
    for (; c + 8 <= c1; c += 8) {
        group8 g = {t->sTop + c, t->sBot + c, t->cTop + c, t->cBot + c, t->fa + c, t->fb + c, t->ba + c,
                    t->bb + c, t->m + base + c, t->kinds + base + c};
        _mm256_storeu_si256((__m256i *)(row + c), group_pixels8(t, g, rv, jb));
    }
    if (c < c1) block_row_sse2(t, r, c, c1, row);
}
#endif

/* The path `wf_wave_block_row` takes, chosen once when the library loads. */
static int best_path = WF_WAVE_PATH_SSE2;

static void __attribute__((constructor)) choose_path(void) {
#if defined(WF_HAVE_AVX2_PATH)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) best_path = WF_WAVE_PATH_AVX2;
#endif
}

int wf_wave_paths(void) {
    int paths = WF_WAVE_PATH_SCALAR | WF_WAVE_PATH_SSE2;
#if defined(WF_HAVE_AVX2_PATH)
    if (best_path == WF_WAVE_PATH_AVX2) paths |= WF_WAVE_PATH_AVX2;
#endif
    return paths;
}

void wf_wave_block_row_using(int path, const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    switch (path) {
    case WF_WAVE_PATH_SCALAR: wf_wave_block_row_scalar(t, r, c0, c1, row); return;
#if defined(WF_HAVE_AVX2_PATH)
    case WF_WAVE_PATH_AVX2: if (best_path == WF_WAVE_PATH_AVX2) { block_row_avx2(t, r, c0, c1, row); return; } break;
#endif
    default: break;
    }
    block_row_sse2(t, r, c0, c1, row);
}

void wf_wave_block_row(const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
#if defined(WF_HAVE_AVX2_PATH)
    if (best_path == WF_WAVE_PATH_AVX2) { block_row_avx2(t, r, c0, c1, row); return; }
#endif
    block_row_sse2(t, r, c0, c1, row);
}
#else
int wf_wave_paths(void) { return WF_WAVE_PATH_SCALAR; }

void wf_wave_block_row_using(int path, const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    (void)path;
    wf_wave_block_row_scalar(t, r, c0, c1, row);
}

void wf_wave_block_row(const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    wf_wave_block_row_scalar(t, r, c0, c1, row);
}
#endif

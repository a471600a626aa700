/* The shading below must be bit-identical to the Swift renderer's: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#include "CRowKernels.h"
#include "cpu_lanes.h"
#include <string.h>

/* Loops the compiler vectorizes are built three times where the toolchain can: for AVX-512
   (x86-64-v4), for AVX2 and for the baseline, the loader picking one (the same arithmetic, so the same values, either way). */
#if defined(__x86_64__) && defined(__clang__) && defined(__linux__)
#define WF_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define WF_CLONES
#endif

/* floor and ceil to int32 of a value clamped to +-1e8 (NaN taken as 1e8), by truncation and one
   correction: no call into libm, and a loop the compiler can vectorize. The Swift
   `WaveRenderer.floorLimit` and `ceilLimit` are the same for every value that is not NaN (the stack
   renderer uses those; BandKernelTests check the pixels these lead to against them). */
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

WF_CLONES void wf_wave_samples(const double *restrict sinKX, const double *restrict cosKX, long count, double cp,
                               double sp, double a, double off, double *restrict front, double *restrict back) {
    for (long x = 0; x < count; x++) {
        double s = sinKX[x] * cp + cosKX[x] * sp;
        double c = cosKX[x] * cp - sinKX[x] * sp;
        front[x] = a * s + off;
        back[x] = a * c + off;
    }
}

WF_CLONES void wf_wave_columns(const double *restrict front, const double *restrict back, long count, double oy,
                               float *restrict fa, float *restrict ba, int32_t *restrict sTop,
                               int32_t *restrict sBot, int32_t *restrict cTop, int32_t *restrict cBot,
                               int32_t *restrict bandS, int32_t *restrict bandC, int32_t *restrict spans) {
    for (long c = 0; c < count; c++) {
        double f0 = front[c] - oy, f1 = front[c + 1] - oy, b0 = back[c] - oy, b1 = back[c + 1] - oy;
        fa[c] = (float)f0; ba[c] = (float)b0;
        sTop[c] = floor_limit(f0 < f1 ? f0 : f1);
        sBot[c] = ceil_limit(f0 > f1 ? f0 : f1);
        cTop[c] = floor_limit(b0 < b1 ? b0 : b1);
        cBot[c] = ceil_limit(b0 > b1 ? b0 : b1);
    }
    if (count <= 0) { spans[0] = spans[1] = spans[2] = spans[3] = 0; return; }
    fa[count] = (float)(front[count] - oy);
    ba[count] = (float)(back[count] - oy);
    int32_t sLo = sTop[0], sHi = sBot[0], cLo = cTop[0], cHi = cBot[0];
    for (long lo = 0, k = 0; lo < count; lo += WF_WAVE_BLOCK, k++) {
        int32_t st = sTop[lo], sb = sBot[lo], ct = cTop[lo], cb = cBot[lo];
        if (lo + WF_WAVE_BLOCK <= count) {
            /* A whole block: a fixed count the compiler makes vector reductions of. */
            for (long c = lo; c < lo + WF_WAVE_BLOCK; c++) {
                st = sTop[c] < st ? sTop[c] : st; sb = sBot[c] > sb ? sBot[c] : sb;
                ct = cTop[c] < ct ? cTop[c] : ct; cb = cBot[c] > cb ? cBot[c] : cb;
            }
        } else {
            for (long c = lo + 1; c < count; c++) {
                st = sTop[c] < st ? sTop[c] : st; sb = sBot[c] > sb ? sBot[c] : sb;
                ct = cTop[c] < ct ? cTop[c] : ct; cb = cBot[c] > cb ? cBot[c] : cb;
            }
        }
        bandS[2 * k] = st; bandS[2 * k + 1] = sb;
        bandC[2 * k] = ct; bandC[2 * k + 1] = cb;
        sLo = st < sLo ? st : sLo; sHi = sb > sHi ? sb : sHi;
        cLo = ct < cLo ? ct : cLo; cHi = cb > cHi ? cb : cHi;
    }
    spans[0] = sLo; spans[1] = sHi; spans[2] = cLo; spans[3] = cHi;
}

/* The image (0 ... 3, 2 * front + back) every pixel of block blk shows in region row r, or -1 when
   a wave is fractional in some column there. */
static inline int block_state(const int32_t *bandS, const int32_t *bandC, long blk, int32_t r) {
    int sw = r < bandS[2 * blk] ? 0 : (r >= bandS[2 * blk + 1] ? 2 : -8);
    int cw = r < bandC[2 * blk] ? 0 : (r >= bandC[2 * blk + 1] ? 1 : -8);
    return sw + cw < -1 ? -1 : sw + cw;
}

/* What a block of a band row shows: one of the four images (0 ... 3), any of them (the container
   covers none of its pixels in that row: all show the background), or shaded pixels. */
#define WF_STATE_ANY 4
#define WF_STATE_SHADED -1
static inline int block_state_or_any(const int32_t *bandS, const int32_t *bandC, const uint8_t *out, long blk,
                                     int32_t r) {
    return out[blk] ? WF_STATE_ANY : block_state(bandS, bandC, blk, r);
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

static void block_row_scalar(const wf_wave_tables *t, int32_t r, long c0, long c1, uint32_t *row) {
    const long base = (long)r * t->regionW;
    const float jb = (float)(r + 1);
    for (long c = c0; c < c1; c++) {
        uint8_t k = t->kinds[base + c];
        if (k == 0) { row[c] = t->pixels[0]; continue; }
        int sw = r < t->sTop[c] ? 0 : (r >= t->sBot[c] ? 2 : 1);
        int cw = r < t->cTop[c] ? 0 : (r >= t->cBot[c] ? 2 : 1);
        if (k == 1 && sw != 1 && cw != 1) { row[c] = t->pixels[1 + sw + cw / 2]; continue; }
        float s = sw == 0 ? 0.0f : (sw == 2 ? 1.0f : column_coverage1(jb - t->fa[c], jb - t->fa[c + 1]));
        float cc = cw == 0 ? 0.0f : (cw == 2 ? 1.0f : column_coverage1(jb - t->ba[c], jb - t->ba[c + 1]));
        float m = t->m[base + c], mc = m * cc, ms = m * s;
        float kc = 1.0f - t->container[3] * m, kb = 1.0f - t->back[3] * mc, kf = 1.0f - t->front[3] * ms;
        uint32_t px = 0;
        for (int ch = 0; ch < 4; ch++) {
            px |= channel1(t->bg[ch], t->container[ch], t->back[ch], t->front[ch], kc, m, kb, mc, kf, ms) << (8 * ch);
        }
        row[c] = px;
    }
}

static void band_row_scalar(const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0, long b1,
                            int32_t r, const uint32_t *images, long imageSize, uint32_t *row) {
    const long w = t->regionW, base = (long)r * w;
    for (long blk = b0; blk < b1; blk++) {
        int state = block_state(bandS, bandC, blk, r);
        long lo = blk * WF_WAVE_BLOCK, hi = lo + WF_WAVE_BLOCK < w ? lo + WF_WAVE_BLOCK : w;
        if (state < 0) block_row_scalar(t, r, lo, hi, row);
        else memcpy(row + lo, images + state * imageSize + base + lo, (size_t)(hi - lo) * sizeof(uint32_t));
    }
}

/* Four lanes: SSE2 on x86-64, the baseline's vectors elsewhere. */
#define LANES 4
#define TARGET
#include "wave_lanes.h"

#if defined(__x86_64__) && defined(__clang__)
/* Eight lanes on processors with AVX2, chosen once when the library loads. */
#define WF_HAVE_AVX2_PATH 1
#define LANES 8
#define TARGET WF_TARGET_AVX2
#include "wave_lanes.h"

/* Sixteen lanes, one block of 16 columns per vector, on processors with AVX-512 (F, BW, DQ, VL). */
#define WF_HAVE_AVX512_PATH 1
#define LANES 16
#define TARGET WF_TARGET_AVX512
#include "wave_lanes.h"
#endif

/* The path `wf_wave_band_row` takes. */
static int best_path = WF_WAVE_PATH_LANES4;

static void __attribute__((constructor)) choose_path(void) {
    int lanes = wf_cpu_lanes();
#if defined(WF_HAVE_AVX2_PATH)
    if (lanes >= 8) best_path = WF_WAVE_PATH_LANES8;
#endif
#if defined(WF_HAVE_AVX512_PATH)
    if (lanes >= 16) best_path = WF_WAVE_PATH_LANES16;
#endif
    (void)lanes;
}

int wf_wave_paths(void) {
    int paths = WF_WAVE_PATH_SCALAR | WF_WAVE_PATH_LANES4;
    if (best_path >= WF_WAVE_PATH_LANES8) paths |= WF_WAVE_PATH_LANES8;
    if (best_path >= WF_WAVE_PATH_LANES16) paths |= WF_WAVE_PATH_LANES16;
    return paths;
}

void wf_wave_band_row_using(int path, const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0,
                            long b1, int32_t r, const uint32_t *images, long imageSize, uint32_t *row) {
    if (path == WF_WAVE_PATH_SCALAR) { band_row_scalar(t, bandS, bandC, b0, b1, r, images, imageSize, row); return; }
#if defined(WF_HAVE_AVX512_PATH)
    if (path >= WF_WAVE_PATH_LANES16 && best_path >= WF_WAVE_PATH_LANES16) {
        band_row_16(t, bandS, bandC, b0, b1, r, images, imageSize, row);
        return;
    }
#endif
#if defined(WF_HAVE_AVX2_PATH)
    if (path >= WF_WAVE_PATH_LANES8 && best_path >= WF_WAVE_PATH_LANES8) {
        band_row_8(t, bandS, bandC, b0, b1, r, images, imageSize, row);
        return;
    }
#endif
    band_row_4(t, bandS, bandC, b0, b1, r, images, imageSize, row);
}

void wf_wave_band_row(const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0, long b1, int32_t r,
                      const uint32_t *images, long imageSize, uint32_t *row) {
    /* The widest path directly: this runs once per band row of every frame. */
#if defined(WF_HAVE_AVX512_PATH)
    if (best_path == WF_WAVE_PATH_LANES16) { band_row_16(t, bandS, bandC, b0, b1, r, images, imageSize, row); return; }
#endif
    wf_wave_band_row_using(best_path, t, bandS, bandC, b0, b1, r, images, imageSize, row);
}

void wf_wave_frame_rows(const wf_wave_frame *f, long j0, long j1, uint32_t *out, long stride) {
    const long w = f->width, regionW = f->x1 - f->x0;
    /* Rows wholly of background: one fill each, or one for a run of contiguous rows. */
    const long lo0 = regionW == 0 ? f->height : f->y0, hi0 = regionW == 0 ? f->height : f->y1;
    const long b0 = j0, b1 = j1 < lo0 ? j1 : lo0, a0 = j0 > hi0 ? j0 : hi0, a1 = j1;
    if (stride == w) {
        if (b1 > b0) wf_fill32(out + b0 * w, f->bgPixel, (b1 - b0) * w);
        if (a1 > a0) wf_fill32(out + a0 * w, f->bgPixel, (a1 - a0) * w);
    } else {
        for (long j = b0; j < b1; j++) wf_fill32(out + j * stride, f->bgPixel, w);
        for (long j = a0; j < a1; j++) wf_fill32(out + j * stride, f->bgPixel, w);
    }
    const long r0 = (j0 > lo0 ? j0 : lo0) - f->y0, r1 = (j1 < hi0 ? j1 : hi0) - f->y0;
    for (long r = r0; r < r1; r++) {
        uint32_t *row = out + (r + f->y0) * stride;
        long state = wf_wave_clear_state(f->spans, r);
        if (state >= 0) {
            /* Clear of both waves' bands: one image across the row. */
            if (f->wide) {
                memcpy(row, f->wide + state * f->wideSize + r * w, (size_t)w * sizeof(uint32_t));
                continue;
            }
            wf_fill32(row, f->bgPixel, f->x0);
            wf_fill32(row + f->x1, f->bgPixel, w - f->x1);
            memcpy(row + f->x0, f->images + state * f->imageSize + r * regionW, (size_t)regionW * sizeof(uint32_t));
            continue;
        }
        wf_fill32(row, f->bgPixel, f->x0);
        wf_fill32(row + f->x1, f->bgPixel, w - f->x1);
#if defined(WF_HAVE_AVX512_PATH)
        if (f->path == 0 && best_path == WF_WAVE_PATH_LANES16) {
            band_row_16(f->tables, f->bandS, f->bandC, 0, f->blockCount, (int32_t)r, f->images, f->imageSize, row + f->x0);
            continue;
        }
#endif
        wf_wave_band_row_using(f->path == 0 ? best_path : f->path, f->tables, f->bandS, f->bandC, 0, f->blockCount,
                               (int32_t)r, f->images, f->imageSize, row + f->x0);
    }
}

/* One width of wf_wave_band_row, written once for any number of lanes. wave_rows.c includes this
   file once per width, having defined LANES (lanes per vector: 4, 8 or 16) and TARGET (attributes for
   this width's functions: its instruction set); both are undefined at the end. Here VF, VI and VK
   are vectors of LANES floats, int32s and uint8s (GCC vector extensions), and NAME(x) is x with
   the width's suffix (`block_row_4`).
   The arithmetic is the Swift renderer's, in the same order of Float32 operations (no fused
   multiply-add: the file sets FP_CONTRACT OFF), so every lane is bit-identical to `shade` of
   `columnCoverage`. Swift's min(x, y) is y < x ? y : x, kept as is; its max(x, y) is
   y >= x ? y : x, which is x > y ? x : y for every pair that is not NaN (none is here: the samples
   and colours are finite). The compiler makes single min and max instructions of both. */

#define WF_PASTE(a, b) a##b
#define WF_WITH_LANES(a, n) WF_PASTE(a, n)
#define VF WF_WITH_LANES(wf_vf, LANES)
#define VI WF_WITH_LANES(wf_vi, LANES)
#define VK WF_WITH_LANES(wf_vk, LANES)
#define NAME(x) WF_WITH_LANES(x##_, LANES)
typedef float VF __attribute__((vector_size(4 * LANES)));
typedef int32_t VI __attribute__((vector_size(4 * LANES)));
typedef uint8_t VK __attribute__((vector_size(LANES)));

static inline __attribute__((always_inline)) TARGET VF NAME(pick)(VI mask, VF a, VF b) {
    return (VF)((mask & (VI)a) | (~mask & (VI)b));
}
static inline __attribute__((always_inline)) TARGET VF NAME(vmin)(VF x, VF y) { return NAME(pick)(y < x, y, x); }
static inline __attribute__((always_inline)) TARGET VF NAME(vmax)(VF x, VF y) { return NAME(pick)(x > y, x, y); }

/* f(u) = u <= 0 ? 0 : (u <= 1 ? u * u * 0.5 : u - 0.5), per lane. */
static inline __attribute__((always_inline)) TARGET VF NAME(ramp)(VF u) {
    VF zero = (VF){0};
    return NAME(pick)(u <= 0.0f, zero, NAME(pick)(u <= 1.0f, u * u * 0.5f, u - 0.5f));
}

/* The Swift `columnCoverage(g0, g1)` per lane: every branch computed, the taken one selected. */
static inline __attribute__((always_inline)) TARGET VF NAME(coverage)(VF g0, VF g1) {
    VF zero = (VF){0}, one = zero + 1.0f;
    VF lo = NAME(vmin)(g0, g1), hi = NAME(vmax)(g0, g1), d = hi - lo;
    VF mid = NAME(vmin)(NAME(vmax)((lo + hi) * 0.5f, zero), one);
    VF ratio = (NAME(ramp)(hi) - NAME(ramp)(lo)) / d;
    VF v = NAME(pick)(d < 1e-4f, mid, ratio);
    return NAME(pick)(lo >= 1.0f, one, NAME(pick)(hi <= 0.0f, zero, v));
}

/* One channel of the Swift `shade`, rounded: min(max(v * 255 + 0.5, 0), 255), truncated. */
static inline __attribute__((always_inline)) TARGET VI NAME(channel)(float b, float co, float bk, float fr, VF kc, VF m,
                                                                     VF kb, VF mc, VF kf, VF ms) {
    VF v = ((b * kc + co * m) * kb + bk * mc) * kf + fr * ms;
    v = NAME(vmin)(NAME(vmax)(v * 255.0f + 0.5f, (VF){0}), (VF){0} + 255.0f);
    return __builtin_convertvector(v, VI);
}

/* LANES pixels of region row r from LANES columns' inputs (per column st ... ba, per pixel k, m and
   the four whole-coverage images at img, imageSize apart; each LANES contiguous values). Where no
   wave is fractional in its column, a pixel is the background (no container), one of four colours
   (a whole container) or its image's pixel (the container's edge); the rest are shaded, when there
   are any. */
static inline __attribute__((always_inline)) TARGET VI NAME(pixels)(const wf_wave_tables *t, const int32_t *st,
    const int32_t *sb, const int32_t *ct, const int32_t *cb, const float *fa, const float *ba, const float *m,
    const uint8_t *k, const uint32_t *img, long imageSize, int32_t r, float jb) {
    VI top, bottom, backTop, backBottom;
    VK kinds;
    memcpy(&top, st, sizeof top); memcpy(&bottom, sb, sizeof bottom);
    memcpy(&backTop, ct, sizeof backTop); memcpy(&backBottom, cb, sizeof backBottom);
    memcpy(&kinds, k, sizeof kinds);
    VI rv = (VI){0} + r;
    VI sNone = top > rv, sNotWhole = bottom > rv;            /* r < sTop, r < sBot */
    VI cNone = backTop > rv, cNotWhole = backBottom > rv;
    VI sPart = ~sNone & sNotWhole, cPart = ~cNone & cNotWhole, part = sPart | cPart;
    VI kind = __builtin_convertvector(kinds, VI);
    VI out = kind == 0, edge = kind == 2;
    VI p0 = (VI){0} + (int32_t)t->pixels[1], p1 = (VI){0} + (int32_t)t->pixels[2];
    VI p2 = (VI){0} + (int32_t)t->pixels[3], p3 = (VI){0} + (int32_t)t->pixels[4];
    VI noFront = (cNotWhole & p0) | (~cNotWhole & p1), withFront = (cNotWhole & p2) | (~cNotWhole & p3);
    VI inside = (sNotWhole & noFront) | (~sNotWhole & withFront);
    VI picked = (out & ((VI){0} + (int32_t)t->pixels[0])) | (~out & inside);
    VI shadeMask = ~out & part, fromImage = edge & ~part;
    {
        /* The image of the lane's state (2 * front + back whole), made by the same shade; blended in
           every group without a branch (whether a group has such lanes is unpredictable). */
        VI i0, i1, i2, i3;
        memcpy(&i0, img, sizeof i0); memcpy(&i1, img + imageSize, sizeof i1);
        memcpy(&i2, img + 2 * imageSize, sizeof i2); memcpy(&i3, img + 3 * imageSize, sizeof i3);
        VI noF = (cNotWhole & i0) | (~cNotWhole & i1), withF = (cNotWhole & i2) | (~cNotWhole & i3);
        picked = (fromImage & ((sNotWhole & noF) | (~sNotWhole & withF))) | (~fromImage & picked);
    }
    if (__builtin_reduce_or(shadeMask) == 0) return picked;

    /* Coverage per wave: 0 above the rows it reaches, 1 below them, the exact area between; a wave
       whole in every lane shaded needs no area. */
    VF zero = (VF){0}, one = zero + 1.0f, sCov = zero, cCov = zero;
    if (__builtin_reduce_or(sPart & shadeMask)) {
        VF a, b;
        memcpy(&a, fa, sizeof a); memcpy(&b, fa + 1, sizeof b);   /* left and right edges */
        sCov = NAME(coverage)(jb - a, jb - b);
    }
    if (__builtin_reduce_or(cPart & shadeMask)) {
        VF a, b;
        memcpy(&a, ba, sizeof a); memcpy(&b, ba + 1, sizeof b);
        cCov = NAME(coverage)(jb - a, jb - b);
    }
    VF s = NAME(pick)(sNone, zero, NAME(pick)(sNotWhole, sCov, one));
    VF cc = NAME(pick)(cNone, zero, NAME(pick)(cNotWhole, cCov, one));
    VF mv;
    memcpy(&mv, m, sizeof mv);
    VF mc = mv * cc, ms = mv * s;
    VF kc = 1.0f - t->container[3] * mv, kb = 1.0f - t->back[3] * mc, kf = 1.0f - t->front[3] * ms;
    VI px = NAME(channel)(t->bg[0], t->container[0], t->back[0], t->front[0], kc, mv, kb, mc, kf, ms);
    px |= NAME(channel)(t->bg[1], t->container[1], t->back[1], t->front[1], kc, mv, kb, mc, kf, ms) << 8;
    px |= NAME(channel)(t->bg[2], t->container[2], t->back[2], t->front[2], kc, mv, kb, mc, kf, ms) << 16;
    px |= NAME(channel)(t->bg[3], t->container[3], t->back[3], t->front[3], kc, mv, kb, mc, kf, ms) << 24;
    return (shadeMask & px) | (~shadeMask & picked);
}

/* Columns c0 ..< c1 of region row r, LANES at a time; the last group's lanes past c1 are computed
   from the tables' slack (WF_WAVE_SLACK) and not stored. */
static inline __attribute__((always_inline)) TARGET void NAME(block_row)(const wf_wave_tables *t, int32_t r, long c0,
                                                                         long c1, const uint32_t *images,
                                                                         long imageSize, uint32_t *row) {
    const long base = (long)r * t->regionW;
    const float jb = (float)(r + 1);
    for (long c = c0; c < c1; c += LANES) {
        VI px = NAME(pixels)(t, t->sTop + c, t->sBot + c, t->cTop + c, t->cBot + c, t->fa + c, t->ba + c,
                             t->m + base + c, t->kinds + base + c, images + base + c,
                             imageSize, r, jb);
        if (c + LANES <= c1) memcpy(row + c, &px, sizeof px);
        else memcpy(row + c, &px, (size_t)(c1 - c) * sizeof(uint32_t));
    }
}

static TARGET void NAME(band_row)(const wf_wave_tables *t, const int32_t *bandS, const int32_t *bandC, long b0,
                                  long b1, int32_t r, const uint32_t *images, long imageSize, uint32_t *row) {
    const long w = t->regionW, base = (long)r * w;
    const uint8_t *out = t->blockOut + (long)r * ((w + WF_WAVE_BLOCK - 1) / WF_WAVE_BLOCK);
    long blk = b0;
    while (blk < b1) {
        int state = block_state_or_any(bandS, bandC, out, blk, r);
        long lo = blk * WF_WAVE_BLOCK;
        if (state == WF_STATE_SHADED) {
            NAME(block_row)(t, r, lo, lo + WF_WAVE_BLOCK < w ? lo + WF_WAVE_BLOCK : w, images, imageSize, row);
            blk++;
            continue;
        }
        long end = blk + 1;
        while (end < b1) {
            int next = block_state_or_any(bandS, bandC, out, end, r);
            if (next == WF_STATE_SHADED || (next != state && next != WF_STATE_ANY && state != WF_STATE_ANY)) break;
            if (state == WF_STATE_ANY) state = next;
            end++;
        }
        long hi = end * WF_WAVE_BLOCK < w ? end * WF_WAVE_BLOCK : w;
        if (state == WF_STATE_ANY) state = 0;
        memcpy(row + lo, images + state * imageSize + base + lo, (size_t)(hi - lo) * sizeof(uint32_t));
        blk = end;
    }
}

#undef VF
#undef VI
#undef VK
#undef NAME
#undef WF_WITH_LANES
#undef WF_PASTE
#undef LANES
#undef TARGET

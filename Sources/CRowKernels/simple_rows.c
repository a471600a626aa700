#include "CRowKernels.h"
#include <limits.h>
#include <math.h>

/* Rasterizer.Workspace.renderSimpleRows in C: the same pieces accumulated in the same order with
   the same double operations, so the same Float32 coverage bit for bit (see the header). Swift's
   min(x, y) is `y < x ? y : x` and max(x, y) is `y >= x ? y : x`; they are spelled so here. */

static inline double smin(double x, double y) { return y < x ? y : x; }
static inline double smax(double x, double y) { return y >= x ? y : x; }

static inline double edge_x_at(const wf_edge *e, double y) {
    if (y <= e->y0) return e->x0;
    if (y >= e->y1) return e->x1;
    return e->x0 + (e->x1 - e->x0) * ((y - e->y0) / (e->y1 - e->y0));
}

/* Rasterizer.accumulateCells: the signed area of the piece (x0, y0)-(x1, y1) right of it, per
   cell of `acc`; the inclusive range of cells written in *lo, *hi (lo > hi: none). */
static inline void accumulate_cells(double *acc, double x0, double y0, double x1, double y1, double sign, double w,
                                    long *lo_out, long *hi_out) {
    if (x0 == x1) {
        double h = sign * (y1 - y0);
        if (x0 <= 0) { acc[0] += h; *lo_out = 0; *hi_out = 0; return; }
        if (x0 >= w) { *lo_out = 0; *hi_out = -1; return; }
        long c = (long)x0;
        double f = x0 - (double)c;
        acc[c] += h * (1 - f); acc[c + 1] += h * f;
        *lo_out = c; *hi_out = c + 1;
        return;
    }
    if (x0 > 0 && x1 > 0 && x0 < w && x1 < w) {
        long c = (long)x0;
        if (c == (long)x1) {
            double h = sign * fabs(y1 - y0);
            double f = 0.5 * (x0 + x1) - (double)c;
            acc[c] += h * (1 - f); acc[c + 1] += h * f;
            *lo_out = c; *hi_out = c + 1;
            return;
        }
    }
    long lo = LONG_MAX, hi = -1;
    double ua, va, ub, vb;
    if (x0 < x1) { ua = x0; va = y0; ub = x1; vb = y1; } else { ua = x1; va = y1; ub = x0; vb = y0; }
    double ylo = smin(va, vb), yhi = smax(va, vb);
    double slope = (vb - va) / (ub - ua);
#define Y_AT(x) ((x) >= ub ? vb : smin(smax(va + ((x) - ua) * slope, ylo), yhi))
    double xs = ua, ys = va;
    if (ua < 0) {
        double xe = smin(ub, 0), ye = Y_AT(xe);
        acc[0] += sign * fabs(ye - ys);
        lo = 0; hi = 0;
        xs = xe; ys = ye;
    }
    double xEnd = smin(ub, w);
    if (!(xs < xEnd)) { *lo_out = lo; *hi_out = hi; return; }
    long c = (long)xs;
    lo = lo < c ? lo : c;
    while (xs < xEnd) {
        double cx = (double)c;
        double xn = smin(cx + 1, xEnd), yn = Y_AT(xn);
        double h = sign * fabs(yn - ys);
        double f = 0.5 * (xs + xn) - cx;
        acc[c] += h * (1 - f); acc[c + 1] += h * f;
        xs = xn; ys = yn; c += 1;
    }
#undef Y_AT
    *lo_out = lo; *hi_out = c;
}

static inline float snapped(double sum) { return sum < 1e-9 ? 0.0f : (sum > 1 - 1e-9 ? 1.0f : (float)sum); }

static inline void fill_row(float *row, float v, long count) { for (long i = 0; i < count; i++) row[i] = v; }

void wf_simple_rows(const wf_edge *es, long n, long width, long row0, long row1, double sign, double *a, long *act,
                    wf_cell_range *sp, float *base) {
    const double w = (double)width;
    long nextEdge = 0, active = 0;
    long firstRow = row1;
    if (n > 0) {
        double f = floor(es[0].y0), r = (double)row0;
        firstRow = (long)smax(r, f);
    }
    for (long j = row0; j < row1; j++) {
        float *row = base + j * width;
        if (j < firstRow) { fill_row(row, 0.0f, width); continue; }
        double top = (double)j, bottom = (double)(j + 1);
        while (nextEdge < n && es[nextEdge].y0 < bottom) { act[active] = nextEdge; active += 1; nextEdge += 1; }
        long kept = 0;
        for (long k = 0; k < active; k++) if (es[act[k]].y1 > top) { act[kept] = act[k]; kept += 1; }
        active = kept;
        long m = 0;
        for (long k = 0; k < active; k++) {
            const wf_edge *e = &es[act[k]];
            double yt = smax(e->y0, top), yb = smin(e->y1, bottom);
            if (!(yt < yb)) continue;
            double xt = e->y0 >= top ? e->x0 : edge_x_at(e, top);
            double xb = e->y1 <= bottom ? e->x1 : edge_x_at(e, bottom);
            if (!(smin(xt, xb) < w)) continue;
            long l, h;
            accumulate_cells(a, xt, yt, xb, yb, (double)e->dir * sign, w, &l, &h);
            if (l <= h) {
                long i = m;
                while (i > 0 && l < sp[i - 1].lo) { sp[i] = sp[i - 1]; i -= 1; }
                sp[i].lo = l; sp[i].hi = h;
                m += 1;
            }
        }
        double sum = 0.0;
        long done = 0, r = 0;
        while (r < m) {
            long lo = sp[r].lo, hi = sp[r].hi;
            r += 1;
            while (r < m && sp[r].lo <= hi + 1) { hi = hi > sp[r].hi ? hi : sp[r].hi; r += 1; }
            lo = lo > done ? lo : done;
            if (lo > hi) continue;
            if (lo > done && done < width) fill_row(row + done, snapped(sum), (lo < width ? lo : width) - done);
            for (long i = lo; i <= hi; i++) {
                sum += a[i]; a[i] = 0;
                if (i < width) row[i] = snapped(sum);
            }
            done = hi + 1;
        }
        if (done < width) fill_row(row + done, snapped(sum), width - done);
    }
}

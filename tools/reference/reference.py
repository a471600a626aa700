#!/usr/bin/env python3
"""Exact reference renderer of one frame of the wave-fill scene (docs/SCENE.md).

An independent check of the Swift renderer: the scene's geometry comes from
scene_geometry.py beside this file (HarfBuzz shaping, unhinted FreeType
outlines, ink box, waves); coverage and compositing are this file's own,
a different method from the Swift rasterizer, all in float64.

Coverage (box filter, exact area fraction)
-----------------------------------------
Curves are flattened to chords within --flatten-tolerance px (default 1e-4) of the
curve; the wave polygons are already polygons.  For a closed polygon with winding
number w(x, y), the integral of w over pixel P = [i, i+1] x [j, j+1] is, by
counting crossings of the ray from (x, y) towards +x,

    int_P w dA = sum over edges e of  s_e * int_{y in [j, j+1] and in e}  clamp(X_e(y) - i, 0, 1) dy

where X_e(y) is the edge's x at height y and s_e = +-1 its vertical direction.  Each
edge is cut at the row boundaries; for every (piece, pixel column) that the piece's
x-range touches the inner integral is evaluated in closed form (X is linear in y:
it is dy times the mean of clamp(X - i, 0, 1) over the piece's x-interval, an exact
piecewise quadratic).  Columns entirely left of a piece get the constant s_e * dy;
those are summed with a difference array along the row (the "accumulated sums"),
columns right of it get 0.  No scanline accumulation of cell covers happens: every
pixel's value is the direct sum of its own per-edge integrals.

Non-zero rule: the glyph contours of the default font do not overlap each other and
each wave polygon is simple, so w takes only the values 0 and s (s = +-1, the
orientation, found from the signed area) and the non-zero coverage equals
s * int_P w dA.  This is asserted, the renderer fails loudly otherwise:
  * every pixel's winding integral (times s) lies in [0, 1] (up to 1e-9), and
  * along 4 horizontal lines per pixel row the winding number, evaluated exactly
    between crossings, only takes the values 0 and s.
Under those conditions the value is exact up to the flattening error (at most
about 1.5 * tolerance per pixel, i.e. ~1.5e-4 by default) and float64 rounding.

Compositing (SCENE.md): premultiplied source-over in float64, bottom to top:
background over the canvas, container with M, back wave with M*C, front wave with
M*S; rounded once at the end to 8-bit premultiplied (round half up) and written as
straight RGBA with c = round(c_p * 255 / a) (a = 0 -> 0, 0, 0, 0).

Usage:
  tools/reference/setup.sh
  tools/reference/.venv/bin/python tools/reference/reference.py --size 256x256 --frame 150 --out ref.png
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")


def _reexec_in_venv_if_needed():
    """Run under tools/reference/.venv when the packages are not importable here."""
    try:
        import numpy  # noqa: F401
        import PIL  # noqa: F401
        import freetype  # noqa: F401
        import uharfbuzz  # noqa: F401
    except ImportError:
        if os.path.exists(VENV_PY) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")):
            os.execv(VENV_PY, [VENV_PY] + sys.argv)
        sys.exit("reference.py: numpy/pillow/freetype-py/uharfbuzz missing: run tools/reference/setup.sh")


_reexec_in_venv_if_needed()

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

sys.path.insert(0, HERE)
import scene_geometry as scene  # noqa: E402


# ------------------------------------------------------------ flattening --

def flatten_contour(contour, tol: float) -> np.ndarray:
    """One contour of ('M'|'L'|'Q'|'C', ...) tuples -> closed (n, 2) polyline.

    Uniform subdivision with the standard chord-deviation bounds:
    quadratic: dev <= |p0 - 2c + p1| / 4 / n^2; cubic: dev <= 3/4 max|second differences| / n^2.
    """
    pts = [np.array([[contour[0][1], contour[0][2]]], dtype=np.float64)]
    cx, cy = contour[0][1], contour[0][2]
    for seg in contour[1:]:
        kind = seg[0]
        if kind == "L":
            x, y = seg[1], seg[2]
            pts.append(np.array([[x, y]]))
        elif kind == "Q":
            _, qx, qy, x, y = seg
            d = 0.25 * math.hypot(cx - 2 * qx + x, cy - 2 * qy + y)
            n = max(1, math.ceil(math.sqrt(d / tol)))
            t = np.arange(1, n + 1, dtype=np.float64) / n
            u = 1.0 - t
            pts.append(np.stack([u * u * cx + 2 * u * t * qx + t * t * x,
                                 u * u * cy + 2 * u * t * qy + t * t * y], axis=1))
            pts[-1][-1] = (x, y)
        elif kind == "C":
            _, ax, ay, bx, by, x, y = seg
            d = 0.75 * max(math.hypot(cx - 2 * ax + bx, cy - 2 * ay + by),
                           math.hypot(ax - 2 * bx + x, ay - 2 * by + y))
            n = max(1, math.ceil(math.sqrt(d / tol)))
            t = np.arange(1, n + 1, dtype=np.float64) / n
            u = 1.0 - t
            pts.append(np.stack([u ** 3 * cx + 3 * u * u * t * ax + 3 * u * t * t * bx + t ** 3 * x,
                                 u ** 3 * cy + 3 * u * u * t * ay + 3 * u * t * t * by + t ** 3 * y], axis=1))
            pts[-1][-1] = (x, y)
        else:
            raise ValueError(f"unexpected segment {seg!r}")
        cx, cy = pts[-1][-1]
    p = np.concatenate(pts)
    if p[0, 0] != p[-1, 0] or p[0, 1] != p[-1, 1]:
        p = np.concatenate([p, p[:1]])
    return p


def edges_of(polylines) -> np.ndarray:
    """Closed polylines -> (m, 4) edges x0, y0, x1, y1."""
    out = []
    for p in polylines:
        out.append(np.concatenate([p[:-1], p[1:]], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 4))


def signed_area(edges: np.ndarray) -> float:
    x0, y0, x1, y1 = edges.T
    return 0.5 * float(np.sum(x0 * y1 - x1 * y0))


# -------------------------------------------------------------- coverage --

class CoverageError(AssertionError):
    pass


def winding_integral(edges: np.ndarray, W: int, H: int) -> np.ndarray:
    """Integral of the winding number over every pixel (H, W) float64 (see module doc).

    Sign convention: an edge going down (y increasing) counts +1 for points to its left.
    """
    x0, y0, x1, y1 = edges.T
    keep = y0 != y1                      # horizontal edges cross no horizontal ray
    x0, y0, x1, y1 = x0[keep], y0[keep], x1[keep], y1[keep]
    sgn = np.where(y1 > y0, 1.0, -1.0)
    ylo, yhi = np.minimum(y0, y1), np.maximum(y0, y1)
    # rows a piece lives in, clipped to the canvas
    r0 = np.maximum(np.floor(ylo), 0).astype(np.int64)
    r1 = np.minimum(np.ceil(yhi), H).astype(np.int64)          # exclusive
    cnt = np.maximum(r1 - r0, 0)
    e = np.repeat(np.arange(len(x0)), cnt)
    if e.size == 0:
        return np.zeros((H, W))
    start = np.repeat(np.cumsum(cnt) - cnt, cnt)
    row = r0[e] + (np.arange(e.size) - start)
    ya = np.maximum(ylo[e], row)
    yb = np.minimum(yhi[e], row + 1.0)
    ok = yb > ya
    e, row, ya, yb = e[ok], row[ok], ya[ok], yb[ok]
    ex0, ey0, ex1, ey1 = x0[e], y0[e], x1[e], y1[e]
    slope = (ex1 - ex0) / (ey1 - ey0)                          # dx/dy
    xa = np.where(ya == ey0, ex0, np.where(ya == ey1, ex1, ex0 + (ya - ey0) * slope))
    xb = np.where(yb == ey0, ex0, np.where(yb == ey1, ex1, ex0 + (yb - ey0) * slope))
    xlo, xhi = np.minimum(xa, xb), np.maximum(xa, xb)
    wdy = sgn[e] * (yb - ya)                                   # signed height of the piece

    acc = np.zeros(H * W)
    # columns entirely left of the piece: +wdy each, via a per-row difference array
    c_first = np.floor(xlo).astype(np.int64)                   # first partially covered column
    full_end = np.clip(c_first, 0, W)                          # columns [0, full_end) get wdy
    diff = np.zeros((H, W + 1))
    np.add.at(diff, (row, np.zeros_like(row)), wdy)
    np.add.at(diff, (row, full_end), -wdy)
    full = np.cumsum(diff, axis=1)[:, :W]

    # columns floor(xlo) .. floor(xhi): exact mean of clamp(X - i, 0, 1) over [xlo, xhi]
    c_last = np.floor(xhi).astype(np.int64)
    c0 = np.clip(c_first, 0, W)
    c1 = np.clip(c_last + 1, 0, W)                             # exclusive
    n = np.maximum(c1 - c0, 0)
    p = np.repeat(np.arange(len(row)), n)
    if p.size:
        st = np.repeat(np.cumsum(n) - n, n)
        col = c0[p] + (np.arange(p.size) - st)
        ul, uh = xlo[p] - col, xhi[p] - col
        L = uh - ul
        a, b = np.clip(ul, 0.0, 1.0), np.clip(uh, 0.0, 1.0)
        integ = 0.5 * (b - a) * (a + b) + (np.maximum(uh - 1.0, 0.0) - np.maximum(ul - 1.0, 0.0))
        small = L < 1e-7
        mean = np.where(small, np.clip(0.5 * (ul + uh), 0.0, 1.0), integ / np.where(small, 1.0, L))
        acc = np.bincount(row[p] * W + col, weights=wdy[p] * mean, minlength=H * W)
    return full + acc.reshape(H, W)


def check_pointwise_winding(edges: np.ndarray, H: int, s: float, name: str, per_row: int = 4):
    """Exact winding number along horizontal lines y = j + (k + 0.5) / per_row: it must be 0 or s."""
    x0, y0, x1, y1 = edges.T
    ys = (np.arange(H * per_row, dtype=np.float64) + 0.5) / per_row
    lo, hi = np.minimum(y0, y1), np.maximum(y0, y1)
    # lines with lo <= y < hi (half-open: a vertex is counted once)
    i0 = np.searchsorted(ys, lo, side="left")
    i1 = np.searchsorted(ys, hi, side="left")
    cnt = i1 - i0
    e = np.repeat(np.arange(len(x0)), cnt)
    if e.size == 0:
        return
    st = np.repeat(np.cumsum(cnt) - cnt, cnt)
    li = i0[e] + (np.arange(e.size) - st)
    y = ys[li]
    xc = x0[e] + (y - y0[e]) * (x1[e] - x0[e]) / (y1[e] - y0[e])
    sg = np.where(y1[e] > y0[e], 1, -1)
    order = np.lexsort((xc, li))
    # winding just right of each crossing = - (sum of signs of crossings at or left of it)
    # (a crossing to the right of a point adds its sign); total per line is 0 for closed paths
    li_s, sg_s = li[order], sg[order]
    cs = np.cumsum(sg_s)
    line_start = np.r_[0, np.flatnonzero(np.diff(li_s)) + 1]
    base = np.repeat(np.r_[0, cs[line_start[1:] - 1]], np.diff(np.r_[line_start, len(li_s)]))
    within = cs - base                     # signs summed over crossings at/left of this one
    w = -within * s                        # normalised winding to the right of the crossing
    # crossings at the same x on a line (a vertex that is a local extremum in y, touching
    # contours) are one event: judge w only after the last crossing of each distinct x
    xs = xc[order]
    distinct = np.r_[(li_s[1:] != li_s[:-1]) | (xs[1:] != xs[:-1]), True]
    badw = distinct & (w != 0) & (w != 1)
    if np.any(badw):
        k = int(np.flatnonzero(badw)[0])
        raise CoverageError(f"{name}: winding number {int(-within[k])} (orientation {s:+.0f}) "
                            f"right of x={xs[k]:.4f} on y={ys[li_s[k]]:.4f}: "
                            "contours overlap or self-intersect, non-zero != winding integral")
    last = np.r_[line_start[1:] - 1, len(li_s) - 1]
    if np.any(within[last] != 0):
        raise CoverageError(f"{name}: open contour (crossings do not cancel)")


def coverage(polylines, W: int, H: int, name: str) -> np.ndarray:
    """Exact non-zero coverage (H, W) of closed, non-overlapping polylines."""
    edges = edges_of(polylines)
    area = signed_area(edges)
    if area == 0:
        return np.zeros((H, W))
    # Under winding_integral's convention the integral of w over the plane is
    # sum_e s_e int X_e dy = (closed-path) int x dy = the shoelace area, so the
    # orientation that makes the inside +1 is the sign of that area.
    wi = winding_integral(edges, W, H)
    s = 1.0 if area > 0 else -1.0
    check_pointwise_winding(edges, H, s, name)
    cov = s * wi
    bad = (cov < -1e-9) | (cov > 1 + 1e-9)
    if np.any(bad):
        j, i = np.argwhere(bad)[0]
        raise CoverageError(f"{name}: winding integral {cov[j, i]!r} outside [0, 1] at pixel ({i}, {j}); "
                            f"{int(bad.sum())} such pixels: the non-zero coverage is not the winding integral")
    return np.clip(cov, 0.0, 1.0)


# ----------------------------------------------------------------- scene --

def glyph_polylines(layout, tol: float):
    return [flatten_contour(c, tol) for c in layout.contours]


def wave_polyline(ys: np.ndarray, W: int, ybot: float) -> np.ndarray:
    x = np.arange(W + 1, dtype=np.float64)
    top = np.stack([x, ys], axis=1)
    close = np.array([[W, ybot], [0.0, ybot], [0.0, ys[0]]])
    return np.concatenate([top, close])


def premul(c):
    r, g, b, a = c
    al = a / 255.0
    return np.array([r / 255.0 * al, g / 255.0 * al, b / 255.0 * al, al])


def composite(W, H, params, M, C, S) -> np.ndarray:
    """Float64 premultiplied RGBA (H, W, 4) in [0, 1]."""
    out = np.zeros((H, W, 4))
    for colour, k in ((params.background, np.ones((H, W))),
                      (params.container, M),
                      (params.back_wave, M * C),
                      (params.front_wave, M * S)):
        src = premul(colour)
        kk = k[..., None]
        out = kk * src + (1.0 - kk * src[3]) * out
    return out


def to_straight_rgba8(prem: np.ndarray) -> np.ndarray:
    p8 = np.floor(np.clip(prem, 0.0, 1.0) * 255.0 + 0.5).astype(np.int64)   # round half up, once
    a = p8[..., 3:4]
    c = np.minimum(p8[..., :3], a)
    safe = np.where(a == 0, 1, a)
    st = (2 * c * 255 + safe) // (2 * safe)                                  # round(c*255/a), half up
    st = np.where(a == 0, 0, np.minimum(st, 255))
    return np.concatenate([st, a], axis=-1).astype(np.uint8)


def parse_size(text: str):
    try:
        w, h = text.lower().split("x")
        w, h = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WxH, e.g. 256x256")
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: the canvas is empty")
    return w, h


def main(argv=None):
    ap = argparse.ArgumentParser(description="Exact reference render of one wave-fill frame (docs/SCENE.md).")
    ap.add_argument("--size", type=parse_size, required=True, help="canvas WxH in px")
    ap.add_argument("--frame", type=int, default=0, help="frame number n (default 0)")
    ap.add_argument("--progress", type=float, default=None, help="fixed progress P in [0, 1]")
    ap.add_argument("--text", default=None)
    ap.add_argument("--text-file", default=None, help="UTF-8 text (a final newline dropped); lines centred")
    ap.add_argument("--font", default=None)
    ap.add_argument("--font-size", type=float, default=None, help="em size E in px (rounded to 1/64)")
    ap.add_argument("--amplitude", type=float, default=None)
    ap.add_argument("--frequency", type=float, default=None)
    ap.add_argument("--wave-width", type=float, default=None)
    ap.add_argument("--phase-step", type=float, default=None, help="degrees per frame")
    ap.add_argument("--rise-frames", type=int, default=None)
    ap.add_argument("--background", default=None)
    ap.add_argument("--container", default=None)
    ap.add_argument("--back-wave", default=None)
    ap.add_argument("--front-wave", default=None)
    ap.add_argument("--out", required=True, help="output PNG (straight RGBA)")
    ap.add_argument("--flatten-tolerance", type=float, default=1e-4, help="px (default 1e-4)")
    ap.add_argument("--coverage-out", default=None, help="also save M, C, S and the premultiplied "
                    "float image to this .npz (for locating differences)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print geometry and timings")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    W, H = args.size
    P = scene.Params(W, H)
    for name in ("text", "font", "font_size", "amplitude", "frequency", "wave_width",
                 "phase_step", "rise_frames", "progress"):
        v = getattr(args, name)
        if v is not None:
            setattr(P, name, v)
    for name in ("background", "container", "back_wave", "front_wave"):
        v = getattr(args, name)
        if v is not None:
            try:
                setattr(P, name, scene.parse_colour(v))
            except ValueError as e:
                ap.error(str(e))
    if args.text_file is not None:
        with open(args.text_file, encoding="utf-8") as fh:
            text = fh.read()
        P.text = text[:-1] if text.endswith("\n") else text
    if P.progress is not None and not (0.0 <= P.progress <= 1.0):
        ap.error("--progress must be in [0, 1]")
    if P.rise_frames < 1:
        ap.error("--rise-frames must be >= 1")
    if args.frame < 0:
        ap.error("--frame must be >= 0")

    try:
        sc = scene.Scene(P)
    except (ValueError, OSError) as e:
        ap.error(str(e))
    L = sc.layout
    t1 = time.perf_counter()

    n = args.frame
    ys, yc = sc.samples(n)
    ybot = sc.y_bottom(ys, yc)
    M = coverage(glyph_polylines(L, args.flatten_tolerance), W, H, "container")
    S = coverage([wave_polyline(ys, W, ybot)], W, H, "front wave")
    C = coverage([wave_polyline(yc, W, ybot)], W, H, "back wave")
    t2 = time.perf_counter()

    prem = composite(W, H, P, M, C, S)
    img = to_straight_rgba8(prem)
    Image.fromarray(img, "RGBA").save(args.out)
    if args.coverage_out:
        np.savez_compressed(args.coverage_out, M=M, C=C, S=S, premultiplied=prem)
    t3 = time.perf_counter()
    if args.verbose:
        print(f"E={L.font_size} px ink x[{L.ink_min_x:.6f}, {L.ink_max_x:.6f}] y[{L.ink_min_y:.6f}, "
              f"{L.ink_max_y:.6f}] A={sc.A:.6f} w={sc.w:.6f} phi={sc.phase_deg(n)} p={sc.progress(n)} "
              f"Ybot={ybot}", file=sys.stderr)
        print(f"geometry {t1 - t0:.3f}s coverage {t2 - t1:.3f}s composite+png {t3 - t2:.3f}s",
              file=sys.stderr)
    print(f"reference.py: wrote {args.out} ({W}x{H}, frame {n}) in {t3 - t0:.2f}s")


if __name__ == "__main__":
    try:
        main()
    except CoverageError as e:
        sys.exit(f"reference.py: FAILED: {e}")

#!/usr/bin/env python3
"""Self-tests of reference.py's coverage: against per-pixel Sutherland-Hodgman clipping
(a third, slow, obviously-correct method), against closed-form areas, and on the scene.

  tools/reference/.venv/bin/python tools/reference/test_reference.py
Prints 'N passed, 0 failed' and exits 0 when all pass.
"""
from __future__ import annotations

import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference as R  # noqa: E402  (re-execs into .venv when needed)
import numpy as np  # noqa: E402

scene = R.import_scene(os.environ.get("SCENE_PY"))


def clip_area(poly, x0, y0, x1, y1):
    """Signed area of a closed polygon (list of (x, y), last == first) clipped to a box."""
    pts = list(poly[:-1])
    for axis, bound, keep_ge in ((0, x0, True), (0, x1, False), (1, y0, True), (1, y1, False)):
        if not pts:
            break
        inside = (lambda p: p[axis] >= bound) if keep_ge else (lambda p: p[axis] <= bound)
        out = []
        for k in range(len(pts)):
            a, b = pts[k - 1], pts[k]
            ia, ib = inside(a), inside(b)
            if ia != ib:
                t = (bound - a[axis]) / (b[axis] - a[axis])
                q = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
                q[axis] = bound
                out.append(tuple(q))
            if ib:
                out.append(b)
        pts = out
    s = 0.0
    for k in range(len(pts)):
        (ax, ay), (bx, by) = pts[k - 1], pts[k]
        s += ax * by - bx * ay
    return 0.5 * s


def brute(polys, W, H):
    total_area = sum(R.signed_area(R.edges_of([p])) for p in polys)
    s = 1.0 if total_area > 0 else -1.0
    out = np.zeros((H, W))
    for p in polys:
        pl = [tuple(v) for v in p]
        xs, ys = p[:, 0], p[:, 1]
        for j in range(max(0, int(math.floor(ys.min()))), min(H, int(math.ceil(ys.max())))):
            for i in range(max(0, int(math.floor(xs.min()))), min(W, int(math.ceil(xs.max())))):
                out[j, i] += s * clip_area(pl, i, j, i + 1, j + 1)
    return out


def test_rectangle_closed_form():
    W, H = 7, 6
    x0, y0, x1, y1 = 1.25, 0.6, 5.1, 4.35
    p = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]])
    cov = R.coverage([p], W, H, "rect")
    ix = np.clip(np.minimum(np.arange(W) + 1, x1) - np.maximum(np.arange(W), x0), 0, 1)
    iy = np.clip(np.minimum(np.arange(H) + 1, y1) - np.maximum(np.arange(H), y0), 0, 1)
    assert np.max(np.abs(cov - np.outer(iy, ix))) < 1e-12
    # the opposite orientation gives the same coverage
    assert np.max(np.abs(R.coverage([p[::-1].copy()], W, H, "rect") - cov)) < 1e-12


def test_random_polygons_vs_sutherland_hodgman():
    rng = np.random.default_rng(1)
    for trial in range(40):
        W, H = 9, 8
        # star-shaped (hence simple) polygon, partly outside the canvas
        n = rng.integers(3, 12)
        ang = np.sort(rng.uniform(0, 2 * np.pi, n))
        rad = rng.uniform(0.5, 6, n)
        c = rng.uniform(-1, 10, 2)
        p = np.stack([c[0] + rad * np.cos(ang), c[1] + rad * np.sin(ang)], axis=1)
        if trial % 3 == 0:
            p = np.round(p * 4) / 4      # vertices on the pixel grid and half pixels
        p = np.concatenate([p, p[:1]])
        if trial % 2:
            p = p[::-1].copy()
        got = R.coverage([p], W, H, "random")
        want = brute([p], W, H)
        assert np.max(np.abs(got - want)) < 1e-9, (trial, np.max(np.abs(got - want)))


def test_overlap_is_detected():
    p = np.array([[1.0, 1.0], [5.0, 1.0], [5.0, 5.0], [1.0, 5.0], [1.0, 1.0]])
    q = p + 1.5
    try:
        R.coverage([p, q], 8, 8, "overlap")
    except R.CoverageError:
        return
    raise AssertionError("overlapping squares were not rejected")


def test_glyphs_and_waves_vs_sutherland_hodgman():
    W = H = 40
    sc = scene.Scene(scene.Params(W, H))
    polys = R.glyph_polylines(sc.layout, 1e-2)     # coarse: the brute force is slow
    got = R.coverage(polys, W, H, "container")
    want = brute(polys, W, H)
    assert np.max(np.abs(got - want)) < 1e-9, np.max(np.abs(got - want))
    for n in (0, 37, 150, 299):
        ys, yc = sc.samples(n)
        ybot = sc.y_bottom(ys, yc)
        for y in (ys, yc):
            p = R.wave_polyline(y, W, ybot)
            got = R.coverage([p], W, H, "wave")
            want = brute([p], W, H)
            assert np.max(np.abs(got - want)) < 1e-9, (n, np.max(np.abs(got - want)))


def test_glyph_area_and_flattening_convergence():
    W = H = 256
    sc = scene.Scene(scene.Params(W, H))
    polys = R.glyph_polylines(sc.layout, 1e-4)
    M = R.coverage(polys, W, H, "container")
    area = abs(sum(R.signed_area(R.edges_of([p])) for p in polys))
    assert abs(M.sum() - area) < 1e-8 * area
    M2 = R.coverage(R.glyph_polylines(sc.layout, 1e-6), W, H, "container")
    assert np.max(np.abs(M - M2)) < 2e-4, np.max(np.abs(M - M2))


def test_wave_full_rows_and_empty():
    W = H = 64
    sc = scene.Scene(scene.Params(W, H, progress=0.0))
    ys, yc = sc.samples(0)
    ybot = sc.y_bottom(ys, yc)
    S = R.coverage([R.wave_polyline(ys, W, ybot)], W, H, "front")
    assert np.all(S[int(math.ceil(ys.max())):] == 1.0)
    assert np.all(S[:int(math.floor(ys.min()))] == 0.0)


def test_rounding_and_straight_alpha():
    prem = np.array([[[0.5 / 255, 0.0, 127.5 / 255, 200 / 255], [0.1, 0.1, 0.1, 0.0]]])
    out = R.to_straight_rgba8(prem)
    # 0.5 -> 1 (half up), 127.5 -> 128; straight: round(1*255/200)=1, round(128*255/200)=163.2->163
    assert out[0, 0].tolist() == [1, 0, 163, 200], out[0, 0]
    assert out[0, 1].tolist() == [0, 0, 0, 0]


def main():
    tests = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
    passed = failed = 0
    for t in tests:
        try:
            t()
            passed += 1
            print(f"ok   {t.__name__}")
        except Exception as e:  # noqa: BLE001
            failed += 1
            print(f"FAIL {t.__name__}: {type(e).__name__}: {e}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Self-tests of reference.py's coverage: against per-pixel Sutherland-Hodgman clipping
(a third, slow, obviously-correct method), against closed-form areas, and on the scene;
and of scene_geometry.py: the numbers docs/SCENE.md gives, the fit, the centring, time.

  tools/reference/.venv/bin/python tools/reference/test_reference.py
Prints 'N passed, 0 failed' and exits 0 when all pass.  The test_* functions are plain
asserts, so pytest collects them too, where pytest is installed.
"""
from __future__ import annotations

import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference as R  # noqa: E402  (re-execs into .venv when needed)
import numpy as np  # noqa: E402

scene = R.scene          # scene_geometry.py, as reference.py imports it


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


def test_geometry_whose_rings_touch_is_added_part_by_part():
    """family.py's cov_parts (what cov_geom falls back to when the rings together fail the pointwise
    winding check, as GEOS's unions of glyph outlines grown by a border can): parts meeting at a
    corner, and a square with a hole touching its side, are covered as their parts added and their
    holes taken away, ring by ring, which is each pixel's exact area inside, as all rings together
    give where they pass the check."""
    import family as F
    from shapely.geometry import MultiPolygon
    a = F.Polygon([(1, 1.125), (4, 1.125), (4, 4.125), (1, 4.125)])
    b = F.Polygon([(4, 4.125), (7, 4.125), (7, 7.3), (4, 7.3)])
    pair = MultiPolygon([a, b])
    parts = F.cov_parts(pair, 8, 8, "touching")
    whole = R.coverage(F.rings_of(pair), 8, 8, "touching")
    assert np.abs(parts - whole).max() < 1e-12, np.abs(parts - whole).max()
    assert abs(parts.sum() - (9 + 3 * 3.175)) < 1e-9, parts.sum()
    # A hole touching the exterior at a point: 64 less the triangle's 6.
    holed = F.Polygon([(0, 0), (8, 0), (8, 8), (0, 8)], [[(0, 4), (3, 2), (3, 6)]])
    parts = F.cov_parts(holed, 8, 8, "holed")
    assert abs(parts.sum() - 58) < 1e-9, parts.sum()
    assert parts[4, 0] < 1 and parts[0, 7] == 1 and parts.min() >= 0


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


def test_default_1024_numbers():
    sc = scene.default_scene(1024)
    L = sc.layout
    assert L.font_size == 630.703125, L.font_size
    assert (L.ink_min_x, L.ink_max_x) == (102.4140625, 921.5859375), (L.ink_min_x, L.ink_max_x)
    assert (L.ink_min_y, L.ink_max_y) == (267.9375, 756.0625), (L.ink_min_y, L.ink_max_y)
    assert sc.A == 73.21875, sc.A
    assert sc.w == L.ink_w == 819.171875
    assert sc.phase_deg(150) == 120.0 and sc.progress(150) == 0.5
    assert sc.fixed_y_bottom() == 1034.0
    # the rest of docs/SCENE.md's table: (W, H) -> E, ink x, ink y, A
    table = {(400, 310): (246.375, (40.0, 360.0), (59.6640625, 250.3359375), 28.60078125),
             (256, 256): (157.671875, (25.609375, 230.390625), (66.984375, 189.015625), 18.3046875),
             (2048, 2048): (1261.4375, (204.8046875, 1843.1953125), (535.875, 1512.125), 146.4375)}
    for (W, H), (E, xs, ys, A) in table.items():
        sc = scene.Scene(scene.Params(W, H))
        L = sc.layout
        got = (L.font_size, (L.ink_min_x, L.ink_max_x), (L.ink_min_y, L.ink_max_y), sc.A)
        assert got == (E, xs, ys, A), ((W, H), got)


def test_fit_is_the_largest_and_centred():
    f = scene._Font(scene.default_font())
    for W, H in ((1024, 1024), (400, 310), (97, 53), (300, 100), (5, 300)):
        L = scene.Layout(W, H)
        assert scene._fits(f.ink_box("du", L.e64), W, H), (W, H)
        assert not scene._fits(f.ink_box("du", L.e64 + 1), W, H), (W, H)
        assert (L.ink_min_x + L.ink_max_x) / 2 == W / 2 and (L.ink_min_y + L.ink_max_y) / 2 == H / 2
        assert L.ink_w <= 0.8 * W and L.ink_h <= 0.8 * H
    assert scene.Layout(120, 90, font_size=70.004).e64 == 70 * 64     # rounded to 1/64 px


def test_time_and_bottom():
    sc = scene.Scene(scene.Params(200, 200, phase_step=11, rise_frames=90))
    assert sc.phase_deg(0) == 0.0 and sc.phase_deg(33) == (33 * 11) % 360 and sc.phase_deg(10 ** 6) == (11 * 10 ** 6) % 360
    assert sc.progress(89) == 89 / 90 and sc.progress(90) == 0.0
    ys, yc = sc.samples(0)                        # p = 0: the band lies below the ink
    assert ys.min() >= sc.layout.ink_max_y - 1e-9 and yc.min() >= sc.layout.ink_max_y - 1e-9
    full = scene.Scene(scene.Params(200, 200, progress=1.0))
    ys, yc = full.samples(7)                      # p = 1: above the ink
    assert ys.max() <= full.layout.ink_min_y + 1e-9 and yc.max() <= full.layout.ink_min_y + 1e-9
    low = scene.Scene(scene.Params(40, 40, amplitude=30.0))
    ys, yc = low.samples(0)
    assert low.y_bottom(ys, yc) == max(ys.max(), yc.max()) + 10 > 50 and low.fixed_y_bottom() is None


def test_parse_colour():
    assert scene.parse_colour("#46B751") == (0x46, 0xB7, 0x51, 255)
    assert scene.parse_colour("#e9e9e5b3") == (0xE9, 0xE9, 0xE5, 0xB3)
    for bad in ("46B751", "#46B75", "#46B7511", "#GGGGGG", ""):
        try:
            scene.parse_colour(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} accepted")


def test_shadow_blur_boxes():
    """family.py's shadow blur against a direct sum of each box (zeros outside the canvas) and
    feGaussianBlur's numbers: d for a few radii, unit mass away from the edges, the variance of
    three boxes (3 (d^2 - 1) / 12 for an odd d), their spread within 12 % of sigma; offsets rounded half away from zero."""
    import family as F
    assert [F.box_size(r) for r in (0, 0.5, 0.53, 0.54, 2, 3, 10, 50)] == [0, 0, 0, 1, 2, 3, 9, 47]
    rng = np.random.default_rng(7)
    a = rng.random((9, 23)).astype(np.float32)
    for lo, hi in ((2, 1), (1, 2), (2, 2), (0, 0), (5, 5)):
        for axis in (0, 1):
            got = F.box_pass(a, lo, hi, axis)
            want = np.zeros_like(a, dtype=np.float64)
            n = a.shape[axis]
            for i in range(n):
                sl = np.take(a.astype(np.float64), range(max(0, i - lo), min(n, i + hi + 1)), axis=axis).sum(axis=axis)
                if axis == 0:
                    want[i, :] = sl
                else:
                    want[:, i] = sl
            assert np.max(np.abs(got - want / (lo + hi + 1))) < 1e-6, (lo, hi, axis)
    for radius in (3.0, 10.0, 17.3):
        src = np.zeros((161, 161))
        src[80, 80] = 1
        out = F.shadow_alpha(src, radius, 0, 0, 1.0)
        assert abs(out.sum() - 1) < 1e-5
        d = F.box_size(radius)
        var1 = (d * d - 1) / 12 if d % 2 else None
        prof = out.sum(axis=0)
        x = np.arange(161) - 80
        mean = (prof * x).sum()
        var = (prof * (x - mean) ** 2).sum()
        if var1 is not None:
            assert abs(var - 3 * var1) < 1e-4 and abs(mean) < 1e-6, (radius, var)
        assert abs(math.sqrt(var) / (radius / 2) - 1) < 0.12, (radius, var)   # the boxes are a bit narrower
    src = np.zeros((20, 30))
    src[5:9, 4:10] = 1
    moved = F.shadow_alpha(src, 0.5, 2.5, -1.5, 0.5)      # no blur; offsets round half away from zero
    assert np.array_equal(moved[3:7, 7:13], np.full((4, 6), 0.5)) and moved.sum() == 12


def test_label_outline_band():
    """family.py's label outline (round_band: chords within RING_TOL = 1e-3 px) against the stroke
    scene's construction on chords within STROKE_TOL = 5e-4 px: within the 0.36/255 of coverage per
    pixel that RING_TOL allows (measured 0.23/255)."""
    import family as F
    face = F.Face.get()
    for text, e, h in (("AVA", 60, 6.0), ("ok", 14, 0.7)):
        cs = F.layout(text, face, e * 64).contours(10, 80)
        a = F.cov_geom(F.round_band(cs, h), 200, 100, "band")
        polys = [R.flatten_contour(c, F.STROKE_TOL) for c in cs]
        b = F.cov_geom(F.stroke_geom([(q, True) for q in polys], h, "round", "round", 10), 200, 100, "pieces")
        assert a.sum() > 100 * h and np.max(np.abs(a - b)) < 0.36 / 255, (text, np.max(np.abs(a - b)) * 255)


def test_border_grown_outline():
    """family.py's grown outline D(r) of the border ring against its definition (the points inside a
    contour or within r of the outline): every vertex of its boundary lies r from the outline (within
    the chords' 1e-3 px and the arcs' tolerance), and random points are in it exactly when they
    should be. The case is the one where GEOS's buffer reaches 11.08 px from "gauge" at r = 10.94."""
    import random
    import family as F
    from shapely.geometry import MultiLineString, Point as Pt

    o = {"size": (158, 83), "text": "gauge", "progress": 0.8}
    box = F.Container(o, 158, 83)
    lines = MultiLineString([R.flatten_contour(c, 1e-4) for c in box.contours])
    polys = F.shapely.union_all([F.Polygon(R.flatten_contour(c, 1e-4)).buffer(0) for c in box.contours])
    rng = random.Random(5)
    for r in (0.8, 3.04, 10.94):
        g = F.grown(box, r)
        rings = [g.exterior] + list(g.interiors) if g.geom_type == "Polygon" else \
            [x for p in g.geoms for x in [p.exterior] + list(p.interiors)]
        # (GEOS's union can leave holes of no area along the outline, where pieces only touch.)
        pts = [c for ring in rings if F.Polygon(ring).area > 1e-3 for c in ring.coords]
        for c in pts[::max(1, len(pts) // 4000)]:
            d = lines.distance(Pt(c))
            assert abs(d - r) < 2e-3, (r, c, d)
        x0, y0, x1, y1 = g.bounds
        for _ in range(1500):
            q = Pt(rng.uniform(x0 - 2, x1 + 2), rng.uniform(y0 - 2, y1 + 2))
            d = lines.distance(q)
            if abs(d - r) > 0.01:
                assert g.contains(q) == (polys.contains(q) or d < r), (r, q, d)


def test_pixel_blocks():
    """Pixelate's blocks follow the exact coverage: a band under a quadratic arch (area 10 h + 10 k / 3
    in a 10 px block) on either side of 0.4 by 2e-5, and stems covering exactly 0.4 of their last
    block (and 0.002 px less) on grids at odd offsets."""
    import family as F
    for h, k, n in ((3 + 2e-4, 3.0, 1), (3 - 2e-4, 3.0, 0), (2.5 + 1e-3, 4.5, 1), (2.5 - 1e-3, 4.5, 0)):
        for ox in (0.0, 0.3, 17.71):
            c = [("M", ox, 0.0), ("L", ox + 10, 0.0), ("L", ox + 10, h), ("Q", ox + 5, h + k, ox, h), ("L", ox, 0.0)]
            assert len(F.pixel_blocks([[c]], (ox, 0.0, ox + 10, 10.0), 10.0)) == n, (h, k, ox)
    for block in (2.0, 3.0, 5.0, 7.0):
        for ox in (0.1, 1 / 3, 0.7, 41.37, 1000.01):
            ink = (ox, 0.2, ox + 3 * block, 0.2 + block)
            for w, n in ((2.4 * block, 3), (2.4 * block - 0.002, 2)):
                c = [("M", ox, 0.2), ("L", ox + w, 0.2), ("L", ox + w, 0.2 + block), ("L", ox, 0.2 + block), ("L", ox, 0.2)]
                assert len(F.pixel_blocks([[c]], ink, block)) == n, (block, ox, w)


def test_particles_and_wave_motion():
    """family.py's SplitMix64 against its published first outputs (seed 0), a sparkle particle drawn
    at its birth and none 5 s after its emitter, and the wave's timing: an interrupted transition
    starts where the level had got to, the start value at frame 0, time-based phase, reduced motion's
    longer rise."""
    import family as F
    r = F.SplitMix64(0)
    assert [r.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    # One sparkle particle on a white canvas: its centre follows the key frames.
    ink, em = (40.0, 30.0, 80.0, 70.0), 40.0
    emitter = F.emitter("sparkle", ink, em, (0, 0, 0, 255), 0.0, 1.0, 12345)
    out = F.draw_particles(np.ones((120, 160, 4)), emitter, 0.0)
    assert np.any(out[..., 0] < 1), "particle 0 is drawn at its birth"
    out2 = F.draw_particles(np.ones((120, 160, 4)), emitter, 5.0)
    assert np.all(out2 == 1), "no particle outlives its emitter by 5 s"
    # Transitions: 0 -> 1 over 1 s linearly from frame 0, interrupted at frame 30 (0.5 s) towards 0.
    o = {"progress-at": "0:1,30:0", "transition": "1", "easing": "linear"}
    p45 = F.wave_motion(o, 45)[0]                 # 0.25 s into the second step, from 0.5
    assert abs(p45 - 0.5 * (1 - 0.25)) < 1e-12, p45
    assert F.wave_motion(dict(o, progress="0.2"), 0)[0] == 0.2       # frame 0: the start value
    assert F.wave_motion({"phase-speed": "90", "fps": "30"}, 30)[1] == 90.0
    p, _, _, reduced = F.wave_motion({"reduced-motion": True, "rise-frames": "100"}, 200)
    assert reduced and p == 0.5                   # R 400: frame 200 is half way


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

#!/usr/bin/env python3
"""Our frames against the independent renderer (family.py) on cases drawn at random.

  family_check.py PATH/TO/wavefill [--seed S] [--per-feature N] [--only FEATURE,...] [--keep DIR]

Each feature (below) draws N cases (default 2) from a random generator seeded with S (default:
from the clock; printed, so a run can be replayed with --seed).  Each case is rendered by
`wavefill render` and by family.py, and the two must agree within the feature's tolerance,
compared premultiplied (compare.py's --premultiplied): every feature here is exact on both sides,
so the tolerance is 1/255 per channel, and PSNR is printed.  Prints 'N passed, N failed'.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")
try:
    import numpy as np
    from PIL import Image
    import shapely  # noqa: F401
except ImportError:
    if os.path.exists(VENV_PY) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")):
        os.execv(VENV_PY, [VENV_PY] + sys.argv)
    sys.exit("family_check.py: packages missing: run tools/reference/setup.sh")
sys.path.insert(0, HERE)
import family as F  # noqa: E402

SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
WORDS = ["wave", "fill", "load", "du", "ok", "Tab", "AVA", "gauge", "Ripple", "water", "level", "Yes", "Too", "ring"]

# Per feature: the largest premultiplied difference allowed, per channel (x/255). Both sides are
# exact area coverage composited once, so SCENE.md's 1/255 applies to all of them.
TOLERANCE = 1
# A stroke cut short (0 < strokeEnd < 1) is cut at a fraction of its arc length, which both sides
# measure on the same chords (SCENE.md's, within 5e-4 px): the cut points agree, and it is held to
# 1/255 as the rest.


def colour(r):
    return "#" + "".join(f"{r.randrange(256):02X}" for _ in range(3)) + r.choice(["", "FF", "C0", "80"])


def size(r, lo=120, hi=320):
    return (r.randrange(lo, hi), r.randrange(lo * 2 // 3, hi * 3 // 4))


def text(r, n=2):
    return " ".join(r.choice(WORDS) for _ in range(n))


def case(o, flags, scene="wave", files=None):
    return scene, o, flags, files or {}


def wave_common(r, o, flags):
    o["frame"] = r.randrange(0, 900)
    if r.random() < 0.5:
        p = round(r.random(), 3)
        o["progress"] = p
        flags += ["--progress", str(p)]
    return o, flags


def gen_multiline(r):
    lines = [text(r, r.randrange(1, 3)) for _ in range(r.randrange(2, 4))]
    o = {"size": size(r), "text": "\n".join(lines), "align": r.choice(["center", "left", "right", "start", "end"]),
         "line-height": str(round(r.uniform(0.8, 1.6), 2))}
    flags = ["--text-file", "{text}", "--align", o["align"], "--line-height", o["line-height"]]
    if r.random() < 0.5:
        o["font"] = SERIF
        flags += ["--font", SERIF]
    return case(*wave_common(r, o, flags), files={"text": o["text"]})


def gen_wrap(r):
    t = " ".join(r.choice(WORDS) for _ in range(r.randrange(4, 8)))
    fs = round(r.uniform(14, 30), 2)
    wrap = round(r.uniform(fs * 3, fs * 7), 1)
    o = {"size": (r.randrange(240, 340), r.randrange(180, 260)), "text": t, "wrap": str(wrap), "font-size": str(fs),
         "align": r.choice(["center", "left", "right", "justify"])}
    flags = ["--text", t, "--wrap", o["wrap"], "--font-size", o["font-size"], "--align", o["align"]]
    return case(*wave_common(r, o, flags))


def gen_shape(r):
    s = r.choice(["circle", "rect", "triangle", "heart", "star", "rounded-rect", "drop"])
    o = {"size": size(r), "shape": s}
    flags = ["--shape", s]
    if s == "rounded-rect":
        o["corner-radius"] = str(r.randrange(0, 51))
        flags += ["--corner-radius", o["corner-radius"]]
    return case(*wave_common(r, o, flags))


def gen_svg(r):
    """Overlapping elements of opposite winding: each filled on its own, the container their union."""
    x, y, w, h = r.randrange(0, 30), r.randrange(0, 30), r.randrange(40, 80), r.randrange(40, 80)
    cx, cy, rr = r.randrange(40, 90), r.randrange(40, 90), r.randrange(15, 40)
    px = [r.randrange(0, 120) for _ in range(6)]
    rect = F.path_data(f"M{x} {y}H{x + w}V{y + h}H{x}Z")
    circ = [F.map_contours(F.shape_contours("circle"), lambda u, v: (cx - rr + u * rr / 50, cy - rr + v * rr / 50))[0]]
    tri = F.path_data(f"M{px[0]} {px[1]}L{px[4]} {px[5]}L{px[2]} {px[3]}Z")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">'
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}"/>'
           f'<circle cx="{cx}" cy="{cy}" r="{rr}"/>'
           f'<path d="M{px[0]} {px[1]}L{px[4]} {px[5]}L{px[2]} {px[3]}Z"/></svg>')
    elems = [(rect, "nonzero"), (circ, "nonzero")]
    if F.Polygon([(px[0], px[1]), (px[4], px[5]), (px[2], px[3])]).area > 1:
        elems.append((tri, "nonzero"))
    else:
        svg = svg.replace(f'<path d="M{px[0]} {px[1]}L{px[4]} {px[5]}L{px[2]} {px[3]}Z"/>', "")
    o = {"size": size(r), "svg-elements": elems}
    return case(*wave_common(r, o, ["--svg", "{svg}"]), files={"svg": svg})


def wave_look(r, o, flags):
    """Sometimes the front and back colours, the frequency and the wave width."""
    for key, make in (("front-wave", lambda: colour(r)), ("back-wave", lambda: colour(r)),
                      ("frequency", lambda: str(round(r.uniform(0.05, 3), 3))),
                      ("wave-width", lambda: str(round(r.uniform(10, 400), 2)))):
        if r.random() < 0.3:
            o[key] = make()
            flags += ["--" + key, o[key]]


def gen_stack(r):
    n = r.randrange(1, 7)
    o = {"size": size(r), "waves": n, "wave-edits": {}}
    flags = ["--waves", str(n)]
    wave_look(r, o, flags)
    for k in range(1, n + 1):
        if r.random() < 0.5:
            e = {"amplitude": str(round(r.uniform(2, 25), 2)), "speed": str(r.randrange(0, 4)),
                 "direction": r.choice(["left", "right"]), "phase": str(r.randrange(-360, 361)),
                 "frequency": str(round(r.uniform(0.1, 2), 2)), "color": colour(r)[:7]}
            o["wave-edits"][k] = e
            flags += ["--wave", f"{k}:" + ",".join(f"{a}={b}" for a, b in e.items())]
    return case(*wave_common(r, o, flags))


def gen_placement(r):
    """--center, --radius and --fit (contain, fill, none) for text and shapes, the shapes diamond,
    pin and arrow, --shape-direction, and the amplitude as a share of the ink height."""
    W, H = size(r)
    o = {"size": (W, H)}
    flags = []
    if r.random() < 0.6:
        o["shape"] = r.choice(["diamond", "pin", "arrow", "triangle", "circle", "heart"])
        flags += ["--shape", o["shape"]]
        if o["shape"] in ("arrow", "triangle") and r.random() < 0.8:
            o["shape-direction"] = r.choice(["up", "right", "down", "left"])
            flags += ["--shape-direction", o["shape-direction"]]
    else:
        o["text"] = r.choice(WORDS)
        flags += ["--text", o["text"]]
        if r.random() < 0.2:
            o["font-size"] = str(round(r.uniform(20, 80), 2))
            flags += ["--font-size", o["font-size"]]
    if r.random() < 0.7:
        px = lambda whole: r.choice([f"{round(r.uniform(0.2, 0.8) * whole, 2)}", f"{round(r.uniform(15, 85), 1)}%"])  # noqa: E731
        o["center"] = f"{px(W)},{px(H)}"
        flags += ["--center", o["center"]]
    if r.random() < 0.7:
        o["radius"] = r.choice([str(round(r.uniform(10, min(W, H) / 2), 2)), f"{round(r.uniform(10, 50), 1)}%"])
        flags += ["--radius", o["radius"]]
    o["fit"] = r.choice(["contain", "fill", "none"]) if "font-size" not in o else r.choice(["contain", "none"])
    flags += ["--fit", o["fit"]]
    if r.random() < 0.6:
        o["amplitude"] = r.choice([f"{round(r.uniform(0, 20), 1)}%", str(round(r.uniform(0, 20), 2))])
        flags += ["--amplitude", o["amplitude"]]
    return case(*wave_common(r, o, flags))


def gen_levels(r):
    """Waves with levels of their own (--wave K:level=L) at a fixed progress, 0 included, or rising."""
    n = r.randrange(2, 6)
    o = {"size": size(r), "waves": n, "wave-edits": {}, "frame": r.randrange(0, 900)}
    flags = ["--waves", str(n)]
    if r.random() < 0.7:
        o["progress"] = r.choice([0, 1, round(r.random(), 3)])
        flags += ["--progress", str(o["progress"])]
    for k in r.sample(range(1, n + 1), r.randrange(1, n + 1)):
        e = {"level": str(r.choice([0, 1, round(r.random(), 3)]))}
        if r.random() < 0.4:
            e["amplitude"] = str(round(r.uniform(0, 20), 2))
        o["wave-edits"][k] = e
        flags += ["--wave", f"{k}:" + ",".join(f"{a}={b}" for a, b in e.items())]
    if r.random() < 0.5:
        o["shape"] = r.choice(["circle", "diamond", "pin"])
        flags += ["--shape", o["shape"]]
    if r.random() < 0.3:
        o["label"], o["label-color"] = "{p}%", colour(r)
        flags += ["--label", "{p}%", "--label-color", o["label-color"]]
    return case(o, flags)


def gen_wave_timing(r):
    """SCENE.md 5 at a random frame: time-based phase and rise (--phase-speed, --rise-duration, --fps),
    transitions (--progress-to, or a --progress-at schedule that interrupts itself, up and down;
    --transition 0 jumps; --easing names and cubic-beziers that overshoot), --reduced-motion;
    sometimes waves with levels of their own (moved in proportion) or a label showing p."""
    o = {"size": size(r)}
    flags = []

    def put(key, value):
        o[key] = value
        flags.extend(["--" + key, value])
    if r.random() < 0.3:
        put("fps", r.choice(["30", "24", "120", str(round(r.uniform(5, 200), 2))]))
    fps = float(o.get("fps", 60))
    if r.random() < 0.5:
        put("phase-speed", str(round(r.uniform(-1800, 1800), 2)))
    if r.random() < 0.4:
        put("rise-duration", str(round(r.uniform(0.3, 20), 3)))
    if r.random() < 0.3:
        put("phase-step", str(round(r.uniform(-30, 30), 2)))
    if r.random() < 0.3:
        put("rise-frames", str(r.randrange(10, 1200)))
    if r.random() < 0.5:
        put("progress", str(round(r.random(), 3)))
    end = r.randrange(0, 1200)
    kind = r.choice(["to", "at", "at", "none"])
    T = r.choice([0, round(r.uniform(0.05, 3), 3)])
    if kind == "to":
        put("progress-to", str(round(r.random(), 3)))
        end = int(T * fps) + 40
    elif kind == "at":
        frames = sorted(r.sample(range(0, 600), r.randrange(1, 5)))
        if r.random() < 0.5:                    # fractional frames are allowed too
            frames = [f + 0.5 for f in frames]
        put("progress-at", ",".join(f"{f:g}:{r.choice([0, 1, round(r.random(), 3)])}" for f in frames))
        end = int(frames[-1] + T * fps) + 40
    if kind != "none":
        if r.random() < 0.8:
            put("transition", str(T))
        else:
            T = 1.0
            end = max(end, int(fps) + 600)
        if r.random() < 0.7:
            put("easing", r.choice(["linear", "ease-in", "ease-out", "ease-in-out",
                                    f"cubic-bezier({round(r.random(), 2)},{round(r.uniform(-1.5, 2.5), 2)},"
                                    f"{round(r.random(), 2)},{round(r.uniform(-1.5, 2.5), 2)})"]))
    if r.random() < 0.35:
        o["reduced-motion"] = True
        flags += ["--reduced-motion"]
    if r.random() < 0.4:
        put("amplitude", r.choice([str(round(r.uniform(0, 25), 2)), f"{round(r.uniform(0, 30), 1)}%"]))
    if r.random() < 0.35:
        n = r.randrange(2, 5)
        o["waves"], o["wave-edits"] = n, {}
        flags += ["--waves", str(n)]
        for k in r.sample(range(1, n + 1), r.randrange(1, n + 1)):
            e = {"level": str(r.choice([0, 1, round(r.random(), 3)]))}
            if r.random() < 0.5:
                e["amplitude"] = str(round(r.uniform(0, 20), 2))
            if r.random() < 0.5:
                e["speed"] = str(r.randrange(0, 4))
            o["wave-edits"][k] = e
            flags += ["--wave", f"{k}:" + ",".join(f"{a}={b}" for a, b in e.items())]
    if r.random() < 0.3:
        put("label", r.choice(["{p}%", "{p:.2}"]))
    if r.random() < 0.3:
        o["shape"] = r.choice(["circle", "heart", "rounded-rect"])
        flags += ["--shape", o["shape"]]
    o["frame"] = r.randrange(0, max(end, 1) + 1)
    return case(o, flags)


def mask_png(r):
    """A random RGBA image whose alpha is a container: a transparent margin, one to four ellipses
    and rectangles of random alpha (overlaps take the larger), sometimes speckled. (alpha, PNG bytes)"""
    import io
    iw, ih = r.randrange(4, 48), r.randrange(4, 48)
    a = np.zeros((ih, iw), dtype=np.uint8)
    ys, xs = np.mgrid[0:ih, 0:iw]
    for _ in range(r.randrange(1, 5)):
        x0, y0 = r.randrange(0, iw), r.randrange(0, ih)
        x1, y1 = r.randrange(x0, iw) + 1, r.randrange(y0, ih) + 1
        v = r.choice([255, r.randrange(1, 256)])
        if r.random() < 0.5:
            inside = (xs >= x0) & (xs < x1) & (ys >= y0) & (ys < y1)
        else:
            cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
            inside = ((xs + 0.5 - cx) / rx) ** 2 + ((ys + 0.5 - cy) / ry) ** 2 <= 1
        a[inside] = np.maximum(a[inside], v)
    if r.random() < 0.3:
        noise = np.array([[r.randrange(0, 256) if r.random() < 0.2 else 0 for _ in range(iw)] for _ in range(ih)], dtype=np.uint8)
        a = np.maximum(a, noise)
    if not a.any():
        a[r.randrange(ih), r.randrange(iw)] = r.randrange(1, 256)
    rgb = np.array([[[r.randrange(256) for _ in range(3)]]], dtype=np.uint8).repeat(ih, 0).repeat(iw, 1)
    buf = io.BytesIO()
    Image.fromarray(np.concatenate([rgb, a[..., None]], axis=-1), "RGBA").save(buf, "PNG")
    return a, buf.getvalue()


def mask_container(r, o, flags, files):
    """The container from a mask image (--mask-image), sometimes placed (--center, --radius, --fit)."""
    o["mask-alpha"], files["mask"] = mask_png(r)
    flags += ["--mask-image", "{mask}"]
    if r.random() < 0.3:
        o["fit"] = r.choice(["contain", "fill", "none"])
        flags += ["--fit", o["fit"]]
    if r.random() < 0.2:
        o["radius"] = str(round(r.uniform(10, min(o["size"]) / 2), 2))
        flags += ["--radius", o["radius"]]


def gen_mask(r):
    """A mask image's container (--mask-image) under the waves: a stack, the water gradient, a label."""
    o = {"size": size(r)}
    flags, files = [], {}
    mask_container(r, o, flags, files)
    if r.random() < 0.4:
        o["waves"] = r.randrange(1, 5)
        flags += ["--waves", str(o["waves"])]
    if r.random() < 0.3:
        o["water-gradient"] = colour(r)[:7]
        flags += ["--water-gradient", o["water-gradient"]]
    if r.random() < 0.3:
        o["container"] = colour(r)
        flags += ["--container", o["container"]]
    label(r, o, flags)
    return case(*wave_common(r, o, flags), files=files)


def ring_d(r, x0, y0, x1, y1, ccw):
    """Path data of a rectangle, a diamond or a triangle in the box, either way round."""
    kind = r.choice(["rect", "diamond", "triangle"])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    pts = {"rect": [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "diamond": [(mx, y0), (x1, my), (mx, y1), (x0, my)],
           "triangle": [(mx, y0), (x1, y1), (x0, y1)]}[kind]
    if ccw:
        pts = pts[::-1]
    return "M" + "L".join(f"{x:g} {y:g}" for x, y in pts) + "Z"


def gen_evenodd(r):
    """An outline with holes (--path, or an SVG path with fill-rule="evenodd") filled even-odd, its
    holes drawn either way round, with the container's shadow: cast by the outline under the
    non-zero rule, which fills a hole drawn the same way round as the outline around it (--path)."""
    o = {"size": size(r, 100, 240)}
    X0, Y0, X1, Y1 = 0, 0, r.randrange(60, 140), r.randrange(60, 140)
    d = f"M{X0} {Y0}H{X1}V{Y1}H{X0}Z" if r.random() < 0.5 else f"M{X0} {Y0}V{Y1}H{X1}V{Y0}Z"
    # Holes in disjoint cells of a 3 x 3 grid inside the middle of the outer box.
    cells = r.sample([(i, j) for i in range(3) for j in range(3)], r.randrange(1, 4))
    for i, j in cells:
        cw, ch = (X1 - X0) * 0.5 / 3, (Y1 - Y0) * 0.5 / 3
        bx, by = X0 + (X1 - X0) * 0.25 + i * cw, Y0 + (Y1 - Y0) * 0.25 + j * ch
        d += ring_d(r, round(bx + 0.1 * cw, 2), round(by + 0.1 * ch, 2), round(bx + 0.9 * cw, 2), round(by + 0.9 * ch, 2), r.random() < 0.5)
    contours = F.path_data(d)
    files = {}
    if r.random() < 0.5:
        flags = ["--path", d, "--fill-rule", "evenodd"]
    else:
        files["svg"] = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">'
                        f'<path fill-rule="evenodd" d="{d}"/></svg>')
        flags = ["--svg", "{svg}"]
    o["svg-elements"] = [(contours, "evenodd")]
    o["container-shadow"] = shadow_text(r)
    flags += ["--container-shadow", o["container-shadow"]]
    if r.random() < 0.3:
        o["container"] = colour(r)
        flags += ["--container", o["container"]]
    return case(*wave_common(r, o, flags), files=files)


def gen_area(r):
    """--fill-mapping area: the level with p of the container's area below it, for text (several
    lines sometimes), shapes, an SVG union, an even-odd path or a mask image; at a fixed progress
    (0 and 1 included) or rising; sometimes levels per wave."""
    kind = r.choice(["text", "shape", "svg", "evenodd", "mask"])
    if kind == "svg":
        _, o, flags, files = gen_svg(r)
    elif kind == "evenodd":
        _, o, flags, files = gen_evenodd(r)
        i = flags.index("--container-shadow")
        del flags[i:i + 2]
        del o["container-shadow"]
    else:
        o, flags, files = {"size": size(r)}, [], {}
        if kind == "mask":
            mask_container(r, o, flags, files)
        elif kind == "shape":
            o["shape"] = r.choice(["circle", "heart", "star", "triangle", "drop", "pin"])
            flags += ["--shape", o["shape"]]
        else:
            o["text"] = text(r, r.randrange(1, 3))
            flags += ["--text", o["text"]]
        o, flags = wave_common(r, o, flags)
    for k in ("progress",):
        if k in o and r.random() < 0.3:
            o[k] = r.choice([0, 1])
            flags[flags.index("--progress") + 1] = str(o[k])
    o["fill-mapping"] = "area"
    flags += ["--fill-mapping", "area"]
    if r.random() < 0.3:
        n = r.randrange(2, 4)
        o["waves"], o["wave-edits"] = n, {}
        flags += ["--waves", str(n)]
        k = r.randrange(1, n + 1)
        o["wave-edits"][k] = {"level": str(round(r.random(), 3))}
        flags += ["--wave", f"{k}:level={o['wave-edits'][k]['level']}"]
    return case(o, flags, files=files)


def gen_gradient(r):
    g = colour(r)[:7]
    o = {"size": size(r), "water-gradient": g}
    flags = ["--water-gradient", g]
    wave_look(r, o, flags)
    if r.random() < 0.5:
        o["waves"] = r.randrange(1, 5)
        flags += ["--waves", str(o["waves"])]
    return case(*wave_common(r, o, flags))


def gen_border(r):
    bw, gap = round(r.uniform(1, 8), 2), round(r.choice([0, r.uniform(0, 6)]), 2)
    o = {"size": size(r), "border-width": str(bw), "border-gap": str(gap), "border-color": colour(r)}
    flags = ["--border-width", str(bw), "--border-gap", str(gap), "--border-color", o["border-color"]]
    if r.random() < 0.5:
        s = r.choice(["circle", "heart", "star", "triangle"])
        o["shape"] = s
        flags += ["--shape", s]
    else:
        o["text"] = r.choice(WORDS)
        flags += ["--text", o["text"]]
    return case(*wave_common(r, o, flags))


def gen_label(r):
    fmt = r.choice(["{p}%", "{p:.1}", "{p:.2} %", "load {p}"])
    p = round(r.random(), 4)
    o = {"size": size(r), "label": fmt, "progress": p, "frame": r.randrange(0, 900),
         "label-color": colour(r), "label-inside-color": colour(r)}
    flags = ["--label", fmt, "--progress", str(p), "--label-color", o["label-color"],
             "--label-inside-color", o["label-inside-color"]]
    if r.random() < 0.5:
        o["label-size"] = str(round(r.uniform(12, 60), 2))
        flags += ["--label-size", o["label-size"]]
    if r.random() < 0.3:
        o["label-font"] = SERIF
        flags += ["--label-font", SERIF]
    if r.random() < 0.3:
        o["shape"] = "circle"
        flags += ["--shape", "circle"]
    return case(o, flags)


def label_look(r, o, flags, extra=None):
    """Random position, offset, anchors, fit, size and outline of one label: into o and flags (the
    main label's --label-* flags), or as an --extra-label's key=value fields (extra: a list)."""
    def put(key, value):
        if extra is None:
            o["label-" + key] = value
            flags.extend(["--label-" + key, value])
        else:
            extra.append(f"{key}={value}")
    pos = r.choice(["center", "top", "bottom", "left", "right", "above", "below"])
    put("position", pos)
    if r.random() < 0.5:
        dx, dy = round(r.uniform(-30, 30), 2), round(r.uniform(-30, 30), 2)
        if extra is None:
            o["label-offset"] = f"{dx},{dy}"
            flags += ["--label-offset", o["label-offset"]]
        else:
            extra += [f"dx={dx}", f"dy={dy}"]
    if r.random() < 0.5:
        put("align", r.choice(["left", "center", "right"]))
    if r.random() < 0.5:
        put("baseline", r.choice(["top", "middle", "bottom", "alphabetic"]))
    if r.random() < 0.4:
        put("fit", "shrink")
    if r.random() < 0.6:
        put("size", str(round(r.uniform(8, 90), 2)))
    if r.random() < 0.4:
        # Up to 6 px: on a small label, wider than its counters (the union of the pieces covers them).
        put("outline-width", str(round(r.uniform(0.3, 6), 2)))
        put("outline-color", colour(r))
    put("color", colour(r))
    put("inside-color", colour(r))


def label_format(r):
    f = r.choice(["{p}%", "{p:.1} %", "{v}", "{v:.2} kg", "load {p}", "{{v}} {v:.1}", "T {v:.0}"])
    if r.random() < 0.35:
        f += "\n" + r.choice(["{p}", "done", "ok {v}", "Level"])
    return f


def gen_label_layout(r):
    """Label placement: position, offset, align, baseline, shrink, multi-line formats, outlines,
    {v} with --value-range, and extra labels."""
    o = {"size": size(r, 140, 340), "frame": r.randrange(0, 900)}
    flags = []
    if r.random() < 0.5:
        o["shape"] = r.choice(["circle", "heart", "star", "rounded-rect", "rect"])
        flags += ["--shape", o["shape"]]
    else:
        o["text"] = r.choice(WORDS)
        flags += ["--text", o["text"]]
    p = round(r.random(), 4)
    o["progress"] = p
    flags += ["--progress", str(p)]
    if r.random() < 0.6:
        lo = round(r.uniform(-500, 100), r.choice([0, 1, 2]))
        hi = round(lo + r.uniform(0.5, 2000), r.choice([0, 1, 2]))
        o["value-range"] = f"{lo:g}:{hi:g}"
        flags += ["--value-range", o["value-range"]]
    o["label"] = label_format(r)
    flags += ["--label", o["label"]]
    label_look(r, o, flags)
    o["extra-label"] = []
    for _ in range(r.choice([0, 0, 1, 2])):
        fields = []
        label_look(r, o, flags, fields)
        value = ",".join(fields + ["text=" + label_format(r)])
        o["extra-label"].append(value)
        flags += ["--extra-label", value]
    if r.random() < 0.3:
        o["waves"] = r.randrange(1, 4)
        flags += ["--waves", str(o["waves"])]
    return case(o, flags)


def lines_style(r, o, flags):
    """Sometimes an --align and a --line-height for a text of several lines."""
    if r.random() < 0.6:
        o["align"] = r.choice(["center", "left", "right", "start", "end"])
        flags += ["--align", o["align"]]
    if r.random() < 0.5:
        o["line-height"] = str(round(r.uniform(0.8, 1.6), 2))
        flags += ["--line-height", o["line-height"]]


def gen_stroke(r):
    o = {"size": size(r, 160, 360), "frame": r.randrange(0, 400), "text": text(r, r.randrange(1, 3))}
    flags = ["--text", o["text"]]
    if r.random() < 0.3:
        o["text"] = text(r, 1) + "\n" + text(r, 1)
        flags = ["--text-file", "{text}"]
        lines_style(r, o, flags)
    for key, vals in (("line-join", ["round", "miter", "bevel"]), ("line-cap", ["round", "butt", "square"])):
        o[key] = r.choice(vals)
        flags += ["--" + key, o[key]]
    o["stroke-width"] = str(round(r.uniform(0.5, 6), 2))
    flags += ["--stroke-width", o["stroke-width"]]
    if o["line-join"] == "miter":
        o["miter-limit"] = str(round(r.uniform(1, 6), 2))
        flags += ["--miter-limit", o["miter-limit"]]
    if r.random() < 0.3:
        o["progress"] = str(round(r.random(), 3))
        flags += ["--progress", o["progress"]]
    if r.random() < 0.5:
        o["stroke-color"], o["text-color"] = colour(r), colour(r)
        flags += ["--stroke-color", o["stroke-color"], "--text-color", o["text-color"]]
    if r.random() < 0.25:                   # small text, counters narrower than the pen
        o["font-size"] = str(round(r.uniform(9, 24), 2))
        flags += ["--font-size", o["font-size"]]
    return case(o, flags, "stroke", {"text": o["text"]})


def gen_stroke_timing(r):
    """The pen's timing: --stroke-duration, --fill-duration, --easing, --glyph-stagger, --pen-tip."""
    _, o, flags, files = gen_stroke(r)
    o["size"] = size(r, 120, 240)
    o["stroke-duration"] = str(round(r.uniform(0.3, 5), 2))
    o["fill-duration"] = str(r.choice([0, round(r.uniform(0.2, 3), 2)]))
    flags += ["--stroke-duration", o["stroke-duration"], "--fill-duration", o["fill-duration"]]
    if r.random() < 0.7:
        o["easing"] = r.choice(["linear", "ease-in", "ease-out", "ease-in-out",
                                f"cubic-bezier({round(r.random(), 2)},{round(r.random(), 2)},{round(r.random(), 2)},{round(r.random(), 2)})"])
        flags += ["--easing", o["easing"]]
    if r.random() < 0.6:
        o["glyph-stagger"] = str(r.choice([0, round(r.uniform(0.05, 0.8), 2)]))
        flags += ["--glyph-stagger", o["glyph-stagger"]]
    if r.random() < 0.6:
        o["pen-tip"] = str(round(r.uniform(1, 14), 2))
        flags += ["--pen-tip", o["pen-tip"]]
    o.pop("progress", None)
    if "--progress" in flags:
        i = flags.index("--progress")
        del flags[i:i + 2]
    if r.random() < 0.3:
        o["progress"] = str(round(r.random(), 3))
        flags += ["--progress", o["progress"]]
    # Frames while the pens draw, and a few after (not on a whole-frame boundary of a pen).
    o["frame"] = r.randrange(0, int(60 * (float(o["stroke-duration"]) + 2.5)) + 1)
    return case(o, flags, "stroke", files)


def paragraph_look(r, o, flags, words=None):
    """Sometimes several lines (--text-file) or a wrap width, an alignment and a line height."""
    if r.random() < 0.35:
        o["text"] = "\n".join(text(r, r.randrange(1, 3)) for _ in range(r.randrange(2, 4)))
        i = flags.index("--text")
        flags[i:i + 2] = ["--text-file", "{text}"]
    elif words is not None and r.random() < 0.2:
        o["text"] = text(r, r.randrange(2, 4))
        flags[flags.index("--text") + 1] = o["text"]
        o["font-size"] = str(round(r.uniform(14, 40), 2))
        o["wrap"] = str(round(r.uniform(2, 6) * float(o["font-size"]), 1))
        flags += ["--font-size", o["font-size"], "--wrap", o["wrap"]]
    if "\n" in o["text"] or "wrap" in o or r.random() < 0.1:
        if r.random() < 0.7:
            o["align"] = r.choice(["center", "left", "right", "start", "end"] + (["justify"] if "wrap" in o else []))
            flags += ["--align", o["align"]]
        if r.random() < 0.5:
            o["line-height"] = str(round(r.uniform(0.8, 1.6), 2))
            flags += ["--line-height", o["line-height"]]
    return {"text": o["text"]} if "\n" in o["text"] else {}


def gen_spread(r):
    o = {"size": size(r), "text": r.choice(WORDS + ["Following"]), "frame": r.randrange(0, 200)}
    flags = ["--text", o["text"]]
    files = paragraph_look(r, o, flags, WORDS)
    if r.random() < 0.5:
        s = r.randrange(0, 60)
        d = s + r.randrange(5, 60)
        o["select-at"], o["deselect-at"] = str(s), str(d)
        o["frame"] = r.randrange(s, d + 40)
        flags += ["--select-at", str(s), "--deselect-at", str(d)]
    return case(o, flags, "spread", files)


def gen_shimmer(r):
    """--shimmer and its knobs (speed, pause, band length, direction, opacities, fades, colour),
    sometimes with a selection over it."""
    o = {"size": size(r), "text": r.choice(WORDS + ["Following"]), "frame": r.randrange(0, 600), "shimmer": True}
    flags = ["--text", o["text"], "--shimmer"]
    files = paragraph_look(r, o, flags)
    knobs = {"shimmer-speed": lambda: str(round(r.uniform(40, 600), 1)), "shimmer-pause": lambda: str(round(r.uniform(0, 1.5), 2)),
             "highlight-length": lambda: str(round(r.uniform(0.05, 1), 3)),
             "shimmer-direction": lambda: r.choice(["right", "left", "up", "down"]),
             "shimmer-opacity": lambda: str(round(r.random(), 2)), "highlight-opacity": lambda: str(round(r.random(), 2)),
             "shimmer-begin-fade": lambda: str(round(r.uniform(0, 0.6), 2)), "shimmer-end-fade": lambda: str(round(r.uniform(0, 0.8), 2)),
             "shimmer-color": lambda: colour(r), "text-color": lambda: colour(r)}
    for k, v in knobs.items():
        if r.random() < 0.5:
            o[k] = v()
            flags += ["--" + k, o[k]]
    if r.random() < 0.25:
        s = r.randrange(0, 60)
        o["select-at"] = str(s)
        flags += ["--select-at", str(s)]
    return case(o, flags, "spread", files)


def gen_marquee(r):
    o = {"size": size(r), "frame": r.randrange(0, 600)}
    flags = []
    if r.random() < 0.5:
        o["text"] = text(r, r.randrange(2, 6))
        flags += ["--text", o["text"]]
    for key, vals in (("direction", ["left", "right"]),
                      ("scroll", ["continuous", "bounce", "continuous-reverse", "left", "right", "left-right", "right-left"]),
                      ("easing", ["linear", "ease-in", "ease-out", "ease-in-out"]), ("text-align", ["left", "center", "right"])):
        o[key] = r.choice(vals)
        flags += ["--" + key, o[key]]
    if r.random() < 0.4:
        o["delay"] = str(round(r.uniform(0, 1.5), 2))
        flags += ["--delay", o["delay"]]
    if r.random() < 0.4:
        o["fade-length"] = str(round(r.uniform(0, o["size"][0] / 4), 1))
        flags += ["--fade-length", o["fade-length"]]
    if r.random() < 0.3:
        o["rate"] = str(round(r.uniform(20, 200), 1))
        flags += ["--rate", o["rate"]]
    if r.random() < 0.3:
        o["force-scroll"] = True
        flags += ["--force-scroll"]
    for key, make in (("leading-buffer", lambda: str(round(r.uniform(0, 60), 1))),
                      ("trailing-buffer", lambda: str(round(r.uniform(0, 60), 1))),
                      ("scroll-duration", lambda: str(round(r.uniform(0.5, 12), 2))),
                      ("font-size", lambda: str(round(r.uniform(8, 60), 2))),
                      ("text-color", lambda: colour(r)), ("background", lambda: colour(r))):
        if r.random() < 0.25 and not (key == "scroll-duration" and "rate" in o):
            o[key] = make()
            flags += ["--" + key, o[key]]
    if r.random() < 0.25:
        # Styled runs in the scene's font and size, one colour each (they replace --text).
        o.pop("text", None)
        if "--text" in flags:
            i = flags.index("--text")
            del flags[i:i + 2]
        o["runs"] = [(text(r, r.randrange(1, 3)) + " ", colour(r)) for _ in range(r.randrange(1, 4))]
        for t, c in o["runs"]:
            flags += ["--run", f"{t}|{c}"]
        o["runs"] = [(t, F.paint_colour(c)) for t, c in o["runs"]]
    return case(o, flags, "marquee")


def gen_morph(effect):
    """Texts, interval and seed at random, sometimes --morph-duration and --char-delay (a cluster's
    durations and delays), a text colour, another --fps; a frame within a change's animations (or
    just after, while particles live)."""
    def gen(r):
        words = r.sample(WORDS, r.randrange(2, 4))
        if r.random() < 0.4:
            # Texts of several lines: the same words on other lines, so that a character ends a
            # line in one text and not in the next (it still moves: a newline is in no cluster).
            words = ["\n".join(text(r, r.randrange(1, 3)) for _ in range(r.randrange(1, 4))) for _ in words]
        texts = ",".join(words)
        n = len(words)
        o = {"size": size(r), "texts": texts, "effect": effect, "seed": str(r.randrange(1, 1000))}
        flags = ["--texts", texts, "--effect", effect, "--seed", o["seed"]]
        if "\n" in texts or r.random() < 0.15:
            lines_style(r, o, flags)
            if r.random() < 0.3:             # lines broken at spaces, the size fitted to them
                o["wrap"] = str(round(r.uniform(0.2, 0.6) * o["size"][0], 1))
                flags += ["--wrap", o["wrap"]]
        longest = 1.35
        if r.random() < 0.5:
            o["morph-duration"] = str(round(r.uniform(0.1, 1.6), 3))
            flags += ["--morph-duration", o["morph-duration"]]
        if r.random() < 0.5:
            o["char-delay"] = str(r.choice([0, round(r.uniform(0, 0.9), 3)]))
            flags += ["--char-delay", o["char-delay"]]
        if "morph-duration" in o or "char-delay" in o:
            longest = float(o.get("char-delay", 0.2)) + float(o.get("morph-duration", 0.75)) / 0.75 * 1.15
        interval = round(r.uniform(longest + 0.01, longest + 1.2), 2)
        o["interval"] = str(interval)
        flags += ["--interval", o["interval"]]
        if r.random() < 0.3:
            o["text-color"] = colour(r)
            flags += ["--text-color", o["text-color"]]
        k = r.randrange(1, 2 * n + 1)
        # Anvil's dust rises where a character lands (after its whole animation): frames from the
        # middle of the animations on.
        lo = 0.5 * longest if effect == "anvil" else 0.0
        fps = 60
        if r.random() < 0.25:
            fps = r.choice([24, 30, 120])
            o["fps"] = str(fps)
            flags += ["--fps", o["fps"]]
        o["frame"] = int((k * interval + r.uniform(lo, min(longest + 0.8, interval))) * fps)
        return case(o, flags, "morph")
    return gen


def stops(r, n_lo=1, n_hi=5):
    n = r.randrange(n_lo, n_hi + 1)
    cols = [r.choice([colour(r), "#" + "".join(r.choice("0123456789ABCDEF") for _ in range(3))]) for _ in range(n)]
    if r.random() < 0.5:
        locs = sorted(round(r.random(), 3) for _ in range(n))
        if n > 2 and r.random() < 0.3:
            locs[1] = locs[2]          # two stops at one location: a jump
        if r.random() < 0.2:           # stops at the ends
            if n == 1:
                locs[0] = r.choice([0.0, 1.0])
            else:
                locs[0], locs[-1] = 0.0, 1.0
        return ", ".join(f"{c} {v}" for c, v in zip(cols, locs))
    return ", ".join(cols)


def paint(r, kind):
    if kind == "linear":
        angle = r.choice([None, 0, 90, 180, 270, 45, round(r.uniform(-360, 360), 2)])
        body = stops(r, r.choice([1, 2, 2, 2]))
        return f"linear({'' if angle is None else f'{angle}deg, '}{body})"
    return f"radial({stops(r, r.choice([1, 2, 2, 2]))})"


def gen_fill(kind, mask=False):
    """Linear or radial fills on 1 ... 3 of: the water, one wave (fill=), the container, the
    background, the ring (not with a mask image, which has no outline to ring)."""
    def gen(r):
        o = {"size": size(r, 100, 260)}
        flags = []
        files = {}
        if mask:
            mask_container(r, o, flags, files)
        elif r.random() < 0.5:
            o["shape"] = r.choice(["circle", "heart", "star", "rounded-rect"])
            flags += ["--shape", o["shape"]]
        else:
            o["text"] = r.choice(WORDS)
            flags += ["--text", o["text"]]
        kind_ = r.choice(["linear", "radial"]) if mask else kind
        targets = r.sample(["water-fill", "wave", "container-fill", "background-fill"] + ([] if mask else ["border-fill"]),
                           r.randrange(1, 4))
        for t in targets:
            pt = paint(r, kind_) if r.random() < 0.85 else colour(r)
            if t == "wave":
                n = r.randrange(1, 5)
                k = r.randrange(1, n + 1)
                o["waves"] = n
                o["wave-edits"] = {k: {"fill": pt}}
                flags += ["--waves", str(n), "--wave", f"{k}:fill={pt}"]
            else:
                o[t] = pt
                flags += ["--" + t, pt]
        if "border-fill" in targets:
            o["border-width"], o["border-gap"] = str(round(r.uniform(1, 8), 2)), str(round(r.uniform(0, 4), 2))
            flags += ["--border-width", o["border-width"], "--border-gap", o["border-gap"]]
        label(r, o, flags)
        return case(*wave_common(r, o, flags), files=files)
    return gen


def label(r, o, flags):
    """Sometimes a label: with a fill or a shadow it is drawn by the layer engine's masks."""
    if r.random() < 0.25:
        o["label"] = r.choice(["{p}%", "{p:.1}"])
        o["label-color"], o["label-inside-color"] = colour(r), colour(r)
        flags += ["--label", o["label"], "--label-color", o["label-color"], "--label-inside-color", o["label-inside-color"]]


def shadow_text(r):
    c = colour(r)
    rad = r.choice([0, 0.5, round(r.uniform(0.5, 3), 2), round(r.uniform(1, 20), 2), round(r.uniform(1, 50), 2)])
    if r.random() < 0.5:
        return f"{c} {rad}"                                       # a glow
    off = lambda: r.choice([round(r.uniform(-20, 20), 1), r.randrange(-30, 31) + 0.5, 0,  # noqa: E731
                            round(r.uniform(-200, 200), 2)])
    return f"{c} {rad} {off()} {off()}"


def gen_shadow(which, mask=False):
    """A container, ring or wave shadow (glow or offset), sometimes with a fill; with mask, the
    container's or a wave's shadow (at random) with a mask image's container."""
    def gen(r):
        if which == "container" and not mask and r.random() < 0.3:
            # Overlapping SVG elements of opposite winding: the shadow is cast by their union.
            _, o, flags, files = gen_svg(r)
            o[which + "-shadow"] = shadow_text(r)
            return case(o, flags + ["--" + which + "-shadow", o[which + "-shadow"]], files=files)
        o = {"size": size(r, 100, 240)}
        flags = []
        files = {}
        which_ = which
        if mask:
            mask_container(r, o, flags, files)
            which_ = r.choice(["container", "wave", "both"])
            if which_ == "both":
                for w in ("container", "wave"):
                    o[w + "-shadow"] = shadow_text(r)
                    flags += ["--" + w + "-shadow", o[w + "-shadow"]]
        elif r.random() < 0.5:
            o["shape"] = r.choice(["circle", "heart", "star", "triangle"])
            flags += ["--shape", o["shape"]]
        else:
            o["text"] = r.choice(WORDS)
            flags += ["--text", o["text"]]
        if which_ != "both":
            o[which_ + "-shadow"] = shadow_text(r)
            flags += ["--" + which_ + "-shadow", o[which_ + "-shadow"]]
        if not mask and (which == "border" or r.random() < 0.3):
            o["border-width"], o["border-gap"] = str(round(r.uniform(1, 8), 2)), str(round(r.uniform(0, 4), 2))
            flags += ["--border-width", o["border-width"], "--border-gap", o["border-gap"]]
        if which_ in ("wave", "both") and r.random() < 0.5:
            o["waves"] = r.randrange(1, 5)
            flags += ["--waves", str(o["waves"])]
        if r.random() < 0.3:
            key = r.choice(["container-fill", "water-fill"] + (["border-fill"] if "border-width" in o else []))
            o[key] = paint(r, r.choice(["linear", "radial"]))
            flags += ["--" + key, o[key]]
        if r.random() < 0.3:
            o["background"] = r.choice(["#00000000", colour(r)])
            flags += ["--background", o["background"]]
        if "water-fill" not in o and r.random() < 0.2:
            o["water-gradient"] = colour(r)[:7]
            flags += ["--water-gradient", o["water-gradient"]]
        if mask and r.random() < 0.3:
            o["container"] = colour(r)
            flags += ["--container", o["container"]]
        label(r, o, flags)
        return case(*wave_common(r, o, flags), files=files)
    return gen


FEATURES = {
    "text-lines": gen_multiline, "text-wrap": gen_wrap, "shape": gen_shape, "svg": gen_svg, "stack": gen_stack,
    "placement": gen_placement, "levels": gen_levels, "wave-timing": gen_wave_timing, "gradient": gen_gradient, "border": gen_border, "label": gen_label, "label-layout": gen_label_layout, "stroke": gen_stroke, "stroke-timing": gen_stroke_timing, "spread": gen_spread, "shimmer": gen_shimmer,
    "marquee": gen_marquee, "morph-fall": gen_morph("fall"), "morph-scale": gen_morph("scale"),
    "morph-evaporate": gen_morph("evaporate"), "morph-pixelate": gen_morph("pixelate"), "morph-none": gen_morph("none"),
    "morph-sparkle": gen_morph("sparkle"), "morph-burn": gen_morph("burn"), "morph-anvil": gen_morph("anvil"), "fill-linear": gen_fill("linear"), "fill-radial": gen_fill("radial"),
    "shadow-container": gen_shadow("container"), "shadow-border": gen_shadow("border"), "shadow-wave": gen_shadow("wave"),
    "shadow-evenodd": gen_evenodd, "fill-mapping": gen_area, "mask": gen_mask, "mask-fill": gen_fill(None, mask=True), "mask-shadow": gen_shadow(None, mask=True),
}


def premultiplied8(img):
    a = img.astype(np.int64)
    al = a[..., 3:4]
    return np.concatenate([(2 * a[..., :3] * al + 255) // 510, al], axis=-1)


def run_case(binary, scene, o, flags, files, tmp):
    subst = {}
    for name, content in files.items():
        if isinstance(content, bytes):          # a PNG
            path = os.path.join(tmp, f"{name}.png")
            with open(path, "wb") as fh:
                fh.write(content)
        else:
            path = os.path.join(tmp, f"{name}.{'svg' if name == 'svg' else 'txt'}")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(content)
        subst["{" + name + "}"] = path
    flags = [subst.get(f, f) for f in flags]
    W, H = o["size"]
    ours = os.path.join(tmp, "ours.png")
    cmd = [binary, "render", "--scene", scene, "--size", f"{W}x{H}", "--frame", str(o.get("frame", 0)),
           "--out", ours, "--force"] + flags
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, f"wavefill failed: {r.stderr.strip()[:300]}", cmd
    ref = F.to_png_bytes(F.render(scene, o))
    got = np.asarray(Image.open(ours).convert("RGBA"))
    d = np.abs(premultiplied8(ref) - premultiplied8(got))
    mse = float(np.mean(d.astype(np.float64) ** 2))
    psnr = math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)
    return (int(d.max()), psnr, int(np.count_nonzero(d.max(axis=2)))), ref, cmd


def shell(cmd):
    import shlex
    return " ".join(shlex.quote(c) for c in cmd[1:])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("wavefill")
    ap.add_argument("--seed", type=int, default=None, help="replay the cases of this seed")
    ap.add_argument("--per-feature", type=int, default=2, metavar="N", help="cases per feature (default 2)")
    ap.add_argument("--only", default=None, help="comma-separated features: " + ", ".join(FEATURES))
    ap.add_argument("--keep", default=None, metavar="DIR", help="write each failing case's reference PNG here")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 1_000_000_007
    feats = args.only.split(",") if args.only else list(FEATURES)
    for f in feats:
        if f not in FEATURES:
            ap.error(f"unknown feature {f!r}; known: {', '.join(FEATURES)}")
    print(f"family_check: seed {seed} (replay: tools/reference/family_check.py WAVEFILL --seed {seed})")
    passed = failed = 0
    worst = {}
    with tempfile.TemporaryDirectory() as tmp:
        for feat in feats:
            r = random.Random(f"{seed}:{feat}")
            for _ in range(args.per_feature):
                scene, o, flags, files = FEATURES[feat](r)
                t0 = time.perf_counter()
                try:
                    res, ref, cmd = run_case(args.wavefill, scene, o, flags, files, tmp)
                except Exception as e:  # a reference failure is a failed case, not a crash
                    res, ref, cmd = None, f"reference failed: {type(e).__name__}: {e}", ["wavefill", "render", "--scene", scene] + flags
                dt = time.perf_counter() - t0
                if res is None:
                    failed += 1
                    print(f"FAIL {feat}: {ref}\n     {shell(cmd)}")
                    continue
                mx, psnr, ndiff = res
                w = worst.setdefault(feat, [0, math.inf])
                w[0], w[1] = max(w[0], mx), min(w[1], psnr)
                ok = mx <= TOLERANCE
                passed += ok
                failed += not ok
                ps = "inf" if math.isinf(psnr) else f"{psnr:.1f}"
                print(f"{'ok  ' if ok else 'FAIL'} {feat}: max {mx}/255, {ndiff} px differ, PSNR {ps} dB ({dt:.1f}s)"
                      + ("" if ok else f"\n     {shell(cmd)}"))
                if not ok and args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    Image.fromarray(ref, "RGBA").save(os.path.join(args.keep, f"{feat}-{seed}-ref.png"))
    for feat, (mx, psnr) in worst.items():
        print(f"  worst {feat}: max {mx}/255, PSNR {'inf' if math.isinf(psnr) else f'{psnr:.1f}'} dB (tolerance {TOLERANCE}/255" + ")")
    print(f"family: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Our --svg containers against two SVG renderers we did not write: resvg (resvg-py) and rsvg-convert.

For each file of the conformance folder, wavefill renders the container alone (black on white, the
waves transparent, so the picture is the container's coverage) at 160x160: the bounds of the filled area scaled to 80 % of the canvas, centred.
Each reference draws the same file large (1600 px on its longer side); its silhouette is cropped to
the bounds of its filled pixels, box-filtered down to the size our fit gives those bounds and
centred the same way. The two silhouettes (coverage 0...1) must agree: IoU >= 0.98 (sum of minima
over sum of maxima) or PSNR >= 35 dB. Prints one line per file and reference; exits 1 on a miss.
"""
import io
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
import resvg_py
from PIL import Image

SIZE = 160
BIG = 1600
IOU_MIN = 0.98
PSNR_MIN = 35.0
# Where a reference itself departs from SVG 2, measured and printed but not counted as a miss.
KNOWN = {
    ("transform-origin.svg", "rsvg-convert"): "librsvg 2.54 ignores transform-origin",
    ("points-error.svg", "rsvg-convert"): "librsvg 2.54 draws nothing of points in error (SVG 2: up to the error)",
}


def ours(wavefill, svg, out):
    subprocess.run([wavefill, "render", "--svg", svg, "--size", f"{SIZE}x{SIZE}", "--progress", "0",
                    "--container", "#000000", "--front-wave", "#FFFFFF00", "--back-wave", "#FFFFFF00",
                    "--background", "#FFFFFF", "--amplitude", "0", "--out", out, "--force"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rgb = np.asarray(Image.open(out).convert("RGB"), dtype=np.float64) / 255
    return 1 - rgb.mean(axis=2)


def size_of(svg):
    import re
    text = open(svg, encoding="utf-8").read()
    w = re.search(r'<svg[^>]*\swidth="([0-9.]+)', text)
    h = re.search(r'<svg[^>]*\sheight="([0-9.]+)', text)
    return float(w.group(1)), float(h.group(1))


def silhouette(png_bytes):
    img = Image.open(io.BytesIO(png_bytes)).convert("RGBA")
    return np.asarray(img, dtype=np.float64)[:, :, 3] / 255


def resvg(svg):
    w, h = size_of(svg)
    z = BIG / max(w, h)
    return silhouette(bytes(resvg_py.svg_to_bytes(svg_path=svg, width=round(w * z), height=round(h * z))))


def rsvg(svg):
    w, h = size_of(svg)
    z = BIG / max(w, h)
    png = subprocess.run(["rsvg-convert", "-w", str(round(w * z)), "-h", str(round(h * z)), svg],
                         check=True, capture_output=True).stdout
    return silhouette(png)


def fitted(alpha):
    """The silhouette's filled bounds placed like ContainerLayout places an outline's bounds."""
    rows = np.where(alpha.max(axis=1) > 0)[0]
    cols = np.where(alpha.max(axis=0) > 0)[0]
    if len(rows) == 0:
        return np.zeros((SIZE, SIZE))
    # Sub-pixel edges: the edge rows/columns count by their largest coverage.
    top = rows[0] + 1 - alpha[rows[0]].max()
    bottom = rows[-1] + alpha[rows[-1]].max()
    left = cols[0] + 1 - alpha[:, cols[0]].max()
    right = cols[-1] + alpha[:, cols[-1]].max()
    bw, bh = right - left, bottom - top
    s = min(0.8 * SIZE / bw, 0.8 * SIZE / bh)
    ox = SIZE / 2 - s * (left + right) / 2
    oy = SIZE / 2 - s * (top + bottom) / 2
    # Box filter: each big pixel's coverage spread over the canvas pixels it overlaps.
    out = np.zeros((SIZE, SIZE))
    h, w = alpha.shape
    def weights(n, origin):
        m = np.zeros((SIZE, n))
        for u in range(n):
            a, b = origin + s * u, origin + s * (u + 1)
            for i in range(max(0, math.floor(a)), min(SIZE, math.ceil(b))):
                ov = min(b, i + 1) - max(a, i)
                if ov > 0:
                    m[i, u] = ov
        return m
    wy, wx = weights(h, oy), weights(w, ox)
    out = wy @ alpha @ wx.T
    return np.clip(out, 0, 1)


def agreement(a, b):
    iou = np.minimum(a, b).sum() / max(np.maximum(a, b).sum(), 1e-9)
    mse = ((a - b) ** 2).mean()
    psnr = float("inf") if mse == 0 else 10 * math.log10(1 / mse)
    return iou, psnr


def main():
    wavefill, folder = sys.argv[1], sys.argv[2]
    files = sorted(f for f in os.listdir(folder) if f.endswith(".svg"))
    misses = 0
    worst = {"resvg": (1.0, float("inf")), "rsvg-convert": (1.0, float("inf"))}
    with tempfile.TemporaryDirectory() as tmp:
        for name in files:
            path = os.path.join(folder, name)
            mine = ours(wavefill, path, os.path.join(tmp, "ours.png"))
            for ref, draw in (("resvg", resvg), ("rsvg-convert", rsvg)):
                theirs = fitted(draw(path))
                iou, psnr = agreement(mine, theirs)
                ok = iou >= IOU_MIN or psnr >= PSNR_MIN
                known = KNOWN.get((name, ref))
                if known:
                    print(f"known {name:28} {ref:13} IoU {iou:.4f}  PSNR {psnr:6.2f} dB  ({known})")
                    continue
                misses += not ok
                worst[ref] = (min(worst[ref][0], iou), min(worst[ref][1], psnr))
                print(f"{'ok   ' if ok else 'MISS '} {name:28} {ref:13} IoU {iou:.4f}  PSNR {psnr:6.2f} dB")
    for ref, (iou, psnr) in worst.items():
        print(f"svg conformance: {len(files)} files vs {ref} (known departures aside): lowest IoU {iou:.4f}, lowest PSNR {psnr:.2f} dB")
    if misses:
        print(f"svg conformance: {misses} disagreements (need IoU >= {IOU_MIN} or PSNR >= {PSNR_MIN} dB)")
        sys.exit(1)
    print(f"svg conformance: all {len(files)} files agree with resvg and rsvg-convert ({len(KNOWN)} known departures of theirs)")


if __name__ == "__main__":
    main()

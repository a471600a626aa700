#!/usr/bin/env python3
"""Compare two PNGs as straight 8-bit RGBA.

  compare.py A.png B.png [--tolerance 1] [--premultiplied] [--diff-out D.png] [--list N]

Prints the max absolute channel difference, how many pixels (and what percentage)
have some channel differing by more than the tolerance, and the PSNR over all RGBA
channels.  --premultiplied compares the 8-bit premultiplied values instead,
p = round(c * a / 255), which recovers exactly the premultiplied bytes that
SCENE.md's straight conversion c = round(p * 255 / a) came from: straight colour
channels magnify a 1-unit premultiplied difference by 255 / a at small alpha.
Exit status 0 when max diff <= tolerance, 1 otherwise, 2 on bad input.
"""
from __future__ import annotations

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")

try:
    import numpy as np
    from PIL import Image
except ImportError:
    if os.path.exists(VENV_PY) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")):
        os.execv(VENV_PY, [VENV_PY] + sys.argv)
    sys.exit("compare.py: numpy/pillow missing: run tools/reference/setup.sh")


def load(path, premultiplied=False):
    im = Image.open(path)
    a = np.asarray(im.convert("RGBA"), dtype=np.int32)
    if premultiplied:
        al = a[..., 3:4]
        a = np.concatenate([(2 * a[..., :3] * al + 255) // 510, al], axis=-1)   # round half up
    return a


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--tolerance", type=int, default=1, help="allowed abs difference per channel (default 1)")
    ap.add_argument("--premultiplied", action="store_true",
                    help="compare premultiplied values round(c*a/255) instead of straight RGBA")
    ap.add_argument("--diff-out", default=None, help="write |A-B| (max over channels, x32, grey) as a PNG")
    ap.add_argument("--list", type=int, default=0, metavar="N",
                    help="list the N pixels with the largest differences")
    args = ap.parse_args(argv)
    try:
        A, B = load(args.a, args.premultiplied), load(args.b, args.premultiplied)
    except (OSError, ValueError) as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 2
    if A.shape != B.shape:
        print(f"compare.py: sizes differ: {A.shape[1]}x{A.shape[0]} vs {B.shape[1]}x{B.shape[0]}", file=sys.stderr)
        return 2
    d = np.abs(A - B)
    dmax_px = d.max(axis=2)
    mx = int(d.max())
    over = int(np.count_nonzero(dmax_px > args.tolerance))
    n = dmax_px.size
    mse = float(np.mean(d.astype(np.float64) ** 2))
    psnr = math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)
    per_ch = [int(d[..., k].max()) for k in range(4)]
    print(f"{'premultiplied' if args.premultiplied else 'straight'} RGBA, {A.shape[1]}x{A.shape[0]}")
    print(f"max abs diff: {mx}  (R {per_ch[0]}, G {per_ch[1]}, B {per_ch[2]}, A {per_ch[3]})")
    print(f"pixels over tolerance {args.tolerance}: {over} of {n} ({100.0 * over / n:.4f} %)")
    print(f"pixels differing at all: {int(np.count_nonzero(dmax_px))} ({100.0 * np.count_nonzero(dmax_px) / n:.4f} %)")
    print(f"PSNR: {'inf' if math.isinf(psnr) else f'{psnr:.2f}'} dB")
    if args.list:
        idx = np.argsort(-dmax_px, axis=None, kind="stable")[:args.list]
        for k in idx:
            j, i = divmod(int(k), A.shape[1])
            if dmax_px[j, i] == 0:
                break
            print(f"  ({i}, {j}): A {A[j, i].tolist()}  B {B[j, i].tolist()}  diff {int(dmax_px[j, i])}")
    if args.diff_out:
        Image.fromarray(np.clip(dmax_px * 32, 0, 255).astype(np.uint8), "L").save(args.diff_out)
    return 0 if mx <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())

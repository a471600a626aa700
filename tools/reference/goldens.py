#!/usr/bin/env python3
"""Writes the Swift tests' golden images from the independent reference (family.py), never from
the code under test. The Swift golden tests then hold our renderer to them within 1/255.

  tools/reference/goldens.py            # rewrites Tests/WaveTests/Goldens and Tests/ScenesTests/Goldens
  tools/reference/goldens.py --check    # exit 1 when a stored golden differs from the reference
"""
from __future__ import annotations

import argparse
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")
try:
    import numpy as np
    from PIL import Image
    import shapely  # noqa: F401
except ImportError:
    if os.path.exists(VENV_PY) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")):
        os.execv(VENV_PY, [VENV_PY] + sys.argv)
    sys.exit("goldens.py: packages missing: run tools/reference/setup.sh")
sys.path.insert(0, HERE)
import family as F  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
WAVE = os.path.join(ROOT, "Tests", "WaveTests", "Goldens")
SCENES = os.path.join(ROOT, "Tests", "ScenesTests", "Goldens")

# Each golden: (folder, file, scene, options). The options are the ones the Swift test sets
# (Tests/WaveTests/GoldenTests.swift, Tests/ScenesTests/GoldenTests.swift).
GOLDENS = [(WAVE, f"default-200x155-p{int(p * 100)}.png", "wave", {"size": (200, 155), "frame": 30, "progress": p})
           for p in (0.0, 0.25, 0.5, 0.75, 1.0)] + [
    (SCENES, "marquee-200x100-t1.png", "marquee",
     {"size": (200, 100), "time": 1.0, "whole-frames": False,
      "runs": [("Now playing: ", (0x88, 0x88, 0x88, 0xFF)), ("Never Gonna Give You Up", (0, 0, 0, 0xFF))]}),
    (SCENES, "stroke-200x100-t2.png", "stroke", {"size": (200, 100), "time": 2.0, "text": "Wave"}),
    (SCENES, "spread-200x100-t0.45.png", "spread",
     {"size": (200, 100), "time": 0.45, "text": "Tab", "select-time": 0.3, "deselect-time": 2.5}),
    (SCENES, "morph-200x100-t3.4.png", "morph", {"size": (200, 100), "time": 3.4, "texts": "Yes,Too,AVs", "interval": "3"}),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    bad = 0
    for folder, name, scene, o in GOLDENS:
        img = F.to_png_bytes(F.render(scene, dict(o)))
        path = os.path.join(folder, name)
        if args.check:
            same = os.path.exists(path) and np.array_equal(np.asarray(Image.open(path).convert("RGBA")), img)
            bad += not same
            print(f"{'ok  ' if same else 'DIFF'} {os.path.relpath(path, ROOT)}")
            continue
        os.makedirs(folder, exist_ok=True)
        buf = io.BytesIO()
        Image.fromarray(img, "RGBA").save(buf, format="PNG")
        with open(path, "wb") as fh:
            fh.write(buf.getvalue())
        print(f"wrote {os.path.relpath(path, ROOT)} (reference)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

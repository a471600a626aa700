#!/usr/bin/env python3
"""Frame times of ThorVG and rlottie playing each scene's Lottie export, the peers of
`wavefill bench --scene NAME` (whole frames on one thread).

    lottie_peers.py --wavefill .build/release/wavefill --size 1024 --frames 120 [--scenes wave,marquee]

For each scene, `wavefill export --scene NAME --size SxS --out DIR/NAME.json` writes the document
(its default length: the loop or the whole animation); each player then renders --frames frames
spread evenly over it into its own S x S buffer, after 5 warm-up frames, one thread each. The
report (markdown, one row per scene: median and 90th percentile ms per frame) goes to stdout,
progress to stderr when stderr is a terminal.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def thorvg_times(doc: str, size: int, frames):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    if int(pic.load_data(doc.encode(), "lottie", None, True)) != 0:
        raise RuntimeError("ThorVG refused the document")
    pic.set_size(size, size)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size, size, size, tvg.Colorspace.ABGR8888)
    canvas.add(pic)

    def draw(f):
        anim.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return timed(draw, frames)


def rlottie_times(doc: str, size: int, frames):
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_data(doc)

    def draw(f):
        anim.lottie_animation_render(frame_num=int(f), width=size, height=size)
    return timed(draw, frames)


def timed(draw, frames):
    for f in frames[:5]:
        draw(f)
    out = []
    for f in frames:
        t = time.perf_counter()
        draw(f)
        out.append((time.perf_counter() - t) * 1000)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wavefill", required=True)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--scenes", default="wave,marquee,stroke,spread,morph")
    a = ap.parse_args()
    if not (16 <= a.size <= 4096) or not (1 <= a.frames <= 100000):
        sys.exit("lottie_peers.py: --size is 16...4096 and --frames 1...100000")
    progress = sys.stderr.isatty()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for scene in a.scenes.split(","):
            path = os.path.join(tmp, scene + ".json")
            subprocess.run([a.wavefill, "export", "--scene", scene, "--size", f"{a.size}x{a.size}", "--out", path],
                           check=True, stdout=subprocess.DEVNULL)
            with open(path, encoding="utf-8") as f:
                doc = f.read()
            total = json.loads(doc)["op"]
            frames = [k * total // a.frames for k in range(a.frames)]
            for player, fn in (("thorvg", thorvg_times), ("rlottie", rlottie_times)):
                if progress:
                    print(f"\r{scene} in {player}...", end="", file=sys.stderr, flush=True)
                ms = sorted(fn(doc, a.size, frames))
                rows.append((scene, player, statistics.median(ms), ms[int(0.9 * (len(ms) - 1))], len(doc)))
    if progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    print(f"| scene | player | size | median ms | p90 ms | document |")
    print("|---|---|---|---|---|---|")
    for scene, player, med, p90, n in rows:
        print(f"| {scene} | {player} | {a.size} | {med:.3f} | {p90:.3f} | {n / 1024:.1f} KiB |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Renders frames of a Lottie file with a real Lottie player, to straight-RGBA PNGs.

    render.py --player rlottie|thorvg FILE.json --frames 0,225,449.5 --out-dir DIR

Frames may be fractional for ThorVG (it draws between whole frames, as lottie-web does); rlottie
draws whole frames only, and a fractional one is refused.

Writes DIR/<player>-<frame>.png for each frame and prints one JSON line on stdout with what the
player reports about the document: {"player", "frames" (total), "fps", "width", "height", "files",
"container"}. A dotLottie file (.lottie, a zip) is opened with Python's zipfile: its manifest.json
names the first animation, read from animations/<id>.json, which the player then plays (neither
bundled player opens the zip itself); "container" is then "dotLottie" and "manifest" is the manifest.
Exit status 1 (one line on stderr) when the player refuses the document.

Players come from PyPI (tools/players/requirements.txt): rlottie-python bundles rlottie 0.2,
thorvg-python bundles ThorVG 1.0.4. Both render at the document's own size, premultiplied; the
pixels are converted to straight RGBA (Pillow's RGBa -> RGBA) for the PNG.
"""
import argparse
import json
import os
import sys
import zipfile

from PIL import Image


def render_rlottie(data: str, frames, out_dir):
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_data(data)
    w, h = anim.lottie_animation_get_size()
    info = {"frames": anim.lottie_animation_get_totalframe(),
            "fps": anim.lottie_animation_get_framerate(), "width": w, "height": h}
    files = []
    for n in frames:
        if n != int(n):
            raise RuntimeError(f"rlottie draws whole frames only, not {n}")
        n = int(n)
        buf = anim.lottie_animation_render(frame_num=n, width=w, height=h)
        # rlottie draws premultiplied ARGB32: B, G, R, A in memory on little-endian machines.
        img = Image.frombuffer("RGBa", (w, h), buf, "raw", "BGRa").convert("RGBA")
        path = os.path.join(out_dir, f"rlottie-{n}.png")
        img.save(path)
        files.append(path)
    anim.lottie_animation_destroy()
    return info, files


def render_thorvg(data: str, frames, out_dir):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    r = pic.load_data(data.encode(), "lottie", None, True)
    if int(r) != 0:
        raise RuntimeError(f"ThorVG refused the document: {r}")
    _, w, h = pic.get_size()
    w, h = int(round(w)), int(round(h))
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h, w, tvg.Colorspace.ABGR8888)   # R, G, B, A in memory, premultiplied
    canvas.add(pic)
    _, total = anim.get_total_frame()
    _, duration = anim.get_duration()
    info = {"frames": total, "fps": (total / duration) if duration else 0, "width": w, "height": h}
    files = []
    for n in frames:
        anim.set_frame(float(n))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        img = Image.frombuffer("RGBa", (w, h), bytes(canvas.buffer_arr), "raw", "RGBa").convert("RGBA")
        path = os.path.join(out_dir, f"thorvg-{n}.png")
        img.save(path)
        files.append(path)
    return info, files


def load_document(path):
    """The Lottie JSON text of a .json file or of the first animation of a dotLottie zip."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            bad = z.testzip()
            if bad is not None:
                raise RuntimeError(f"corrupt member {bad} in {path}")
            manifest = json.loads(z.read("manifest.json"))
            first = manifest["animations"][0]["id"]
            return z.read(f"animations/{first}.json").decode("utf-8"), {"container": "dotLottie", "manifest": manifest}
    with open(path, encoding="utf-8") as f:
        return f.read(), {"container": "json"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--player", choices=["rlottie", "thorvg"], required=True)
    ap.add_argument("--frames", required=True, help="comma-separated frame numbers (fractional for thorvg)")
    ap.add_argument("--out-dir", required=True)
    a = ap.parse_args()
    frames = [float(s) for s in a.frames.split(",") if s.strip()]
    frames = [int(f) if f == int(f) else f for f in frames]
    os.makedirs(a.out_dir, exist_ok=True)
    try:
        data, container = load_document(a.file)
        fn = render_rlottie if a.player == "rlottie" else render_thorvg
        info, files = fn(data, frames, a.out_dir)
        info.update(container)
    except Exception as e:  # the player's own refusal, reported as one line
        print(f"render.py: {a.player}: {e}", file=sys.stderr)
        sys.exit(1)
    info["player"] = a.player
    info["files"] = files
    print(json.dumps(info))


if __name__ == "__main__":
    main()

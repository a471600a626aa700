#!/usr/bin/env python3
"""Frame times of the default wave scene (docs/SCENE.md) in other 2D libraries.

Each peer renders frame n of the default scene on an S x S canvas, in full,
every frame: background, the text's glyphs in the container colour, then the
back (cos) and front (sin) wave masked by the glyphs. The glyph outline is
built once per size; the wave polygons are evaluated from the formula and
rebuilt as native paths inside every timed frame. The geometry is
tools/reference/scene_geometry.py, the same the exact reference renderer uses.

Rows:
  skia_clip          skia-python: AA clipPath(glyph), drawColor, drawPath x 2
  cairo_clip         pycairo: clip(glyph), paint, fill x 2
  blend2d_overpaint  blend2d-py: its binding has no clip or mask, so the waves
                     are drawn unclipped and the glyph's complement is then
                     painted in the (opaque) background colour
  thorvg_clip        thorvg-python: retained scene, {back, front} clipped by the
                     glyph shape; the wave paths are replaced through ctypes
  floor_memset       numpy: fill one S*S*4 frame
  floor_memcpy       numpy: copy one S*S*4 frame into another
  NAME (--external)  a program timing itself: it is run as
                     COMMAND --size SxS --frames N --warmup W [--png F --png-frame K]
                     and prints {"ms": [...], "version": "..."} as its last line

The report (markdown) goes to stdout, progress to stderr; --out DIR gets
results.md, results.json (`rows`: {peer, size, lib, secondary, floor,
median_ms}, read by tools/bench/ratios.py) and, when --png-size is one of
the sizes, frame --png-frame of every peer as <peer>_S<size>_f<frame>.png.

  tools/bench/.venv/bin/python tools/bench/peers.py --sizes 256,1024,2048 --frames 300 \\
      --external "swift=.build/release/wavefill bench" --out out/bench/peers
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import scene_geometry as geo  # noqa: E402


def unpremultiply(rgba: np.ndarray) -> np.ndarray:
    """Premultiplied RGBA bytes -> straight RGBA, c = round(c * 255 / a), 0 where a = 0."""
    a = rgba[..., 3:4].astype(np.int64)
    c = np.minimum(rgba[..., :3].astype(np.int64), a)
    safe = np.maximum(a, 1)
    straight = np.where(a == 0, 0, (2 * c * 255 + safe) // (2 * safe))
    return np.concatenate([straight, a], axis=-1).astype(np.uint8)


class Waves:
    """The scene at one size, and the two wave polygons of a frame."""

    def __init__(self, size: int):
        self.scene = geo.default_scene(size)
        self.size = size
        self.xs = self.scene.x.tolist()
        p = self.scene.params
        self.background, self.container = p.background, p.container
        self.back_colour, self.front_colour = p.back_wave, p.front_wave

    def frame(self, n: int):
        """(front ys, back yc, Ybot) for frame n."""
        ys, yc = self.scene.samples(n)
        return ys, yc, self.scene.y_bottom(ys, yc)


class Peer:
    slug = "?"
    lib = "?"
    floor = False

    def version(self) -> str:
        return "?"

    def setup(self, size: int):
        raise NotImplementedError

    def frame(self, n: int):
        raise NotImplementedError

    def pixels(self) -> np.ndarray:
        """The last frame as straight RGBA (size, size, 4) uint8."""
        raise NotImplementedError


class SkiaClip(Peer):
    slug, lib = "skia_clip", "skia-python"

    def version(self):
        import skia
        return f"skia-python {skia.__version__}"

    def setup(self, size):
        import skia
        self.sk = skia
        self.w = Waves(size)
        self.surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(size, size))
        self.canvas = self.surface.getCanvas()
        glyph = skia.Path()
        for contour in self.w.scene.layout.contours:
            glyph.moveTo(contour[0][1], contour[0][2])
            for seg in contour[1:]:
                {"L": glyph.lineTo, "Q": glyph.quadTo, "C": glyph.cubicTo}[seg[0]](*seg[1:])
            glyph.close()
        self.glyph = glyph
        self.bg = skia.Color(*self.w.background)
        self.container = skia.Color(*self.w.container)
        self.back = skia.Paint(AntiAlias=True, Color=skia.Color(*self.w.back_colour))
        self.front = skia.Paint(AntiAlias=True, Color=skia.Color(*self.w.front_colour))

    def _path(self, y, bottom):
        p = self.sk.Path()
        line = p.lineTo
        p.moveTo(0.0, y[0])
        for x, yy in zip(self.w.xs, y.tolist()):
            line(x, yy)
        line(float(self.w.size), bottom)
        line(0.0, bottom)
        p.close()
        return p

    def frame(self, n):
        ys, yc, bottom = self.w.frame(n)
        back, front = self._path(yc, bottom), self._path(ys, bottom)
        c = self.canvas
        c.clear(self.bg)
        c.save()
        c.clipPath(self.glyph, self.sk.ClipOp.kIntersect, True)
        c.drawColor(self.container)
        c.drawPath(back, self.back)
        c.drawPath(front, self.front)
        c.restore()

    def pixels(self):
        sk = self.sk
        a = self.surface.makeImageSnapshot().toarray(colorType=sk.ColorType.kRGBA_8888_ColorType,
                                                     alphaType=sk.AlphaType.kPremul_AlphaType)
        return unpremultiply(np.asarray(a))


class CairoClip(Peer):
    slug, lib = "cairo_clip", "pycairo"

    def version(self):
        import cairo
        return f"pycairo {cairo.version} (cairo {cairo.cairo_version_string()})"

    def setup(self, size):
        import cairo
        self.cairo = cairo
        self.w = Waves(size)
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
        ctx = self.ctx = cairo.Context(self.surface)
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        for contour in self.w.scene.layout.cubic_contours():
            ctx.move_to(contour[0][1], contour[0][2])
            for seg in contour[1:]:
                (ctx.line_to if seg[0] == "L" else ctx.curve_to)(*seg[1:])
            ctx.close_path()
        self.glyph = ctx.copy_path()
        ctx.new_path()
        self.colours = [tuple(v / 255.0 for v in c) for c in
                        (self.w.background, self.w.container, self.w.back_colour, self.w.front_colour)]

    def _wave(self, y, bottom):
        ctx = self.ctx
        line = ctx.line_to
        ctx.move_to(0.0, y[0])
        for x, yy in zip(self.w.xs, y.tolist()):
            line(x, yy)
        line(float(self.w.size), bottom)
        line(0.0, bottom)
        ctx.close_path()

    def frame(self, n):
        ys, yc, bottom = self.w.frame(n)
        cairo, ctx = self.cairo, self.ctx
        bg, container, back, front = self.colours
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*bg)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.append_path(self.glyph)
        ctx.clip()
        ctx.set_source_rgba(*container)
        ctx.paint()
        self._wave(yc, bottom)
        ctx.set_source_rgba(*back)
        ctx.fill()
        self._wave(ys, bottom)
        ctx.set_source_rgba(*front)
        ctx.fill()
        ctx.reset_clip()
        self.surface.flush()

    def pixels(self):
        s = self.w.size
        bgra = np.frombuffer(self.surface.get_data(), np.uint8).reshape(s, self.surface.get_stride() // 4, 4)[:, :s]
        return unpremultiply(bgra[..., [2, 1, 0, 3]])


class Blend2dOverpaint(Peer):
    slug, lib = "blend2d_overpaint", "blend2d-py"

    def version(self):
        from importlib.metadata import version
        return f"blend2d-py {version('blend2d-py')}"

    def setup(self, size):
        import blend2d
        self.b2d = blend2d
        self.w = Waves(size)
        if self.w.background[3] != 255:
            raise RuntimeError("painting the glyph's complement needs an opaque background")
        self.image = blend2d.Image(size, size)
        self.ctx = blend2d.Context(self.image)
        rings = flatten(self.w.scene.layout.contours, 0.02)
        self.glyph = self._poly_path(rings)
        # Non-zero fill of a canvas-sized rectangle wound against the glyph's
        # outer contours plus the glyph contours: everything but the ink.
        outer = sum(ring_area(r) for r in rings)
        m = -1.0
        frame = [(m, m), (size + 1.0, m), (size + 1.0, size + 1.0), (m, size + 1.0)]
        if (ring_area(frame) > 0) == (outer > 0):
            frame.reverse()
        self.outside = self._poly_path([frame] + rings)

    def _poly_path(self, rings):
        p = self.b2d.Path()
        for ring in rings:
            p.move_to(*ring[0])
            for pt in ring[1:]:
                p.line_to(*pt)
            p.close()
        return p

    def _wave(self, y, bottom):
        p = self.b2d.Path()
        line = p.line_to
        p.move_to(0.0, y[0])
        for x, yy in zip(self.w.xs, y.tolist()):
            line(x, yy)
        line(float(self.w.size), bottom)
        line(0.0, bottom)
        p.close()
        return p

    def frame(self, n):
        ys, yc, bottom = self.w.frame(n)
        back, front = self._wave(yc, bottom), self._wave(ys, bottom)
        ctx, op = self.ctx, self.b2d.CompOp
        ctx.set_comp_op(op.SRC_COPY)
        ctx.set_fill_style_rgba(*self.w.background)
        ctx.fill_all()
        ctx.set_comp_op(op.SRC_OVER)
        ctx.set_fill_style_rgba(*self.w.container)
        ctx.fill_path(self.glyph)
        ctx.set_fill_style_rgba(*self.w.back_colour)
        ctx.fill_path(back)
        ctx.set_fill_style_rgba(*self.w.front_colour)
        ctx.fill_path(front)
        ctx.set_fill_style_rgba(*self.w.background)
        ctx.fill_path(self.outside)       # synchronous context: the pixels are final here

    def pixels(self):
        return unpremultiply(np.array(self.image.asarray())[..., [2, 1, 0, 3]])


def flatten(contours, tol: float):
    """Contours -> closed point lists whose chords stay within tol px of the curves.

    A Bezier curve of degree d cut into n equal parameter steps deviates from
    its chords by at most d(d-1)/8 * max|P[i] - 2P[i+1] + P[i+2]| / n^2."""
    rings = []
    for contour in contours:
        pts = [tuple(contour[0][1:3])]
        for seg in contour[1:]:
            end = tuple(seg[-2:])
            if seg[0] != "L":
                ctrl = np.array([pts[-1]] + [seg[i:i + 2] for i in range(1, len(seg), 2)])
                deg = len(ctrl) - 1
                bend = float(np.hypot(*(ctrl[2:] - 2 * ctrl[1:-1] + ctrl[:-2]).T).max())
                steps = max(1, math.ceil(math.sqrt(deg * (deg - 1) / 8 * bend / tol)))
                t = np.arange(1, steps)[:, None] / steps
                inner = sum(math.comb(deg, k) * (1 - t) ** (deg - k) * t ** k * ctrl[k] for k in range(deg + 1))
                pts += [tuple(p) for p in inner.tolist()]
            pts.append(end)
        rings.append(pts)
    return rings


def ring_area(ring) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))


class ThorvgClip(Peer):
    slug, lib = "thorvg_clip", "thorvg-python"
    _engine = None

    def version(self):
        import thorvg_python as tvg
        return f"thorvg-python {tvg.__version__} (ThorVG {self._engine_up().version()[4]})"

    @classmethod
    def _engine_up(cls):
        if cls._engine is None:
            import thorvg_python as tvg
            cls._engine = tvg.Engine(threads=0)     # single-threaded, like the other peers
            lib = cls._engine.thorvg_lib
            vp = ctypes.c_void_p
            for name, args in (("tvg_shape_reset", [vp]), ("tvg_shape_append_path", [vp, vp, ctypes.c_uint32, vp, ctypes.c_uint32]),
                               ("tvg_canvas_update", [vp]), ("tvg_canvas_draw", [vp, ctypes.c_bool]), ("tvg_canvas_sync", [vp])):
                getattr(lib, name).argtypes = args
                getattr(lib, name).restype = ctypes.c_int
        return cls._engine

    def setup(self, size):
        import thorvg_python as tvg
        eng = self._engine_up()
        self.tvg_lib = eng.thorvg_lib
        self.w = Waves(size)
        self.canvas = tvg.SwCanvas(eng, tvg.EngineOption.NONE)       # no partial redraw
        self.canvas.set_target(size, size, size, tvg.Colorspace.ABGR8888)
        bg = tvg.Shape(eng)
        bg.append_rect(0, 0, size, size, 0, 0, True)
        bg.set_fill_color(*self.w.background)
        self.canvas.add(bg)
        self.canvas.add(self._glyph(tvg, eng, self.w.container))
        self.back, self.front = tvg.Shape(eng), tvg.Shape(eng)
        self.back.set_fill_color(*self.w.back_colour)
        self.front.set_fill_color(*self.w.front_colour)
        waves = tvg.Scene(eng)
        waves.add(self.back)
        waves.add(self.front)
        waves.set_clip(self._glyph(tvg, eng, (0, 0, 0, 255)))
        self.canvas.add(waves)
        npts = size + 3
        self.cmds = np.full(npts + 1, int(tvg.PathCommand.LINE_TO), np.uint8)
        self.cmds[0], self.cmds[-1] = int(tvg.PathCommand.MOVE_TO), int(tvg.PathCommand.CLOSE)
        self.pts = np.zeros((npts, 2), np.float32)
        self.pts[:size + 1, 0] = self.w.scene.x
        self.pts[size + 1:, 0] = (size, 0)
        self.clear = self.w.background[3] != 255      # an opaque rectangle covers every pixel

    def _glyph(self, tvg, eng, colour):
        sh = tvg.Shape(eng)
        for contour in self.w.scene.layout.cubic_contours():
            sh.move_to(contour[0][1], contour[0][2])
            for seg in contour[1:]:
                (sh.line_to if seg[0] == "L" else sh.cubic_to)(*seg[1:])
            sh.close()
        sh.set_fill_rule(tvg.FillRule.NON_ZERO)
        sh.set_fill_color(*colour)
        return sh

    def _set(self, shape, y, bottom):
        s = self.w.size
        self.pts[:s + 1, 1] = y
        self.pts[s + 1:, 1] = bottom
        self.tvg_lib.tvg_shape_reset(shape._paint)
        self.tvg_lib.tvg_shape_append_path(shape._paint, self.cmds.ctypes.data, len(self.cmds),
                                       self.pts.ctypes.data, len(self.pts))

    def frame(self, n):
        ys, yc, bottom = self.w.frame(n)
        self._set(self.back, yc, bottom)
        self._set(self.front, ys, bottom)
        c = self.canvas._canvas
        lib = self.tvg_lib
        lib.tvg_canvas_update(c)
        lib.tvg_canvas_draw(c, self.clear)
        lib.tvg_canvas_sync(c)

    def pixels(self):
        s = self.w.size
        return unpremultiply(np.frombuffer(self.canvas.buffer_arr, np.uint8).reshape(s, s, 4).copy())


class FloorMemset(Peer):
    slug, lib, floor = "floor_memset", "numpy", True

    def version(self):
        return f"numpy {np.__version__}"

    def setup(self, size):
        self.buf = np.zeros((size, size, 4), np.uint8)

    def frame(self, n):
        self.buf.fill(n & 255)


class FloorMemcpy(FloorMemset):
    slug = "floor_memcpy"

    def setup(self, size):
        self.src = np.full((size, size, 4), 255, np.uint8)
        self.buf = np.zeros_like(self.src)

    def frame(self, n):
        np.copyto(self.buf, self.src)


PEERS = [SkiaClip, CairoClip, Blend2dOverpaint, ThorvgClip, FloorMemset, FloorMemcpy]


class External:
    """A self-timed program (the contract of `wavefill bench --size`)."""
    floor = False

    def __init__(self, slug: str, command: str):
        self.slug = self.lib = slug
        self.command = command
        self.reported = None

    def version(self):
        return self.reported or self.command

    def run(self, size, frames, warmup, png=None, png_frame=0):
        argv = shlex.split(self.command) + ["--size", f"{size}x{size}", "--frames", str(frames),
                                             "--warmup", str(warmup)]
        if png:
            argv += ["--png", png, "--png-frame", str(png_frame)]
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"exit {done.returncode}: {done.stderr.strip()[-300:]}")
        lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
        if not lines:
            raise RuntimeError("printed nothing")
        data = json.loads(lines[-1])
        self.reported = data.get("version") or self.reported
        return [float(v) for v in data["ms"]]


def time_peer(peer: Peer, size: int, frames: int, warmup: int, label: str):
    """Per-frame milliseconds of frames 0..frames-1 after frames 0..warmup-1."""
    peer.setup(size)
    for n in range(warmup):
        peer.frame(n)
    live = sys.stderr.isatty()
    clock = time.perf_counter
    ms = []
    gc.collect()
    gc.disable()
    try:
        for n in range(frames):
            t0 = clock()
            peer.frame(n)
            ms.append((clock() - t0) * 1e3)
            if live and n % 25 == 24:
                sys.stderr.write(f"\r  {label}: frame {n + 1}/{frames}")
                sys.stderr.flush()
    finally:
        gc.enable()
    if live:
        sys.stderr.write("\r\033[K")
    return ms


def quantile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="256,1024,2048", help="canvas sides, comma-separated (default 256,1024,2048)")
    ap.add_argument("--frames", type=int, default=300, help="timed frames per peer and size (default 300)")
    ap.add_argument("--warmup", type=int, default=10, help="untimed frames before (default 10)")
    ap.add_argument("--peers", default="", help="comma-separated slugs to run (default: all)")
    ap.add_argument("--external", action="append", default=[], metavar="NAME=COMMAND",
                    help="a self-timed program, run as COMMAND --size SxS --frames N --warmup W (repeatable)")
    ap.add_argument("--out", default=None, help="folder for results.json, results.md and the PNGs")
    ap.add_argument("--png-size", type=int, default=1024, help="size whose frame --png-frame is saved (default 1024)")
    ap.add_argument("--png-frame", type=int, default=150, help="frame saved as PNG (default 150)")
    args = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--sizes {args.sizes!r}: expected integers separated by commas")
    if not sizes or min(sizes) < 1 or args.frames < 1 or args.warmup < 0:
        ap.error("need at least one size >= 1, --frames >= 1 and --warmup >= 0")

    runners = []
    for spec in args.external:
        name, _, command = spec.partition("=")
        if not name or not command:
            ap.error(f"--external {spec!r}: expected NAME=COMMAND")
        runners.append(External(name, command))
    runners += [cls() for cls in PEERS]
    if args.peers:
        wanted = set(args.peers.split(","))
        runners = [r for r in runners if r.slug in wanted]
    out = args.out
    if out:
        os.makedirs(out, exist_ok=True)

    versions, failures, rows, stats = {}, {}, [], []
    for r in runners:
        try:
            versions[r.slug] = r.version()
        except Exception as e:  # noqa: BLE001  (a library that does not import)
            failures[r.slug] = f"{type(e).__name__}: {e}"
    print(f"peers.py: {len(runners) - len(failures)} peers, sizes {sizes}, {args.frames} frames after "
          f"{args.warmup} warm-up; python {platform.python_version()}, {os.cpu_count()} cpu, "
          f"load {os.getloadavg()[0]:.2f}", file=sys.stderr)

    for size in sizes:
        for r in runners:
            if r.slug in failures:
                continue
            png = os.path.join(out, f"{r.slug}_S{size}_f{args.png_frame}.png") \
                if out and size == args.png_size and not r.floor else None
            try:
                if isinstance(r, External):
                    ms = r.run(size, args.frames, args.warmup, png, args.png_frame)
                    versions[r.slug] = r.version()
                else:
                    peer = type(r)()              # fresh surfaces for every size
                    ms = time_peer(peer, size, args.frames, args.warmup, f"{r.slug} S={size}")
                    if png:
                        peer.frame(args.png_frame)
                        from PIL import Image
                        Image.fromarray(peer.pixels(), "RGBA").save(png)
            except Exception as e:  # noqa: BLE001  (one broken peer must not stop the others)
                failures[r.slug] = f"S={size}: {type(e).__name__}: {e}"
                print(f"  {r.slug} S={size}: FAILED {failures[r.slug]}", file=sys.stderr)
                continue
            finally:
                peer = None
                gc.collect()
            med = statistics.median(ms)
            rows.append({"peer": r.slug, "size": size, "lib": r.lib, "secondary": False,
                         "floor": r.floor, "median_ms": med})
            stats.append((r.slug, size, med, quantile(ms, 0.1), quantile(ms, 0.9)))
            print(f"  {r.slug:20s} S={size:5d}  median {med:8.3f} ms", file=sys.stderr, flush=True)

    lines = [f"### Peers: default scene, {args.frames} frames after {args.warmup} warm-up (ms per frame)", "",
             "| peer | S | median | p10 | p90 |", "|---|---:|---:|---:|---:|"]
    lines += [f"| {p} | {s} | {m:.3f} | {lo:.3f} | {hi:.3f} |" for p, s, m, lo, hi in stats]
    lines += ["", "Versions: " + "; ".join(f"`{k}` {v}" for k, v in versions.items() if k not in failures)]
    if failures:
        lines += ["", "Not run: " + "; ".join(f"`{k}`: {v}" for k, v in failures.items())]
    text = "\n".join(lines)
    print(text)
    if out:
        with open(os.path.join(out, "results.md"), "w") as fh:
            fh.write(text + "\n")
        with open(os.path.join(out, "results.json"), "w") as fh:
            json.dump({"args": vars(args), "versions": versions, "failures": failures, "rows": rows,
                       "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                                   "platform": platform.platform()}}, fh, indent=1)
    # A library that is missing is reported and skipped; an external program (ours) that fails is an error.
    broken = [r.slug for r in runners if isinstance(r, External) and r.slug in failures]
    return 1 if not rows or broken else 0


if __name__ == "__main__":
    sys.exit(main())

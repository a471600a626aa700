"""Geometry of one wave-fill frame, as docs/SCENE.md defines it.

This module places things; it never rasterizes.  It is used by the exact
reference renderer (reference.py, beside it) and by the peers benchmark
(tools/bench/peers.py), so that both see the same glyphs and the same waves.

What it computes, in float64 canvas pixels (origin top left, y down):

* the text shaped by HarfBuzz (uharfbuzz) with the font's scale set to E*64,
  so advances and offsets are 26.6 values (1/64 px);
* the glyph outlines from FreeType (freetype-py), unhinted, at the character
  size E*64 / 72 dpi, i.e. FreeType's own 26.6 points, kept as they are;
* the ink box: the union of FT_Outline_Get_BBox over the placed glyphs
  (exact curve extrema, still in 26.6);
* the default E: the largest multiple of 1/64 px whose ink box fits in 80 %
  of the canvas width and 80 % of its height;
* the placement: the ink box centred in the canvas, no rounding;
* per frame n: the phase, the progress, the W+1 samples of the front (sin)
  and back (cos) wave, and Ybot.

Contours are lists of segments in canvas pixels: ('M', x, y) first, then
('L', x, y), ('Q', cx, cy, x, y) or ('C', c1x, c1y, c2x, c2y, x, y); every
contour ends where it started (FreeType's decomposition closes it).
"""
from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
from dataclasses import dataclass

import numpy as np

DEBIAN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONTCONFIG_PATTERN = "DejaVu Sans:bold"

# The ink box must fit in FIT_NUM / FIT_DEN of the canvas in both directions.
FIT_NUM, FIT_DEN = 4, 5
# Ybot lies this far below both the canvas bottom and the lowest sample.
BELOW = 10.0

_COLOUR = re.compile(r"#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?")


def default_font() -> str:
    """DejaVu Sans Bold: Debian's file when it is there (what `wavefill` uses
    first), else what fontconfig answers for 'DejaVu Sans:bold', else Debian's
    path anyway (the caller then reports it missing)."""
    if os.access(DEBIAN_FONT, os.R_OK):
        return DEBIAN_FONT
    if shutil.which("fc-match"):
        try:
            found = subprocess.run(["fc-match", "-f", "%{file}", FONTCONFIG_PATTERN],
                                   capture_output=True, text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            found = ""
        if found and os.path.isfile(found):
            return found
    return DEBIAN_FONT


def parse_colour(text: str) -> tuple[int, int, int, int]:
    """'#RRGGBB' or '#RRGGBBAA' to straight (r, g, b, a) bytes; opaque when AA is absent."""
    m = _COLOUR.fullmatch(text or "")
    if m is None:
        raise ValueError(f"{text!r} is not a colour: expected #RRGGBB or #RRGGBBAA")
    rgb, alpha = m.group(1), m.group(2)
    return (int(rgb[0:2], 16), int(rgb[2:4], 16), int(rgb[4:6], 16),
            255 if alpha is None else int(alpha, 16))


@dataclass
class Params:
    """Every input of a wave frame.  None means: derived from the ink box
    (font_size, amplitude, wave_width) or the repeating rise (progress)."""
    width: int
    height: int
    text: str = "du"
    font: str | None = None              # None: default_font()
    font_size: float | None = None       # E in px, rounded to 1/64
    amplitude: float | None = None       # A, default 0.15 * inkH
    frequency: float = 0.3               # f
    wave_width: float | None = None      # w, default inkW
    phase_step: float = 8.0              # degrees per frame
    rise_frames: int = 300               # R
    progress: float | None = None        # fixed p in [0, 1]
    background: tuple = (255, 255, 255, 255)      # #FFFFFF
    container: tuple = (0xE9, 0xE9, 0xE5, 0xB3)   # #E9E9E5B3
    back_wave: tuple = (0x46, 0xB7, 0x51, 0x66)   # #46B75166 (cos)
    front_wave: tuple = (0x46, 0xB7, 0x51, 0xFF)  # #46B751   (sin)


# ------------------------------------------------------------------ text --

class _Font:
    """One font file opened twice: HarfBuzz for shaping, FreeType for outlines."""

    def __init__(self, path: str):
        import freetype
        import uharfbuzz as hb
        if not os.path.isfile(path):
            raise ValueError(f"font file {path!r} does not exist")
        self._hb = hb
        self._ft = freetype
        self.hb_face = hb.Face(hb.Blob.from_file_path(path))
        self.face = freetype.Face(path)
        self.units_per_em = self.face.units_per_EM

    def _shape_line(self, font, line: str):
        hb = self._hb
        buf = hb.Buffer()
        buf.add_str(line)
        buf.guess_segment_properties()
        hb.shape(font, buf, {})
        return list(zip(buf.glyph_infos, buf.glyph_positions))

    def run(self, text: str, e64: int):
        """Shapes `text` at em size e64/64 px. Yields (glyph id, pen x, pen y)
        in 26.6 units, y up, with FreeType's glyph slot loaded for that glyph.

        Lines (split at newlines, left-to-right text in one font) are centred on
        the widest line's advance (half the difference, rounded towards zero),
        each baseline ascender - descender + line gap of the font below the one
        before, the first at y = 0."""
        hb = self._hb
        font = hb.Font(self.hb_face)
        font.scale = (e64, e64)
        ext = font.get_font_extents("ltr")
        step = ext.ascender - ext.descender + ext.line_gap
        lines = [self._shape_line(font, line) for line in text.split("\n")]
        widths = [sum(pos.x_advance for _, pos in line) for line in lines]
        widest = max(widths)
        self.face.set_char_size(0, e64, 72, 72)
        load = self._ft.FT_LOAD_NO_HINTING | self._ft.FT_LOAD_NO_BITMAP
        for k, (line, w) in enumerate(zip(lines, widths)):
            pen_x, pen_y = (widest - w) // 2, -k * step
            for info, pos in line:
                self.face.load_glyph(info.codepoint, load)
                yield info.codepoint, pen_x + pos.x_offset, pen_y + pos.y_offset
                pen_x += pos.x_advance
                pen_y += pos.y_advance

    def ink_box(self, text: str, e64: int):
        """(xMin, yMin, xMax, yMax) of the placed outlines in 26.6, y up; None without ink."""
        box = None
        for _, gx, gy in self.run(text, e64):
            outline = self.face.glyph.outline
            if outline.n_points == 0:
                continue
            b = outline.get_bbox()
            g = (gx + b.xMin, gy + b.yMin, gx + b.xMax, gy + b.yMax)
            box = g if box is None else (min(box[0], g[0]), min(box[1], g[1]),
                                         max(box[2], g[2]), max(box[3], g[3]))
        return box

    def outlines(self, text: str, e64: int):
        """[(pen x, pen y, contours in 26.6 font space)] for every glyph with ink."""
        out = []
        for _, gx, gy in self.run(text, e64):
            outline = self.face.glyph.outline
            if outline.n_points:
                out.append((gx, gy, _contours(outline)))
        return out


def _contours(outline):
    """FT_Outline_Decompose into segment tuples (26.6, y up)."""
    contours = []

    def move_to(p, _user):
        contours.append([("M", p.x, p.y)])

    def line_to(p, _user):
        contours[-1].append(("L", p.x, p.y))

    def conic_to(c, p, _user):
        contours[-1].append(("Q", c.x, c.y, p.x, p.y))

    def cubic_to(c1, c2, p, _user):
        contours[-1].append(("C", c1.x, c1.y, c2.x, c2.y, p.x, p.y))

    outline.decompose(None, move_to, line_to, conic_to, cubic_to)
    return contours


def _fits(box, width: int, height: int) -> bool:
    """Exact test, in integers: ink width <= 80 % of W and ink height <= 80 % of H (26.6)."""
    x0, y0, x1, y1 = box
    return (x1 - x0) * FIT_DEN <= FIT_NUM * 64 * width and (y1 - y0) * FIT_DEN <= FIT_NUM * 64 * height


def fitted_e64(font: _Font, text: str, width: int, height: int) -> int:
    """The largest em size in 1/64 px whose ink box fits in 80 % of the canvas.

    The ink box grows almost linearly with E, so a size measured at one em per
    font unit gives a first guess; outlines and positions are rounded to 1/64,
    so the guess is then corrected one 1/64 step at a time."""
    big = font.units_per_em * 64
    x0, y0, x1, y1 = font.ink_box(text, big)
    ratio = min(FIT_NUM * width * 64 / (FIT_DEN * (x1 - x0)), FIT_NUM * height * 64 / (FIT_DEN * (y1 - y0)))
    e64 = max(1, math.floor(big * ratio))
    while e64 > 1 and not _fits(font.ink_box(text, e64), width, height):
        e64 -= 1
    while _fits(font.ink_box(text, e64 + 1), width, height):
        e64 += 1
    return e64


class Layout:
    """The container: glyphs at em size E, ink box centred in W x H.

    font_size (E px), e64 (E * 64), ink_min_x, ink_max_x, ink_min_y (top),
    ink_max_y (bottom), ink_w, ink_h, tx, ty (a 26.6 point (x, y) of the pen
    lands on X = tx + x/64, Y = ty - y/64), contours (all glyphs, canvas px),
    glyph_contours (the same, one list per glyph)."""

    def __init__(self, width: int, height: int, text: str = "du", font: str | None = None,
                 font_size: float | None = None):
        if not text:
            raise ValueError("the text is empty")
        f = _Font(font or default_font())
        if font_size is None:
            e64 = fitted_e64(f, text, width, height)
        else:
            e64 = int(round(font_size * 64))
            if e64 < 1:
                raise ValueError(f"font size {font_size!r} px is smaller than 1/64 px")
        box = f.ink_box(text, e64)
        if box is None:
            raise ValueError(f"text {text!r} draws no ink in this font")
        x0, y0, x1, y1 = box
        self.e64 = e64
        self.font_size = e64 / 64.0
        # centre of the ink box on the centre of the canvas (y flips)
        self.tx = width / 2.0 - (x0 + x1) / 128.0
        self.ty = height / 2.0 + (y0 + y1) / 128.0
        self.ink_min_x = self.tx + x0 / 64.0
        self.ink_max_x = self.tx + x1 / 64.0
        self.ink_min_y = self.ty - y1 / 64.0
        self.ink_max_y = self.ty - y0 / 64.0
        self.ink_w = (x1 - x0) / 64.0
        self.ink_h = (y1 - y0) / 64.0
        self.glyph_contours = [[[self._to_canvas(seg, gx, gy) for seg in contour] for contour in contours]
                               for gx, gy, contours in f.outlines(text, e64)]
        self.contours = [c for g in self.glyph_contours for c in g]

    def _to_canvas(self, seg, gx: int, gy: int):
        coords = seg[1:]
        placed = []
        for x, y in zip(coords[0::2], coords[1::2]):
            placed += [self.tx + (gx + x) / 64.0, self.ty - (gy + y) / 64.0]
        return (seg[0], *placed)

    def cubic_contours(self):
        """The contours with every quadratic raised exactly to a cubic (for APIs without quads)."""
        out = []
        for contour in self.contours:
            px, py = contour[0][1], contour[0][2]
            new = [contour[0]]
            for seg in contour[1:]:
                if seg[0] == "Q":
                    _, qx, qy, x, y = seg
                    # P0 + 2/3 (Q - P0) and P1 + 2/3 (Q - P1)
                    seg = ("C", px + 2 / 3 * (qx - px), py + 2 / 3 * (qy - py),
                           x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
                new.append(seg)
                px, py = seg[-2], seg[-1]
            out.append(new)
        return out


# ----------------------------------------------------------------- waves --

class Scene:
    """Layout plus the two waves for one Params."""

    def __init__(self, params: Params):
        if params.width < 1 or params.height < 1:
            raise ValueError(f"the canvas {params.width}x{params.height} is empty")
        if params.rise_frames < 1:
            raise ValueError("the rise needs at least one frame")
        self.params = params
        self.W, self.H = params.width, params.height
        lay = self.layout = Layout(params.width, params.height, params.text, params.font, params.font_size)
        self.A = 0.15 * lay.ink_h if params.amplitude is None else float(params.amplitude)
        self.f = float(params.frequency)
        self.w = lay.ink_w if params.wave_width is None else float(params.wave_width)
        if self.w == 0:
            raise ValueError("the wave width is 0")
        self.x = np.arange(self.W + 1, dtype=np.float64)
        # angle of sample x before the phase: 2*pi*f*x'/w, x' = x - inkMinX
        self.angle = 2 * math.pi * self.f / self.w * (self.x - lay.ink_min_x)

    def phase_deg(self, n: int) -> float:
        """phi(n) = (n * step) mod 360 in [0, 360), from n itself."""
        return math.fmod(n * self.params.phase_step, 360.0) % 360.0

    def progress(self, n: int) -> float:
        """The fixed progress, or (n mod R) / R."""
        if self.params.progress is not None:
            return float(self.params.progress)
        r = self.params.rise_frames
        return (n % r) / r

    def top(self, p: float) -> float:
        """top(p) = inkMaxY - p * (inkH + 2A)."""
        return self.layout.ink_max_y - p * (self.layout.ink_h + 2 * self.A)

    def samples(self, n: int):
        """Front (sin) and back (cos) heights at x = 0, 1, ..., W for frame n."""
        theta = self.angle + math.radians(self.phase_deg(n))
        base = self.top(self.progress(n)) + self.A
        return self.A * np.sin(theta) + base, self.A * np.cos(theta) + base

    def y_bottom(self, *waves) -> float:
        """Ybot for these sample arrays: 10 px below the canvas and below the lowest sample."""
        lowest = max((float(np.max(y)) for y in waves), default=-math.inf)
        return max(float(self.H), lowest) + BELOW

    def fixed_y_bottom(self):
        """H + 10 when no frame's samples can reach the canvas bottom (the
        lowest possible sample is inkMaxY + 2|A|, at p = 0), else None."""
        return self.H + BELOW if self.layout.ink_max_y + 2 * abs(self.A) <= self.H else None


def default_scene(size: int) -> Scene:
    """The default scene on a size x size canvas."""
    return Scene(Params(size, size))

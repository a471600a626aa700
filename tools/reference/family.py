"""Independent renderer of every scene and gauge feature of docs/SCENE.md.

Shares no code with the Swift renderer.  Geometry comes from docs/SCENE.md; glyphs from HarfBuzz
(uharfbuzz) and FreeType (freetype-py), unhinted 26.6 outlines; coverage is reference.py's exact
area integral (float64) for non-overlapping contours, and overlapping pieces (a stroke's segments,
joins and caps, a border's grown outline, SVG elements, overlapping glyphs) are first merged into
non-overlapping polygons by GEOS (shapely's union), then integrated the same way.  Compositing is
premultiplied source-over in float64, rounded once to 8 bits.

Entry points: render_wave(opts), render_stroke(opts), render_spread(opts), render_marquee(opts),
render_morph(opts), each returning float64 premultiplied RGBA (H, W, 4); opts is a dict of the
`wavefill render` flags (without the dashes, '-' kept) plus 'frame'.
"""
from __future__ import annotations

import math
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference as ref  # noqa: E402  (exact coverage, flattening, 8-bit conversion)
import scene_geometry as sg  # noqa: E402  (default font, colour parsing)

import freetype  # noqa: E402
import uharfbuzz as hb  # noqa: E402
import shapely  # noqa: E402
from shapely.geometry import Polygon, MultiPolygon  # noqa: E402
from shapely.geometry.polygon import orient  # noqa: E402

FILL_TOL = 1e-4      # px: chords of filled curves
STROKE_TOL = 5e-4    # px: chords of stroked curves (pieces are unioned by GEOS): SCENE.md's chords,
                     # uniform subdivision within 5e-4 px as the renderer's. Not finer: a miter's tip
                     # lies on its chords' directions, and a curve's first chord leaves it up to
                     # sqrt(2 tol / R) off its tangent, which a long miter turns into ~0.02 px.
ARC_TOL = 2e-5       # px: inscribed polygons of round joins, caps and discs
PIXEL_TOL = 1e-6     # blocks: chords of glyphs measured on the pixelate effect's grid
PIXEL_AT_LEAST = 0.4 - 1e-5  # a block's coverage shown: 0.4, ties (a stem covering exactly 0.4) in
SLIVER = 1e-9        # px^2: rings of a GEOS union smaller than this are dropped


def colour(text, default):
    return default if text is None else sg.parse_colour(text)


def premul(c):
    r, g, b, a = c
    al = a / 255.0
    return np.array([r / 255.0 * al, g / 255.0 * al, b / 255.0 * al, al])


def over(out, cov, src):
    """Source-over of a premultiplied colour (4,) or per-pixel colour (H, W, 4) with coverage."""
    k = cov[..., None]
    a = src[..., 3:4] if src.ndim == 3 else src[3]
    return k * src + (1.0 - k * a) * out


def swift_round(x):
    """Swift's .rounded(): to nearest, ties away from zero."""
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


# ------------------------------------------------------------------ fonts --

class Face:
    """One font file: HarfBuzz for shaping, FreeType for outlines (unhinted 26.6)."""
    _cache = {}

    @classmethod
    def get(cls, path=None):
        path = path or sg.default_font()
        if path not in cls._cache:
            cls._cache[path] = cls(path)
        return cls._cache[path]

    def __init__(self, path):
        self.path = path
        self.hb_face = hb.Face(hb.Blob.from_file_path(path))
        self.ft = freetype.Face(path)
        self._glyphs = {}

    def font(self, e64):
        f = hb.Font(self.hb_face)
        f.scale = (e64, e64)
        return f

    def extents(self, e64):
        ext = self.font(e64).get_font_extents("ltr")
        return ext.ascender, ext.descender, ext.line_gap

    def shape(self, text, e64):
        """[(glyph id, cluster, x_offset, y_offset, x_advance)] in 26.6."""
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self.font(e64), buf, {})
        return [(i.codepoint, i.cluster, p.x_offset, p.y_offset, p.x_advance)
                for i, p in zip(buf.glyph_infos, buf.glyph_positions)]

    def glyph(self, gid, e64):
        """(bbox or None, contours) of a glyph at e64, 26.6 y up."""
        key = (gid, e64)
        if key not in self._glyphs:
            self.ft.set_char_size(0, e64, 72, 72)
            self.ft.load_glyph(gid, freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP)
            o = self.ft.glyph.outline
            if o.n_points == 0:
                self._glyphs[key] = (None, [])
            else:
                b = o.get_bbox()
                self._glyphs[key] = ((b.xMin, b.yMin, b.xMax, b.yMax), sg._contours(o))
        return self._glyphs[key]


class Placed:
    """Glyphs placed in 26.6 (y up): list of (gid, cluster, x26, y26, face, e64)."""

    def __init__(self):
        self.glyphs = []
        self.line_of = []       # per glyph: the index of its line (layout() fills it)
        self.line_text = []     # per line: its characters (a wrapped line without the spaces it hangs)

    def ink26(self, which=None):
        box = None
        for k, (gid, _, x, y, face, e64) in enumerate(self.glyphs):
            if which is not None and k not in which:
                continue
            b, _ = face.glyph(gid, e64)
            if b is None:
                continue
            g = (x + b[0], y + b[1], x + b[2], y + b[3])
            box = g if box is None else (min(box[0], g[0]), min(box[1], g[1]), max(box[2], g[2]), max(box[3], g[3]))
        return box

    def contours(self, tx, ty, which=None, per_glyph=False):
        """Contours in canvas px: X = tx + (x26 + x)/64, Y = ty - (y26 + y)/64."""
        out = []
        for k, (gid, _, gx, gy, face, e64) in enumerate(self.glyphs):
            if which is not None and k not in which:
                continue
            _, cs = face.glyph(gid, e64)
            g = []
            for c in cs:
                seg = []
                for s in c:
                    pts = []
                    for x, y in zip(s[1::2], s[2::2]):
                        pts += [tx + (gx + x) / 64.0, ty - (gy + y) / 64.0]
                    seg.append((s[0], *pts))
                g.append(seg)
            if g:
                out.append(g)
        return out if per_glyph else [c for g in out for c in g]


def line_break_opportunity(chars, i):
    """UAX #14 for the texts the reference draws (letters, digits, spaces): a line may end after
    character i when it is a space and the next character is not."""
    return chars[i] == " " and i + 1 < len(chars) and chars[i + 1] != " "


def layout(text, face, e64, wrap=None, align="center", line_height=1.0):
    """SCENE.md's text layout (left-to-right text in one font): Placed glyphs, first baseline y = 0."""
    asc, desc, gap = face.extents(e64)
    advance = max(1, swift_round((asc - desc + gap) * line_height))
    wrap26 = None if wrap is None else swift_round(wrap * 64)
    lines = []                                         # (string, last in paragraph)
    for para in text.split("\n"):
        if wrap26 is None or not para:
            lines.append((para, True))
            continue
        chars = list(para)
        adv = [0] * len(chars)
        for gid, cl, xo, yo, xa in face.shape(para, e64):
            adv[cl] += xa
        starts, n = [], len(chars)
        start, width, last, i = 0, 0, None, 0
        while i < n:
            w = adv[i]
            if width + w > wrap26 and chars[i] != " " and i > start:
                end = last + 1 if last is not None else i
                if end <= start:
                    end = i
                trimmed = end
                while trimmed > start and chars[trimmed - 1] == " ":
                    trimmed -= 1
                starts.append((start, max(trimmed, start)))
                start = end
                while start < n and chars[start] == " ":
                    start += 1
                width, last, i = 0, None, start
                continue
            width += w
            if line_break_opportunity(chars, i):
                last = i
            i += 1
        if start < n or not starts:
            starts.append((start, n))
        for k, (a, b) in enumerate(starts):
            lines.append((para[a:b], k == len(starts) - 1))
    shaped = [(face.shape(s, e64) if s else [], s, last) for s, last in lines]
    widths = [sum(g[4] for g in sh) for sh, _, _ in shaped]
    box = wrap26 if wrap26 is not None else max(widths)
    placed = Placed()
    placed.width26 = max(widths)                       # the widest line's advance
    for k, ((sh, s, last), w) in enumerate(zip(shaped, widths)):
        extra = box - w
        x0 = {"left": 0, "start": 0, "right": extra, "end": extra, "justify": 0,
              "center": int(extra / 2)}[align]
        spaces = ([j for j, g in enumerate(sh) if s[g[1]] == " "]
                  if align == "justify" and wrap26 is not None and not last and extra > 0 else [])
        pen, shift, given = x0, 0, 0
        placed.line_text.append(s)
        for j, (gid, cl, xo, yo, xa) in enumerate(sh):
            placed.glyphs.append((gid, cl, pen + xo + shift, -k * advance + yo, face, e64))
            placed.line_of.append(k)
            pen += xa
            if j in spaces:
                q = spaces.index(j)
                share = extra * (q + 1) // len(spaces) - given
                given += share
                shift += share
    return placed


def fit_e64(make, W, H, box=None):
    """Largest e64 whose ink (make(e64).ink26()) fits 80 % of W and of H (exact 26.6 test), or a
    box (bw, bh) in px."""
    def fits(e):
        b = make(e).ink26()
        if box is not None:
            return b is not None and b[2] - b[0] <= 64 * box[0] and b[3] - b[1] <= 64 * box[1]
        return b is not None and (b[2] - b[0]) * 5 <= 4 * 64 * W and (b[3] - b[1]) * 5 <= 4 * 64 * H
    big = 2048 * 64
    b = make(big).ink26()
    if box is not None:
        r = min(64 * box[0] / (b[2] - b[0]), 64 * box[1] / (b[3] - b[1]))
    else:
        r = min(4 * W * 64 / (5 * (b[2] - b[0])), 4 * H * 64 / (5 * (b[3] - b[1])))
    e = max(1, math.floor(big * r))
    while e > 1 and not fits(e):
        e -= 1
    while fits(e + 1):
        e += 1
    return e


# --------------------------------------------------------------- coverage --

def polylines_of(contours, tol):
    return [ref.flatten_contour(c, tol) for c in contours]


def geom_of_glyphs(per_glyph_contours, tol=FILL_TOL):
    """Non-zero fill of glyphs that may overlap each other: each glyph's contours (which do not
    overlap within a glyph) by even-odd, the glyphs united."""
    polys = []
    for g in per_glyph_contours:
        gg = None
        for c in g:
            p = Polygon(ref.flatten_contour(c, tol)).buffer(0)
            gg = p if gg is None else gg.symmetric_difference(p)
        if gg is not None:
            polys.append(gg)
    return shapely.union_all(polys)


def rings_of(geom):
    """Oriented rings of a (Multi)Polygon: exteriors one way, holes the other."""
    out = []
    geoms = [geom] if isinstance(geom, Polygon) else list(getattr(geom, "geoms", []))
    for g in geoms:
        if not isinstance(g, Polygon) or g.is_empty:
            if hasattr(g, "geoms"):
                out += rings_of(g)
            continue
        g = orient(g, 1.0)
        # GEOS's unions can leave needle holes of ~1e-14 px^2 whose three points are nearly collinear,
        # so their orientation is noise: rings under SLIVER px^2 change no pixel by more than that.
        out += [np.asarray(r.coords) for r in [g.exterior, *g.interiors] if Polygon(r).area >= SLIVER]
    return out


def cov_geom(geom, W, H, name):
    """Exact coverage of a (Multi)Polygon. Its rings together are one non-zero shape unless two of
    them touch where a line of the pointwise winding check passes (GEOS's unions leave rings that
    meet at a point, or run along each other within rounding): then the parts are added one by one,
    each exterior ring alone less each of its holes alone, which is the same region (a valid
    geometry's parts and holes do not overlap) with every ring simple on its own."""
    rings = rings_of(geom)
    if not rings:
        return np.zeros((H, W))
    try:
        return ref.coverage(rings, W, H, name)
    except ref.CoverageError:
        return cov_parts(geom, W, H, name)


def cov_parts(geom, W, H, name):
    """cov_geom's way round rings that touch: each part's exterior ring alone less each of its
    holes alone, added up."""
    total = np.zeros((H, W))
    geoms = [geom] if isinstance(geom, Polygon) else list(getattr(geom, "geoms", []))
    for g in geoms:
        if not isinstance(g, Polygon):
            if hasattr(g, "geoms"):
                total += cov_parts(g, W, H, name)
            continue
        if g.is_empty:
            continue
        g = orient(g, 1.0)
        for k, r in enumerate([g.exterior, *g.interiors]):
            if Polygon(r).area < SLIVER:
                continue
            c = ref.coverage([np.asarray(r.coords)], W, H, f"{name} part")
            total += c if k == 0 else -c
    return np.clip(total, 0.0, 1.0)


def cov_contours(contours, W, H, name, per_glyph=None, tol=FILL_TOL):
    """Exact non-zero coverage of glyph contours; overlapping glyphs go through the union."""
    try:
        return ref.coverage(polylines_of(contours, tol), W, H, name)
    except ref.CoverageError:
        if per_glyph is None:
            raise
        return cov_geom(geom_of_glyphs(per_glyph, tol), W, H, name)


# ----------------------------------------------------------------- stroke --

def arc_steps(h, angle):
    step = 2 * math.acos(max(-1.0, 1 - ARC_TOL / h)) if h > ARC_TOL else math.pi
    return max(1, math.ceil(abs(angle) / step))


def stroke_pieces(pts, closed, h, join, cap, miter_limit):
    """Pieces whose union is the stroke (SCENE.md / SVG): a rectangle per segment, a join piece on
    the outer side of each vertex, a cap at each open end."""
    p = [tuple(q) for q in pts]
    dedup = [p[0]]
    for q in p[1:]:
        if q != dedup[-1]:
            dedup.append(q)
    if closed and len(dedup) > 1 and dedup[-1] == dedup[0]:
        dedup.pop()
    P = np.array(dedup, dtype=np.float64)
    n = len(P)
    pieces = []
    if n < 2:
        return pieces
    segs = list(range(n if closed else n - 1))
    D, N = [], []
    for k in segs:
        a, b = P[k], P[(k + 1) % n]
        d = b - a
        d = d / math.hypot(*d)
        nn = np.array([-d[1], d[0]])
        D.append(d)
        N.append(nn)
        pieces.append(Polygon([a + nn * h, b + nn * h, b - nn * h, a - nn * h]))
    verts = range(n) if closed else range(1, n - 1)
    for v in verts:
        k0, k1 = (v - 1) % len(segs), v % len(segs)
        d0, d1, n0, n1 = D[k0], D[k1], N[k0], N[k1]
        cr = d0[0] * d1[1] - d0[1] * d1[0]
        dt = d0[0] * d1[0] + d0[1] * d1[1]
        if cr == 0 and dt > 0:
            continue
        s = -1.0 if cr > 0 else 1.0
        c = P[v]
        a, b = c + s * h * n0, c + s * h * n1
        if join == "round":
            # The pen's disk at the vertex also covers the triangle between the vertex and the two
            # inner corners (inside both rectangles unless a segment is shorter than the pen).
            pieces.append(Polygon([c, c - s * h * n1, c - s * h * n0]))
            a0 = math.atan2(a[1] - c[1], a[0] - c[0])
            turn = math.atan2(cr, dt)
            ang = turn
            m = arc_steps(h, turn)
            arc = [c + h * np.array([math.cos(a0 + ang * t / m), math.sin(a0 + ang * t / m)]) for t in range(1, m)]
            pieces.append(Polygon([c, a] + arc + [b]))
        elif join == "miter" and dt > -1 and 1.0 / math.sqrt((1 + dt) / 2) <= miter_limit:
            mpt = c + s * h * (n0 + n1) / (1 + dt)
            pieces.append(Polygon([c, a, mpt, b]))
        else:
            pieces.append(Polygon([c, a, b]))
    if not closed:
        for e, d, nn in ((P[0], -D[0], N[0]), (P[-1], D[-1], N[-1])):
            if cap == "square":
                pieces.append(Polygon([e + nn * h, e + nn * h + d * h, e - nn * h + d * h, e - nn * h]))
            elif cap == "round":
                m = arc_steps(h, math.pi)
                a0 = math.atan2(nn[1], nn[0])
                sgn = 1.0 if (nn[0] * d[1] - nn[1] * d[0]) > 0 else -1.0
                arc = [e + h * np.array([math.cos(a0 + sgn * math.pi * t / m), math.sin(a0 + sgn * math.pi * t / m)])
                       for t in range(0, m + 1)]
                pieces.append(Polygon(arc))
    return [q for q in pieces if q.is_valid and q.area > 0] + [q.buffer(0) for q in pieces if not q.is_valid]


def flatten_open(contour, tol):
    """A glyph contour's polyline (closed: last point = first)."""
    return ref.flatten_contour(contour, tol)


def trim(polys, closed_flags, end):
    """Trim the path to the first `end` of its arc length: [(points, closed)]."""
    lens = []
    for p, c in zip(polys, closed_flags):
        seg = np.hypot(*np.diff(p, axis=0).T)
        lens.append(seg)
    total = sum(float(s.sum()) for s in lens)
    if end >= 1:
        return list(zip(polys, closed_flags))
    target = end * total
    out, base = [], 0.0
    for p, c, seg in zip(polys, closed_flags, lens):
        L = float(seg.sum())
        if base + L <= target:
            out.append((p, c))
            base += L
            continue
        rem = target - base
        if rem > 0:
            cum = np.concatenate([[0.0], np.cumsum(seg)])
            k = int(np.searchsorted(cum, rem, side="right")) - 1
            k = min(k, len(seg) - 1)
            f = (rem - cum[k]) / seg[k] if seg[k] > 0 else 0.0
            q = p[k] + (p[k + 1] - p[k]) * f
            piece = np.concatenate([p[:k + 1], q[None, :]])
            out.append((piece, False))
        break
    return out


def stroke_geom(paths, h, join, cap, miter_limit):
    pieces = []
    for p, closed in paths:
        pts = p[:-1] if closed and np.all(p[0] == p[-1]) else p
        pieces += stroke_pieces(pts, closed, h, join, cap, miter_limit)
    return shapely.union_all(pieces) if pieces else Polygon()


RING_TOL = 1e-3     # px: chords of round bands (see round_band)


def round_band(contours, h):
    """The stroke of closed contours with round joins: exactly the points within h of the contours
    flattened within RING_TOL, built as segment rectangles and round join pieces (stroke_pieces,
    arcs within ARC_TOL) united by GEOS. Not GEOS's buffer, which simplifies its input by 1 % of the
    distance and so reaches past h (0.6 px^2 too much over each "g" of "gauge" at h = 10.94;
    test_reference.py holds this). Chords within 1e-3 px move a coverage by at most 1.5e-3
    (0.36/255), so a rounded value differs from the exact one's by at most 1, the tolerance; finer
    chords make the union far slower (220 s at 1e-5 for that ring)."""
    pieces = []
    for c in contours:
        p = ref.flatten_contour(c, RING_TOL)
        pieces += stroke_pieces(p[:-1], True, h, "round", "butt", 10)
    return shapely.union_all(pieces) if pieces else Polygon()


# ------------------------------------------------------------ path data --

_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")


def path_data(d):
    """SVG path data (M L H V C Q Z, absolute and relative) -> contours of segment tuples."""
    toks = _NUM.findall(d)
    out, cur, i, cmd = [], None, 0, None
    x = y = sx = sy = 0.0

    def num():
        nonlocal i
        v = float(toks[i]); i += 1
        return v
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]; i += 1
        rel = cmd.islower()
        C = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if C == "M":
            x, y = num() + ox, num() + oy
            sx, sy = x, y
            cur = [("M", x, y)]
            out.append(cur)
            cmd = "l" if rel else "L"
        elif C == "L":
            x, y = num() + ox, num() + oy
            cur.append(("L", x, y))
        elif C == "H":
            x = num() + ox
            cur.append(("L", x, y))
        elif C == "V":
            y = num() + oy
            cur.append(("L", x, y))
        elif C == "C":
            a, b, c, e, f, g = num() + ox, num() + oy, num() + ox, num() + oy, num() + ox, num() + oy
            cur.append(("C", a, b, c, e, f, g))
            x, y = f, g
        elif C == "Q":
            a, b, f, g = num() + ox, num() + oy, num() + ox, num() + oy
            cur.append(("Q", a, b, f, g))
            x, y = f, g
        elif C == "Z":
            if (x, y) != (sx, sy):
                cur.append(("L", sx, sy))
            x, y = sx, sy
        else:
            raise ValueError(f"path command {cmd} is not supported by the reference")
    for c in out:
        if (c[-1][-2], c[-1][-1]) != (c[0][1], c[0][2]):
            c.append(("L", c[0][1], c[0][2]))
    return out


def curve_bounds(contours):
    """Exact bounds of the curves (extrema of each segment, not its control points)."""
    xs, ys = [], []
    for c in contours:
        px, py = c[0][1], c[0][2]
        xs.append(px); ys.append(py)
        for s in c[1:]:
            pts = [(px, py)] + list(zip(s[1::2], s[2::2]))
            for q in pts[1:]:
                xs.append(q[0]); ys.append(q[1])
            if s[0] in ("C", "Q"):
                t = np.linspace(0.0, 1.0, 200001)
                u = 1 - t
                if s[0] == "C":
                    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts
                    X = u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3
                    Y = u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3
                else:
                    (x0, y0), (x1, y1), (x2, y2) = pts
                    X = u * u * x0 + 2 * u * t * x1 + t * t * x2
                    Y = u * u * y0 + 2 * u * t * y1 + t * t * y2
                xs += [X.min(), X.max()]; ys += [Y.min(), Y.max()]
            px, py = s[-2], s[-1]
    return min(xs), min(ys), max(xs), max(ys)


K = 0.5522847498


def shape_contours(name, corner=15.0):
    if name == "circle":
        c, r = 50.0, 50.0
        k = K * r
        return [[("M", c + r, c), ("C", c + r, c + k, c + k, c + r, c, c + r), ("C", c - k, c + r, c - r, c + k, c - r, c),
                 ("C", c - r, c - k, c - k, c - r, c, c - r), ("C", c + k, c - r, c + r, c - k, c + r, c)]]
    if name == "rect":
        return path_data("M0 0H100V100H0Z")
    if name == "triangle":
        h = 100 * math.sqrt(3) / 2
        return [[("M", 50.0, 0.0), ("L", 100.0, h), ("L", 0.0, h), ("L", 50.0, 0.0)]]
    if name == "drop":
        # "M50 0C50 0 85 35 85 65A35 35 0 0 1 15 65C15 35 50 0 50 0Z": the arc, a half circle about
        # (50, 65) through (50, 100), as two quarter cubics (SVG's implementation notes: at most 90
        # degrees each, control points 4/3 tan(quarter angle) of the radius along the tangents).
        k = 35 * 4 / 3 * math.tan(math.pi / 8)
        return path_data(f"M50 0C50 0 85 35 85 65C85 {65 + k!r} {50 + k!r} 100 50 100C{50 - k!r} 100 15 {65 + k!r} 15 65"
                         "C15 35 50 0 50 0Z")
    if name == "heart":
        return path_data("M50 22C50 10 40 0 26 0 11 0 0 12 0 27 0 55 30 70 50 90 70 70 100 55 100 27 100 12 89 0 74 0 60 0 50 10 50 22Z")
    if name == "star":
        pts = []
        for k in range(10):
            r = 50.0 if k % 2 == 0 else 50.0 * 0.381966
            a = k * math.pi / 5 - math.pi / 2
            pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
        return [[("M", *pts[0])] + [("L", *q) for q in pts[1:]] + [("L", *pts[0])]]
    if name == "rounded-rect":
        r = corner
        k = K * r
        return [[("M", r, 0.0), ("L", 100 - r, 0.0), ("C", 100 - r + k, 0.0, 100.0, r - k, 100.0, r), ("L", 100.0, 100 - r),
                 ("C", 100.0, 100 - r + k, 100 - r + k, 100.0, 100 - r, 100.0), ("L", r, 100.0),
                 ("C", r - k, 100.0, 0.0, 100 - r + k, 0.0, 100 - r), ("L", 0.0, r), ("C", 0.0, r - k, r - k, 0.0, r, 0.0)]]
    if name == "diamond":
        return path_data("M50 0L100 50L50 100L0 50Z")
    if name == "arrow":
        return path_data("M50 0L100 100L50 75L0 100Z")
    if name == "pin":
        # M50 100C50 100 15 62 15 35 A35 35 0 1 1 85 35 C85 62 50 100 50 100Z: the arc is the upper
        # half circle about (50, 35), two quarter cubics (control points 4/3 tan(pi/8) r along the
        # tangents, as SVG's implementation notes split an arc).
        k = 35 * 4 / 3 * math.tan(math.pi / 8)
        return [[("M", 50.0, 100.0), ("C", 50.0, 100.0, 15.0, 62.0, 15.0, 35.0),
                 ("C", 15.0, 35 - k, 50 - k, 0.0, 50.0, 0.0), ("C", 50 + k, 0.0, 85.0, 35 - k, 85.0, 35.0),
                 ("C", 85.0, 62.0, 50.0, 100.0, 50.0, 100.0)]]
    raise ValueError(name)


def turned(contours, direction):
    """A quarter, half or three quarter turn clockwise on screen about (50, 50) (exact entries)."""
    f = {"up": lambda x, y: (x, y), "right": lambda x, y: (100 - y, x),
         "down": lambda x, y: (100 - x, 100 - y), "left": lambda x, y: (y, 100 - x)}[direction]
    return map_contours(contours, f)


def canvas_length(text, whole):
    """'12.5' px or '40%' of whole."""
    t = str(text).strip()
    return float(t[:-1]) / 100 * whole if t.endswith("%") else float(t)


def placement(o, W, H):
    """SCENE.md's target box: (centre x, centre y, box width, box height, fit)."""
    cx, cy = W / 2, H / 2
    if "center" in o:
        a, b = o["center"].split(",")
        cx, cy = canvas_length(a, W), canvas_length(b, H)
    if "radius" in o:
        r = canvas_length(o["radius"], min(W, H))
        bw = bh = 2 * r
    else:
        bw, bh = 0.8 * W, 0.8 * H
    return cx, cy, bw, bh, o.get("fit", "contain")


def map_contours(contours, f):
    out = []
    for c in contours:
        out.append([(s[0], *[v for q in zip(s[1::2], s[2::2]) for v in f(*q)]) for s in c])
    return out


# --------------------------------------------------------------- the gauge --

def rule_geom(contours, rule):
    """The region of closed contours under a fill rule. Even-odd: the symmetric difference of the
    contours' polygons. Non-zero: for contours that do not cross (each one inside or outside
    another), the faces (a contour's polygon minus the contours inside it) whose winding number,
    the sum of the orientations of the contours around them, is not 0."""
    polys = [Polygon(ref.flatten_contour(c, FILL_TOL)) for c in contours]
    if rule == "evenodd" or len(polys) == 1:
        g = None
        for p in polys:
            p = p.buffer(0)
            g = p if g is None else g.symmetric_difference(p)
        return g
    sign = [1 if p.exterior.is_ccw else -1 for p in polys]
    fixed = [p.buffer(0) for p in polys]
    faces = []
    for i, p in enumerate(fixed):
        around = [j for j, q in enumerate(fixed) if j != i and q.contains(p)]
        inside = [q for j, q in enumerate(fixed) if j != i and p.contains(q)]
        assert all(p.contains(q) or q.contains(p) or p.disjoint(q) for j, q in enumerate(fixed) if j != i), \
            "non-zero contours that cross are not drawn by the reference"
        if sign[i] + sum(sign[j] for j in around) != 0:
            faces.append(p.difference(shapely.union_all(inside)) if inside else p)
    return shapely.union_all(faces) if faces else Polygon()


class Container:
    """What the waves fill: contours on the canvas, the ink box, M, and the outline's contours
    (for the border; None for nothing to ring)."""

    def __init__(self, o, W, H):
        self.W, self.H = W, H
        svg = o.get("svg-elements")
        self.image = o.get("mask-alpha") is not None
        if self.image:
            self.mask_image(np.asarray(o["mask-alpha"], dtype=np.float64) / 255.0, o, W, H)
        elif o.get("shape") or svg is not None:
            if svg is not None:
                elems = svg                    # [(contours, rule)] each filled on its own
            else:
                cs = shape_contours(o["shape"], float(o.get("corner-radius", 15)))
                elems = [(turned(cs, o.get("shape-direction", "up")), "nonzero")]
            allc = [c for e, _ in elems for c in e]
            bx0, by0, bx1, by1 = curve_bounds(allc)
            pcx, pcy, bw, bh, fit = placement(o, W, H)
            if fit == "fill":
                sx, sy = bw / (bx1 - bx0), bh / (by1 - by0)
            elif fit == "none":
                sx = sy = 1.0
            else:
                sx = sy = min(bw / (bx1 - bx0), bh / (by1 - by0))
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            f = lambda x, y: (pcx + sx * (x - cx), pcy + sy * (y - cy))  # noqa: E731
            self.elements = [(map_contours(e, f), r) for e, r in elems]
            self.ink = (pcx - sx * (bx1 - bx0) / 2, pcy - sy * (by1 - by0) / 2,
                        pcx + sx * (bx1 - bx0) / 2, pcy + sy * (by1 - by0) / 2)
            self.geom = shapely.union_all([rule_geom(cs, rule) for cs, rule in self.elements])
            # The container's shadow is cast by the outline under the non-zero rule (SCENE.md 4),
            # which fills a hole of an even-odd outline drawn the same way round as the contour
            # around it: one outline (a path, a shape, an SVG file of one element) as it is; the
            # union of several SVG elements is rebuilt as one outline of their filled area.
            self.shadow_geom = (rule_geom([c for cs, _ in self.elements for c in cs], "nonzero")
                                if len(self.elements) == 1 and len(self.elements[0][0]) > 1 else None)
            self.contours = [c for cs, _ in self.elements for c in cs]
            self.M = cov_geom(self.geom, W, H, "container")
        else:
            face = Face.get(o.get("font"))
            text = o.get("text", "du")
            wrap = float(o["wrap"]) if "wrap" in o else None
            mk = lambda e: layout(text, face, e, wrap, o.get("align", "center"), float(o.get("line-height", 1)))  # noqa: E731
            pcx, pcy, bw, bh, fit = placement(o, W, H)
            if "font-size" in o:
                e64 = swift_round(float(o["font-size"]) * 64)
            else:
                e64 = fit_e64(mk, W, H, None if "radius" not in o else (bw, bh))
            pl = mk(e64)
            x0, y0, x1, y1 = pl.ink26()
            tx, ty = pcx - (x0 + x1) / 128, pcy + (y0 + y1) / 128
            self.ink = (tx + x0 / 64, ty - y1 / 64, tx + x1 / 64, ty - y0 / 64)
            per = pl.contours(tx, ty, per_glyph=True)
            if fit == "fill":
                # Stretched about the box's centre to the box (text: after fitting).
                sx, sy = bw / (self.ink[2] - self.ink[0]), bh / (self.ink[3] - self.ink[1])
                per = [map_contours(g, lambda x, y: (pcx + sx * (x - pcx), pcy + sy * (y - pcy))) for g in per]
                self.ink = (pcx - bw / 2, pcy - bh / 2, pcx + bw / 2, pcy + bh / 2)
            self.contours = [c for g in per for c in g]
            self.per_glyph = per
            self.M = cov_contours(self.contours, W, H, "container", per_glyph=per)
        self.ink_w = self.ink[2] - self.ink[0]
        self.ink_h = self.ink[3] - self.ink[1]

    def mask_image(self, alpha, o, W, H):
        """SCENE.md 2, mask image: the box of pixels with non-zero alpha plays the ink box, scaled
        as an outline's bounds (contain, fill or none in the target box) and centred; M is the
        box-filtered area average of the alpha, image pixels as squares of the scaled size."""
        ys, xs = np.nonzero(alpha > 0)
        x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
        iw, ih = float(x1 - x0), float(y1 - y0)
        pcx, pcy, bw, bh, fit = placement(o, W, H)
        if fit == "fill":
            sx, sy = bw / iw, bh / ih
        elif fit == "none":
            sx = sy = 1.0
        else:
            sx = sy = min(bw / iw, bh / ih)
        ox, oy = pcx - sx * iw / 2 - sx * x0, pcy - sy * ih / 2 - sy * y0

        def overlaps(n, canvas, origin, scale):
            """(canvas, n): the length of canvas pixel i within image pixel u along one axis."""
            a = origin + scale * np.arange(n)
            i = np.arange(canvas)[:, None]
            return np.clip(np.minimum(a + scale, i + 1.0) - np.maximum(a, i * 1.0), 0, None)
        self.M = np.clip(overlaps(alpha.shape[0], H, oy, sy) @ alpha @ overlaps(alpha.shape[1], W, ox, sx).T, 0, 1)
        # For the area mapping: each image row's alpha-weighted width within the canvas's columns,
        # and its span (y0, y1) on the canvas.
        xs0 = ox + sx * np.arange(alpha.shape[1])
        self.row_widths = alpha @ np.clip(np.minimum(xs0 + sx, W) - np.maximum(xs0, 0), 0, None)
        self.row_spans = [(oy + sy * v, oy + sy * (v + 1)) for v in range(alpha.shape[0])]
        self.ink = (ox + sx * x0, oy + sy * y0, ox + sx * x1, oy + sy * y1)
        self.contours = None


def area_level(box, p):
    """SCENE.md 3, area mapping: u(p) = (inkMaxY - Y(p)) / inkH, Y(p) the height with p of the
    container's area below it within the canvas rows (an outline: all of its width, under its fill
    rule; a mask image: its rows as placed, within the canvas's columns). Y(0) and Y(1) are the
    bottom and top edges of the rows with coverage. Solved by bisection to 1e-12 px."""
    H = box.H
    rows = np.nonzero(box.M.sum(axis=1) > 0)[0]
    if p <= 0 or p >= 1:
        y = float(rows[-1] + 1) if p <= 0 else float(rows[0])
        return (box.ink[3] - y) / box.ink_h
    if box.image:
        spans = [(max(a, 0.0), min(b, float(H)), w) for (a, b), w in zip(box.row_spans, box.row_widths) if w > 0]

        def below(y):
            return sum(w * max(0.0, b - max(a, y)) for a, b, w in spans if b > a)
    else:
        geom = getattr(box, "geom", None)
        if geom is None:
            geom = geom_of_glyphs(box.per_glyph)
        x0, _, x1, _ = geom.bounds

        def below(y):
            return geom.intersection(shapely.box(x0 - 1, max(y, 0.0), x1 + 1, float(H))).area if y < H else 0.0
    total = below(0.0)
    lo, hi = 0.0, float(H)                      # below(lo) >= p total >= below(hi)
    for _ in range(80):
        mid = (lo + hi) / 2
        if below(mid) >= p * total:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (box.ink[3] - (lo + hi) / 2) / box.ink_h


def grown(container, r):
    """D(r): the container's contours, each filled whole, united with the stroke of width 2r
    round-joined (round_band: exactly the points within r of the outline)."""
    polys = [Polygon(ref.flatten_contour(c, RING_TOL)).buffer(0) for c in container.contours]
    return shapely.union_all(polys + ([round_band(container.contours, r)] if r > 0 else []))


# ------------------------------------------------------- paints, shadows --

def paint_colour(text):
    """'#RGB' (each digit doubled), '#RRGGBB' or '#RRGGBBAA' to straight bytes."""
    t = text.strip()
    if re.fullmatch(r"#[0-9A-Fa-f]{3}", t):
        t = "#" + "".join(ch * 2 for ch in t[1:])
    return sg.parse_colour(t)


def parse_paint(text):
    """SCENE.md's fills: a colour, linear(ANGLEdeg, COLOR [AT], ...) or radial(COLOR [AT], ...).
    Returns (kind, angle in degrees, colours, locations)."""
    s = text.strip()
    m = re.fullmatch(r"(linear|radial)\((.*)\)", s, re.S | re.I)
    if m is None:
        return "solid", 0.0, [paint_colour(s)], [0.0]
    kind, items = m.group(1).lower(), [x.strip() for x in m.group(2).split(",")]
    angle = 180.0
    if kind == "linear" and items[0].lower().endswith("deg"):
        angle = float(items.pop(0)[:-3])
    cols, locs = [], []
    for it in items:
        parts = it.split()
        cols.append(paint_colour(parts[0]))
        locs.append(float(parts[1]) if len(parts) == 2 else None)
    if all(v is None for v in locs):
        n = len(cols)
        locs = [0.0 if n == 1 else k / (n - 1) for k in range(n)]
    return kind, angle, cols, locs


def paint_image(text, box, W, H):
    """The fill laid over box (x0, y0, x1, y1), premultiplied per pixel (H, W, 4), evaluated at
    pixel centres: linear as CSS (0deg up, the line through the box's centre, |w sin a| + |h cos a|
    long), radial about the box's centre with half its larger side as the radius."""
    kind, angle, cols, locs = parse_paint(text)
    if kind == "solid":
        return np.broadcast_to(premul(cols[0]), (H, W, 4))
    x0, y0, x1, y1 = box
    cx, cy, bw, bh = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    px = np.arange(W) + 0.5
    py = np.arange(H) + 0.5
    X, Y = np.meshgrid(px, py)
    if kind == "linear":
        a = math.radians(angle)
        dx, dy = math.sin(a), -math.cos(a)
        half = (abs(bw * dx) + abs(bh * dy)) / 2
        sx, sy, ex, ey = cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half
        L2 = (ex - sx) ** 2 + (ey - sy) ** 2
        if L2 == 0:
            return np.broadcast_to(premul(cols[-1]), (H, W, 4))
        t = ((X - sx) * (ex - sx) + (Y - sy) * (ey - sy)) / L2
    else:
        r = max(bw, bh) / 2
        if r <= 0:
            return np.broadcast_to(premul(cols[-1]), (H, W, 4))
        t = np.hypot(X - cx, Y - cy) / r
    return gradient_colours(cols, locs, t)


def parse_shadow(text):
    """'COLOR RADIUS [DX DY]' to (rgb, opacity, radius, dx, dy)."""
    parts = text.split()
    c = paint_colour(parts[0])
    dx, dy = (float(parts[2]), float(parts[3])) if len(parts) == 4 else (0.0, 0.0)
    return c[:3], c[3] / 255.0, float(parts[1]), dx, dy


def box_size(radius):
    """feGaussianBlur's box size d for sigma = radius / 2."""
    if not radius > 0:
        return 0
    sigma = min(radius, 250.0) / 2
    return int(math.floor(sigma * 3 * math.sqrt(2 * math.pi) / 4 + 0.5))


def box_pass(a, lo, hi, axis):
    """One box along axis: out[i] = sum(a[i - lo ... i + hi]) / (lo + hi + 1), zeros outside the
    canvas, the result kept on the canvas (and stored as Float32, as SCENE.md says)."""
    n = a.shape[axis]
    pad = [(0, 0), (0, 0)]
    pad[axis] = (lo + 1, hi)
    c = np.cumsum(np.pad(a.astype(np.float64), pad), axis=axis)
    upper = np.take(c, np.arange(n) + lo + 1 + hi, axis=axis)
    lower = np.take(c, np.arange(n), axis=axis)
    return ((upper - lower) / (lo + hi + 1)).astype(np.float32)


def shadow_alpha(src, radius, dx, dy, opacity):
    """SCENE.md's layer shadow: src (H, W) blurred by the three boxes along x, then along y,
    moved by the offset rounded to whole pixels (half away from zero), clamped, times opacity."""
    H, W = src.shape
    a = np.clip(src, 0, 1).astype(np.float32)
    d = box_size(radius)
    if d >= 2:
        boxes = [((d - 1) // 2, (d - 1) // 2)] * 3 if d % 2 else [(d // 2, d // 2 - 1), (d // 2 - 1, d // 2), (d // 2, d // 2)]
        for axis in (1, 0):
            for lo, hi in boxes:
                a = box_pass(a, lo, hi, axis)
    ix, iy = int(swift_round(dx)), int(swift_round(dy))
    out = np.zeros((H, W))
    if abs(ix) < W and abs(iy) < H:
        out[max(0, iy):H + min(0, iy), max(0, ix):W + min(0, ix)] = \
            a[max(0, -iy):H - max(0, iy), max(0, -ix):W - max(0, ix)]
    return np.clip(out, 0, 1) * opacity


def cast(out, src_alpha, text):
    """Composites the shadow of a layer whose alpha is src_alpha beneath it (onto out)."""
    rgb, op, radius, dx, dy = parse_shadow(text)
    sh = shadow_alpha(src_alpha, radius, dx, dy, op)
    return over(out, sh, premul(tuple(rgb) + (255,)))


def stack_colour(back, front, j, n):
    t = 1.0 if n == 1 else j / (n - 1)
    return tuple(int(swift_round(a + (b - a) * t)) for a, b in zip(back, front))


def wave_motion(o, n):
    """SCENE.md 5: (progress p, unreduced phase Phi in degrees, P_ref of the levels, reduced motion)
    of frame n: frame-based or time-based, the transitions, reduced motion."""
    fps = fps_of(o)
    reduced = bool(o.get("reduced-motion"))
    k = 4.0 if reduced else 1.0
    step = float(o.get("phase-step", 8)) / k
    R = int(min(int(o.get("rise-frames", 300)) * k, 10_000_000))
    timed = "phase-speed" in o or "rise-duration" in o
    speed = float(o["phase-speed"]) / k if "phase-speed" in o else step * fps
    D = min(float(o["rise-duration"]) * k, 1_000_000) if "rise-duration" in o else R / fps
    t = n / fps
    Phi = speed * t if timed else n * step
    if "progress-to" in o or "progress-at" in o:
        steps = ([(0.0, float(o["progress-to"]))] if "progress-to" in o else
                 [(float(a), float(b)) for a, b in (e.split(":") for e in o["progress-at"].split(","))])
        T = float(o.get("transition", 1))
        E = easing(o.get("easing", "ease-in-out"))

        def shown(v, target, el):
            if T <= 0:
                return target if el >= 0 else v
            x = el / T
            return v if x < 0 else target if x >= 1 else v + (target - v) * E(x)
        v = float(o.get("progress", 0))
        p = v
        for i, (fr, target) in enumerate(steps):
            if fr / fps > t:
                break
            if i > 0:
                v = shown(v, steps[i - 1][1], fr / fps - steps[i - 1][0] / fps)
            p = shown(v, target, t - fr / fps)
        p_ref = (float(o["progress-to"]) if "progress-to" in o
                 else max([float(o.get("progress", 0))] + [b for _, b in steps]))
    elif "progress" in o:
        p = p_ref = float(o["progress"])
    elif timed:
        p, p_ref = math.fmod(t, D) / D, 1.0
    else:
        p, p_ref = (n % R) / R, 1.0
    return p, Phi, p_ref, reduced


def render_wave(o):
    W, H = o["size"]
    n = int(o.get("frame", 0))
    box = Container(o, W, H)
    ink_min_x, ink_min_y, _, ink_max_y = box.ink
    amp = str(o.get("amplitude", "15%"))
    A = float(amp[:-1]) / 100 * box.ink_h if amp.endswith("%") else float(amp)
    if "amplitude" not in o:
        A = 0.15 * box.ink_h
    f = float(o.get("frequency", 0.3))
    w = float(o.get("wave-width", box.ink_w))
    p, Phi, p_ref, reduced = wave_motion(o, n)
    if reduced:
        A /= 2
    u = area_level(box, p) if o.get("fill-mapping") == "area" else p
    top = ink_max_y - u * (box.ink_h + 2 * A)
    x = np.arange(W + 1, dtype=np.float64)
    back = colour(o.get("back-wave"), (0x46, 0xB7, 0x51, 0x66))
    front = colour(o.get("front-wave"), (0x46, 0xB7, 0x51, 0xFF))
    nw = int(o.get("waves", 2))
    specs = []
    for j in range(nw):
        specs.append(dict(color=stack_colour(back, front, j, nw), amp=A, freq=f, phase=(90 * (nw - 1 - j)) % 360,
                          speed=1.0, dir=1.0))
    for k, edits in o.get("wave-edits", {}).items():
        s = specs[int(k) - 1]
        for key, v in edits.items():
            if key == "color":
                s["color"] = sg.parse_colour(v)
            elif key == "amplitude":
                s["amp"] = float(v) / (2 if reduced else 1)
            elif key == "frequency":
                s["freq"] = float(v)
            elif key == "phase":
                s["phase"] = float(v)
            elif key == "speed":
                s["speed"] = float(v)
            elif key == "direction":
                s["dir"] = 1.0 if v == "left" else -1.0
            elif key == "fill":
                s["fill"] = v
            elif key == "level":
                s["level"] = float(v)
    # A wave with a level of its own: p_j = clamp(p L_j / P_ref, 0, 1); P_ref = 0: p_j = L_j.
    ys = []
    for s in specs:
        th = math.fmod(s["speed"] * s["dir"] * Phi + s["phase"], 360.0) % 360.0
        t_j = top
        if "level" in s:
            pj = s["level"] if p_ref == 0 else min(max(p * (s["level"] / p_ref), 0.0), 1.0)
            t_j = ink_max_y - (area_level(box, pj) if o.get("fill-mapping") == "area" else pj) * (box.ink_h + 2 * A)
        ys.append(t_j + A + s["amp"] * np.sin(2 * math.pi * s["freq"] * (x - ink_min_x) / w + math.radians(th)))
    ybot = max([float(H)] + [float(y.max()) for y in ys]) + 10
    covs = [ref.coverage([ref.wave_polyline(y, W, ybot)], W, H, "wave") for y in ys]
    out = np.zeros((H, W, 4))
    if "background-fill" in o:
        out = over(out, np.ones((H, W)), paint_image(o["background-fill"], (0, 0, W, H), W, H))
    else:
        out = over(out, np.ones((H, W)), premul(colour(o.get("background"), (255, 255, 255, 255))))
    if "container-fill" in o:
        csrc = paint_image(o["container-fill"], box.ink, W, H)
    else:
        csrc = premul(colour(o.get("container"), (0xE9, 0xE9, 0xE5, 0xB3)))
    if "container-shadow" in o:
        # Cast by the outline, non-zero (text and built-in shapes: M); a mask image, which has no
        # outline, by the container as drawn: M times its colour's or its fill's alpha.
        src = box.M * csrc[..., 3] if box.image else (
            cov_geom(box.shadow_geom, W, H, "shadow path") if getattr(box, "shadow_geom", None) is not None else box.M)
        out = cast(out, src, o["container-shadow"])
    out = over(out, box.M, csrc)
    grad = o.get("water-gradient")
    t = np.clip((np.arange(H) + 0.5 - ink_min_y) / box.ink_h, 0, 1)[:, None, None]
    for s, cv in zip(specs, covs):
        fill = s.get("fill") or o.get("water-fill")
        if fill is not None:
            src = paint_image(fill, box.ink, W, H)
        elif grad is None:
            src = premul(s["color"])
        else:
            g = sg.parse_colour(grad)
            c = np.array(s["color"], dtype=np.float64) / 255
            gg = np.array(g, dtype=np.float64) / 255
            st = c + (gg - c) * t
            st = np.broadcast_to(st, (H, 1, 4)).copy()
            st[..., 3] = c[3]
            src = np.concatenate([st[..., :3] * st[..., 3:4], st[..., 3:4]], axis=-1)
            src = np.broadcast_to(src, (H, W, 4))
        if "wave-shadow" in o:
            # The wave's group: its shadow (cast by its polygon) and the wave, drawn on their own,
            # then masked by the container.
            grp = cast(np.zeros((H, W, 4)), cv, o["wave-shadow"])
            grp = over(grp, cv, src)
            out = over(out, box.M, grp)
        else:
            out = over(out, box.M * cv, src)
    if float(o.get("border-width", 0)) > 0:
        bw, gap = float(o["border-width"]), float(o.get("border-gap", 0))
        outer = cov_geom(grown(box, gap + bw), W, H, "border outer")
        inner = cov_geom(grown(box, gap), W, H, "border inner")
        B = np.clip(outer - inner, 0, 1)
        if "border-fill" in o:
            src = paint_image(o["border-fill"], box.ink, W, H)
        else:
            src = premul(colour(o.get("border-color"), (0x46, 0xB7, 0x51, 0xFF)))
        if "border-shadow" in o:   # cast by the ring as drawn: its coverage times its alpha
            out = cast(out, B * (src[..., 3] if src.ndim == 3 else src[3]), o["border-shadow"])
        out = over(out, B, src)
    for lab in label_styles(o, W, H):
        out = draw_label(out, lab, p, box, covs[-1], W, H)
    return out


LABEL_KEYS = {"position": "label-position", "align": "label-align", "baseline": "label-baseline",
              "font": "label-font", "size": "label-size", "color": "label-color",
              "inside-color": "label-inside-color", "outline-width": "label-outline-width",
              "outline-color": "label-outline-color", "fit": "label-fit"}


def label_styles(o, W, H):
    """The main label (--label and its --label-* flags), then each --extra-label: key=value,...
    ending in text=FORMAT, the keys not given taken from the main label's settings."""
    if "label" not in o and not o.get("extra-label"):
        return []
    base = {k: o[f] for k, f in LABEL_KEYS.items() if f in o}
    base.setdefault("font", o.get("font"))
    dx, dy = (float(v) for v in o.get("label-offset", "0,0").split(","))
    base["dx"], base["dy"] = dx, dy
    base["range"] = tuple(float(v) for v in o.get("value-range", "0:100").split(":"))
    base["default-size"] = swift_round(min(W, H) / 5 * 64) / 64
    out = []
    if "label" in o:
        out.append(dict(base, text=o["label"]))
    for e in o.get("extra-label", []):
        i = e.index("text=")                    # (at the start or after a comma)
        st = dict(base, text=e[i + 5:])
        for field in filter(None, e[:i].split(",")):
            k, v = (x.strip() for x in field.split("=", 1))
            k = k.replace("colour", "color")
            st[k] = float(v) if k in ("dx", "dy") else v
        out.append(st)
    return out


def draw_label(out, st, p, box, S, W, H):
    """SCENE.md's label: laid out as the container's lines, shrunk to fit, its ink box put on the
    anchor of its position; outline (O), inside (L S) and outside (L (1 - S)) composited in turn;
    above or below the container the label does not split (the outside colour with L)."""
    text = label_text(st["text"], p, st["range"])
    if not text.strip():
        return out
    face = Face.get(st.get("font"))
    e64 = swift_round(float(st.get("size", st["default-size"])) * 64)
    pos = st.get("position", "center")
    align = st.get("align") or {"left": "left", "right": "right"}.get(pos, "center")
    baseline = st.get("baseline") or {"top": "top", "below": "top", "bottom": "bottom", "above": "bottom"}.get(pos, "middle")
    inside = pos not in ("above", "below")
    bx0, by0, bx1, by1 = box.ink
    bw, bh = bx1 - bx0, by1 - by0
    a = 0.05 * min(bw, bh)
    mk = lambda e: layout(text, face, e, None, align)  # noqa: E731
    pl = mk(e64)
    if st.get("fit") == "shrink":
        aw = max(bw - (2 * a if inside else 0), 1)
        ah = max(bh - 2 * a, 1) if inside else math.inf

        def ink_wh(q):
            x0, y0, x1, y1 = q.ink26()
            return (x1 - x0) / 64, (y1 - y0) / 64

        def fits(q):
            iw, ih = ink_wh(q)
            return iw <= aw and ih <= ah
        if not fits(pl):
            iw, ih = ink_wh(pl)
            k = min(aw / max(iw, 1e-9), ah / max(ih, 1e-9))
            e64 = max(1, math.floor(e64 * k))
            pl = mk(e64)
            while e64 > 1 and not fits(pl):
                e64 = max(1, math.floor(e64 * 0.97))
                pl = mk(e64)
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    gap = 0.25 * e64 / 64
    ax, ay = {"center": (cx, cy), "top": (cx, by0 + a), "bottom": (cx, by1 - a), "left": (bx0 + a, cy),
              "right": (bx1 - a, cy), "above": (cx, by0 - gap), "below": (cx, by1 + gap)}[pos]
    ax, ay = ax + float(st["dx"]), ay + float(st["dy"])
    x0, y0, x1, y1 = pl.ink26()
    tx = {"left": ax - x0 / 64, "center": ax - (x0 + x1) / 128, "right": ax - x1 / 64}[align]
    ty = {"top": ay + y1 / 64, "middle": ay + (y0 + y1) / 128, "bottom": ay + y0 / 64, "alphabetic": ay}[baseline]
    per = pl.contours(tx, ty, per_glyph=True)
    contours = [c for g in per for c in g]
    L = cov_contours(contours, W, H, "label", per_glyph=per)
    ow = float(st.get("outline-width", 0))
    if ow > 0:
        O = cov_geom(round_band(contours, ow / 2), W, H, "label outline")
        out = over(out, O, premul(colour(st.get("outline-color"), (255, 255, 255, 255))))
    outside = premul(colour(st.get("color"), (0x46, 0xB7, 0x51, 0xFF)))
    if not inside:
        return over(out, L, outside)
    out = over(out, L * S, premul(colour(st.get("inside-color"), (255, 255, 255, 255))))
    return over(out, L * (1 - S), outside)


def label_text(fmt, p, value_range=(0.0, 100.0)):
    """The format's text at progress p: {p} and {p:.N} show 100 p, {v} and {v:.N} min + p (max -
    min), rounded half away from zero to N decimals; {{ and }} are braces."""
    def num(x, d):
        v = int(swift_round(x * 10.0 ** d))
        if d == 0:
            return str(v)
        a = abs(v)
        return ("-" if v < 0 else "") + f"{a // 10 ** d}.{a % 10 ** d:0{d}d}"
    lo, hi = value_range
    out, i = "", 0
    while i < len(fmt):
        c = fmt[i]
        if c in "{}" and fmt[i + 1:i + 2] == c:
            out += c; i += 2; continue
        if c == "{":
            j = fmt.index("}", i)
            name = fmt[i + 1:j]
            d = 0 if len(name) == 1 else int(name[3:])
            out += num(p * 100 if name[0] == "p" else lo + p * (hi - lo), d)
            i = j + 1
            continue
        out += c; i += 1
    return out


# ------------------------------------------------------------- the family --

def ease_fn(c1x, c1y, c2x, c2y):
    def bez(s, a, b):
        u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s ** 3

    def f(x):
        if x <= 0:
            return 0.0
        if x >= 1:
            return 1.0
        lo, hi = 0.0, 1.0
        for _ in range(100):
            m = (lo + hi) / 2
            if bez(m, c1x, c2x) < x:
                lo = m
            else:
                hi = m
        return bez((lo + hi) / 2, c1y, c2y)
    return f


EASE_IN = ease_fn(0.42, 0, 1, 1)
EASE_OUT = ease_fn(0, 0, 0.58, 1)
EASE_IN_OUT = ease_fn(0.42, 0, 0.58, 1)


def mix_colour8(a, b, t):
    """Colours animate in straight 8-bit RGBA: each channel rounded (SCENE.md 7)."""
    if t >= 1:
        return b
    if t <= 0:
        return a
    return tuple(int(min(max(swift_round(x + (y - x) * t), 0), 255)) for x, y in zip(a, b))


def fps_of(o):
    return float(o.get("fps", 60))


def now(o):
    """The scene's time: o['time'] seconds when given, else frame / fps."""
    return float(o["time"]) if "time" in o else int(o.get("frame", 0)) / fps_of(o)


def scene_text_placed(o, default_text):
    """Stroke and spread: the text fitted (or sized), ink centred: (placed, tx, ty, e64)."""
    W, H = o["size"]
    face = Face.get(o.get("font"))
    text = o.get("text", default_text)
    wrap = float(o["wrap"]) if "wrap" in o else None
    mk = lambda e: layout(text, face, e, wrap, o.get("align", "center"), float(o.get("line-height", 1)))  # noqa: E731
    e64 = swift_round(float(o["font-size"]) * 64) if "font-size" in o else fit_e64(mk, W, H)
    pl = mk(e64)
    x0, y0, x1, y1 = pl.ink26()
    return pl, W / 2 - (x0 + x1) / 128, H / 2 + (y0 + y1) / 128, e64


def easing(name):
    """SCENE.md's curves: linear, the three named ones, or cubic-bezier(a,b,c,d)."""
    t = "".join((name or "linear").lower().split())
    named = {"linear": lambda x: min(max(x, 0.0), 1.0), "ease-in": EASE_IN, "ease-out": EASE_OUT, "ease-in-out": EASE_IN_OUT}
    if t in named:
        return named[t]
    a, b, c, d = (float(v) for v in t[len("cubic-bezier("):-1].split(","))
    return ease_fn(a, b, c, d)


def arc_point(polys, closed_flags, f):
    """The point at fraction f (clamped) of the arc length of polylines, contour after contour."""
    a = np.concatenate([(q if not c or np.all(q[0] == q[-1]) else np.vstack([q, q[:1]]))[:-1] for q, c in zip(polys, closed_flags)])
    b = np.concatenate([(q if not c or np.all(q[0] == q[-1]) else np.vstack([q, q[:1]]))[1:] for q, c in zip(polys, closed_flags)])
    lens = np.hypot(*(b - a).T)
    cum = np.concatenate([[0.0], np.cumsum(lens)])
    s_ = min(max(f, 0.0), 1.0) * cum[-1]
    k = min(int(np.searchsorted(cum, s_, side="right")) - 1, len(lens) - 1)
    while k > 0 and lens[k] == 0:
        k -= 1
    return a[k] + (b[k] - a[k]) * (min(max((s_ - cum[k]) / lens[k], 0.0), 1.0) if lens[k] > 0 else 0.0)


def render_stroke(o):
    """SCENE.md's stroke: each pen's strokeEnd runs 0 -> 1 over the stroke duration along the easing
    (one pen, or one per glyph starting a stagger apart), then the fill fades in over the fill
    duration; a pen tip rides the end of each stroke while it draws."""
    W, H = o["size"]
    draw = float(o.get("stroke-duration", 4))
    fill_d = float(o.get("fill-duration", 2))
    stagger = float(o["glyph-stagger"]) if "glyph-stagger" in o else None
    curve = easing(o.get("easing"))
    pl, tx, ty, _ = scene_text_placed(o, "WaveFill")
    per = pl.contours(tx, ty, per_glyph=True)
    if stagger is None:
        pens = [[c for g in per for c in g]]
        pen_globs = [per]
    else:                                        # one pen per glyph with ink, in order
        pens = [pl.contours(tx, ty, which={k}) for k, g in enumerate(pl.glyphs) if g[4].glyph(g[0], g[5])[0] is not None]
        pen_globs = [[p] for p in pens]
    drawing = draw + (max(len(pens) - 1, 0) * stagger if stagger is not None else 0.0)
    t = float(o["progress"]) * (drawing + fill_d) if "progress" in o else now(o)
    out = over(np.zeros((H, W, 4)), np.ones((H, W)), premul(colour(o.get("background"), (255, 255, 255, 255))))
    fill = colour(o.get("text-color"), (0, 0, 0, 255))
    if fill_d > 0:
        fc = mix_colour8(fill[:3] + (0,), fill, (t - drawing) / fill_d)
    else:
        fc = fill if t >= drawing else fill[:3] + (0,)
    h = float(o.get("stroke-width", 2)) / 2
    sc = premul(colour(o.get("stroke-color"), (0, 0, 0, 255)))
    for k, (contours, glob) in enumerate(zip(pens, pen_globs)):
        if not contours:
            continue
        begin = k * (stagger or 0.0)
        if fc[3] > 0:
            out = over(out, cov_contours(contours, W, H, "fill", per_glyph=glob), premul(fc))
        end = curve(min(max((t - begin) / draw, 0.0), 1.0))
        if end > 0:
            polys = [ref.flatten_contour(c, STROKE_TOL) for c in contours]
            paths = trim(polys, [True] * len(polys), end)
            g = stroke_geom(paths, h, o.get("line-join", "round"), o.get("line-cap", "round"), float(o.get("miter-limit", 10)))
            out = over(out, cov_geom(g, W, H, "stroke"), sc)
    if "pen-tip" in o:
        d = float(o["pen-tip"])
        n = max(2, min(math.ceil(draw * 120) + 1, 100_000 // max(len(pens), 1)))
        for k, contours in enumerate(pens):
            begin = k * (stagger or 0.0)
            u = (t - begin) / draw
            if not (0 <= u < 1) or not contours:
                continue
            # Positions sampled at n evenly spaced times (the eased fraction of the arc length),
            # linear between them.
            polys = [ref.flatten_contour(c, STROKE_TOL) for c in contours]
            i = min(int(math.floor(u * (n - 1))), n - 2)
            a = arc_point(polys, [True] * len(polys), curve(i / (n - 1)))
            b = arc_point(polys, [True] * len(polys), curve((i + 1) / (n - 1)))
            q = a + (b - a) * (u * (n - 1) - i)
            dot = map_contours(shape_contours("circle"), lambda x, y: (q[0] + (x - 50) * d / 100, q[1] + (y - 50) * d / 100))
            out = over(out, cov_contours(dot, W, H, "pen tip"), sc)
    return out


def rect_cov(x0, y0, x1, y1, W, H):
    """Exact coverage of an axis-aligned rectangle."""
    xs = np.arange(W)
    ys = np.arange(H)
    cx = np.clip(np.minimum(xs + 1, x1) - np.maximum(xs, x0), 0, 1)
    cy = np.clip(np.minimum(ys + 1, y1) - np.maximum(ys, y0), 0, 1)
    return cy[:, None] * cx[None, :]


def gradient_colours(colors, locs, t):
    """Per-pixel straight colour of a linear gradient at parameter t (the last stop at or before t,
    interpolated to the next one, in straight RGBA), premultiplied."""
    C = np.array(colors, dtype=np.float64) / 255
    out = np.broadcast_to(C[0], t.shape + (4,)).copy()
    idx = np.full(t.shape, -1)
    for k, l in enumerate(locs):
        idx = np.where(l <= t, k, idx)
    for k in range(len(locs)):
        sel = idx == k
        if not np.any(sel):
            continue
        if k == len(locs) - 1:
            out[sel] = C[k]
        else:
            f = (t[sel] - locs[k]) / (locs[k + 1] - locs[k])
            out[sel] = C[k] + (C[k + 1] - C[k]) * f[:, None]
    return np.concatenate([out[..., :3] * out[..., 3:4], out[..., 3:4]], axis=-1)


def render_spread(o):
    W, H = o["size"]
    fps = fps_of(o)
    t = now(o)
    face = Face.get(o.get("font"))
    text = o.get("text", "Following")
    wrap = float(o["wrap"]) if "wrap" in o else None
    mk = lambda e: layout(text, face, e, wrap, o.get("align", "center"), float(o.get("line-height", 1)))  # noqa: E731
    e64 = swift_round(float(o["font-size"]) * 64) if "font-size" in o else fit_e64(mk, W, H)
    pl = mk(e64)
    asc, desc, _ = face.extents(e64)
    # The title's bounds: the widest line's advance by the first line's box (ascender minus
    # descender); with several lines the frame is mostly their ink.
    lw, lh = pl.width26 / 64, (asc - desc) / 64
    x0, y0, x1, y1 = pl.ink26()
    ink = (x0 / 64, asc / 64 - y1 / 64, x1 / 64, asc / 64 - y0 / 64)          # in the title's bounds
    bx0, by0, bx1, by1 = min(0, ink[0]), min(0, ink[1]), max(lw, ink[2]), max(lh, ink[3])
    fx = W / 2 - ((ink[0] + ink[2]) / 2 - bx0)
    fy = H / 2 - ((ink[1] + ink[3]) / 2 - by0)
    ox, oy = fx - bx0, fy - by0                                               # title origin on the canvas
    per = pl.contours(ox, oy + asc / 64, per_glyph=True)
    M = cov_contours([c for g in per for c in g], W, H, "title", per_glyph=per)
    out = over(np.zeros((H, W, 4)), np.ones((H, W)), premul(colour(o.get("background"), (255, 255, 255, 255))))
    text_colour = colour(o.get("text-color"), (0x99, 0x99, 0x99, 0xFF))
    shimmer = bool(o.get("shimmer"))
    out = over(out, M * (float(o.get("shimmer-opacity", 0.5)) if shimmer else 1.0), premul(text_colour))
    if shimmer:
        out = shimmer_band(out, o, M, text_colour, fx, fy, bx1 - bx0, by1 - by0, t, fps, W, H)
    sel = o.get("select-at", "never" if shimmer else "auto")
    desel = o.get("deselect-at", "auto")
    s_t = 0.5 if sel == "auto" else (None if sel == "never" else int(sel) / fps)
    d_t = None if s_t is None else ((s_t + 2.0) if desel == "auto" else (None if desel == "never" else int(desel) / fps))
    if "select-time" in o:                      # seconds, as SpreadParameters takes them
        s_t, d_t = o["select-time"], o.get("deselect-time")
    un, se = np.array([0.7] * 4), np.array([0.0, 0.0, 1.0, 1.0])
    locs = un
    if s_t is not None and t >= s_t:
        locs = un + (se - un) * min((t - s_t) / 0.3, 1.0)
        if d_t is not None and t >= d_t:
            at = un + (se - un) * min(max((d_t - s_t) / 0.3, 0.0), 1.0)
            locs = at + (un - at) * min((t - d_t) / 0.3, 1.0)
    bw, bh = bx1 - bx0, by1 - by0
    d = np.array([bw, 0.2 * bh])
    dd = d @ d
    X = np.arange(W) + 0.5 - fx
    Y = np.arange(H) + 0.5 - fy - 0.4 * bh
    tt = (X[None, :] * d[0] + Y[:, None] * d[1]) / dd
    hi = (0xF2, 0x45, 0x57, 0xFF)
    G = gradient_colours([(0, 0, 0, 0), hi, hi, (0, 0, 0, 0)], list(locs), tt)
    out = over(out, rect_cov(fx, fy, fx + bw, fy + bh, W, H) * M, G)
    return out


def keyframes(values, times, u):
    """Linear key-frame interpolation at u in 0 ... 1 of the period (the last value at or after the
    last time)."""
    for i in range(len(times) - 1):
        if times[i] <= u < times[i + 1]:
            f = (u - times[i]) / (times[i + 1] - times[i])
            return values[i] + (values[i + 1] - values[i]) * f
    return values[-1] if u >= times[-1] else values[0]


def shimmer_band(out, o, M, text_colour, fx, fy, bw, bh, t, fps, W, H):
    """SCENE.md's shimmer: a band clear -> colour -> clear, `length` of the frame long along the sweep,
    masked by the title, its middle sliding from -length/2 to 1 + length/2 in the sweep, resting
    until the period, its opacity fading in and out."""
    speed = float(o.get("shimmer-speed", 230))
    pause = float(o.get("shimmer-pause", 0.4))
    b = float(o.get("highlight-length", 1))
    way = o.get("shimmer-direction", "right")
    extent = bw if way in ("left", "right") else bh
    sweep = extent * (1 + b) / speed
    period = sweep + pause
    if period * fps <= 1_000_000:
        whole = max(1, swift_round(period * fps)) / fps
        if whole - pause > 0:
            period, sweep = whole, whole - pause
    c = list(colour(o.get("shimmer-color"), text_colour))
    c[3] = int(swift_round(c[3] * float(o.get("highlight-opacity", 1))))
    edge = c[:3] + [0]
    end = sweep / period
    begin_fade, end_fade = float(o.get("shimmer-begin-fade", 0.1)), float(o.get("shimmer-end-fade", 0.3))
    fades = begin_fade + end_fade
    squeeze = sweep / fades if fades > sweep else 1.0
    fade_in = min(begin_fade * squeeze / period, end)
    fade_out = min(max(end - end_fade * squeeze / period, fade_in), end)
    u = math.fmod(t, period) / period
    middle = keyframes([-b / 2, 1 + b / 2, 1 + b / 2], [0, end, 1], u)
    opacity = keyframes([0.0, 1.0, 1.0, 0.0, 0.0], [0, fade_in, fade_out, end, 1], u)
    X = np.arange(W) + 0.5 - fx
    Y = np.arange(H) + 0.5 - fy
    tt = {"right": np.broadcast_to(X / bw, (H, W)), "left": np.broadcast_to(1 - X / bw, (H, W)),
          "down": np.broadcast_to((Y / bh)[:, None], (H, W)), "up": np.broadcast_to((1 - Y / bh)[:, None], (H, W))}[way]
    G = gradient_colours([tuple(edge), tuple(c), tuple(edge)], [middle - b / 2, middle, middle + b / 2], np.array(tt))
    return over(out, rect_cov(fx, fy, fx + bw, fy + bh, W, H) * M * opacity, G)


def render_marquee(o):
    W, H = o["size"]
    fps = fps_of(o)
    t = now(o)
    face = Face.get(o.get("font"))
    runs = o.get("runs") or [(o.get("text", "WaveFill: the wave-fill loading indicator and its family of text effects"),
                              colour(o.get("text-color"), (0, 0, 0, 255)))]
    if "font-size" in o:
        e64 = swift_round(float(o["font-size"]) * 64)
    else:
        def lh(e):
            a, d, _ = face.extents(e)
            return a - d
        limit = 4 * 64 * H // 5
        e64 = max(1, 64 * 64 * limit // max(1, lh(64 * 64)))
        while e64 > 1 and lh(e64) > limit:
            e64 -= 1
        while lh(e64 + 1) <= limit:
            e64 += 1
    asc, desc, _ = face.extents(e64)
    shaped = [face.shape(txt, e64) for txt, _ in runs]
    w26 = sum(sum(g[4] for g in s) for s in shaped)
    w = w26 / 64
    sep = sum(g[4] for g in face.shape("   ", e64)) / 64
    lead = float(o.get("leading-buffer", 0))
    trail = float(o.get("trailing-buffer", 0))
    scrolling = "force-scroll" in o or lead + w > W
    # MarqueeLabel's types; bounce and continuous take their way from the direction.
    kind = o.get("scroll", "continuous")
    right = o.get("direction", "left") == "right"
    if kind == "continuous" and right:
        kind = "continuous-reverse"
    if kind == "bounce":
        kind = "right-left" if right else "left-right"
    continuous = kind in ("continuous", "continuous-reverse")
    dist = w + sep + trail if continuous else max(0.0, lead + w + trail - W)
    delay = float(o.get("delay", 0))
    if "scroll-duration" in o:
        dur = float(o["scroll-duration"])
    elif "rate" in o:
        dur = dist / float(o["rate"])
    else:
        dur = 7.0                                  # MarqueeLabel's .duration(7.0)
        if delay == 0 and o.get("whole-frames", True):
            dur = max(1, swift_round(dur * fps)) / fps
    curve = {"linear": lambda x: x, "ease-in": EASE_IN, "ease-out": EASE_OUT, "ease-in-out": EASE_IN_OUT}[o.get("easing", "linear")]
    off = 0.0
    fade = None
    if scrolling and dur > 0:
        f = float(o["fade-length"]) / W if "fade-length" in o else 0.026
        fade = f if f > 0 else None
        rest, end = 0.0, -dist
        if continuous:
            total = delay + dur
            a, b = (rest, end) if kind == "continuous" else (end, rest)
            vals, keys, moving = [a, a, b], [0, delay / total, 1], [False, True]
        elif kind in ("left", "right"):
            total = 2 * delay + dur
            a, b = (rest, end) if kind == "left" else (end, rest)
            vals, keys, moving = [a, a, b, b], [0, delay / total, (delay + dur) / total, 1], [False, True, False]
        else:
            total = 2 * (delay + dur)
            a, b = (rest, end) if kind == "left-right" else (end, rest)
            vals = [a, a, b, b, a]
            keys = [0, delay / total, (delay + dur) / total, (2 * delay + dur) / total, 1]
            moving = [False, True, False, True]
        u = math.fmod(t, total) / total
        off = vals[-1]
        if u <= keys[0]:
            off = vals[0]
        for i in range(len(keys) - 1):
            if keys[i] <= u < keys[i + 1]:
                x = (u - keys[i]) / (keys[i + 1] - keys[i])
                off = vals[i] + (vals[i + 1] - vals[i]) * (curve(x) if moving[i] else x)
                break
    elif not scrolling:
        align = o.get("text-align", "left")
        if align == "center":
            lead = (W - w) / 2
        elif align == "right":
            lead = W - w - trail
    top = (H - (asc - desc) / 64) / 2
    copies = 3 if scrolling and continuous else 1
    group = np.zeros((H, W, 4))
    for k in range(copies):
        pen = 0
        x = lead + k * dist + off
        for (txt, col), sh in zip(runs, shaped):
            pl = Placed()
            for gid, cl, xo, yo, xa in sh:
                pl.glyphs.append((gid, cl, pen + xo, yo, face, e64))
                pen += xa
            per = pl.contours(x, top + asc / 64, per_glyph=True)
            if per:
                group = over(group, cov_contours([c for g in per for c in g], W, H, "caption", per_glyph=per), premul(col))
    out = over(np.zeros((H, W, 4)), np.ones((H, W)), premul(colour(o.get("background"), (255, 255, 255, 255))))
    if fade is not None:
        tt = np.broadcast_to((np.arange(W) + 0.5) / W, (H, W))
        m = gradient_colours([(0, 0, 0, 0), (0, 0, 0, 255), (0, 0, 0, 255), (0, 0, 0, 0)], [0, fade, 1 - fade, 1], tt)[..., 3]
        group = group * m[..., None]
    return group + (1 - group[..., 3:4]) * out


class SplitMix64:
    def __init__(self, seed):
        self.s = seed % 2 ** 64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) % 2 ** 64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2 ** 64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2 ** 64
        return z ^ (z >> 31)

    def uniform(self, lo, hi):
        return lo + (hi - lo) * ((self.next() >> 11) / float(1 << 53))


def pixel_blocks(per, ink, block):
    """Pixelate's squares of a cluster (its contours per glyph, ink box (x0, y0, x1, y1)): the
    top-left corners of the squares block px wide on a grid from the ink box's corner where the
    cluster's exact coverage is at least 0.4. Flattened within PIXEL_TOL blocks, so that a block
    near the line is decided by its exact coverage, not by how far chords fall inside the curves;
    a coverage within 1e-5 below 0.4 counts as 0.4 (a stem of whole pixels often covers exactly
    that, which float64 puts a hair to either side)."""
    cols, rows = max(1, math.ceil((ink[2] - ink[0]) / block)), max(1, math.ceil((ink[3] - ink[1]) / block))
    grid = [map_contours(g, lambda x, y: ((x - ink[0]) / block, (y - ink[1]) / block)) for g in per]
    C = cov_contours([c for g in grid for c in g], cols, rows, "pixels", per_glyph=grid, tol=PIXEL_TOL)
    return [(ink[0] + i * block, ink[1] + j * block) for j, i in zip(*np.nonzero(C >= PIXEL_AT_LEAST))]


def render_morph(o):
    W, H = o["size"]
    fps = fps_of(o)
    time = now(o)
    face = Face.get(o.get("font"))
    texts = o.get("texts", "Marquee,Stroke,Spread,Morph").split(",")
    interval = float(o.get("interval", 2))
    effect = o.get("effect", "fall")
    # Each cluster's duration is drawn from 0.35 ... 1.15 s scaled by --morph-duration / 0.75, its
    # delay from 0 ... --char-delay (SCENE.md 7, morph).
    mean = float(o.get("morph-duration", 0.75))
    dur_lo, dur_hi = (mean / 0.75) * 0.35, (mean / 0.75) * 1.15
    delay_hi = float(o.get("char-delay", 0.2))
    particles = effect in ("sparkle", "burn", "anvil")
    seed = int(o.get("seed", 1))
    fill = colour(o.get("text-color"), (0, 0, 0, 255))
    # Each text is laid out as the container's (SCENE.md 2): paragraphs split at newlines, wrapped
    # at --wrap, aligned by --align, one --line-height apart; the first line's baseline at y = 0.
    wrap = float(o["wrap"]) if "wrap" in o else None

    def paragraph(s, e):
        return layout(s, face, e, wrap, o.get("align", "center"), float(o.get("line-height", 1)))
    if "font-size" in o:
        e64 = swift_round(float(o["font-size"]) * 64)
    else:
        e64 = min(fit_e64(lambda e, s=s: paragraph(s, e), W, H) for s in texts)
    em = e64 / 64
    lines = []
    top, bottom = math.inf, -math.inf
    for s in texts:
        pl = paragraph(s, e64)
        x0, y0, x1, y1 = pl.ink26()
        top, bottom = min(top, -y1 / 64), max(bottom, -y0 / 64)
        lines.append((s, pl, (x0 + x1) / 128))
    base = H / 2 - (top + bottom) / 2

    def clusters(k):
        """The text's clusters in reading order (line after line): (characters, contours, ink box).
        A cluster's characters run from its first to the next cluster's first on its line, or to
        the line's end: a newline, and the spaces a wrapped line hangs, belong to no cluster."""
        s, pl, cx = lines[k]
        ox = W / 2 - cx
        keys = sorted({(pl.line_of[i], g[1]) for i, g in enumerate(pl.glyphs)})
        out = []
        for q, (ln, st) in enumerate(keys):
            line = pl.line_text[ln]
            nxt = keys[q + 1][1] if q + 1 < len(keys) and keys[q + 1][0] == ln else len(line)
            which = {i for i, g in enumerate(pl.glyphs) if g[1] == st and pl.line_of[i] == ln}
            b = pl.ink26(which)
            if b is None:
                continue
            ink = (ox + b[0] / 64, base - b[3] / 64, ox + b[2] / 64, base - b[1] / 64)
            out.append((line[st:nxt], pl.contours(ox, base, which, per_glyph=True), ink))
        return out
    k = math.floor(time / interval)
    if k < 1:
        idx, elapsed = 0, interval
    else:
        idx, elapsed = int(k % len(texts)), time - k * interval
    a, b = (idx + len(texts) - 1) % len(texts), idx
    old, new = clusters(a), clusters(b)
    used = [False] * len(old)
    partner = [None] * len(new)
    for j, c in enumerate(new):
        for i, q in enumerate(old):
            if not used[i] and q[0] == c[0]:
                used[i] = True
                partner[j] = i
                break
    rng = SplitMix64(seed + idx * 0x9E3779B97F4A7C15)
    layers = []
    for i, c in enumerate(old):
        if not used[i]:
            layers.append((c, "leaving", None))
    for j, c in enumerate(new):
        layers.append((c, "moving" if partner[j] is not None else "entering", None if partner[j] is None else old[partner[j]]))
    out = over(np.zeros((H, W, 4)), np.ones((H, W)), premul(colour(o.get("background"), (255, 255, 255, 255))))
    pixel_layers = []
    emitters = []
    for (text, per, ink), role, src in layers:
        dur = rng.uniform(dur_lo, dur_hi)
        dly = rng.uniform(0.0, delay_hi)
        turn = rng.uniform(0.35, 0.8)
        turn *= 1 if rng.next() & 1 == 0 else -1
        if particles and role != "moving":
            eseed = (seed + rng.next()) % 2 ** 64
            if (effect, role) in (("sparkle", "entering"), ("burn", "leaving"), ("anvil", "entering")):
                emitters.append(emitter(effect, ink, em, fill, dly, dur, eseed))
        frac = min(max((elapsed - dly) / dur, 0.0), 1.0)
        if effect == "pixelate" and role != "moving":
            # The glyph gives way to its pixels in the first half (leaving) or takes over from them
            # in the second (entering); the pixels show 0 -> 1 -> 0 while the cluster animates.
            opacity = keyframes([1.0, 0.0, 0.0] if role == "leaving" else [0.0, 0.0, 1.0], [0, 0.5, 1], frac)
            if opacity > 0:
                out = over(out, cov_contours([c for g in per for c in g], W, H, "cluster", per_glyph=per) * opacity, premul(fill))
            u = (elapsed - dly) / dur
            if 0 <= u < 1:
                pixel_layers.append((per, ink, keyframes([0.0, 1.0, 0.0], [0, 0.5, 1], u)))
            continue
        rest = (0.0, 0.0, 0.0, 1.0, 1.0)                     # tx, ty, rotation, scale x, scale y
        fromT = toT = rest
        fromO = toO = 1.0
        if role == "leaving":
            toO = 0.0
            toT = {"fall": (0.0, 0.6 * em, turn, 1.0, 1.0), "scale": (0.0, 0.0, 0.0, 0.1, 0.1),
                   "evaporate": (0.0, -0.5 * em, 0.0, 1.0, 1.0), "sparkle": (0.0, 0.0, 0.0, 0.8, 0.8),
                   "burn": (0.0, 0.35 * (ink[3] - ink[1]), 0.0, 1.0, 0.3)}.get(effect, rest)
            e = EASE_IN(frac)
        elif role == "entering":
            fromO = 0.0
            fromT = {"fall": (0.0, -0.4 * em, 0.0, 1.0, 1.0), "scale": (0.0, 0.0, 0.0, 1.8, 1.8),
                     "evaporate": (0.0, 0.5 * em, 0.0, 1.0, 1.0), "sparkle": (0.0, 0.0, 0.0, 0.4, 0.4),
                     "anvil": (0.0, -(ink[3] + em), 0.0, 1.0, 1.0)}.get(effect, rest)
            e = (EASE_IN if effect == "anvil" else EASE_OUT)(frac)
        else:
            e = EASE_IN_OUT(frac)
        opacity = fromO + (toO - fromO) * frac
        tx, ty, rot, sx, sy = (p + (q - p) * e for p, q in zip(fromT, toT))
        cx, cy = (ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2
        px, py = cx, cy
        if role == "moving":
            ox, oy = (src[2][0] + src[2][2]) / 2, (src[2][1] + src[2][3]) / 2
            px, py = ox + (cx - ox) * e, oy + (cy - oy) * e
        if opacity <= 0:
            continue
        c_, s_ = math.cos(rot), math.sin(rot)

        def f(x, y):
            u, v = x - cx, y - cy
            return (px + tx + c_ * sx * u - s_ * sy * v, py + ty + s_ * sx * u + c_ * sy * v)
        per_t = [map_contours(g, f) for g in per]
        cov = cov_contours([c for g in per_t for c in g], W, H, "cluster", per_glyph=per_t)
        out = over(out, cov * opacity, premul(fill))
    block = max(2, swift_round(em / 8))
    for per, ink, opacity in pixel_layers:
        if opacity <= 0:
            continue
        squares = [np.array([(x0, y0), (x0 + block, y0), (x0 + block, y0 + block), (x0, y0 + block), (x0, y0)])
                   for x0, y0 in pixel_blocks(per, ink, block)]
        if squares:
            out = over(out, ref.coverage(squares, W, H, "pixels") * opacity, premul(fill))
    for em_ in emitters:
        out = draw_particles(out, em_, elapsed)
    return out


# ------------------------------------------------------------ particles --

def star_contour(r):
    """A four-pointed star of radius r about (0, 0), inner points at 0.3 r on the diagonals."""
    q = 0.3 * r
    pts = [(0.0, -r), (q, -q), (r, 0.0), (q, q), (0.0, r), (-q, q), (-r, 0.0), (-q, -q), (0.0, -r)]
    return [("M", *pts[0])] + [("L", *p) for p in pts[1:]]


def largest_scale(cell):
    """SCENE.md: the largest scale a cell's particle is drawn at in its life."""
    return cell["scale"] + cell["scaleRange"] + max(cell["scaleSpeed"], 0.0) * (cell["lifetime"] + cell["lifetimeRange"])


def dot_contour(r, largest):
    """A particle's disc of radius r about (0, 0): the regular n-gon from (r, 0) with the fewest sides
    (12 ... 64) within 0.1 px of the circle at `largest` times its size."""
    reach = max(r * max(largest, 1.0), 1e-9)
    step = math.acos(max(-1.0, 1.0 - 0.1 / reach))
    n = min(64, max(12, math.ceil(math.pi / max(step, 1e-9))))
    pts = [(r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n)) for k in range(n)]
    return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("L", *pts[0])]


SAMPLES_PER_SECOND = 60.0


def emitter(effect, ink, em, colour_, begin, duration, seed):
    """SCENE.md's emitter of a sparkle (entering), burn (leaving) or anvil (entering) cluster:
    (rect x, y, w, h; emit begin; emit duration; seed; cells). A cell is a dict of SCENE.md's table."""
    x0, y0, x1, y1 = ink
    w, h = x1 - x0, y1 - y0
    base = dict(lifetimeRange=0.0, velocityRange=0.0, emissionRange=0.0, acc=(0.0, 0.0), scaleRange=0.0,
                scaleSpeed=0.0, alphaSpeed=0.0, spin=0.0, spinRange=0.0)
    if effect == "sparkle":
        rect, b, d = (x0, y0, w, h * 0.3), begin, duration * 0.8
        cells = [dict(base, birthRate=24.0, lifetime=0.6, lifetimeRange=0.2, velocity=em * 0.6, velocityRange=em * 0.3,
                      longitude=math.pi / 2, emissionRange=math.pi / 4, acc=(0.0, em * 1.5), scale=1.0, scaleRange=0.4,
                      scaleSpeed=-1.2, alphaSpeed=-1.4, spin=4.0, spinRange=3.0, colour=colour_,
                      shape=star_contour(max(1.5, em * 0.09)))]
    elif effect == "burn":
        rect, b, d = (x0, y1 - h * 0.2, w, h * 0.2), begin, duration
        fire = dict(base, birthRate=30.0, lifetime=0.45, lifetimeRange=0.15, velocity=em * 0.9, velocityRange=em * 0.3,
                    longitude=-math.pi / 2, emissionRange=math.pi / 10, scale=1.0, scaleRange=0.3, scaleSpeed=-1.6,
                    alphaSpeed=-1.8, colour=(0xFF, 0x6A, 0x00, 0xFF))
        fire["shape"] = dot_contour(max(1.5, em * 0.06), largest_scale(fire))
        smoke = dict(fire, birthRate=12.0, lifetime=0.8, velocity=em * 0.6, scale=1.4, scaleSpeed=0.8, alphaSpeed=-1.1,
                     colour=(0x80, 0x80, 0x80, 0xB0))
        smoke["shape"] = dot_contour(max(1.5, em * 0.06), largest_scale(smoke))
        cells = [fire, smoke]
    else:
        rect, b, d = (x0, y1, w, 0.0), begin + duration, 0.12
        left = dict(base, birthRate=60.0, lifetime=0.5, lifetimeRange=0.15, velocity=em * 1.4, velocityRange=em * 0.5,
                    longitude=math.pi + 0.15, emissionRange=0.25, acc=(0.0, -em * 0.8), scale=1.0, scaleRange=0.4,
                    scaleSpeed=1.5, alphaSpeed=-2.0, colour=(0x9E, 0x9E, 0x9E, 0xC0))
        left["shape"] = dot_contour(max(1.5, em * 0.05), largest_scale(left))
        cells = [left, dict(left, longitude=-0.15)]
    return rect, b, d, seed, cells


def particle_count(cell, d):
    return math.ceil(max(cell["birthRate"], 0.0) * max(d, 0.0))


def draw_particles(out, em_, t):
    """Every particle of the emitter alive at t (seconds since the change), cell after cell, each
    in birth order, composited source-over (SCENE.md 7, particles)."""
    (rx, ry, rw, rh), begin, d, seed, cells = em_
    H, W = out.shape[:2]
    M64 = 2 ** 64
    for k, c in enumerate(cells):
        for i in range(particle_count(c, d)):
            birth = begin + i / c["birthRate"]
            if t < birth:
                continue
            r = SplitMix64(seed ^ ((k * 0xD1B54A32D192ED03) % M64) ^ ((i * 0x9E3779B97F4A7C15) % M64))
            unit = lambda: (r.next() >> 11) / float(1 << 53)  # noqa: E731
            signed = lambda: 2 * unit() - 1  # noqa: E731
            life = max(c["lifetime"] + c["lifetimeRange"] * signed(), 1e-3)
            speed = c["velocity"] + c["velocityRange"] * signed()
            angle = c["longitude"] + c["emissionRange"] * signed()
            ox = rx + rw * unit()
            oy = ry + rh * unit()
            scale0 = c["scale"] + c["scaleRange"] * signed()
            spin = c["spin"] + c["spinRange"] * signed()
            tau = t - birth
            if tau >= life:
                continue
            vx, vy = math.cos(angle) * speed, math.sin(angle) * speed
            ax, ay = c["acc"]

            def state(a):
                a = min(max(a, 0.0), life)
                return (ox + vx * a + ax * (a * a / 2), oy + vy * a + ay * (a * a / 2),
                        max(scale0 + c["scaleSpeed"] * a, 0.0), min(max(1 + c["alphaSpeed"] * a, 0.0), 1.0), spin * a)
            # Key frames at steps + 1 evenly spaced ages, linear between them.
            steps = max(math.ceil(life * SAMPLES_PER_SECOND), 1)
            p = tau / life
            if p <= 0:
                cur = state(0.0)
            else:
                j = min(int(p * steps), steps - 1)
                while j > 0 and j / steps > p:
                    j -= 1
                while j + 1 < steps and (j + 1) / steps <= p:
                    j += 1
                f = (p - j / steps) / ((j + 1) / steps - j / steps)
                s0, s1 = state(life * j / steps), state(life * (j + 1) / steps)
                cur = tuple(a + (b_ - a) * f for a, b_ in zip(s0, s1))
            cx, cy, sc, alpha, turn = cur
            if alpha <= 0 or sc <= 0:
                continue
            co, si = math.cos(turn), math.sin(turn)
            shape = map_contours([c["shape"]], lambda x, y: (cx + co * sc * x - si * sc * y, cy + si * sc * x + co * sc * y))
            poly = polylines_of(shape, FILL_TOL)
            allpts = np.concatenate(poly)
            bx0, by0 = max(int(math.floor(allpts[:, 0].min())), 0), max(int(math.floor(allpts[:, 1].min())), 0)
            bx1, by1 = min(int(math.ceil(allpts[:, 0].max())), W), min(int(math.ceil(allpts[:, 1].max())), H)
            if bx1 <= bx0 or by1 <= by0:
                continue
            win = [q - np.array([bx0, by0], dtype=float) for q in poly]
            cov = ref.coverage(win, bx1 - bx0, by1 - by0, "particle")
            out[by0:by1, bx0:bx1] = over(out[by0:by1, bx0:bx1], cov * alpha, premul(c["colour"]))
    return out


RENDERERS = {"wave": render_wave, "stroke": render_stroke, "spread": render_spread,
             "marquee": render_marquee, "morph": render_morph}


def render(scene, o):
    return RENDERERS[scene](o)


def to_png_bytes(prem):
    return ref.to_straight_rgba8(prem)

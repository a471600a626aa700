#!/usr/bin/python3
"""Times Pango laying out the paragraph `wavefill bench --layout --json` timed (read on stdin):
DejaVu Sans Bold at 20 px with Pango's own fallback, wrapped to 400 px, a new layout each run
(itemizing, bidi, line breaks, shaping), median of 50. Prints both figures as one Markdown row."""
import json
import statistics
import sys
import time

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

ours = json.load(sys.stdin)
text = ours["paragraph"]
context = PangoCairo.FontMap.get_default().create_context()
context.set_round_glyph_positions(False)
desc = Pango.FontDescription.from_string("DejaVu Sans Bold")
desc.set_absolute_size(20 * Pango.SCALE)


def layout():
    lay = Pango.Layout.new(context)
    lay.set_font_description(desc)
    lay.set_width(400 * Pango.SCALE)
    lay.set_wrap(Pango.WrapMode.WORD)
    lay.set_text(text, -1)
    return lay.get_line_count()


lines = layout()  # fonts loaded once, as ours are
times = []
for _ in range(50):
    t = time.perf_counter()
    layout()
    times.append((time.perf_counter() - t) * 1000)
print("| characters | ours: lines | ours: layout ms | ours: with outlines ms | Pango: lines | Pango: layout ms |")
print("|---|---|---|---|---|---|")
print(f"| {ours['characters']} | {ours['lines']} | {ours['layout_ms']:.3f} | {ours['with_outlines_ms']:.3f} | {lines} | {statistics.median(times):.3f} |")

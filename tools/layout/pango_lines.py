#!/usr/bin/python3
"""Pango's line breaks for the layout test: reads a JSON list of {"text", "font", "px", "width"} on
stdin and prints, for each, the first character (Unicode scalar index) of every line Pango lays out
with that font (a fontconfig family and style, with Pango's own fallback), absolute size in px and
wrap width in px (Pango's default word wrapping, glyph positions not rounded)."""
import json
import sys

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402


def line_starts(text, font, px, width):
    context = PangoCairo.FontMap.get_default().create_context()
    context.set_round_glyph_positions(False)
    layout = Pango.Layout.new(context)
    desc = Pango.FontDescription.from_string(font)
    desc.set_absolute_size(px * Pango.SCALE)
    layout.set_font_description(desc)
    layout.set_width(int(width * Pango.SCALE))
    layout.set_wrap(Pango.WrapMode.WORD)
    layout.set_text(text, -1)
    data = text.encode("utf-8")
    return [len(data[: line.start_index].decode("utf-8")) for line in layout.get_lines_readonly()]


cases = json.load(sys.stdin)
json.dump([line_starts(c["text"], c["font"], c["px"], c["width"]) for c in cases], sys.stdout)

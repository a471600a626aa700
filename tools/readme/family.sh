#!/usr/bin/env bash
# Makes docs/family.png, the README's picture of the text effects' library knobs, one tile each:
# the marquee's left-right type with an ease-in-out curve half-way along, a shimmer band mid-sweep,
# a staggered stroke with pen tips, and the morph's pixelate, sparkle, burn and anvil mid-change (Yes -> Fun; anvil as the
# letters land).
#   tools/readme/family.sh [PATH/TO/wavefill]     (default: the debug build)
# Needs ffmpeg (apt-get install ffmpeg) for the tiling.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "family.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
source tools/readme/tile.sh
r() { "$bin" render --size 300x90 --force "$@" >/dev/null; }
r --scene marquee --text "Now playing: Water Music (Handel), there and back" --scroll left-right --easing ease-in-out \
    --scroll-duration 2 --delay 0.5 --font-size 30 --frame 80 --out "$work/00.png"
r --scene spread --shimmer --text Loading --text-color '#37474F' --highlight-length 0.5 --shimmer-color '#FFFFFF' \
    --shimmer-opacity 0.6 --frame 40 --out "$work/01.png"
r --scene stroke --text Wave --glyph-stagger 0.35 --stroke-duration 1 --pen-tip 9 --stroke-width 2.5 \
    --stroke-color '#1C7ED6' --frame 50 --out "$work/02.png"
k=3
for shot in pixelate:150 sparkle:160 burn:150 anvil:188; do
    r --scene morph --texts "Yes,Fun" --interval 2 --font-size 56 --effect "${shot%%:*}" --frame "${shot##*:}" --out "$work/0$k.png"
    k=$((k + 1))
done
tile 4 docs/family.png

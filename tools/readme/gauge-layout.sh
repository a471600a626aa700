#!/usr/bin/env bash
# Makes the README's pictures of the gauge's labels, shapes, placement and levels per wave, each
# from frames `wavefill render` draws, put side by side by ffmpeg:
#   docs/gauge-labels.png   label positions, an outline, several labels with {v}, a shrunk two-line label
#   docs/gauge-shapes.png   diamond, pin, and the arrow and triangle turned by --shape-direction
#   docs/gauge-layout.png   --center and --radius, then --fit contain, fill and none
#   docs/gauge-levels.png   three waves at one level, then at levels 0.8, 0.55 and 0.3 of their own
#   tools/readme/gauge-layout.sh [PATH/TO/wavefill]     (default: the debug build)
# Needs ffmpeg (apt-get install ffmpeg).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "gauge-layout.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

# shellcheck source=strip.sh
. tools/readme/strip.sh
r() { local out="$1"; shift; "$bin" render --size 180x180 --frame 20 "$@" --out "$tmp/$out" >/dev/null; echo "$tmp/$out"; }

labels=(
    "$(r l1.png --shape circle --progress 0.62 --label '{p}%' --label-size 30 --label-position top)"
    "$(r l2.png --shape circle --progress 0.62 --label '{p}%' --label-size 34 --label-outline-width 3 --label-outline-color '#1D3557')"
    "$(r l3.png --shape circle --radius 36% --center 50%,46% --progress 0.4 --label '{v:.1} l' --value-range 0:12.5 --label-size 30 \
        --label-position center --extra-label 'position=below,size=15,color=#264653,text=Tank A, {p}% full' \
        --extra-label 'position=top,size=13,text=fresh water')"
    "$(r l4.png --shape rounded-rect --progress 0.35 --label 'level
{p:.1} %' --label-size 80 --label-fit shrink --label-position left --label-align left)"
)
strip docs/gauge-labels.png "${labels[@]}"

shapes=(
    "$(r s1.png --shape diamond --progress 0.5)"
    "$(r s2.png --shape pin --progress 0.5)"
    "$(r s3.png --shape arrow --progress 0.5)"
    "$(r s4.png --shape arrow --shape-direction right --progress 0.5)"
    "$(r s5.png --shape triangle --shape-direction down --progress 0.5)"
)
strip docs/gauge-shapes.png "${shapes[@]}"

layout=(
    "$(r f1.png --shape circle --center 30%,30% --radius 22% --progress 0.5)"
    "$(r f2.png --shape heart --fit contain --progress 0.5)"
    "$(r f3.png --shape heart --fit fill --progress 0.5)"
    "$(r f4.png --shape heart --fit none --progress 0.5)"
)
strip docs/gauge-layout.png "${layout[@]}"

levels=(
    "$(r w1.png --shape circle --waves 3 --progress-to 0.55 --transition 0.3)"
    "$(r w2.png --shape circle --waves 3 --progress-to 0.55 --transition 0.3 --wave 1:level=0.8 --wave 2:level=0.55 --wave 3:level=0.3)"
)
strip docs/gauge-levels.png "${levels[@]}"

#!/usr/bin/env bash
# Makes the README's pictures of the gauge's motion settings, each from frames `wavefill render` draws:
#   docs/fill-mapping.png    a triangle and a heart at 25 %, height mapping beside area mapping
#   docs/transition.png      frames 0 ... 80 of --progress-at 0:0.8,40:0.3 (eased, with the label)
#   docs/reduced-motion.png  the same frame with and without --reduced-motion
#   docs/waves.png           the classic pair, --waves 3, a tuned stack of 4, and it with --water-gradient
#   tools/readme/gauge.sh [PATH/TO/wavefill]     (default: the debug build)
# Needs ffmpeg (apt-get install ffmpeg) to put frames side by side.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "gauge.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

# shellcheck source=strip.sh
. tools/readme/strip.sh

common=(--size 160x160 --amplitude 0 --label '{p}%' --label-size 30)
for shape in triangle heart; do
    for mapping in height area; do
        "$bin" render --shape "$shape" "${common[@]}" --progress 0.25 --fill-mapping "$mapping" --out "$tmp/$shape-$mapping.png" >/dev/null
    done
done
strip docs/fill-mapping.png "$tmp"/triangle-height.png "$tmp"/triangle-area.png "$tmp"/heart-height.png "$tmp"/heart-area.png

frames=(0 10 20 30 40 50 60 80)
for f in "${frames[@]}"; do
    "$bin" render --shape circle --size 120x120 --label '{p}%' --label-size 26 --progress-at 0:0.8,40:0.3 \
        --transition 0.6 --frame "$f" --out "$tmp/t-$f.png" >/dev/null
done
strip docs/transition.png $(for f in "${frames[@]}"; do echo "$tmp/t-$f.png"; done)

"$bin" render --shape drop --size 160x160 --progress 0.55 --frame 20 --out "$tmp/normal.png" >/dev/null
"$bin" render --shape drop --size 160x160 --progress 0.55 --frame 20 --reduced-motion --out "$tmp/reduced.png" >/dev/null
strip docs/reduced-motion.png "$tmp/normal.png" "$tmp/reduced.png"

stack=(--waves 4 --wave '1:amplitude=22,frequency=0.6,color=#2A9D8F80' --wave '3:direction=right,speed=2')
look=(--shape circle --size 160x160 --progress 0.55 --frame 30 --amplitude 12 --front-wave '#46B751B0')
"$bin" render "${look[@]}" --out "$tmp/w-pair.png" >/dev/null
"$bin" render "${look[@]}" --waves 3 --out "$tmp/w-3.png" >/dev/null
"$bin" render "${look[@]}" "${stack[@]}" --out "$tmp/w-4.png" >/dev/null
"$bin" render "${look[@]}" "${stack[@]}" --water-gradient '#1D3557' --out "$tmp/w-g.png" >/dev/null
strip docs/waves.png "$tmp/w-pair.png" "$tmp/w-3.png" "$tmp/w-4.png" "$tmp/w-g.png"

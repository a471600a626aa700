#!/usr/bin/env bash
# Makes the README's picture of the gauge's fills and shadows, from frames `wavefill render` draws:
#   docs/paint.png   four circles: a linear water fill at 90deg over a radial container on a
#                    gradient background; a radial water fill per wave with a gradient ring; wave
#                    shadows and a glowing ring (echarts-liquidfill's look); a container's drop shadow
#   tools/readme/paint.sh [PATH/TO/wavefill]     (default: the debug build)
# Needs ffmpeg (apt-get install ffmpeg) to put frames side by side.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "paint.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

common=(--shape circle --size 200x200 --progress 0.6 --frame 30)
"$bin" render "${common[@]}" --water-fill 'linear(90deg, #FF3B30 0, #FFCC00 0.5, #34C759 1)' \
    --container-fill 'radial(#FFFFFF, #C8D8F0)' --background-fill 'linear(160deg, #F4F1EA, #D9E4F5)' \
    --out "$tmp/1.png" >/dev/null
"$bin" render "${common[@]}" --waves 3 --wave '1:fill=radial(#1D3557 0, #457B9D 1)' \
    --wave '2:fill=radial(#2A9D8FC0 0, #8AB17DC0 1)' --wave '3:fill=linear(#E9C46AA0, #F4A261A0)' \
    --border-width 6 --border-gap 4 --border-fill 'linear(45deg, #E63946, #457B9D)' --out "$tmp/2.png" >/dev/null
"$bin" render "${common[@]}" --background '#102030' --container '#1C2E44' --back-wave '#2EC4E6' --front-wave '#1B8FD9' \
    --wave-shadow '#000000A0 10 0 -4' --border-width 4 --border-gap 6 --border-color '#2EC4E6' \
    --border-shadow '#2EC4E6 12' --label '{p}%' --label-color '#2EC4E6' --out "$tmp/3.png" >/dev/null
"$bin" render "${common[@]}" --background '#FFFFFF' --container '#F0F0F0' --container-shadow '#00000080 12 4 6' \
    --water-fill 'radial(#9B5DE5, #F15BB5)' --out "$tmp/4.png" >/dev/null
ffmpeg -loglevel error -y -i "$tmp/1.png" -i "$tmp/2.png" -i "$tmp/3.png" -i "$tmp/4.png" \
    -filter_complex "hstack=inputs=4" docs/paint.png
echo "docs/paint.png: $(wc -c < docs/paint.png) bytes"

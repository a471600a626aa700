#!/usr/bin/env bash
# Makes docs/shapes.png, the README's strip of the wave's built-in container shapes: each shape is
# rendered by `wavefill render --shape NAME` at frame 150 (half full), then ffmpeg puts them side by side.
#   tools/readme/shapes.sh [PATH/TO/wavefill]     (default: the debug build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "shapes.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
shapes=(circle rect rounded-rect triangle heart drop star)
inputs=()
for s in "${shapes[@]}"; do
    "$bin" render --shape "$s" --size 160x160 --frame 150 --out "$tmp/$s.png" >/dev/null
    inputs+=(-i "$tmp/$s.png")
done
ffmpeg -loglevel error -y "${inputs[@]}" -filter_complex "hstack=inputs=${#shapes[@]}" docs/shapes.png
echo "docs/shapes.png: $(wc -c < docs/shapes.png) bytes"

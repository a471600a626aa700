#!/usr/bin/env bash
# Makes docs/presets.png, the README's picture of every built-in preset: each preset rendered by
# wavefill at 200x155 at a frame where its scene shows what it does, tiled six to a row in the order
# `wavefill render --list-presets` prints them (ffmpeg's tile filter).
#   tools/readme/presets.sh [PATH/TO/wavefill]     (default: the debug build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
. tools/readme/tile.sh
i=0
while read -r name scene; do
    case "$scene" in
        wave) frame=150 ;; marquee) frame=60 ;; stroke) frame=150 ;; spread) frame=40 ;; morph) frame=150 ;; *) frame=0 ;;
    esac
    "$bin" render --preset "$name" --size 200x155 --frame "$frame" --out "$work/$(printf '%02d' "$i").png" >/dev/null
    i=$((i + 1))
done < <("$bin" render --list-presets)
tile 6 docs/presets.png

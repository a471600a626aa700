#!/usr/bin/env bash
# Makes docs/presets.png, the README's picture of every built-in preset: each preset rendered by
# wavefill at 200x155 at a frame where its scene shows what it does, tiled six to a row in the order
# `wavefill render --list-presets` prints them (ffmpeg's tile filter).
# Usage: tools/readme-presets.sh [path/to/wavefill]   (default: a release build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin="${1:-}"
if [ -z "$bin" ]; then swift build -c release --product wavefill >&2; bin="$(swift build -c release --show-bin-path)/wavefill"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
i=0
while read -r name scene; do
    case "$scene" in
        wave) frame=150 ;; marquee) frame=60 ;; stroke) frame=150 ;; spread) frame=40 ;; morph) frame=150 ;; *) frame=0 ;;
    esac
    "$bin" render --preset "$name" --size 200x155 --frame "$frame" --out "$work/$(printf '%02d' "$i").png" >/dev/null
    i=$((i + 1))
done < <("$bin" render --list-presets)
rows=$(( (i + 5) / 6 ))
ffmpeg -v error -y -framerate 1 -i "$work/%02d.png" -vf "tile=6x${rows}:padding=4:margin=4:color=white" -frames:v 1 "$work/presets.png"
mv "$work/presets.png" docs/presets.png
echo "wrote docs/presets.png ($i presets)"

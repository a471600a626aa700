#!/usr/bin/env bash
# Makes docs/text.png, the README's gallery of text layout: every scene drawing scripts the default
# font lacks (fallback through fontconfig), mixed directions, several lines, each rendered by
# wavefill at 240x180 and tiled four to a row with ffmpeg's tile filter.
# Usage: tools/readme-text.sh [path/to/wavefill]   (default: a release build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin="${1:-}"
if [ -z "$bin" ]; then swift build -c release --product wavefill >&2; bin="$(swift build -c release --show-bin-path)/wavefill"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
i=0
shot() { "$bin" render --size 240x180 "$@" --out "$work/$(printf '%02d' "$i").png" >/dev/null; i=$((i + 1)); }
shot --text 加载中 --frame 150
shot --text $'Loading\n加载中' --frame 150
shot --text $'abc שלום\nمرحبا world' --progress 0.55
shot --text 'नमस्ते 😀' --progress 0.5
shot --scene stroke --text $'Привет\nこんにちは' --frame 330
shot --scene marquee --font-size 30 --text 'Now playing: שלום עולם · 加载中 · Wave' --frame 150
shot --scene spread --text 'Подписка' --frame 40
shot --scene morph --texts 'こんにちは,नमस्ते' --frame 60
ffmpeg -v error -y -framerate 1 -i "$work/%02d.png" -vf "tile=4x2:padding=4:margin=4:color=white" -frames:v 1 "$work/text.png"
mv "$work/text.png" docs/text.png
echo "wrote docs/text.png ($i pictures)"

#!/usr/bin/env bash
# Makes docs/text.png, the README's gallery of text layout: every scene drawing scripts the default
# font lacks (fallback through fontconfig), mixed directions, several lines, each rendered by
# wavefill at 240x180 and tiled four to a row with ffmpeg's tile filter.
#   tools/readme/text.sh [PATH/TO/wavefill]     (default: the debug build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
. tools/readme/tile.sh
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
tile 4 docs/text.png

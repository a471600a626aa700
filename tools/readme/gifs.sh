#!/usr/bin/env bash
# Makes the README's GIFs (Assets/readme/*.gif) from frames `wavefill render` draws: each scene is
# rendered to PNG frames, then ffmpeg builds one palette per GIF and encodes the frames with it.
#   tools/readme/gifs.sh [PATH/TO/wavefill]     (default: the debug build)
# Needs ffmpeg (apt-get install ffmpeg). Each GIF is exactly one loop of its scene, so it repeats
# without a jump where that scene does (the marquee's period is set to a whole number of frames).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
command -v ffmpeg >/dev/null || { echo "gifs.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
out=Assets/readme
mkdir -p "$out"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

gif() {   # name fps frames args...
    local name="$1" fps="$2" frames="$3"; shift 3
    "$bin" render --fps "$fps" --frames "$frames" --out "$tmp/$name" --force "$@" >/dev/null
    ffmpeg -loglevel error -y -framerate "$fps" -i "$tmp/$name/frame-%05d.png" \
        -vf "split[a][b];[a]palettegen=stats_mode=full:max_colors=32[p];[b][p]paletteuse=dither=none" \
        -loop 0 "$out/$name.gif"
    echo "$out/$name.gif: $frames frames at $fps fps, $(wc -c < "$out/$name.gif") bytes"
}

# One 6 s period: 90 frames at 15 fps.
gif marquee 15 90 --scene marquee --size 300x40 --scroll-duration 6 \
    --text "Now playing: Never Gonna Give You Up - Rick Astley"
# The pen (4 s), the fill (2 s), a second held.
gif stroke 15 105 --scene stroke --size 240x110 --text "Wave" --stroke-width 2.5
# Selected at 0.25 s, deselected at 1.25 s, nothing left at the end.
gif spread 20 40 --scene spread --size 240x70 --text "Following" --select-at 5 --deselect-at 25
# One cycle of three changes, 2 s apart.
gif morph 15 90 --scene morph --size 300x90 --texts "Yes,Too,AVs" --interval 2

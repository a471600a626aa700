#!/usr/bin/env bash
# Sizes of default vector exports and of the wave's GIF (opaque, and on a transparent background),
# one line per file: scene, format, bytes.
#   tools/bench/export-sizes.sh [OUT_DIR]        # WAVEFILL=path/to/wavefill to choose the binary
# Each export runs at the scene's defaults (its default length); the label gauge is the circle with
# a label and a ring. Sizes do not depend on the build (debug or release).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${WAVEFILL:-$here/.build/debug/wavefill}"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
run() {
    local name="$1" ext="$2"; shift 2
    local file="$out/$name.$ext"
    "$bin" export "$@" --out "$file" --force > /dev/null
    printf '%s\t%s\t%s\n' "$name" "$ext" "$(stat -c %s "$file")"
}
run wave json --format lottie
run wave svg --format svg
run wave gif --format gif
run wave-transparent gif --format gif --background '#00000000'
run gauge-label-border json --shape circle --label '{p}%' --border-width 4 --border-gap 3 --format lottie
run gauge-label-border svg --shape circle --label '{p}%' --border-width 4 --border-gap 3 --format svg
for scene in ${SCENES:-stroke spread morph marquee}; do
    run "$scene" json --scene "$scene" --format lottie
    run "$scene" svg --scene "$scene" --format svg
done

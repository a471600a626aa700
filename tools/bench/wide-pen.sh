#!/usr/bin/env bash
# A pen wider than its path's curves against the default pen: `wavefill bench` of the stroke scene on
# "Ok" at 160x160 (every frame of the 361-frame loop, whole and damage-only), for pen widths 2 (the
# default), 16, 33 and 67 px (median and mean: the loop's frames that draw cost far more than those that
# hold, and the median falls on either), and the issue's command (`render` of frames 29-38 at 160x124 with a 67 px
# pen, PNGs written) timed with its CPU seconds. Allocations per frame are counted with the malloc
# interposer preloaded. Usage: tools/bench/wide-pen.sh [RELEASE_BIN_DIR]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
tool=wide-pen
# shellcheck source=tools/bench/release-bins.sh
source tools/bench/release-bins.sh "$@"
echo "| pen width (px) | whole median ms | whole mean ms | whole p90 ms | damage-only median ms | / default pen (whole median) | / default pen (whole mean) | allocs/frame (whole, damage-only) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---|"
base=""
basemean=""
for w in 2 16 33 67; do
    json=$(LD_PRELOAD="$bindir/libMallocInterposerSwift.so" "$bindir/wavefill" bench --scene "stroke --text Ok --stroke-width $w" --sizes 160 --modes full,dirty \
           --warmup 0 --frames 361 --json)
    row=$(printf '%s' "$json" | python3 -c '
import json, sys
rows = {r["mode"]: r for r in json.load(sys.stdin)["results"]}
print(rows["full"]["median_ms"], rows["full"]["mean_ms"], rows["full"]["p90_ms"], rows["dirty"]["median_ms"],
      "%s,%s" % (rows["full"]["allocs_per_frame"], rows["dirty"]["allocs_per_frame"]))')
    read -r whole mean p90 dirty allocs <<< "$row"
    [ -n "$base" ] || base=$whole
    [ -n "$basemean" ] || basemean=$mean
    ratio=$(python3 -c "print(f'{$whole / $base:.1f}')")
    meanratio=$(python3 -c "print(f'{$mean / $basemean:.1f}')")
    echo "| $w | $whole | $mean | $p90 | $dirty | $ratio | $meanratio | ${allocs/,/, } |"
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

/usr/bin/env time -f "%U %S" -o "$out/time" "$bindir/wavefill" render --scene stroke --text Ok --size 160x124 \
    --stroke-width 67 --start 29 --frames 10 --out "$out/frames" >/dev/null
read -r user sys < "$out/time"
echo
echo "render --scene stroke --text Ok --size 160x124 --stroke-width 67 --start 29 --frames 10: ${user} s user, ${sys} s system"

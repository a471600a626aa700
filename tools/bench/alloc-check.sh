#!/usr/bin/env bash
# Every benchmarked scene and effect allocates nothing per frame in steady state, whole and
# damage-only frames: `wavefill bench` with the malloc interposer preloaded, on a release build
# (the debug build's unoptimised code allocates where the release build does not). The cases are
# tools/bench/lottie_peers.py's. Usage: tools/bench/alloc-check.sh [RELEASE_BIN_DIR]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
tool=alloc-check
# shellcheck source=tools/bench/release-bins.sh
source tools/bench/release-bins.sh "$@"
cases=$(python3 -c 'import sys; sys.path.insert(0, "tools/bench"); import lottie_peers; print("\n".join(f for _, f in lottie_peers.CASES))')
failed=0
while IFS= read -r flags; do
    json=$(LD_PRELOAD="$bindir/libMallocInterposerSwift.so" "$bindir/wavefill" bench --scene "$flags" --sizes 256 \
           --modes full,dirty --warmup 0 --frames 60 --json)
    verdict=$(printf '%s' "$json" | python3 -c '
import json, sys
rows = json.load(sys.stdin)["results"]
bad = ["%s %s" % (r.get("mode"), r.get("allocs_per_frame")) for r in rows if r.get("allocs_per_frame") != 0]
print("allocates: " + ", ".join(bad) if bad else "ok" if rows else "no result")')
    echo "alloc-check: $flags: $verdict"
    [ "$verdict" = "ok" ] || failed=1
done <<< "$cases"
exit $failed

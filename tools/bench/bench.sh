#!/usr/bin/env bash
# Everything `./run.sh bench` does once the release build is there:
#   1. `wavefill bench --extended --soak 100000` (the malloc interposer preloaded, so allocations are
#      counted) -> out/bench/wavefill.md, and `wavefill bench --json` -> out/bench/wavefill.json;
#      `wavefill bench --scene all` (every scene: full, dirty, reference; one and two threads)
#      -> out/bench/scenes.md, out/bench/scenes-2-threads.md;
#      tools/bench/lottie_peers.py: every scene and effect beside ThorVG and rlottie playing its
#      Lottie export -> out/bench/scenes-side-by-side.md;
#   2. tools/bench/peers.py: Skia, Cairo, Blend2D, ThorVG, the memset/memcpy floors and
#      `wavefill bench` itself as the external peer `swift`, in one run -> out/bench/peers/, peers.md;
#   3. tools/bench/ratios.py over both -> out/bench/ratios.md.
#
#   tools/bench/bench.sh BINDIR [extra arguments for wavefill bench]
#
# BINDIR holds wavefill and libMallocInterposerSwift.so (`swift build -c release --show-bin-path`).
# WAVEFILL_BENCH_SIZES (default 256,1024,2048) and WAVEFILL_BENCH_FRAMES (default 300) set the peers
# run. Optional: when WAVEFILL_EXTRA_PEERS_DIR names a folder holding another harness's peers.py (same
# --sizes/--frames/--external/--out options), it runs too, after ours, into out/bench/extra/; a
# setup.sh in that folder is run first with VENV=<repo>/.build-bench-extra-venv.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bindir="$(cd "${1:?usage: tools/bench/bench.sh BINDIR [wavefill bench args...]}" && pwd)"
shift
cd "$repo"

say() { printf 'bench.sh: %s\n' "$*" >&2; }

sizes="${WAVEFILL_BENCH_SIZES:-256,1024,2048}"
frames="${WAVEFILL_BENCH_FRAMES:-300}"
wavefill="$bindir/wavefill"
interposer="$bindir/libMallocInterposerSwift.so"
[ -x "$wavefill" ] || { say "no wavefill in $bindir (build it: swift build -c release)"; exit 1; }
[ -f "$interposer" ] || { say "no libMallocInterposerSwift.so in $bindir (swift build -c release --product MallocInterposerSwift)"; exit 1; }
out=out/bench
mkdir -p "$out"

# pycairo is built from source by pip: it needs cairo's headers, pkg-config and a C compiler.
missing=()
for p in libcairo2-dev pkg-config gcc; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    say "installing ${missing[*]} (to build pycairo)"
    { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
        --no-install-recommends "${missing[@]}"; } >&2 || { say "apt-get install ${missing[*]} failed"; exit 1; }
fi

say "wavefill bench (full and dirty, floors, allocations, many indicators, start-up, soak)"
LD_PRELOAD="$interposer" "$wavefill" bench --extended --soak 100000 "$@" | tee "$out/wavefill.md"
LD_PRELOAD="$interposer" "$wavefill" bench --json "$@" > "$out/wavefill.json"

# Every scene through the Scene protocol: whole frames, damage-only frames and the exact reference
# renderer; then on two threads; then ThorVG and rlottie playing each scene's Lottie export.
say "every scene: full, dirty and reference frames at 400 and 1024 px, one thread"
LD_PRELOAD="$interposer" "$wavefill" bench --scene all --sizes 400,1024 --modes full,dirty,reference --frames "$frames" \
    | tee "$out/scenes.md"
say "every scene: full and dirty frames at 1024 and 2048 px, two threads"
LD_PRELOAD="$interposer" "$wavefill" bench --scene all --sizes 1024,2048 --threads 2 --frames "$frames" \
    | tee "$out/scenes-2-threads.md"

say "text layout: a 2000-character paragraph of six scripts, ours and Pango's"
"$wavefill" bench --layout --json | /usr/bin/python3 "$repo/tools/layout/pango_time.py" | tee "$out/layout.md"

bash "$here/setup.sh" >&2 || { say "could not set up tools/bench/.venv (PyPI unreachable?)"; exit 1; }
say "every scene and effect beside ThorVG and rlottie playing its Lottie export at 1024 px, one thread, in one run"
"$here/.venv/bin/python" "$here/lottie_peers.py" --wavefill "$wavefill" --interposer "$interposer" --size 1024 \
    --json "$out/scenes-side-by-side.json" | tee "$out/scenes-side-by-side.md"
say "peers and wavefill in one run (sizes $sizes, $frames frames each)"
"$here/.venv/bin/python" "$here/peers.py" --sizes "$sizes" --frames "$frames" \
    --external "swift=$wavefill bench --force" --out "$out/peers" | tee "$out/peers.md"
python3 "$here/ratios.py" "$out/peers/results.json" "$out/wavefill.json" | tee "$out/ratios.md"

extra="${WAVEFILL_EXTRA_PEERS_DIR:-}"
if [ -n "$extra" ]; then
    if [ -f "$extra/peers.py" ]; then
        py="$here/.venv/bin/python"
        if [ -f "$extra/setup.sh" ]; then
            venv="$repo/.build-bench-extra-venv"
            if VENV="$venv" bash "$extra/setup.sh" >&2; then py="$venv/bin/python"
            else say "the extra harness's setup.sh failed: running it with tools/bench/.venv"; fi
        fi
        say "extra peers from WAVEFILL_EXTRA_PEERS_DIR"
        "$py" "$extra/peers.py" --sizes "$sizes" --frames "$frames" \
            --external "swift=$wavefill bench --force" --out "$out/extra" | tee "$out/extra.md"
    else
        say "WAVEFILL_EXTRA_PEERS_DIR has no peers.py: extra peers skipped"
    fi
fi
say "results in $repo/$out (wavefill.md, peers.md, ratios.md; peers/ has results.json and the frames)"

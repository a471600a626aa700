#!/usr/bin/env bash
# Replays the fuzz corpus through a linked fuzz binary and fuzzes each target briefly, so a broken
# fuzz build or an entry point that crashes on its own seeds fails `./run.sh test`:
#   tools/fuzz-replay.sh BINARY [SECONDS per target, default 4]
# Every file of Tests/Fuzz/corpus/TARGET is run once, then libFuzzer mutates them for SECONDS in a
# scratch folder (.build/fuzz-check/TARGET; the repository's corpus is only read). Findings are
# written to .build/fuzz-check/crashes/TARGET/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin="$1" seconds="${2:-4}"
say() { printf 'fuzz-replay: %s\n' "$*" >&2; }
for dir in Tests/Fuzz/corpus/*/; do
    t="$(basename "$dir")"
    work=".build/fuzz-check/$t" crashes=".build/fuzz-check/crashes/$t"
    rm -rf "$work"; mkdir -p "$work" "$crashes"
    log=".build/fuzz-check/$t.log"
    # Each seed once, then SECONDS of mutation (new inputs go to $work, never to the corpus).
    if ! WAVEFILL_FUZZ_TARGET="$t" "$bin" "$dir"* -timeout=20 -rss_limit_mb=4096 >"$log" 2>&1 ||
       ! WAVEFILL_FUZZ_TARGET="$t" "$bin" "$work" "$dir" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
            -max_len=1048576 -artifact_prefix="$crashes/" >>"$log" 2>&1; then
        say "$t failed: see $log"; grep -E "ERROR|==[0-9]+==|Fatal|SUMMARY" "$log" | head -5 >&2 || true
        exit 1
    fi
    say "$t: $(find "$dir" -type f | wc -l) seeds replayed, $(grep -Eo '^#[0-9]+' "$log" | tail -1 | tr -d '#') runs in ${seconds} s"
done

#!/usr/bin/env bash
# What the window costs: `wavefill run` at 1024x1024 for N ticks per case (each scene playing, and
# cases where nothing changes: a still wave, a paused one, a scrubbed stroke, a spread never
# selected, the stats overlay on a still wave, a hidden window), with the main thread's CPU time
# as a share of one core, read from /proc/PID/task/PID/stat (utime + stime; the main thread's id
# is the process id) while the window runs. A markdown table on stdout, progress on stderr.
#
#   tools/bench/window.sh BINDIR [N]
#
# BINDIR holds wavefill (`swift build -c release --show-bin-path`); N ticks per case (default 600,
# 10 s at 60 Hz). Uses $DISPLAY when set, else starts its own Xvfb on a free display (and stops it).
# WAVEFILL_WINDOW_SIZE changes the size (default 1024x1024).
#
# Columns: fps is frames presented per second of the run and ticks/s the display link's rate (both
# from wavefill's summary line); main thread is the /proc figure, sampled every 0.1 s from the
# start of the process to its last sample before it exits (its own start-up and first frame
# included), and "after 1 s" the same from the first sample a second in (the steady state); all
# threads is the whole process (the GL driver's threads included); wavefill says is the
# main-thread share wavefill's summary line reports over its display loop, and ms CPU per frame
# that share's CPU time divided by the frames presented (for the playing scenes, what a frame costs;
# a scene whose animation ends, such as stroke and spread, stops presenting then).
set -euo pipefail
bindir="$(cd "${1:?usage: tools/bench/window.sh BINDIR [N]}" && pwd)"
frames="${2:-600}"
size="${WAVEFILL_WINDOW_SIZE:-1024x1024}"
wavefill="$bindir/wavefill"

say() { printf 'window.sh: %s\n' "$*" >&2; }

[ -x "$wavefill" ] || { say "no wavefill in $bindir (build it: swift build -c release)"; exit 1; }
case "$frames" in ''|*[!0-9]*) say "N must be a whole number of ticks, got '$frames'"; exit 64 ;; esac
[ -r /proc/self/stat ] || { say "no /proc here: cannot read threads' CPU time"; exit 1; }

tmp="$(mktemp -d)"
xvfb_pid=""
cleanup() {
    if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${DISPLAY:-}" ]; then
    command -v Xvfb >/dev/null 2>&1 || { say "no DISPLAY and no Xvfb (apt-get install xvfb)"; exit 69; }
    # -displayfd: Xvfb picks a free display number and writes it once it accepts connections.
    Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$tmp/display" >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$tmp/display" ] && break
        kill -0 "$xvfb_pid" 2>/dev/null || { say "Xvfb exited at start"; exit 1; }
        sleep 0.1
    done
    [ -s "$tmp/display" ] || { say "Xvfb reported no display number"; exit 1; }
    export DISPLAY=":$(tr -d '[:space:]' <"$tmp/display")"
    say "started Xvfb on $DISPLAY"
fi
unset WAVEFILL_BIN SDL_VIDEODRIVER
"$wavefill" run --check-display >/dev/null 2>&1 || { say "wavefill cannot open a window on $DISPLAY"; exit 69; }

hz=$(getconf CLK_TCK)
# utime + stime in clock ticks of a /proc stat line (the fields after the command name).
cpu_ticks() {
    local line rest
    line="$(<"$1")" || return 1
    rest="${line##*) }"
    # shellcheck disable=SC2086
    set -- $rest
    echo $(( ${12} + ${13} ))
}

# Runs one case; prints its table row.
measure() {
    local label="$1"; shift
    local out="$tmp/out.txt" err="$tmp/err.txt"
    local t0 t1 ts main1 all1 mains v w pid now
    "$wavefill" run --size "$size" --frames "$frames" "$@" >"$out" 2>"$err" &
    pid=$!
    t0=$EPOCHREALTIME; t1=$t0; ts=""; main1=0; all1=0; mains=0
    while kill -0 "$pid" 2>/dev/null; do
        # A process starts with no CPU time spent, at t0. Readings only grow: one that does not (an
        # exited process not yet reaped) is not taken.
        if v=$(cpu_ticks "/proc/$pid/task/$pid/stat" 2>/dev/null) && w=$(cpu_ticks "/proc/$pid/stat" 2>/dev/null) \
            && [ "$v" -ge "$main1" ] && [ "$w" -ge "$all1" ]; then
            now=$EPOCHREALTIME
            main1=$v; all1=$w; t1=$now
            # The first reading a second in starts the steady figure (start-up and first frame done).
            if [ -z "$ts" ] && (( ${now/./} - ${t0/./} >= 1000000 )); then ts=$now; mains=$v; fi
        fi
        sleep 0.1
    done
    local rc=0
    wait "$pid" || rc=$?
    local summary
    summary="$(grep '^ran ' "$out" || true)"
    if [ "$rc" -ne 0 ] || [ -z "$summary" ]; then
        say "$label: wavefill exited $rc: $(head -c 300 "$err")"
        printf '| %s | `%s` | failed | | | | | | | |\n' "$label" "$*"
        return
    fi
    if [ -z "$mode" ]; then mode="$(grep '^window ' "$out" | sed 's/^[^,]*, //; s/; press.*//' || true)"; fi
    awk -v label="$label" -v flags="$*" -v s="$summary" -v t0="$t0" -v t1="$t1" -v ts="${ts:-$t1}" -v ms="$mains" \
        -v m1="$main1" -v a1="$all1" -v hz="$hz" 'BEGIN {
        n = split(s, w, " ")
        for (i = 1; i <= n; i++) {
            if (w[i] == "ran") ticks = w[i + 1]
            if (w[i] == "in" && secs == "") secs = w[i + 1]
            if (w[i] == "presented") shown = w[i + 1]
            if (w[i] == "CPU") said = w[i + 1]
        }
        wall = t1 - t0
        fps = secs > 0 ? shown / secs : 0
        tps = secs > 0 ? ticks / secs : 0
        main = wall > 0 ? m1 / hz / wall * 100 : 0
        steady = t1 - ts > 0 ? sprintf("%.1f %%", (m1 - ms) / hz / (t1 - ts) * 100) : "-"
        all = wall > 0 ? a1 / hz / wall * 100 : 0
        # Per frame only where frames make most of the run (not where it idled).
        perframe = shown * 4 >= ticks ? sprintf("%.2f", said / 100 * secs / shown * 1000) : "-"
        printf "| %s | `%s` | %.1f | %.1f | %d of %d | %.1f %% | %s | %.1f %% | %s %% | %s |\n", label, flags, fps, tps, shown, ticks, main, steady, all, said, perframe
    }'
    say "$label: $summary"
}

cpu_model="$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || true)"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M UTC')"
mode=""
rows="$tmp/rows.md"
: >"$rows"
{
    measure "wave" --scene wave
    measure "marquee" --scene marquee
    measure "stroke" --scene stroke
    measure "spread" --scene spread
    measure "morph" --scene morph
    measure "marquee, 1 render thread" --scene marquee --render-threads 1
    measure "wave, still" --scene wave --amplitude 0 --progress 0.5
    measure "wave, paused at tick 1" --scene wave --script 1:key=space
    measure "stroke, scrubbed" --scene stroke --progress 0.5
    measure "spread, never selected" --scene spread --select-at never
    measure "wave, still, stats overlay" --scene wave --amplitude 0 --progress 0.5 --script 1:key=f
    measure "wave, hidden from tick 30" --scene wave --script 30:hide
} >>"$rows"

echo "## wavefill run: window CPU, $size, $frames ticks per case"
echo
echo "$started; $cpu_model, $(nproc) cores (load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg)); $("$wavefill" --version 2>/dev/null | head -1); display $DISPLAY${xvfb_pid:+ (Xvfb)}, ${mode:-?}"
echo
echo "| case | flags | fps | ticks/s | presented | main thread | main thread after 1 s | all threads | wavefill says | ms CPU per frame |"
echo "|---|---|---|---|---|---|---|---|---|---|"
cat "$rows"
echo
echo "fps: frames presented per second; main thread: utime + stime of /proc/PID/task/PID/stat (resolution 1/$hz s) over the whole run, start-up included, as a share of one core; after 1 s: the same from the first reading a second in to the last; all threads: the whole process over the run; wavefill says: the main-thread share in wavefill's own summary line (its display loop only); ms CPU per frame: that share times the run's seconds over the frames presented (idle ticks' cost included; - where fewer than a quarter of the ticks presented)."

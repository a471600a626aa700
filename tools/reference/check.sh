#!/usr/bin/env bash
# Cross-checks the built `wavefill` against the independent exact renderer of SCENE.md in this
# folder: each case is rendered by both and must agree within SCENE.md's 1/255 per channel
# (compared premultiplied, as SCENE.md's compositing is). Then every other scene and gauge feature
# against family.py on random cases (family_check.py), and the goldens against the reference.
# First the reference's own self-tests
# (test_reference.py: coverage against brute-force clipping, the geometry's numbers), counted as one
# case. Prints 'N passed, N failed'.
#   tools/reference/check.sh PATH/TO/wavefill
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: check.sh PATH/TO/wavefill}"
"$here/setup.sh" >/dev/null || { echo "check.sh: could not set up the reference venv (PyPI unreachable?)" >&2; exit 1; }
py="$here/.venv/bin/python"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
serif=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
cases=(
    "--size 256x256 --frame 0"
    "--size 256x256 --frame 150"
    "--size 256x256 --frame 299"
    "--size 400x310 --frame 1000"
    "--size 97x53 --frame 37 --amplitude 6.5 --frequency 1.3 --wave-width 40 --phase-step 11"
    "--size 300x100 --frame 12 --text Wave --progress 0.6 --container #20406080 --back-wave #FF000080"
    "--size 160x160 --frame 77 --text g@ --font $serif --rise-frames 90"
    "--size 120x90 --frame 5 --font-size 70 --progress 0.35 --background #00000000"
    "--size 240x200 --frame 150 --text-file $tmp/lines.txt"
    "--size 200x260 --frame 40 --text-file $tmp/lines3.txt --font $serif --progress 0.55"
)
# Multi-line containers: lines centred, one font's line spacing apart.
printf 'Wave\nfill\n' > "$tmp/lines.txt"
printf 'du\nloading\nok\n' > "$tmp/lines3.txt"
pass=0; fail=0
if "$py" "$here/test_reference.py" >"$tmp/self" 2>&1; then
    pass=$((pass + 1)); echo "ok   self-tests: $(tail -n 1 "$tmp/self")"
else
    fail=$((fail + 1)); echo "FAIL self-tests"; grep -v '^ok ' "$tmp/self" | head -5
fi
for c in "${cases[@]}"; do
    # shellcheck disable=SC2086
    if "$py" "$here/reference.py" $c --out "$tmp/ref.png" >/dev/null 2>"$tmp/err" \
        && "$bin" render $c --out "$tmp/ours.png" --force >/dev/null 2>>"$tmp/err" \
        && "$py" "$here/compare.py" "$tmp/ref.png" "$tmp/ours.png" --tolerance 1 --premultiplied >"$tmp/cmp" 2>>"$tmp/err"; then
        pass=$((pass + 1)); echo "ok   $c: $(grep -m1 "max abs diff" "$tmp/cmp"), $(grep -m1 "differing at all" "$tmp/cmp")"
    else
        fail=$((fail + 1)); echo "FAIL $c"; cat "$tmp/cmp" "$tmp/err" 2>/dev/null | head -5
    fi
done
# Every other scene and gauge feature (family.py) on cases drawn at random from a printed seed
# (REFERENCE_SEED=S replays a run; REFERENCE_CASES=N cases per feature, default 2).
"$py" "$here/family_check.py" "$bin" ${REFERENCE_SEED:+--seed "$REFERENCE_SEED"} --per-feature "${REFERENCE_CASES:-2}" >"$tmp/family" 2>&1
grep -v '^family: ' "$tmp/family"
fp=$(sed -n 's/^family: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/family"); ff=$(sed -n 's/^family: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/family")
if [ -z "$fp" ]; then fail=$((fail + 1)); echo "FAIL family_check.py did not finish"; else pass=$((pass + fp)); fail=$((fail + ff)); fi
# The Swift tests' goldens are the reference's pictures, byte for byte in pixels.
if "$py" "$here/goldens.py" --check >"$tmp/goldens" 2>&1; then
    pass=$((pass + 1)); echo "ok   goldens are the reference's ($(grep -c '^ok' "$tmp/goldens") files)"
else
    fail=$((fail + 1)); echo "FAIL goldens differ from the reference (regenerate: tools/reference/goldens.py)"; grep -v '^ok' "$tmp/goldens"
fi
echo "reference: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

# Sourced by the benchmark scripts that time a release build with the malloc interposer preloaded:
# sets `bindir` to the folder holding `wavefill` and `libMallocInterposerSwift.so`, either the
# script's first argument or the release build made here. `tool` names the script in errors.
# Usage (from the package root): tool=NAME; source tools/bench/release-bins.sh "$@"
if [ $# -ge 1 ]; then
    bindir="$1"
else
    swift build -c release --product wavefill >/dev/null
    swift build -c release --product MallocInterposerSwift >/dev/null
    bindir="$(swift build -c release --show-bin-path)"
fi
[ -x "$bindir/wavefill" ] || { echo "$tool: no wavefill in $bindir" >&2; exit 1; }
[ -f "$bindir/libMallocInterposerSwift.so" ] || { echo "$tool: no libMallocInterposerSwift.so in $bindir" >&2; exit 1; }

#!/usr/bin/env bash
# Creates DIR/.venv and installs DIR/requirements.txt into it (the Python tools under tools/ each
# have one). Idempotent: pip runs only when a pinned package is missing or at another version.
# Prints one line on success.
#
#   bash tools/venv-setup.sh tools/reference
#   PYTHON=python3.11 bash tools/venv-setup.sh tools/players
set -euo pipefail

HERE="$(cd "${1:?usage: venv-setup.sh DIR (holding requirements.txt)}" && pwd)"
VENV="$HERE/.venv"
PYTHON="${PYTHON:-python3}"
REQ="$HERE/requirements.txt"

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV" >/dev/null
fi

# Every pinned "name==version" line must be installed at exactly that version.
missing=0
while IFS= read -r line; do
    line="${line%%#*}"; line="${line//[[:space:]]/}"
    [ -n "$line" ] || continue
    name="${line%%==*}"; want="${line##*==}"
    have="$("$VENV/bin/python" -c 'import sys
from importlib.metadata import version, PackageNotFoundError
try: print(version(sys.argv[1]))
except PackageNotFoundError: print("")' "$name")"
    if [ "$have" != "$want" ]; then missing=1; break; fi
done < "$REQ"

if [ "$missing" -eq 1 ]; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ" >/dev/null
    echo "setup.sh: installed $REQ into $VENV"
else
    echo "setup.sh: $VENV is up to date"
fi

#!/usr/bin/env bash
# Creates DIR/.venv and installs DIR/requirements.txt into it (the Python tools under tools/ each
# have one), and DIR/requirements-nodeps.txt when there is one: packages wanted only for files they
# ship, installed without their dependencies. Idempotent: pip runs only when a pinned package is
# missing or at another version. Prints one line on success.
#
#   bash tools/venv-setup.sh tools/reference
#   PYTHON=python3.11 bash tools/venv-setup.sh tools/players
set -euo pipefail

HERE="$(cd "${1:?usage: venv-setup.sh DIR (holding requirements.txt)}" && pwd)"
VENV="$HERE/.venv"
PYTHON="${PYTHON:-python3}"
REQ="$HERE/requirements.txt"
NODEPS="$HERE/requirements-nodeps.txt"

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV" >/dev/null
fi

# Every pinned "name==version" line must be installed at exactly that version.
up_to_date() {
    local line name want have
    while IFS= read -r line; do
        line="${line%%#*}"; line="${line//[[:space:]]/}"
        [ -n "$line" ] || continue
        name="${line%%==*}"; want="${line##*==}"
        have="$("$VENV/bin/python" -c 'import sys
from importlib.metadata import version, PackageNotFoundError
try: print(version(sys.argv[1]))
except PackageNotFoundError: print("")' "$name")"
        [ "$have" = "$want" ] || return 1
    done < "$1"
}

installed=()
if ! up_to_date "$REQ"; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ" >/dev/null
    installed+=("$REQ")
fi
if [ -f "$NODEPS" ] && ! up_to_date "$NODEPS"; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r "$NODEPS" >/dev/null
    installed+=("$NODEPS")
fi
if ((${#installed[@]})); then
    echo "setup.sh: installed ${installed[*]} into $VENV"
else
    echo "setup.sh: $VENV is up to date"
fi

#!/usr/bin/env bash
# Creates tools/players/.venv with the pinned packages of tools/players/requirements.txt (idempotent).
#   bash tools/players/setup.sh            # PYTHON=python3.11 to choose the interpreter
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec bash "$here/../venv-setup.sh" "$here"

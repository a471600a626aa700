#!/usr/bin/env bash
# Creates tools/bench/.venv with the pinned packages of tools/bench/requirements.txt (idempotent).
#   bash tools/bench/setup.sh            # PYTHON=python3.11 to choose the interpreter
# pycairo is built from source by pip: libcairo2-dev, pkg-config and gcc must be installed
# (tools/bench/bench.sh installs them when missing).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec bash "$here/../venv-setup.sh" "$here"

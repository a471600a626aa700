#!/usr/bin/env bash
# Creates tools/svg/.venv with the pinned packages of tools/svg/requirements.txt (idempotent).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec bash "$here/../venv-setup.sh" "$here"

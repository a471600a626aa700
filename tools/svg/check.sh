#!/usr/bin/env bash
# Our --svg containers against resvg and rsvg-convert on Tests/Fixtures/svg-conformance.
#   tools/svg/check.sh path/to/wavefill
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/setup.sh" >/dev/null
exec "$here/.venv/bin/python" "$here/conformance.py" "${1:?usage: check.sh WAVEFILL}" "$here/../../Tests/Fixtures/svg-conformance"

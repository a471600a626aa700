#!/usr/bin/env bash
# Makes docs/label.png, the README's picture of the progress label and the border: a circle at 56 %
# with the label split at the front wave's surface and a ring 5 px outside the circle.
#   tools/readme/label.sh [PATH/TO/wavefill]     (default: the debug build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin="${1:-$(swift build --show-bin-path)/wavefill}"
"$bin" render --shape circle --size 200x200 --label '{p}%' --progress 0.56 --border-width 6 --border-gap 5 --out docs/label.png --force >/dev/null
echo "docs/label.png: $(wc -c < docs/label.png) bytes"

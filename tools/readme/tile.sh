# Sourced by the README picture scripts: `work`, a scratch folder removed on exit, and
# `tile COLUMNS OUT`, which tiles work/00.png, 01.png ... COLUMNS to a row into OUT (ffmpeg's tile filter).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tile() {
    local n rows
    n=$(find "$work" -name '[0-9][0-9].png' | wc -l)
    rows=$(( (n + $1 - 1) / $1 ))
    ffmpeg -v error -y -framerate 1 -i "$work/%02d.png" -vf "tile=$1x$rows:padding=4:margin=4:color=white" -frames:v 1 "$work/tiled.png"
    mv "$work/tiled.png" "$2"
    echo "wrote $2 ($n pictures)"
}

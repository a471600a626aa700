# Sourced by the README picture scripts: `strip OUT INPUTS...` puts the pictures INPUTS side by side
# into OUT (ffmpeg's hstack filter; the inputs share one height) and says how large OUT is.
strip() {
    local out="$1"; shift
    local args=()
    for f in "$@"; do args+=(-i "$f"); done
    ffmpeg -loglevel error -y "${args[@]}" -filter_complex "hstack=inputs=$#" "$out"
    echo "$out: $(wc -c < "$out") bytes"
}

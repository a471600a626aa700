#!/usr/bin/env bash
# WaveFill's two commands, and the rest:
#   ./run.sh            install what is missing, build, run the demo (a window where there is a
#                       display, otherwise a headless render into ./out)
#   ./run.sh test       install what is missing, build, run every test (Xvfb for window tests), link
#                       the fuzz binary and replay its corpus (tools/fuzz-link.sh, tools/fuzz-replay.sh)
#   ./run.sh install    release build; wavefill into $PREFIX/bin (default /usr/local as root, else
#                       ~/.local) and its presets into $PREFIX/share/wavefill/Assets
#   ./run.sh fuzz       libFuzzer on fonts + text, mask PNGs, presets and SVG/path data (FUZZ_SECONDS
#                       each, default 600; FUZZ_TARGETS="font png preset svg args"); findings go to
#                       Tests/Fuzz/crashes/TARGET/
#   ./run.sh render ... build and pass the arguments to `wavefill render`
#   ./run.sh bench      release build; `wavefill bench` and the peers of tools/bench in one go, then
#                       the window's CPU per scene (tools/bench/window.sh, under Xvfb)
#   ./run.sh bench-scenes  release build; every scene and effect beside ThorVG and rlottie playing its
#                       Lottie export, in one run (tools/bench/lottie_peers.py; BENCH_ROUNDS, default 3)
# Installs Debian packages only when missing (apt-get; through sudo when not root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# libsdl2-dev: window; libfreetype-dev + libharfbuzz-dev: text; libpng-dev: PNG; fonts-dejavu-core: the
# default font; fontconfig: finding fonts; pkg-config: linking the C libraries; xvfb + xauth: window
# tests without a display; python3-venv: the independent reference renderer's and the Lottie players'
# environments; librsvg2-bin: rsvg-convert renders our SVG export in the tests; zip: the .lottie container;
# ffmpeg: `wavefill export` to GIF/APNG/MP4/WebM, and ffprobe to read exports back in the tests;
# chromium: headless, it plays our Lottie export with lottie-web and plays our SVG export (animated and still) in the tests;
# libimgui-dev: Dear ImGui, the widgets of the window's tuning panel (Tab);
# libunibreak-dev + libfribidi-dev: line breaks (UAX #14) and bidi (UAX #9) of the text layout;
# fonts-droid-fallback: a CJK font (Chinese, Japanese, Korean) for fallback, fonts-lohit-deva: Devanagari;
# unicode-data: the Unicode conformance files (BidiCharacterTest.txt) the layout tests read;
# python3-gi + gir1.2-pango-1.0: Pango, the independent layout engine the line-break test compares with.
APT_PKGS=(libsdl2-dev libfreetype-dev libharfbuzz-dev libpng-dev libfontconfig-dev fonts-dejavu-core fontconfig pkg-config xvfb xauth python3-venv librsvg2-bin zip ffmpeg chromium libimgui-dev libunibreak-dev libfribidi-dev fonts-droid-fallback fonts-lohit-deva unicode-data python3-gi gir1.2-pango-1.0)

say() { printf 'run.sh: %s\n' "$*" >&2; }

ensure_packages() {
    local missing=() p
    for p in "${APT_PKGS[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
            say "missing Debian packages: ${missing[*]}; not root and no sudo: install them with apt-get install ${missing[*]}"
            exit 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        say "missing packages ${missing[*]} and no apt-get here: install their equivalents by hand"
        exit 1
    fi
    say "installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq || { say "apt-get update failed (no network to the package mirror?)"; exit 1; }
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        || { say "apt-get install ${missing[*]} failed"; exit 1; }
}

ensure_swift() {
    command -v swift >/dev/null 2>&1 || { say "swift is not on PATH; install Swift 6.1 or newer (swift.org) and retry"; exit 1; }
}

cmd="${1:-run}"
[ $# -gt 0 ] && shift
case "$cmd" in
    run)
        ensure_packages; ensure_swift
        swift build -c release --product wavefill
        bin="$(swift build -c release --show-bin-path)/wavefill"
        # `run --check-display` opens SDL's video subsystem the way the window would (exit 0 or 69).
        if "$bin" run --check-display >/dev/null 2>&1; then
            exec "$bin" run "$@"
        fi
        say "no display found: rendering headless to ./out instead"
        "$bin" render --frames 300 --out out --force "$@"
        say "frames are in $(pwd)/out (frame-00000.png ... frame-00299.png)"
        ;;
    test)
        ensure_packages; ensure_swift
        # Real players the vector export tests use: rlottie and ThorVG (PyPI), and lottie-web (from the
        # dash-extensions wheel, without its dependencies) for tools/players/browser.py's Chromium.
        tools/players/setup.sh >/dev/null || { say "could not set up tools/players/.venv (PyPI unreachable?)"; exit 1; }
        tools/svg/setup.sh >/dev/null || { say "could not set up tools/svg/.venv (PyPI unreachable?)"; exit 1; }
        swift build --build-tests
        # Window tests start (and stop) their own Xvfb on a free display: Tests/TestSupport/VirtualDisplay.swift.
        swift test --skip-build "$@"
        # The fuzz entry points: linked from this build's objects with libFuzzer's main (the link is
        # derived from the package, as ./run.sh fuzz's), the corpus replayed, a few seconds of fuzzing each.
        tools/fuzz-link.sh "$(swift build --show-bin-path)" .build/wavefill-fuzz-check fuzzer
        tools/fuzz-replay.sh .build/wavefill-fuzz-check "${FUZZ_CHECK_SECONDS:-4}"
        # Our frames against an independent exact renderer of SCENE.md (Python, from PyPI).
        tools/reference/check.sh "$(swift build --show-bin-path)/wavefill"
        # Our --svg containers against resvg (resvg-py, PyPI) and rsvg-convert on our own
        # conformance cases (Tests/Fixtures/svg-conformance); tools/svg/check.sh sets up its venv.
        tools/svg/check.sh "$(swift build --show-bin-path)/wavefill"
        ;;
    bench)
        # Ours and the peers of tools/bench (Skia, Cairo, Blend2D, ThorVG) in one go.
        ensure_packages; ensure_swift
        swift build -c release --product wavefill
        swift build -c release --product MallocInterposerSwift
        # wavefill bench (malloc interposer preloaded), then our peers harness (tools/bench: Skia,
        # Cairo, Blend2D, ThorVG from PyPI) with wavefill as its external peer, then the ratios.
        bindir="$(swift build -c release --show-bin-path)"
        tools/bench/bench.sh "$bindir" "$@"
        # Then the window's main-thread CPU per scene, playing and idle (a private Xvfb, or $DISPLAY).
        if [ -n "${DISPLAY:-}" ] || command -v Xvfb >/dev/null 2>&1; then
            if tools/bench/window.sh "$bindir" | tee out/bench/window.md; then
                say "window CPU table in $(pwd)/out/bench/window.md"
            else
                say "window CPU measurement failed (see above)"; exit 1
            fi
        else
            say "window CPU measurement skipped: no DISPLAY and no Xvfb (apt-get install xvfb)"
        fi
        ;;
    bench-scenes)
        # Whole and damage-only frames of every scene and effect at 1024x1024, a memcpy of the frame,
        # and ThorVG and rlottie playing the same scene's Lottie export, rounds alternating case by
        # case (allocations counted with the malloc interposer preloaded).
        ensure_packages; ensure_swift
        swift build -c release --product wavefill
        swift build -c release --product MallocInterposerSwift
        bindir="$(swift build -c release --show-bin-path)"
        bash tools/players/setup.sh >&2
        mkdir -p out/bench
        tools/players/.venv/bin/python tools/bench/lottie_peers.py --wavefill "$bindir/wavefill" \
            --interposer "$bindir/libMallocInterposerSwift.so" --rounds "${BENCH_ROUNDS:-3}" \
            --json out/bench/scenes-side-by-side.json "$@" | tee out/bench/scenes-side-by-side.md
        ;;
    install)
        ensure_packages; ensure_swift
        swift build -c release --product wavefill
        bin="$(swift build -c release --show-bin-path)/wavefill"
        if [ -n "${PREFIX:-}" ]; then prefix="$PREFIX"
        elif [ "$(id -u)" -eq 0 ]; then prefix=/usr/local
        else prefix="$HOME/.local"; fi
        mkdir -p "$prefix/bin" "$prefix/share/wavefill"
        # Through a temporary name and a rename, so a running wavefill is never half-overwritten.
        install -m 755 "$bin" "$prefix/bin/.wavefill.tmp-$$" && mv -f "$prefix/bin/.wavefill.tmp-$$" "$prefix/bin/wavefill"
        rm -rf "$prefix/share/wavefill/Assets" && cp -R Assets "$prefix/share/wavefill/Assets"
        say "installed $prefix/bin/wavefill (presets in $prefix/share/wavefill/Assets)"
        case ":$PATH:" in
            *":$prefix/bin:"*) "$prefix/bin/wavefill" --version ;;
            *) say "$prefix/bin is not on PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
        esac
        ;;
    fuzz)
        ensure_packages; ensure_swift
        seconds="${FUZZ_SECONDS:-600}"
        scratch=.build-fuzz
        # The library modules and the entry points, instrumented for libFuzzer and AddressSanitizer...
        swift build -c release --scratch-path "$scratch" --target FuzzTargets -Xswiftc -sanitize=fuzzer,address
        # ...linked with libFuzzer's main: the modules, objects and libraries derived from the package.
        tools/fuzz-link.sh "$scratch/release" "$scratch/wavefill-fuzz" fuzzer,address
        for t in ${FUZZ_TARGETS:-font png preset svg args}; do
            work="$scratch/corpus/$t"; mkdir -p "$work" "Tests/Fuzz/crashes/$t"
            cp -n Tests/Fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
            say "fuzzing $t for $seconds s (corpus $work, findings in Tests/Fuzz/crashes/$t/)"
            LSAN_OPTIONS="suppressions=$(pwd)/Tests/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
            WAVEFILL_FUZZ_TARGET="$t" "$scratch/wavefill-fuzz" "$work" -max_total_time="$seconds" -timeout=20 \
                -rss_limit_mb=4096 -max_len=1048576 -artifact_prefix="Tests/Fuzz/crashes/$t/" -print_final_stats=1 \
                2>&1 | tee "$scratch/fuzz-$t.log" | grep -E "^#[0-9]+ +(DONE|INITED)|ERROR|stat::" >&2 || true
            if grep -q "ERROR: " "$scratch/fuzz-$t.log"; then say "fuzz $t found a crash: see $scratch/fuzz-$t.log"; exit 1; fi
        done
        ;;
    render)
        ensure_packages; ensure_swift
        swift build -c release --product wavefill
        exec "$(swift build -c release --show-bin-path)/wavefill" render "$@"
        ;;
    *)
        say "unknown command '$cmd'; use: ./run.sh [run|test|bench|bench-scenes|install|fuzz|render ARGS...]"
        exit 64
        ;;
esac

#!/usr/bin/env python3
"""Loads a Lottie document into python-lottie's object model and saves it again, as an editor would.

    roundtrip.py IN.json OUT.json

Prints one JSON line: {"layers": top-level layers, "assets", "animated": animated properties,
"keyframes": their keyframes} of the re-saved document. Exit status 1 (one line on stderr) when
python-lottie cannot load or save it. python-lottie comes from PyPI (tools/players/requirements.txt).
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        print("usage: roundtrip.py IN.json OUT.json", file=sys.stderr)
        return 64
    try:
        from lottie.exporters.core import export_lottie
        from lottie.parsers.tgs import parse_tgs
        animation = parse_tgs(sys.argv[1])
        export_lottie(animation, sys.argv[2])
        with open(sys.argv[2]) as f:
            doc = json.load(f)
    except Exception as e:  # python-lottie raises many kinds; any is a failed round trip
        print(f"roundtrip.py: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    animated = keyframes = 0

    def walk(v):
        nonlocal animated, keyframes
        if isinstance(v, dict):
            if v.get("a") == 1 and isinstance(v.get("k"), list):
                animated += 1
                keyframes += len(v["k"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(doc)
    print(json.dumps({"layers": len(doc.get("layers", [])), "assets": len(doc.get("assets", [])),
                      "animated": animated, "keyframes": keyframes}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

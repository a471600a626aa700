#!/usr/bin/env python3
"""Ratios for ./run.sh bench, from one run: tools/bench/peers.py's results.json (peers, floors
and `wavefill bench` as the external peer `swift`, full frames) and `wavefill bench --json` (full and
dirty modes, measured by wavefill itself in the same invocation).

Prints, per size: ours (full, harness-timed), the fastest peer, fastest-peer / ours, ours / memcpy
floor (peers.py's floor_memcpy), and the dirty-mode figures against the same peer."""
import json
import sys


def main(peers_json: str, ours_json: str) -> int:
    with open(peers_json) as fh:
        peers = json.load(fh)
    with open(ours_json) as fh:
        ours = json.load(fh)
    rows = peers.get("rows", [])
    sizes = sorted({r["size"] for r in rows})
    own = {(r["size"], r["mode"]): r for r in ours.get("results", [])}
    print("| S | ours full (harness) ms | fastest peer | peer ms | peer / ours full | ours full / memcpy floor "
          "| ours dirty ms | peer / ours dirty |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|")
    for s in sizes:
        at = [r for r in rows if r["size"] == s]
        mine = next((r for r in at if r["peer"] == "swift"), None)
        cands = [r for r in at if r["peer"] != "swift" and not r["floor"] and not r["secondary"]]
        memcpy = next((r for r in at if r["peer"] == "floor_memcpy"), None)
        if not mine or not cands:
            print(f"| {s} | missing | | | | | | |")
            continue
        best = min(cands, key=lambda r: r["median_ms"])
        dirty = own.get((s, "dirty"))
        d_ms = f"{dirty['median_ms']:.3f}" if dirty else "-"
        d_ratio = f"{best['median_ms'] / dirty['median_ms']:.1f}x" if dirty and dirty["median_ms"] > 0 else "-"
        floor = f"{mine['median_ms'] / memcpy['median_ms']:.2f}x" if memcpy else "-"
        print(f"| {s} | {mine['median_ms']:.3f} | {best['peer']} | {best['median_ms']:.3f} | "
              f"{best['median_ms'] / mine['median_ms']:.1f}x | {floor} | {d_ms} | {d_ratio} |")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: ratios.py PEERS_RESULTS.json WAVEFILL_BENCH.json", file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1], sys.argv[2]))

#!/usr/bin/env python3
"""Every scene and effect beside ThorVG and rlottie playing its Lottie export, in one run.

    lottie_peers.py --wavefill .build/release/wavefill [--size 1024] [--frames 300] [--rounds 3]
                    [--interposer libMallocInterposerSwift.so] [--cases shimmer,morph-sparkle] [--json F]

For each case (a scene and its setting flags, CASES below) and each round:
  1. `wavefill export --scene ... --size SxS --out DIR/CASE.json` writes the Lottie document once
     (its default length: the loop, or the whole animation);
  2. `wavefill bench --scene 'SCENE FLAGS' --sizes S --modes full,dirty --frames F --warmup 0 --json`
     times our whole frames (every pixel of frame n written into the caller's buffer) and damage-only
     frames, with a memcpy and a memset of the frame measured in the same process (with
     --interposer, the malloc interposer preloaded: allocations per frame are counted);
  3. ThorVG (thorvg-python, 0 worker threads) and rlottie (rlottie-python) each render the same
     document's frames into their own S x S buffer, one thread each, 5 warm-up frames first.
F frames are played in order: every frame of the document when it has at most --frames, else F
frames spread evenly over it (ours: the same spread over our loop). The rounds alternate ours and
the players case by case, so that the machine's load falls on all of them alike; each figure is the
median over the rounds of each round's median ms per frame. The load average is read before and
after each case.

The target of a whole frame is the larger of 1.5x the memcpy and a third of the faster player.
Output: the markdown table on stdout (progress on stderr when it is a terminal); --json writes
every round's figures.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

# name -> the scene and its flags, as on `wavefill render`'s command line.
CASES = [
    ("wave", "wave"),
    ("marquee", "marquee"),
    ("marquee continuous-reverse", "marquee --scroll continuous-reverse"),
    ("marquee left", "marquee --scroll left"),
    ("marquee right", "marquee --scroll right"),
    ("marquee left-right", "marquee --scroll left-right"),
    ("marquee right-left", "marquee --scroll right-left"),
    ("stroke", "stroke"),
    ("stroke stagger + pen tip", "stroke --glyph-stagger 0.3 --pen-tip 12"),
    ("spread", "spread"),
    ("spread shimmer", "spread --shimmer"),
    ("morph", "morph"),
    ("morph pixelate", "morph --effect pixelate"),
    ("morph sparkle", "morph --effect sparkle"),
    ("morph burn", "morph --effect burn"),
    ("morph anvil", "morph --effect anvil"),
]


def thorvg_times(doc: str, size: int, frames):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    if int(pic.load_data(doc.encode(), "lottie", None, True)) != 0:
        raise RuntimeError("ThorVG refused the document")
    pic.set_size(size, size)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size, size, size, tvg.Colorspace.ABGR8888)
    canvas.add(pic)

    def draw(f):
        anim.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return timed(draw, frames)


def rlottie_times(doc: str, size: int, frames):
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_data(doc)

    def draw(f):
        anim.lottie_animation_render(frame_num=int(f), width=size, height=size)
    return timed(draw, frames)


def timed(draw, frames):
    for f in frames[:5]:
        draw(f)
    out = []
    for f in frames:
        t = time.perf_counter()
        draw(f)
        out.append((time.perf_counter() - t) * 1000)
    return out


def load():
    with open("/proc/loadavg", encoding="ascii") as f:
        return float(f.read().split()[0])


def ours(a, flags, frames):
    cmd = [a.wavefill, "bench", "--scene", flags, "--sizes", str(a.size), "--modes", "full,dirty",
           "--frames", str(frames), "--warmup", "0", "--json"]
    env = dict(os.environ)
    if a.interposer:
        env["LD_PRELOAD"] = a.interposer
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, env=env).stdout
    res = json.loads(out.strip().splitlines()[-1])
    by_mode = {r["mode"]: r for r in res["results"]}
    return {"full": by_mode["full"]["median_ms"], "dirty": by_mode["dirty"]["median_ms"],
            "full_p90": by_mode["full"]["p90_ms"], "dirty_p90": by_mode["dirty"]["p90_ms"],
            "memcpy": by_mode["full"]["memcpy_ms"], "memset": by_mode["full"]["memset_ms"],
            "allocs_full": by_mode["full"]["allocs_per_frame"], "allocs_dirty": by_mode["dirty"]["allocs_per_frame"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wavefill", required=True)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--interposer", default="")
    ap.add_argument("--cases", default="", help="case names (see CASES), comma-separated; default all")
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    if not (16 <= a.size <= 4096) or not (1 <= a.frames <= 100000) or not (1 <= a.rounds <= 100):
        sys.exit("lottie_peers.py: --size is 16...4096, --frames 1...100000, --rounds 1...100")
    cases = CASES
    if a.cases:
        want = a.cases.split(",")
        unknown = [w for w in want if w not in dict(CASES)]
        if unknown:
            sys.exit(f"lottie_peers.py: --cases: {', '.join(unknown)} not among {', '.join(n for n, _ in CASES)}")
        cases = [c for c in CASES if c[0] in want]
    progress = sys.stderr.isatty()
    runs = {name: {"ours": [], "thorvg": [], "rlottie": [], "thorvg_p90": [], "rlottie_p90": [], "load": [], "doc_bytes": 0, "frames": 0, "refused": ""} for name, _ in cases}
    with tempfile.TemporaryDirectory() as tmp:
        docs = {}
        for name, flags in cases:
            path = os.path.join(tmp, name.replace(" ", "_").replace("+", "") + ".json")
            words = flags.split(" ")
            p = subprocess.run([a.wavefill, "export", "--scene", words[0], *words[1:], "--size", f"{a.size}x{a.size}",
                                "--out", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if p.returncode != 0:
                runs[name]["refused"] = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
                docs[name] = None
                continue
            with open(path, encoding="utf-8") as f:
                docs[name] = f.read()
        for rnd in range(a.rounds):
            for name, flags in cases:
                r = runs[name]
                doc = docs[name]
                l0 = load()
                if doc is not None:
                    d = json.loads(doc)
                    total = int(round(d["op"] - d.get("ip", 0)))
                    n = min(total, a.frames)
                    frames = [d.get("ip", 0) + k * total // n for k in range(n)]
                else:
                    n = a.frames
                    frames = []
                r["frames"] = n
                if progress:
                    print(f"\rround {rnd + 1}/{a.rounds}: {name}...            ", end="", file=sys.stderr, flush=True)
                r["ours"].append(ours(a, flags, n))
                if doc is not None:
                    r["doc_bytes"] = len(doc)
                    for player, fn in (("thorvg", thorvg_times), ("rlottie", rlottie_times)):
                        ms = sorted(fn(doc, a.size, frames))
                        r[player].append(statistics.median(ms))
                        r[player + "_p90"].append(ms[int(0.9 * (len(ms) - 1))])
                r["load"].append((l0, load()))
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr)

    def med(xs):
        return statistics.median(xs) if xs else None

    def f3(x):
        return "—" if x is None else f"{x:.3f}"

    loads = [x for r in runs.values() for pair in r["load"] for x in pair]
    print(f"wavefill bench and ThorVG/rlottie at {a.size}x{a.size}, {a.rounds} rounds, medians of the rounds' medians (ms per frame); "
          f"{platform.node()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {min(loads):.2f}...{max(loads):.2f}")
    print()
    print("| case | frames | ours whole | ours damage-only | memcpy | ThorVG | rlottie | target | whole / target | "
          "p90: ours whole, damage-only, ThorVG, rlottie | allocs/frame (whole, damage-only) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    summary = {}
    for name, _ in cases:
        r = runs[name]
        full = med([o["full"] for o in r["ours"]])
        dirty = med([o["dirty"] for o in r["ours"]])
        memcpy = med([o["memcpy"] for o in r["ours"]])
        tv, rl = med(r["thorvg"]), med(r["rlottie"])
        players = [x for x in (tv, rl) if x is not None]
        target = max(1.5 * memcpy, min(players) / 3) if players else 1.5 * memcpy
        af = r["ours"][-1]["allocs_full"]
        ad = r["ours"][-1]["allocs_dirty"]
        allocs = "unknown" if af is None else f"{af:.1f}, {ad:.1f}"
        note = f" (export refused: {r['refused']})" if r["refused"] else ""
        p90 = ", ".join(f3(x) for x in (med([o["full_p90"] for o in r["ours"]]), med([o["dirty_p90"] for o in r["ours"]]),
                                          med(r["thorvg_p90"]), med(r["rlottie_p90"])))
        print(f"| {name}{note} | {r['frames']} | {f3(full)} | {f3(dirty)} | {f3(memcpy)} | {f3(tv)} | {f3(rl)} | {f3(target)} | "
              f"{full / target:.2f} | {p90} | {allocs} |")
        summary[name] = {"full": full, "dirty": dirty, "memcpy": memcpy, "thorvg": tv, "rlottie": rl, "target": target}
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"size": a.size, "rounds": a.rounds, "cases": dict(CASES), "runs": runs, "summary": summary}, f, indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Links the libFuzzer binary of Sources/FuzzTargets from a build that has already compiled it:
#   tools/fuzz-link.sh BUILD_DIR OUTPUT SANITIZERS
# BUILD_DIR is a SwiftPM build folder (e.g. .build/debug, .build-fuzz/release) holding FuzzTargets
# and its dependencies; SANITIZERS is what swiftc links in (fuzzer, or fuzzer,address for an
# instrumented build). Nothing is named by hand: the modules are FuzzTargets and its transitive
# target dependencies from `swift package describe`; each one's objects are every .o its build
# folder holds; the system libraries are what pkg-config gives for the system targets' pkgConfig
# names (`swift package dump-package`) and the `link` lines of their module maps; C++ targets add
# the C++ runtime.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="$1" out="$2" sanitizers="${3:-fuzzer}"
say() { printf 'fuzz-link: %s\n' "$*" >&2; }

manifest="$(swift package dump-package)"
plan="$(swift package describe --type json | MANIFEST="$manifest" python3 -c '
import json, os, re, sys
d = json.load(sys.stdin)
pkg = {t["name"]: t.get("pkgConfig") for t in json.loads(os.environ["MANIFEST"])["targets"]}
targets = {t["name"]: t for t in d["targets"]}
seen, order, todo = set(), [], ["FuzzTargets"]
while todo:
    n = todo.pop()
    if n in seen: continue
    seen.add(n)
    t = targets[n]
    if t.get("product_dependencies"):
        sys.exit("fuzz-link: %s depends on products %s, which this script does not link" % (n, t["product_dependencies"]))
    order.append(t)
    todo += t.get("target_dependencies") or []
for t in order:
    if t["type"] == "system-target":
        if pkg.get(t["name"]): print("pkg", pkg[t["name"]])
        mm = os.path.join(t["path"], "module.modulemap")
        for lib in re.findall(r"^\s*link\s+\"([^\"]+)\"", open(mm).read(), re.M):
            print("lib", lib)
    else:
        print("module", t["c99name"])
        if any(s.endswith((".cpp", ".cc", ".cxx", ".mm")) for s in t.get("sources", [])):
            print("lib", "stdc++")
')"

objs=() libs=() pkgs=()
while read -r kind name; do
    case "$kind" in
        module)
            found=0
            while IFS= read -r -d '' o; do objs+=("$o"); found=1; done < <(find "$build/$name.build" -name '*.o' -print0 2>/dev/null)
            if [ "$found" = 0 ]; then say "no objects for module $name in $build/$name.build: build FuzzTargets first"; exit 1; fi
            ;;
        pkg) pkgs+=("$name") ;;
        lib) case " ${libs[*]:-} " in *" -l$name "*) ;; *) libs+=("-l$name") ;; esac ;;
    esac
done <<< "$plan"
if ((${#pkgs[@]})); then
    # shellcheck disable=SC2207
    libs=($(pkg-config --libs "${pkgs[@]}") "${libs[@]}")
fi
say "linking $out from ${#objs[@]} objects of $(grep -c '^module' <<< "$plan") modules with ${libs[*]:-no system libraries} (-sanitize=$sanitizers)"
swiftc -sanitize="$sanitizers" -o "$out" "${objs[@]}" "${libs[@]}"

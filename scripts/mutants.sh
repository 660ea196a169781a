#!/usr/bin/env bash
# Mutation testing of the trust base (issue 36) with cargo-mutants: each file's mutants
# against the tests meant to catch them. Slow (a first build of some minutes, then
# 10–40 s a mutant on two cores), so not in CI; the counts go to BENCHMARKS.md.
#
#   scripts/mutants.sh [name...]      names: see FILES below (default: all)
#
# Results: mutants/<name>/mutants.out/{caught,missed,timeout,unviable}.txt, and one summary
# line a file on standard output.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants || exit 2

# name, file, then the arguments of `cargo test` that run the tests aimed at it.
FILES=(
    "clausify|src/reason/proof/clausify.rs|--lib -- proof:: arbiter::settle instantiate::tests superposition::tests::saturations"
    "check|src/reason/proof/check.rs|--lib -- proof:: arbiter::settle instantiate::tests superposition::tests::refutations"
    "drat|src/reason/proof/drat.rs|--lib -- drat certif"
    "ground|src/reason/proof/ground.rs|--test main -- models::"
    "saturation|src/reason/proof/saturation.rs|--lib -- proof:: superposition::tests::saturations"
)

wanted=("$@")
for entry in "${FILES[@]}"; do
    IFS='|' read -r name file args <<<"$entry"
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $name " ]]; then
        continue
    fi
    out="mutants/$name"
    mkdir -p "$out"
    # shellcheck disable=SC2086 # the test arguments are words
    cargo mutants -j1 --timeout 300 -f "$file" -o "$out" -- $args >"$out/run.log" 2>&1
    dir="$out/mutants.out"
    count() { if [ -f "$dir/$1.txt" ]; then grep -c . "$dir/$1.txt"; else echo 0; fi; }
    caught=$(count caught)
    missed=$(count missed)
    timeout=$(count timeout)
    unviable=$(count unviable)
    viable=$((caught + missed + timeout))
    echo "$file: $caught caught, $missed missed, $timeout timed out of $viable viable ($unviable unviable)"
done

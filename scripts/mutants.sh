#!/usr/bin/env bash
# Mutation testing of the trust base (issue 36) with cargo-mutants: each file's mutants
# against the tests meant to catch them. Slow (a first build of some minutes, then
# 15–30 s a mutant on two cores), so not in CI; the counts go to BENCHMARKS.md.
#
#   scripts/mutants.sh [name...]      names: see FILES below (default: all)
#   ITERATE=1 scripts/mutants.sh ...   skip the mutants an earlier run caught (cargo mutants
#                                      --iterate): a long run can go on across sittings; the
#                                      counts printed are then this sitting's only.
#   LIB_ONLY=1 scripts/mutants.sh ...  build and run the library's tests only (about half the
#                                      time a mutant); then run again with ITERATE=1 and
#                                      without it, so the survivors meet every test.
#
# Results: mutants/<name>/mutants.out/{caught,missed,timeout,unviable}.txt, and one summary
# line a file on standard output.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants || exit 2

# name, file, the test binaries to build (`--lib`, `--test main`), then the test filters that
# pick the tests aimed at it. Only those binaries are built for each mutant, with no debug
# information, in one shared target directory: about 8 s a build instead of a minute.
FILES=(
    "clausify|src/reason/proof/clausify.rs|--lib|proof:: arbiter::settle instantiate::tests superposition::tests::saturations"
    "check|src/reason/proof/check.rs|--lib|proof:: arbiter::settle instantiate::tests superposition::tests::refutations"
    "drat|src/reason/proof/drat.rs|--lib --test main|drat certif models::exhaustive models::a_search_that"
    "ground|src/reason/proof/ground.rs|--lib --test main|reason::proof::ground models::"
    "saturation|src/reason/proof/saturation.rs|--lib|proof:: superposition::tests::saturations"
    "semantics|src/logic/semantics.rs|--lib --test main|logic::semantics reason::finite models:: claims::"
    "formula|src/logic/presburger/formula.rs|--lib --test main|logic::presburger models:: table::claims_against"
    "cooper|src/logic/presburger/cooper.rs|--lib --test main|logic::presburger models:: table::claims_against"
    "infinite|src/logic/infinite.rs|--lib --test main|logic::infinite logic::presburger models:: table::claims_against"
)
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/tmp/umpire-mutants-target}"
export CARGO_PROFILE_TEST_DEBUG=0 CARGO_PROFILE_DEV_DEBUG=0

wanted=("$@")
for entry in "${FILES[@]}"; do
    IFS='|' read -r name file binaries filters <<<"$entry"
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $name " ]]; then
        continue
    fi
    out="mutants/$name"
    mkdir -p "$out"
    [ "${LIB_ONLY:-0}" = 1 ] && binaries="--lib"
    cargo_args=()
    for word in $binaries; do cargo_args+=("--cargo-arg=$word"); done
    # shellcheck disable=SC2086 # the filters are words
    [ "${ITERATE:-0}" = 1 ] && cargo_args+=(--iterate)
    cargo mutants -j1 --timeout 120 --build-timeout 600 -f "$file" -o "$out" "${cargo_args[@]}" \
        -- -- $filters >"$out/run.log" 2>&1
    dir="$out/mutants.out"
    count() { if [ -f "$dir/$1.txt" ]; then grep -c . "$dir/$1.txt"; else echo 0; fi; }
    caught=$(count caught)
    missed=$(count missed)
    timeout=$(count timeout)
    unviable=$(count unviable)
    viable=$((caught + missed + timeout))
    echo "$file: $caught caught, $missed missed, $timeout timed out of $viable viable ($unviable unviable)"
done

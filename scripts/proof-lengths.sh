#!/usr/bin/env bash
# Proof lengths on the corpus: for every refutation in corpus/boards/verdicts.tsv and
# corpus/claims/claims.tsv, the steps and the printed lines of `--proof`, by this build and,
# when given, by another umpire binary (an earlier build, to compare); and the lines of
# this build's `--derivation` (issue 58). Not CI.
#   scripts/proof-lengths.sh [OTHER_UMPIRE]
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q || exit 2
new=target/release/umpire
old=${1:-}
measure() { # binary dir board question -> "steps lines"
    local bin=$1 dir=$2 board=$3 question=$4 out
    if [ "$question" = check ]; then
        out=$(timeout 30 "$bin" check --proof "$dir/$board" 2>/dev/null)
    else
        out=$(timeout 30 "$bin" follows --proof "$dir/$board" "${question#follows }" 2>/dev/null)
    fi
    local steps
    steps=$(echo "$out" | head -1 | sed -n 's/.*contradiction in \([0-9]*\) step.*/\1/p')
    if [ -z "$steps" ]; then echo "- -"; else echo "$steps $(echo "$out" | wc -l)"; fi
}
derivation_lines() { # board question -> the numbered lines of `--derivation`
    local board=$1 question=$2
    if [ "$question" = check ]; then
        timeout 60 "$new" check --derivation "$board" 2>/dev/null
    else
        timeout 60 "$new" follows --derivation "$board" "${question#follows }" 2>/dev/null
    fi | grep -vc '^#'
}
printf '%-34s %-10s %12s %12s %11s\n' board question "${old:+before}" now derivation
for table in corpus/boards/verdicts.tsv corpus/claims/claims.tsv; do
    dir=$(dirname "$table")
    while IFS=$'\t' read -r board question verdict _; do
        case "$board" in '#'*|'') continue ;; esac
        case "$verdict" in inconsistent|redundant) ;; *) continue ;; esac
        read -r ns nl < <(measure "$new" "$dir" "$board" "$question")
        before=""
        if [ -n "$old" ]; then read -r os ol < <(measure "$old" "$dir" "$board" "$question"); before="$os/$ol"; fi
        dl=$(derivation_lines "$dir/$board" "$question")
        printf '%-34s %-10s %12s %12s %11s\n' "$board" "$question" "$before" "$ns/$nl" "$dl"
    done < "$table"
done
echo "(steps/lines of --proof; '-' when the verdict has no steps: the counts alone, or no parse;"
echo " derivation: the numbered lines of --derivation)"

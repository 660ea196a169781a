#!/usr/bin/env bash
# Proof lengths on the corpus: for every refutation in corpus/boards/verdicts.tsv and
# corpus/claims/claims.tsv, the steps and the printed lines of `--proof`, by this build and,
# when given, by another umpire binary (an earlier build, to compare). Not CI.
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
printf '%-34s %-10s %12s %12s\n' board question "${old:+before}" now
for table in corpus/boards/verdicts.tsv corpus/claims/claims.tsv; do
    dir=$(dirname "$table")
    while IFS=$'\t' read -r board question verdict _; do
        case "$board" in '#'*|'') continue ;; esac
        case "$verdict" in inconsistent|redundant) ;; *) continue ;; esac
        read -r ns nl < <(measure "$new" "$dir" "$board" "$question")
        before=""
        if [ -n "$old" ]; then read -r os ol < <(measure "$old" "$dir" "$board" "$question"); before="$os/$ol"; fi
        printf '%-34s %-10s %12s %12s\n' "$board" "$question" "$before" "$ns/$nl"
    done < "$table"
done
echo "(steps/lines of --proof; '-' when the verdict has no steps: the counts alone, or no parse)"

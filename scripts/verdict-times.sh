#!/usr/bin/env bash
# Verdict times on the corpus questions (corpus/boards/verdicts.tsv and
# corpus/claims/claims.tsv): this build's `check`/`follows` (no --proof: the answer alone),
# another umpire binary when given (an earlier build), and E and cvc5 when installed, each
# the fastest of 3 runs in milliseconds, process start included. Not CI.
#   scripts/verdict-times.sh [OTHER_UMPIRE]
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q || exit 2
new=$PWD/target/release/umpire
old=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have() { command -v "$1" >/dev/null; }
best() { # command... -> fastest of 3 runs, ms
    local b=999999 t s e
    for _ in 1 2 3; do
        s=$(date +%s%N); timeout 15 "$@" >/dev/null 2>&1; e=$(date +%s%N)
        t=$(( (e - s) / 1000000 )); [ "$t" -lt "$b" ] && b=$t
    done
    echo "$b"
}
printf '%-30s %-10s %-13s %8s %8s %8s %8s\n' board question verdict "${old:+before}" now E cvc5
for table in corpus/boards/verdicts.tsv corpus/claims/claims.tsv; do
    dir=$(dirname "$table")
    while IFS=$'\t' read -r board question verdict _; do
        case "$board" in '#'*|'') continue ;; esac
        [ "$verdict" = unknown ] && continue
        k=${question#follows }; [ "$question" = check ] && k=""
        if [ -n "$k" ]; then ask=(follows "$dir/$board" "$k"); else ask=(check "$dir/$board"); fi
        n=$(best "$new" "${ask[@]}")
        o=""; [ -n "$old" ] && o=$(best "$old" "${ask[@]}")
        p="$tmp/q.p"; "$new" export --tptp ${k:+--follows "$k"} "$dir/$board" > "$p" 2>/dev/null
        e="-"; have eprover && e=$(best eprover --auto --cpu-limit=10 -s "$p")
        c="-"; have cvc5 && c=$(best cvc5 --lang tptp --tlimit 10000 "$p")
        printf '%-30s %-10s %-13s %8s %8s %8s %8s\n' "$board" "$question" "$verdict" "$o" "$n" "$e" "$c"
    done < "$table"
done

#!/usr/bin/env bash
# Runs `umpire tptp` on every problem of ../shared/tptp/MANIFEST.tsv and compares its SZS
# status with the known one. Not CI (the test suite runs a quicker pass). Prints one line a
# problem and a summary; a contradiction with the known status is marked WRONG.
#   scripts/tptp-manifest.sh [seconds]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10}
dir=../shared/tptp
cargo build --release -q || exit 2
solved=0; wrong=0; total=0
while IFS=$'\t' read -r file format status _; do
    [ "$file" = file ] && continue
    total=$((total + 1))
    start=$(date +%s.%N)
    got=$(timeout $((limit + 5)) target/release/umpire tptp --cpu-limit "$limit" "$dir/$file" 2>/dev/null | sed -n 's/^% SZS status \([A-Za-z]*\).*/\1/p')
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    note=""
    case "$got" in
        Theorem|Unsatisfiable|Satisfiable|CounterSatisfiable)
            if [ "$got" = "$status" ]; then solved=$((solved + 1)); else note=WRONG; wrong=$((wrong + 1)); fi ;;
    esac
    printf '%-22s %-18s %-18s %7.2f %s\n' "$file" "$status" "${got:-none}" "$secs" "$note"
done < "$dir/MANIFEST.tsv"
echo "solved $solved of $total within ${limit}s; wrong: $wrong"

#!/usr/bin/env bash
# Compares umpire's model search with cvc5's finite model finding on the corpus boards.
# Not run in CI (it needs cvc5: `apt-get install cvc5`). Prints a table: each system's
# answer and wall time per board, process start included, and flags disagreements.
#
#   scripts/compare-cvc5.sh [timeout-seconds] [boards...]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10}
shift || true
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(corpus/boards/*.board)
command -v cvc5 >/dev/null || { echo "cvc5 not found (apt-get install cvc5)"; exit 2; }
cargo build --release -q || exit 2
umpire=target/release/umpire
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
printf '%-28s %-14s %9s   %-14s %9s  %s\n' board umpire seconds cvc5 seconds note
for b in "${boards[@]}"; do
    name=$(basename "$b" .board)
    "$umpire" export --tptp "$b" > "$tmp/$name.p" 2>/dev/null || continue
    t0=$(now)
    u=$("$umpire" check --json --timeout "$limit" "$b" 2>/dev/null | sed -n 's/^  "verdict": "\(.*\)",$/\1/p')
    t1=$(now)
    c=$(timeout "$((limit + 1))" cvc5 --lang tptp --finite-model-find --tlimit "$((limit * 1000))" "$tmp/$name.p" 2>/dev/null \
        | sed -n 's/.*SZS status \([A-Za-z]*\).*/\1/p' | head -1)
    t2=$(now)
    [ -z "$c" ] && c=Timeout
    note=""
    case "$u/$c" in
        consistent/Unsatisfiable|inconsistent/Satisfiable) note="DISAGREE" ;;
    esac
    printf '%-28s %-14s %9.3f   %-14s %9.3f  %s\n' "$name" "${u:-error}" "$(echo "$t1 - $t0" | bc)" "$c" "$(echo "$t2 - $t1" | bc)" "$note"
done

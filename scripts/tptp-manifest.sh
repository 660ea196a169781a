#!/usr/bin/env bash
# Runs `umpire tptp` on every problem of a TPTP directory's MANIFEST.tsv and compares its SZS
# status with the known one. Not CI (the test suite runs a quicker pass). Prints one line a
# problem and a summary; a contradiction with the known status is marked WRONG, and a run
# that took more than 1 s past the limit (wall clock: umpire's limit is one on the time the
# user waits, its engines sharing the cores) is marked OVER.
#
#   scripts/tptp-manifest.sh [seconds] [directory]     (default 10, ../shared/tptp)
#   WITH_E=1 scripts/tptp-manifest.sh 10 ../shared/tptp-wide
#   SPLIT=validate WITH_E=1 scripts/tptp-manifest.sh 10 ../shared/tptp-train
#
# SPLIT keeps the problems the directory's split.tsv puts in that split (tune on `train`,
# judge on `validate`).
# With WITH_E=1, E (`eprover --auto --cpu-limit`, apt-get install eprover) runs on each
# problem in the same run, one after the other, so both meet the same machine load.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10}
dir=${2:-../shared/tptp}
cargo build --release -q || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs a command under /usr/bin/time; prints "status cpu wall".
measure() {
    timeout $((limit + 20)) /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null
    local got
    got=$(sed -n 's/^# SZS status \([A-Za-z]*\).*/\1/p; s/^% SZS status \([A-Za-z]*\).*/\1/p' "$tmp/out" | head -1)
    read -r user sys wall < <(tail -1 "$tmp/time")
    echo "${got:-none} $(echo "$user + $sys" | bc) ${wall:-0}"
}

solved() { # known got -> 1 if got is a right definite answer, 0 otherwise; WRONG on stdout 2
    case "$2" in
        Theorem|Unsatisfiable|Satisfiable|CounterSatisfiable) [ "$1" = "$2" ] && echo 1 || echo wrong ;;
        *) echo 0 ;;
    esac
}

u_solved=0; u_wrong=0; u_over=0; e_solved=0; e_wrong=0; total=0
u_refute=0; e_refute=0
while IFS=$'\t' read -r file _ status _; do
    [ "$file" = file ] && continue
    if [ -n "${SPLIT:-}" ]; then
        grep -qxF "$(printf '%s\t%s' "$file" "$SPLIT")" "$dir/split.tsv" || continue
    fi
    total=$((total + 1))
    read -r got cpu wall < <(measure target/release/umpire tptp --cpu-limit "$limit" "$dir/$file")
    note=""
    case $(solved "$status" "$got") in
        1) u_solved=$((u_solved + 1))
           case "$got" in Theorem|Unsatisfiable) u_refute=$((u_refute + 1)) ;; esac ;;
        wrong) note=WRONG; u_wrong=$((u_wrong + 1)) ;;
    esac
    if [ "$(echo "$wall > $limit + 1" | bc)" = 1 ]; then
        note="$note OVER"; u_over=$((u_over + 1))
    fi
    line=$(printf '%-22s %-18s %-18s %6.2f cpu %6.2f wall' "$file" "$status" "$got" "$cpu" "$wall")
    if [ "${WITH_E:-0}" = 1 ]; then
        read -r egot ecpu _ < <(measure eprover --auto --tstp-format -s --cpu-limit="$limit" "$dir/$file")
        case $(solved "$status" "$egot") in
            1) e_solved=$((e_solved + 1))
               case "$egot" in Theorem|Unsatisfiable) e_refute=$((e_refute + 1)) ;; esac ;;
            wrong) note="$note E-WRONG"; e_wrong=$((e_wrong + 1)) ;;
        esac
        line=$(printf '%s | E %-18s %6.2f cpu' "$line" "$egot" "$ecpu")
        # A problem E solves in under half a second that umpire leaves unsolved.
        if [ "$(solved "$status" "$egot")" = 1 ] && [ "$(solved "$status" "$got")" != 1 ] &&
            [ "$(echo "$ecpu < 0.5" | bc)" = 1 ]; then
            note="$note E-FAST"
        fi
    fi
    echo "$line $note"
done < "$dir/MANIFEST.tsv"
echo "umpire: solved $u_solved of $total within ${limit}s ($u_refute Theorem/Unsatisfiable); wrong: $u_wrong; over the limit: $u_over"
if [ "${WITH_E:-0}" = 1 ]; then
    echo "E: solved $e_solved of $total ($e_refute Theorem/Unsatisfiable); wrong: $e_wrong"
fi

#!/usr/bin/env bash
# Compares umpire with E (eprover) and cvc5 (--finite-model-find) on boards exported as
# TPTP. Not run in CI: it needs `apt-get install eprover cvc5` (a missing system is skipped).
# Prints each system's answer and wall time per board, process start included, and flags
# any disagreement (a disagreement is a bug report, not a statistic).
#
#   scripts/compare.sh [timeout-seconds] [boards...]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10}
shift || true
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(corpus/boards/*.board)
cargo build --release -q || exit 2
umpire=target/release/umpire
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have() { command -v "$1" >/dev/null; }
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }

# sat / unsat / ? from each system's words
u_class() { case "$1" in consistent|not-redundant) echo sat ;; inconsistent|redundant) echo unsat ;; *) echo "?" ;; esac; }
szs_class() { case "$1" in Satisfiable|CounterSatisfiable) echo sat ;; Unsatisfiable|Theorem) echo unsat ;; *) echo "?" ;; esac; }

printf '%-26s %-13s %7s   %-15s %7s   %-15s %7s  %s\n' board umpire s E s cvc5-fmf s note
# Questions: "board" (consistency) or "board:k" (does statement k follow?). Without
# arguments: every corpus board, and every redundancy question in verdicts.tsv.
questions=("${boards[@]}")
if [ $# -eq 0 ]; then
    while IFS=$'\t' read -r board question _; do
        case "$question" in "follows "*) questions+=("corpus/boards/$board:${question#follows }") ;; esac
    done < <(grep -v '^#' corpus/boards/verdicts.tsv)
fi
for q in "${questions[@]}"; do
    b=${q%%:*}; k=""; [ "$q" != "$b" ] && k=${q##*:}
    name=$(basename "$b" .board)${k:+:$k}
    if [ -n "$k" ]; then
        "$umpire" export --tptp --follows "$k" "$b" > "$tmp/$name.p" 2>/dev/null || continue
        ask=(follows --json --timeout "$limit" "$b" "$k")
    else
        "$umpire" export --tptp "$b" > "$tmp/$name.p" 2>/dev/null || continue
        ask=(check --json --timeout "$limit" "$b")
    fi
    t=$(now)
    u=$("$umpire" "${ask[@]}" 2>/dev/null | sed -n 's/^  "verdict": "\(.*\)",$/\1/p')
    ut=$(since "$t")
    e=-; et=0
    if have eprover; then
        t=$(now)
        e=$(timeout $((limit + 1)) eprover --auto --cpu-limit="$limit" -s "$tmp/$name.p" 2>/dev/null \
            | sed -n 's/.*SZS status \([A-Za-z]*\).*/\1/p' | head -1)
        et=$(since "$t"); e=${e:-Timeout}
    fi
    c=-; ct=0
    if have cvc5; then
        t=$(now)
        c=$(timeout $((limit + 1)) cvc5 --lang tptp --finite-model-find --tlimit "$((limit * 1000))" "$tmp/$name.p" 2>/dev/null \
            | sed -n 's/.*SZS status \([A-Za-z]*\).*/\1/p' | head -1)
        ct=$(since "$t"); c=${c:-Timeout}
    fi
    note=""
    uc=$(u_class "${u:-}")
    for other in "$e" "$c"; do
        oc=$(szs_class "$other")
        if [ "$uc" != "?" ] && [ "$oc" != "?" ] && [ "$uc" != "$oc" ]; then note="DISAGREE"; fi
    done
    printf '%-26s %-13s %7.3f   %-15s %7.3f   %-15s %7.3f  %s\n' "$name" "${u:-error}" "$ut" "$e" "$et" "$c" "$ct" "$note"
done

#!/usr/bin/env bash
# Compares umpire with E (eprover), cvc5 (plain and --finite-model-find), SPASS and z3 on
# the same questions. Not run in CI: it needs `apt-get install eprover cvc5 spass z3`
# (a missing system is skipped). Prints each system's answer and wall time per question,
# process start included, and flags any disagreement (a bug report, not a statistic).
#
#   scripts/compare.sh [timeout-seconds] [questions...]
# A question is a board (consistency), board:k (does statement k follow?) or a TPTP
# problem file (.p). Without questions: every corpus board, every redundancy question of
# corpus/boards/verdicts.tsv, and every problem of ../shared/tptp.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10}
shift || true
cargo build --release -q || exit 2
umpire=target/release/umpire
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have() { command -v "$1" >/dev/null; }
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }

# sat / unsat / ? from each system's words
class() {
    case "$1" in
        consistent|not-redundant|Satisfiable|CounterSatisfiable|sat|Completion) echo sat ;;
        inconsistent|redundant|Unsatisfiable|Theorem|unsat|Proof) echo unsat ;;
        *) echo "?" ;;
    esac
}

questions=("$@")
if [ $# -eq 0 ]; then
    questions=(corpus/boards/*.board)
    while IFS=$'\t' read -r board question _; do
        case "$question" in "follows "*) questions+=("corpus/boards/$board:${question#follows }") ;; esac
    done < <(grep -v '^#' corpus/boards/verdicts.tsv)
    questions+=(../shared/tptp/*.p)
fi

run() { # name, seconds, command...: prints "answer seconds"
    local t; t=$(now)
    local a; a=$(timeout $(( $2 + 2 )) "${@:3}" 2>/dev/null)
    echo "${a:-none} $(since "$t")"
}

printf '%-24s %-22s %-22s %-22s %-22s %-22s %-22s %s\n' question umpire E cvc5 cvc5-fmf SPASS z3 note
for q in "${questions[@]}"; do
    k=""
    case "$q" in
        *.p) b=$q; p=$q; name=$(basename "$q" .p) ;;
        *) b=${q%%:*}; [ "$q" != "$b" ] && k=${q##*:}; name=$(basename "$b" .board)${k:+:$k}
           p="$tmp/$name.p"
           "$umpire" export --tptp ${k:+--follows "$k"} "$b" > "$p" 2>/dev/null || continue
           "$umpire" export --smt2 ${k:+--follows "$k"} "$b" > "$tmp/$name.smt2" 2>/dev/null ;;
    esac
    case "$q" in
        *.p) u=$(run u "$limit" sh -c "$umpire tptp --cpu-limit $limit '$p' | sed -n 's/^% SZS status \\([A-Za-z]*\\).*/\\1/p'") ;;
        *) if [ -n "$k" ]; then ask="follows --json --timeout $limit $b $k"; else ask="check --json --timeout $limit $b"; fi
           u=$(run u "$limit" sh -c "$umpire $ask | sed -n 's/^  \"verdict\": \"\\(.*\\)\",\$/\\1/p'") ;;
    esac
    e="- 0"; c="- 0"; f="- 0"; s="- 0"; z="- 0"
    have eprover && e=$(run e "$limit" sh -c "eprover --auto --cpu-limit=$limit -s '$p' | sed -n 's/.*SZS status \\([A-Za-z]*\\).*/\\1/p' | head -1")
    have cvc5 && c=$(run c "$limit" sh -c "cvc5 --lang tptp --tlimit $((limit * 1000)) '$p' | sed -n 's/.*SZS status \\([A-Za-z]*\\).*/\\1/p' | head -1")
    have cvc5 && f=$(run f "$limit" sh -c "cvc5 --lang tptp --finite-model-find --tlimit $((limit * 1000)) '$p' | sed -n 's/.*SZS status \\([A-Za-z]*\\).*/\\1/p' | head -1")
    have SPASS && s=$(run s "$limit" sh -c "SPASS -TPTP -TimeLimit=$limit '$p' | grep -o 'Proof found\\|Completion found' | head -1 | cut -d' ' -f1")
    case "$q" in *.p) ;; *) have z3 && z=$(run z "$limit" sh -c "z3 -T:$limit '$tmp/$name.smt2' | head -1") ;; esac
    note=""
    uc=$(class "${u%% *}")
    for other in "$e" "$c" "$f" "$s" "$z"; do
        oc=$(class "${other%% *}")
        if [ "$uc" != "?" ] && [ "$oc" != "?" ] && [ "$uc" != "$oc" ]; then note="DISAGREE"; fi
    done
    fmt() { printf '%s %.2f' "${1%% *}" "${1##* }"; }
    printf '%-24s %-22s %-22s %-22s %-22s %-22s %-22s %s\n' "$name" "$(fmt "$u")" "$(fmt "$e")" "$(fmt "$c")" "$(fmt "$f")" "$(fmt "$s")" "$(fmt "$z")" "$note"
done

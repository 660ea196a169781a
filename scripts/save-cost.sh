#!/usr/bin/env bash
# What a card-game save with many claims costs each command that opens it (issue 56).
# Every command replays the save and decides each claim again (RULINGS G12): an upheld
# claim is re-decided by the arbiter, a refuted one has its model re-checked.
#
#   scripts/save-cost.sh [claims] [runs]      (default 40 claims, 5 runs; release build)
#
# Builds two saves of `claims` claims each, one with every claim upheld and one with every
# claim refuted (a statement that follows, or one that does not, is played each turn and
# the next player claims it), then times `game show` on each: the median of `runs`.
set -euo pipefail
cd "$(dirname "$0")/.."
claims=${1:-40}
runs=${2:-5}
cargo build --release --quiet --bin umpire
u=target/release/umpire
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
timed() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    $u game show "$1" >/dev/null
    echo $(( ($(date +%s%N) - start) / 1000000 ))
  done | median
}
$u game new "$work/empty.json" --players Ann,Bob --own-cards >/dev/null
echo "empty save: game show takes $(timed "$work/empty.json") ms (median of $runs): starting the process"
for kind in upheld refuted; do
  save="$work/$kind.json"
  $u game new "$save" --players Ann,Bob --own-cards --win 100000 >/dev/null
  $u game play "$save" 'Q:∀x ∀x happy(x)' >/dev/null
  statement='∃x happy(x)'
  [ "$kind" = refuted ] && statement='∃x blonde(x)'
  for k in $(seq 2 $((claims + 1))); do
    $u game play "$save" "Q:∃x $statement" >/dev/null
    $u game claim "$save" redundant "$k" --brief >/dev/null || true
  done
  ms=$(timed "$save")
  events=$(grep -c '"event"' "$save")
  echo "$kind: $claims claims, $events events, $((claims + 1)) statements: game show takes $ms ms (median of $runs)"
done

#!/usr/bin/env bash
# Times `umpire clue advise` end to end (process start included) on the six-player game of
# corpus/clue/logs/six-players-seed1.log cut after 0, 5, 10 and 30 events (issue 60: goal
# under 1 s at any point, busy or not). With `--busy`, two `yes` processes hold both cores
# while it measures. Not run in CI.
#
#   scripts/clue-advise-times.sh [--busy] [path/to/umpire]
set -euo pipefail
busy=false
if [ "${1:-}" = "--busy" ]; then busy=true; shift; fi
umpire=${1:-target/release/umpire}
[ -x "$umpire" ] || { echo "build first: cargo build --release" >&2; exit 2; }
log=corpus/clue/logs/six-players-seed1.log
work=$(mktemp -d)
hogs=()
cleanup() {
  for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
if $busy; then
  yes > /dev/null & hogs+=($!)
  yes > /dev/null & hogs+=($!)
  sleep 1
fi
# The header is the lines before the first event.
header=$(grep -n -m1 '^suggest\|^seen\|^accuse' "$log" | cut -d: -f1)
for events in 0 5 10 30; do
  head -n $((header - 1 + events)) "$log" > "$work/cut.log"
  start=$(date +%s.%N)
  "$umpire" clue advise --top 1 "$work/cut.log" > /dev/null
  end=$(date +%s.%N)
  awk -v e="$events" -v a="$start" -v b="$end" 'BEGIN { printf "after %2d events: %.2f s\n", e, b - a }'
done

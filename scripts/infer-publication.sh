#!/usr/bin/env bash
# Times the Universe's answer to a publication for every card of the Infer deck (issue 59):
# an equivalent Theory `(L) and count dice >= 0` (a win: no experiment of the box separates
# it) and a wrong one `(L) and count dice < 40` (disproved, with 40 dice when the Law sees
# only counts). Wall time with process start, release build. Not run in CI.
#
#   scripts/infer-publication.sh [path/to/umpire]
set -euo pipefail
umpire=${1:-target/release/umpire}
[ -x "$umpire" ] || { echo "build first: cargo build --release" >&2; exit 2; }
"$umpire" infer deck --json | python3 -c '
import json, sys
for card in json.load(sys.stdin):
    print(card["law"])
' | while IFS= read -r law; do
  for theory in "($law) and count dice >= 0" "($law) and count dice < 40"; do
    start=$(date +%s.%N)
    # Exit 1 (not disproved) is an answer too.
    out=$("$umpire" infer disprove "$law" "$theory" --json 2>/dev/null || true)
    end=$(date +%s.%N)
    verdict=$(echo "$out" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["verdict"], j.get("dice", ""))' 2>/dev/null || echo error)
    printf '%.2f\t%s\t%s\n' "$(echo "$end - $start" | bc)" "$verdict" "$theory"
  done
done | sort -rn | tee /tmp/infer-publication.tsv | head -5
echo "slowest first; all in /tmp/infer-publication.tsv" >&2

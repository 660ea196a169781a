#!/usr/bin/env bash
# Kills umpire with SIGKILL at random moments while it saves, many times, and checks after
# every kill that the save still loads (old state or new) and, after the next write, that
# no temporary file is left. `cargo test` does 30 rounds of this for a Clue log
# (tests/writers.rs); this runs more, on a Clue log and on a card-game save.
#
#   scripts/kill-saves.sh [rounds]     (default 300 each)
set -u
cd "$(dirname "$0")/.."
rounds=${1:-300}
cargo build --release --quiet --bin umpire || exit 100
umpire=$(pwd)/target/release/umpire
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
broken=0

kill_at_random() {   # runs "$@" in the background and kills it after 0-4 ms
    "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "0.00$((RANDOM % 5))"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

log=$dir/game.log
"$umpire" clue new "$log" --players "Ann 6, Bob 6, Cat 6" --me Ann --hand "Scarlet, Mustard, Knife, Kitchen, Ballroom, Study" >/dev/null
for ((i = 0; i < rounds; i++)); do
    kill_at_random "$umpire" clue add "$log" "suggest Cat: Plum, Rope, Hall; shown by Bob"
    "$umpire" clue solve "$log" >/dev/null 2>&1 || { echo "clue round $i: the log no longer reads"; broken=$((broken + 1)); }
done
"$umpire" clue add "$log" "seen Bob: Rope" >/dev/null
clue_events=$(grep -c "^suggest" "$log")

save=$dir/g.json
"$umpire" game new "$save" --players Ann,Bob --own-cards >/dev/null
for ((i = 0; i < rounds; i++)); do
    if ((i % 2 == 0)); then
        kill_at_random "$umpire" game pass "$save" --player Ann
    else
        kill_at_random "$umpire" game undo "$save"
    fi
    "$umpire" game load "$save" >/dev/null 2>&1 || { echo "game round $i: the save no longer loads"; broken=$((broken + 1)); }
done
"$umpire" game undo "$save" >/dev/null 2>&1
"$umpire" game pass "$save" --player Ann >/dev/null 2>&1

strays=$(find "$dir" -name '*.tmp' | wc -l)
echo "$rounds kills on a Clue log ($clue_events suggestions landed) and $rounds on a game save:"
echo "  saves that did not load after a kill: $broken"
echo "  temporary files left after the next write: $strays"
((broken == 0 && strays == 0))

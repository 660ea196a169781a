#!/usr/bin/env bash
# The computer player's strength and speed (issue 33): computer against computer over many
# dealt games, with the release build. Usage: scripts/selfplay.sh [GAMES] [SEED]
# Prints, for level 2 against level 1 and level 1 against level 0 (random legal plays), the
# wins, points, claims, unknown questions, time per move, and every fault (an illegal play,
# a claim not upheld, an inconsistent board nobody claimed). Run it alone on the machine:
# the time per move is wall time.
set -euo pipefail
games=${1:-200}
seed=${2:-1000}
cd "$(dirname "$0")/.."
cargo build --release --quiet
for levels in 1,2 0,1; do
  echo "== levels $levels, $games games, seeds from $seed"
  target/release/umpire game selfplay --games "$games" --levels "$levels" --seed "$seed" 2>/dev/null || true
done

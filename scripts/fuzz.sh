#!/usr/bin/env bash
# Fuzzes every input format for MINUTES (default 10): mutations of the corpus files and
# token soup, fresh seeds each round (tests/fuzz.rs, `fuzz_for_a_while`). Each input that
# panics or runs away is written to corpus/fuzz/ as a regression file, which `cargo test`
# replays from then on. Not CI.
#
# Why not a coverage-guided fuzzer: cargo-fuzz (libFuzzer) needs a nightly toolchain, and
# this project builds on stable only; seeded mutation of the corpus files and token soup
# from each grammar found the bugs so far in seconds.
#   scripts/fuzz.sh [minutes] [first-seed]
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
seed=${2:-$(date +%s)}
UMPIRE_FUZZ_SECONDS=$((minutes * 60)) UMPIRE_FUZZ_SEED=$seed \
    cargo test --release --test main fuzz_for_a_while -- --ignored --nocapture 2>&1 |
    grep -E 'rounds of|panicked:|took |corpus/fuzz/|test result'

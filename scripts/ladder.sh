#!/usr/bin/env bash
# Self-play ladder over the four two-player variants: each level against the next, 40 games
# per pair (colours alternate, each random opening played twice). Cheap pairs first, so a run
# cut short still covers every variant. Usage: scripts/ladder.sh [ladder-binary] [games]
set -euo pipefail
BIN=${1:-target/release/examples/ladder}
GAMES=${2:-40}
for pairs in 1-4 5-6 7-7; do
  for v in chess 3check kingofthehill racingkings; do
    "$BIN" --variant "$v" --pairs "$pairs" --games "$GAMES" --seed 1 --l8-nodes 400000
  done
done

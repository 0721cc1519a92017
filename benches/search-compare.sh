#!/usr/bin/env bash
# Wasm against native search speed in one run: the same fixed-node level-8 searches from each
# start position (identical trees, so identical moves) natively (`cargo bench --bench search
# -- --starts`) and in the shipped package under Node (`search-wasm.mjs --nodes-only`), then
# the wasm speed as a share of native per game (native ms / wasm ms, medians).
#
#   make pkg && benches/search-compare.sh          # pkg/ by default
#   benches/search-compare.sh /tmp/pkg-other
set -euo pipefail
cd "$(dirname "$0")/.."
pkg=${1:-pkg}
native=$(mktemp) wasm=$(mktemp)
trap 'rm -f "$native" "$wasm"' EXIT
cargo bench --bench search -- --starts | tee "$native"
node benches/search-wasm.mjs "$pkg" --nodes-only | tee "$wasm"
echo
echo "| game | nodes | native ms | wasm ms | wasm / native speed | same move |"
echo "|---|---:|---:|---:|---:|---|"
# Rows are "| game | nodes | move | median | best |"; join the two tables on the game.
awk -F' *\\| *' '
  FNR == NR && $2 != "" && $3 ~ /^[0-9]+$/ { nm[$2] = $4; nt[$2] = $5; next }
  FNR != NR && ($2 in nt) && $3 ~ /^[0-9]+$/ {
    printf "| %s | %s | %s | %s | %.0f%% | %s |\n", $2, $3, nt[$2], $5, 100 * nt[$2] / $5,
      (nm[$2] == $4 ? "yes" : "no: " nm[$2] " / " $4)
  }' "$native" "$wasm"

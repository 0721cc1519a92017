#!/usr/bin/env bash
# Wasm against native search speed in one run: the same fixed-node level-8 searches from each
# start position (identical trees, so identical moves) natively (`cargo bench --bench search
# -- --starts`) and in the shipped package under Node (`search-wasm.mjs --nodes-only`), then
# the wasm speed as a share of native per game (native ms / wasm ms).
#
#   make pkg && benches/search-compare.sh          # pkg/ by default, one round
#   ROUNDS=8 benches/search-compare.sh             # eight rounds, native and wasm alternating
#   benches/search-compare.sh /tmp/pkg-other
#
# Each round's figure per game is the best of the five searches each side runs. With several
# rounds the two sides alternate, so a slow spell of this shared machine hits both, and the
# table gives the best and the median of the rounds' figures. The raw rounds are kept in
# $OUT (default: a temporary directory, printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
pkg=${1:-pkg}
rounds=${ROUNDS:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
# Build once, then run the bench binary itself: cargo's own start-up is not part of a round.
cargo bench --bench search --no-run 2>&1 | tail -1 >&2
bin=$(ls -t target/release/deps/search-* | grep -v '\.d$' | head -1)
for r in $(seq 1 "$rounds"); do
  "$bin" --starts >"$out/native-$r.md"
  node benches/search-wasm.mjs "$pkg" --nodes-only >"$out/wasm-$r.md"
  echo "round $r of $rounds done" >&2
done
echo "| game | nodes | native ms (best / median) | wasm ms (best / median) | wasm / native speed, by best | by median | same move |"
echo "|---|---:|---:|---:|---:|---:|---|"
# Rows are "| game | nodes | move | median | best |"; the "best" column is a round's figure.
awk -F' *\\| *' '
  # Plain insertion sort: Debian'"'"'s default awk (mawk) has no asort.
  function med(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return a[int((n + 1) / 2)]
  }
  $3 !~ /^[0-9]+$/ { next }
  {
    side = (FILENAME ~ /native-/) ? "n" : "w"
    key = side SUBSEP $2
    all[key] = all[key] " " $6
    if (!(key in best) || $6 + 0 < best[key]) best[key] = $6 + 0
    mv[key] = $4; nodes[$2] = $3
    if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
  }
  END {
    for (i = 1; i <= n; i++) {
      g = order[i]; kn = "n" SUBSEP g; kw = "w" SUBSEP g
      if (!(kn in best) || !(kw in best)) continue
      mn = med(all[kn]); mw = med(all[kw])
      printf "| %s | %s | %d / %d | %d / %d | %.0f%% | %.0f%% | %s |\n", g, nodes[g],
        best[kn], mn, best[kw], mw, 100 * best[kn] / best[kw], 100 * mn / mw,
        (mv[kn] == mv[kw] ? "yes" : "no: " mv[kn] " / " mv[kw])
    }
  }' "$out"/native-*.md "$out"/wasm-*.md
echo "raw rounds: $out" >&2

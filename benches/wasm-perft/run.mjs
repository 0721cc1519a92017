#!/usr/bin/env node
// Wasm perft benchmark in Node: tablero against shakmaty 0.30.1, both compiled to wasm32 in
// the same module (benches/wasm-perft), timed alternately. Built and run by `make bench-wasm`.
//
//   node benches/wasm-perft/run.mjs                 # all positions
//   node benches/wasm-perft/run.mjs kiwi 3check     # positions whose name contains a word
//   BENCH_ROUNDS=9 node benches/wasm-perft/run.mjs  # more rounds (default 5)
//   WASM_PERFT_PKG=/tmp/old-pkg node benches/wasm-perft/run.mjs   # another build of the module
//
// Prints the same markdown table as `cargo bench --bench perft`: the median of the rounds, in
// millions of leaves per second; ratio = tablero / shakmaty (above 1: tablero is faster).
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
// wasm-bindgen --target nodejs emits CommonJS; the Makefile marks pkg/ as such.
const pkgDir = process.env.WASM_PERFT_PKG ? resolve(process.env.WASM_PERFT_PKG) : "./pkg";
const { tablero_perft, shakmaty_perft, four_perft } = require(`${pkgDir}/wasm_perft.js`);

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASES = [
  { name: "chess start", variant: "chess", fen: START, depth: 5 },
  {
    name: "kiwipete",
    variant: "chess",
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    depth: 4,
  },
  {
    name: "3check start",
    variant: "3check",
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    depth: 5,
  },
  { name: "kingofthehill start", variant: "kingofthehill", fen: START, depth: 5 },
  {
    name: "racingkings start",
    variant: "racingkings",
    fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    depth: 5,
  },
];

const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const rounds = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? "5", 10) || 5);

function timed(f) {
  const start = performance.now();
  const leaves = f();
  return { leaves, ms: performance.now() - start };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mlps = (leaves, ms) => leaves / ms / 1e3;

console.log(`wasm perft in Node ${process.version}, median of ${rounds} alternating rounds\n`);
console.log("| position | depth | leaves | tablero Mleaves/s | shakmaty Mleaves/s | ratio |");
console.log("|---|---:|---:|---:|---:|---:|");

let ok = true;
for (const c of CASES) {
  if (filters.length && !filters.some((f) => c.name.includes(f))) continue;
  const ours = [];
  const theirs = [];
  let leaves = 0;
  let skLeaves = 0;
  for (let i = 0; i < rounds; i++) {
    let r = timed(() => tablero_perft(c.variant, c.fen, c.depth));
    leaves = r.leaves;
    ours.push(r.ms);
    r = timed(() => shakmaty_perft(c.variant, c.fen, c.depth));
    skLeaves = r.leaves;
    theirs.push(r.ms);
  }
  const a = mlps(leaves, median(ours));
  const b = mlps(skLeaves, median(theirs));
  let mismatch = "";
  if (leaves !== skLeaves) {
    ok = false;
    mismatch = ` (MISMATCH: shakmaty counts ${skLeaves})`;
  }
  console.log(
    `| ${c.name} | ${c.depth} | ${leaves}${mismatch} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(2)} |`,
  );
}

// Four-player chess has no reference library: tablero alone, against the R8 count.
if (!filters.length || filters.some((f) => "fourplayer start".includes(f))) {
  const times = [];
  let leaves = 0;
  for (let i = 0; i < rounds; i++) {
    const r = timed(() => four_perft(5));
    leaves = r.leaves;
    times.push(r.ms);
  }
  if (leaves !== 3452310) ok = false;
  console.log(`| fourplayer start (ffa) | 5 | ${leaves} | ${mlps(leaves, median(times)).toFixed(1)} | - | - |`);
}

if (!ok) {
  console.error("tablero and shakmaty disagree on a leaf count");
  process.exitCode = 1;
}

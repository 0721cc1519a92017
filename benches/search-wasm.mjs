#!/usr/bin/env node
// Speed of the shipped package in WebAssembly under Node, through its public API (`make pkg`
// first): perft of each game's start position (`game.perft`, the package's own move
// generator after wasm-opt), then a level-8 `analyse` of each start position for a fixed time.
//
//   node benches/search-wasm.mjs                    # pkg/, 2000 ms per search
//   BENCH_MS=5000 node benches/search-wasm.mjs
//   node benches/search-wasm.mjs /tmp/pkg-before    # another build of the package
//   BENCH_ROUNDS=9 node benches/search-wasm.mjs     # perft rounds (median; default 5)
//   node benches/search-wasm.mjs --perft-only | --search-only
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const dirArg = args.find((a) => !a.startsWith("--"));
const pkgDir = pathToFileURL(resolve(dirArg ?? new URL("../pkg", import.meta.url).pathname) + "/");
const { default: init, newGame } = await import(new URL("tablero.js", pkgDir).href);
await init({ module_or_path: await readFile(new URL("tablero_bg.wasm", pkgDir)) });

const ms = Math.max(100, Number.parseInt(process.env.BENCH_MS ?? "2000", 10) || 2000);
const rounds = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? "5", 10) || 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const GAMES = ["chess", "3check", "kingofthehill", "racingkings", "fourplayer"];

console.log(`package ${pkgDir.pathname} in Node ${process.version}\n`);

if (!args.includes("--search-only")) {
  console.log(`perft through the package (game.perft), ${rounds} rounds: median and best\n`);
  console.log("| game | depth | leaves | Mleaves/s (median) | Mleaves/s (best) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const variant of GAMES) {
    const depth = 5;
    const game = newGame({ variant });
    // One untimed run first: V8 starts wasm in its baseline compiler and swaps in optimised
    // code a little later, which would otherwise land in the first rounds.
    game.perft(depth - 1);
    const times = [];
    let leaves = 0;
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      leaves = game.perft(depth);
      times.push(performance.now() - start);
    }
    const speed = (ms) => (leaves / ms / 1e3).toFixed(1);
    console.log(`| ${variant} | ${depth} | ${leaves} | ${speed(median(times))} | ${speed(Math.min(...times))} |`);
    game.free();
  }
  console.log();
}

if (!args.includes("--perft-only")) {
  console.log(`search: analyse({timeMs: ${ms}}) from each start\n`);
  console.log("| game | nodes | knps | depth reached |");
  console.log("|---|---:|---:|---:|");
  for (const variant of GAMES) {
    const game = newGame({ variant });
    const start = performance.now();
    const a = game.analyse({ timeMs: ms });
    const elapsed = performance.now() - start;
    console.log(`| ${variant} | ${a.nodes} | ${Math.round(a.nodes / elapsed)} | ${a.depth} |`);
    game.free();
  }
}

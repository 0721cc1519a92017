#!/usr/bin/env node
// Search speed in WebAssembly under Node: a level-8 `analyse` of each game's start position
// for a fixed time, through the package's public API (`make pkg` first).
//
//   node benches/search-wasm.mjs            # 2000 ms per game
//   BENCH_MS=5000 node benches/search-wasm.mjs
import { readFile } from "node:fs/promises";
import init, { newGame } from "../pkg/tablero.js";

await init({ module_or_path: await readFile(new URL("../pkg/tablero_bg.wasm", import.meta.url)) });
const ms = Math.max(100, Number.parseInt(process.env.BENCH_MS ?? "2000", 10) || 2000);

console.log(`wasm search in Node ${process.version}, analyse({timeMs: ${ms}}) from each start\n`);
console.log("| game | nodes | knps | depth reached |");
console.log("|---|---:|---:|---:|");
for (const variant of ["chess", "3check", "kingofthehill", "racingkings", "fourplayer"]) {
  const game = newGame({ variant });
  const start = performance.now();
  const a = game.analyse({ timeMs: ms });
  const elapsed = performance.now() - start;
  console.log(`| ${variant} | ${a.nodes} | ${Math.round(a.nodes / elapsed)} | ${a.depth} |`);
  game.free();
}

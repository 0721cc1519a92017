#!/usr/bin/env node
// Speed of the shipped package in WebAssembly under Node, through its public API (`make pkg`
// first): perft of each game's start position (`game.perft`, the package's own move
// generator after wasm-opt); a node-limited level-8 `aiMove` from each start (fixed work: the
// same tree and move for the same engine, so its time compares builds); then a level-8
// `analyse` of each start position for a fixed time.
//
//   node benches/search-wasm.mjs                    # pkg/, 2000 ms per search
//   BENCH_MS=5000 node benches/search-wasm.mjs
//   node benches/search-wasm.mjs /tmp/pkg-before    # another build of the package
//   BENCH_ROUNDS=9 node benches/search-wasm.mjs     # perft rounds (median; default 5)
//   node benches/search-wasm.mjs --perft-only | --nodes-only | --search-only
//   node benches/search-wasm.mjs --compare /tmp/pkg-before pkg
//       fixed-node searches of two builds, alternated in one process (BENCH_ROUNDS each)
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const dirs = args.filter((a) => !a.startsWith("--"));

/** Loads the package in `dir` (default: pkg/ of this repository). */
async function load(dir) {
  const url = pathToFileURL(resolve(dir ?? new URL("../pkg", import.meta.url).pathname) + "/");
  const pkg = await import(new URL("tablero.js", url).href);
  await pkg.default({ module_or_path: await readFile(new URL("tablero_bg.wasm", url)) });
  return { dir: url.pathname, newGame: pkg.newGame };
}

const ms = Math.max(100, Number.parseInt(process.env.BENCH_MS ?? "2000", 10) || 2000);
const rounds = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? "5", 10) || 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const GAMES = ["chess", "3check", "kingofthehill", "racingkings", "fourplayer"];
const searchNodes = (variant) => (variant === "fourplayer" ? 100_000 : 400_000);

/** One node-limited level-8 search from the start: [uci, ms]. */
function fixedSearch(newGame, variant) {
  const game = newGame({ variant, seed: 1 });
  const start = performance.now();
  const uci = game.aiMove({ level: 8, nodes: searchNodes(variant), seed: 1 }).uci;
  const elapsed = performance.now() - start;
  game.free();
  return [uci, elapsed];
}

if (args.includes("--compare")) {
  if (dirs.length !== 2) throw new Error("--compare takes two package directories");
  const builds = [await load(dirs[0]), await load(dirs[1])];
  console.log(`fixed-node search in Node ${process.version}, ${rounds} alternating rounds: median and best ms\n`);
  console.log(`| game | nodes | move | ${builds.map((b) => `${b.dir} (median / best)`).join(" | ")} |`);
  console.log(`|---|---:|---|${builds.map(() => "---:").join("|")}|`);
  for (const variant of GAMES) {
    const times = builds.map(() => []);
    const moves = new Set();
    for (let i = 0; i < rounds; i++) {
      builds.forEach((b, k) => {
        const [uci, t] = fixedSearch(b.newGame, variant);
        moves.add(uci);
        times[k].push(t);
      });
    }
    const cells = times.map((t) => `${median(t).toFixed(0)} / ${Math.min(...t).toFixed(0)}`);
    console.log(`| ${variant} | ${searchNodes(variant)} | ${[...moves].join(", ")} | ${cells.join(" | ")} |`);
  }
  process.exit(0);
}

const { dir: pkgDir, newGame } = await load(dirs[0]);

console.log(`package ${pkgDir} in Node ${process.version}\n`);

const only = args.find((a) => a.endsWith("-only"));
const part = (name) => !only || only === `--${name}-only`;

if (part("perft")) {
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

if (part("nodes")) {
  console.log(`fixed-node search: aiMove({level: 8, nodes, seed: 1}), ${rounds} rounds: median and best\n`);
  console.log("| game | nodes | move | ms (median) | ms (best) |");
  console.log("|---|---:|---|---:|---:|");
  for (const variant of GAMES) {
    const times = [];
    let move = "";
    for (let i = 0; i < rounds; i++) {
      const [uci, t] = fixedSearch(newGame, variant);
      move = uci;
      times.push(t);
    }
    console.log(`| ${variant} | ${searchNodes(variant)} | ${move} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} |`);
  }
  console.log();
}

if (part("search")) {
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

#!/usr/bin/env node
// PGN import and export: tablero-chess (pkg/) against chessops's parsePgn + makePgn, in one
// run, on the file of benches/pgn/generate.mjs (10,000 legal games annotated like lichess
// exports). Figures go to docs/BENCHMARKS.md ("PGN import and export").
//
//   make bench-pgn        # = make pkg, generate the file once, node benches/pgn/bench.mjs FILE
//   node benches/pgn/bench.mjs FILE [--rounds 3] [--pkg DIR] [--base DIR]
//
// --base DIR adds a row for another build of the package (main's, for a before/after),
// measured in the same rounds as the others. Each figure is given as wall-clock time and as
// the process's CPU time over the same span (user + system; on a loaded machine the wall
// clock also counts the time other processes held the cores).
//
// Rows (each the best of the rounds, the rows interleaved within a round):
//   tablero import: splitPgn(text), then newGame({pgn}) of every game: tags, the move tree
//     with every variation, comments, NAGs and the typed [%clk]/[%eval] commands, and every
//     move of every line checked legal;
//   tablero export: game.pgn() of every game (the whole tree, comments and commands);
//   chessops parse: parsePgn(text), which builds the tree but checks no move;
//   chessops parse + replay: the same, then every move of every line played through
//     parseSan/play from the game's starting position: the like-for-like figure for tablero's
//     import, which refuses an illegal move;
//   chessops parse + replay + comments: also parseComment on every comment, which reads the
//     clocks and evaluations into typed values, as tablero's import does;
//   chessops export: makePgn of every parsed game.
// The file is cut into batches of 500 games outside the timings, and each library imports,
// exports and drops one batch at a time.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { parsePgn, makePgn, startingPosition, walk, parseComment } from "chessops/pgn";
import { parseSan } from "chessops/san";

const file = process.argv[2];
if (!file || file.startsWith("--")) {
  console.error("usage: node benches/pgn/bench.mjs FILE [--rounds N] [--pkg DIR] [--base DIR]");
  process.exit(2);
}
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const ROUNDS = Number(arg("rounds", 3));
const BATCH = 500;
/** The package in `dir`, initialised. */
async function load(dir) {
  const url = pathToFileURL(`${resolve(dir)}/`);
  const api = await import(new URL("tablero.js", url).href);
  api.initSync({ module: readFileSync(new URL("tablero_bg.wasm", url)) });
  return api;
}
const api = await load(arg("pkg", new URL("../../pkg/", import.meta.url).pathname));
const baseDir = arg("base");
const base = baseDir && (await load(baseDir));

const text = readFileSync(file, "utf8");
// The file in batches of BATCH games, cut at each game's first tag, outside the timings: the
// same pieces for both libraries, so that both hold one batch of trees at a time (tablero's
// splitPgn also refuses a text over 8 MB, a bound against hostile input).
const chunks = [];
const starts = [...text.matchAll(/^\[Event /gm)].map((m) => m.index);
for (let i = 0; i < starts.length; i += BATCH) chunks.push(text.slice(starts[i], starts[i + BATCH] ?? text.length));

/** CPU milliseconds this process has used. */
function cpu() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** tablero (the package `api`): split, import, export, free; the milliseconds of import (with split) and export. */
function tablero({ newGame, splitPgn }) {
  let imp = 0;
  let exp = 0;
  let impCpu = 0;
  let expCpu = 0;
  let bytes = 0;
  let count = 0;
  for (const chunk of chunks) {
    const t = performance.now();
    const c = cpu();
    const games = splitPgn(chunk).map((pgn) => newGame({ pgn }));
    const t1 = performance.now();
    const c1 = cpu();
    count += games.length;
    for (const g of games) bytes += g.pgn().length;
    exp += performance.now() - t1;
    expCpu += cpu() - c1;
    imp += t1 - t;
    impCpu += c1 - c;
    for (const g of games) g.free();
  }
  return { games: count, imp, exp, impCpu, expCpu, bytes };
}

/** Every move of every line of a chessops game played from its start; false on an illegal one. */
function replay(game, comments) {
  const start = startingPosition(game.headers);
  if (start.isErr) return false;
  let legal = true;
  walk(game.moves, start.value, (pos, node) => {
    const move = parseSan(pos, node.san);
    if (!move) return (legal = false);
    pos.play(move);
    if (comments) for (const c of node.comments ?? []) parseComment(c);
  });
  return legal;
}

/** chessops: parse (+ replay, + comments), then export; the milliseconds of each. */
function chessops(mode) {
  let imp = 0;
  let exp = 0;
  let impCpu = 0;
  let expCpu = 0;
  let bytes = 0;
  let games = 0;
  for (const chunk of chunks) {
    const t = performance.now();
    const c = cpu();
    const parsed = parsePgn(chunk);
    if (mode !== "parse") for (const g of parsed) if (!replay(g, mode === "comments")) throw new Error("illegal move");
    const t1 = performance.now();
    const c1 = cpu();
    for (const g of parsed) bytes += makePgn(g).length;
    exp += performance.now() - t1;
    expCpu += cpu() - c1;
    imp += t1 - t;
    impCpu += c1 - c;
    games += parsed.length;
  }
  return { games, imp, exp, impCpu, expCpu, bytes };
}

const rows = {
  tablero: () => tablero(api),
  ...(base && { [`tablero --base ${baseDir}`]: () => tablero(base) }),
  "chessops parse": () => chessops("parse"),
  "chessops parse + replay": () => chessops("replay"),
  "chessops parse + replay + comments": () => chessops("comments"),
};
const best = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of Object.entries(rows)) {
    const m = f();
    const b = (best[name] ??= { ...m });
    for (const k of ["imp", "exp", "impCpu", "expCpu"]) b[k] = Math.min(b[k], m[k]);
  }
}
const mb = (text.length / 1e6).toFixed(1);
console.log(`${file}: ${best.tablero.games} games, ${mb} M characters; best of ${ROUNDS} rounds, Node ${process.version}`);
console.log("| library | import ms | export ms | import CPU ms | export CPU ms | games/s import | games exported | output MB |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [name, b] of Object.entries(best)) {
  const rate = Math.round((b.games * 1000) / b.imp);
  const ms = (x) => x.toFixed(0);
  console.log(`| ${name} | ${ms(b.imp)} | ${ms(b.exp)} | ${ms(b.impCpu)} | ${ms(b.expCpu)} | ${rate} | ${b.games} | ${(b.bytes / 1e6).toFixed(1)} |`);
}
const like = best["chessops parse + replay"];
const ratios = (t) =>
  `import ${(t.imp / like.imp).toFixed(2)}× (CPU ${(t.impCpu / like.impCpu).toFixed(2)}×), export ${(t.exp / like.exp).toFixed(2)}× (CPU ${(t.expCpu / like.expCpu).toFixed(2)}×) the time`;
console.log(`\ntablero / chessops (parse + replay): ${ratios(best.tablero)} (≤ 1 meets "at least as fast")`);
if (base) console.log(`tablero --base / chessops (parse + replay): ${ratios(best[`tablero --base ${baseDir}`])}`);
console.log(`tablero / chessops (parse only): import ${(best.tablero.imp / best["chessops parse"].imp).toFixed(2)}×`);

#!/usr/bin/env node
// PGN import and export: tablero-chess (pkg/) against chessops's parsePgn + makePgn, in one
// run, on the file of benches/pgn/generate.mjs (10,000 legal games annotated like lichess
// exports). Figures go to docs/BENCHMARKS.md ("PGN import and export").
//
//   make bench-pgn        # = make pkg, generate the file once, node benches/pgn/bench.mjs FILE
//   node benches/pgn/bench.mjs FILE [--rounds 3] [--pkg DIR]
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
  console.error("usage: node benches/pgn/bench.mjs FILE [--rounds N] [--pkg DIR]");
  process.exit(2);
}
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const ROUNDS = Number(arg("rounds", 3));
const BATCH = 500;
const pkgDir = pathToFileURL(`${resolve(arg("pkg", new URL("../../pkg/", import.meta.url).pathname))}/`);
const api = await import(new URL("tablero.js", pkgDir).href);
api.initSync({ module: readFileSync(new URL("tablero_bg.wasm", pkgDir)) });
const { newGame, splitPgn } = api;

const text = readFileSync(file, "utf8");
// The file in batches of BATCH games, cut at each game's first tag, outside the timings: the
// same pieces for both libraries, so that both hold one batch of trees at a time (tablero's
// splitPgn also refuses a text over 8 MB, a bound against hostile input).
const chunks = [];
const starts = [...text.matchAll(/^\[Event /gm)].map((m) => m.index);
for (let i = 0; i < starts.length; i += BATCH) chunks.push(text.slice(starts[i], starts[i + BATCH] ?? text.length));

/** tablero: split, import, export, free; the milliseconds of import (with split) and export. */
function tablero() {
  let imp = 0;
  let exp = 0;
  let bytes = 0;
  let count = 0;
  for (const chunk of chunks) {
    const t = performance.now();
    const games = splitPgn(chunk).map((pgn) => newGame({ pgn }));
    const t1 = performance.now();
    count += games.length;
    for (const g of games) bytes += g.pgn().length;
    exp += performance.now() - t1;
    imp += t1 - t;
    for (const g of games) g.free();
  }
  return { games: count, imp, exp, bytes };
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
  let bytes = 0;
  let games = 0;
  for (const chunk of chunks) {
    let t = performance.now();
    const parsed = parsePgn(chunk);
    if (mode !== "parse") for (const g of parsed) if (!replay(g, mode === "comments")) throw new Error("illegal move");
    const t1 = performance.now();
    for (const g of parsed) bytes += makePgn(g).length;
    exp += performance.now() - t1;
    imp += t1 - t;
    games += parsed.length;
  }
  return { games, imp, exp, bytes };
}

const rows = {
  tablero: () => tablero(),
  "chessops parse": () => chessops("parse"),
  "chessops parse + replay": () => chessops("replay"),
  "chessops parse + replay + comments": () => chessops("comments"),
};
const best = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of Object.entries(rows)) {
    const m = f();
    const b = (best[name] ??= { ...m });
    b.imp = Math.min(b.imp, m.imp);
    b.exp = Math.min(b.exp, m.exp);
  }
}
const mb = (text.length / 1e6).toFixed(1);
console.log(`${file}: ${best.tablero.games} games, ${mb} M characters; best of ${ROUNDS} rounds, Node ${process.version}`);
console.log("| library | import ms | export ms | games/s import | games exported | output MB |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, b] of Object.entries(best)) {
  const rate = Math.round((b.games * 1000) / b.imp);
  console.log(`| ${name} | ${b.imp.toFixed(0)} | ${b.exp.toFixed(0)} | ${rate} | ${b.games} | ${(b.bytes / 1e6).toFixed(1)} |`);
}
const t = best.tablero;
const like = best["chessops parse + replay"];
console.log(`\ntablero / chessops (parse + replay): import ${(t.imp / like.imp).toFixed(2)}×, export ${(t.exp / like.exp).toFixed(2)}× the time (≤ 1 meets "at least as fast")`);
console.log(`tablero / chessops (parse only): import ${(t.imp / best["chessops parse"].imp).toFixed(2)}×`);

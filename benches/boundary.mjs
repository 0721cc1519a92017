#!/usr/bin/env node
// The cost of the JS boundary: tablero-chess (pkg/) against chess.js and chessops, in one
// run, on the same machine and Node. Results and the targets of issue 14 go to
// docs/BENCHMARKS.md ("JS boundary").
//
//   make pkg && node benches/boundary.mjs [--calls 100000] [--games 300] [--pkg DIR]
//
// `--pkg DIR` measures another build of the package (a before/after comparison).
//
// Rows:
//   legal moves at the start, per call: tablero's object form (`legalMoves()`, SAN and flags
//     for every move), its cheap form (`legalMovesUci()` / `legalMoves({format: "uci"})`),
//     chess.js (`moves({verbose: true})` and `moves()`), chessops (`allDests()`);
//   random-game loop, per ply: list the legal moves, play a random one (seeded), and when
//     the game ends or reaches 200 plies undo every move (chessops: a stack of positions).
//   wrapper overhead: the cheap calls through js/tablero.js against the bare wasm-bindgen
//     glue (measured in a child process that never loads the wrapper).
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CALLS = arg("calls", 100_000);
const GAMES = arg("games", 300);
const ROUNDS = arg("rounds", 5);
const SLICES = arg("slices", 500);
const MAX_PLIES = 200;
const raw = process.argv.includes("--raw");
const pkgArg = process.argv.indexOf("--pkg");
const pkgDir = pkgArg > 0 ? pathToFileURL(`${resolve(process.argv[pkgArg + 1])}/`) : new URL("../pkg/", import.meta.url);

const wasmBytes = readFileSync(new URL("tablero_bg.wasm", pkgDir));
const api = await import(new URL(raw ? "tablero_glue.js" : "tablero.js", pkgDir).href);
api.initSync({ module: wasmBytes });

/**
 * µs per call of each row `[name, n, f]`, interleaved: every round runs each row's `n` calls
 * once, in SLICES slices timed apart, and a row's figure is its best slice. Slices last about
 * a millisecond, shorter than the time slices the scheduler hands the other processes of a
 * busy machine, so the best slice is close to what the call costs on an idle one, for every
 * row alike (it also leaves out garbage-collection pauses, for the JS libraries as for
 * tablero's JS side).
 */
function perCallRows(rows, rounds = ROUNDS) {
  for (const [, n, f] of rows) for (let i = 0; i < Math.min(n, 2000); i++) f(i);
  const best = Object.fromEntries(rows.map(([name]) => [name, Infinity]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, n, f] of rows) {
      const per = Math.max(1, Math.floor(n / SLICES));
      for (let s = 0; s < n; s += per) {
        const t = performance.now();
        for (let i = 0; i < per; i++) f(i);
        best[name] = Math.min(best[name], ((performance.now() - t) * 1000) / per);
      }
    }
  }
  return best;
}

/** SplitMix-style 32-bit generator: the same choices on every run. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) % n;
  };
}

/**
 * A run of random games, measured by `bestRuns`: `step(pick)` plays one move and returns
 * false at the end; the run answers µs per ply.
 */
function randomGames(games, start, step, undoAll) {
  return () => {
    const pick = rng(1);
    let plies = 0;
    const t = performance.now();
    for (let g = 0; g < games; g++) {
      const state = start();
      let n = 0;
      while (n < MAX_PLIES && step(state, pick)) n++;
      undoAll(state, n);
      plies += n;
    }
    return { us: ((performance.now() - t) * 1000) / plies, plies };
  };
}

/** The best of `rounds` interleaved runs of each loop (after one warm-up run each). */
function bestRuns(loops, rounds = 3) {
  const best = {};
  for (const [name, run] of Object.entries(loops)) best[name] = (run(), { us: Infinity });
  for (let r = 0; r < rounds; r++) {
    for (const [name, run] of Object.entries(loops)) {
      const x = run();
      if (x.us < best[name].us) best[name] = x;
    }
  }
  return best;
}

// The bare glue answers one space-separated string; splitting it is part of the call.
const uciList = raw ? (g) => { const t = g.legalMovesUci(); return t === "" ? [] : t.split(" "); } : (g) => g.legalMovesUci();
const game = api.newGame();
const spec = [
  ["tablero legalMovesUci()", CALLS, () => uciList(game)],
  [
    "tablero playUci+undoUci",
    CALLS,
    () => {
      game.playUci("e2e4");
      game.undoUci();
    },
  ],
  ["tablero ply (getter)", CALLS, () => game.ply],
];

const tableroLoop = (cheap) =>
  randomGames(
    GAMES,
    () => api.newGame(),
    (g, pick) => {
      if (cheap) {
        const moves = uciList(g);
        if (moves.length === 0) return false;
        g.playUci(moves[pick(moves.length)]);
      } else {
        const moves = g.legalMoves();
        if (moves.length === 0) return false;
        g.play(moves[pick(moves.length)]);
      }
      return true;
    },
    (g, n) => {
      if (cheap) for (let i = 0; i < n; i++) g.undoUci();
      else for (let i = 0; i < n; i++) g.undo();
      g.free();
    },
  );

if (raw) {
  const rows = perCallRows(spec);
  rows["tablero random loop (cheap)"] = bestRuns({ cheap: tableroLoop(true) }).cheap.us;
  console.log(JSON.stringify(rows));
  process.exit(0);
}

const { Chess: ChessJs } = await import("chess.js");
const { Chess: ChessOps } = await import("chessops/chess");
const { makeUci } = await import("chessops/util");

const cj = new ChessJs();
const co = ChessOps.default();
spec.push(
  ["tablero legalMoves() objects", CALLS / 10, () => game.legalMoves()],
  ["tablero legalMoves({format: \"uci\"})", CALLS, () => game.legalMoves({ format: "uci" })],
  ["chess.js moves({verbose: true})", CALLS / 100, () => cj.moves({ verbose: true })],
  ["chess.js moves() (SAN)", CALLS / 10, () => cj.moves()],
  ["chessops allDests()", CALLS, () => co.allDests()],
);
const opsMoves = (pos) => {
  const out = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === "pawn";
    for (const to of dests) {
      const last = to >> 3 === 0 || to >> 3 === 7;
      out.push(pawn && last ? { from, to, promotion: "queen" } : { from, to });
    }
  }
  return out;
};
spec.push(["chessops allDests() as UCI strings", CALLS, () => opsMoves(co).map(makeUci)]);
const rows = perCallRows(spec);

const loops = bestRuns({
  "tablero (cheap: legalMovesUci + playUci + undoUci)": tableroLoop(true),
  "tablero (objects: legalMoves + play + undo)": tableroLoop(false),
  "chess.js (moves + move + undo)": randomGames(
    Math.max(1, Math.floor(GAMES / 10)),
    () => new ChessJs(),
    (c, pick) => {
      const moves = c.moves();
      if (moves.length === 0 || c.isGameOver()) return false;
      c.move(moves[pick(moves.length)]);
      return true;
    },
    (c, n) => {
      for (let i = 0; i < n; i++) c.undo();
    },
  ),
  "chessops (allDests + clone/play, stack undo)": randomGames(
    GAMES,
    () => [ChessOps.default()],
    (stack, pick) => {
      const pos = stack[stack.length - 1];
      if (pos.isEnd()) return false;
      const moves = opsMoves(pos);
      const next = pos.clone();
      next.play(moves[pick(moves.length)]);
      stack.push(next);
      return true;
    },
    (stack, n) => {
      stack.length -= n;
    },
  ),
});

const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--raw", "--calls", String(CALLS), "--games", String(GAMES), "--pkg", fileURLToPath(pkgDir)], {
  encoding: "utf8",
});
if (child.status !== 0) throw new Error(child.stderr);
const bare = JSON.parse(child.stdout);

const f = (us) => us.toFixed(2);
console.log(`${fileURLToPath(pkgDir)}; Node ${process.version}; best slice of ${ROUNDS} interleaved rounds of ${CALLS} calls per row in ${SLICES} slices (objects, chess.js SAN: ${CALLS / 10}; chess.js verbose: ${CALLS / 100}); random games: ${GAMES} (chess.js ${Math.max(1, Math.floor(GAMES / 10))}), at most ${MAX_PLIES} plies\n`);
console.log("| legal moves at the start position | µs per call |\n|---|---:|");
for (const k of ["tablero legalMovesUci()", "tablero legalMoves({format: \"uci\"})", "tablero legalMoves() objects", "chessops allDests()", "chessops allDests() as UCI strings", "chess.js moves({verbose: true})", "chess.js moves() (SAN)"]) {
  console.log(`| ${k} | ${f(rows[k])} |`);
}
console.log("\n| random-game loop | µs per ply | plies |\n|---|---:|---:|");
for (const [k, v] of Object.entries(loops)) console.log(`| ${k} | ${f(v.us)} | ${v.plies} |`);
console.log("\n| js/tablero.js wrapper overhead | wrapped µs | bare glue µs |\n|---|---:|---:|");
for (const k of ["tablero legalMovesUci()", "tablero playUci+undoUci", "tablero ply (getter)", "tablero random loop (cheap)"]) {
  const wrapped = k === "tablero random loop (cheap)" ? loops["tablero (cheap: legalMovesUci + playUci + undoUci)"].us : rows[k];
  console.log(`| ${k} | ${f(wrapped)} | ${f(bare[k])} |`);
}

const cheap = rows["tablero legalMovesUci()"];
const ops = rows["chessops allDests()"];
const loopCheap = loops["tablero (cheap: legalMovesUci + playUci + undoUci)"].us;
const loopOps = loops["chessops (allDests + clone/play, stack undo)"].us;
const objects = rows["tablero legalMoves() objects"];
const verbose = rows["chess.js moves({verbose: true})"];
const verdict = (ok) => (ok ? "met" : "NOT met");
console.log("\n| target (issue 14) | measured | |\n|---|---:|---|");
console.log(`| cheap legal list ≤ 2× chessops allDests() | ${(cheap / ops).toFixed(2)}× | ${verdict(cheap <= 2 * ops)} |`);
console.log(`| random-game loop ≤ 2× chessops | ${(loopCheap / loopOps).toFixed(2)}× | ${verdict(loopCheap <= 2 * loopOps)} |`);
console.log(`| object form ≥ 10× faster than chess.js verbose | ${(verbose / objects).toFixed(1)}× | ${verdict(verbose >= 10 * objects)} |`);

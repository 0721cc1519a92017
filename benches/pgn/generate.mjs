#!/usr/bin/env node
// A deterministic PGN file of legal games annotated like lichess exports, for the PGN import
// and export benchmark (benches/pgn/bench.mjs, docs/BENCHMARKS.md "PGN import and export").
//
//   node benches/pgn/generate.mjs [--games 10000] [--seed 49] [--pkg DIR] > games.pgn
//
// Each game is a seeded random walk over tablero's legal moves (30-120 plies): lichess's
// headers, a `[%clk]` on every main-line move, a `[%eval]` on every main-line move of the
// analysed games (70%), the analysis's `?!`/`?`/`??` with lichess's comment ("(0.20 → 0.80)
// Inaccuracy. Nc6 was best.") and one or two variations a game, nested a level deeper in about
// a third of them, plus a sprinkle of `!`, `!?` and `$n` NAGs. The movetext is one line a game,
// as lichess writes it. The same arguments give the same bytes on every machine: the games
// depend only on the seed and on tablero's legal-move order, which the perft suites pin.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const GAMES = Number(arg("games", 10_000));
const SEED = Number(arg("seed", 49));
const pkgDir = pathToFileURL(`${resolve(arg("pkg", new URL("../../pkg/", import.meta.url).pathname))}/`);
const api = await import(new URL("tablero.js", pkgDir).href);
api.initSync({ module: readFileSync(new URL("tablero_bg.wasm", pkgDir)) });
const { newGame } = api;

/** SplitMix32-style generator: small, seeded, the same on every engine. */
function rng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return { below: (n) => next() % n, chance: (p) => next() / 2 ** 32 < p };
}

const pad = (n) => String(n).padStart(2, "0");
const clock = (s) => `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
const pawns = (cp) => (cp / 100).toFixed(2).replace(/0$/, "").replace(/\.0$/, ".0");
const evalText = (e) => (e.mate !== undefined ? `#${e.mate}` : pawns(e.cp));
const NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Niklaus"];
const CONTROLS = [[60, 0], [180, 0], [180, 2], [300, 0], [300, 3], [600, 0], [600, 5]];
const OPENINGS = [["C20", "King's Pawn Game"], ["B20", "Sicilian Defense"], ["A00", "Van't Kruijs Opening"], ["D00", "Queen's Pawn Game"], ["C00", "French Defense"]];
const MISTAKES = [["?!", "Inaccuracy"], ["?", "Mistake"], ["??", "Blunder"]];
const EXTRA = ["!", "!?", "!!", " $1", " $14", " $18", " $32"];

/**
 * Up to `plies` random legal moves from `fen` (or the start), as `{ply, san}` from `ply0`;
 * `branch(ply, g)` may return a variation to attach before the move of that ply is played.
 */
function walk(r, fen, ply0, plies, branch) {
  const g = fen ? newGame({ fen }) : newGame();
  const line = [];
  for (let i = 0; i < plies; i++) {
    const ucis = g.legalMovesUci();
    if (ucis.length === 0) break;
    const node = { ply: ply0 + i, san: "", before: g.fen(), alts: ucis };
    const uci = ucis[r.below(ucis.length)];
    node.san = g.play(uci).san;
    node.uci = uci;
    line.push(node);
  }
  const over = g.status();
  g.free();
  return { line, over };
}

/** A variation from `before` (the position before `ply`) whose first move is not `played`. */
function variation(r, node, depth) {
  const others = node.alts.filter((u) => u !== node.uci);
  if (others.length === 0) return null;
  const g = newGame({ fen: node.before });
  const first = { ply: node.ply, san: g.play(others[r.below(others.length)]).san };
  const fen = g.fen();
  g.free();
  const rest = walk(r, fen, node.ply + 1, 2 + r.below(7)).line;
  const line = [first, ...rest];
  if (depth === 0 && line.length > 2 && r.chance(0.35)) {
    const at = line[1 + r.below(line.length - 1)];
    if (at.alts) {
      const sub = variation(r, at, 1);
      if (sub) at.variations = [sub];
    }
  }
  return line;
}

/** Movetext of a line: numbers for White, and for Black first in a line or after a comment. */
function movetext(line) {
  const out = [];
  let needNumber = true;
  for (const n of line) {
    const no = Math.floor(n.ply / 2) + 1;
    if (n.ply % 2 === 0) out.push(`${no}. ${n.san}${n.suffix ?? ""}`);
    else out.push(`${needNumber ? `${no}... ` : ""}${n.san}${n.suffix ?? ""}`);
    needNumber = false;
    for (const c of n.comments ?? []) {
      out.push(`{ ${c} }`);
      needNumber = true;
    }
    for (const v of n.variations ?? []) {
      out.push(`(${movetext(v)})`);
      needNumber = true;
    }
  }
  return out.join(" ");
}

function game(r, index) {
  const plies = 30 + r.below(91);
  const { line, over } = walk(r, undefined, 0, plies);
  const analysed = r.chance(0.7);
  const [base, inc] = CONTROLS[r.below(CONTROLS.length)];
  const clocks = [base, base];
  let cp = 20;
  // One or two moves carry a variation: the analysis's mistakes, or (unanalysed games) a
  // study-style alternative.
  const branches = new Set();
  const wanted = 1 + r.below(2);
  while (branches.size < Math.min(wanted, line.length - 1)) branches.add(1 + r.below(line.length - 1));
  for (const n of line) {
    const side = n.ply % 2;
    clocks[side] = Math.max(0, clocks[side] - r.below(9) + inc);
    const commands = [];
    if (analysed) {
      const before = cp;
      cp += r.below(61) - 30;
      const mate = Math.abs(cp) > 900 && r.chance(0.5);
      commands.push(`[%eval ${evalText(mate ? { mate: (cp > 0 ? 1 : -1) * (1 + r.below(9)) } : { cp })}]`);
      if (branches.has(line.indexOf(n))) {
        const [suffix, word] = MISTAKES[r.below(3)];
        n.suffix = suffix;
        n.variations = [variation(r, n, 0)].filter(Boolean);
        const best = n.variations[0]?.[0]?.san ?? n.san;
        n.comments = [`(${pawns(before)} → ${pawns(cp)}) ${word}. ${best} was best.`];
      }
    } else if (branches.has(line.indexOf(n))) {
      n.variations = [variation(r, n, 0)].filter(Boolean);
    }
    if (!n.suffix && r.chance(0.02)) n.suffix = EXTRA[r.below(EXTRA.length)];
    commands.push(`[%clk ${clock(clocks[side])}]`);
    (n.comments ??= []).push(commands.join(" "));
  }
  let result;
  let termination = "Normal";
  if (over.over) {
    const w = over.result.winners;
    result = w.length === 2 ? "1/2-1/2" : w[0] === "white" ? "1-0" : "0-1";
  } else {
    result = ["1-0", "0-1", "1/2-1/2"][r.below(3)];
    if (result !== "1/2-1/2" && r.chance(0.3)) termination = "Time forfeit";
  }
  const white = NAMES[r.below(NAMES.length)];
  const black = NAMES[r.below(NAMES.length)];
  const [eco, opening] = OPENINGS[r.below(OPENINGS.length)];
  const elo = () => 1200 + r.below(1400);
  const diff = () => { const d = r.below(21) - 10; return d >= 0 ? `+${d}` : `${d}`; };
  const day = `2024.${pad(1 + (index % 12))}.${pad(1 + (index % 28))}`;
  const id = (index * 2654435761 >>> 0).toString(36).padStart(8, "a").slice(0, 8);
  const tags = [
    ["Event", `Rated ${base < 180 ? "Bullet" : base < 480 ? "Blitz" : "Rapid"} game`],
    ["Site", `https://lichess.org/${id}`],
    ["Date", day],
    ["White", white],
    ["Black", black],
    ["Result", result],
    ["UTCDate", day],
    ["UTCTime", `${pad(index % 24)}:${pad(index % 60)}:${pad((index * 7) % 60)}`],
    ["WhiteElo", String(elo())],
    ["BlackElo", String(elo())],
    ["WhiteRatingDiff", diff()],
    ["BlackRatingDiff", diff()],
    ["Variant", "Standard"],
    ["TimeControl", `${base}+${inc}`],
    ["ECO", eco],
    ["Opening", opening],
    ["Termination", termination],
  ];
  if (analysed) tags.push(["Annotator", "lichess.org"]);
  return `${tags.map(([k, v]) => `[${k} "${v}"]`).join("\n")}\n\n${movetext(line)} ${result}\n`;
}

const r = rng(SEED);
const out = [];
for (let i = 0; i < GAMES; i++) out.push(game(r, i));
process.stdout.write(out.join("\n"));

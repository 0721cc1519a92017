// The object form of legalMoves is built in js/tablero.js from a packed text (src/json.rs,
// moves_packed) instead of JSON.parse. Here it is checked against the JSON form the glue
// still exports (captured before js/tablero.js wraps the prototype): the same objects, keys
// in the same order, over random games of every kind, with and without `from`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const glue = await import("../../pkg/tablero_glue.js");
const jsonLegalMoves = glue.Game.prototype.legalMoves;
const { initSync, newGame } = await import("../../pkg/tablero.js");
initSync({ module: readFileSync(new URL("../../pkg/tablero_bg.wasm", import.meta.url)) });

const KINDS = [
  { variant: "chess" },
  { variant: "3check" },
  { variant: "kingofthehill" },
  { variant: "racingkings" },
  { variant: "fourplayer", rules: "ffa" },
  { variant: "fourplayer", rules: "kingdoms" },
  // Promotions with and without captures at once.
  { variant: "chess", fen: "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1" },
];

test("legalMoves() objects equal the JSON form, key order included", () => {
  let seen = { promotion: 0, captured: 0, checks: 0, scoring: 0, eliminated: 0, moves: 0 };
  let seed = 7;
  const pick = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  for (const options of KINDS) {
    for (let game = 0; game < 4; game++) {
      const g = newGame({ ...options, seed: game });
      for (let ply = 0; ply < 160; ply++) {
        const moves = g.legalMoves();
        assert.equal(JSON.stringify(moves), JSON.stringify(jsonLegalMoves.call(g)), `${g.fen()}`);
        if (moves.length === 0) break;
        const from = moves[pick(moves.length)].from;
        assert.equal(JSON.stringify(g.legalMoves(from)), JSON.stringify(jsonLegalMoves.call(g, from)));
        assert.equal(JSON.stringify(g.legalMoves({ from })), JSON.stringify(jsonLegalMoves.call(g, from)));
        for (const m of moves) {
          seen.moves++;
          if ("promotion" in m) seen.promotion++;
          if ("captured" in m) seen.captured++;
          if (m.checks.length) seen.checks++;
          if (m.scoring.length) seen.scoring++;
          if (m.eliminated.length) seen.eliminated++;
        }
        g.playUci(moves[pick(moves.length)].uci);
      }
      g.free();
    }
  }
  // Every optional part of the packed form was exercised.
  for (const [k, n] of Object.entries(seen)) assert.ok(n > 0, `no legal move with ${k}: ${JSON.stringify(seen)}`);
});

test("legalMoves() of a finished game and of an empty square are []; bad input keeps its code", () => {
  const g = newGame();
  for (const m of ["f3", "e5", "g4", "Qh4#"]) g.play(m);
  assert.deepEqual(g.legalMoves(), []);
  const h = newGame();
  assert.deepEqual(h.legalMoves("e4"), []);
  assert.throws(() => h.legalMoves("z9"), { code: "invalid-argument" });
  assert.throws(() => h.legalMoves(42), { code: "invalid-argument" });
  // Each call answers fresh arrays and objects: changing one answer changes no other.
  const a = h.legalMoves();
  a[0].checks.push("black");
  a.pop();
  assert.equal(h.legalMoves().length, 20);
  assert.deepEqual(h.legalMoves()[0].checks, []);
  g.free();
  h.free();
});

// Issue 14, items 8 and 10 through the built package in pkg/: Chess960 (`variant: "chess960"`,
// `position`, seeded starts, PGN tag, king-takes-rook UCI) and real chess.com PGN4 records
// imported up to the end under RULES.md with `game.importNote`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import tablero, { newGame, throwsCode } from "./load.mjs";

const { Game } = tablero;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const record = (name) => readFileSync(new URL(`../data/chesscom/${name}`, import.meta.url), "utf8");

test("chess960: numbered start, seeded start, castling e1h1 / O-O", () => {
  const g = newGame({ variant: "chess960", position: 518 });
  assert.equal(g.variant, "chess960");
  assert.equal(g.fen(), START);
  assert.deepEqual(g.players, ["white", "black"]);
  assert.equal(newGame({ variant: "chess960", position: 0 }).fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  assert.equal(newGame({ variant: "chess960", seed: 12 }).fen(), newGame({ variant: "chess960", seed: 12 }).fen());
  for (const m of ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]) g.play(m);
  const castle = g.legalMoves().find((m) => m.san === "O-O");
  assert.equal(castle.uci, "e1h1");
  assert.ok(g.legalMoves({ format: "uci" }).includes("e1h1"));
  assert.equal(g.play(castle).uci, "e1h1");
  const pgn = g.pgn();
  assert.match(pgn, /\[Variant "Chess960"\]/);
  assert.match(pgn, /\[FEN "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1"\]/);
  const back = newGame({ pgn });
  assert.equal(back.variant, "chess960");
  assert.equal(back.fen(), g.fen());
  const again = Game.fromJSON(JSON.stringify(g));
  assert.equal(again.variant, "chess960");
  assert.equal(again.fen(), g.fen());
});

test("chess960: position is checked", () => {
  throwsCode(() => newGame({ variant: "chess960", position: 960 }), "invalid-argument", /position/);
  throwsCode(() => newGame({ variant: "chess960", position: 1.5 }), "invalid-argument", /position/);
  throwsCode(() => newGame({ variant: "chess", position: 3 }), "invalid-argument", /Chess960/);
  throwsCode(() => newGame({ variant: "chess960", position: 3, fen: START }), "invalid-argument", /not two/);
  throwsCode(() => newGame({ variant: "chess960", fen: "8/8/8/8/8/8/8/8 w - - 0 1" }), "invalid-fen");
});

test("a chess.com record that plays on after the game ended imports up to that end with a note", () => {
  const g = newGame({ pgn: record("thethirdone-ffa-2021.pgn4") });
  assert.equal(g.variant, "fourplayer");
  assert.equal(g.ply, 85);
  assert.match(g.importNote, /^imported up to move 24: the game ended there under these rules \(points-lead, R5\.18/);
  assert.equal(g.status().result.reason, "points-lead");
  const fresh = newGame({ variant: "fourplayer", pgn: g.pgn() });
  assert.equal(fresh.importNote, undefined);
  assert.equal(fresh.ply, 85);
  assert.equal(newGame().importNote, undefined);
});

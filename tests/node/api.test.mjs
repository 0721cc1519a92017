// Smoke test of the JS API (src/wasm.rs) through the built package in pkg/.
import { test } from "node:test";
import assert from "node:assert/strict";
import tablero, { newGame } from "./load.mjs";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Asserts that `f` throws an Error whose .code is `code`. */
function throwsCode(f, code) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${e}`);
    assert.equal(e.code, code, `expected code ${code}, got ${e.code}: ${e.message}`);
    return true;
  });
}

test("a new game is standard chess from the start position", () => {
  const game = newGame();
  assert.equal(game.variant, "chess");
  assert.equal(game.fen(), START);
  assert.equal(game.legalMoves().length, 20);
  assert.equal(game.board().length, 32);
  assert.deepEqual(game.history(), []);
  const status = game.status();
  assert.equal(status.turn, "white");
  assert.equal(status.inCheck, false);
  assert.equal(status.over, false);
  assert.equal(status.canClaimDraw, false);
  game.free();
});

test("legal moves from one square", () => {
  const game = newGame();
  const targets = game.legalMoves("g1").map((m) => m.to).sort();
  assert.deepEqual(targets, ["f3", "h3"]);
  for (const m of game.legalMoves("g1")) {
    assert.equal(m.from, "g1");
    assert.equal(m.piece, "knight");
    assert.equal(m.player, "white");
  }
});

test("play accepts UCI, SAN and {from, to} and returns the move", () => {
  const game = newGame();
  const e4 = game.play("e2e4");
  assert.equal(e4.from, "e2");
  assert.equal(e4.to, "e4");
  assert.equal(e4.uci, "e2e4");
  assert.equal(e4.san, "e4");
  assert.equal(e4.check, false);
  assert.equal(e4.player, "white");
  assert.equal(game.play("Nf6").uci, "g8f6");
  assert.equal(game.play({ from: "g1", to: "f3" }).san, "Nf3");
  assert.equal(game.history().length, 3);
  assert.equal(game.status().turn, "black");
  assert.match(game.pgn(), /1\. e4 Nf6 2\. Nf3/);
});

test("undo takes back the last move", () => {
  const game = newGame();
  game.play("e4");
  const undone = game.undo();
  assert.equal(undone.uci, "e2e4");
  assert.equal(game.fen(), START);
  assert.equal(game.undo(), undefined);
});

test("errors carry stable codes", () => {
  const game = newGame();
  throwsCode(() => game.play("e2e5"), "illegal-move");
  throwsCode(() => game.play("Ke2"), "illegal-move");
  throwsCode(() => newGame({ fen: "not a fen" }), "invalid-fen");
  throwsCode(() => newGame({ variant: "no-such-variant" }), "invalid-argument");
  throwsCode(() => newGame({ pgn: "1. e4 e5 2. Ke3" }), "invalid-pgn");
});

test("checkmate ends the game", () => {
  const game = newGame();
  for (const san of ["f3", "e5", "g4"]) game.play(san);
  const mate = game.play("Qh4#");
  assert.equal(mate.check, true);
  const status = game.status();
  assert.equal(status.over, true);
  assert.equal(status.inCheck, true);
  assert.equal(status.result.winner, "black");
  assert.match(status.result.reason, /checkmate/);
  throwsCode(() => game.play("a3"), "game-over");
});

test("resignation", () => {
  const game = newGame();
  game.resign();
  assert.equal(game.status().over, true);
  assert.equal(game.status().result.winner, "black");
});

test("perft of the start position", () => {
  assert.equal(newGame().perft(1), 20);
  assert.equal(newGame().perft(3), 8902);
});

test("toJSON / Game.fromJSON round trip", () => {
  const game = newGame({ variant: "3check" });
  game.play("e4");
  game.play("e5");
  const json = JSON.parse(JSON.stringify(game.toJSON()));
  const copy = tablero.Game.fromJSON(json);
  assert.equal(copy.fen(), game.fen());
  assert.equal(copy.variant, "3check");
  assert.equal(copy.history().length, 2);
});

test("three-check counts checks", () => {
  const game = newGame({ variant: "3check" });
  assert.deepEqual(game.score(), [
    { player: "white", checks: 0 },
    { player: "black", checks: 0 },
  ]);
  for (const san of ["e4", "f6", "Qh5+"]) game.play(san);
  assert.equal(game.score()[0].checks, 1);
});

test("king of the hill is won on a centre square", () => {
  const game = newGame({ variant: "kingofthehill", fen: "4k3/8/8/8/8/4K3/8/8 w - - 0 1" });
  game.play("Ke4");
  assert.equal(game.status().over, true);
  assert.equal(game.status().result.winner, "white");
});

test("racing kings start position", () => {
  const game = newGame({ variant: "racingkings" });
  assert.equal(game.legalMoves().length, 21);
  assert.equal(game.status().inCheck, false);
});

// The JS API (src/wasm/) through the built package in pkg/: one shape for all five games.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import tablero, { newGame, throwsCode, GAMES } from "./load.mjs";

const { Game } = tablero;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const keys = (o) => Object.keys(o).sort();

test("a new game is standard chess from the start position", () => {
  const game = newGame();
  assert.equal(game.variant, "chess");
  assert.equal(game.rules, undefined);
  assert.equal(game.fen(), START);
  assert.equal(game.ply, 0);
  assert.deepEqual(game.players, ["white", "black"]);
  assert.equal(game.legalMoves().length, 20);
  assert.equal(game.board().length, 32);
  assert.deepEqual(game.history(), []);
  assert.deepEqual(game.status(), { turn: "white", inCheck: [], over: false, canClaimDraw: false });
  game.free();
});

test("every game answers with the same shapes", () => {
  for (const options of GAMES) {
    const game = newGame(options);
    const four = options.variant === "fourplayer";
    const st = game.status();
    assert.deepEqual(keys(st), ["canClaimDraw", "inCheck", "over", "turn"], options.variant);
    assert.ok(Array.isArray(st.inCheck));
    assert.equal(st.turn, game.players[0]);
    const move = game.legalMoves()[0];
    assert.deepEqual(
      keys(move),
      ["check", "checks", "eliminated", "from", "kind", "piece", "player", "points", "san", "scoring", "to", "uci"],
      options.variant,
    );
    assert.equal(move.kind, "move");
    const played = game.play(move); // a Move object plays as is
    assert.deepEqual(played, move);
    assert.equal(game.ply, 1);
    const scores = game.score();
    assert.deepEqual(scores.map((s) => s.player), game.players.slice().sort((a, b) => seatOrder(a) - seatOrder(b)));
    for (const s of scores) {
      assert.equal(s.points, 0);
      assert.equal("checks" in s, options.variant === "3check");
      assert.equal("status" in s, four);
      assert.equal("place" in s, false);
    }
    game.free();
  }
});

/** Seat order of score(): White, Black; Red, Blue, Yellow, Green (clockwise). */
function seatOrder(p) {
  return ["white", "black", "red", "blue", "yellow", "green"].indexOf(p);
}

test("players are in play order; facts describe the board", () => {
  const facts = (options) => newGame(options).facts;
  assert.deepEqual(newGame({ variant: "fourplayer" }).players, ["red", "blue", "yellow", "green"]);
  assert.deepEqual(newGame({ variant: "fourplayer", rules: "kingdoms" }).players, ["red", "green", "yellow", "blue"]);
  assert.deepEqual(facts({ variant: "kingofthehill" }).hill, ["d4", "e4", "d5", "e5"]);
  assert.deepEqual(facts({ variant: "chess" }).hill, []);
  assert.equal(facts({ variant: "racingkings" }).finishRank, 8);
  assert.equal(facts({ variant: "chess" }).finishRank, null);
  assert.deepEqual(facts({ variant: "chess" }).promotions, ["q", "r", "b", "n"]);
  assert.deepEqual(facts({ variant: "fourplayer" }), {
    files: 14,
    ranks: 14,
    hill: [],
    finishRank: null,
    promotions: ["q"],
    claimableDraws: false,
    countsChecks: false,
    points: true,
  });
  assert.equal(facts({ variant: "3check" }).countsChecks, true);
  assert.equal(facts({ variant: "3check" }).claimableDraws, true);
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
  throwsCode(() => game.legalMoves("z9"), "invalid-argument");
  throwsCode(() => game.legalMoves(7), "invalid-argument");
});

test("play accepts UCI, SAN and {from, to} and returns the move", () => {
  const game = newGame();
  const e4 = game.play("e2e4");
  assert.deepEqual(e4, {
    player: "white",
    kind: "move",
    from: "e2",
    to: "e4",
    uci: "e2e4",
    san: "e4",
    piece: "pawn",
    check: false,
    checks: [],
    points: 0,
    scoring: [],
    eliminated: [],
  });
  assert.equal(game.play("Nf6").uci, "g8f6");
  assert.equal(game.play({ from: "g1", to: "f3" }).san, "Nf3");
  assert.equal(game.history().length, 3);
  assert.equal(game.status().turn, "black");
  assert.match(game.pgn(), /1\. e4 Nf6 2\. Nf3/);
});

test("undo takes back the last move, and a resignation without its moves", () => {
  const game = newGame();
  game.play("e4");
  game.resign();
  assert.equal(game.status().over, true);
  assert.equal(game.undo(), undefined);
  assert.equal(game.status().over, false);
  assert.equal(game.ply, 1);
  assert.equal(game.undo().uci, "e2e4");
  assert.equal(game.fen(), START);
  assert.equal(game.undo(), undefined);
});

test("positionAt shows earlier positions without changing the game", () => {
  const game = newGame();
  for (const san of ["e4", "e5", "Nf3"]) game.play(san);
  const fen = game.fen();
  const start = game.positionAt(0);
  assert.deepEqual(start, { ply: 0, fen: START, turn: "white", board: newGame().board() });
  const one = game.positionAt(1);
  assert.equal(one.turn, "black");
  assert.equal(one.lastMove.san, "e4");
  assert.ok(one.board.some((p) => p.square === "e4" && p.piece === "pawn"));
  assert.equal(game.positionAt(3).fen, fen);
  assert.deepEqual(game.positionAt(3).board, game.board());
  throwsCode(() => game.positionAt(4), "invalid-argument");
  throwsCode(() => game.positionAt(-1), "invalid-argument");
  throwsCode(() => game.positionAt(1.5), "invalid-argument");
  throwsCode(() => game.positionAt("1"), "invalid-argument");
  assert.equal(game.fen(), fen);
  assert.equal(game.ply, 3);
});

test("errors carry stable codes", () => {
  const game = newGame();
  throwsCode(() => game.play("e2e5"), "illegal-move");
  throwsCode(() => game.play("Ke2"), "illegal-move");
  throwsCode(() => game.play({ from: "e7", to: "e8", promotion: "k" }), "illegal-move");
  throwsCode(() => newGame({ fen: "not a fen" }), "invalid-fen");
  throwsCode(() => newGame({ variant: "no-such-variant" }), "invalid-argument", /unknown variant/);
  throwsCode(() => newGame({ pgn: "1. e4 e5 2. Ke3" }), "invalid-pgn");
  assert.equal(game.fen(), START);
});

test("options are own properties of the right type; unknown ones are named", () => {
  throwsCode(() => newGame({ varient: "chess" }), "invalid-argument", /"varient"/);
  throwsCode(() => newGame({ variant: 7 }), "invalid-argument", /"variant" must be a string, got 7/);
  throwsCode(() => newGame({ seed: "3" }), "invalid-argument", /"seed"/);
  throwsCode(() => newGame({ seed: 2.5 }), "invalid-argument", /got 2\.5/);
  throwsCode(() => newGame({ seed: -1 }), "invalid-argument");
  throwsCode(() => newGame({ variant: "fourplayer", moveLimit: 0 }), "invalid-argument", /moveLimit/);
  throwsCode(() => newGame({ rules: "ffa" }), "invalid-argument", /four-player options/);
  throwsCode(() => newGame({ firstPlayer: "white" }), "invalid-argument", /four-player options/);
  const pgn4 = newGame({ variant: "fourplayer" }).pgn();
  throwsCode(() => newGame({ variant: "fourplayer", rules: "ffa", pgn: pgn4 }), "invalid-argument", /PGN4/);
  assert.equal(newGame({ variant: "fourplayer", pgn: pgn4 }).variant, "fourplayer");
  throwsCode(() => newGame("chess"), "invalid-argument", /must be an object/);
  throwsCode(() => newGame(["chess"]), "invalid-argument", /must be an object/);
  throwsCode(() => newGame({ [Symbol("x")]: 1 }), "invalid-argument", /symbol/);
  // Inherited properties are not options.
  const inherited = Object.create({ variant: "fourplayer" });
  assert.equal(newGame(inherited).variant, "chess");
  Object.prototype.variant = "fourplayer";
  try {
    assert.equal(newGame({}).variant, "chess");
  } finally {
    delete Object.prototype.variant;
  }
  // An object that throws when read is refused, and the API stays usable.
  const hostile = new Proxy({}, { ownKeys() { throw new Error("boom"); } });
  throwsCode(() => newGame(hostile), "invalid-argument");
  const getter = { get variant() { throw new Error("boom"); } };
  throwsCode(() => newGame(getter), "invalid-argument");
  const game = newGame({ variant: "3check" });
  throwsCode(() => game.aiMove({ lvl: 3 }), "invalid-argument", /"lvl"/);
  throwsCode(() => game.aiMove({ level: 9 }), "invalid-argument", /level/);
  throwsCode(() => game.analyse({ level: 3 }), "invalid-argument", /"level"/);
  assert.equal(game.play("e4").san, "e4");
});

test("checkmate ends the game: inCheck lists players, winners is an array", () => {
  const game = newGame();
  for (const san of ["f3", "e5", "g4"]) game.play(san);
  const mate = game.play("Qh4#");
  assert.equal(mate.check, true);
  assert.deepEqual(mate.checks, ["white"]);
  const status = game.status();
  assert.equal(status.over, true);
  assert.equal(status.turn, null);
  assert.deepEqual(status.inCheck, ["white"]);
  assert.deepEqual(status.result.winners, ["black"]);
  assert.equal(status.result.reason, "checkmate");
  assert.equal("winner" in status.result, false);
  assert.deepEqual(status.result.scores, [
    { player: "white", points: 0, place: 2 },
    { player: "black", points: 1, place: 1 },
  ]);
  assert.deepEqual(game.score(), status.result.scores);
  throwsCode(() => game.play("a3"), "game-over");
  assert.deepEqual(game.legalMoves(), []);
});

test("a draw has no winners and shares first place", () => {
  const game = newGame();
  for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]) game.play(san);
  assert.equal(game.status().canClaimDraw, true);
  assert.equal(game.claimDraw(), true);
  const { result } = game.status();
  assert.deepEqual(result.winners, []);
  assert.equal(result.reason, "threefold-repetition");
  assert.deepEqual(result.scores.map((s) => [s.points, s.place]), [[0.5, 1], [0.5, 1]]);
});

test("resignation", () => {
  const game = newGame();
  game.resign();
  assert.equal(game.status().over, true);
  assert.deepEqual(game.status().result.winners, ["black"]);
  assert.equal(game.status().result.reason, "resignation");
  throwsCode(() => game.resign(), "game-over");
  throwsCode(() => newGame().resign("red"), "invalid-argument");
});

test("perft of the start position", () => {
  assert.equal(newGame().perft(1), 20);
  assert.equal(newGame().perft(3), 8902);
  assert.equal(newGame({ variant: "fourplayer" }).perft(2), 395);
  for (const bad of [-1, 2.5, "3", undefined, 9, 1e12]) throwsCode(() => newGame().perft(bad), "invalid-argument");
});

test("toJSON / Game.fromJSON round trip, as an object and as text", () => {
  for (const options of GAMES) {
    const game = newGame({ ...options, seed: 5 });
    for (let i = 0; i < 3; i++) game.play(game.legalMoves()[0]);
    const saved = game.toJSON();
    assert.equal(saved.format, "tablero-game");
    assert.equal(saved.version, 1);
    for (const copy of [Game.fromJSON(saved), Game.fromJSON(JSON.stringify(game))]) {
      assert.equal(copy.fen(), game.fen());
      assert.equal(copy.variant, game.variant);
      assert.equal(copy.rules, game.rules);
      assert.equal(copy.seed, 5);
      assert.deepEqual(copy.history(), game.history());
      assert.deepEqual(copy.toJSON(), saved);
      copy.free();
    }
    game.free();
  }
});

test("saves of version 1 written by the previous release still load", () => {
  // tests/node/data/saves-v1.json: toJSON() output of the package built from main at 9ca42cc
  // (before the redesign), with the FEN, ply count and end state that package reported.
  const saves = JSON.parse(readFileSync(new URL("data/saves-v1.json", import.meta.url), "utf8"));
  assert.ok(saves.some((s) => s.saved.variant === "fourplayer" && s.saved.moveLimit === null));
  assert.ok(saves.some((s) => s.saved.declared));
  for (const { name, saved, fen, plies, over } of saves) {
    const game = Game.fromJSON(saved);
    assert.equal(game.fen(), fen, name);
    assert.equal(game.ply, plies, name);
    assert.equal(game.status().over, over, name);
    assert.equal(game.seed, saved.seed, name);
    game.free();
  }
});

test("corrupt saves are refused with invalid-argument", () => {
  const good = newGame().toJSON();
  for (const bad of [
    1,
    "not json",
    "{}",
    [],
    { ...good, format: "other" },
    { ...good, version: 2 },
    { ...good, version: "1" },
    { ...good, seed: -4 },
    { ...good, moves: "e2e4" },
    { ...good, moves: [42] },
    { ...good, moves: ["e2e5"] },
    { ...good, variant: "koth" },
    { ...good, startFen: undefined },
  ]) {
    assert.throws(
      () => Game.fromJSON(bad),
      (e) => e.code === "invalid-argument" || e.code === "invalid-fen",
      JSON.stringify(bad),
    );
  }
  const inherited = Object.create(good);
  throwsCode(() => Game.fromJSON(inherited), "invalid-argument");
});

test("three-check counts checks", () => {
  const game = newGame({ variant: "3check" });
  assert.deepEqual(game.score(), [
    { player: "white", points: 0, checks: 0 },
    { player: "black", points: 0, checks: 0 },
  ]);
  for (const san of ["e4", "f6", "Qh5+"]) game.play(san);
  assert.equal(game.score()[0].checks, 1);
  assert.deepEqual(game.status().inCheck, ["black"]);
});

test("king of the hill is won on a centre square", () => {
  const game = newGame({ variant: "kingofthehill", fen: "4k3/8/8/8/8/4K3/8/8 w - - 0 1" });
  game.play("Ke4");
  assert.equal(game.status().over, true);
  assert.deepEqual(game.status().result.winners, ["white"]);
  assert.equal(game.status().result.reason, "king-of-the-hill");
});

test("racing kings start position", () => {
  const game = newGame({ variant: "racingkings" });
  assert.equal(game.legalMoves().length, 21);
  assert.deepEqual(game.status().inCheck, []);
});

test("four players: scores, checks and eliminations in the same shapes", () => {
  // Blue's king a7 is in check from Yellow's rook a11; Red's rook e10-b10 mates (R5.11: +20).
  const fen =
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/yR,13/4,rR,9/14/13,gK/bK,13/14/4,bP,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
  const game = newGame({ variant: "fourplayer", fen });
  const m = game.play("e10b10");
  assert.equal(m.points, 20);
  assert.deepEqual(m.eliminated, [{ player: "blue", reason: "checkmated" }]);
  assert.deepEqual(m.scoring, [{ player: "red", points: 20, reason: "checkmate" }]);
  assert.equal(game.status().turn, "yellow");
  const blue = game.score().find((s) => s.player === "blue");
  assert.equal(blue.status, "checkmated");
  assert.ok(game.board().some((p) => p.square === "a7" && p.color === "blue" && p.grey === true));
  assert.equal(game.positionAt(0).board.some((p) => p.grey), false);
});

// Issue 49: the position editor (validateFen, setup), the square queries of a game, perft's
// limit, the type guards and how much an uncaught error prints in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import tablero, { newGame, throwsCode } from "./load.mjs";

const { validateFen, setup, isTwoPlayer, isFourPlayer, Setup } = tablero;

test("validateFen answers ok with the normalised FEN, or a code and a message", () => {
  assert.deepEqual(validateFen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"), {
    ok: true,
    fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  });
  const cases = [
    ["8/8/8/8/8/8/8/K7 w - - 0 1", {}, "king-count"],
    ["P3k3/8/8/8/8/8/8/4K3 w - - 0 1", {}, "pawn-rank"],
    ["4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", {}, "bad-castling"],
    ["4k3/4R3/8/8/8/8/8/K7 w - - 0 1", {}, "opposite-check"],
    ["8/8/8/3k4/8/8/8/K7 w - - 0 1", { variant: "kingofthehill" }, "already-over"],
    ["4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1", { variant: "3check" }, "bad-checks"],
    ["x".repeat(100000), {}, "too-long"],
    ["", {}, "bad-fields"],
    ["R-0,0,0,0-1", { variant: "fourplayer" }, "bad-fields"],
  ];
  for (const [fen, options, code] of cases) {
    const r = validateFen(fen, options);
    assert.equal(r.ok, false, fen);
    assert.equal(r.code, code, `${fen.slice(0, 40)}: ${r.message}`);
    assert.ok(typeof r.message === "string" && r.message.length > 0 && r.message.length < 500);
  }
  // Wrong argument types are the caller's mistake: invalid-argument.
  for (const bad of [undefined, null, 3, {}, ["8/8"]]) throwsCode(() => validateFen(bad), "invalid-argument");
  throwsCode(() => validateFen("8/8/8/8/8/8/8/K6k w - - 0 1", { variant: "shogi" }), "invalid-argument");
  throwsCode(() => validateFen("8/8/8/8/8/8/8/K6k w - - 0 1", { color: "white" }), "invalid-argument");
});

test("a setup is edited, validated and started; bad edits change nothing", () => {
  const s = setup();
  assert.equal(s.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.equal(s.castling.length, 4);
  s.clear();
  assert.deepEqual(s.board(), []);
  assert.equal(s.validate().code, "king-count");
  s.put("e1", { piece: "king", color: "white" });
  s.put("e8", { piece: "king", color: "black" });
  s.put("h1", { piece: "rook", color: "white" });
  s.castling = [{ player: "white", side: "king" }];
  s.turn = "black";
  const before = s.fen();
  for (const [sq, piece] of [["e9", null], ["z1", null], ["", null], [3, null], ["e4", { piece: "dragon", color: "white" }],
    ["e4", { piece: "queen", color: "red" }], ["e4", "Q"], ["e4", []]]) {
    throwsCode(() => s.put(sq, piece), "invalid-argument");
  }
  throwsCode(() => s.get("i1"), "invalid-argument");
  throwsCode(() => { s.turn = "green"; }, "invalid-argument");
  throwsCode(() => { s.castling = "KQ"; }, "invalid-argument");
  throwsCode(() => { s.castling = [{ player: "white", side: "middle" }]; }, "invalid-argument");
  throwsCode(() => { s.remainingChecks = { white: 1, black: 1 }; }, "invalid-argument");
  throwsCode(() => { s.points = { red: 1 }; }, "invalid-argument");
  throwsCode(() => setup({ fen: "8/8/8/8/8/8/8/8 w - - 0 1" }), "invalid-fen");
  throwsCode(() => setup({ variant: "chess", colour: 1 }), "invalid-argument");
  throwsCode(() => new Setup(), "invalid-argument");
  assert.equal(s.fen(), before);
  assert.deepEqual(s.validate(), { ok: true, fen: "4k3/8/8/8/8/8/8/4K2R b K - 0 1" });
  assert.deepEqual(s.get("h1"), { square: "h1", piece: "rook", color: "white" });
  assert.equal(s.epSquare, null);
  const g = s.newGame({ seed: 2 });
  assert.equal(g.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
  assert.deepEqual(g.castlingRights(), [{ player: "white", side: "king", rook: "h1" }]);
  s.put("h1", null);
  throwsCode(() => s.newGame(), "invalid-fen", /castling/);
  s.free();
  throwsCode(() => s.fen(), "freed");
  throwsCode(() => s.turn, "freed");
  g.free();
});

test("four-player setups: points, players out, castling flags", () => {
  const f = setup({ variant: "fourplayer", rules: "kingdoms" });
  assert.deepEqual(f.points, { red: 0, blue: 0, yellow: 0, green: 0 });
  assert.deepEqual(f.out, []);
  f.points = { blue: 12 };
  f.out = ["yellow"];
  throwsCode(() => { f.out = ["white"]; }, "invalid-argument");
  throwsCode(() => { f.epSquare = "e4"; }, "invalid-argument");
  throwsCode(() => f.put("a1", { piece: "queen", color: "red" }), "invalid-argument");
  assert.deepEqual(f.out, ["yellow"]);
  const v = f.validate();
  assert.ok(v.ok && v.fen.startsWith("R-0,0,1,0-1,1,1,1-1,1,1,1-0,12,0,0-0-"), JSON.stringify(v));
  const g = f.newGame();
  assert.equal(g.rules, "kingdoms");
  assert.equal(g.score()[1].points, 12);
  assert.deepEqual(g.attackers("h3"), ["g2", "i2"]);
  assert.equal(isFourPlayer(g) && !isTwoPlayer(g), true);
  g.free();
  f.free();
});

test("square queries on a game", () => {
  const g = newGame({ fen: "4k3/8/8/8/8/2n5/3P4/R3K2R w KQ - 0 1" });
  assert.deepEqual(g.attackers("e2"), ["e1", "c3"]);
  assert.deepEqual(g.attackers("e2", "black"), ["c3"]);
  assert.equal(g.isAttacked("d1", "black"), true);
  assert.equal(g.isAttacked("b8", "white"), false);
  assert.deepEqual(g.get("c3"), { square: "c3", piece: "knight", color: "black" });
  assert.equal(g.get("c4"), null);
  assert.deepEqual(g.castlingRights().map((r) => r.rook), ["h1", "a1"]);
  for (const bad of ["e9", "z1", "", 5, null, undefined, {}]) throwsCode(() => g.get(bad), "invalid-argument");
  throwsCode(() => g.attackers("e4", "red"), "invalid-argument");
  throwsCode(() => g.isAttacked("e4"), "invalid-argument");
  assert.equal(isTwoPlayer(g), true);
  g.free();
});

test("perft takes a caller's limit", () => {
  const g = newGame();
  throwsCode(() => g.perft(3, { limit: 100 }), "invalid-argument", /more than 100 positions/);
  assert.equal(g.perft(3, { limit: 10000 }), 8902);
  assert.equal(g.perft(3), 8902);
  for (const bad of [{ limit: 0 }, { limit: "9" }, { limit: 1.5 }, { lim: 3 }, 7]) {
    throwsCode(() => g.perft(2, bad), "invalid-argument");
  }
  g.free();
});

test("an uncaught tablero error prints less than 1.5 KB in Node", () => {
  const pkg = new URL("../../pkg/", import.meta.url).href;
  const script = `
    import { readFileSync } from "node:fs";
    import { initSync, newGame, setup } from "${pkg}tablero.js";
    initSync({ module: readFileSync(new URL("${pkg}tablero_bg.wasm")) });
    const which = process.argv[1];
    if (which === "play") newGame().play("Qh5");
    if (which === "fen") newGame({ fen: "8/8/8" });
    if (which === "put") setup().put("e9", null);
    if (which === "freed") { const g = newGame(); g.free(); g.fen(); }
  `;
  for (const which of ["play", "fen", "put", "freed"]) {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script, which], { encoding: "utf8" });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /TableroError/);
    assert.ok(Buffer.byteLength(r.stderr) < 1500, `${which}: ${Buffer.byteLength(r.stderr)} bytes\n${r.stderr}`);
  }
});

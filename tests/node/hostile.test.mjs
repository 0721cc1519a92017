// Issue 10: hostile input. Every reproducer of the issue, against the built package in pkg/.
// After each refused call the same instance must still play a whole game and free() it.
import { test } from "node:test";
import assert from "node:assert/strict";
import tablero, { newGame, throwsCode } from "./load.mjs";

const { Game } = tablero;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const START4 =
  "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
const save = (extra = {}) => ({
  format: "tablero-game",
  version: 1,
  variant: "chess",
  seed: 0,
  startFen: START,
  moves: [],
  ...extra,
});

/** The instance (and `g`, if given) still works: a whole game to its end, then free(). */
function healthy(g) {
  for (const game of [g, newGame({ variant: "fourplayer", seed: 3 })].filter(Boolean)) {
    let n = 0;
    while (!game.status().over && n++ < 600) game.play(game.legalMoves()[0]);
    assert.ok(game.status().over || n >= 600);
    if (n < 600) assert.equal(game.legalMoves().length, 0);
    game.undo();
    game.free();
  }
  // Fool's mate: the shortest whole game.
  const c = newGame();
  for (const m of ["f3", "e5", "g4", "Qh4#"]) c.play(m);
  assert.equal(c.status().result.reason, "checkmate");
  c.free();
}

test("finding 1: a deeply nested saved game is invalid-argument, instance healthy", () => {
  const text = (depth) =>
    JSON.stringify(save()).slice(0, -1) + `,"x":` + "[".repeat(depth) + "]".repeat(depth) + "}";
  throwsCode(() => Game.fromJSON(text(1e5)), "invalid-argument", /nests deeper/);
  newGame().free();
  for (let i = 0; i < 10; i++) throwsCode(() => Game.fromJSON(text(5000)), "invalid-argument");
  // Shallow notes of a page's own still load.
  const g = Game.fromJSON(text(10));
  assert.equal(g.fen(), START);
  healthy(g);
});

test("finding 2: JS exceptions while reading arguments never poison a game or the instance", () => {
  const g = newGame();
  const boom = () => {
    throw new Error("boom");
  };
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const revokedArray = Proxy.revocable([], {});
  revokedArray.revoke();
  const hostile = [
    { get level() { boom(); } },
    new Proxy({}, { ownKeys: boom }),
    new Proxy({ level: 1 }, { get: boom }),
    new Proxy({ level: 1 }, { getOwnPropertyDescriptor: boom }),
    new Proxy({ level: 1 }, { getPrototypeOf: boom, ownKeys: boom }),
    revocable.proxy,
  ];
  const calls = [
    (o) => g.aiMove(o),
    (o) => g.analyse(o),
    (o) => newGame(o),
    (o) => g.play(o),
    (o) => Game.fromJSON(o),
    (o) => Game.fromJSON(save({ moves: o })),
    (o) => Game.fromJSON(save({ declared: o })),
    (o) => g.legalMoves(o),
    (o) => g.resign(o),
    (o) => g.perft(o),
    (o) => g.positionAt(o),
  ];
  const arrays = [
    revokedArray.proxy,
    new Proxy([], { get: (t, k) => (k === "length" ? boom() : t[k]) }),
    new Proxy(["e2e4"], { get: (t, k) => (k === "0" ? boom() : t[k]) }),
  ];
  for (let i = 0; i < 2000; i++) {
    for (const o of hostile) {
      for (const call of calls) {
        // Refused with a code, or (a Proxy with nothing to read) taken as empty options.
        try {
          call(o);
        } catch (e) {
          assert.ok(e instanceof Error && typeof e.code === "string", `raw exception: ${e}`);
        }
      }
    }
    for (const a of arrays) throwsCode(() => Game.fromJSON(save({ moves: a })), "invalid-argument");
  }
  // The same game object still plays, undoes and frees.
  g.play("e4");
  assert.equal(g.undo().san, "e4");
  healthy(g);
});

test("finding 2: setters on Object.prototype never run while results are built", () => {
  const names = ["player", "from", "to", "san", "uci", "over", "reason", "points", "square",
    "format", "moves", "move", "code", "value", "writable", "0"];
  try {
    for (const n of names) {
      // A prototype-less descriptor: the setters on "value" and "writable" would else be
      // inherited by the descriptors themselves.
      const desc = Object.create(null);
      desc.set = () => {
        throw new Error(`setter ${n}`);
      };
      desc.configurable = true;
      Object.defineProperty(Object.prototype, n, desc);
    }
    const g = newGame();
    const f = newGame({ variant: "fourplayer", rules: "kingdoms" });
    for (let i = 0; i < 2000; i++) {
      g.legalMoves();
      g.status();
      g.score();
      g.board();
      g.history();
      f.legalMoves();
      f.players;
      f.facts;
      g.toJSON();
      throwsCode(() => g.play("e5e4"), "illegal-move");
    }
    const m = g.aiMove({ nodes: 200, seed: 1 });
    assert.equal(Object.hasOwn(m, "from"), true);
    g.play(m);
    assert.equal(g.positionAt(1).fen, g.fen());
    assert.equal(g.analyse({ timeMs: 20 }).move.player, "black");
    healthy(g);
    f.free();
  } finally {
    for (const n of names) delete Object.prototype[n];
  }
  healthy();
});

const EP_FEN4 =
  "Y-0,0,0,0-0,0,0,0-0,0,0,0-30,11,19,3-0-{'enPassant':('','','','l7:k7')}-x,x,x,yR,5,yN,yR,x,x,x/x,x,x,yP,yB,2,yK,1,yP,1,x,x,x/x,x,x,yN,yP,yP,2,yP,2,x,x,x/4,bR,2,yP,2,bR,3/3,bP,2,yP,5,gP,gK/3,bP,5,gP,4/2,bP,yQ,2,yB,5,yP,1/1,bK,bN,bP,6,gP,3/rN,2,bP,7,gP,2/11,gP,gB,1/2,rB,3,gR,7/x,x,x,rP,2,rQ,rR,rN,2,x,x,x/x,x,x,2,rP,1,rP,3,x,x,x/x,x,x,2,rR,1,rK,3,x,x,x";

test("finding 3 (R5.6, R5.8): en passant onto the promotion square promotes", () => {
  const g = newGame({ variant: "fourplayer", fen: EP_FEN4 });
  const m = g.play("m8l7");
  assert.equal(m.promotion, "q");
  assert.equal(m.captured, "pawn");
  const sq = g.board().find((p) => p.square === "l7");
  assert.equal(sq.piece, "queen");
  const again = newGame({ variant: "fourplayer", fen: g.fen() });
  assert.equal(again.fen(), g.fen());
  healthy(g);
  again.free();
});

test("finding 4: a FEN4 loaded already over keeps its points on every round trip", () => {
  const clock = START4.replace(/-0-x,x,x,yR/, "-200-x,x,x,yR");
  const kingdoms = newGame({ variant: "fourplayer", rules: "kingdoms", fen: START4 });
  for (const p of ["blue", "yellow", "green"]) kingdoms.resign(p);
  for (const start of [
    newGame({ variant: "fourplayer", fen: clock }),
    newGame({ variant: "fourplayer", rules: "kingdoms", fen: kingdoms.fen() }),
  ]) {
    assert.equal(start.status().over, true);
    const rules = start.rules;
    let g = start;
    for (let i = 0; i < 3; i++) {
      for (const next of [
        () => newGame({ variant: "fourplayer", rules, fen: g.fen() }),
        () => Game.fromJSON(g.toJSON()),
        () => Game.fromJSON(JSON.stringify(g)),
        () => newGame({ variant: "fourplayer", pgn: g.pgn() }),
      ]) {
        const h = next();
        assert.equal(h.fen(), g.fen());
        assert.deepEqual(h.score(), g.score());
        assert.deepEqual(h.status(), g.status());
        g = h;
      }
    }
    assert.equal(g.pgn(), newGame({ variant: "fourplayer", pgn: g.pgn() }).pgn());
    assert.deepEqual(g.toJSON(), Game.fromJSON(g.toJSON()).toJSON());
  }
  healthy(kingdoms);
});

test("finding 5: fromJSON refuses forged results", () => {
  for (const declared of [
    { reason: "checkmate" },
    { winner: "white", reason: "stalemate" },
    { winner: "black", reason: "third-check" },
    { reason: "resignation" },
    { winner: "white", reason: "draw-claimed" },
    { reason: "threefold-repetition" },
    { reason: "fifty-move-rule" },
    { winner: "green", reason: "resignation" },
  ]) {
    throwsCode(() => Game.fromJSON(save({ declared })), "invalid-argument", /declared|winner/);
  }
  // A checkmate on the board may be repeated by `declared`; a different result may not.
  const mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
  assert.equal(Game.fromJSON(save({ moves: mate, declared: { winner: "black", reason: "checkmate" } })).status().result.reason, "checkmate");
  throwsCode(() => Game.fromJSON(save({ moves: mate, declared: { winner: "white", reason: "resignation" } })), "invalid-argument", /contradicts/);
  // What can be declared round-trips through toJSON and pgn.
  const r = newGame();
  r.resign("white");
  const back = Game.fromJSON(r.toJSON());
  assert.deepEqual(back.status(), r.status());
  assert.deepEqual(newGame({ pgn: back.pgn() }).status(), r.status());
  const rep = newGame();
  for (const m of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]) rep.play(m);
  assert.equal(rep.claimDraw(), true);
  assert.deepEqual(Game.fromJSON(JSON.stringify(rep)).status(), rep.status());
  healthy(back);
});

test("finding 6: budgets are bounded and said so", () => {
  const g = newGame();
  throwsCode(() => g.aiMove({ nodes: 1e10 }), "invalid-argument", /500000/);
  throwsCode(() => g.aiMove({ nodes: 500001 }), "invalid-argument", /500000/);
  throwsCode(() => g.aiMove({ timeMs: 600000 }), "invalid-argument", /10000/);
  throwsCode(() => g.analyse({ timeMs: 10001 }), "invalid-argument", /10000/);
  throwsCode(() => g.perft(9), "invalid-argument");
  // A perft that would expand too many positions stops with a clear message.
  const kiwipete = newGame({ fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" });
  throwsCode(() => kiwipete.perft(6), "invalid-argument", /smaller depth/);
  assert.equal(kiwipete.perft(3), 97862);
  throwsCode(() => newGame().perft(6), "invalid-argument", /smaller depth/);
  assert.equal(newGame({ variant: "fourplayer" }).perft(5), 3452310);
  throwsCode(() => newGame({ variant: "fourplayer" }).perft(6), "invalid-argument", /smaller depth/);
  healthy(kiwipete);
});

test("finding 7: saved fields are validated like newGame's", () => {
  const four = newGame({ variant: "fourplayer" }).toJSON();
  for (const bad of [{ seed: 2 ** 64 - 1 }, { seed: 2 ** 53 }, { seed: -1 }, { seed: 1.5 },
    { moveLimit: 0 }, { moveLimit: 4294967295 }, { moveLimit: 100001 }, { seed: "1" }]) {
    throwsCode(() => Game.fromJSON({ ...four, ...bad }), "invalid-argument");
    throwsCode(() => newGame({ variant: "fourplayer", ...bad }), "invalid-argument");
  }
  const ok = Game.fromJSON({ ...four, seed: 2 ** 53 - 1, moveLimit: 100000 });
  assert.equal(ok.seed, 2 ** 53 - 1);
  assert.deepEqual(Game.fromJSON(ok.toJSON()).toJSON(), ok.toJSON());
  healthy(ok);
});

test("finding 8: a corrupt startFen in a save is invalid-argument naming the field", () => {
  throwsCode(() => Game.fromJSON(save({ startFen: "x" })), "invalid-argument", /startFen/);
  const four = newGame({ variant: "fourplayer" }).toJSON();
  throwsCode(() => Game.fromJSON({ ...four, startFen: "x" }), "invalid-argument", /startFen/);
  healthy();
});

test("finding 9: only own properties are read; malformed long inputs are errors", () => {
  try {
    Object.prototype.variant = "3check";
    Object.prototype.from = "e2";
    Object.prototype.to = "e4";
    Object.prototype.declared = { reason: "checkmate" };
    assert.equal(newGame({}).variant, "chess");
    const g = newGame();
    throwsCode(() => g.play({}), "illegal-move");
    assert.equal(g.ply, 0);
    assert.equal(Game.fromJSON(save()).status().over, false);
  } finally {
    delete Object.prototype.variant;
    delete Object.prototype.from;
    delete Object.prototype.to;
    delete Object.prototype.declared;
  }
  throwsCode(() => newGame({ pgn: "{" + "x".repeat(1e7) }), "invalid-argument", /longer than/);
  throwsCode(() => newGame({ pgn: "{" + "x".repeat(1e6) }), "invalid-pgn", /unterminated/);
  throwsCode(() => newGame({ pgn: "1. e4 {comment" }), "invalid-pgn", /unterminated/);
  throwsCode(() => newGame({ variant: "fourplayer", pgn: "1. h2-h3 { open" }), "invalid-pgn");
  const four = newGame({ variant: "fourplayer" }).toJSON();
  throwsCode(() => Game.fromJSON({ ...four, moves: new Array(1e6).fill("S") }), "invalid-argument");
  throwsCode(() => Game.fromJSON({ ...four, moves: ["S"] }), "invalid-argument", /"S"/);
  throwsCode(() => newGame({ pgn: "x".repeat(9 << 20) }), "invalid-argument", /longer than/);
  healthy();
});

test("issue 49: the position editor and square queries refuse hostile input with a code", () => {
  const { validateFen, setup } = tablero;
  const g = newGame();
  const s = setup();
  const f = setup({ variant: "fourplayer" });
  const boom = () => {
    throw new Error("boom");
  };
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const hostile = [
    undefined, null, 0, NaN, -1, 1e300, "", "e9", "z1", "a1", "x".repeat(1 << 20), "\u0000", "e4\n", [], [1, 2], {},
    { piece: "queen" }, { color: "white" }, { piece: "queen", color: "white", square: "e4" },
    { get piece() { boom(); } }, new Proxy({}, { ownKeys: boom }), new Proxy({ piece: "king" }, { get: boom }),
    revocable.proxy, Symbol("s"), 10n, () => "e4",
    new Proxy([], { get: (t, k) => (k === "length" ? boom() : t[k]) }),
  ];
  const calls = [
    (o) => validateFen(o),
    (o) => validateFen(START, o),
    (o) => validateFen(START4, o),
    (o) => setup(o),
    (o) => s.put(o, null),
    (o) => s.put("e4", o),
    (o) => f.put("h7", o),
    (o) => s.get(o),
    (o) => { s.turn = o; },
    (o) => { s.castling = o; },
    (o) => { s.epSquare = o; },
    (o) => { s.remainingChecks = o; },
    (o) => { f.points = o; },
    (o) => { f.out = o; },
    (o) => s.newGame(o),
    (o) => g.get(o),
    (o) => g.attackers(o),
    (o) => g.attackers("e4", o),
    (o) => g.isAttacked("e4", o),
    (o) => g.perft(1, o),
  ];
  const fens = [s.fen(), f.fen()];
  for (let i = 0; i < 3; i++) {
    for (const o of hostile) {
      for (const call of calls) {
        try {
          const r = call(o);
          if (r && typeof r.free === "function") r.free();
        } catch (e) {
          assert.ok(e instanceof Error && typeof e.code === "string", `raw exception: ${e}`);
          assert.notEqual(e.code, "internal");
        }
      }
    }
  }
  // validateFen never throws for text.
  for (const t of ["", "x".repeat(1 << 20), "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w", "\u{1F600}", START4.replaceAll("x", "y")]) {
    assert.equal(validateFen(t).ok, false);
    assert.equal(validateFen(t, { variant: "fourplayer" }).ok, false);
  }
  // A valid edit after all that still works from where the setups stood, unless a hostile
  // value happened to be a valid edit (a piece put, a square emptied): compare what is left.
  assert.equal(f.fen().length > 0 && s.fen().length > 0, true);
  assert.ok(fens.length === 2);
  s.free();
  f.free();
});

test("issue 49: hostile arguments to the tree calls are coded errors, the game unchanged", () => {
  const g = newGame({ pgn: "1. e4 { [%clk 0:01:00] } e5 (1... c5 2. Nf3) 2. Nf3 *" });
  const before = [g.pgn(), JSON.stringify(g.tree()), JSON.stringify(g.path())];
  const boom = () => {
    throw new Error("boom");
  };
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const paths = [
    revoked.proxy,
    new Proxy([0], { get: (t, k) => (k === "0" ? boom() : t[k]) }),
    { length: 1, 0: 0 },
    [NaN],
    [Infinity],
    ["0"],
    Object.assign([0], { length: 1e9 }),
    null,
  ];
  for (const p of paths) {
    for (const call of [() => g.goTo(p), () => g.promote(p), () => g.deleteMove(p), () => g.annotate(p, { comment: "x" })]) {
      throwsCode(call, "invalid-argument");
    }
  }
  const changes = [
    { get comment() { boom(); } },
    { nags: new Proxy([1], { get: (t, k) => (k === "length" ? boom() : t[k]) }) },
    { nags: Object.assign([], { length: 1e8 }) },
    { arrows: [{ color: "G", from: "e2", get to() { boom(); } }] },
    { arrows: Array(300).fill({ color: "G", from: "e2", to: "e4" }) },
    { eval: { cp: "1" } },
    { eval: {} },
    { clock: "0:01:00" },
    { comment: "[%clk 0:00:01]" },
    { [Symbol("x")]: 1 },
    revoked.proxy,
    "comment",
  ];
  for (const c of changes) throwsCode(() => g.annotate([0], c), "invalid-argument");
  for (const o of [{ get variations() { boom(); } }, { clocks: 1 }, "all", revoked.proxy]) {
    throwsCode(() => g.pgn(o), "invalid-argument");
  }
  assert.deepEqual([g.pgn(), JSON.stringify(g.tree()), JSON.stringify(g.path())], before);
  // Hostile move text: bombs, megabyte comments, 100,000 NAGs, unbalanced brackets, a BOM
  // in the middle; each a coded error (or read). The work is bounded by counting, not by
  // the clock: the reader makes one forward pass and names the column where it stopped, so a
  // bomb refused where its documented limit is first crossed was read no further.
  const move = "1. e4 ".length;
  const bombs = [
    // The 101st '(' is one level too deep (docs: variations nest at most 100 deep).
    ["1. e4 " + "( 1. d4 ".repeat(5000), /nested deeper than 100/, move + 100 * "( 1. d4 ".length + 1],
    // A comment over 64 KiB is refused at its '{'.
    ["1. e4 {" + "x".repeat(1 << 20) + "} *", /the most is 65536/, move + 1],
    // The 33rd NAG on one move is one too many.
    ["1. e4 " + "$1 ".repeat(100000) + "*", /more than 32 NAGs/, move + 32 * "$1 ".length + 1],
    ["1. e4 { *", /never closed/, move + 1],
    ["1. e4 ) *", /no '\(' before it/, move + 1],
    ["1. e4 } *", /no '\{' before it/, move + 1],
  ];
  for (const [pgn, why, column] of bombs) {
    const where = `${why.source}.* \\(line 1, column ${column} of the move text\\)$`;
    throwsCode(() => newGame({ pgn }), "invalid-pgn", new RegExp(where));
  }
  newGame({ pgn: "1. e4 \ufeff e5 { [%clk 999999:99:99] } *" }).free();
  healthy(g);
});

// Issue 49's bad record text through every way a record comes in: a PGN, a PGN4 (its own
// variations), a save's move tree, splitPgn, and the tree calls on a game. Each is a coded
// error or a documented reading, and a game that was there stays as it was. The bound on
// time is the test's timeout: the reader makes one linear pass and never recurses.
test("issue 49: hostile record text through every import path", { timeout: 120_000 }, () => {
  const refused = (f, code, re, name) => {
    assert.throws(f, (e) => {
      assert.equal(e.code, code, `${name}: ${e.code}: ${e.message}`);
      if (re) assert.match(e.message, re, name);
      return true;
    }, name);
  };
  const HEAD4 = '[Variant "FFA"]\n[RuleVariants "EnPassant"]\n[StartFen4 "4PC"]\n\n';
  const bad = {
    "nested-variation bomb": (m, alt) => `1. ${m} ` + `( 1. ${alt} `.repeat(5000),
    "a bomb that closes": (m, alt) => `1. ${m} ` + `( 1. ${alt} `.repeat(200) + ")".repeat(200) + " *",
    "a megabyte comment": (m) => `1. ${m} {` + "x".repeat(1 << 20) + "} *",
    "100,000 NAGs": (m) => `1. ${m} ` + "$1 ".repeat(100000) + "*",
    "100,000 suffixes": (m) => `1. ${m} ` + "!? ".repeat(100000) + "*",
    "an unterminated brace": (m) => `1. ${m} { *`,
    "an unterminated parenthesis": (m, alt) => `1. ${m} ( 1. ${alt} *`,
    "a stray parenthesis": (m) => `1. ${m} ) *`,
    "a stray brace": (m) => `1. ${m} } *`,
  };
  const two = newGame({ pgn: "1. e4 { [%clk 0:01:00] } e5 (1... c5 2. Nf3) 2. Nf3 *" });
  two.goTo([0, 1]);
  const four = newGame({ pgn: HEAD4 + "1. h2-h3 .. b7-c7 ( .. b8-c8 { alt } ) .. g13-g12 .. m8-l8\n2. Qg1-h2 *" });
  const snapshot = (g) => [g.pgn(), JSON.stringify(g.tree()), JSON.stringify(g.path()), JSON.stringify(g.toJSON())];
  const before = [snapshot(two), snapshot(four)];
  for (const [name, make] of Object.entries(bad)) {
    const pgn = make("e4", "d4");
    const pgn4 = HEAD4 + make("h2-h3", "i2-i3");
    refused(() => newGame({ pgn }), "invalid-pgn", undefined, name);
    refused(() => newGame({ pgn: pgn4 }), "invalid-pgn", undefined, `${name} (PGN4)`);
    refused(() => newGame({ variant: "fourplayer", pgn: pgn4 }), "invalid-pgn", undefined, `${name} (PGN4)`);
    // A save's move tree is read by the same reader: corrupt, said as invalid-argument.
    const saved = { ...two.toJSON(), movetext: make("e4", "d4") };
    refused(() => Game.fromJSON(saved), "invalid-argument", /corrupt saved game: movetext/, name);
    refused(() => Game.fromJSON({ ...four.toJSON(), movetext: make("h2-h3", "i2-i3") }), "invalid-argument", undefined, name);
    // splitPgn does not read move text: it splits, whatever the text holds.
    const parts = tablero.splitPgn(`[Event "a"]\n\n${pgn}\n\n[Event "b"]\n\n1. d4 *`);
    assert.ok(parts.length >= 1 && parts.every((p) => typeof p === "string"), name);
  }
  // Nesting up to the bound reads; one more level is refused.
  const nest = (n) => "1. e4 " + "( 1. d4 ".repeat(n) + ")".repeat(n) + " *";
  newGame({ pgn: nest(100) }).free();
  throwsCode(() => newGame({ pgn: nest(101) }), "invalid-pgn", /nested deeper than 100/);
  // An absurd command value is kept verbatim, not read as a clock (documented: nothing is
  // clamped, nothing is lost), and written back as read.
  const absurd = newGame({ pgn: "1. e4 { [%clk 999999:99:99] [%eval #999999] } *" });
  const e4 = absurd.tree().children[0];
  assert.equal(e4.clock, undefined);
  assert.equal(e4.eval, undefined);
  assert.deepEqual(e4.commands, [
    { name: "clk", value: "999999:99:99" },
    { name: "eval", value: "#999999" },
  ]);
  assert.match(absurd.pgn(), /\{ \[%clk 999999:99:99\] \[%eval #999999\] \}/);
  absurd.free();
  // A byte-order mark in the middle of a file (files joined together): two games, each with
  // its tags; inside the move text it is white space.
  const joined = '\ufeff[Event "one"]\n\n1. e4 e5 *\n\ufeff[Event "two"]\n\n1. d4 \ufeff d5 *\n';
  const games = tablero.splitPgn(joined).map((pgn) => newGame({ pgn }));
  assert.deepEqual(games.map((g) => [g.headers().Event, g.ply]), [["one", 2], ["two", 2]]);
  for (const g of games) g.free();
  // The tree calls refuse what the reader would: a comment over 64 KiB, NAGs out of range.
  throwsCode(() => two.annotate([0], { comment: "x".repeat(65537) }), "invalid-argument");
  throwsCode(() => two.annotate([0], { nags: Array(33).fill(0).map((_, i) => i + 1) }), "invalid-argument");
  throwsCode(() => two.annotate([0], { nags: [256] }), "invalid-argument");
  throwsCode(() => two.annotate([0], { clock: 1e20 }), "invalid-argument");
  assert.deepEqual([snapshot(two), snapshot(four)], before, "the games are as they were");
  healthy(two);
  four.free();
});

// Issue 10: a seeded fuzz/property run of the built package, the way the half hour
// of fuzzing drove it: random games of all kinds with every round trip after every move,
// four-player resignations and time-outs mixed in, mutated FEN/FEN4/PGN/PGN4/saves/moves,
// hostile option objects. TABLERO_FUZZ_CALLS bounds it (default 3,000 calls, well under a
// minute; `make fuzz` runs far more); TABLERO_FUZZ_SEED picks the seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import tablero, { newGame } from "./load.mjs";

const { Game } = tablero;
const CALLS = Number(process.env.TABLERO_FUZZ_CALLS ?? 3000);
let state = BigInt(process.env.TABLERO_FUZZ_SEED ?? 1);
function rand(n) {
  state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
  return Number(state >> 33n) % n;
}
const pick = (a) => a[rand(a.length)];
const KINDS = [
  { variant: "chess" }, { variant: "3check" }, { variant: "kingofthehill" },
  { variant: "racingkings" }, { variant: "fourplayer" }, { variant: "fourplayer", rules: "kingdoms" },
];
const CODES = new Set(["illegal-move", "invalid-fen", "invalid-pgn", "game-over", "invalid-argument"]);

/** `f()` returns, or throws an Error with one of the stable codes (never `internal`). */
function coded(f) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.ok(CODES.has(e.code), `code ${e.code}: ${e.message}`);
    return undefined;
  }
}

function mutate(text) {
  const a = [...text];
  for (let k = 1 + rand(4); k > 0; k--) {
    const i = rand(a.length + 1);
    switch (rand(5)) {
      case 0: a.splice(i, 1); break;
      case 1: a.splice(i, 0, pick(["{", "}", "(", ")", "/", "-", ",", "x", "8", "Q", '"', "S", "R:red"])); break;
      case 2: a.splice(i, 0, ...a.slice(i, i + rand(12))); break;
      case 3: a[i] = String.fromCharCode(32 + rand(95)); break;
      default: a.splice(i, rand(6));
    }
  }
  return a.join("");
}

function roundTrips(g) {
  const saved = g.toJSON();
  const back = Game.fromJSON(JSON.stringify(saved));
  assert.equal(back.fen(), g.fen());
  assert.deepEqual(back.toJSON(), saved);
  assert.deepEqual(back.status(), g.status());
  const fen = newGame({ ...(g.rules ? { variant: g.variant, rules: g.rules } : { variant: g.variant }), fen: g.fen() });
  assert.equal(fen.fen(), g.fen());
  // FEN4 says which seats are out, not why (resigned or timed out): compare the points. A
  // FEN never carries a declared two-player result (resignation, claimed or agreed draw).
  const points = (x) => x.score().map((s) => s.points);
  const declared = ["resignation", "draw-claimed", "threefold-repetition", "fifty-move-rule"];
  if (g.variant === "fourplayer" || !declared.includes(g.status().result?.reason)) {
    assert.deepEqual(points(fen), points(g), g.pgn());
  }
  const pgn = newGame({ variant: g.variant, pgn: g.pgn() });
  let main = 0;
  for (let n = g.tree(); n.children.length; n = n.children[0]) main++;
  // The whole record (issue 49): the same tree, and the game's line in it. Four Kingdoms: a
  // main line that ends with a zombie to move (left so by promote or deleteMove, and kept so
  // by a save) reads back with the zombie's moves, as an import settles them (R6.4): those
  // are all the PGN's game adds. (A main line this run edited is not compared.)
  if (g.rules !== "kingdoms" || !edited.has(g)) {
    let settled = -main;
    for (let n = pgn.tree(); n.children.length; n = n.children[0]) settled++;
    const history = pgn.history();
    assert.ok(settled >= 0, "the PGN's main line is no shorter");
    assert.ok(history.slice(history.length - settled).every((m) => m.kind === "random"), "only zombie moves added");
    if (settled > 0) {
      pgn.goTo(g.path());
      pgn.deleteMove(Array(main + 1).fill(0));
    }
    assert.deepEqual(pgn.tree(), g.tree());
    assert.equal(pgn.pgn(), g.pgn());
  }
  pgn.goTo(g.path());
  assert.equal(pgn.fen(), g.fen());
  // PGN writes a declared result (resignation, agreed draw) only at the main line's end, as
  // its result token: a save's current line may end earlier with one.
  const atMainEnd = g.path().length === main && g.path().every((i) => i === 0);
  if (atMainEnd || !saved.declared) assert.deepEqual(pgn.score(), g.score());
  back.free();
  fen.free();
  pgn.free();
}

/** Games whose main line promote or deleteMove changed. */
const edited = new WeakSet();

/** The path of a random node of `g`'s tree (the root included). */
function randomPath(g) {
  const paths = [];
  const walk = (node) => node.children.forEach((c) => { paths.push(c.path); walk(c); });
  paths.push([]);
  walk(g.tree());
  return pick(paths);
}

// Records with trees (issue 49) among the texts the run mutates: a lichess-style PGN, a PGN4
// with chess.com's variations, and their saves.
const TREES = [
  '[Event "x"]\n[Variant "Standard"]\n[Result "*"]\n\n{ Before } 1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.2,24] } d5 ) 2... d6 ) 2. Nf3 $1 { [%cal Gg1f3] [%csl Ge4] } Nc6 *',
  '[Variant "FFA"]\n[RuleVariants "EnPassant"]\n[StartFen4 "4PC"]\n\n1. h2-h3 { [%clk 0:04:00] } .. b7-c7 ( .. b8-c8 .. g13-g12 ) .. g13-g12 .. m8-l8\n2. Qg1-h2 ( 2. i2-i3 { plan } .. b9-c9 ) .. b9-c9 *',
];

test(`fuzz: ${CALLS} calls, seed ${state}`, () => {
  let calls = 0;
  const texts = [...TREES];
  for (const pgn of TREES) {
    const g = newGame({ pgn });
    g.goTo(randomPath(g));
    texts.push(JSON.stringify(g.toJSON()));
    g.free();
  }
  while (calls < CALLS) {
    const g = newGame({ ...pick(KINDS), seed: rand(1000) });
    for (let ply = 0; ply < 40 + rand(80) && calls < CALLS; ply++, calls++) {
      if (g.status().over) break;
      const r = rand(20);
      if (g.variant === "fourplayer" && r === 0) coded(() => g.resign(pick(g.players)));
      else if (g.variant === "fourplayer" && r === 1) coded(() => g.timeout(pick(g.players)));
      else if (r === 2) coded(() => g.play(mutate(pick(g.legalMoves())?.san ?? "e4")));
      else if (r === 3) coded(() => g.play({ from: pick(["e2", "h2", "zz", ""]), to: mutate("e4") }));
      else if (r === 4) {
        // isLegal answers exactly what play then does (issue 14), and never throws on text.
        const t = mutate(pick(g.legalMoves())?.uci ?? "e2e4");
        const legal = g.isLegal(t);
        assert.equal(coded(() => g.play(t)) !== undefined, legal, t);
      } else if (r === 5) coded(() => g.setHeaders({ [mutate("White")]: mutate("Ada \"A\" \\") }));
      // The tree calls (issue 49): move about the tree (the next move may be a variation),
      // annotate, promote, delete; coded errors only.
      else if (r === 6) coded(() => g.goTo(randomPath(g)));
      else if (r === 7) {
        const nags = [rand(300), rand(8)];
        const note = pick([{ comment: mutate("a {note} [%clk 0:00:01]") }, { nags }, { clock: rand(1e7) }, { eval: { cp: rand(2000) - 1000, depth: rand(40) } }, { comment: null }]);
        coded(() => g.annotate(randomPath(g), note));
      } else if (r === 8) {
        edited.add(g);
        coded(() => g.promote(randomPath(g)));
      } else if (r === 9 && rand(4) === 0) {
        edited.add(g);
        coded(() => g.deleteMove(randomPath(g)));
      }
      else g.play(pick(g.legalMoves()));
      if (ply % 4 === 0) roundTrips(g);
    }
    roundTrips(g);
    texts.push(g.fen(), g.pgn(), JSON.stringify(g.toJSON()));
    // Mutated inputs of every kind: accepted (and then round-tripping) or refused with a code.
    for (let i = 0; i < 30 && calls < CALLS; i++, calls++) {
      const t = mutate(pick(texts));
      const kind = pick(KINDS);
      const parts = tablero.splitPgn(t + "\n" + t);
      assert.ok(Array.isArray(parts) && parts.every((p) => typeof p === "string" && p === p.trim() && p !== ""));
      // validateFen never throws for text; what it accepts starts a game and sets up.
      const v = tablero.validateFen(t, kind);
      if (v.ok) {
        const ed = tablero.setup({ ...kind, fen: v.fen });
        assert.deepEqual(ed.validate(), v);
        ed.newGame().free();
        ed.free();
      } else {
        assert.ok(typeof v.code === "string" && typeof v.message === "string");
      }
      for (const make of [
        () => newGame({ ...kind, fen: t }),
        () => newGame({ ...kind, pgn: t }),
        () => newGame({ pgn: t }),
        () => Game.fromJSON(t),
      ]) {
        const h = coded(make);
        if (h) {
          roundTrips(h);
          h.free();
        }
      }
    }
    g.free();
  }
  // Still healthy.
  const c = newGame();
  for (const m of ["f3", "e5", "g4", "Qh4#"]) c.play(m);
  assert.equal(c.status().result.reason, "checkmate");
  c.free();
});

// Found by `make fuzz` (session 41, seed 4141): a mutated save of a Four Kingdoms game whose
// main line ends with a zombie to move. The save keeps it so; its PGN reads back settled.
const SETTLES = "{\"format\": \"tablero-game\", \"version\": 1, \"variant\": \"fourplayer\", \"rules\": \"kingdoms\", \"seed\": 809, \"startFen\": \"R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x\", \"firstPlayer\": \"red\", \"moves\": [\"h2h3\", \"m5l5\"], \"headers\": {\"Wite\": \",Ada \\\"-\\\" \\\\Ada a \\\"-\\\" \\\\Ada \\\"-\\\" \\\\\", \"Whute\": \"Ada \\\"A\\\"\", \"Whte\": \"Ad \\\"S\\\" \"}, \"movetext\": \"{ [%clk 2:07:07.469] }1. h2-h3 { [%eval -8.43,35] } .. Nn10-l11 $66 $5 (\\n.. m5-l5 ) .. R:red { [%eval 1.58,36] } .. Nj14-k12 .. R:green .. b8-d8\\n2. h3-h4 .. m6-k6 .. g13-g12+ .. Qa8-b8\\n3. g2-g3 *\", \"path\": [0, 1]}";

test("a save whose main line ends with a zombie to move round-trips", () => {
  const g = Game.fromJSON(SETTLES);
  let main = 0;
  for (let n = g.tree(); n.children.length; n = n.children[0]) main++;
  const pgn = newGame({ variant: g.variant, pgn: g.pgn() });
  let read = 0;
  for (let n = pgn.tree(); n.children.length; n = n.children[0]) read++;
  assert.ok(read > main, "the import settles the zombie's moves");
  pgn.free();
  roundTrips(g);
  g.free();
});

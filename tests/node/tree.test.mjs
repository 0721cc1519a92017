// Issue 49: the game record through the package: tree(), path(), goTo(), promote(),
// deleteMove(), annotate(), pgn(options), and saves that keep the tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import tablero, { newGame, throwsCode } from "./load.mjs";

const { Game } = tablero;

const LICHESS = `[Event "Casual"]
[Variant "Standard"]

1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! { [%clk 0:02:59] } ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval #-3,24] } ) 2... d6 ) 2. Nf3 $1 { [%cal Gg1f3] [%csl Rf3] [%evp 1,2] } 1-0`;

test("tree(): records, paths and annotations of every node", () => {
  const g = newGame({ pgn: LICHESS });
  const root = g.tree();
  assert.equal(root.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const e4 = root.children[0];
  assert.equal(e4.san, "e4");
  assert.equal(e4.uci, "e2e4");
  assert.deepEqual(e4.path, [0]);
  assert.equal(e4.clock, 180000);
  assert.deepEqual(e4.eval, { cp: 36 });
  assert.deepEqual(e4.nags, []);
  const [e5, c5] = e4.children;
  assert.deepEqual(e5.nags, [6]);
  assert.equal(c5.san, "c5");
  assert.equal(c5.comment, "Sicilian");
  assert.deepEqual(c5.path, [0, 1]);
  const c3 = c5.children[1];
  assert.deepEqual(c3.path, [0, 1, 1]);
  assert.deepEqual(c3.eval, { mate: -3, depth: 24 });
  const nf3 = e5.children[0];
  assert.deepEqual(nf3.arrows, [{ color: "G", from: "g1", to: "f3" }]);
  assert.deepEqual(nf3.highlights, [{ color: "R", square: "f3" }]);
  assert.deepEqual(nf3.commands, [{ name: "evp", value: "1,2" }]);
  // The fields of legalMoves() objects.
  const fresh = newGame();
  assert.deepEqual(Object.keys(fresh.legalMoves().find((m) => m.san === "e4")).every((k) => k in e4), true);
  assert.deepEqual(g.path(), [0, 0, 0]);
  g.free();
  fresh.free();
});

test("tree(): an alternative to the first move has its record, as one further on does", () => {
  // Read back from PGN and made by playing from the start: the root's second child is a move
  // like any other (it was once left without its record: no san, no uci).
  const read = newGame({ pgn: "1. e4 ( 1. Nf3 Nf6 ) 1... e5 *" });
  const played = newGame({ pgn: "1. e4 e5 *" });
  played.goTo([]);
  played.play("Nf3");
  played.play("Nf6");
  for (const g of [read, played]) {
    const nf3 = g.tree().children[1];
    assert.equal(nf3.san, "Nf3");
    assert.equal(nf3.uci, "g1f3");
    assert.equal(nf3.player, "white");
    assert.deepEqual(nf3.path, [1]);
    assert.equal(nf3.children[0].san, "Nf6");
    assert.equal(nf3.children[0].player, "black");
    g.free();
  }
});

test("goTo, play, undo, promote and deleteMove on the tree", () => {
  const g = newGame({ pgn: LICHESS });
  g.goTo([0, 1]);
  assert.equal(g.status().turn, "white");
  assert.equal(g.history().length, 2);
  g.play("Nc3");
  assert.deepEqual(g.path(), [0, 1, 2]);
  assert.equal(g.tree().children[0].children[0].children[0].san, "Nf3", "the main line stays");
  g.play("d6");
  g.undo();
  assert.deepEqual(g.path(), [0, 1, 2]);
  assert.equal(g.tree().children[0].children[1].children[2].children.length, 0, "undo deletes the move");
  assert.deepEqual(g.promote([0, 1, 2]), [0, 0, 0]);
  assert.equal(g.tree().children[0].children[0].san, "c5");
  assert.deepEqual(g.path(), [0, 0, 0]);
  g.deleteMove([0, 0]);
  assert.deepEqual(g.path(), [0]);
  assert.equal(g.tree().children[0].children[0].san, "e5");
  g.goTo([]);
  assert.equal(g.ply, 0);
  g.free();
});

test("annotate merges, null removes; pgn options leave parts out", () => {
  const g = newGame();
  g.play("e4");
  g.play("e5");
  g.annotate([0], { comment: "best by test", nags: [1], clock: 61000, eval: { cp: -5, depth: 20 } });
  g.annotate([0], { nags: null, arrows: [{ color: "G", from: "e2", to: "e4" }] });
  g.annotate([], { comment: "A game" });
  const e4 = g.tree().children[0];
  assert.equal(e4.comment, "best by test");
  assert.deepEqual(e4.nags, []);
  assert.equal(e4.clock, 61000);
  const pgn = g.pgn();
  assert.match(pgn, /\n\{ A game \} 1\. e4 \{ best by test \[%cal Ge2e4\] \[%eval -0\.05,20\] \[%clk 0:01:01\] \}\s1\.\.\. e5 \*\n$/);
  assert.match(g.pgn({ comments: false }), /\n1\. e4 \{ \[%clk 0:01:01\] \}\s1\.\.\. e5 \*\n$/);
  assert.match(g.pgn({ comments: false, clocks: false }), /\n1\. e4 e5 \*\n$/);
  // Import, export, import: the same tree.
  const h = newGame({ pgn });
  assert.deepEqual(h.tree(), g.tree());
  h.free();
  g.free();
});

test("saves keep the tree, the annotations and the current line", () => {
  const g = newGame({ pgn: LICHESS });
  g.goTo([0, 1, 1]);
  g.annotate([0, 1, 1], { commentBefore: "or", comment: "quiet" });
  const text = JSON.stringify(g);
  const back = Game.fromJSON(text);
  assert.deepEqual(back.tree(), g.tree());
  assert.deepEqual(back.path(), [0, 1, 1]);
  assert.equal(back.fen(), g.fen());
  // A game without variations or annotations saves exactly as before.
  const plain = newGame();
  plain.play("e4");
  assert.deepEqual(Object.keys(plain.toJSON()), ["format", "version", "variant", "seed", "startFen", "moves"]);
  for (const x of [g, back, plain]) x.free();
});

test("four players: the same tree, in PGN4", () => {
  const pgn = `[Variant "FFA"]\n[StartFen4 "4PC"]\n\n1. h2-h3 .. b7-c7 ( .. b8-c8 { alt } ) .. g13-g12 .. m8-l8\n2. Qg1-h2 *`;
  const g = newGame({ pgn });
  const root = g.tree();
  assert.equal(root.children[0].children[1].san, "b8-c8");
  assert.equal(root.children[0].children[1].player, "blue");
  assert.equal(root.children[0].children[1].comment, "alt");
  assert.match(g.pgn(), /\[StartFen4 "4PC"\]/);
  assert.match(g.pgn(), /\.\. b7-c7 \( \.\. b8-c8 \{ alt \} \)/);
  g.goTo([0, 1]);
  assert.equal(g.status().turn, "yellow");
  g.free();
});

test("bad arguments are coded errors and change nothing", () => {
  const g = newGame({ pgn: LICHESS });
  const before = g.pgn();
  throwsCode(() => g.goTo([9]), "invalid-argument", /no move at path/);
  throwsCode(() => g.goTo("0"), "invalid-argument", /path/);
  throwsCode(() => g.goTo([0.5]), "invalid-argument");
  throwsCode(() => g.goTo([-1]), "invalid-argument");
  throwsCode(() => g.goTo(undefined), "invalid-argument");
  throwsCode(() => g.promote([]), "invalid-argument");
  throwsCode(() => g.deleteMove([]), "invalid-argument");
  throwsCode(() => g.annotate([0], { comment: "a } b" }), "invalid-argument");
  throwsCode(() => g.annotate([0], { comment: 5 }), "invalid-argument");
  throwsCode(() => g.annotate([0], { nags: Array(40).fill(0).map((_, i) => i) }), "invalid-argument");
  throwsCode(() => g.annotate([0], { nags: [256] }), "invalid-argument");
  throwsCode(() => g.annotate([0], { clock: -1 }), "invalid-argument");
  throwsCode(() => g.annotate([0], { clock: 1e15 }), "invalid-argument");
  throwsCode(() => g.annotate([0], { eval: { cp: 1, mate: 2 } }), "invalid-argument");
  throwsCode(() => g.annotate([0], { eval: { cp: 1e9 } }), "invalid-argument");
  throwsCode(() => g.annotate([0], { arrows: [{ color: "g", from: "e2", to: "e4" }] }), "invalid-argument");
  throwsCode(() => g.annotate([0], { arrows: "Ge2e4" }), "invalid-argument");
  throwsCode(() => g.annotate([0], { highlights: [{ color: "G", square: "z0" }] }), "invalid-argument");
  throwsCode(() => g.annotate([0], { comment: "x".repeat(70000) }), "invalid-argument");
  throwsCode(() => g.annotate([0], { colour: "red" }), "invalid-argument", /unknown/);
  throwsCode(() => g.annotate([0]), "invalid-argument");
  throwsCode(() => g.annotate([], { nags: [1] }), "invalid-argument");
  throwsCode(() => g.pgn({ variations: "no" }), "invalid-argument");
  throwsCode(() => g.pgn({ colours: true }), "invalid-argument", /unknown/);
  assert.equal(g.pgn(), before);
  assert.deepEqual(g.path(), [0, 0, 0]);
  // Imports: an illegal move in a variation names it.
  throwsCode(() => newGame({ pgn: "1. e4 e5 (1... Nf6 2. Nf3 Qxh2) 2. Nf3 *" }), "invalid-pgn", /"Qxh2".*in variation 1/);
  throwsCode(() => newGame({ pgn: "1. e4 (1. -- d5) 1... e5 *" }), "invalid-pgn", /null move/);
  throwsCode(() => newGame({ pgn: "1. e4 " + "(1. d4 ".repeat(200) + ")".repeat(200) }), "invalid-pgn", /nested deeper/);
  g.free();
});

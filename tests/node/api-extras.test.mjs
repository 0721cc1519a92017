// Issue 14, items 7 and 9 through the built package in pkg/: isLegal, ascii, boardRows,
// headers/setHeaders, splitPgn and the multi-game refusal, analyse with nodes and seed, and
// error messages that say what was wrong and what is expected.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import tablero, { newGame, throwsCode, GAMES } from "./load.mjs";

const { Game, splitPgn } = tablero;
/** A seeded random game of `plies` moves (fewer if it ends). */
function randomGame(options, plies, seed) {
  const game = newGame(options);
  let s = seed;
  for (let i = 0; i < plies; i++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    s = (s * 1103515245 + 12345) % 2147483648;
    game.play(moves[s % moves.length]);
  }
  return game;
}

test("isLegal is true exactly for what play accepts, and changes nothing", () => {
  for (const options of GAMES) {
    const game = randomGame(options, 9, 5);
    const fen = game.fen();
    const legal = game.legalMoves();
    for (const m of legal) {
      assert.equal(game.isLegal(m.uci), true, m.uci);
      assert.equal(game.isLegal(m.san), true, m.san);
      assert.equal(game.isLegal(m), true, `${m.uci} as the Move object`);
      assert.equal(game.isLegal({ from: m.from, to: m.to, promotion: m.promotion }), true);
    }
    // Each square of the board to each other: legal exactly when the list has that move.
    // (Castling written king-takes-rook plays too: those pairs are left out.)
    const board = game.board();
    const on = (sq) => board.find((p) => p.square === sq);
    const alias = (from, to) => on(from)?.piece === "king" && on(to)?.piece === "rook" && on(from).color === on(to).color;
    const squares = board.map((p) => p.square);
    for (const from of squares) {
      for (const to of [...squares, ...legal.map((m) => m.to)]) {
        const listed = legal.some((m) => m.from === from && m.to === to);
        const promotes = legal.some((m) => m.from === from && m.to === to && m.promotion);
        if (!promotes && !alias(from, to)) assert.equal(game.isLegal({ from, to }), listed, `${options.variant} ${from}${to}`);
      }
    }
    // Anything that is not a legal move is false, never an exception.
    for (const bad of ["", "zz", "e9e1", "Nf9", "O-O-O-O", "🙂", { from: "e2" }, { from: 5, to: 6 }, {}, { from: "e2", to: "e4", promotion: "k" }]) {
      assert.equal(game.isLegal(bad), false, JSON.stringify(bad));
    }
    assert.equal(game.fen(), fen);
    assert.deepEqual(game.legalMoves(), legal);
  }
  // Not a move at all: a coded mistake in the calling code.
  const game = newGame();
  for (const bad of [undefined, null, 5, true, ["e2e4"]]) {
    throwsCode(() => game.isLegal(bad), "invalid-argument", /isLegal needs a move/);
  }
  // Once over, nothing is legal.
  const mate = newGame();
  for (const m of ["f3", "e5", "g4", "Qh4#"]) mate.play(m);
  assert.equal(mate.isLegal("a3"), false);
  assert.equal(mate.isLegal({ from: "a2", to: "a3" }), false);
});

test("boardRows: 8×8 or 14×14, the top rank first, null for empty squares and cut corners", () => {
  for (const options of GAMES) {
    const game = randomGame(options, 14, 3);
    const size = game.facts.files;
    const rows = game.boardRows();
    assert.equal(rows.length, size);
    const board = game.board();
    let pieces = 0;
    rows.forEach((row, i) => {
      assert.equal(row.length, size);
      const rank = size - i;
      row.forEach((cell, f) => {
        const square = String.fromCharCode(97 + f) + rank;
        const listed = board.find((p) => p.square === square) ?? null;
        assert.deepEqual(cell, listed, square);
        if (size === 14 && (f < 3 || f > 10) && (rank <= 3 || rank >= 12)) assert.equal(cell, null, `${square} is a corner`);
        if (cell) pieces++;
      });
    });
    assert.equal(pieces, board.length);
  }
});

test("ascii draws the board the FEN describes", () => {
  const game = newGame();
  for (const m of ["e4", "c5", "Nf3"]) game.play(m);
  assert.equal(
    game.ascii(),
    [
      "8 r n b q k b n r",
      "7 p p . p p p p p",
      "6 . . . . . . . .",
      "5 . . p . . . . .",
      "4 . . . . P . . .",
      "3 . . . . . N . .",
      "2 P P P P . P P P",
      "1 R N B Q K B . R",
      "  a b c d e f g h",
      "",
    ].join("\n"),
  );
  const four = newGame({ variant: "fourplayer" });
  four.play("h2-h4");
  const lines = four.ascii().split("\n");
  assert.equal(lines.length, 16);
  assert.equal(lines[0], "14          yR yN yB yK yQ yB yN yR");
  assert.equal(lines[6], " 8 bQ bP .. .. .. .. .. .. .. .. .. .. gP gK");
  assert.equal(lines[10], " 4 bR bP .. .. .. .. .. rP .. .. .. .. gP gR");
  assert.equal(lines[12], " 2          rP rP rP rP .. rP rP rP");
  assert.equal(lines[14], "   a  b  c  d  e  f  g  h  i  j  k  l  m  n");
});

test("headers: set, read from an import, written to PGN/PGN4, kept in saves", () => {
  const game = newGame({ variant: "kingofthehill" });
  game.play("e4");
  assert.deepEqual(game.headers(), {});
  game.setHeaders({ White: "Ada", Black: 'Grace "G"', Annotator: "me" });
  game.setHeaders({ Annotator: null, Event: "Club night" });
  assert.deepEqual(Object.entries(game.headers()), [["White", "Ada"], ["Black", 'Grace "G"'], ["Event", "Club night"]]);
  const pgn = game.pgn();
  assert.match(pgn, /^\[Event "Club night"\]\n/);
  assert.match(pgn, /\n\[White "Ada"\]\n\[Black "Grace \\"G\\""\]\n/);
  assert.match(pgn, /\[Variant "King of the Hill"\]/);
  assert.doesNotMatch(pgn, /Annotator/);

  const back = newGame({ pgn });
  assert.equal(back.headers().Black, 'Grace "G"');
  assert.equal(back.headers().Result, undefined, "Result is the game's");
  assert.equal(back.pgn(), pgn);
  const restored = Game.fromJSON(JSON.stringify(back));
  assert.deepEqual(restored.headers(), back.headers());
  assert.equal(restored.pgn(), pgn);

  // Refused whole: nothing changes.
  const before = game.headers();
  throwsCode(() => game.setHeaders({ Round: "3", Result: "1-0" }), "invalid-argument", /"Result" is written from the game itself/);
  throwsCode(() => game.setHeaders({ "Bad name": "x" }), "invalid-argument", /PGN tag name/);
  throwsCode(() => game.setHeaders({ Site: "two\nlines" }), "invalid-argument", /one line/);
  throwsCode(() => game.setHeaders({ Site: 5 }), "invalid-argument", /header "Site" must be a string, got 5/);
  throwsCode(() => game.setHeaders("White"), "invalid-argument", /must be an object/);
  throwsCode(() => game.setHeaders(), "invalid-argument", /setHeaders needs an object/);
  const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`Tag${i}`, "x"]));
  throwsCode(() => game.setHeaders(many), "invalid-argument", /more than 1000/);
  throwsCode(() => game.setHeaders({ [Symbol("x")]: "y" }), "invalid-argument", /symbol/);
  throwsCode(() => game.setHeaders(new Proxy({}, { ownKeys() { throw new Error("trap"); } })), "invalid-argument");
  throwsCode(() => game.setHeaders({ get White() { throw new Error("getter"); } }), "invalid-argument");
  assert.deepEqual(game.headers(), before);

  // Four players: the PGN4 carries them too.
  const four = newGame({ variant: "fourplayer" });
  four.play("h2-h4");
  four.setHeaders({ Red: "Ada", Blue: "Grace", Site: "home" });
  throwsCode(() => four.setHeaders({ StartFen4: "x" }), "invalid-argument", /StartFen4/);
  const pgn4 = four.pgn();
  assert.match(pgn4, /\[Red "Ada"\]\n\[Blue "Grace"\]\n\[Site "home"\]\n/);
  const again = newGame({ variant: "fourplayer", pgn: pgn4 });
  assert.deepEqual(again.headers(), { Red: "Ada", Blue: "Grace", Site: "home" });
  assert.equal(again.pgn(), pgn4);
});

test("a real chess.com PGN4 keeps its player names and other tags through export", () => {
  const text = readFileSync(new URL("../data/chesscom/hornet-100527014.pgn4", import.meta.url), "utf8");
  // The tags as the file writes them, read here with a regular expression.
  const tags = Object.fromEntries([...text.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
  const game = newGame({ pgn: text });
  assert.equal(game.variant, "fourplayer");
  const headers = game.headers();
  for (const name of ["Red", "Blue", "Yellow", "Green", "RedElo", "Site", "Date", "GameNr", "TimeControl"]) {
    assert.equal(headers[name], tags[name], name);
  }
  // The game's own tags are written from the game, not kept.
  for (const name of ["Variant", "RuleVariants", "StartFen4", "Result", "Termination"]) assert.equal(headers[name], undefined, name);
  const pgn4 = game.pgn();
  assert.ok(pgn4.includes(`[Yellow "${tags.Yellow}"]`), pgn4.slice(0, 400));
  const again = newGame({ pgn: pgn4 });
  assert.deepEqual(again.headers(), headers);
  assert.equal(again.pgn(), pgn4);
});

test("splitPgn splits a file of games; newGame refuses one with a clear error", () => {
  const texts = [];
  for (const [i, options] of GAMES.slice(0, 4).entries()) {
    const g = randomGame(options, 8 + i, 17 + i);
    g.setHeaders({ Round: String(i + 1) });
    texts.push(g.pgn());
  }
  const mate = newGame();
  for (const m of ["f3", "e5", "g4", "Qh4#"]) mate.play(m);
  texts.push(mate.pgn());
  const file = texts.join("\n");
  const games = splitPgn(file);
  assert.equal(games.length, texts.length);
  games.forEach((text, i) => {
    assert.equal(text, texts[i].trim());
    assert.equal(newGame({ pgn: text }).pgn(), texts[i]);
  });
  throwsCode(() => newGame({ pgn: file }), "invalid-pgn", new RegExp(`holds ${texts.length} games.*splitPgn`));
  throwsCode(() => newGame({ variant: "chess", pgn: "1. e4 e5 1-0\n1. d4 d5 0-1" }), "invalid-pgn", /holds 2 games/);
  assert.deepEqual(splitPgn(""), []);
  assert.deepEqual(splitPgn("1. e4 *\n\n"), ["1. e4 *"]);
  // Four-player files too.
  const fours = [3, 5].map((n) => randomGame({ variant: "fourplayer" }, n, n).pgn());
  assert.deepEqual(splitPgn(fours.join("")), fours.map((t) => t.trim()));
  // Without a variant, the PGN4's Variant tag picks the four-player game.
  for (const text of splitPgn(fours.join(""))) assert.equal(newGame({ pgn: text }).variant, "fourplayer");
  throwsCode(() => newGame({ variant: "fourplayer", pgn: fours.join("") }), "invalid-pgn", /holds 2 games/);
  throwsCode(() => splitPgn(5), "invalid-argument", /must be a string, got 5/);
  throwsCode(() => splitPgn(), "invalid-argument", /splitPgn needs/);
});

test("analyse takes nodes and seed like aiMove, and is reproducible with them", () => {
  for (const options of [GAMES[0], GAMES[4]]) {
    const game = randomGame(options, 4, 9);
    const a = game.analyse({ nodes: 2000, seed: 3 });
    const b = game.analyse({ nodes: 2000, seed: 3 });
    assert.deepEqual(a, b);
    assert.ok(a.nodes <= 2100, `${a.nodes} nodes`);
    assert.equal(game.isLegal(a.move), true);
  }
  const game = newGame();
  throwsCode(() => game.analyse({ nodes: 500001 }), "invalid-argument", /analyse option "nodes" must be an integer from 1 to 500000, got 500001/);
  throwsCode(() => game.analyse({ seed: -1 }), "invalid-argument", /"seed"/);
  throwsCode(() => game.analyse({ level: 3 }), "invalid-argument", /^unknown analyse option "level"; known options: timeMs, nodes, seed, depth, multiPv$/);
});

test("analyse takes a depth and MultiPV: the best moves' lines, best first, each legal", () => {
  // White mates at once with Ra8 or Qd8 (Black's own pawns seal the back rank), nothing else.
  const mate = newGame({ fen: "6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1" });
  const a = mate.analyse({ depth: 4, multiPv: 3 });
  assert.equal(a.lines.length, 3);
  assert.deepEqual(a.lines.slice(0, 2).map((l) => l.pv[0].san).sort(), ["Qd8#", "Ra8#"]);
  assert.deepEqual(a.lines.slice(0, 2).map((l) => l.mate), [1, 1]);
  assert.equal(a.lines[2].mate, undefined);
  // A depth alone bounds the search: the same answer twice, and no `lines` for one line.
  const game = newGame();
  const d = game.analyse({ depth: 5 });
  assert.deepEqual(game.analyse({ depth: 5 }), d);
  assert.ok(d.depth <= 5 && d.depth >= 1, `depth ${d.depth}`);
  assert.equal("lines" in d, false);
  for (const options of [GAMES[0], GAMES[4]]) {
    const g = randomGame(options, 6, 3);
    const r = g.analyse({ depth: 3, multiPv: 2 });
    for (const line of r.lines) {
      const copy = Game.fromJSON(g.toJSON());
      for (const m of line.pv) copy.play(m.uci);
      copy.free();
    }
    assert.ok(r.lines.length >= 1 && r.lines.length <= 2);
    if (r.lines.length === 2) assert.ok(r.lines[0].score >= r.lines[1].score);
  }
  throwsCode(() => game.analyse({ depth: 0 }), "invalid-argument", /analyse option "depth" must be an integer from 1 to 30, got 0/);
  throwsCode(() => game.analyse({ depth: 31 }), "invalid-argument", /"depth"/);
  throwsCode(() => game.analyse({ multiPv: 6 }), "invalid-argument", /analyse option "multiPv" must be an integer from 1 to 5, got 6/);
});

test("error messages say what was wrong and what is expected", () => {
  const game = newGame();
  throwsCode(() => game.perft(9), "invalid-argument", /^depth must be an integer from 0 to 8, got 9$/);
  throwsCode(() => game.perft(-1), "invalid-argument", /^depth must be an integer from 0 to 8, got -1$/);
  throwsCode(() => newGame({ variant: "fourplayer" }).perft(7), "invalid-argument", /from 0 to 6, got 7/);
  throwsCode(() => game.aiMove({ level: "3" }), "invalid-argument", /^aiMove option "level" must be an integer from 1 to 8, got the string "3"$/);
  throwsCode(() => game.aiMove({ level: true }), "invalid-argument", /got true$/);
  throwsCode(() => game.aiMove({ level: {} }), "invalid-argument", /got an object$/);
  throwsCode(() => game.perft(), "invalid-argument", /^perft needs a depth: an integer from 0 to 8$/);
  throwsCode(() => game.positionAt(), "invalid-argument", /^positionAt needs a ply: an integer from 0 to 0$/);
  throwsCode(() => game.legalMoves("z9"), "invalid-argument", /^from must be a square from a1 to h8, got "z9"$/);
  throwsCode(() => game.legalMovesUci("e9"), "invalid-argument", /^from must be a square from a1 to h8, got "e9"$/);
  throwsCode(() => newGame({ variant: "fourplayer" }).legalMoves("a1"), "invalid-argument", /four-player board .*corners are not squares\), got "a1"/);
  throwsCode(() => game.aiMove({ lvl: 3 }), "invalid-argument", /^unknown aiMove option "lvl"; known options: level, timeMs, nodes, seed$/);
  throwsCode(() => newGame({ varient: "chess" }), "invalid-argument", /^unknown newGame option "varient"; known options: variant, .*fen, pgn/);
  throwsCode(() => game.play("Nf6"), "illegal-move", /^illegal move "Nf6" \(White to move\): White has no knight that can reach f6$/);
  throwsCode(() => game.play({ from: "e2", to: "e5" }), "illegal-move", /a pawn cannot move from e2 to e5 \(its legal moves: .*e4/);
  throwsCode(() => game.play("e7e5"), "illegal-move", /the pawn on e7 is Black's, not White's/);

  const four = newGame({ variant: "fourplayer" });
  throwsCode(() => four.play("Nf3"), "illegal-move", /^illegal move "Nf3" \(Red to move\): four-player moves name both squares: write Ne1-f3 or e1f3$/);
  throwsCode(() => four.play("b7-c7"), "illegal-move", /\(Red to move\): the pawn on b7 is Blue's, not Red's/);
  four.play("h2-h4");
  throwsCode(() => four.play("h4-h5"), "illegal-move", /\(Blue to move\): the pawn on h4 is Red's, not Blue's/);
  throwsCode(() => four.resign("white"), "invalid-argument", /player must be "red", "blue", "yellow" or "green", got "white"/);
  throwsCode(() => newGame({ variant: "fourplayer", rules: "chaturaji" }), "invalid-argument", /rules must be "ffa", "kingdoms" or "teams", got "chaturaji"/);
});

// Issue 52: the review's mapping from centipawns to expected score and its classes, as
// docs/ARCHITECTURE.md documents them (www/evaluation.js is a pure module).
import { test } from "node:test";
import assert from "node:assert/strict";
import { expected, classify, scoreText, material } from "../../www/evaluation.js";

test("expected score: lichess's logistic fit, mates at 1 and 0", () => {
  // 1 / (1 + e^(-0.00368208 cp)), worked out by hand for the documented figures.
  assert.equal(expected(0), 0.5);
  assert.ok(Math.abs(expected(100) - 0.5910) < 0.0005, String(expected(100)));
  assert.ok(Math.abs(expected(300) - 0.7511) < 0.0005, String(expected(300)));
  assert.ok(Math.abs(expected(-300) - 0.2489) < 0.0005, String(expected(-300)));
  assert.equal(expected(29995), 1);
  assert.equal(expected(-29990), 0);
});

test("classes by the drop of expected score: 0.05, 0.10, 0.20; the engine's move is best", () => {
  assert.equal(classify(0.3, true), "best");
  assert.equal(classify(0.049, false), "good");
  assert.equal(classify(0.05, false), "inaccuracy");
  assert.equal(classify(0.0999, false), "inaccuracy");
  assert.equal(classify(0.1, false), "mistake");
  assert.equal(classify(0.2, false), "blunder");
  assert.equal(classify(-0.1, false), "good");
});

test("scores as players write them", () => {
  assert.equal(scoreText(134), "+1.3");
  assert.equal(scoreText(-40), "−0.4");
  assert.equal(scoreText(3), "0.0");
  assert.equal(scoreText(29999), "#1"); // mate in one ply: one move
  assert.equal(scoreText(29997), "#2"); // three plies: the second move
  assert.equal(scoreText(-29998), "#−1");
  assert.deepEqual(material([{ piece: "queen", color: "white" }, { piece: "pawn", color: "black" }, { piece: "rook", color: "red", grey: true }]), { white: 9, black: 1 });
});

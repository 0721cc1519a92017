// Issue 52: a finished online game opens on the analysis board with its review, from the
// room's result line. Against the real server (tests/online/server.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, twoPeople, waitTurn, move } from "./pages.mjs";

const env = useBrowser(["--ai-nodes", "300"]);

test("a finished room game: Game review opens the analysis board and classifies every move", async () => {
  const { a, b } = await twoPeople(env, ["Ana", "Bo"]);
  await move(a, "f2", "f3");
  await waitTurn(b, "black");
  await move(b, "e7", "e5");
  await waitTurn(a, "white");
  await move(a, "g2", "g4");
  await waitTurn(b, "black");
  await move(b, "d8", "h4");
  await a.waitForSelector("#online-review");
  await a.click("#online-review");
  await a.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
  await a.waitForFunction(() => window.tablero.analysis.review?.done, null, { timeout: 60000 });
  const { sans, classes } = await a.evaluate(() => {
    const g = window.tablero.analysis.game;
    const out = [];
    let node = g.tree().children[0];
    while (node) {
      out.push(node.san);
      node = node.children[0];
    }
    return { sans: out, classes: window.tablero.analysis.review.classes };
  });
  assert.deepEqual(sans, ["f3", "e5", "g4", "Qh4#"]);
  // 2. g4 allows mate in one: a blunder; the mate is the best move.
  assert.equal(classes[2], "blunder");
  assert.equal(classes[3], "best");
  assert.deepEqual(a.errors, []);
  await a.context().close();
  await b.context().close();
});

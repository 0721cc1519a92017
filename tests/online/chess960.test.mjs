// Chess960 as a room game (issue 52): the lobby offers it, the room starts from one of the
// 960 positions, and a person plays it against the server's computer in chromium, castling
// included when the position allows it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, waitTurn, move, createRoom, shot, noErrors } from "./pages.mjs";

const env = useBrowser(["--ai-nodes", "300"]);

test("a Chess960 room: offered in the lobby, a 960 start, moves by the person and the computer", async () => {
  const ana = await env.person("Ana");
  await ana.waitForSelector("#create-room");
  const offered = await ana.locator("#cr-game option").evaluateAll((os) => os.map((o) => o.value));
  assert.ok(offered.includes("chess960"), offered.join(" "));
  await createRoom(ana, { game: "chess960", seat: "white", computers: { black: 1 } });
  await waitTurn(ana, "white");
  const state = await ana.evaluate(() => window.tablero.online.state);
  assert.equal(state.game, "chess960");
  // The page numbers the start as the package does: the same position from its number.
  const number = await ana.evaluate(async (fen) => (await import("/www/games.js")).startNumber(fen), state.fen);
  assert.ok(Number.isInteger(number) && number >= 0 && number < 960, `start ${number} of ${state.fen}`);
  const same = await ana.evaluate(async (n) => {
    const { newGame } = await import("/www/engine.js");
    const g = newGame({ variant: "chess960", position: n });
    const fen = g.fen();
    g.free();
    return fen;
  }, number);
  assert.equal(same.split(" ")[0], state.fen.split(" ")[0]);
  for (let i = 0; i < 3; i++) {
    await waitTurn(ana, "white");
    const m = await ana.evaluate(() => window.tablero.online.legalMoves().find((x) => x.piece === "pawn") ?? window.tablero.online.legalMoves()[0]);
    await move(ana, m.from, m.to);
  }
  await waitTurn(ana, "white");
  const after = await ana.evaluate(() => window.tablero.online.state);
  assert.equal(after.ply, 6);
  assert.equal(after.san.length, 6);
  await shot(ana, "chess960-room");
  // The state names the start; the finished room's Game review replays the moves from it.
  assert.equal(after.startFen, state.fen);
  await ana.click("#online-resign");
  await ana.click('#confirm button[value="yes"]');
  await ana.waitForSelector("#online-review");
  await ana.click("#online-review");
  await ana.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
  const review = await ana.evaluate(() => {
    const g = window.tablero.analysis.game;
    return { start: g.positionAt(0).fen, sans: g.history().map((m) => m.san) };
  });
  assert.equal(review.start, state.fen, "the review starts from the room's Chess960 position");
  assert.deepEqual(review.sans.slice(0, 6), after.san);
  noErrors(ana);
  await ana.context().close();
});

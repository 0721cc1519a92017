// The move box in an online room (the local game's, shared): moves typed in the page's
// notation reach the server, a move that is not legal is refused in words, and the commands
// read the room aloud; two players and four. Against the real server in chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, twoPeople, closeAll, createRoom, waitTurn, attr, shot, noErrors } from "./pages.mjs";

const env = useBrowser(["--away-seconds", "60", "--ai-nodes", "200", "--stand-in-level", "1", "--clock", "manual"]);

/** Types `text` into the room's move box and sends it; answers what the box then says. */
async function type(page, text) {
  await page.fill("#online-move-input", text);
  await page.press("#online-move-input", "Enter");
  return page.textContent("#online-move-output");
}
const plyOf = async (page) => Number(await attr(page, "data-ply"));
const untilPly = (page, n) => page.waitForFunction((p) => Number(document.querySelector("#online-game").dataset.ply) >= p, n, { timeout: 30000 });

test("two players: typed moves are played, an illegal one and one out of turn are refused in words, the clock command reads the clocks", async () => {
  const { a, b } = await twoPeople(env, ["Tina Typist", "Tomas Typist"], { time: "clock:180+2" });
  // The box is the local game's: the same label, button and help.
  assert.equal(await a.textContent("#online-move-form label"), "Move");
  assert.equal(await a.getAttribute("#online-move-input", "aria-describedby"), "online-move-help");
  assert.equal(await type(a, "e4"), "");
  await untilPly(b, 1);
  assert.equal(await b.evaluate(() => window.tablero.online.state.moves[0]), "e2e4");
  // Black types a king's move the position does not allow: refused, nothing sent.
  await waitTurn(b, "black");
  // The clocks: none runs before every first move (R11.2), so both read full.
  assert.equal(await type(b, "clock"), "Black to move. White: 3:00 on the clock. Black: 3:00 on the clock.");
  assert.equal(await type(b, "Ke2"), "Not a move here or a command: “Ke2”. Type help for the commands.");
  assert.equal(await b.inputValue("#online-move-input"), "Ke2", "the text stays to be corrected");
  assert.equal(await plyOf(b), 1);
  assert.equal(await type(b, "Nf6"), "");
  await untilPly(a, 2);
  assert.equal(await a.evaluate(() => window.tablero.online.state.moves[1]), "g8f6");
  // Out of turn: the server's words, nothing sent.
  assert.equal(await type(b, "d5"), "It is not your turn.");
  assert.equal(await plyOf(b), 2);
  // The last moves, in words where the box knows the move's squares (here only its text).
  assert.equal(await type(a, "moves 2"), "Last moves: White: e4; Black: Nf6.");
  await shot(a, "movebox-two");
  noErrors(a, b);
  await closeAll(a, b);
});

test("four players: a move typed in PGN4 text is played, a square that is not a move is refused in words", async () => {
  const page = await env.person("Cuatro Typist");
  await createRoom(page, { game: "ffa", seat: "red", computers: { blue: 1, yellow: 1, green: 1 } });
  await waitTurn(page, "red");
  assert.equal(await type(page, "Nj1-i3"), "");
  await untilPly(page, 1);
  const first = await page.evaluate(() => [window.tablero.online.state.moves[0], window.tablero.online.state.san[0]]);
  assert.deepEqual(first, ["Nj1-i3", "Nj1-i3"]);
  // The three computers answer; Red types a pawn's move two squares too far.
  await waitTurn(page, "red");
  assert.equal(await plyOf(page), 4);
  assert.equal(await type(page, "h2-h5"), "Not a move here or a command: “h2-h5”. Type help for the commands.");
  assert.equal(await plyOf(page), 4);
  assert.match(await type(page, "pieces red"), /^Red: king h1, queen g1, /);
  await shot(page, "movebox-four");
  noErrors(page);
  await page.context().close();
});

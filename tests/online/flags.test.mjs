// A four-player online game on a game clock (R11.4) as the page shows it, against the real
// server with a test-driven clock (`--clock manual`): a person in chromium as Red, the other
// three seats people through the client module in Node; Blue lets its clock run out. In a
// free-for-all Blue is out on time and the game goes on; in Teams Blue's team loses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, closeAll, createRoom, waitTurn, move, shot, noErrors } from "./pages.mjs";
import { clientOf, turnOf } from "./clients.mjs";

const env = useBrowser(["--away-seconds", "600", "--clock", "manual"]);

/**
 * A `game` room on a 1+0 clock: Red on a page, the other seats joined by clients in Node.
 * Every seat makes a first move (no clock runs before, R11.2), then Red a second: Blue is to
 * move with its whole minute. Answers the page, the rooms by seat and the Node seats' names.
 */
async function blueToMoveOnTheClock(game, tag) {
  const page = await env.person(`Rojo ${tag}`);
  const id = await createRoom(page, { game, seat: "red", time: "clock:60+0" });
  const rooms = {};
  const names = {};
  for (const name of [`Azul ${tag}`, `Amarillo ${tag}`, `Verde ${tag}`]) {
    const c = clientOf(env.server);
    await c.register(name);
    const { seat } = await c.join(id);
    names[seat] = name;
    rooms[seat] = c.openRoom(id);
  }
  await waitTurn(page, "red");
  await move(page, "h2", "h3");
  for (const seat of ["blue", "yellow", "green"]) {
    const r = rooms[seat];
    await turnOf(r);
    await r.play(r.legalMoves()[0]);
  }
  await waitTurn(page, "red");
  await move(page, "i2", "i3");
  const s = await turnOf(rooms.blue);
  // Blue's clock runs now, from its full minute: nobody's clock ran before every first move.
  assert.equal(s.clocks.blue, 60000);
  return { page, rooms, names };
}

const seatStatus = (page, seat) => page.locator(`#online-seats tr[data-seat=${seat}] .seat-status`);

test("free-for-all: Blue's flag falls; Blue is out on time and the game goes on with Yellow to move", async () => {
  const { page, rooms, names } = await blueToMoveOnTheClock("ffa", "Ffa");
  await env.server.advance(60000);
  const s = await rooms.yellow.waitFor((x) => x.score.find((q) => q.player === "blue").status === "timeout");
  assert.equal(s.moves.at(-1), "T");
  assert.equal(s.status.over, false);
  // The page: Blue's row says it, greyed, and the flash under the status line says so.
  await seatStatus(page, "blue").waitFor();
  assert.equal(await seatStatus(page, "blue").textContent(), "out of time");
  assert.equal(await page.getAttribute("#online-seats tr[data-seat=blue]", "class"), "seat-blue out");
  assert.equal(await page.textContent("#online-flash"), `Blue (${names.blue}) ran out of time: the game goes on without them.`);
  assert.equal(await seatStatus(page, "yellow").count(), 0);
  await page.waitForSelector('#online-game[data-turn="yellow"][data-room-status="playing"]');
  assert.equal(await page.textContent("#online-status"), `Yellow to move (${names.yellow}).`);
  await shot(page, "flag-ffa");
  noErrors(page);
  for (const r of Object.values(rooms)) r.close();
  await closeAll(page);
});

test("Teams: Blue's flag falls and Blue's team loses; Red and Yellow win on time", async () => {
  const { page, rooms, names } = await blueToMoveOnTheClock("teams", "Teams");
  await env.server.advance(60000);
  const s = await rooms.yellow.waitFor((x) => x.status.over);
  assert.deepEqual([...s.status.result.winners].sort(), ["red", "yellow"]);
  await page.waitForSelector('#online-game[data-room-status="over"]');
  assert.equal(await page.textContent("#online-result strong"), `Red (Rojo Teams), Yellow (${names.yellow}) won (time ran out).`);
  assert.equal(await seatStatus(page, "blue").textContent(), "out of time");
  await shot(page, "flag-teams");
  noErrors(page);
  for (const r of Object.values(rooms)) r.close();
  await closeAll(page);
});

// A four-player online game on a game clock (R11.4) as the page shows it, against the real
// server with a test-driven clock (`--clock manual`): a person in chromium as Red, the other
// three seats people through the client module in Node; the seat after Red lets its clock run
// out. In a free-for-all and in Four Kingdoms that seat is out on time and the game goes on;
// in Teams its team loses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, closeAll, createRoom, waitTurn, move, shot, noErrors } from "./pages.mjs";
import { clientOf } from "./clients.mjs";

const env = useBrowser(["--away-seconds", "600", "--clock", "manual"]);

/** A seat's name as the English page writes it ("blue" → "Blue"). */
const cap = (seat) => seat[0].toUpperCase() + seat.slice(1);

/**
 * A `game` room on a 1+0 clock: Red on a page, the other seats joined by clients in Node.
 * Every seat makes a first move (no clock runs before, R11.2; the seats in the game's own
 * order, which Four Kingdoms runs the other way round), then Red a second. Answers the page,
 * the rooms and names by seat, and `late`: the seat now to move with its whole minute.
 */
async function nextSeatOnTheClock(game, tag) {
  const page = await env.person(`Rojo ${tag}`);
  const id = await createRoom(page, { game, seat: "red", time: "clock:60+0" });
  const rooms = {};
  const names = {};
  for (const name of [`Otro ${tag}`, `Tercero ${tag}`, `Cuarto ${tag}`]) {
    const c = clientOf(env.server);
    await c.register(name);
    const { seat } = await c.join(id);
    names[seat] = name;
    rooms[seat] = c.openRoom(id);
  }
  const any = Object.values(rooms)[0];
  await waitTurn(page, "red");
  await move(page, "h2", "h3");
  for (let i = 0; i < 3; i++) {
    const s = await any.waitFor((x) => x.ply === i + 1);
    const r = rooms[s.status.turn];
    await r.waitFor((x) => x.ply === i + 1);
    await r.play(r.legalMoves()[0]);
  }
  await waitTurn(page, "red");
  await move(page, "i2", "i3");
  const s = await any.waitFor((x) => x.ply === 5);
  const late = s.status.turn;
  // Its clock runs now, from its full minute: nobody's clock ran before every first move.
  assert.equal(s.clocks[late], 60000);
  return { page, rooms, names, late };
}

const seatStatus = (page, seat) => page.locator(`#online-seats tr[data-seat=${seat}] .seat-status`);

// A free-for-all puts the flagged seat out as on resignation; Four Kingdoms too, its army then
// moving at random (R6.4): in both the game goes on with the next seat.
for (const [game, tag] of [
  ["ffa", "Ffa"],
  ["kingdoms", "Reinos"],
]) {
  test(`${game}: the flag of the seat after Red falls; it is out on time and the game goes on`, async () => {
    const { page, rooms, names, late } = await nextSeatOnTheClock(game, tag);
    const watcher = rooms[Object.keys(rooms).find((seat) => seat !== late)];
    await env.server.advance(60000);
    const s = await watcher.waitFor((x) => x.score.find((q) => q.player === late).status === "timeout");
    // The flag is the entry after the five moves (Four Kingdoms may add the army's random moves).
    assert.equal(s.moves[5], "T");
    assert.equal(s.status.over, false);
    const next = s.status.turn;
    assert.ok(next && next !== late && next !== "red", next);
    // The page: the seat's row says it, greyed, and the flash under the status line says so.
    await seatStatus(page, late).waitFor();
    assert.equal(await seatStatus(page, late).textContent(), "out of time");
    assert.equal(await page.getAttribute(`#online-seats tr[data-seat=${late}]`, "class"), `seat-${late} out`);
    assert.equal(await page.textContent("#online-flash"), `${cap(late)} (${names[late]}) ran out of time: the game goes on without them.`);
    assert.equal(await seatStatus(page, next).count(), 0);
    await page.waitForSelector(`#online-game[data-turn="${next}"][data-room-status="playing"]`);
    assert.equal(await page.textContent("#online-status"), `${cap(next)} to move (${names[next]}).`);
    await shot(page, `flag-${game}`);
    noErrors(page);
    for (const r of Object.values(rooms)) r.close();
    await closeAll(page);
  });
}

test("Teams: Blue's flag falls and Blue's team loses; Red and Yellow win on time", async () => {
  const { page, rooms, names, late } = await nextSeatOnTheClock("teams", "Teams");
  assert.equal(late, "blue");
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

// Issue 51's replay of a finished online game, in chromium against the real server with a
// test-driven clock (`--clock manual`): a 3+2 game whose every move came after a chosen wait,
// its record's `[%clk]`, and the replay stepping through it with each seat's clock as it stood.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, twoPeople, waitTurn, move, shot, noErrors } from "./pages.mjs";

const env = useBrowser(["--away-seconds", "60", "--clock", "manual"]);

/**
 * The clocks R11.1–R11.2 give after each move of a game at `initial`+`increment` (ms) where
 * each move was made `waits[i]` ms after the one before: no clock runs and no increment is
 * added until every player has made a first move; then the mover loses the wait and gains
 * the increment.
 */
function expectedClocks(seats, initial, increment, waits) {
  const left = Object.fromEntries(seats.map((s) => [s, initial]));
  return waits.map((wait, i) => {
    const seat = seats[i % seats.length];
    if (i >= seats.length) left[seat] += increment - wait;
    return { seat, ms: left[seat] };
  });
}

test("a finished 3+2 game's replay steps through its moves with each seat's clock as the server recorded it", async () => {
  const { a, b, id } = await twoPeople(env, ["Clara Clock", "Bruno Clock"], { time: "clock:180+2" });
  const moves = [
    ["e2", "e4"],
    ["e7", "e5"],
    ["g1", "f3"],
    ["b8", "c6"],
    ["f1", "c4"],
    ["f8", "c5"],
    ["c2", "c3"],
    ["g8", "f6"],
  ];
  // The waits before each move, in ms: first moves within R11.2's 30 s; one under 10 s left
  // would show tenths, so none comes near.
  const waits = [5000, 7000, 12000, 3500, 20300, 1500, 61000, 250];
  for (let i = 0; i < moves.length; i++) {
    const page = i % 2 ? b : a;
    await waitTurn(page, i % 2 ? "black" : "white");
    await env.server.advance(waits[i]);
    await move(page, ...moves[i]);
  }
  await waitTurn(a, "white");
  await a.click("#online-resign");
  await a.click('#confirm button[value="yes"]');
  await a.waitForSelector('#online-game[data-room-status="over"]');
  const expected = expectedClocks(["white", "black"], 180000, 2000, waits);

  // What the server recorded: the record's [%clk] after every move, read by the package.
  const record = await (await fetch(`${env.server.url}/api/games/${id}.pgn`)).text();
  assert.match(record, /\[TimeControl "180\+2"\]/);
  const recorded = await a.evaluate(async (text) => {
    const { newGame } = await import("/pkg/tablero.js");
    const g = newGame({ pgn: text });
    const out = [];
    for (let node = g.tree().children[0]; node; node = node.children[0]) out.push({ seat: node.player, ms: node.clock });
    g.free();
    return out;
  }, record);
  assert.deepEqual(recorded, expected);

  // The replay: from the profile's Replay, the game view with each seat's clock.
  await a.goto(`${env.server.url}/www/#/online`);
  await a.click("#online-profile");
  await a.locator("#profile-games li.played").first().waitFor();
  await a.click("#profile-games button.replay");
  await a.waitForFunction(() => location.hash.startsWith("#/game/"));
  await a.waitForSelector(".seat-bar .record-clock:not([hidden])");
  const shown = () =>
    a.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll(".seat-bar[data-seat]")].map((bar) => {
          const c = bar.querySelector(".record-clock");
          return [bar.dataset.seat, c.hidden ? null : { ms: Number(c.dataset.ms), text: c.querySelector(".record-clock-text").textContent, said: c.textContent }];
        }),
      ),
    );
  const text = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`;
  // Each seat's clock after ply `ply`: its own latest move's, or the full 3:00 before it moved.
  const at = (ply) => {
    const out = { white: 180000, black: 180000 };
    for (const m of expected.slice(0, ply)) out[m.seat] = m.ms;
    return out;
  };
  const check = async (ply) => {
    const want = at(ply);
    const got = await shown();
    for (const seat of ["white", "black"]) {
      assert.equal(got[seat].ms, want[seat], `${seat} after ply ${ply}`);
      assert.equal(got[seat].text, text(want[seat]), `${seat} after ply ${ply}`);
    }
    return got;
  };
  // The end (live position), then from the start forward, a move at a time.
  await check(moves.length);
  await a.click("#rp-first");
  const start = await check(0);
  // A screen reader hears whose clock it is, not a bare time.
  assert.equal(start.white.said, "White's clock after this move: 3:00");
  for (let ply = 1; ply <= moves.length; ply++) {
    await a.click("#rp-next");
    await check(ply);
    if (ply === 5) await shot(a, "replay-clocks");
  }
  // Stepping back shows the earlier clocks again.
  await a.click("#rp-prev");
  await a.click("#rp-prev");
  await check(moves.length - 2);
  noErrors(a, b);
});

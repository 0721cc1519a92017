// Issue 50's room features in chromium with several browser contexts, against the real server
// with a test-driven clock (`--clock manual`): a 1+0 game lost on time, a draw by agreement, a
// takeback, an abort, a rematch that moves both pages, watching from the lobby without a
// name, chat with an HTML payload shown as text. Screenshots in test-artifacts/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, twoPeople, closeAll, waitTurn, move, shot, noErrors, attr } from "./pages.mjs";

const ARGS = ["--away-seconds", "30", "--ai-nodes", "300", "--stand-in-level", "1", "--clock", "manual"];
const env = useBrowser(ARGS);

test("a 1+0 game is lost on time; the clocks count down with tenths under 10 s", async () => {
  const { a, b } = await twoPeople(env, ["Ana", "Bo"], { time: "clock:60+0" });
  assert.equal(await a.textContent("#online-seats tr[data-seat=white] td.seat-clock"), "1:00");
  await move(a, "e2", "e4");
  await waitTurn(b, "black");
  await move(b, "e7", "e5");
  await waitTurn(a, "white");
  const whiteClock = "#online-seats tr[data-seat=white] td.seat-clock";
  await a.waitForSelector(`${whiteClock}[data-running="true"]`);
  const runningColour = await a.$eval(whiteClock, (td) => getComputedStyle(td).color);
  const ticksBefore = await a.evaluate(() => window.tablero.sounds.filter((s) => s.name === "tick").length);
  // White's clock runs now; the server's time moves 51 s: under 10 s, tenths and warning.
  await env.server.advance(51000);
  await move(a, "g1", "f3");
  await waitTurn(b, "black");
  await env.server.advance(51000);
  await move(b, "b8", "c6");
  await waitTurn(a, "white");
  await a.waitForSelector("#online-seats tr[data-seat=white] td.seat-clock.low");
  assert.match(await a.textContent("#online-seats tr[data-seat=white] td.seat-clock"), /^0:0\d\.\d$/);
  // The warning: another colour than the running clock's, and a tick a second for the
  // player whose own clock is low.
  assert.notEqual(await a.$eval(whiteClock, (td) => getComputedStyle(td).color), runningColour);
  await a.waitForFunction((n) => window.tablero.sounds.filter((s) => s.name === "tick").length > n, ticksBefore);
  await shot(a, "clock-low");
  await env.server.advance(10000);
  await a.waitForSelector('#online-game[data-room-status="over"]');
  await b.waitForSelector('#online-game[data-room-status="over"]');
  assert.match(await a.textContent("#online-result"), /Black \(Bo\) won \(time ran out\)/);
  assert.equal(await a.textContent("#online-seats tr[data-seat=white] td.seat-clock"), "0:00.0");
  // The local game's sounds played online too.
  assert.ok((await a.evaluate(() => window.tablero.sounds.map((s) => s.name))).includes("end"));
  noErrors(a, b);
  await closeAll(a, b);
});

test("a draw offered and accepted; a takeback asked and accepted", async () => {
  const { a, b } = await twoPeople(env, ["Cy", "Di"]);
  await move(a, "e2", "e4");
  await waitTurn(b, "black");
  await move(b, "e7", "e5");
  await waitTurn(a, "white");
  // Takeback: White asks, Black accepts: back to the start.
  await a.click("#online-takeback");
  await b.waitForSelector("#accept-takeback");
  assert.match(await b.textContent("#online-offers"), /Cy asks to take back their last move/);
  await b.click("#accept-takeback");
  await a.waitForSelector('#online-game[data-ply="0"]');
  await b.waitForSelector('#online-game[data-ply="0"]');
  assert.equal(await a.locator("#online-moves .mv").count(), 0);
  await move(a, "d2", "d4");
  await waitTurn(b, "black");
  await move(b, "d7", "d5");
  await waitTurn(a, "white");
  // Draw: Black offers, White accepts.
  await b.click("#online-draw");
  await a.waitForSelector("#accept-draw");
  await shot(a, "draw-offer");
  await a.click("#accept-draw");
  for (const p of [a, b]) await p.waitForSelector('#online-game[data-room-status="over"]');
  assert.equal(await a.textContent("#online-result strong"), "Draw (by agreement).");
  noErrors(a, b);
  await closeAll(a, b);
});

test("an abort before the first moves; a rematch moves both pages to the new room", async () => {
  const { a, b, id } = await twoPeople(env, ["Ed", "Flo"]);
  assert.equal(await a.isVisible("#online-abort"), true);
  await b.click("#online-abort");
  for (const p of [a, b]) await p.waitForSelector('#online-game[data-room-status="over"]');
  assert.equal(await a.textContent("#online-result strong"), "The game was aborted.");
  await closeAll(a, b);
  // A played game, then a rematch.
  const g = await twoPeople(env, ["Gus", "Hil"]);
  await move(g.a, "f2", "f3");
  await waitTurn(g.b, "black");
  await move(g.b, "e7", "e5");
  await waitTurn(g.a, "white");
  await move(g.a, "g2", "g4");
  await waitTurn(g.b, "black");
  await move(g.b, "d8", "h4");
  for (const p of [g.a, g.b]) await p.waitForSelector('#online-game[data-room-status="over"]');
  await g.a.click("#online-rematch");
  await g.b.waitForSelector("#accept-rematch");
  await g.b.click("#accept-rematch");
  for (const p of [g.a, g.b]) await p.waitForFunction((old) => !location.hash.includes(old) && document.querySelector("#online-game")?.dataset.roomStatus === "playing", g.id);
  const [ha, hb] = [await g.a.evaluate(() => location.hash), await g.b.evaluate(() => location.hash)];
  assert.equal(ha, hb);
  assert.notEqual(ha, `#/online/${id}`);
  // Colours swapped.
  assert.equal(await attr(g.a, "data-seat"), "black");
  assert.equal(await attr(g.b, "data-seat"), "white");
  noErrors(g.a, g.b);
  await closeAll(g.a, g.b);
});

test("watching from the lobby without a name; chat with HTML shown as text", async () => {
  const { a, b, id } = await twoPeople(env, ["Ivo", "Jo"], { time: "clock:180+2" });
  await move(a, "e2", "e4");
  await waitTurn(b, "black");
  // Someone without a name opens the lobby: the game is listed; Watch opens it.
  const w = await env.person(null);
  await w.waitForSelector(`#online-games li[data-room="${id}"] a.watch`);
  assert.match(await w.textContent(`#online-games li[data-room="${id}"]`), /Chess.*3\+2.*Ivo.*Jo/s);
  await shot(w, "lobby-games");
  await w.click(`#online-games li[data-room="${id}"] a.watch`);
  await w.waitForSelector('#online-game[data-ply="1"]');
  assert.equal(await attr(w, "data-seat"), "");
  assert.match(await w.textContent("#online-status"), /You are watching this game/);
  // The players see one watcher; a chat line with HTML in it is shown as text everywhere.
  const html = `<img src=x onerror="window.pwned=1"><b>gl</b>`;
  await a.fill("#chat-input", html);
  await a.click("#chat-send");
  for (const p of [a, b, w]) await p.waitForFunction((t) => [...document.querySelectorAll("#chat-lines .chat-text")].some((n) => n.textContent === t), html);
  for (const p of [a, b, w]) {
    assert.equal(await p.locator("#chat-lines img, #chat-lines b").count(), 0);
    assert.equal(await p.evaluate(() => window.pwned), undefined);
  }
  // The watcher without a name reads but has no input.
  assert.equal(await w.locator("#chat-input").count(), 0);
  // Muting Ivo on Jo's device hides his lines there only.
  await b.click("#chat-lines .chat-mute");
  await b.waitForSelector("#chat-muted .chat-muted");
  assert.equal(await b.locator("#chat-lines .chat-text").count(), 0);
  await shot(a, "room-clock-chat");
  await a.setViewportSize({ width: 390, height: 844 });
  await shot(a, "room-clock-chat-phone");
  noErrors(a, b, w);
  await closeAll(a, b, w);
});

test("the create form offers 1+0, 3+0, 3+2, 5+3, 10+0, 15+10, 30+0, a custom clock and the turn timers", async () => {
  const a = await env.person("Fiona");
  await a.waitForSelector("#create-room");
  const options = await a.$$eval("#cr-time option", (os) => os.map((o) => [o.value, o.textContent]));
  const clocks = options.filter(([v]) => v.startsWith("clock:"));
  assert.deepEqual(
    clocks.map(([, t]) => t),
    ["1+0", "3+0", "3+2", "5+3", "10+0", "15+10", "30+0"],
  );
  // Each value is what the server is sent: initial seconds + increment.
  assert.deepEqual(clocks.map(([v]) => v).slice(0, 3), ["clock:60+0", "clock:180+0", "clock:180+2"]);
  assert.deepEqual(options.filter(([v]) => v.startsWith("turn:")).map(([v]) => v), ["turn:30", "turn:60"]);
  assert.ok(options.some(([v]) => v === "none"));
  // The custom clock's fields show only when it is chosen.
  assert.equal(await a.isHidden("#cr-custom"), true);
  await a.selectOption("#cr-time", "custom");
  assert.equal(await a.isVisible("#cr-custom"), true);
  await a.fill("#cr-minutes", "0.5");
  await a.fill("#cr-increment", "3");
  await a.click("#cr-go");
  await a.waitForSelector("#online-game");
  const id = await a.evaluate(() => location.hash.split("/")[2]);
  const state = await (await fetch(`${env.server.url}/api/rooms/${id}`)).json();
  assert.deepEqual([state.clock.initial, state.clock.increment], [30, 3]);
  await a.waitForFunction(() => document.querySelector("#online-seats tr[data-seat=white] td.seat-clock")?.textContent === "0:30");
  // The lobby shows the room with its control.
  const b = await env.person("Gil");
  await b.waitForFunction((text) => [...document.querySelectorAll(".online-room .room-settings")].some((n) => n.textContent.includes(text)), "0.5+3");
  noErrors(a, b);
  await closeAll(a, b);
});

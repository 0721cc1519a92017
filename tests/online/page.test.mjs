// The online pages' defects of issue 50, each seen in chromium against the real server: moves
// by rounds, every string in es/it/en with a redraw on the language switch, the reconnecting
// state, long names, provisional ratings only in rated rooms.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startServer } from "./server.mjs";
import { useBrowser, waitTurn, move, createRoom, shot, englishLeft, noErrors } from "./pages.mjs";

const ARGS = ["--away-seconds", "30", "--ai-nodes", "300", "--stand-in-level", "1"];
const env = useBrowser(ARGS);

test("the language switch redraws the lobby and a room, and leaves no English", async () => {
  const ana = await env.person("Ana");
  await ana.waitForSelector("#create-room");
  // English first: the check finds the English texts it looks for (it can fail).
  assert.ok((await englishLeft(ana, "es")).length > 5);
  for (const lang of ["es", "it"]) {
    await ana.click(`[data-lang=${lang}]`);
    await ana.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.deepEqual(await englishLeft(ana), [], `lobby in ${lang}`);
  }
  assert.equal(await ana.textContent("#cr-go"), "Crea e invita");
  await ana.click("[data-lang=en]");
  // A waiting room (the invitation), then a game against the computer.
  const waitingId = await createRoom(ana, { game: "chess", seat: "white" });
  await ana.waitForSelector("#invite-box:not([hidden])");
  for (const lang of ["es", "it"]) {
    await ana.click(`[data-lang=${lang}]`);
    await ana.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.deepEqual(await englishLeft(ana), [], `waiting room in ${lang}`);
  }
  assert.equal(await ana.textContent("#online-status"), "In attesa di giocatori: invia l'invito.");
  await ana.click("[data-lang=en]");
  await ana.goto(`${env.server.url}/www/#/online`);
  const id = await createRoom(ana, { game: "chess", seat: "white", computers: { black: 1 } });
  assert.notEqual(id, waitingId);
  await waitTurn(ana, "white");
  await move(ana, "e2", "e4");
  await waitTurn(ana, "white");
  await move(ana, "d2", "d4");
  await waitTurn(ana, "white");
  for (const lang of ["es", "it"]) {
    await ana.click(`[data-lang=${lang}]`);
    await ana.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.deepEqual(await englishLeft(ana), [], `room in ${lang}`);
  }
  assert.equal(await ana.textContent("#online-status"), "Tocca a te.");
  assert.equal(await ana.textContent("#online-resign"), "Abbandona");
  // The moves survive the redraw, by rounds.
  assert.match(await ana.locator("#online-moves .round").first().textContent(), /^1\. e4 \S+$/);
  await ana.click("[data-lang=es]");
  await shot(ana, "room-es");
  await ana.click("[data-lang=en]");
  noErrors(ana);
  await ana.context().close();
});

test("a 24-character name is cut with an ellipsis and a title; casual rooms show no ratings", async () => {
  // Two people (names are unique on a server), each with a name of 24 characters.
  for (const [viewport, long] of [
    [{ width: 1280, height: 900 }, "Abcdefghijklmnopqrstuvwx"],
    [{ width: 390, height: 844 }, "Zbcdefghijklmnopqrstuvwx"],
  ]) {
    const p = await env.person(long, { viewport });
    await createRoom(p, { game: "chess", seat: "white", computers: { black: 1 } });
    await waitTurn(p, "white");
    const name = p.locator("#online-seats .player-name").first();
    assert.equal(await name.getAttribute("title"), long);
    assert.equal(await name.textContent(), long);
    const m = await p.evaluate(() => {
      const n = document.querySelector("#online-seats .player-name");
      const table = document.querySelector("#online-seats").getBoundingClientRect();
      const aside = document.querySelector("#online-game .info").getBoundingClientRect();
      const cells = [...document.querySelectorAll("#online-seats tr:first-child > *")].map((c) => c.getBoundingClientRect());
      return { cut: n.scrollWidth > n.clientWidth, shown: n.getBoundingClientRect().width, overflow: getComputedStyle(n).textOverflow, table, aside, cells, page: document.scrollingElement.scrollWidth };
    });
    assert.ok(m.cut, "the name is cut");
    // ... but still readable: not squeezed to nothing by the other columns.
    assert.ok(m.shown >= 60, `the name shows ${m.shown}px`);
    assert.equal(m.overflow, "ellipsis");
    assert.ok(m.table.right <= m.aside.right + 1, `the seat panel stays inside: ${JSON.stringify(m)}`);
    for (const c of m.cells) assert.ok(c.right <= m.table.right + 1 && c.width > 0, `every column inside: ${JSON.stringify(m)}`);
    assert.ok(m.page <= viewport.width, "no sideways scrolling");
    // Casual: no "1500?" beside anyone.
    assert.equal(await p.locator("#online-seats .seat-rating").count(), 0);
    await shot(p, `long-name-${viewport.width}`);
    noErrors(p);
    await p.context().close();
  }
});

test("during an outage the room says it is reconnecting and greys presence", async () => {
  const hal = await env.person("Hal");
  const id = await createRoom(hal, { game: "chess", seat: "white" });
  const ida = await env.person("Ida", { path: `#room=${id}` });
  await waitTurn(hal, "white");
  await hal.waitForSelector('#online-seats tr[data-seat=black] td.presence[data-state="connected"]');
  await hal.click("[data-lang=es]");
  await env.server.stop("SIGKILL");
  await hal.waitForSelector('#online-game[data-connected="false"]');
  assert.equal(await hal.textContent("#online-status"), "Reconectando…");
  assert.deepEqual(await hal.locator("#online-seats td.presence").evaluateAll((tds) => tds.map((td) => td.dataset.state)), ["unknown", "unknown"]);
  assert.equal(await hal.locator("#online-seats").getAttribute("data-stale"), "true");
  assert.equal(await hal.evaluate(() => getComputedStyle(document.querySelector("#online-seats td.presence")).opacity), "0.6");
  env.server = await startServer({ port: env.server.port, data: env.server.data, args: ARGS });
  await hal.waitForSelector('#online-game[data-connected="true"]', { timeout: 30000 });
  await waitTurn(hal, "white");
  assert.equal(await hal.textContent("#online-status"), "Tu turno.");
  await hal.click("[data-lang=en]");
  noErrors(hal, ida);
  await hal.context().close();
  await ida.context().close();
});

test("four players: one row per round, each move in its seat's cell", async () => {
  const red = await env.person("Rosa");
  await createRoom(red, { game: "ffa", seat: "red", computers: { blue: 1, yellow: 1, green: 1 } });
  for (let i = 0; i < 2; i++) {
    await waitTurn(red, "red");
    const m = await red.evaluate(() => window.tablero.online.legalMoves()[0]);
    await move(red, m.from, m.to);
  }
  await waitTurn(red, "red");
  const rows = await red.locator("#online-moves .moves4 tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 2, JSON.stringify(rows));
  for (const [i, r] of rows.entries()) {
    assert.equal(r[0], `${i + 1}.`);
    assert.equal(r.length, 5);
    for (const cell of r.slice(1)) assert.match(cell, /^[KQRBN]?[a-n]\d{1,2}-[a-n]\d{1,2}|^[KQRBN]?[a-n]\d{1,2}x/, JSON.stringify(rows));
  }
  noErrors(red);
  await red.context().close();
});

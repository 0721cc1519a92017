// The demo's Online pages in chromium, several browser contexts as several people, against the
// real tablero-server (serving www/ and pkg/ like `make demo`). Screenshots in test-artifacts/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startServer } from "./server.mjs";
import { useBrowser, open, attr, waitTurn, move, anyMove, createRoom, shot } from "./pages.mjs";

const ARGS = ["--away-seconds", "1", "--ai-nodes", "300", "--stand-in-level", "1"];
const env = useBrowser(ARGS);

test("two people play a rated game through an invitation link; names are text; ratings change", async () => {
  const ana = await env.person("Ana");
  await ana.waitForSelector("#online-counts");
  assert.equal(await ana.textContent("#online-counts"), "Nobody is playing yet · 0 rooms waiting");
  const id = await createRoom(ana, { game: "chess", rated: true, seat: "white" });
  await ana.waitForSelector("#invite-box:not([hidden])");
  const link = await ana.inputValue("#invite-link");
  assert.equal(link, `${env.server.url}/www/#room=${id}`);
  await shot(ana, "invitation");

  // A name with HTML in it, from someone who opens the link (asked for a name first).
  // (24 characters at most: names are 1–24 characters.)
  const evil = `<img src onerror=p=1>Bo`;
  const boCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  const bo = await boCtx.newPage();
  bo.errors = [];
  await bo.goto(link);
  // A waiting room's link offers Join or Watch; joining asks for a name first.
  await bo.waitForSelector("#join-box #watch-only");
  await bo.fill("#online-name", evil);
  await bo.click("#online-name-go");
  await waitTurn(bo, "white");
  assert.equal(await attr(bo, "data-seat"), "black");
  await waitTurn(ana, "white");
  assert.equal(await ana.textContent("#online-status"), "Your turn.");
  // Shown as text, never as markup.
  assert.equal(await ana.locator("#online-seats .player-name").nth(1).textContent(), evil);
  assert.equal(await ana.locator("#online-seats img").count(), 0);
  // A rated room shows each person's rating, provisional ones with "?".
  assert.deepEqual(await ana.locator("#online-seats .seat-rating").allTextContents(), [" 1500?", " 1500?"]);

  await move(ana, "f2", "f3");
  await waitTurn(bo, "black");
  // A refusal in words: it is not Ana's turn (her own pawns may be premoved; Black's pieces
  // are not hers).
  await ana.locator('#online-board [data-square="e7"]').click();
  await ana.waitForSelector("#online-flash:not([hidden])");
  assert.match(await ana.textContent("#online-flash"), /not your turn/);
  await move(bo, "e7", "e5");
  await waitTurn(ana, "white");
  await shot(ana, "live-game");
  await move(ana, "g2", "g4");
  await waitTurn(bo, "black");
  await move(bo, "d8", "h4");
  for (const p of [ana, bo]) await p.waitForSelector("#online-rating-change");
  assert.match(await ana.textContent("#online-result"), /Black \(.*Bo.*\) won \(checkmate\)/);
  // The server sends UCI; the page lists the moves in SAN, as chess players write them.
  assert.deepEqual(await ana.locator("#online-moves .mv").allTextContents(), ["f3", "e5", "g4", "Qh4#"]);
  // By rounds, as chess players write them.
  assert.deepEqual(await ana.locator("#online-moves .round").allTextContents(), ["1. f3 e5", "2. g4 Qh4#"]);
  assert.equal(await ana.textContent("#online-rating-change"), "Your rating: 1500 → 1480 (−20)");
  assert.equal(await bo.textContent("#online-rating-change"), "Your rating: 1500 → 1520 (+20)");
  assert.equal(await ana.evaluate(() => window.p), undefined);

  // The leaderboard of chess, with the name as text.
  await ana.goto(`${env.server.url}/www/#/online`);
  await ana.waitForSelector("#leaderboard tbody tr");
  const rows = await ana.locator("#leaderboard tbody tr").allTextContents();
  assert.equal(rows.length, 2);
  assert.ok(rows[0].includes(evil) && rows[0].includes("1520?"), rows[0]);
  assert.ok(rows[1].includes("Ana") && rows[1].includes("1480?"), rows[1]);
  assert.equal(await ana.locator("#my-online li").count(), 1);
  await shot(ana, "leaderboard");
  assert.deepEqual([...ana.errors, ...bo.errors], []);
  await ana.context().close();
  await boCtx.close();
});

test("four-player free-for-all with two people and two computers", async () => {
  const red = await env.person("Rosa");
  const id = await createRoom(red, { game: "ffa", seat: "red", computers: { blue: 1, green: 1 } });
  // The lobby of someone else lists the room with its computers and the free seat.
  const yel = await env.person("Yann");
  await yel.waitForSelector(".online-room");
  const text = await yel.locator(".online-room").first().textContent();
  assert.match(text, /Four-player free-for-all.*Rosa.*Computer, level 1.*free seat.*Computer, level 1/s);
  await shot(yel, "lobby");
  await yel.goto(`${env.server.url}/www/#/online/${id}`);
  await yel.click("#join-seat");
  await waitTurn(red, "red");
  for (let round = 0; round < 2; round++) {
    await anyMove(red);
    await waitTurn(yel, "yellow");
    await anyMove(yel);
    await waitTurn(red, "red");
  }
  assert.equal(await attr(red, "data-ply"), "8");
  const seats = await red.locator("#online-seats tr").allTextContents();
  assert.ok(seats[1].includes("Computer, level 1") && seats[2].includes("Yann"), seats.join(" | "));
  await red.context().close();
  await yel.context().close();
});

test("reload keeps the seat; a closed page is played by the computer, then the person plays on", async () => {
  const eve = await env.person("Eve");
  const id = await createRoom(eve, { game: "chess", seat: "white" });
  const fin = await env.person("Fin", { path: `#room=${id}` });
  await waitTurn(eve, "white");
  await move(eve, "e2", "e4");
  await waitTurn(fin, "black");
  await move(fin, "e7", "e5");
  // Fin reloads while it is Eve's turn: same seat afterwards.
  await fin.reload();
  await fin.waitForSelector("#online-game[data-seat=black]");
  await waitTurn(eve, "white");
  await move(eve, "g1", "f3");
  await waitTurn(fin, "black");
  await move(fin, "b8", "c6");
  // Fin closes the page; after the grace period the computer plays Fin's turn.
  const ctx = fin.context();
  await fin.close();
  await waitTurn(eve, "white");
  await move(eve, "f1", "c4");
  await eve.waitForSelector('#online-game[data-ply="6"][data-turn="white"]');
  await eve.waitForSelector('#online-seats tr[data-seat=black] td.presence[data-state="away"]');
  await eve.waitForFunction(() => /the computer is playing for Fin/.test(document.querySelector("#online-seats tr[data-seat=black] td.presence").textContent));
  // Fin comes back on the same device: the seat is theirs again, at once.
  const back = await open(env.server, ctx, `#/online/${id}`);
  await back.waitForSelector("#online-game[data-seat=black]");
  await back.waitForSelector('#online-seats tr[data-seat=black] td.presence[data-state="connected"]');
  // Any legal move: the stand-in (level 4, the room's random seed) chose Black's last move,
  // and ...Bb4 pins d2, which made the fixed d2-d3 of earlier runs fail now and then.
  await anyMove(eve);
  await waitTurn(back, "black");
  await anyMove(back);
  await waitTurn(eve, "white");
  assert.equal(await attr(eve, "data-ply"), "8");
  await eve.context().close();
  await ctx.close();
});

test("on a phone, the room fits the screen and plays", async () => {
  const phone = { width: 390, height: 844 };
  const gil = await env.person("Gil", { viewport: phone });
  const id = await createRoom(gil, { game: "3check", seat: "white", computers: { black: 1 } });
  await waitTurn(gil, "white");
  await move(gil, "e2", "e4");
  await waitTurn(gil, "white");
  const fits = await gil.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, "no sideways scrolling");
  const box = await gil.locator("#online-board svg").boundingBox();
  assert.ok(box.width > 300 && box.x >= 0 && box.x + box.width <= phone.width + 1, JSON.stringify(box));
  await shot(gil, "phone");
  assert.ok(id);
  await gil.context().close();
});

test("the server restarts mid-game and both pages continue", async () => {
  const hal = await env.person("Hal");
  const id = await createRoom(hal, { game: "kingofthehill", seat: "white" });
  const ida = await env.person("Ida", { path: `#room=${id}` });
  await waitTurn(hal, "white");
  await move(hal, "e2", "e4");
  await waitTurn(ida, "black");
  await env.server.stop("SIGKILL");
  await hal.waitForSelector("#banner:not([hidden])");
  assert.match(await hal.textContent("#banner-text"), /Connection lost/);
  env.server = await startServer({ port: env.server.port, data: env.server.data, args: ARGS });
  await hal.waitForSelector("#banner", { state: "hidden", timeout: 30000 });
  await ida.waitForSelector("#banner", { state: "hidden", timeout: 30000 });
  await move(ida, "e7", "e5");
  await waitTurn(hal, "white");
  await move(hal, "d2", "d4");
  await waitTurn(ida, "black");
  assert.equal(await attr(ida, "data-ply"), "3");
  await hal.context().close();
  await ida.context().close();
});

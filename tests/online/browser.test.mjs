// The demo's Online pages in chromium, several browser contexts as several people, against the
// real tablero-server (serving www/ and pkg/ like `make demo`). Screenshots in test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { chromium } from "playwright-core";
import { startServer, REPO } from "./server.mjs";

const ARTIFACTS = `${REPO}test-artifacts`;
const ARGS = ["--away-seconds", "1", "--ai-nodes", "300", "--stand-in-level", "1"];
let server;
let browser;

before(async () => {
  server = await startServer({ args: ARGS });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  await mkdir(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A person: their own browser context (own localStorage), on the online lobby with a name. */
async function person(name, { viewport = { width: 1280, height: 900 }, path = "#/online" } = {}) {
  const context = await browser.newContext({ viewport, locale: "en-US" });
  const page = await open(context, path);
  await page.fill("#online-name", name);
  await page.click("#online-name-go");
  return page;
}

async function open(context, path) {
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  await page.goto(`${server.url}/www/${path}`);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

const game = (page) => page.locator("#online-game");
const attr = (page, name) => game(page).getAttribute(name);
async function waitTurn(page, seat) {
  await page.waitForSelector(`#online-game[data-turn="${seat}"][data-room-status="playing"]`, { timeout: 30000 });
}
async function move(page, from, to) {
  const ply = Number(await attr(page, "data-ply"));
  const advanced = (timeout) =>
    page.waitForFunction((p) => Number(document.querySelector("#online-game").dataset.ply) > p, ply, { timeout }).then(
      () => true,
      () => false,
    );
  await page.locator(`#online-board [data-square="${from}"]`).click();
  await page.locator(`#online-board [data-square="${to}"]`).click();
  if (await advanced(15000)) return;
  // Seen twice in full runs on a loaded machine, never alone: the two clicks did not become a
  // move. Say what the page showed (so the cause can be found), then click once more; a page
  // that still does not move fails the test.
  const seen = await page.evaluate(() => ({
    ply: document.querySelector("#online-game")?.dataset.ply,
    turn: document.querySelector("#online-game")?.dataset.turn,
    flash: document.querySelector("#online-flash")?.textContent,
    selected: document.querySelector('#online-board [aria-selected="true"]')?.dataset.square ?? null,
  }));
  console.warn(`move ${from}${to} at ply ${ply} did not arrive in 15 s; the page showed ${JSON.stringify(seen)}; clicking again`);
  if (seen.selected) await page.locator(`#online-board [data-square="${seen.selected}"]`).click();
  await page.locator(`#online-board [data-square="${from}"]`).click();
  await page.locator(`#online-board [data-square="${to}"]`).click();
  assert.ok(await advanced(30000), `move ${from}${to} at ply ${ply} was not played: ${JSON.stringify(seen)}`);
}
/** Plays the seat's first legal move (as the engine lists them) by clicking it. */
async function anyMove(page) {
  const m = await page.evaluate(() => window.tablero.online.legalMoves()[0]);
  await move(page, m.from, m.to);
}
async function createRoom(page, { game: g = "chess", rated = false, seat, computers = {} } = {}) {
  await page.waitForSelector("#create-room");
  await page.selectOption("#cr-game", g);
  await page.selectOption("#cr-rated", rated ? "1" : "0");
  if (seat) await page.selectOption("#cr-seat", seat);
  for (const [s, level] of Object.entries(computers)) await page.selectOption(`#cr-seat-${s}`, String(level));
  await page.click("#cr-go");
  await page.waitForSelector("#online-game");
  return page.evaluate(() => location.hash.split("/")[2]);
}
const shot = (page, name) => page.screenshot({ path: `${ARTIFACTS}/online-${name}.png`, fullPage: true });

test("two people play a rated game through an invitation link; names are text; ratings change", async () => {
  const ana = await person("Ana");
  await ana.waitForSelector("#online-counts");
  assert.equal(await ana.textContent("#online-counts"), "Nobody is playing yet · 0 rooms waiting");
  const id = await createRoom(ana, { game: "chess", rated: true, seat: "white" });
  await ana.waitForSelector("#invite-box:not([hidden])");
  const link = await ana.inputValue("#invite-link");
  assert.equal(link, `${server.url}/www/#room=${id}`);
  await shot(ana, "invitation");

  // A name with HTML in it, from someone who opens the link (asked for a name first).
  // (24 characters at most: names are 1–24 characters.)
  const evil = `<img src onerror=p=1>Bo`;
  const boCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
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
  await ana.goto(`${server.url}/www/#/online`);
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
  const red = await person("Rosa");
  const id = await createRoom(red, { game: "ffa", seat: "red", computers: { blue: 1, green: 1 } });
  // The lobby of someone else lists the room with its computers and the free seat.
  const yel = await person("Yann");
  await yel.waitForSelector(".online-room");
  const text = await yel.locator(".online-room").first().textContent();
  assert.match(text, /Four-player free-for-all.*Rosa.*Computer, level 1.*free seat.*Computer, level 1/s);
  await shot(yel, "lobby");
  await yel.goto(`${server.url}/www/#/online/${id}`);
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
  const eve = await person("Eve");
  const id = await createRoom(eve, { game: "chess", seat: "white" });
  const fin = await person("Fin", { path: `#room=${id}` });
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
  const back = await open(ctx, `#/online/${id}`);
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
  const gil = await person("Gil", { viewport: phone });
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
  const hal = await person("Hal");
  const id = await createRoom(hal, { game: "kingofthehill", seat: "white" });
  const ida = await person("Ida", { path: `#room=${id}` });
  await waitTurn(hal, "white");
  await move(hal, "e2", "e4");
  await waitTurn(ida, "black");
  await server.stop("SIGKILL");
  await hal.waitForSelector("#banner:not([hidden])");
  assert.match(await hal.textContent("#banner-text"), /Connection lost/);
  server = await startServer({ port: server.port, data: server.data, args: ARGS });
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

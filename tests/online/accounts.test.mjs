// Issue 51 in chromium against the real server: the page under its Content-Security-Policy,
// names people can trust, identity, records and profiles.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, open, createRoom, waitTurn, move, noErrors } from "./pages.mjs";

const ARGS = ["--ai-nodes", "300", "--stand-in-level", "1"];
const env = useBrowser(ARGS);

/** A context that records every CSP violation its pages report (before any script runs). */
async function watchedContext() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  context.consoleCsp = [];
  context.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) context.consoleCsp.push(m.text());
  });
  return context;
}

test("the page works under its Content-Security-Policy: no violation at home, with the worker, online", async () => {
  const response = await fetch(`${env.server.url}/www/`);
  const csp = response.headers.get("content-security-policy");
  assert.match(csp ?? "", /script-src 'self' 'wasm-unsafe-eval'/);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  const context = await watchedContext();
  const page = await open(env.server, context, "#/");
  // A local game with the computer's hint (the Web Worker and its wasm).
  await page.click("#start");
  await page.waitForSelector("svg.board");
  await page.click("#hint");
  await page.waitForSelector('#hint-text[data-state="shown"], #hint-text[data-state="error"]', { timeout: 30000 });
  // Online: a name, a room against the computer, a move over the socket.
  await page.goto(`${env.server.url}/www/#/online`);
  await page.fill("#online-name", "Csp Tester");
  await page.click("#online-name-go");
  await createRoom(page, { game: "chess", seat: "white", computers: { black: 1 } });
  await waitTurn(page, "white");
  await move(page, "e2", "e4");
  await waitTurn(page, "white");
  const violations = await page.evaluate(() => window.cspViolations);
  assert.deepEqual(violations, []);
  assert.deepEqual(context.consoleCsp, []);
  noErrors(page);
  // The check can fail: an inline script is reported.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.inlineRan = true";
    document.body.append(s);
  });
  await page.waitForFunction(() => window.cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.inlineRan), undefined);
  await context.close();
});

test("a refused bidi name, a rename mid-game that keeps the seat, the recovery code on another device", async () => {
  const ana = await env.person("evi\u202El");
  await ana.waitForSelector("#online-name-error:not([hidden])");
  assert.match(await ana.textContent("#online-name-error"), /invisible/);
  assert.equal(await ana.evaluate(() => localStorage.getItem("tablero.online")), null);
  await ana.fill("#online-name", "Ana Page");
  await ana.click("#online-name-go");
  const id = await createRoom(ana, { game: "chess", seat: "white", computers: { black: 1 } });
  await waitTurn(ana, "white");
  await move(ana, "e2", "e4");
  await waitTurn(ana, "white");
  // To the lobby, rename, and back: the same seat, the new name.
  await ana.goto(`${env.server.url}/www/#/online`);
  await ana.click("#online-rename");
  await ana.fill("#online-rename-name", "Ana Nueva");
  await ana.click("#online-rename-go");
  await ana.waitForFunction(() => document.querySelector("#online-me")?.textContent === "Ana Nueva");
  await ana.goto(`${env.server.url}/www/#/online/${id}`);
  await waitTurn(ana, "white");
  assert.equal(await ana.locator("#online-game").getAttribute("data-seat"), "white");
  assert.equal(await ana.locator("#online-seats .player-name").first().textContent(), "Ana Nueva");
  await move(ana, "d2", "d4");
  // The recovery code signs another device in as the same player, in the same seat.
  await ana.goto(`${env.server.url}/www/#/online`);
  await ana.click("#online-recovery");
  const code = await ana.textContent("#online-recovery-code");
  assert.match(code, /^(\S{4} )+\S{1,4}$/);
  const other = await env.person(null);
  await other.click(".recover-box summary");
  await other.fill("#online-code", code);
  await other.click("#online-code-go");
  await other.waitForFunction(() => document.querySelector("#online-me")?.textContent === "Ana Nueva");
  await other.goto(`${env.server.url}/www/#/online/${id}`);
  await waitTurn(other, "white");
  assert.equal(await other.locator("#online-game").getAttribute("data-seat"), "white");
  // A guessed code is refused in words.
  const third = await env.person(null);
  await third.click(".recover-box summary");
  await third.fill("#online-code", "AAAA BBBB CCCC DDDD");
  await third.click("#online-code-go");
  await third.waitForSelector("#online-code-error:not([hidden])");
  assert.equal(await third.textContent("#online-code-error"), "No player has this recovery code.");
  noErrors(ana, other, third);
});

test("a finished game: in Your games, on the profile with its moves and clocks, downloaded and imported back with its clocks, replayed", async () => {
  const page = await env.person("Rita Replay");
  await createRoom(page, { game: "chess", seat: "white", computers: { black: 1 }, time: "clock:180+2" });
  await waitTurn(page, "white");
  await move(page, "e2", "e4");
  await waitTurn(page, "white");
  await move(page, "d2", "d4");
  await waitTurn(page, "white");
  await page.click("#online-resign");
  await page.click('#confirm button[value="yes"]');
  await page.waitForSelector('#online-game[data-room-status="over"]');
  await page.goto(`${env.server.url}/www/#/online`);
  const item = page.locator("#my-online .games-list li.played").first();
  await item.waitFor();
  assert.equal(await item.locator(".played-result").textContent(), "Lost");
  // The profile, reached from the name.
  await page.click("#online-profile");
  await page.waitForSelector("#profile-name");
  assert.equal(await page.textContent("#profile-name"), "Rita Replay");
  await page.locator("#profile-games li.played").first().waitFor();
  // The download: the record with a clock after every move, which the package reads back.
  const href = await page.locator("#profile-games a.download").first().getAttribute("href");
  const pgn = await (await fetch(href)).text();
  assert.match(pgn, /\[TimeControl "180\+2"\]/);
  assert.match(pgn, /\[Result "0-1"\]/);
  const read = await page.evaluate(async (text) => {
    const { newGame } = await import("/pkg/tablero.js");
    const g = newGame({ pgn: text });
    const clocks = [];
    for (let node = g.tree().children[0]; node; node = node.children[0]) clocks.push(node.clock ?? null);
    return { plies: g.history().length, clocks, written: (text.match(/\[%clk /g) ?? []).length };
  }, pgn);
  assert.ok(read.plies >= 4);
  assert.equal(read.clocks.length, read.plies);
  assert.equal(read.written, read.plies);
  // First moves keep the full 3 minutes (R11.2); no clock ever shows more.
  assert.deepEqual(read.clocks.slice(0, 2), [180000, 180000]);
  assert.ok(read.clocks.every((c) => Number.isInteger(c) && c > 0 && c <= 182000), JSON.stringify(read.clocks));
  // The moves with their clocks, on the profile.
  await page.click("#profile-games details.record summary");
  await page.waitForSelector("#profile-games .record-moves li");
  const first = await page.locator("#profile-games .record-moves li").allTextContents();
  assert.equal(first.length, read.plies);
  assert.equal(first[0], "e4 (3:00)");
  // Replay: the record opens in the game view.
  await page.click("#profile-games button.replay");
  await page.waitForFunction(() => location.hash.startsWith("#/game/"));
  await page.waitForSelector("svg.board");
  noErrors(page);
});

// Shared set-up for the browser tests: a static server on a free port and Debian's chromium
// driven by playwright-core. Nothing is fetched from the internet.
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const ARTIFACTS = `${ROOT}test-artifacts`;

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A free loopback TCP port (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Debian's chromium, headless. A launch that fails is tried once more: chromium has crashed
 * (SIGSEGV) while starting up, before any page was opened, in about one run of `make test` in
 * many on the 2-core machine. The first failure is still printed.
 */
async function launchChromium() {
  const options = { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS };
  try {
    return await chromium.launch(options);
  } catch (e) {
    console.error(`chromium failed to start, trying once more: ${String(e).split("\n")[0]}`);
    return await chromium.launch(options);
  }
}

/** Starts scripts/serve.mjs and chromium; returns { base, browser, close() }. `root` serves
 * another tree than this checkout (a benchmark's baseline). */
export async function startEnv({ root = ROOT } = {}) {
  const port = await freePort();
  const server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(port), "--host", "127.0.0.1", "--root", root], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      if (out.includes("Demo:")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  server.stdout.resume();
  let browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    // A live server child would keep this test process (and `make test`) running forever.
    server.kill();
    throw e;
  }
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    base: `http://127.0.0.1:${port}/www/`,
    browser,
    async close() {
      await browser.close();
      server.kill();
    },
  };
}

/** The test file's server and browser: started before its first test, closed after its last.
 * The object returned is the env of `startEnv` once `before` has run (`env.base`,
 * `newPage(env)`). */
export function useEnv(options) {
  const env = {};
  before(async () => {
    Object.assign(env, await startEnv(options));
  });
  after(async () => {
    await env.close?.();
  });
  return env;
}

/** A fresh page (own storage) with console errors collected in page.errors. */
export async function newPage(env, { viewport = { width: 1280, height: 900 }, locale = "en-US", init, hasTouch = false, clock = false } = {}) {
  const context = await env.browser.newContext({ viewport, locale, acceptDownloads: true, hasTouch });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && page.errors.push(m.text()));
  if (init) await page.addInitScript(init);
  if (clock) await page.clock.install();
  await page.goto(env.base);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

export const sq = (page, square) => page.locator(`svg.board [data-square="${square}"]`);

/** Clicks from-square then to-square. */
export async function clickMove(page, from, to) {
  await sq(page, from).click();
  await sq(page, to).click();
}

/** Waits until every pending IndexedDB write of the app is done. */
export async function saved(page) {
  await page.evaluate(() => window.tableroSaved());
}

export async function startGame(page, choice, seats = {}) {
  await page.goto(page.url().split("#")[0] + "#/");
  await page.locator(`.choice[data-choice="${choice}"]`).click();
  for (const [seat, value] of Object.entries(seats)) await page.selectOption(`#seat-${seat}`, value);
  await page.click("#start");
  await page.waitForSelector("svg.board [data-square]");
}

/** Imports text through the import dialog, choosing the game `as`. */
export async function importGame(page, text, as = "") {
  await page.goto(page.url().split("#")[0] + "#/saved");
  await page.click("#view-saved .import-open");
  await page.selectOption("#import-as", as);
  await page.fill("#import-text", text);
  await page.click("#import-go");
  await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
}

/** Imports `text` through the import dialog's "Import and analyse": the analysis board. */
export async function importAndAnalyse(page, text) {
  await page.goto(page.url().split("#")[0] + "#/saved");
  await page.click("#view-saved .import-open");
  await page.fill("#import-text", text);
  await page.click("#import-analyse");
  await page.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
}

export async function boardShot(page, name) {
  await page.locator("#board").screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** Opens the home page and picks `choice`, with the time control (`time`, in the select's
 * values) and the move limit (`moveLimit`, the form's number) when given; does not start. */
export async function chooseHome(page, choice, { time, moveLimit } = {}) {
  await page.goto(page.url().split("#")[0] + "#/");
  await page.locator(`.choice[data-choice="${choice}"]`).click();
  if (time !== undefined) await page.selectOption("#opt-time", String(time));
  if (moveLimit !== undefined) {
    await page.fill("#opt-movelimit", String(moveLimit));
    await page.locator("#opt-movelimit").dispatchEvent("change");
  }
}

/** Waits for the app's saves, reloads, and waits for the app to be ready again. */
export async function reload(page) {
  await saved(page);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
}

/** Waits (up to `tries` × 50 ms) until `locator`'s text matches `re`, and returns the text;
 * fails with the last text. The element must be visible (`state: "attached"`: present). */
export async function expectText(locator, re, { tries = 200, state = "visible" } = {}) {
  await locator.waitFor({ state });
  for (let i = 0; i < tries; i++) {
    const text = await locator.textContent();
    if (re.test(text)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.match(await locator.textContent(), re);
}

/** The game page's status line. */
export const status = (page) => page.locator("#status");
/** The open game's ply (-1 without a game). */
export const ply = (page) => page.evaluate(() => window.tablero.game?.ply ?? -1);
/** The number of moves in the open game's history (-1 without a game). */
export const plies = (page) => page.evaluate(() => window.tablero.game?.history().length ?? -1);

/** Every seat of a four-player game a person at this device. */
export const HUMANS4 = { red: "human", blue: "human", yellow: "human", green: "human" };

// --- positions ------------------------------------------------------------------------------
const FILES = "abcdefghijklmn";
/** A FEN4 (R7.2) from its head ("R-0,0,0,0-...-0") and a map of squares to pieces ("rK"),
 * the corners written "x". */
export function fen4(head, pieces) {
  const rows = [];
  for (let r = 13; r >= 0; r--) {
    const cells = [];
    let run = 0;
    for (let f = 0; f < 14; f++) {
      const corner = (f < 3 || f > 10) && (r < 3 || r > 10);
      const p = pieces[FILES[f] + (r + 1)];
      if (corner || p) {
        if (run) cells.push(String(run));
        run = 0;
        cells.push(corner ? "x" : p);
      } else run++;
    }
    if (run) cells.push(String(run));
    rows.push(cells.join(","));
  }
  return `${head}-${rows.join("/")}`;
}
/** Red's back-rank mate of Yellow: Rd2-d14 (with the kings of Blue and Green, FOUR_MATE). */
export const BACK_RANK4 = { h1: "rK", d2: "rR", g14: "yK", f13: "yP", g13: "yP", h13: "yP" };
/** Red to move; Rd2-d14 mates Yellow while Blue and Green are still in (R5.11, R5.16). */
export const FOUR_MATE = fen4("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0", { ...BACK_RANK4, a7: "bK", n8: "gK" });

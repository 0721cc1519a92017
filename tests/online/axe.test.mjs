// axe-core (npm) on every view of the demo, in chromium, served by the real tablero-server so
// the online lobby and room are views like the others: no serious or critical violation,
// light and dark. A new view is one entry in VIEWS.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { useBrowser, open, createRoom, ARTIFACTS } from "./pages.mjs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Clicks a move on the local game's board. */
async function clickMove(page, from, to) {
  await page.locator(`svg.board [data-square="${from}"]`).click();
  await page.locator(`svg.board [data-square="${to}"]`).click();
}
/** Starts a local game from the home page with every seat's controller given. */
async function startLocal(page, choice, seats) {
  await page.goto(page.url().split("#")[0] + "#/");
  await page.locator(`.choice[data-choice="${choice}"]`).click();
  for (const [seat, value] of Object.entries(seats)) await page.selectOption(`#seat-${seat}`, value);
  await page.click("#start");
  await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
}

/**
 * Every view of the page, each reached from a fresh page at `#/` the way a person would.
 */
const VIEWS = [
  { name: "home", go: async () => {} },
  {
    name: "game, two players (a piece picked up)",
    go: async (page) => {
      await startLocal(page, "chess", { white: "human", black: "human" });
      await clickMove(page, "e2", "e4");
      await page.locator('svg.board [data-square="e7"]').click();
    },
  },
  {
    name: "game, four players",
    go: async (page) => {
      await startLocal(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
      await clickMove(page, "h2", "h3");
    },
  },
  {
    name: "game over",
    go: async (page) => {
      await startLocal(page, "chess", { white: "human", black: "human" });
      for (const [a, b] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) await clickMove(page, a, b);
      await page.waitForSelector("#gameover[open]");
    },
  },
  { name: "rules", go: async (page) => page.goto(page.url().split("#")[0] + "#/rules/ffa") },
  {
    name: "analysis board (a game played into it)",
    go: async (page) => {
      await startLocal(page, "chess", { white: "human", black: "human" });
      for (const [a, b] of [["e2", "e4"], ["e7", "e5"]]) await clickMove(page, a, b);
      await page.click("#analyse-game");
      await page.waitForSelector("#view-analysis:not([hidden]) #an-board svg.board [data-square]");
    },
  },
  {
    name: "board editor (cross board)",
    go: async (page) => {
      await page.goto(page.url().split("#")[0] + "#/editor?game=ffa");
      await page.waitForSelector("#view-editor:not([hidden]) svg.board [data-square]");
    },
  },
  {
    name: "saved games",
    go: async (page) => {
      await startLocal(page, "chess", { white: "human", black: "ai1" });
      await page.evaluate(() => window.tableroSaved());
      await page.goto(page.url().split("#")[0] + "#/saved");
      await page.waitForSelector("#saved-body tr");
    },
  },
  {
    name: "online lobby",
    go: async (page) => {
      await page.goto(page.url().split("#")[0] + "#/online");
      await page.fill("#online-name", `Axe${Math.floor(Math.random() * 1e6)}`);
      await page.click("#online-name-go");
      await page.waitForSelector("#create-room");
    },
  },
  {
    name: "online room",
    go: async (page) => {
      await page.goto(page.url().split("#")[0] + "#/online");
      await page.fill("#online-name", `Axe${Math.floor(Math.random() * 1e6)}`);
      await page.click("#online-name-go");
      await createRoom(page, { game: "chess", seat: "white", computers: { black: 1 } });
      await page.waitForSelector('#online-game[data-room-status="playing"]');
    },
  },
];

const env = useBrowser(["--ai-nodes", "300"]);

for (const scheme of ["light", "dark"]) {
  for (const view of VIEWS) {
    test(`axe: ${view.name} (${scheme}): no serious or critical violation`, async () => {
      // The server's Content-Security-Policy refuses inline scripts, and Playwright injects axe
      // as one: the page's own policy is checked by accounts.test.mjs, so it is bypassed here.
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", colorScheme: scheme, bypassCSP: true });
      const page = await open(env.server, context, "#/");
      await view.go(page);
      // Animations and the board's slide settle before the colours are read: a frame for one
      // just started, then the end of every finite one (the spinners turn forever).
      await page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
        await Promise.all(finite.map((a) => a.finished.catch(() => {})));
      });
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ["violations"] });
        return r.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
      });
      if (violations.length) await page.screenshot({ path: `${ARTIFACTS}/axe-${view.name.replace(/\W+/g, "-")}-${scheme}.png`, fullPage: true });
      assert.deepEqual(violations, [], violations.join("\n"));
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }
}

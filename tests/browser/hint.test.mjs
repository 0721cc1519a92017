// The Hint button: the engine's worker analyses the live position and the page marks the
// suggested move on the board and names it in the side panel. The expected move is worked out
// from the engine's own position (every legal move tried), never typed in by hand.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { ARTIFACTS, boardShot, clickMove, importGame, newPage, sq, startEnv, startGame } from "./helpers.mjs";

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

/** The moves that win the game at once for the player to move, by playing each legal move on a
 * copy of the page's game: [{from, to, san}]. */
const winningMoves = (page) =>
  page.evaluate(() => {
    const game = window.tablero.game;
    const Game = game.constructor;
    const mover = game.status().turn;
    const wins = [];
    for (const m of game.legalMoves()) {
      const copy = Game.fromJSON(game.toJSON());
      try {
        copy.play({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion[0] } : {}) });
        const st = copy.status();
        if (st.over && st.result?.winners.length === 1 && st.result.winners[0] === mover) wins.push({ from: m.from, to: m.to, san: m.san });
      } finally {
        copy.free();
      }
    }
    return wins;
  });

const hintSquares = async (page) => ({
  from: await page.locator('svg.board [data-hint="from"]').getAttribute("data-square"),
  to: await page.locator('svg.board [data-hint="to"]').getAttribute("data-square"),
});

async function expectNoHint(page) {
  assert.equal(await page.locator("svg.board [data-hint]").count(), 0);
  assert.equal(await page.locator("svg.board .hint-arrow").count(), 0);
  assert.equal(await page.locator("#hint-text").isHidden(), true);
}

async function askHint(page) {
  // A mate in one is found in a few milliseconds, so record the button's states as they come.
  await page.evaluate(() => {
    const btn = document.querySelector("#hint");
    window.hintStates = [];
    window.hintObserver?.disconnect();
    window.hintObserver = new MutationObserver(() =>
      window.hintStates.push({ busy: btn.getAttribute("aria-busy"), disabled: btn.disabled }),
    );
    window.hintObserver.observe(btn, { attributes: true });
  });
  await page.click("#hint");
  await page.waitForSelector('#hint-text[data-state="shown"], #hint-text[data-state="error"]', { timeout: 20000 });
  assert.equal(await page.locator("#hint-text").getAttribute("data-state"), "shown", await page.locator("#hint-text").textContent());
  // While the worker thought, the button was disabled and said it was busy.
  const states = await page.evaluate(() => window.hintStates);
  assert.ok(states.some((s) => s.busy === "true" && s.disabled), JSON.stringify(states));
  assert.equal(await page.locator("#hint").getAttribute("aria-busy"), "false");
}

describe("the Hint button", () => {
  test("Fool's mate: the hint is the only mate (Qh4#), marked on the board; a move or undo clears it", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    await clickMove(page, "f2", "f3");
    await clickMove(page, "e7", "e5");
    await clickMove(page, "g2", "g4");
    const wins = await winningMoves(page);
    assert.equal(wins.length, 1, JSON.stringify(wins));
    const [mate] = wins;

    await askHint(page);
    assert.deepEqual(await hintSquares(page), { from: mate.from, to: mate.to });
    assert.equal(await page.locator("svg.board .hint-arrow path").count(), 1);
    // The last move (g2-g4) keeps its own highlight, apart from the hint's.
    assert.equal(await sq(page, "g4").locator(".last").count(), 1);
    assert.equal(await sq(page, "g4").getAttribute("data-hint"), null);
    const text = await page.locator("#hint-text").textContent();
    assert.equal(text, `Hint: ${mate.san} (mate in 1)`);
    assert.equal(await page.evaluate(() => window.tablero.hint?.move.san), mate.san);
    await page.screenshot({ path: `${ARTIFACTS}/hint-fools-mate.png` });

    // Reviewing an earlier position hides it; back at the live position it is there again.
    await page.click("#rp-prev");
    assert.equal(await page.locator("svg.board [data-hint]").count(), 0);
    assert.equal(await page.locator("#hint-text").isHidden(), true);
    assert.equal(await page.locator("#hint").isDisabled(), true);
    await page.click("#rp-live");
    assert.deepEqual(await hintSquares(page), { from: mate.from, to: mate.to });
    assert.equal(await page.locator("#hint-text").textContent(), text);

    // Another move clears it.
    await clickMove(page, "a7", "a6");
    await expectNoHint(page);
    assert.equal(await page.locator("#hint").isDisabled(), false);
    // Back to the mate position: ask again, then undo clears it.
    await page.click("#undo");
    await askHint(page);
    assert.deepEqual(await hintSquares(page), { from: mate.from, to: mate.to });
    await page.click("#undo");
    await expectNoHint(page);

    // Play the hinted move from the marked squares: the game ends and no hint can be asked.
    await clickMove(page, "g2", "g4");
    await askHint(page);
    const { from, to } = await hintSquares(page);
    await clickMove(page, from, to);
    await page.waitForSelector("#gameover[open]");
    await page.click('#gameover button[value="review"]');
    await expectNoHint(page);
    assert.equal(await page.locator("#hint").isDisabled(), true);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("King of the Hill at phone width, in Spanish: the only hill-in-one move, 'gana en 1'", async () => {
    const page = await newPage(env, { locale: "es-ES", viewport: { width: 390, height: 844 } });
    await importGame(page, "4k3/8/8/8/8/2K5/8/8 w - - 0 1", "kingofthehill");
    const wins = await winningMoves(page);
    assert.equal(wins.length, 1, JSON.stringify(wins));
    const [win] = wins;
    await askHint(page);
    assert.deepEqual(await hintSquares(page), { from: win.from, to: win.to });
    assert.equal(await page.locator("#hint-text").textContent(), `Pista: ${win.san} (gana en 1)`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    await page.screenshot({ path: `${ARTIFACTS}/hint-kingofthehill-es-phone.png`, fullPage: true });
    await clickMove(page, win.from, win.to);
    await page.waitForSelector("#gameover[open]");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("four players: a hint on the cross board; disabled while the computer is to move", async () => {
    const page = await newPage(env);
    await startGame(page, "kingdoms", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    await askHint(page);
    const { from, to } = await hintSquares(page);
    const legal = await page.evaluate(() => window.tablero.game.legalMoves().map((m) => m.from + m.to));
    assert.ok(legal.includes(from + to), `${from}${to} is not a legal move`);
    assert.match(await page.locator("#hint-text").textContent(), /^Hint: \S+ \([+−]?\d+\.\d\)$|^Hint: \S+ \(forced (win|loss)\)$/);
    await boardShot(page, "hint-kingdoms");
    await clickMove(page, from, to);
    await expectNoHint(page);
    // The computer seats are to move now.
    assert.equal(await page.locator("#hint").isDisabled(), true);
    await page.waitForFunction(() => window.tablero.game.history().length === 4, null, { timeout: 30000 });
    await page.waitForFunction(() => !document.querySelector("#hint").disabled);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("a worker error is shown as a message and the game goes on", async () => {
    const page = await newPage(env);
    // A worker that refuses every request, in place of the engine's.
    await page.context().route("**/pkg/tablero-worker.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `self.onmessage = (e) => self.postMessage({ id: e.data.id, ok: false, error: { code: "internal-error", message: "analysis failed" } });`,
      }),
    );
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await startGame(page, "3check", { white: "human", black: "human" });
    await page.click("#hint");
    await page.waitForSelector('#hint-text[data-state="error"]', { timeout: 20000 });
    assert.equal(await page.locator("#hint-text").textContent(), "No hint: analysis failed");
    assert.equal(await page.locator("svg.board [data-hint]").count(), 0);
    assert.equal(await page.locator("#hint").isDisabled(), false);
    await clickMove(page, "e2", "e4");
    await expectNoHint(page);
    assert.equal(await page.evaluate(() => window.tablero.game.history().length), 1);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });
});

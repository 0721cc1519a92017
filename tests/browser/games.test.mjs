// End-to-end tests of the demo app (www/) in headless Debian chromium, driven by playwright-core.
// Each of the six games is started, played by clicking and finished; games survive a reload;
// the computer answers; exported games import again. Board screenshots go to test-artifacts/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  ARTIFACTS,
  BACK_RANK4,
  FOUR_MATE,
  boardShot,
  clickMove,
  expectText,
  fen4,
  importGame,
  newPage,
  plies,
  saved,
  sq,
  startGame,
  status,
  useEnv,
} from "./helpers.mjs";

// The same with Blue and Green already out (grey kings): the mate ends the game.
const FOUR_LAST = fen4("R-0,1,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0", { ...BACK_RANK4, a7: "dK", n8: "dK" });

async function gameOver(page, re) {
  await page.waitForSelector("#gameover[open]");
  await expectText(page.locator("#go-result"), re);
}
async function closeGameOver(page) {
  await page.click('#gameover button[value="review"]');
  await page.waitForSelector("#gameover", { state: "hidden" });
}

const env = useEnv();

describe("the six games, played by clicking to a finish", () => {
  test("Chess: Fool's mate by clicks, game over dialog, reload keeps the finished game", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    await clickMove(page, "f2", "f3");
    // The board turns to Black for a shared device: a8 is now at the bottom left.
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "2");
    await clickMove(page, "e7", "e5");
    await clickMove(page, "g2", "g4");
    // Legal destinations are marked; the queen's diagonal shows h4.
    await sq(page, "d8").click();
    assert.equal(await page.locator("svg.board .sq.target").count(), 4);
    await sq(page, "h4").click();
    await gameOver(page, /Black wins \(checkmate\)/);
    await closeGameOver(page);
    assert.equal(await page.locator("svg.board [data-square=e1] .check").count(), 1);
    assert.equal(await page.locator("#moves .mv").count(), 4);
    await boardShot(page, "chess-checkmate");
    await saved(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await expectText(status(page), /Black wins \(checkmate\)/);
    assert.equal(await plies(page), 4);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("Three-check: counters, then the third check wins", async () => {
    const page = await newPage(env);
    await importGame(page, "r1bq1bnr/pppp1k1p/2n3p1/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR w KQ - 1+3 0 5", "3check");
    assert.equal(await page.locator('.seat-bar[data-seat=white] .checks').getAttribute("data-checks"), "2");
    await clickMove(page, "h5", "g6");
    await gameOver(page, /White wins \(third check\)/);
    assert.match(await page.locator("#go-scores").textContent(), /Checks given: 3/);
    await closeGameOver(page);
    assert.equal(await page.locator('.seat-bar[data-seat=white] .checks').getAttribute("data-checks"), "3");
    await boardShot(page, "3check-third-check");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("King of the Hill: the hill is marked and the king reaching it wins", async () => {
    const page = await newPage(env);
    await startGame(page, "kingofthehill", { white: "human", black: "human" });
    assert.equal(await page.locator("svg.board .hill").count(), 4);
    await clickMove(page, "e2", "e4");
    await importGame(page, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "kingofthehill");
    assert.equal(await page.locator("svg.board .hill").count(), 4);
    await clickMove(page, "e3", "e4");
    await gameOver(page, /White wins \(king on the hill\)/);
    await closeGameOver(page);
    await boardShot(page, "kingofthehill-on-the-hill");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("Racing Kings: the finish rank is marked and the race is won", async () => {
    const page = await newPage(env);
    await startGame(page, "racingkings", { white: "human", black: "human" });
    assert.equal(await page.locator("svg.board .finish").count(), 8);
    await boardShot(page, "racingkings-start");
    await importGame(page, "8/6K1/8/8/8/8/k7/8 w - - 0 1", "racingkings");
    await clickMove(page, "g7", "g8");
    await gameOver(page, /White wins \(race won\)/);
    await closeGameOver(page);
    await boardShot(page, "racingkings-race-won");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("Four-player free-for-all: start on the cross, then a checkmate scores +20 and ends the game", async () => {
    const page = await newPage(env);
    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    assert.equal(await page.locator("svg.board [data-square]").count(), 160);
    assert.match(await sq(page, "h1").getAttribute("aria-label"), /h1, red king/);
    await clickMove(page, "h2", "h4");
    // Shared device: the board turns so Blue (files a–b) sits at the bottom.
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "1");
    await clickMove(page, "b7", "c7");
    await boardShot(page, "ffa-opening");

    await importGame(page, FOUR_LAST, "ffa");
    await clickMove(page, "d2", "d14");
    await expectText(page.locator("#events"), /Red \+20 checkmate/);
    await gameOver(page, /Red wins \(three players out\)/);
    await page.screenshot({ path: `${ARTIFACTS}/ffa-gameover-dialog.png` });
    assert.match(await page.locator("#go-scores").textContent(), /Red20 pts/);
    await closeGameOver(page);
    assert.equal(await page.locator('.corner[data-seat=red] .points').getAttribute("data-points"), "20");
    assert.equal(await page.locator("svg.board .piece.grey").count(), 6); // Blue, Green, Yellow K+3P
    await boardShot(page, "ffa-checkmate");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("Four Kingdoms: counter-clockwise turns, a checkmate +20 with the loser greyed out", async () => {
    const page = await newPage(env);
    await startGame(page, "kingdoms", { red: "human", blue: "human", yellow: "human", green: "human" });
    await clickMove(page, "h2", "h3");
    await expectText(status(page), /Green to move/); // R6.1: Red, Green, Yellow, Blue
    await importGame(page, FOUR_MATE, "kingdoms");
    await clickMove(page, "d2", "d14");
    await expectText(page.locator("#events"), /Red \+20 checkmate/);
    await expectText(page.locator('.corner[data-seat=yellow] .pstatus'), /checkmated/);
    await expectText(status(page), /Green to move/);
    assert.equal(await page.locator("svg.board .piece.grey").count(), 4);
    assert.match(await sq(page, "g14").getAttribute("aria-label"), /grey king/);
    await boardShot(page, "kingdoms-checkmate");
    // Finish the game: the other two resign.
    page.on("dialog", (d) => d.accept());
    for (const seat of ["green", "blue"]) {
      await expectText(status(page), new RegExp(`${seat} to move`, "i"));
      await page.click("#resign");
      await page.click('#confirm button[value="yes"]');
    }
    await gameOver(page, /Red wins/);
    // The next game of the series starts with the next seat in Four Kingdoms' own
    // (counter-clockwise) play order: Red, Green, Yellow, Blue (R5.24, R6.1).
    await page.click('#gameover button[value="rematch"]');
    await expectText(status(page), /Green to move/);
    assert.equal(await plies(page), 0);
    assert.equal(await page.locator("svg.board [data-square]").count(), 160);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });
});

describe("saving, reloading, the computer, import and export", () => {
  test("a game in progress survives a reload and stays playable; Continue finds it", async () => {
    const page = await newPage(env);
    await startGame(page, "3check", { white: "human", black: "human" });
    await clickMove(page, "e2", "e4");
    await clickMove(page, "e7", "e5");
    await saved(page);
    const url = page.url();
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(page.url(), url);
    assert.equal(await plies(page), 2);
    assert.match(await sq(page, "e4").getAttribute("aria-label"), /e4, white pawn/);
    await clickMove(page, "g1", "f3");
    assert.equal(await plies(page), 3);
    await saved(page);
    // Home offers to continue it.
    await page.goto(url.split("#")[0] + "#/");
    await expectText(page.locator("#continue"), /Three-check, 2 moves/); // 1. e4 e5 2. Nf3: moves as players count them (issue 52)
    await page.click("#continue");
    await page.waitForSelector("#view-game:not([hidden])");
    assert.equal(await plies(page), 3);
    await page.context().close();
  });

  test("the computer answers from a Web Worker (two and four players)", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "ai1" });
    await clickMove(page, "e2", "e4");
    await page.waitForFunction(() => window.tablero.game.history().length === 2, null, { timeout: 20000 });
    await expectText(status(page), /White to move/);
    await boardShot(page, "chess-vs-computer");
    // Undo against the computer goes back to the person's last turn.
    await page.click("#undo");
    assert.equal(await plies(page), 0);
    await expectText(status(page), /White to move/);

    await startGame(page, "ffa", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "0");
    await clickMove(page, "h2", "h3");
    await page.waitForFunction(() => window.tablero.game.history().length === 4, null, { timeout: 30000 });
    await expectText(status(page), /Red to move/);
    await boardShot(page, "ffa-vs-computer");
    // A seat can be switched to the computer mid-game: Red hands over and the game goes on.
    await page.selectOption("#players tr[data-seat=red] select", "ai1");
    await page.waitForFunction(() => window.tablero.game.history().length >= 8, null, { timeout: 30000 });
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("the page stays responsive while the computer searches", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "ai8", black: "human" });
    await page.waitForFunction(() => window.tablero.thinking === "white");
    // While White thinks, animation frames keep coming and the page answers clicks.
    const frames = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let n = 0;
          const t0 = performance.now();
          const step = () => {
            n++;
            if (performance.now() - t0 < 400) requestAnimationFrame(step);
            else resolve(n);
          };
          requestAnimationFrame(step);
        }),
    );
    const stillThinking = await page.evaluate(() => window.tablero.thinking);
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "2"); // Black's view
    await page.click("#flip");
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "0");
    if (stillThinking) assert.ok(frames >= 10, `only ${frames} frames in 400 ms while thinking`);
    await page.waitForFunction(() => window.tablero.game.history().length === 1, null, { timeout: 30000 });
    await page.context().close();
  });

  test("export then import (PGN and FEN, two and four players)", async () => {
    const page = await newPage(env);
    await startGame(page, "kingofthehill", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"], ["g8", "f6"]]) await clickMove(page, a, b);
    await page.click("#export-current");
    const pgn = await page.inputValue("#export-pgn");
    const fen = await page.inputValue("#export-fen");
    assert.match(pgn, /\[Variant "King of the Hill"\]/);
    await page.click('#export button[value="close"]');
    await importGame(page, pgn); // detected from the Variant tag
    assert.equal(await plies(page), 4);
    await expectText(page.locator("#game-title"), /King of the Hill/);
    await importGame(page, fen, "kingofthehill");
    assert.equal(await page.evaluate(() => window.tablero.game.fen()), fen);

    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    for (const [a, b] of [["h2", "h4"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]]) await clickMove(page, a, b);
    await page.click("#export-current");
    const pgn4 = await page.inputValue("#export-pgn");
    const fen4text = await page.inputValue("#export-fen");
    await page.click('#export button[value="close"]');
    assert.match(pgn4, /h2-h4 \.\. b7-c7 \.\. g13-g12 \.\. m8-l8/);
    await importGame(page, pgn4);
    assert.equal(await plies(page), 4);
    await expectText(page.locator("#game-title"), /free-for-all/);
    await importGame(page, fen4text, "ffa");
    assert.equal(await page.evaluate(() => window.tablero.game.fen()), fen4text);
    // Import from a file.
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.click("#view-saved .import-open");
    await page.setInputFiles("#import-file", { name: "game.pgn4", mimeType: "text/plain", buffer: Buffer.from(pgn4) });
    await page.waitForFunction(() => document.querySelector("#import-text").value.includes("h2-h4"));
    await page.click("#import-go");
    await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
    assert.equal(await plies(page), 4);
    // A broken text is reported in the dialog.
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.click("#view-saved .import-open");
    await page.fill("#import-text", "not a game");
    await page.click("#import-go");
    await expectText(page.locator("#import-error"), /Could not import/);
    await page.context().close();
  });

  test("saved games list: open, delete, and an unreadable entry is reported without hiding the rest", async () => {
    const page = await newPage(env);
    await startGame(page, "racingkings", { white: "human", black: "human" });
    await clickMove(page, "h2", "h3");
    await saved(page);
    await startGame(page, "chess", { white: "human", black: "human" });
    await clickMove(page, "d2", "d4");
    await saved(page);
    // Plant two bad records next to the good ones.
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open("tablero");
          req.onsuccess = () => {
            const tx = req.result.transaction("games", "readwrite");
            tx.objectStore("games").put({ id: "broken-1", choice: 42 });
            tx.objectStore("games").put({ id: "broken-2", choice: "chess", seats: {}, updated: 1, saved: { format: "tablero-game", version: 1, variant: "chess", moves: ["e2e5"] } });
            tx.oncomplete = resolve;
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await page.goto(page.url().split("#")[0] + "#/saved");
    await expectText(page.locator("#saved-warning"), /2 saved entries could not be read/);
    assert.equal(await page.locator("#saved-body tr:not(.corrupt)").count(), 2);
    assert.match(await page.locator("#saved-body").textContent(), /Racing Kings/);
    // The record with a corrupt move list is caught too (it cannot be replayed).
    await expectText(page.locator('#saved-body tr.corrupt[data-id="broken-2"]'), /Unreadable saved entry/);
    // Opening it by its address is reported, not a crash.
    await page.goto(page.url().split("#")[0] + "#/game/broken-2");
    await expectText(page.locator("#banner-text"), /could not be opened/);
    await page.waitForSelector("#view-saved:not([hidden])");
    // Delete both unreadable entries.
    for (const id of ["broken-1", "broken-2"]) {
      await page.locator(`#saved-body tr[data-id="${id}"] .delete`).click();
      await page.waitForFunction((id) => !document.querySelector(`#saved-body tr[data-id="${id}"]`), id);
    }
    assert.equal(await page.locator("#saved-body tr").count(), 2);
    await page.screenshot({ path: `${ARTIFACTS}/saved-games.png`, fullPage: true });
    // Open the chess game from the list.
    await page.locator("#saved-body tr", { hasText: "Chess" }).locator(".open").click();
    await page.waitForSelector("#view-game:not([hidden])");
    assert.equal(await plies(page), 1);
    await page.context().close();
  });

  test("running out of storage is reported and the game goes on", async () => {
    const page = await newPage(env, {
      init: () => {
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (...args) {
          if (window.fullStorage) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
          return put.apply(this, args);
        };
      },
    });
    await startGame(page, "chess", { white: "human", black: "human" });
    await page.evaluate(() => (window.fullStorage = true));
    await clickMove(page, "e2", "e4");
    await expectText(page.locator("#banner-text"), /storage is full/);
    await clickMove(page, "e7", "e5");
    assert.equal(await plies(page), 2);
    await page.evaluate(() => (window.fullStorage = false));
    await clickMove(page, "g1", "f3");
    await saved(page);
    assert.equal(await page.locator("#banner").isHidden(), true);
    await page.context().close();
  });
});

describe("moving and reading the board", () => {
  test("drag-and-drop, keyboard play, promotion choice, step-through replay and undo", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    await page.uncheck("#game-rotate");
    // Drag e2 to e4.
    const from = await sq(page, "e2").boundingBox();
    const to = await sq(page, "e4").boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 20, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.equal(await plies(page), 1);
    // Keyboard: the cursor starts on e7 for a White-oriented board... move it to e7 and play e7-e5.
    await sq(page, "e4").focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), "e7");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    assert.equal(await plies(page), 2);
    // Replay: step back to the start and forward again.
    await page.click("#rp-first");
    assert.match(await sq(page, "e2").getAttribute("aria-label"), /white pawn/);
    await expectText(page.locator("#review-text"), /the start position/);
    await page.click("#rp-next");
    assert.match(await sq(page, "e4").getAttribute("aria-label"), /white pawn/);
    assert.match(await sq(page, "e7").getAttribute("aria-label"), /black pawn/);
    await page.click("#rp-live");
    assert.match(await sq(page, "e5").getAttribute("aria-label"), /black pawn/);
    // Undo takes back one move between people.
    await page.click("#undo");
    assert.equal(await plies(page), 1);

    // Promotion: choose a knight.
    await importGame(page, "8/P6k/8/8/8/8/8/K7 w - - 0 1", "chess");
    await clickMove(page, "a7", "a8");
    await page.waitForSelector("#promotion[open]");
    await page.click('#promotion button[value="n"]');
    await expectText(page.locator("#moves"), /a8=N/);
    assert.match(await sq(page, "a8").getAttribute("aria-label"), /a8, white knight/);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("four-player settings: turn timer with a countdown (computer plays in ffa, player out in kingdoms), move limit", async () => {
    const page = await newPage(env, { clock: true });
    await page.locator('.choice[data-choice="ffa"]').click();
    await page.selectOption("#opt-time", "30");
    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    await expectText(page.locator("[data-clock-seat=red] .clock-text"), /30 s/);
    await page.clock.runFor(12000);
    await expectText(page.locator("[data-clock-seat=red] .clock-text"), /18 s/);
    await page.clock.runFor(19000);
    // The computer's move comes from the worker in real time (the fake clock only paces the
    // page), so each step also waits real time: up to 15 s on a loaded machine, while the fake
    // clock advances 10 s in all, well inside Blue's 30 s.
    for (let i = 0; i < 100 && (await plies(page)) < 1; i++) {
      await page.clock.runFor(100);
      await new Promise((r) => setTimeout(r, 150));
    }
    assert.equal(await plies(page), 1);
    assert.equal(await page.evaluate(() => window.tablero.game.history()[0].player), "red");
    await expectText(status(page), /Blue to move/);
    await expectText(page.locator("[data-clock-seat=blue] .clock-text"), /30 s/);
    assert.equal(await page.locator("[data-clock-seat=red]").isHidden(), true);
    await expectText(page.locator('.corner[data-seat=red] .pstatus'), /playing/);
    // The computer playing the turn is announced.
    await expectText(page.locator("#game-notice-text"), /Time ran out: the computer played \S+ for Red/);

    await startGame(page, "kingdoms", { red: "human", blue: "human", yellow: "human", green: "human" });
    await page.clock.runFor(31000);
    await expectText(page.locator('.corner[data-seat=red] .pstatus'), /out of time/);
    await expectText(status(page), /Green to move/);

    // Move limit (R5.23): the game ends on points after that many moves; the page sets it in
    // rounds of one move by each player (issue 52).
    await page.goto(page.url().split("#")[0] + "#/");
    await page.locator('.choice[data-choice="ffa"]').click();
    await page.selectOption("#opt-time", "0");
    await page.fill("#opt-movelimit", "1");
    await page.locator("#opt-movelimit").dispatchEvent("change");
    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    await expectText(page.locator("#variant-note"), /0 of 4 moves/);
    await clickMove(page, "h2", "h4");
    await clickMove(page, "b7", "c7");
    await clickMove(page, "g13", "g12");
    await clickMove(page, "m8", "l8");
    await gameOver(page, /move limit reached/);
    await page.context().close();
  });

  test("a threefold repetition can be claimed as a draw", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    assert.equal(await page.locator("#claim-draw").isDisabled(), true);
    for (let i = 0; i < 2; i++) {
      for (const [a, b] of [["g1", "f3"], ["g8", "f6"], ["f3", "g1"], ["f6", "g8"]]) await clickMove(page, a, b);
    }
    assert.equal(await page.locator("#claim-draw").isDisabled(), false);
    await page.click("#claim-draw");
    await gameOver(page, /Draw \(threefold repetition\)/);
    await page.context().close();
  });

  test("Spanish at phone width, moves by touch", async () => {
    const page = await newPage(env, { locale: "es-ES", viewport: { width: 390, height: 844 }, hasTouch: true });
    await expectText(page.locator("#view-home h1"), /Elige un juego/);
    await page.screenshot({ path: `${ARTIFACTS}/home-es-phone.png`, fullPage: true });
    await startGame(page, "ffa", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    await expectText(status(page), /Mueve Rojo/);
    assert.equal(await sq(page, "h1").getAttribute("aria-label"), "h1, rey de Rojo");
    await sq(page, "h2").tap();
    await sq(page, "h4").tap();
    await page.waitForFunction(() => window.tablero.game.history().length === 4, null, { timeout: 30000 });
    await expectText(status(page), /Mueve Rojo/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    const box = await page.locator("svg.board").boundingBox();
    assert.ok(box.width >= 340, `board is only ${box.width}px wide`);
    await page.screenshot({ path: `${ARTIFACTS}/ffa-es-phone.png`, fullPage: true });
    // The language switch changes it at once.
    await page.click('button[data-lang="en"]');
    await expectText(page.locator("#game-title"), /Four-player free-for-all/);
    await page.context().close();
  });
});

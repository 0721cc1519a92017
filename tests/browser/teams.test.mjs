// Four-player Teams (R14) in the demo app, in headless chromium: the card and its en-passant
// setting, the partners shown in the corners, promotion to any piece on the 11th rank, a game
// played to a checkmate at the mated player's turn with the winning team in the dialog, the
// local save surviving a reload, and PGN4 export and import.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ARTIFACTS, HUMANS4, boardShot, clickMove, expectText, fen4, importGame, newPage, plies, saved, sq, startGame, status, useEnv } from "./helpers.mjs";

const KINGS = { h1: "rK", a7: "bK", g14: "yK", n8: "gK" };
const HEAD = (turn) => `${turn}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0`;
// Blue to move: Rd5-d1 checks Red on its back rank; nobody can help, and at Red's turn it is
// checkmated (R14.5).
const BACK_RANK = fen4(HEAD("B"), { ...KINGS, g2: "rP", h2: "rP", i2: "rP", d5: "bR" });
// Red to move with a pawn one step from its 11th rank (R14.3).
const PROMOTE = fen4(HEAD("R"), { ...KINGS, e10: "rP" });

const env = useEnv();

describe("Teams", () => {
  test("the card, the en-passant setting, partners in the corners, a reload keeps the game", async () => {
    const page = await newPage(env);
    await page.goto(env.base + "#/");
    const card = page.locator('.choice[data-choice="teams"]');
    assert.equal(await card.locator(".choice-icon svg").count(), 1);
    await page.locator('.choice[data-choice="ffa"]').click();
    assert.equal(await page.locator(".teams-only").isHidden(), true);
    await card.click();
    assert.equal(await page.locator(".teams-only").isVisible(), true);
    assert.equal(await page.locator("#opt-enpassant").isChecked(), true);
    // Off: the game is made without en passant (R14.4).
    await page.locator("#opt-enpassant").uncheck();
    await startGame(page, "teams", HUMANS4);
    assert.match(await page.evaluate(() => window.tablero.game.fen()), /noEnPassant/);
    // Each corner names the partner, and the two teams' panels are tinted apart.
    for (const [seat, partner, team] of [["red", "yellow", 0], ["blue", "green", 1], ["yellow", "red", 0], ["green", "blue", 1]]) {
      const corner = page.locator(`.corner[data-seat=${seat}]`);
      assert.match(await corner.getAttribute("class"), new RegExp(`team-${team}`));
      assert.equal(await corner.locator(`.partner .swatch.${partner}`).count(), 1);
      assert.match(await corner.locator(".partner").getAttribute("aria-label"), new RegExp(`Partner: ${partner}`, "i"));
    }
    // No points: the corners show material (8 pawns, 2 rooks, 2 knights, 2 bishops, a queen).
    await expectText(page.locator(".corner[data-seat=red] .points"), /material 39/);
    await clickMove(page, "h2", "h4");
    await expectText(status(page), /Blue to move/);
    // Turned to the next person to move, as in the other four-player games.
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "1");
    await saved(page);
    await page.reload();
    await page.waitForSelector("svg.board [data-square]");
    assert.equal(await plies(page), 1);
    await expectText(status(page), /Blue to move/);
    assert.match(await page.evaluate(() => window.tablero.game.fen()), /noEnPassant/);
    await boardShot(page, "teams-opening");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("the computer plays the other three seats from its worker", async () => {
    const page = await newPage(env);
    await startGame(page, "teams", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    await clickMove(page, "h2", "h4");
    // Blue, Yellow (Red's partner) and Green answer; then it is Red's turn again.
    await page.waitForFunction(() => window.tablero.game?.history().length === 4, null, { timeout: 60_000 });
    await expectText(status(page), /Red to move/);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("promotion on the 11th rank to any piece but a king", async () => {
    const page = await newPage(env);
    await startGame(page, "teams", HUMANS4);
    await importGame(page, PROMOTE, "teams");
    await clickMove(page, "e10", "e11");
    await page.waitForSelector("#promotion[open]");
    const shown = await page.locator("#promotion .promo-choices button:not([hidden])").evaluateAll((bs) => bs.map((b) => b.value).sort());
    assert.deepEqual(shown, ["b", "n", "q", "r"]);
    await page.click('#promotion .promo-choices button[value="n"]');
    await page.waitForSelector("#promotion", { state: "hidden" });
    assert.match(await sq(page, "e11").getAttribute("aria-label"), /e11, red knight/);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("a checkmate counts at the mated player's turn and the winning team is named; PGN4 export and import", async () => {
    const page = await newPage(env);
    await startGame(page, "teams", HUMANS4);
    await importGame(page, BACK_RANK, "teams");
    await clickMove(page, "d5", "d1");
    // Red is in check with no move, but it is not Red's turn: the game goes on (R14.5).
    await expectText(status(page), /Yellow to move/);
    await clickMove(page, "g14", "g13");
    await clickMove(page, "n8", "n9");
    await page.waitForSelector("#gameover[open]");
    await expectText(page.locator("#go-result"), /Blue and Green win \(checkmate\)/);
    await page.screenshot({ path: `${ARTIFACTS}/teams-gameover-dialog.png` });
    const rows = await page.locator("#go-scores tr").evaluateAll((trs) => trs.map((r) => r.className));
    // The winners first.
    assert.deepEqual(rows.slice(0, 2).sort(), ["seat-blue", "seat-green"]);
    await page.click('#gameover button[value="review"]');
    await page.waitForSelector("#gameover", { state: "hidden" });

    await page.click("#export-current");
    const pgn4 = await page.inputValue("#export-pgn");
    await page.click('#export button[value="close"]');
    assert.match(pgn4, /\[Variant "Teams"\]/);
    assert.match(pgn4, /\[Result "0-1"\]/);
    await importGame(page, pgn4); // detected from the Variant tag
    assert.equal(await plies(page), 3);
    await expectText(page.locator("#game-title"), /Teams/);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });
});

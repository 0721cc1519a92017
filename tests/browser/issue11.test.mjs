// Issue 11: what players tripped over in the demo, and the four-player table. One test (or
// more) per bug, then the features the issue asked for. Expected values come from the engine
// in the page (window.tablero.game) or from the rules, never from a guess at what the page shows.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ARTIFACTS, FOUR_MATE, chooseHome, clickMove, expectText, importGame, newPage, ply, reload, saved, sq, startGame, status, useEnv } from "./helpers.mjs";

const over = (page) => page.evaluate(() => window.tablero.game.status().over);

const env = useEnv();

describe("issue 11 bugs", () => {
  test("1. Undo after Resign takes the resignation back: live page, unlocked board, saved", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "ai1" });
    await clickMove(page, "e2", "e4");
    await page.waitForFunction(() => window.tablero.game.ply === 2, null, { timeout: 20000 });
    await page.click("#resign");
    await page.click('#confirm button[value="yes"]');
    await page.waitForSelector("#gameover[open]");
    await expectText(page.locator("#go-result"), /Black wins \(resignation\)/);
    await page.click('#gameover button[value="review"]');
    await page.click("#undo");
    assert.equal(await over(page), false);
    await expectText(status(page), /^White to move$/);
    assert.equal(await page.locator("svg.board.live").count(), 1, "the board takes moves again");
    assert.equal(await ply(page), 2, "only the resignation was taken back");
    await reload(page);
    assert.equal(await over(page), false, "the undo was saved");
    await expectText(status(page), /^White to move$/);
    // A second Undo takes back the moves (against the computer: back to White's turn).
    await page.click("#undo");
    assert.equal(await ply(page), 0);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("1. Undo after Claim draw takes the claim back and it can be claimed again", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (let i = 0; i < 2; i++) for (const [a, b] of [["g1", "f3"], ["g8", "f6"], ["f3", "g1"], ["f6", "g8"]]) await clickMove(page, a, b);
    await page.click("#claim-draw");
    await page.waitForSelector("#gameover[open]");
    await page.click('#gameover button[value="review"]');
    await page.click("#undo");
    assert.equal(await over(page), false);
    assert.equal(await ply(page), 8);
    assert.equal(await page.locator("#claim-draw").isDisabled(), false);
    await reload(page);
    assert.equal(await over(page), false);
    await page.context().close();
  });

  test("2. Phone: a game started from a scrolled home page starts at its top", async () => {
    const page = await newPage(env, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.locator('.choice[data-choice="ffa"]').click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok((await page.evaluate(() => window.scrollY)) > 100);
    await page.click("#start");
    await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    const box = await page.locator("svg.board").boundingBox();
    assert.ok(box.y >= 0, `board top at ${box.y}px`);
    await page.context().close();
  });

  test("3. Reviewing stays put while the computers play on, with a way back", async () => {
    const page = await newPage(env);
    await startGame(page, "ffa", { red: "ai1", blue: "ai1", yellow: "ai1", green: "ai1" });
    await page.waitForFunction(() => window.tablero.game.ply >= 2, null, { timeout: 30000 });
    await page.click("#rp-first");
    const p0 = await ply(page);
    await page.waitForFunction((p0) => window.tablero.game.ply >= p0 + 3, p0, { timeout: 60000 });
    assert.equal(await page.evaluate(() => window.tablero.viewPly), 0);
    assert.equal(await page.locator("#review-note").isVisible(), true);
    assert.match(await sq(page, "h2").getAttribute("aria-label"), /red pawn/, "the start position is still shown");
    await page.click("#rp-live");
    assert.equal(await page.evaluate(() => window.tablero.viewPly), null);
    assert.equal(await page.locator("#review-note").isHidden(), true);
    await page.context().close();
  });

  test("4. A tie reads as a tie, shared places as shared, survivors as still in", async () => {
    const page = await newPage(env);
    // A limit of one round (issue 52: the page sets it in rounds): four moves, no capture.
    await chooseHome(page, "ffa", { time: 0, moveLimit: 1 });
    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    for (const [a, b] of [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]]) await clickMove(page, a, b);
    await page.waitForSelector("#gameover[open]");
    const result = await page.evaluate(() => window.tablero.game.status().result);
    assert.equal(result.reason, "move-limit");
    assert.equal(result.winners.length, 4, "all on 0 points share first place");
    const text = await page.locator("#go-result").textContent();
    assert.equal(text, "Everyone ties (move limit reached)");
    assert.doesNotMatch(text, /win/);
    const scores = await page.locator("#go-scores").textContent();
    assert.equal((scores.match(/1st \(shared\)/g) ?? []).length, 4);
    assert.equal((scores.match(/still in/g) ?? []).length, 4);
    assert.doesNotMatch(scores, /playing|º/);
    await page.context().close();
  });

  test("5 + two-player timer: the turn timer counts down, survives a reload, then the computer plays", async () => {
    const page = await newPage(env, { clock: true });
    await chooseHome(page, "chess", { time: 30 });
    await startGame(page, "chess", { white: "human", black: "human" });
    const clock = page.locator("[data-clock-seat=white] .clock-text");
    await expectText(clock, /^30 s$/);
    await page.clock.runFor(12000);
    await expectText(clock, /^18 s$/);
    // 7. The clock is an SVG icon and a bar on one line, not a font glyph.
    assert.equal(await page.locator("[data-clock-seat=white] svg.ico").count(), 1);
    assert.equal(await page.evaluate(() => document.body.innerText.includes("⏱")), false);
    const box = await page.locator("[data-clock-seat=white]").boundingBox();
    assert.ok(box.height < 32, `the clock wraps (${box.height}px tall)`);
    await reload(page);
    const left = Number((await clock.textContent()).replace(/\D/g, ""));
    assert.ok(left <= 18 && left >= 16, `after a reload ${left} s left, not a fresh 30`);
    await page.clock.runFor(19000);
    await page.waitForFunction(() => window.tablero.game.ply === 1, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => window.tablero.game.history()[0].player), "white");
    await expectText(page.locator("#game-notice-text"), /Time ran out: the computer played \S+ for White/);
    await expectText(page.locator("[data-clock-seat=black] .clock-text"), /^30 s$/);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });

  test("6. Wording: Spanish agreement, English places", async () => {
    const page = await newPage(env, { locale: "es-ES" });
    const words = await page.evaluate(async () => {
      const m = await import("./i18n/index.js");
      const out = {
        green: m.t("wins", { seat: "green" }),
        black: m.t("wins", { seat: "black" }),
        thinking: m.t("thinking", { seat: "black" }),
        resign: m.t("confirmResign", { seat: "white" }),
        toMove: m.t("toMove", { seat: "white" }),
      };
      m.setLang("en");
      out.places = [1, 2, 3, 4].map((n) => m.place(n)).join(" ");
      out.it = (m.setLang("it"), m.t("thinking", { seat: "black" }));
      m.setLang("es");
      return out;
    });
    assert.deepEqual(words, {
      green: "Gana Verde",
      black: "Ganan las negras",
      thinking: "Las negras están pensando…",
      resign: "¿Abandonan las blancas?",
      toMove: "Mueven las blancas",
      places: "1st 2nd 3rd 4th",
      it: "Il Nero sta pensando…",
    });
    // And on the page: the resignation question for White.
    await startGame(page, "chess", { white: "human", black: "human" });
    await page.click("#resign");
    await expectText(page.locator("#confirm-text"), /^¿Abandonan las blancas\?$/);
    await page.click('#confirm button[value="no"]');
    await page.context().close();
  });

  test("8. Phone landscape (844×390): the board fits, two and four players", async () => {
    const page = await newPage(env, { viewport: { width: 844, height: 390 }, hasTouch: true });
    for (const [choice, seats] of [["chess", { white: "human", black: "human" }], ["ffa", { red: "human", blue: "human", yellow: "human", green: "human" }]]) {
      await startGame(page, choice, seats);
      const box = await page.locator("svg.board").boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 390 + 0.5, `${choice}: board from ${box.y} to ${box.y + box.height}`);
      assert.ok(box.height >= 300, `${choice}: board only ${box.height}px tall`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 844, `page is ${width}px wide`);
    }
    await page.context().close();
  });
});

describe("the four-player table", () => {
  test("each seat's last move is marked in its colour; panels sit in the corners", async () => {
    const page = await newPage(env);
    await startGame(page, "ffa", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    await clickMove(page, "h2", "h3");
    await page.waitForFunction(() => window.tablero.game.ply === 4, null, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector("#status").textContent === "Red to move");
    const history = await page.evaluate(() => window.tablero.game.history());
    // Later moves paint over earlier ones on a shared square.
    const expected = new Map();
    for (const m of history) {
      expected.set(m.from, m.player);
      expected.set(m.to, m.player);
    }
    for (const [square, player] of expected) assert.equal(await sq(page, square).getAttribute("data-last"), player, square);
    assert.equal(await page.locator("svg.board [data-last]").count(), expected.size);
    // Each seat's panel: inside the board's frame, at a corner, with its points.
    for (const seat of ["red", "blue", "yellow", "green"]) {
      const panel = page.locator(`.corner[data-seat=${seat}]`);
      assert.equal(await panel.locator(".points").getAttribute("data-points"), "0");
    }
    const red = await page.locator(".corner[data-seat=red]").boundingBox();
    const board = await page.locator("svg.board").boundingBox();
    assert.ok(red.y > board.y + board.height / 2, "Red (bottom) has its panel at the bottom");
    assert.equal(await page.locator(".corner[data-seat=red]").evaluate((n) => n.classList.contains("to-move")), true);
    // The move list: one column per seat in play order, the tokens explained.
    assert.deepEqual(await page.locator(".moves4 thead th").allTextContents(), ["", "Red", "Blue", "Yellow", "Green"]);
    assert.equal(await page.locator(".moves4 tbody tr").first().locator("td .mv").count(), 4);
    await expectText(page.locator("#moves-legend"), /R resigned, T out of time, S stalemated/);
    await page.context().close();
  });

  test("being checkmated is announced, with keep watching and new game", async () => {
    const page = await newPage(env);
    await importGame(page, FOUR_MATE, "ffa");
    await clickMove(page, "d2", "d14");
    await page.waitForSelector("#game-notice:not([hidden])");
    await expectText(page.locator("#game-notice-text"), /^Yellow is out \(checkmated\)\. You can keep watching/);
    assert.equal(await page.locator("#notice-watch").isVisible(), true);
    assert.equal(await page.locator("#notice-new").isVisible(), true);
    await page.click("#notice-watch");
    assert.equal(await page.locator("#game-notice").isHidden(), true);
    await expectText(status(page), /^Blue to move$/);
    await expectText(page.locator(".corner[data-seat=yellow] .pstatus"), /checkmated/);
    await page.context().close();
  });

  test("Four Kingdoms lists the seats in its own play order", async () => {
    const page = await newPage(env);
    await startGame(page, "kingdoms", { red: "human", green: "human", yellow: "human", blue: "human" });
    assert.deepEqual(await page.locator("#players tr[data-seat]").evaluateAll((rows) => rows.map((r) => r.dataset.seat)), ["red", "green", "yellow", "blue"]);
    assert.deepEqual(await page.locator(".moves4 thead th").allTextContents(), ["", "Red", "Green", "Yellow", "Blue"]);
    await page.context().close();
  });

  test("phone: zooming the cross board makes squares comfortable to tap", async () => {
    const page = await newPage(env, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await startGame(page, "ffa", { red: "human", blue: "human", yellow: "human", green: "human" });
    const before = (await sq(page, "h2").boundingBox()).width;
    await page.click("#zoom");
    const afterZoom = await sq(page, "h2").boundingBox();
    assert.ok(before < 30, `unzoomed squares are ${before}px`);
    assert.ok(afterZoom.width >= 44, `zoomed squares are ${afterZoom.width}px`);
    // Red's side is in view and playable by taps.
    assert.ok(afterZoom.y + afterZoom.height <= 844 && afterZoom.y >= 0, `h2 at ${afterZoom.y}`);
    await sq(page, "h2").tap();
    await sq(page, "h3").tap();
    assert.equal(await ply(page), 1);
    await page.screenshot({ path: `${ARTIFACTS}/ffa-phone-zoomed.png` });
    await page.click("#zoom"); // leave the preference off for other tests of this context
    await page.context().close();
  });

  test("phone polish: one header row, corner text at least 11 px, seat panels in view when zoomed", async () => {
    const page = await newPage(env, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await startGame(page, "ffa", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
    const rows = await page.evaluate(() => {
      const tops = [...document.querySelectorAll(".top > *")].map((e) => e.getBoundingClientRect()).map((r) => r.top + r.height / 2);
      return Math.max(...tops) - Math.min(...tops);
    });
    assert.ok(rows < 12, `header items' centres spread over ${rows} px (two rows)`);
    const headerWidth = await page.evaluate(() => document.querySelector(".top").scrollWidth);
    assert.ok(headerWidth <= 390, `header is ${headerWidth} px wide`);
    const minFont = () =>
      page.evaluate(() => {
        const texts = [...document.querySelectorAll(".corner .seat-name, .corner .points, .corner .pstatus")];
        return Math.min(...texts.map((e) => parseFloat(getComputedStyle(e).fontSize)));
      });
    assert.ok((await minFont()) >= 11, `corner text at ${await minFont()} px`);
    await page.click("#zoom");
    const boxes = await page.locator(".seat-strip .corner").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    assert.equal(boxes.length, 4);
    for (const b of boxes) assert.ok(b.left >= 0 && b.right <= 390 && b.top >= 0, `a seat panel at ${JSON.stringify(b)}`);
    assert.ok((await minFont()) >= 11, `zoomed corner text at ${await minFont()} px`);
    await page.click("#zoom");
    assert.equal(await page.locator("#corners .corner").count(), 4, "unzoomed, the panels go back to the corners");
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
    await page.context().close();
  });
});

describe("issue 11 features", () => {
  test("Italian: chosen from the browser language, switchable, remembered; rules in Italian", async () => {
    const page = await newPage(env, { locale: "it-IT" });
    await expectText(page.locator("#view-home h1"), /^Scegli un gioco$/);
    await page.goto(page.url().split("#")[0] + "#/rules/kingdoms");
    await expectText(page.locator("#rules-page"), /I giocatori si muovono in senso antiorario/);
    await expectText(page.locator("#rules-page"), /verde, giallo, blu e rosso/);
    await startGame(page, "kingdoms", { red: "human", green: "human", yellow: "human", blue: "human" });
    await expectText(status(page), /^Muove il Rosso$/);
    await page.click('button[data-lang="en"]');
    await expectText(status(page), /^Red to move$/);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await expectText(status(page), /^Red to move$/);
    await page.click('button[data-lang="it"]');
    await expectText(page.locator("#game-title"), /Four Kingdoms/);
    await page.context().close();
  });

  test("rules pages: points, draws and end conditions as the rules state them", async () => {
    const page = await newPage(env);
    const text = async (choice) => {
      await page.goto(page.url().split("#")[0] + `#/rules/${choice}`);
      await page.waitForSelector(`#rules-page[data-choice="${choice}"]`);
      return page.locator("#rules-page").textContent();
    };
    const ffa = await text("ffa");
    assert.match(ffa, /Every player still in gets \+10/);
    assert.match(ffa, /stalemated player scores \+20 and is out/);
    const kingdoms = await text("kingdoms");
    assert.match(kingdoms, /\+20 for every such king/);
    assert.match(kingdoms, /stalemated player scores 20/);
    assert.match(kingdoms, /Green, then Yellow, then Blue, then Red/);
    assert.match(kingdoms, /three players are out/);
    assert.match(await text("chess"), /Claimed with the Claim draw button: threefold repetition/);
    assert.match(await text("3check"), /Only king against king is drawn automatically/);
    assert.match(await text("kingofthehill"), /Never a draw for lack of material/);
    assert.match(await text("racingkings"), /50 moves by each side without a capture can be claimed/);
    await page.context().close();
  });

  test("clicking a piece that cannot move says why", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    await sq(page, "a1").click();
    await expectText(page.locator("#flash"), /^This rook cannot move now\.$/);
    await sq(page, "e7").click();
    await expectText(page.locator("#flash"), /not the player to move's \(White\)/);
    await page.context().close();
  });

  test("next game swaps colours; sounds play and the mute switch silences them", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "ai1" });
    await clickMove(page, "e2", "e4");
    await page.waitForFunction(() => window.tablero.game.ply === 2, null, { timeout: 20000 });
    const played = await page.evaluate(() => window.tablero.sounds.map((s) => `${s.name}:${s.muted}`));
    assert.ok(played.includes("move:false"), played.join());
    await page.click("#sound");
    assert.equal(await page.locator("#sound").getAttribute("aria-pressed"), "false");
    await clickMove(page, "d2", "d4");
    assert.equal(await page.evaluate(() => window.tablero.sounds.at(-1).muted), true);
    await page.click("#sound");
    await page.click("#resign");
    await page.click('#confirm button[value="yes"]');
    await page.waitForSelector("#gameover[open]");
    await expectText(page.locator("#go-rematch"), /colours swapped/);
    await page.click("#go-rematch");
    // The person now has Black: the board turns to Black and the computer opens as White.
    await page.waitForFunction(() => window.tablero.game.ply === 1, null, { timeout: 20000 });
    assert.equal(await page.locator("#board").getAttribute("data-rot"), "2");
    assert.equal(await page.locator("#players tr[data-seat=white] select").inputValue(), "ai1");
    assert.equal(await page.locator("#players tr[data-seat=black] select").inputValue(), "human");
    await page.context().close();
  });

  test("importing the same game twice opens the saved copy; the saved list says what its numbers are", async () => {
    const page = await newPage(env);
    const pgn = '[Variant "King of the Hill"]\n\n1. e4 d5 2. exd5 Nf6 *';
    await importGame(page, pgn);
    const first = await page.evaluate(() => window.tablero.id);
    await saved(page);
    await importGame(page, pgn);
    await page.waitForFunction((id) => window.tablero.id === id, first);
    await expectText(page.locator("#flash"), /imported before/);
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.waitForSelector("#saved-body tr");
    assert.equal(await page.locator("#saved-body tr").count(), 1);
    // 1. e4 d5 2. exd5 Nf6: two moves as players count them (issue 52; four entries).
    await expectText(page.locator("#saved-body .g-moves"), /^2 moves$/);
    await expectText(page.locator("#view-saved"), /Moves are counted as players count them/);
    await page.context().close();
  });

  test("a loading indicator shows while the engine loads", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    let release;
    const gate = new Promise((r) => (release = r));
    await page.route("**/pkg/tablero_bg.wasm", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(env.base);
    await page.waitForSelector("#loading .spinner");
    await expectText(page.locator("#loading-text"), /Loading the engine/);
    release();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await page.locator("#loading").count(), 0);
    await context.close();
  });

  test("the dev server compresses and revalidates pkg/", async () => {
    const url = new URL("../pkg/tablero_bg.wasm", env.base).href;
    const raw = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const size = (await raw.arrayBuffer()).byteLength;
    const br = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    const compressed = Number(br.headers.get("content-length"));
    assert.ok(compressed < size * 0.6, `${compressed} of ${size} bytes`);
    const etag = br.headers.get("etag");
    assert.ok(etag);
    const again = await fetch(url, { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(br.headers.get("cache-control"), "no-cache");
  });
});

describe("screenshots (test-artifacts/)", () => {
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone-portrait", { width: 390, height: 844 }],
    ["phone-landscape", { width: 844, height: 390 }],
  ]) {
    test(`${name}: a two-player and a four-player game`, async () => {
      const page = await newPage(env, { viewport, hasTouch: name !== "desktop" });
      await startGame(page, "chess", { white: "human", black: "ai1" });
      for (const [a, b] of [["e2", "e4"], ["d2", "d4"]]) {
        await clickMove(page, a, b);
        await page.waitForFunction((n) => window.tablero.game.ply === n && !window.tablero.thinking, a === "e2" ? 2 : 4, { timeout: 20000 });
      }
      await page.screenshot({ path: `${ARTIFACTS}/${name}-chess.png` });
      await startGame(page, "ffa", { red: "human", blue: "ai1", yellow: "ai1", green: "ai1" });
      await clickMove(page, "h2", "h3");
      await page.waitForFunction(() => window.tablero.game.ply === 4 && !window.tablero.thinking, null, { timeout: 30000 });
      await page.screenshot({ path: `${ARTIFACTS}/${name}-ffa.png` });
      if (name !== "desktop") {
        await page.click("#zoom");
        await page.screenshot({ path: `${ARTIFACTS}/${name}-ffa-zoomed.png` });
        await page.click("#zoom");
      }
      assert.equal(page.errors.length, 0, page.errors.join("\n"));
      await page.context().close();
    });
  }
});

// Issue 52: the page's defects, one test (or more) each. Expected values come from the engine in
// the page (window.tablero.game), from the rules, or from the page's own clock, never from a
// guess at what the page shows.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { FOUR_MATE, HUMANS4, chooseHome, clickMove, expectText, importGame, newPage, ply, saved, sq, startGame, useEnv } from "./helpers.mjs";

const env = useEnv();

describe("issue 52 defects", () => {
  test("a four-player notice does not survive into the next game", async () => {
    const page = await newPage(env);
    await importGame(page, FOUR_MATE, "ffa");
    await clickMove(page, "d2", "d14");
    await expectText(page.locator("#game-notice-text"), /Yellow is out \(checkmated\)/);
    assert.equal(await page.locator("#game-notice").isVisible(), true);
    await chooseHome(page, "ffa", { time: 0 });
    await page.click("#start");
    await page.waitForFunction(() => window.tablero.game?.ply === 0);
    assert.equal(await page.locator("#game-notice").isVisible(), false, "the new game opens without the old notice");
    await page.context().close();
  });

  test("the game-over dialog closes when Back leaves the game", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) await clickMove(page, a, b);
    await page.waitForSelector("#gameover[open]");
    await page.goBack();
    await page.waitForSelector("#view-home:not([hidden])");
    assert.equal(await page.locator("#gameover[open]").count(), 0);
    await page.context().close();
  });

  test("Four Kingdoms: a person whose time runs out is told so", async () => {
    const page = await newPage(env, { clock: true });
    await chooseHome(page, "kingdoms", { time: 30 });
    await startGame(page, "kingdoms", HUMANS4);
    await page.clock.runFor(31000);
    await expectText(page.locator('.corner[data-seat=red] .pstatus'), /out of time/);
    await expectText(page.locator("#game-notice-text"), /Time ran out for Red/);
    assert.equal(await page.locator("#game-notice").isVisible(), true);
    assert.equal(await page.locator("#announcer").textContent().then((s) => /Time ran out for Red/.test(s)), true);
    await page.context().close();
  });

  test("Continue follows a change of language, and counts moves as players do", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    await clickMove(page, "e2", "e4");
    await clickMove(page, "e7", "e5");
    await clickMove(page, "g1", "f3");
    await saved(page);
    await page.goto(page.url().split("#")[0] + "#/");
    // Three entries are two moves: 1. e4 e5 2. Nf3.
    await expectText(page.locator("#continue"), /^Continue: Chess, 2 moves,/);
    await page.click('[data-lang="es"]');
    await expectText(page.locator("#continue"), /^Continuar: Ajedrez, 2 jugadas,/);
    await page.click('[data-lang="it"]');
    await expectText(page.locator("#continue"), /^Continua: Scacchi, 2 mosse,/);
    await page.context().close();
  });

  test("a 390 px phone in Spanish shows every page's name whole", async () => {
    const page = await newPage(env, { viewport: { width: 390, height: 844 }, locale: "es-ES" });
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll(".top nav a, .top .lang button, #sound")].map((n) => {
        const r = n.getBoundingClientRect();
        return { text: n.innerText.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom, clipped: n.scrollWidth > n.clientWidth + 1, visible: !!n.offsetParent };
      }),
    );
    for (const name of ["Jugar", "Guardadas", "En línea", "Reglas"]) {
      const b = boxes.find((x) => x.text === name);
      assert.ok(b?.visible, `${name} is shown`);
      assert.ok(b.left >= 0 && b.right <= 390, `${name} inside the screen: ${b.left}-${b.right}`);
      assert.equal(b.clipped, false, `${name} not clipped`);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        assert.equal(overlap, false, `${a.text || "sound"} and ${b.text || "sound"} overlap`);
      }
    }
    await page.context().close();
  });

  test("reviewing a four-player game shows the panels as they were then", async () => {
    const page = await newPage(env);
    await importGame(page, FOUR_MATE, "ffa");
    await clickMove(page, "d2", "d14");
    const red = page.locator(".corner[data-seat=red]");
    const yellow = page.locator(".corner[data-seat=yellow]");
    const points = await page.evaluate(() => window.tablero.game.score().find((s) => s.player === "red").points);
    assert.equal(points, 20, "R5.11: checkmate scores 20");
    await expectText(red.locator(".points"), /^20 pts$/);
    await expectText(yellow.locator(".pstatus"), /checkmated/);
    await page.click("#rp-first");
    await expectText(red.locator(".points"), /^0 pts$/);
    await expectText(yellow.locator(".pstatus"), /^playing$/);
    assert.equal(await yellow.evaluate((n) => n.classList.contains("out")), false);
    await page.click("#rp-last");
    await expectText(red.locator(".points"), /^20 pts$/);
    await expectText(yellow.locator(".pstatus"), /checkmated/);
    await page.context().close();
  });

  test("reviewing a two-player game shows the captures as they were then", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"]]) await clickMove(page, a, b);
    const glyphs = page.locator(".seat-bar[data-seat=white] .cap-glyphs");
    await expectText(glyphs, /♟/);
    await page.click("#rp-prev");
    await expectText(glyphs, /^$/, { state: "attached" }); // empty: present, not visible
    assert.equal(await page.locator(".seat-bar[data-seat=white] .balance").textContent(), "");
    await page.context().close();
  });

  test("counts through Intl.PluralRules: 1 point, 2 points, in every language", async () => {
    const page = await newPage(env);
    const texts = await page.evaluate(async () => {
      const i18n = await import("./i18n/index.js");
      const out = {};
      for (const lang of ["en", "es", "it"]) {
        i18n.setLang(lang);
        out[lang] = [1, 2, 0].map((n) => i18n.t("pointsLong", { n })).concat(i18n.t("points", { n: 1 }), i18n.t("movesN", { n: 1 }));
      }
      i18n.setLang("en");
      return out;
    });
    assert.deepEqual(texts.en, ["1 point", "2 points", "0 points", "1 pt", "1 move"]);
    assert.deepEqual(texts.es, ["1 punto", "2 puntos", "0 puntos", "1 pto", "1 jugada"]);
    assert.deepEqual(texts.it, ["1 punto", "2 punti", "0 punti", "1 pt", "1 mossa"]);
    await page.context().close();
  });

  test("four players: the move limit is set in rounds, one move by each player", async () => {
    const page = await newPage(env);
    await chooseHome(page, "ffa", { time: 0, moveLimit: 1 });
    await startGame(page, "ffa", HUMANS4);
    await expectText(page.locator("#variant-note"), /Move limit: 1 round \(0 of 4 moves by all players\)/);
    for (const [a, b] of [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]].slice(0, 3)) await clickMove(page, a, b);
    assert.equal(await page.evaluate(() => window.tablero.game.status().over), false, "three moves are not yet a round");
    await clickMove(page, "m8", "l8");
    await page.waitForSelector("#gameover[open]");
    assert.equal(await page.evaluate(() => window.tablero.game.status().result.reason), "move-limit");
    await page.click('#gameover button[value="review"]');
    await page.click("#rp-prev");
    await expectText(page.locator("#review-text"), /^Reviewing round 1, Yellow g13-g12; play goes on\.$/);
    await page.context().close();
  });

  test("two players: review names the move as players number it", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) await clickMove(page, a, b);
    await page.click("#rp-prev");
    await expectText(page.locator("#review-text"), /^Reviewing 1… e5; play goes on\.$/);
    await page.click("#rp-prev");
    await expectText(page.locator("#review-text"), /^Reviewing 1\. e4;/);
    await page.click("#rp-first");
    await expectText(page.locator("#review-text"), /^Reviewing the start position;/);
    await page.context().close();
  });

  test("Spanish and Italian pages: landmark labels and engine errors in their language", async () => {
    for (const [locale, nav, replay, err] of [
      ["es-ES", "Principal", "Repetición", /^No se pudo importar: La posición \(FEN\) no se puede leer/],
      ["it-IT", "Principale", "Rivedi la partita", /^Importazione non riuscita: La posizione \(FEN\) non si può leggere/],
    ]) {
      const page = await newPage(env, { locale });
      assert.equal(await page.getAttribute(".top nav", "aria-label"), nav);
      assert.equal(await page.getAttribute(".replay", "aria-label"), replay);
      await page.goto(page.url().split("#")[0] + "#/saved");
      await page.click("#view-saved .import-open");
      await page.fill("#import-text", "not a position at all");
      await page.click("#import-go");
      await expectText(page.locator("#import-error"), err);
      await page.context().close();
    }
  });

  test("the exported PGN names the players and the day the page knows", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "ai3" });
    await page.click("#export-current");
    const pgn = await page.inputValue("#export-pgn");
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
    });
    assert.match(pgn, new RegExp(`\\[Date "${today.replaceAll(".", "\\.")}"\\]`));
    assert.match(pgn, /\[White "Person"\]/);
    assert.match(pgn, /\[Black "Computer \(level 3\)"\]/);
    // The game itself is unchanged: its headers stay what they were.
    assert.deepEqual(await page.evaluate(() => window.tablero.game.headers()), {});
    await page.context().close();
  });

  test("Home and End step to the first and last positions in review", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["e7", "e5"]]) await clickMove(page, a, b);
    await page.locator("#status").click();
    await page.keyboard.press("Home");
    assert.equal(await page.evaluate(() => window.tablero.viewPly), 0);
    await page.keyboard.press("End");
    assert.equal(await page.evaluate(() => window.tablero.viewPly), null);
    assert.equal(await ply(page), 2);
    await page.context().close();
  });
});

describe("Chess960 on the page", () => {
  test("by number: position 3 is bqnnrkrb, named in the game; castling by moving the king onto its rook", async () => {
    const page = await newPage(env);
    await page.locator('.choice[data-choice="chess960"]').click();
    assert.equal(await page.locator("#opt-position").isVisible(), true);
    await page.fill("#opt-position", "3");
    await page.locator("#opt-position").dispatchEvent("change");
    await startGame(page, "chess960", { white: "human", black: "human" });
    const fen = await page.evaluate(() => window.tablero.game.fen());
    assert.match(fen, /^bqnnrkrb\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BQNNRKRB w /);
    await expectText(page.locator("#variant-note"), /Start position: 3/);
    // King on f1, rook on g1: O-O at once, written king takes rook (f1g1), ends with the king
    // on g1 and the rook on f1.
    await clickMove(page, "f1", "g1");
    const last = await page.evaluate(() => window.tablero.game.history().at(-1));
    assert.equal(last.san, "O-O");
    assert.match(await sq(page, "g1").getAttribute("aria-label"), /white king/);
    assert.match(await sq(page, "f1").getAttribute("aria-label"), /white rook/);
    await page.context().close();
  });

  test("random: an empty number draws one of the 960, and the game names it", async () => {
    const page = await newPage(env);
    await page.locator('.choice[data-choice="chess960"]').click();
    await page.fill("#opt-position", "");
    await page.locator("#opt-position").dispatchEvent("change");
    await startGame(page, "chess960", { white: "human", black: "ai1" });
    const fen = await page.evaluate(() => window.tablero.game.positionAt(0).fen);
    const note = await expectText(page.locator("#variant-note"), /Start position: \d+/);
    const n = Number(note.match(/Start position: (\d+)/)[1]);
    assert.ok(n >= 0 && n < 960);
    const again = await page.evaluate(async (n) => {
      const { newGame } = await import("./engine.js");
      const g = newGame({ variant: "chess960", position: n });
      const f = g.fen();
      g.free();
      return f;
    }, n);
    assert.equal(again, fen, "the number shown is the game's start");
    // The number of every start reads back (the page's numbering is the package's).
    const wrong = await page.evaluate(async () => {
      const { newGame } = await import("./engine.js");
      const { startNumber } = await import("./games.js");
      const bad = [];
      for (let i = 0; i < 960; i++) {
        const g = newGame({ variant: "chess960", position: i });
        if (startNumber(g.fen()) !== i) bad.push(i);
        g.free();
      }
      return bad;
    });
    assert.deepEqual(wrong, []);
    await page.context().close();
  });
});

describe("play without sight", () => {
  /** Types `text` into the move box and submits it. */
  async function type(page, text) {
    await page.fill("#move-input", text);
    await page.press("#move-input", "Enter");
  }

  test("a whole game through the move box only, in Spanish: moves, words, commands", async () => {
    const page = await newPage(env, { locale: "es-ES" });
    await startGame(page, "chess", { white: "human", black: "human" });
    assert.equal(await page.locator("label[for=move-input]").textContent(), "Jugada");
    // The Scholar's mate with Spanish letters (A alfil, C caballo, D dama), a UCI move and a
    // pawn capture written as a pawn's ("exd5" is no piece letter).
    const moves = ["e4", "e5", "Ac4", "Cc6", "d1h5", "Cf6"];
    for (const [i, m] of moves.entries()) {
      await type(page, m);
      assert.equal(await ply(page), i + 1, `${m} was played`);
    }
    assert.equal(await page.locator("#announcer").textContent(), "Negras: caballo a f6");
    await type(page, "piezas negras");
    await expectText(page.locator("#move-output"), /^Las negras: rey e8, dama d8, torre a8, torre h8, alfil c8, alfil f8, caballo c6, caballo f6, peón a7/);
    await type(page, "jugadas 2");
    await expectText(page.locator("#move-output"), /^Últimas jugadas: Blancas: dama a h5; Negras: caballo a f6\.$/);
    await type(page, "legales g1");
    const legal = await page.evaluate(() => window.tablero.game.legalMoves("g1").map((m) => m.san.replace("N", "C")));
    await expectText(page.locator("#move-output"), new RegExp(`^g1: ${legal.join(", ")}\\.$`));
    await type(page, "reloj");
    await expectText(page.locator("#move-output"), /Mueven las blancas/);
    await type(page, "Rf9");
    await expectText(page.locator("#move-output"), /No es una jugada posible ni una orden: «Rf9»/);
    assert.equal(await ply(page), 6);
    await type(page, "Dxf7");
    await page.waitForSelector("#gameover[open]");
    const st = await page.evaluate(() => window.tablero.game.status());
    assert.deepEqual([st.result.reason, st.result.winners], ["checkmate", ["white"]]);
    assert.equal(await page.locator("#announcer").textContent(), "Blancas: dama toma f7, jaque mate");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test("English and Italian letters, castling, promotion words; four-player Ne1-f3", async () => {
    const page = await newPage(env, { locale: "it-IT" });
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const m of ["e4", "e5", "Cf3", "Cc6", "Ac4", "Ac5", "O-O"]) await type(page, m);
    assert.equal(await page.evaluate(() => window.tablero.game.history().at(-1).san), "O-O");
    assert.equal(await page.locator("#announcer").textContent(), "Bianco: arrocco corto");
    // A language's piece letter is read only as that piece: Italian "Re2" is the king's move
    // (R re), never the English rook's; letters it does not use ("Nf3") are read as typed.
    const read = await page.evaluate(async () => {
      const { readings } = await import("./speech.js");
      return ["Re2", "Te2", "Nf3", "Dg1xDn8+", "e8=D", "exd5"].map(readings);
    });
    assert.deepEqual(read, [["Ke2"], ["Re2"], ["Nf3"], ["Qg1xQn8+"], ["e8=Q", "e8=D"], ["exd5"]]);
    await page.click('[data-lang="en"]');
    await startGame(page, "ffa", HUMANS4);
    await type(page, "Nj1-i3");
    assert.equal(await page.evaluate(() => window.tablero.game.history().at(-1)?.san), "Nj1-i3");
    assert.equal(await page.locator("#announcer").textContent(), "Red: knight to i3");
    await page.context().close();
  });

  test("a picked piece's targets are labelled as legal moves or captures, and said", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["d7", "d5"]]) await clickMove(page, a, b);
    await sq(page, "e4").click();
    assert.equal(await sq(page, "d5").getAttribute("aria-label"), "d5, black pawn, capture");
    assert.equal(await sq(page, "e5").getAttribute("aria-label"), "e5, legal move");
    assert.equal(await sq(page, "e6").getAttribute("aria-label"), "e6");
    // The engine's moves from e4, in its order: the capture named as one.
    const list = await page.evaluate(() => window.tablero.game.legalMoves("e4").map((m) => (m.captured ? `takes ${m.to}` : m.to)));
    assert.deepEqual([...list].sort(), ["e5", "takes d5"]);
    assert.equal(await page.locator("#announcer").textContent(), `pawn e4 picked up: 2 legal moves: ${list.join(", ")}.`);
    await sq(page, "e4").click();
    assert.equal(await sq(page, "d5").getAttribute("aria-label"), "d5, black pawn");
    await page.context().close();
  });

  test("review keys on the board: Home, End, Shift+arrows, and arrows while reviewing", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) await clickMove(page, a, b);
    const viewPly = () => page.evaluate(() => window.tablero.viewPly);
    await sq(page, "e4").focus();
    await page.keyboard.press("Home");
    assert.equal(await viewPly(), 0);
    await page.keyboard.press("ArrowRight");
    assert.equal(await viewPly(), 1);
    await page.keyboard.press("ArrowRight");
    assert.equal(await viewPly(), 2);
    await page.keyboard.press("End");
    assert.equal(await viewPly(), null);
    await page.keyboard.press("Shift+ArrowLeft");
    assert.equal(await viewPly(), 2);
    await page.keyboard.press("End");
    // Live, the plain arrows move the board's cursor again.
    const before = await page.evaluate(() => document.activeElement.dataset.square);
    await page.keyboard.press("ArrowLeft");
    assert.equal(await viewPly(), null);
    assert.notEqual(await page.evaluate(() => document.activeElement.dataset.square), before);
    await page.context().close();
  });
});

describe("looks", () => {
  test("every piece colour at 3:1 or more against both squares, in every board theme, light and dark", async () => {
    const page = await newPage(env);
    const failures = [];
    for (const scheme of ["light", "dark"]) {
      for (const theme of ["wood", "green", "blue"]) {
        await page.selectOption("#opt-scheme", scheme);
        await page.selectOption("#opt-board", theme);
        const found = await page.evaluate(async () => {
          const { pieceInk } = await import("./board.js");
          // WCAG 2 relative luminance and contrast ratio.
          const lum = (css) => {
            const probe = document.createElement("i");
            probe.style.color = css;
            document.body.append(probe);
            const [r, g, b] = getComputedStyle(probe).color.match(/\d+(\.\d+)?/g).map(Number);
            probe.remove();
            const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
            return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
          };
          const ratio = (a, b) => {
            const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
          };
          const v = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
          const boards = { two: ["--light", "--dark"], four: ["--cross-light", "--cross-dark"] };
          const colours = { two: ["white", "black"], four: ["red", "blue", "yellow", "green", "grey"] };
          const bad = [];
          for (const kind of ["two", "four"]) {
            for (const colour of colours[kind]) {
              const ink = pieceInk(colour);
              for (const square of boards[kind]) {
                const best = Math.max(ratio(ink.fill, v(square)), ink.width >= 5 ? ratio(ink.stroke, v(square)) : 0);
                if (best < 3) bad.push(`${colour} on ${square}: ${best.toFixed(2)}`);
              }
            }
          }
          return { bad, scheme: document.documentElement.dataset.scheme, board: document.documentElement.dataset.board };
        });
        assert.deepEqual([found.scheme, found.board], [scheme, theme]);
        failures.push(...found.bad.map((b) => `${scheme}/${theme}: ${b}`));
      }
    }
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  test("dark mode follows the device, and the switch overrides it", async () => {
    const page = await newPage(env);
    await page.emulateMedia({ colorScheme: "dark" });
    const scheme = () => page.evaluate(() => document.documentElement.dataset.scheme);
    const bg = () =>
      page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
        return (r + g + b) / 3;
      });
    // The device's setting is followed as it changes (a media query listener: wait for it).
    await page.waitForFunction(() => document.documentElement.dataset.scheme === "dark");
    assert.ok((await bg()) < 60, `a dark background (${await bg()})`);
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.scheme === "light");
    assert.ok((await bg()) > 200, `a light background (${await bg()})`);
    await page.selectOption("#opt-scheme", "dark");
    assert.equal(await scheme(), "dark", "the person's choice wins over the device");
    await startGame(page, "chess", { white: "human", black: "human" });
    assert.equal(await page.locator("#game-dark").isChecked(), true);
    await page.locator("#game-dark").uncheck();
    assert.equal(await scheme(), "light");
    assert.ok((await bg()) > 200);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await scheme(), "light", "the choice is remembered");
    await page.context().close();
  });

  test("figurine notation in the move list, words for screen readers", async () => {
    const page = await newPage(env);
    await page.locator("#opt-figurine").check();
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [a, b] of [["g1", "f3"], ["e7", "e5"], ["f3", "e5"]]) await clickMove(page, a, b);
    assert.deepEqual(await page.locator("#moves .mv").allTextContents(), ["\u2658\uFE0Ef3", "e5", "\u2658\uFE0Exe5"]);
    assert.equal(await page.locator("#moves .mv").last().getAttribute("aria-label"), "White: \u2658\uFE0Exe5, knight takes e5");
    await page.goto(page.url().split("#")[0] + "#/");
    await page.locator("#opt-figurine").uncheck();
    await page.goBack();
    await page.waitForSelector("#view-game:not([hidden])");
    assert.deepEqual(await page.locator("#moves .mv").allTextContents(), ["Nf3", "e5", "Nxe5"]);
    await page.context().close();
  });
});

describe("levels with ratings", () => {
  test("the level chooser shows a rating for the levels measured in chess, the level alone elsewhere", async () => {
    const page = await newPage(env);
    const options = () => page.locator("#seat-black option").allTextContents();
    await page.locator('.choice[data-choice="chess"]').click();
    const chess = await options();
    assert.match(chess[4], /^Computer — Level 4 · about \d{4}$/, "level 4 was measured (docs/STRENGTH.md)");
    assert.equal(chess[8], "Computer — Level 8", "level 8 (a time budget) was not");
    assert.equal(chess[1], "Computer — Level 1", "level 1 scored nothing against the lowest anchor");
    await page.locator('.choice[data-choice="3check"]').click();
    assert.deepEqual(await options(), ["Person", ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `Computer — Level ${l}`)]);
    await page.click('[data-lang="es"]');
    await page.locator('.choice[data-choice="chess"]').click();
    assert.match((await options())[4], /^Ordenador — Nivel 4 · unos \d{4}$/);
    await page.context().close();
    // The longer options do not widen a phone's page.
    const phone = await newPage(env, { viewport: { width: 390, height: 844 }, locale: "es-ES" });
    await phone.locator('.choice[data-choice="chess"]').click();
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth), 390);
    await phone.context().close();
  });
});

export { FOUR_MATE, expectText, sq };

// Issue 52: the analysis board (a variation, a comment, a glyph, the engine's lines, export and
// import back), the review of a finished game, and the board editor (an invalid position's
// message in Spanish, a valid one sent to the analysis board). Screenshots of each view at
// desktop and phone sizes go to test-artifacts/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { ARTIFACTS, clickMove, importAndAnalyse, newPage, startEnv, startGame } from "./helpers.mjs";
import { GAME } from "../../scripts/bench-game.mjs";

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

const PHONE = { width: 390, height: 844 };
const anSq = (page, square) => page.locator(`#an-board [data-square="${square}"]`);
const edSq = (page, square) => page.locator(`#ed-board [data-square="${square}"]`);

/** The engine's lines shown: each its score and its moves (the text less its move numbers). */
const linesShown = (page) =>
  page.$$eval("#an-lines li:not([hidden])", (lis) =>
    lis.map((li) => ({
      score: li.querySelector(".an-pvplay").textContent,
      moves: li
        .querySelector(".an-pvtext")
        .textContent.split(/\s+/)
        .filter((x) => x && !/^\d+(\.|…)$/.test(x)),
    })),
  );

const treeOf = (page) => page.evaluate(() => window.tablero.analysis.game.tree());
const pathOf = (page) => page.evaluate(() => window.tablero.analysis.game.path());

/** A page without horizontal scrolling (nothing wider than the phone). */
async function assertFits(page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client + 1, `page is ${scroll}px wide in a ${client}px window`);
}

describe("analysis board", () => {
  test("a variation, a comment and a glyph, promoted and exported; the export reads back the same", async () => {
    const page = await newPage(env);
    await importAndAnalyse(page, '[Event "Club"]\n\n1. e4 e5 2. Nf3 Nc6 *');
    // The engine analyses the start of the tree: its lines come in SAN, with a depth.
    await page.waitForSelector("#an-lines li:not([hidden]) .an-pvtext");
    assert.match(await page.textContent("#an-depth"), /Depth \d+/);
    // After 1. e4, Black plays d5 on the board: a variation beside 1... e5.
    await page.click('#an-tree [data-path="0"]');
    assert.deepEqual(await pathOf(page), [0]);
    await anSq(page, "d7").click();
    await anSq(page, "d5").click();
    let tree = await treeOf(page);
    assert.deepEqual(tree.children[0].children.map((n) => n.san), ["e5", "d5"]);
    assert.deepEqual(await pathOf(page), [0, 1]);
    // A glyph and a comment on it.
    await page.click('.an-nags [data-nag="6"]');
    await page.fill("#an-comment", "Scandinavian");
    await page.click("#an-comment-save");
    tree = await treeOf(page);
    assert.deepEqual(tree.children[0].children[1].nags, [6]);
    assert.equal(tree.children[0].children[1].comment, "Scandinavian");
    assert.match(await page.textContent("#an-tree"), /d5\?!\s*Scandinavian/);
    // Keys: back to the start, forward along the line.
    await page.locator("#an-tree").focus();
    await page.keyboard.press("Home");
    assert.deepEqual(await pathOf(page), []);
    await page.keyboard.press("End");
    assert.deepEqual(await pathOf(page), [0, 0, 0, 0]);
    // Export: the variation, its glyph and comment are in the PGN.
    await page.click("#an-export");
    const pgn = await page.inputValue("#export-pgn");
    assert.match(pgn, /1\. e4 e5 \( 1\.\.\. d5 \$6 \{ Scandinavian \} \) 2\. Nf3 Nc6/);
    await page.click('#export button[value="close"]');
    // Read back: the same tree.
    await importAndAnalyse(page, pgn);
    assert.deepEqual(await treeOf(page), tree);
    // The variation made the main line, then deleted.
    await page.click('#an-tree [data-path="0,1"]');
    await page.click("#an-promote");
    tree = await treeOf(page);
    assert.deepEqual(tree.children[0].children.map((n) => n.san), ["d5", "e5"]);
    await page.click('#an-tree [data-path="0,0"]');
    await page.click("#an-delete");
    tree = await treeOf(page);
    assert.deepEqual(tree.children[0].children.map((n) => n.san), ["e5"]);
    await page.screenshot({ path: `${ARTIFACTS}/analysis-desktop.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  });

  test("a line of the engine is played by clicking it; Stop ends the search; the threat", async () => {
    const page = await newPage(env);
    // White mates at once with Qd8 or Ra8: both are among the engine's three lines.
    const fen = "6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1";
    await page.goto(`${env.base}#/analysis?game=chess&fen=${encodeURIComponent(fen)}`);
    await page.waitForFunction(() => document.querySelectorAll("#an-lines li:not([hidden])").length >= 2);
    await page.waitForFunction(() => !window.tablero.analysis.engine.running, null, { timeout: 30000 });
    const firsts = (await linesShown(page)).map((l) => l.moves[0]);
    assert.deepEqual(firsts.slice(0, 2).sort(), ["Qd8#", "Ra8#"]);
    // Numbered from the FEN's move number.
    assert.match(await page.textContent("#an-lines li:first-child .an-pvtext"), /^1\.\s(Qd8|Ra8)#$/);
    assert.match(await page.textContent("#an-lines li:first-child .an-pvplay"), /^#1$/);
    assert.match(await page.getAttribute("#an-evalbar", "aria-label"), /#1/);
    await page.click("#an-lines li:first-child .an-pvtext");
    const tree = await treeOf(page);
    assert.equal(tree.children.length, 1);
    assert.ok(["Qd8#", "Ra8#"].includes(tree.children[0].san));
    // The threat: with Black to move after 1. h3, Black has nothing, but with White to move
    // again the threat is the mate.
    await page.click('#an-tree [data-path="0"]');
    await page.keyboard.press("Home");
    await anSq(page, "h2").click();
    await anSq(page, "h3").click();
    await page.check("#an-threat");
    await page.waitForFunction(() => !window.tablero.analysis.engine.running, null, { timeout: 30000 });
    const threat = (await linesShown(page)).map((l) => l.moves[0]);
    // Nothing to play: the threat is the other side's.
    assert.equal(await page.isDisabled("#an-lines li:first-child .an-pvplay"), true);
    assert.ok(threat.some((m) => m === "Qd8#" || m === "Ra8#"), threat.join(" "));
    await page.uncheck("#an-threat");
    // Stop and go on, at the start of a game: a search that runs its 12 s (the position above
    // is a forced mate, found in a fraction of a second: its search may be over before a click).
    await page.goto(`${env.base}#/analysis?game=chess`);
    await page.waitForFunction(() => window.tablero.analysis.engine.running && document.querySelectorAll("#an-lines li:not([hidden])").length === 3, null, { timeout: 30000 });
    await page.click("#an-stop");
    assert.equal(await page.evaluate(() => window.tablero.analysis.engine.running), false);
    assert.equal(await page.textContent("#an-stop"), "Go on");
    await page.click("#an-stop");
    assert.equal(await page.evaluate(() => window.tablero.analysis.engine.running), true);
    assert.equal(await page.textContent("#an-stop"), "Stop");
    assert.deepEqual(page.errors, []);
  });

  test("a line's button plays all of it; a click on its text plays it up to the move clicked", async () => {
    const page = await newPage(env);
    await importAndAnalyse(page, "1. e4 e5 *");
    await page.keyboard.press("Home");
    // Deep enough for lines of several moves, then stopped: the lines stay as they are.
    // (The start's lines: their engine key begins with its empty path.)
    await page.waitForFunction(
      () => {
        const r = window.tablero.analysis.engine.result;
        return r?.key?.startsWith("|") && r.depth >= 5 && document.querySelectorAll("#an-lines li:not([hidden])").length === 3;
      },
      null,
      { timeout: 60000 },
    );
    await page.click("#an-stop");
    const lines = await linesShown(page);
    assert.equal(lines.length, 3);
    for (const l of lines) assert.ok(l.moves.length >= 3 && l.moves.length <= 16, JSON.stringify(lines));
    // The second line's third move, clicked where the text shows it (its black move: "1… ").
    const sansOnPath = () =>
      page.evaluate(() => {
        const g = window.tablero.analysis.game;
        let node = g.tree();
        return g.path().map((i) => (node = node.children[i]).san);
      });
    const third = await page.evaluate((san) => {
      const text = document.querySelector("#an-lines li:nth-child(2) .an-pvtext").firstChild;
      // The third move's text: the third word that is not a move number.
      const words = [...text.data.matchAll(/\S+/g)].filter((m) => !/^\d+(\.|…)$/.test(m[0]));
      const w = words[2];
      const range = new Range();
      range.setStart(text, w.index + 1);
      range.setEnd(text, w.index + w[0].length - 1);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, word: w[0] };
    });
    assert.equal(third.word, lines[1].moves[2]);
    await page.mouse.move(third.x, third.y);
    // The move under the pointer is underlined (a highlight of the text).
    assert.equal(await page.evaluate(() => CSS.highlights.get("an-pv-hover")?.values().next().value.toString()), lines[1].moves[2]);
    await page.mouse.click(third.x, third.y);
    assert.deepEqual(await sansOnPath(), lines[1].moves.slice(0, 3));
    // The first line's button (its score): the whole line as shown, the view at its end.
    await page.keyboard.press("Home");
    // (The lines of the start again: its engine key begins with its empty path.)
    await page.waitForFunction(
      () => window.tablero.analysis.engine.result?.key?.startsWith("|") && document.querySelectorAll("#an-lines li:not([hidden])").length === 3,
      null,
      { timeout: 60000 },
    );
    await page.click("#an-stop");
    const now = await linesShown(page);
    await page.focus("#an-lines li:first-child .an-pvplay");
    await page.keyboard.press("Enter");
    assert.deepEqual(await sansOnPath(), now[0].moves);
    assert.deepEqual(page.errors, []);
  });

  test("the check glow shows on the analysis board when the game view's board exists too", async () => {
    const page = await newPage(env);
    // The game view's board first: two boards on one page, each with its own gradient.
    await startGame(page, "chess", { white: "human", black: "human" });
    // White to move in check from the queen on e2.
    const fen = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1";
    await page.goto(`${env.base}#/analysis?game=chess&fen=${encodeURIComponent(fen)}`);
    await page.waitForSelector("#an-board .check");
    // No engine arrow over the square.
    await page.uncheck("#an-engine-on");
    // The glow's paint is a gradient of the analysis board's own SVG (an id shared with the
    // hidden game board would resolve to that one, which paints nothing).
    const ref = await page.getAttribute("#an-board .check", "fill");
    const id = ref.match(/^url\(#(.+)\)$/)[1];
    assert.equal(await page.evaluate((id) => document.querySelectorAll(`[id="${id}"]`).length, id), 1, `one element with id ${id}`);
    assert.equal(await page.locator(`#an-board svg [id="${id}"]`).count(), 1);
    // And it is seen: red pixels on the king's square (none on a square without the glow).
    const reds = async (square) => {
      const png = (await anSq(page, square).screenshot()).toString("base64");
      return page.evaluate(async (src) => {
        const img = new Image();
        img.src = `data:image/png;base64,${src}`;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext("2d");
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        let red = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 170 && d[i + 1] < 120 && d[i + 2] < 120) red++;
        return red / (d.length / 4);
      }, png);
    };
    const king = await reds("e1");
    const other = await reds("a1");
    assert.equal(other, 0);
    assert.ok(king > 0.05, `red share of the checked king's square: ${king}`);
    assert.deepEqual(page.errors, []);
  });

  test("an engine answer and a step through the game: what the page redraws and asks of the engine", async () => {
    // Issue 52: the page's thread during analysis. Counted, not timed: the reads of the game
    // (each a wasm call building its answer anew: the tree of a 40-move game takes ~5 ms in
    // Node), the paints per answer, and the nodes added to the move list.
    const page = await newPage(env);
    await importAndAnalyse(page, GAME);
    await page.click(`#an-tree [data-path="${new Array(40).fill(0).join(",")}"]`);
    await page.evaluate(() => {
      const g = window.tablero.analysis.game;
      window.reads = {};
      for (const name of ["tree", "toJSON", "status", "fen", "path", "board", "score", "pgn"]) {
        const own = g[name].bind(g);
        window.reads[name] = 0;
        g[name] = (...a) => {
          window.reads[name]++;
          return own(...a);
        };
      }
      window.treeAdded = 0;
      new MutationObserver((records) => {
        for (const r of records) window.treeAdded += r.addedNodes.length;
      }).observe(document.querySelector("#an-tree"), { childList: true, subtree: true });
      window.linesAdded = 0;
      new MutationObserver((records) => {
        for (const r of records) window.linesAdded += r.addedNodes.length;
      }).observe(document.querySelector("#an-lines"), { childList: true, subtree: true });
    });
    const engine = () =>
      page.evaluate(() => ({ ...window.tablero.analysis.engine.stats, reads: { ...window.reads }, treeAdded: window.treeAdded, linesAdded: window.linesAdded }));
    // Answers for the position shown: no read of the game at all, at most one paint each.
    // (From the first redraw after the wrapping: asking for the game makes the view read it
    // afresh once, analysisDebug.game.)
    await page.locator("#an-title").click();
    await page.keyboard.press("ArrowRight");
    const first = (await engine()).paints;
    await page.waitForFunction((n) => window.tablero.analysis.engine.stats.paints > n, first, { polling: 100, timeout: 60000 });
    const a0 = await engine();
    await page.waitForFunction((n) => window.tablero.analysis.engine.stats.answers >= n, a0.answers + 5, { polling: 100, timeout: 60000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const a1 = await engine();
    const answers = a1.answers - a0.answers;
    assert.ok(answers >= 5, `${answers} answers`);
    for (const [name, n] of Object.entries(a1.reads)) assert.equal(n - a0.reads[name], 0, `${name}() during ${answers} answers`);
    // (+1: an answer counted just before the first reading is painted just after it.)
    assert.ok(a1.paints - a0.paints <= answers + 1, `${a1.paints - a0.paints} paints for ${answers} answers`);
    assert.equal(a1.treeAdded, a0.treeAdded, "the move list is not rebuilt by an answer");
    // The lines: their texts changed in place (no node added), one button a line.
    assert.equal(a1.linesAdded, a0.linesAdded, "the lines are not rebuilt by an answer");
    assert.equal(await page.locator("#an-lines button").count(), 3);
    assert.equal(await page.locator("#an-lines li:not([hidden])").count(), 3);
    // A step to the next move: the position read once, the tree not at all, the move list's
    // mark moved (no node added to it). (The panels follow the board in a task of their own.)
    await page.keyboard.press("ArrowRight");
    const mark = new Array(42).fill(0).join(",");
    await page.waitForFunction((p) => document.querySelector('#an-tree [aria-current="true"]')?.dataset.path === p, mark, { polling: 20, timeout: 5000 });
    const s1 = await engine();
    assert.equal(s1.reads.tree - a1.reads.tree, 0, "tree() on a step");
    for (const name of ["fen", "status", "path", "board"]) assert.ok(s1.reads[name] - a1.reads[name] <= 1, `${name}() on a step: ${s1.reads[name] - a1.reads[name]}`);
    assert.equal(s1.treeAdded, a1.treeAdded, "the move list is not rebuilt by a step");
    assert.equal(await page.getAttribute('#an-tree [aria-current="true"]', "data-path"), new Array(42).fill(0).join(","));
    assert.deepEqual(await pathOf(page), new Array(42).fill(0));
    assert.deepEqual(page.errors, []);
  });

  test("the engine's answers do not move the panel: fixed boxes for the depth and the lines", async () => {
    // Issue 52: an answer lays out its own boxes only (docs/BENCHMARKS.md, "Demo: main-thread
    // tasks during analysis"), which a person sees as a panel that stays still: the move list
    // below the lines stays where it was at the first answer (shallow, short lines) through
    // the deeper ones (long lines), and each line keeps to its two rows, however long (at most
    // 16 of its moves shown).
    for (const viewport of [undefined, PHONE]) {
      const page = await newPage(env, viewport ? { viewport } : {});
      await importAndAnalyse(page, GAME);
      const paints = () => page.evaluate(() => window.tablero.analysis.engine.stats.paints);
      const depth = () => page.evaluate(() => Number(/\d+/.exec(document.querySelector("#an-depth").textContent)?.[0] ?? 0));
      // (In the page, not the window: clicking scrolls the window.)
      const top = () => page.evaluate(() => Math.round(document.querySelector("#an-tree").getBoundingClientRect().top + scrollY));
      const p0 = await paints();
      await page.click(`#an-tree [data-path="${new Array(20).fill(0).join(",")}"]`);
      await page.waitForFunction((n) => window.tablero.analysis.engine.stats.paints > n, p0, { polling: 20, timeout: 60000 });
      const first = { top: await top(), depth: await depth() };
      await page.waitForFunction((d) => Number(/\d+/.exec(document.querySelector("#an-depth").textContent)?.[0] ?? 0) >= d, first.depth + 4, { polling: 100, timeout: 60000 });
      assert.equal(await top(), first.top, `the move list moved from depth ${first.depth} to ${await depth()}`);
      const lines = await page.$$eval("#an-lines li", (lis) =>
        lis.map((li) => {
          const box = li.querySelector(".an-pv");
          const row = parseFloat(getComputedStyle(box).lineHeight);
          const moves = li.querySelector(".an-pvtext").textContent.split(/\s+/).filter((x) => x && !/^\d+(\.|…)$/.test(x));
          return { rows: Math.round(box.getBoundingClientRect().height / row), shown: moves.length };
        }),
      );
      assert.equal(lines.length, 3);
      for (const l of lines) {
        assert.equal(l.rows, 2, JSON.stringify(lines));
        assert.ok(l.shown >= 1 && l.shown <= 16, JSON.stringify(lines));
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  test("at 390 px the board, the lines and the move tree fit", async () => {
    const page = await newPage(env, { viewport: PHONE });
    await importAndAnalyse(page, "1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 *");
    await page.waitForSelector("#an-lines li:not([hidden]) .an-pvtext");
    await assertFits(page);
    await page.screenshot({ path: `${ARTIFACTS}/analysis-phone.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  });
});

describe("game review", () => {
  test("a finished game: each move classified, counts per player, the graph, the better move", async (t) => {
    const page = await newPage(env);
    // Open the finished game as a game, then analyse it from the game view.
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.click("#view-saved .import-open");
    await page.fill("#import-text", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0");
    await page.click("#import-go");
    await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
    await page.click("#analyse-game");
    await page.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
      }).observe({ type: "longtask" });
    });
    await page.click("#an-review-go");
    assert.equal(await page.isVisible("#an-progress"), true);
    await page.waitForFunction(() => window.tablero.analysis.review?.done, null, { timeout: 120000 });
    const classes = await page.evaluate(() => window.tablero.analysis.review.classes);
    // 3... Nf6 lets White mate at once: from an even game to a lost one, a blunder; the mate
    // itself is the best move.
    assert.equal(classes[5], "blunder");
    assert.equal(classes[6], "best");
    assert.equal(classes.length, 7);
    const blackBlunders = await page.textContent('#an-counts tr[data-class="blunder"] td:last-child');
    assert.equal(Number(blackBlunders), classes.filter((c, i) => c === "blunder" && i % 2 === 1).length);
    // The review wrote its evaluations and glyphs into the record.
    const pgn = await page.evaluate(() => window.tablero.analysis.game.pgn());
    assert.match(pgn, /Nf6 \$4 \{\s\[%eval #1,9\] \}/);
    // The graph: a click on the sixth position goes there, and the better move is offered.
    await page.click('#an-graph [data-ply="6"]', { force: true });
    assert.deepEqual(await pathOf(page), [0, 0, 0, 0, 0, 0]);
    // A step draws the board first and the panels in a later task (analysis.js, changed()):
    // the better move shows once that task has run, after the click on a loaded machine.
    await page.locator("#an-better").waitFor({ state: "visible", timeout: 10000 });
    const best = await page.evaluate(() => window.tablero.analysis.review.evals[5].best.san);
    assert.match(await page.textContent("#an-better"), new RegExp(`Blunder\\. Better was ${best.replace(/[+#]/g, "\\$&")}`));
    await page.click("#an-better button");
    const tree = await treeOf(page);
    const sixth = tree.children[0].children[0].children[0].children[0].children[0];
    assert.deepEqual(sixth.children.map((n) => n.san), ["Nf6", best]);
    const longTasks = await page.evaluate(() => window.longTasks);
    t.diagnostic(`long tasks during the review: ${JSON.stringify(longTasks)}`);
    await writeFile(`${ARTIFACTS}/review-longtasks.json`, JSON.stringify(longTasks));
    // The review's work is in the worker: no stall of the page (a margin for a loaded machine).
    assert.ok(Math.max(0, ...longTasks) < 500, `longest task ${Math.max(0, ...longTasks)} ms`);
    await page.screenshot({ path: `${ARTIFACTS}/review-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await assertFits(page);
    await page.screenshot({ path: `${ARTIFACTS}/review-phone.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  });

  test("the game-over dialog's Game review reviews the game just played", async () => {
    const page = await newPage(env);
    await startGame(page, "chess", { white: "human", black: "human" });
    for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) await clickMove(page, from, to);
    await page.waitForSelector("#gameover[open]");
    await page.click('#gameover button[value="gamereview"]');
    await page.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
    await page.waitForFunction(() => window.tablero.analysis.review?.done, null, { timeout: 60000 });
    const classes = await page.evaluate(() => window.tablero.analysis.review.classes);
    // 2. g4 allows mate in one; the mate is the best move.
    assert.equal(classes[2], "blunder");
    assert.equal(classes[3], "best");
    assert.equal(await page.textContent('#an-counts tr[data-class="blunder"] td:nth-child(2)'), "1");
    assert.deepEqual(page.errors, []);
  });

  test("a saved game by its id: #/analysis?id=…&review=1", async () => {
    const page = await newPage(env);
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.click("#view-saved .import-open");
    await page.fill("#import-text", "1. f3 e5 2. g4 Qh4# 0-1");
    await page.click("#import-go");
    await page.waitForSelector("#view-game:not([hidden]) svg.board [data-square]");
    await page.evaluate(() => window.tableroSaved());
    const id = await page.evaluate(() => window.tablero.id);
    await page.goto(`${env.base}#/analysis?id=${encodeURIComponent(id)}&review=1`);
    await page.waitForFunction(() => window.tablero.analysis.review?.done, null, { timeout: 60000 });
    const classes = await page.evaluate(() => window.tablero.analysis.review.classes);
    assert.equal(classes.length, 4);
    assert.equal(classes[2], "blunder");
    assert.equal(classes[3], "best");
    assert.deepEqual(page.errors, []);
  });

  test("four players: points per seat and the moves that lost the most", async () => {
    const page = await newPage(env);
    // A random four-player game played in the page's engine, then reviewed.
    await page.goto(`${env.base}#/analysis?game=ffa`);
    await page.waitForSelector("#an-board [data-square]");
    await page.evaluate(() => {
      const g = window.tablero.analysis.game;
      let seed = 7;
      for (let i = 0; i < 40 && !g.status().over; i++) {
        const moves = g.legalMoves();
        const captures = moves.filter((m) => m.captured);
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const pick = captures.length ? captures[seed % captures.length] : moves[seed % moves.length];
        g.play({ from: pick.from, to: pick.to, ...(pick.promotion ? { promotion: "q" } : {}) });
      }
    });
    await page.click("#an-review-go");
    await page.waitForFunction(() => window.tablero.analysis.review?.done);
    const { swings, expected } = await page.evaluate(() => {
      const tree = window.tablero.analysis.game.tree();
      const pts = { red: 0, blue: 0, yellow: 0, green: 0 };
      let node = tree.children[0];
      while (node) {
        for (const s of node.scoring) pts[s.player] += s.points;
        node = node.children[0];
      }
      return { swings: window.tablero.analysis.review.swings, expected: pts };
    });
    assert.deepEqual(swings.series.at(-1), expected);
    await page.waitForSelector("#an-counts li");
    await page.screenshot({ path: `${ARTIFACTS}/review-four-desktop.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  });
});

describe("board editor", () => {
  test("Spanish: an invalid position's message, a valid one analysed and shared", async () => {
    const page = await newPage(env, { locale: "es-ES" });
    await page.goto(`${env.base}#/editor?game=chess`);
    await page.waitForSelector("#ed-board [data-square]");
    assert.equal(await page.textContent("#ed-valid"), "La posición es legal.");
    await page.click("#ed-clear");
    assert.equal(await page.getAttribute("#ed-valid", "data-code"), "king-count");
    assert.equal(await page.textContent("#ed-valid"), "Cada jugador necesita exactamente un rey.");
    assert.equal(await page.isDisabled("#ed-analyse"), true);
    // Kings by clicks, a queen dragged from the palette.
    await page.click('.ed-piece[data-color="white"][data-piece="king"]');
    await edSq(page, "e1").click();
    await page.click('.ed-piece[data-color="black"][data-piece="king"]');
    await edSq(page, "e8").click();
    const queen = page.locator('.ed-piece[data-color="white"][data-piece="queen"]');
    await queen.dragTo(edSq(page, "d1"));
    assert.equal(await page.textContent("#ed-valid"), "La posición es legal.");
    // A pawn on the first rank: refused, in Spanish.
    await page.click('.ed-piece[data-color="black"][data-piece="pawn"]');
    await edSq(page, "a1").click();
    assert.equal(await page.textContent("#ed-valid"), "Hay un peón en una fila donde no puede haber peones.");
    await page.click('.ed-tool[data-tool="erase"]');
    await edSq(page, "a1").click();
    // Keyboard: the hand tool moves the queen from d1 to d4 with Enter.
    await page.click('.ed-tool[data-tool="hand"]');
    await edSq(page, "d1").focus();
    await page.keyboard.press("Enter");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await page.selectOption("#ed-turn", "black");
    const fen = await page.evaluate(() => window.tablero.editor.setup.fen());
    assert.equal(fen, "4k3/8/8/8/3Q4/8/8/4K3 b - - 0 1");
    // The address and the shared link carry the position.
    assert.ok(page.url().includes(encodeURIComponent(fen)), page.url());
    await page.click("#ed-share");
    assert.ok((await page.inputValue("#ed-link")).endsWith(`#/editor?game=chess&fen=${encodeURIComponent(fen)}`));
    await page.screenshot({ path: `${ARTIFACTS}/editor-desktop.png`, fullPage: true });
    await page.click("#ed-analyse");
    await page.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
    assert.equal(await page.evaluate(() => window.tablero.analysis.game.fen()), fen);
    assert.deepEqual(page.errors, []);
  });

  test("the cross board at 390 px: points and who is out", async () => {
    const page = await newPage(env, { viewport: PHONE });
    await page.goto(`${env.base}#/editor?game=ffa`);
    await page.waitForSelector("#ed-board [data-square]");
    await page.fill('[data-points="blue"]', "12");
    await page.dispatchEvent('[data-points="blue"]', "change");
    await page.check('[data-out="green"]');
    const fen = await page.evaluate(() => window.tablero.editor.setup.fen());
    assert.match(fen, /^R-0,0,0,1-[01,]+-[01,]+-0,12,0,0-/);
    await assertFits(page);
    await page.screenshot({ path: `${ARTIFACTS}/editor-phone.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  });
});

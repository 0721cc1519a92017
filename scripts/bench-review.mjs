// The game review's budget (issue 52): a 40-move chess game (80 half-moves, 81 positions)
// reviewed at the default depth (www/views/analysis-state.js REVIEW_DEPTH) in headless Chromium, the
// page's own worker doing the work. Prints the wall time from the click to the last class, and
// the main thread's long tasks meanwhile (PerformanceObserver "longtask").
//
//   make pkg && node scripts/bench-review.mjs [runs]
//
// A benchmark, not a test: the figure depends on the machine and its load (docs/BENCHMARKS.md).
import { newPage, startEnv } from "../tests/browser/helpers.mjs";

// Played by the engine itself (levels 5 and 4, fixed seeds): 40 moves, no end yet.
const GAME = `1. Nf3 Nf6 2. Nc3 e6 3. e3 Nc6 4. d4 Bb4 5. Bd3 Bxc3+ 6. bxc3 d6 7. Rb1 O-O 8.
O-O h6 9. h3 e5 10. e4 a6 11. Ba3 exd4 12. cxd4 Re8 13. d5 Ne7 14. c3 Ng6 15.
Re1 Nf4 16. Qd2 Nxd3 17. Qxd3 Rb8 18. c4 Bd7 19. e5 dxe5 20. Nxe5 b5 21. c5
Bxh3 22. Nc6 Qxd5 23. Qxd5 Nxd5 24. Nxb8 Rxb8 25. gxh3 c6 26. Bb2 a5 27. Be5
Re8 28. Bd6 Rd8 29. Rbd1 b4 30. Bc7 Ra8 31. Be5 a4 32. Rd2 b3 33. Kg2 Rc8 34.
Rb2 f6 35. Bd6 bxa2 36. Rxa2 Ra8 37. Rea1 Nc3 38. Ra3 Nd5 39. Rxa4 Rxa4 40.
Rxa4 h5 *`;

const runs = Number(process.argv[2] ?? 3);
const env = await startEnv();
try {
  for (let run = 1; run <= runs; run++) {
    const page = await newPage(env);
    await page.goto(page.url().split("#")[0] + "#/saved");
    await page.click("#view-saved .import-open");
    await page.fill("#import-text", GAME);
    await page.click("#import-analyse");
    await page.waitForSelector("#view-analysis:not([hidden]) #an-board [data-square]");
    // The review takes the worker from the live analysis: start from a quiet page.
    await page.uncheck("#an-engine-on");
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
      }).observe({ type: "longtask" });
    });
    const t0 = Date.now();
    await page.click("#an-review-go");
    await page.waitForFunction(() => window.tablero.analysis.review?.done, null, { timeout: 600000, polling: 100 });
    const ms = Date.now() - t0;
    const { n, longTasks, classes } = await page.evaluate(() => ({
      n: window.tablero.analysis.review.n,
      longTasks: window.longTasks,
      classes: window.tablero.analysis.review.classes,
    }));
    const count = (c) => classes.filter((x) => x === c).length;
    console.log(
      `run ${run}: ${n} half-moves reviewed in ${(ms / 1000).toFixed(1)} s; long tasks ${JSON.stringify(longTasks)}; ` +
        `best ${count("best")} good ${count("good")} inaccuracies ${count("inaccuracy")} mistakes ${count("mistake")} blunders ${count("blunder")}`,
    );
    await page.context().close();
  }
} finally {
  await env.close();
}

// The game review's budget (issue 52): a 40-move chess game (80 half-moves, 81 positions)
// reviewed at the default depth (www/views/analysis-state.js REVIEW_DEPTH) in headless Chromium, the
// page's own worker doing the work. Prints the wall time from the click to the last class, and
// the main thread's long tasks meanwhile (PerformanceObserver "longtask").
//
//   make pkg && node scripts/bench-review.mjs [runs]
//
// A benchmark, not a test: the figure depends on the machine and its load (docs/BENCHMARKS.md).
import { importAndAnalyse, newPage, startEnv } from "../tests/browser/helpers.mjs";
import { GAME } from "./bench-game.mjs";

const runs = Number(process.argv[2] ?? 3);
const env = await startEnv();
try {
  for (let run = 1; run <= runs; run++) {
    const page = await newPage(env);
    await importAndAnalyse(page, GAME);
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

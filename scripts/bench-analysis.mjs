// The analysis board's main thread while the computer analyses (issue 52: no task over 50 ms
// during analysis), with Chromium's CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) to stand
// for a loaded machine. A 40-move game is imported into the analysis board; the page goes to
// move 20 and then one move on every 1.5 s for ten moves, the live analysis restarting at each
// (depth 1, 2, 3… of the position shown, each answer drawn), and waits 6 s more. Long tasks are
// PerformanceObserver("longtask") entries; "answers" counts the depth line's changes, what each
// run drew.
//
//   make pkg && node scripts/bench-analysis.mjs [--runs 3] [--base <commit>] [--profile]
//
// With --base, the same runs are made, alternately, against the page of that commit (its www/
// exported by `git archive` beside this pkg/), in the same browser: before and after in one
// run. --profile records the CPU profile of each run (CDP Profiler) and prints the page's
// functions by self time, the way to find what the main thread spends an update on; --trace
// records a Chromium trace (CDP Tracing, devtools.timeline) and prints what the main thread's
// tasks over 50 ms were made of (script, style, layout, paint...), summed over the run, and
// the thread's CPU time (--trace-out <prefix> also writes each run's trace, for Perfetto or
// chrome://tracing, to <prefix>-<run>.json; with --profile, the CPU profile to
// <prefix>-<run>.cpuprofile): the trace's thread clock (`tdur`) counts the work, slowed by the
// throttling (Chromium's throttler keeps the thread busy: a run at 4× takes about 4.6 times the
// CPU of one at 1×), but not the waits for a core of a loaded machine. So "tasks over 50 ms by
// CPU time" is the figure a quiet machine slowed 4× would show, whatever the load.
//
// A benchmark, not a test: the figure depends on the machine and its load (docs/BENCHMARKS.md,
// "Demo: main-thread tasks during analysis").
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, importAndAnalyse, newPage, startEnv } from "../tests/browser/helpers.mjs";
import { GAME } from "./bench-game.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    base: { type: "string" },
    profile: { type: "boolean", default: false },
    trace: { type: "boolean", default: false },
    rate: { type: "string", default: "4" },
    "trace-out": { type: "string" },
  },
});
const RUNS = Number(args.runs);
const RATE = Number(args.rate);
const FROM = 40; // the ply the run starts at (after White's 20th move)
const STEPS = 10;

/** A tree holding `commit`'s www/ and a link to this checkout's pkg/. */
async function baseline(commit) {
  const dir = await mkdtemp(join(tmpdir(), "tablero-base-"));
  execFileSync("sh", ["-c", `git archive ${commit} www scripts/serve.mjs | tar -x -C ${dir}`], { cwd: ROOT });
  await symlink(join(ROOT, "pkg"), join(dir, "pkg"));
  return dir;
}

async function run(env, label) {
  const page = await newPage(env);
  await importAndAnalyse(page, GAME);
  await page.click(`#an-tree [data-path="${new Array(FROM).fill(0).join(",")}"]`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  if (args.profile) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const events = [];
  if (args.trace) {
    cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
  }
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: "longtask" });
    window.answers = 0;
    new MutationObserver(() => window.answers++).observe(document.querySelector("#an-depth"), { childList: true, characterData: true, subtree: true });
  });
  await page.waitForTimeout(1500);
  for (let i = 0; i < STEPS; i++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(1500);
  }
  await page.waitForTimeout(6000);
  // The end of the measured time in the trace: what follows (the trace's own flush, 70 ms of
  // the throttled thread) is the benchmark's, not the page's.
  const { longTasks, answers } = await page.evaluate(() => {
    console.timeStamp("bench-end");
    return { longTasks: window.longTasks, answers: window.answers };
  });
  let top = null;
  if (args.profile) {
    const { profile } = await cdp.send("Profiler.stop");
    if (args["trace-out"]) await writeFile(`${args["trace-out"]}-${label.replace(/\W+/g, "-")}.cpuprofile`, JSON.stringify(profile));
    top = selfTimes(profile);
  }
  let kinds = null;
  let cpu = null;
  if (args.trace) {
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await done;
    if (args["trace-out"]) await writeFile(`${args["trace-out"]}-${label.replace(/\W+/g, "-")}.json`, JSON.stringify({ traceEvents: events }));
    kinds = longTaskKinds(events);
    cpu = cpuTasks(events);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.context().close();
  const over = longTasks.filter((d) => d > 50);
  console.log(
    `${label}: ${over.length} tasks over 50 ms (longest ${Math.max(0, ...longTasks)} ms), ${longTasks.length} long tasks in all, ` +
      `${answers} depth-line changes; tasks ${JSON.stringify(longTasks)}`,
  );
  if (top) for (const [name, ms] of top) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  if (cpu) {
    console.log(
      `    main thread CPU ${cpu.total.toFixed(0)} ms in ${cpu.tasks} tasks; by CPU time: ${cpu.over} tasks over 50 ms (${JSON.stringify(cpu.kinds)}), longest ${cpu.max.toFixed(0)} ms`,
    );
  }
  if (kinds) for (const [name, ms] of kinds) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${name} (in tasks over 50 ms)`);
  return { over: over.length, max: Math.max(0, ...longTasks), cpu };
}

/** The page's main thread in the trace: its renderer's CrRendererMain. */
function mainThread(events) {
  const names = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  // The page's renderer is the one that ran the analysis view's scripts.
  return names.find((n) => events.some((x) => x.pid === n.pid && x.tid === n.tid && x.name === "FunctionCall")) ?? names[0];
}

/** The main thread's top-level tasks by thread CPU time: the total (ms), and the tasks of
 * over 50 ms of it, with the longest. */
function cpuTasks(events) {
  const main = mainThread(events);
  if (!main) return { total: 0, tasks: 0, over: 0, max: 0 };
  const end = events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === "bench-end")?.ts ?? Infinity;
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === "RunTask" && e.ph === "X" && e.tdur !== undefined && e.ts < end);
  // Top-level only: a nested RunTask (a task run inside another) is counted in its parent.
  tasks.sort((a, b) => a.ts - b.ts);
  let last = -1;
  const top = [];
  for (const t of tasks) {
    if (t.ts >= last) {
      top.push(t);
      last = t.ts + t.dur;
    }
  }
  const scaled = top.map((t) => t.tdur / 1000);
  // What each task over 50 ms of CPU was: an input event, an animation frame (a paint), a
  // timer, a worker's message..., by the events run inside it.
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const kinds = {};
  top.forEach((t, i) => {
    if (scaled[i] <= 50) return;
    const inside = new Set(mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur).map((e) => e.name));
    const kind = ["EventDispatch", "FireAnimationFrame", "TimerFire", "HandlePostMessage", "Paint"].filter((n) => inside.has(n)).join("+") || "other";
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  });
  return {
    kinds,
    total: top.reduce((k, t) => k + t.tdur / 1000, 0),
    tasks: top.length,
    over: scaled.filter((ms) => ms > 50).length,
    max: Math.max(0, ...scaled),
  };
}

/** The trace's events on the page's main thread inside its tasks over 50 ms, by name: the
 * time of each event less that of the events nested in it (ms), the 20 largest. */
function longTaskKinds(events) {
  const main = mainThread(events);
  if (!main) return [];
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  let inLong = 0;
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) {
      const done = stack.pop();
      if (done.name === "RunTask" && done.tdur > 50000) inLong--;
    }
    if (stack.length) stack.at(-1).child = (stack.at(-1).child ?? 0) + e.dur;
    stack.push(e);
    if (e.name === "RunTask" && e.tdur > 50000) inLong++;
  }
  // A second pass for the sums, now that each event knows its children's time.
  stack.length = 0;
  inLong = 0;
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) {
      const done = stack.pop();
      if (done.name === "RunTask" && done.tdur > 50000) inLong--;
    }
    stack.push(e);
    if (e.name === "RunTask" && e.tdur > 50000) inLong++;
    if (inLong > 0) self.set(e.name, (self.get(e.name) ?? 0) + (e.dur - (e.child ?? 0)) / 1000);
  }
  const layouts = mine.filter((e) => e.name === "Layout");
  const objects = layouts.reduce((k, e) => k + (e.args?.beginData?.dirtyObjects ?? 0), 0);
  const frames = mine.filter((e) => e.name === "Paint").length;
  self.set(`(${layouts.length} layouts of ${(objects / Math.max(1, layouts.length)).toFixed(0)} dirty objects on average; ${frames} paints)`, 0);
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 21);
}

/** The profile's functions by self time (ms), the 25 largest. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  });
  return [...self].filter(([n]) => !n.startsWith("(idle)") && !n.startsWith("(program)")).sort((a, b) => b[1] - a[1]).slice(0, 25);
}

const envs = [["this checkout", await startEnv()]];
let dir = null;
if (args.base) {
  dir = await baseline(args.base);
  envs.unshift([`base ${args.base}`, await startEnv({ root: dir })]);
}
try {
  const sums = new Map();
  for (let r = 1; r <= RUNS; r++) {
    for (const [label, env] of envs) {
      const res = await run(env, `run ${r}, ${label}`);
      const s = sums.get(label) ?? [];
      s.push(res);
      sums.set(label, s);
    }
  }
  for (const [label, s] of sums) {
    console.log(`${label}: tasks over 50 ms per run ${s.map((x) => x.over).join(", ")}; longest ${s.map((x) => x.max).join(", ")} ms`);
    if (args.trace) {
      console.log(
        `${label}: main-thread CPU per run ${s.map((x) => x.cpu.total.toFixed(0)).join(", ")} ms; by CPU time: ` +
          `tasks over 50 ms ${s.map((x) => x.cpu.over).join(", ")}, longest ${s.map((x) => x.cpu.max.toFixed(0)).join(", ")} ms`,
      );
    }
  }
} finally {
  for (const [, env] of envs) await env.close();
  if (dir) await rm(dir, { recursive: true, force: true });
}

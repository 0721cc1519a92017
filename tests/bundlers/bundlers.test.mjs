// The packed tarball in bundler projects, as npm users get it: `npm pack` of pkg/, installed
// with npm (offline: the package has no dependencies) into a fresh temporary project, built
// there by Vite, webpack and esbuild with the recipes of README's "Using it from npm", and
// each build loaded in Debian's chromium. The page plays a game on the main thread and asks
// tablero-worker.js (bundled by each tool) for the computer's move, so both the wasm the
// bundler emitted for the page and the one it emitted for the worker must load.
//
// The bundlers are this repository's devDependencies (package-lock.json): nothing is
// downloaded here. One small build per bundler, no dev server.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort } from "../browser/helpers.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(import.meta.url);

// The page of every project: a short game ending in checkmate, the cheap calls, then the
// worker's move in a second game. `WORKER_URL` is the line the README gives per bundler.
const app = (workerUrl) => `import init, { newGame } from "tablero-chess";

await init();
const mate = newGame();
for (const move of ["f3", "e5", "g4", "Qh4#"]) mate.play(move);
const { result } = mate.status();

const game = newGame({ variant: "kingofthehill", seed: 7 });
game.play("e4");
const cheap = game.legalMovesUci().length;

const worker = new Worker(${workerUrl}, { type: "module" });
const reply = await new Promise((resolve) => {
  worker.onmessage = ({ data }) => resolve(data);
  worker.postMessage({ id: 1, type: "aiMove", game: game.toJSON(), options: { level: 1, nodes: 2000 } });
});
const played = reply.ok ? game.play(reply.move) : null;
window.tableroResult = {
  winners: result.winners, reason: result.reason, cheap,
  reply: { id: reply.id, ok: reply.ok, player: reply.move?.player, error: reply.error },
  played: played && { player: played.player, uci: played.uci }, ply: game.ply,
};
`;
const PACKAGE_URL = 'new URL("tablero-chess/tablero-worker.js", import.meta.url)';
// esbuild leaves `new URL` alone: the worker is a second entry point written next to the page.
const SIBLING_URL = 'new URL("./tablero-worker.js", import.meta.url)';
const ESBUILD_ARGS = ["app.js", "tablero-worker=tablero-chess/tablero-worker.js", "--bundle", "--format=esm", "--outdir=dist"];
// No favicon request, so any failed request is a real one.
const HTML = (script) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>tablero</title>${script}\n`;

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

let dir;
let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "tablero-bundlers-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir, "--ignore-scripts"], {
    cwd: join(root, "pkg"),
    encoding: "utf8",
  });
  const tarball = join(dir, JSON.parse(out)[0].filename);
  // One install at the top; each bundler's project is a folder below it and resolves
  // `tablero-chess` from there like any node_modules lookup.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "apps", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: dir, encoding: "utf8" });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function project(name, files) {
  const p = join(dir, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(p, f, ".."), { recursive: true });
    writeFileSync(join(p, f), text);
  }
  return p;
}

/** Serves `dist` (scripts/serve.mjs: .wasm as application/wasm), opens index.html, returns the page's result. */
async function load(dist) {
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, "scripts/serve.mjs"), "--root", dist, "--port", String(port), "--host", "127.0.0.1", "--quiet"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const context = await browser.newContext();
  try {
    await new Promise((resolve, reject) => {
      server.on("exit", (code) => reject(new Error(`serve.mjs exited with ${code}`)));
      waitForPort(port).then(resolve, reject);
    });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(String(e)));
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
    page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    const wasm = [];
    context.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    await page.waitForFunction(() => window.tableroResult || null, null, { timeout: 60_000 }).catch((e) => {
      throw new Error(`${e.message}\npage problems: ${problems.join("\n")}`);
    });
    const result = await page.evaluate(() => window.tableroResult);
    return { result, problems, wasm };
  } finally {
    await context.close();
    server.kill();
  }
}

async function waitForPort(port) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((resolve) => {
      fetch(`http://127.0.0.1:${port}/index.html`).then((r) => resolve(r.ok), () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

function check({ result, problems, wasm }) {
  assert.deepEqual(problems, []);
  assert.deepEqual(result.winners, ["black"]);
  assert.equal(result.reason, "checkmate");
  assert.equal(result.cheap, 20);
  assert.deepEqual(result.reply, { id: 1, ok: true, player: "black", error: undefined });
  assert.equal(result.played.player, "black");
  assert.match(result.played.uci, /^[a-h][1-8][a-h][1-8]$/);
  assert.equal(result.ply, 2);
  // The page and the worker each fetched the emitted wasm.
  assert.ok(wasm.length >= 2, `wasm requests: ${wasm.join(", ")}`);
}

/** The README's "Using it from npm" section, whose recipes the projects below follow. */
const readme = (() => {
  const md = readFileSync(join(root, "README.md"), "utf8");
  const start = md.indexOf("## Using it from npm");
  return md.slice(start, md.indexOf("\n## ", start + 1));
})();

test("README's bundler recipes are the ones tested here", () => {
  assert.ok(readme.includes(PACKAGE_URL), `README lacks ${PACKAGE_URL}`);
  assert.ok(readme.includes(SIBLING_URL), `README lacks ${SIBLING_URL}`);
  assert.ok(readme.includes(`esbuild ${ESBUILD_ARGS.join(" ")}`), "README lacks the esbuild command");
  assert.ok(readme.includes("cp node_modules/tablero-chess/tablero_bg.wasm dist/"), "README lacks the esbuild copy");
});

test("Vite: `vite build` with no configuration", async () => {
  const p = project("vite", {
    "index.html": HTML('<script type="module" src="./app.js"></script>'),
    "app.js": app(PACKAGE_URL),
  });
  const { build } = await import("vite");
  await build({ root: p, configFile: false, logLevel: "warn" });
  assert.ok(readdirSync(join(p, "dist/assets")).some((f) => f.endsWith(".wasm")));
  check(await load(join(p, "dist")));
});

test("webpack: production build with no configuration beyond the entry", async () => {
  const p = project("webpack", {
    "src/index.js": app(PACKAGE_URL),
    "dist/index.html": HTML('<script src="main.js"></script>'),
  });
  const webpack = require("webpack");
  // What `npx webpack --mode production` does in that folder (entry ./src, output ./dist).
  const stats = await new Promise((resolve, reject) =>
    webpack({ mode: "production", context: p, output: { path: join(p, "dist") }, performance: { hints: false } }, (err, s) =>
      err ? reject(err) : resolve(s),
    ),
  );
  assert.ok(!stats.hasErrors(), stats.toString("errors-only"));
  check(await load(join(p, "dist")));
});

test("esbuild: the worker as a second entry point and the wasm copied beside the bundle", async () => {
  const p = project("esbuild", {
    "app.js": app(SIBLING_URL),
    "dist/index.html": HTML('<script type="module" src="app.js"></script>'),
  });
  execFileSync(join(root, "node_modules/.bin/esbuild"), [...ESBUILD_ARGS, "--log-level=warning"], { cwd: p, encoding: "utf8" });
  execFileSync("cp", [join(dir, "node_modules/tablero-chess/tablero_bg.wasm"), "dist/"], { cwd: p });
  check(await load(join(p, "dist")));
});

// The rules-only entry: a page that needs two-player rules alone imports `tablero-chess/rules`
// and loads that entry's wasm (no four-player engine, no computer opponent, no position
// editor), not the full one.
const rulesApp = `import init, { newGame, setup } from "tablero-chess/rules";

await init();
const game = newGame();
for (const move of ["f3", "e5", "g4", "Qh4#"]) game.play(move);
const { result } = game.status();
const koth = newGame({ variant: "kingofthehill" });
koth.play("e4");
window.tableroResult = {
  winners: result.winners, reason: result.reason, pgn: game.pgn(),
  editor: (() => { try { setup(); return "made"; } catch (e) { return e.code; } })(),
  cheap: koth.legalMovesUci().length, aiMove: typeof game.aiMove,
  four: (() => { try { newGame({ variant: "fourplayer" }); return "made"; } catch (e) { return e.code; } })(),
};
`;

test("Vite: a page importing tablero-chess/rules loads the rules-only wasm", async () => {
  const p = project("vite-rules", {
    "index.html": HTML('<script type="module" src="./app.js"></script>'),
    "app.js": rulesApp,
  });
  const { build } = await import("vite");
  await build({ root: p, configFile: false, logLevel: "warn" });
  const emitted = readdirSync(join(p, "dist/assets")).filter((f) => f.endsWith(".wasm"));
  // Only the rules-only wasm is emitted, byte for byte the package's rules/tablero_bg.wasm.
  assert.equal(emitted.length, 1, `emitted: ${emitted.join(", ")}`);
  assert.ok(
    readFileSync(join(p, "dist/assets", emitted[0])).equals(readFileSync(join(dir, "node_modules/tablero-chess/rules/tablero_bg.wasm"))),
    "the page's wasm is not rules/tablero_bg.wasm",
  );
  const { result, problems, wasm } = await load(join(p, "dist"));
  assert.deepEqual(problems, []);
  assert.equal(wasm.length, 1, `wasm requests: ${wasm.join(", ")}`);
  assert.deepEqual(result.winners, ["black"]);
  assert.equal(result.reason, "checkmate");
  assert.match(result.pgn, /1\. f3 e5 2\. g4 Qh4# 0-1\s*$/);
  assert.equal(result.editor, "invalid-argument"); // the position editor is the full entry's
  assert.equal(result.cheap, 20);
  assert.equal(result.aiMove, "undefined");
  assert.equal(result.four, "invalid-argument");
});

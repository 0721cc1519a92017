// The packed tarball as npm users get it: `npm pack` of pkg/, installed with npm into a fresh
// Node project (no network needed: the package has no dependencies), then the README's Node
// recipe (initSync + import.meta.resolve) run there, the worker script resolvable by its
// export, and CommonJS `require` answered with a clear message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The first ```js block after the "### Node" heading of README's "Using it from npm". */
function readmeNodeRecipe() {
  const md = readFileSync(join(root, "README.md"), "utf8");
  const section = md.slice(md.indexOf("## Using it from npm"));
  const node = section.slice(section.indexOf("### Node"));
  const m = node.match(/```js\n([\s\S]*?)```/);
  assert.ok(m, "README: no ```js block under ### Node of Using it from npm");
  return m[1];
}

test("the packed tarball installs into a fresh Node project and works there", () => {
  const dir = mkdtempSync(join(tmpdir(), "tablero-npm-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir, "--ignore-scripts"], {
      cwd: join(root, "pkg"),
      encoding: "utf8",
    });
    const tarball = join(dir, JSON.parse(out)[0].filename);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: dir, encoding: "utf8" });

    writeFileSync(join(dir, "recipe.mjs"), readmeNodeRecipe());
    const run = spawnSync(process.execPath, ["recipe.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /e7e5|Nf3|e2e4/);

    const worker = spawnSync(process.execPath, ["--input-type=module", "-e", 'console.log(import.meta.resolve("tablero-chess/tablero-worker.js"))'], { cwd: dir, encoding: "utf8" });
    assert.match(worker.stdout, /node_modules\/tablero-chess\/tablero-worker\.js/);

    const cjs = spawnSync(process.execPath, ["-e", 'require("tablero-chess")'], { cwd: dir, encoding: "utf8" });
    assert.notEqual(cjs.status, 0);
    assert.match(cjs.stderr, /is an ES module and cannot be require\(\)d: use .*await import\("tablero-chess"\)/);

    const dynamic = spawnSync(
      process.execPath,
      ["-e", 'import("tablero-chess").then(({ initSync, newGame }) => { initSync({ module: require("fs").readFileSync(require.resolve("tablero-chess/tablero_bg.wasm")) }); console.log(newGame().legalMovesUci().length); })'],
      { cwd: dir, encoding: "utf8" },
    );
    assert.equal(dynamic.stdout.trim(), "20", dynamic.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The ```js block of README's "### Two-player rules only" (under "Using it from npm"). */
function readmeRulesRecipe() {
  const md = readFileSync(join(root, "README.md"), "utf8");
  const section = md.slice(md.indexOf("## Using it from npm"));
  const rules = section.slice(section.indexOf("### Two-player rules only"));
  const m = rules.match(/```js\n([\s\S]*?)```/);
  assert.ok(m, "README: no ```js block under ### Two-player rules only");
  return m[1];
}

test("the tarball holds the rules-only entry, which plays a two-player game in Node", () => {
  const dir = mkdtempSync(join(tmpdir(), "tablero-npm-rules-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir, "--ignore-scripts"], {
      cwd: join(root, "pkg"),
      encoding: "utf8",
    });
    const [packed] = JSON.parse(out);
    const paths = new Set(packed.files.map((f) => f.path));
    for (const f of ["rules/tablero.js", "rules/tablero_glue.js", "rules/tablero_bg.wasm", "rules/tablero.d.ts"]) {
      assert.ok(paths.has(f), `the tarball lacks ${f}`);
    }
    const tarball = join(dir, packed.filename);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: dir, encoding: "utf8" });

    writeFileSync(join(dir, "recipe.mjs"), readmeRulesRecipe());
    const run = spawnSync(process.execPath, ["recipe.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3+3 0 1 undefined");

    // A whole game: a PGN with a variation and comments imported, played on, saved and
    // restored; the four-player engine, the computer and the position editor are not in this
    // build (the editor's calls throw a coded error).
    const game = `
      import { readFileSync } from "node:fs";
      import { fileURLToPath } from "node:url";
      import { initSync, newGame, Game, validateFen, TableroError } from "tablero-chess/rules";
      initSync({ module: readFileSync(fileURLToPath(import.meta.resolve("tablero-chess/rules/tablero_bg.wasm"))) });
      const g = newGame({ pgn: '[Event "x"]\\n\\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Bc4 Nc6 3. Qh5 *' });
      g.play("Nf6");
      g.play("Qxf7#");
      const back = Game.fromJSON(JSON.stringify(g));
      const code = (f) => { try { f(); return "none"; } catch (e) { return (e instanceof TableroError) + " " + e.code; } };
      console.log(JSON.stringify({
        winners: back.status().result.winners, reason: back.status().result.reason, ply: back.ply, variation: back.tree().children[0].children.length,
        comment: back.tree().children[0].comment, fen: code(() => validateFen("8/8/8/8/8/8/8/8 w - - 0 1")),
        four: code(() => newGame({ variant: "fourplayer" })), ai: typeof back.aiMove, timeout: typeof back.timeout,
      }));
    `;
    writeFileSync(join(dir, "game.mjs"), game);
    const played = spawnSync(process.execPath, ["game.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(played.status, 0, played.stderr);
    assert.deepEqual(JSON.parse(played.stdout), {
      winners: ["white"],
      reason: "checkmate",
      ply: 7,
      variation: 2,
      comment: "best",
      fen: "true invalid-argument",
      four: "true invalid-argument",
      ai: "undefined",
      timeout: "undefined",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

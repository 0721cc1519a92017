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

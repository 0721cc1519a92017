// The npm package as a user gets it: what `npm pack` puts in the tarball, its name, the
// lifecycle errors of js/tablero.js (before init, after free), and that the hand-written
// js/tablero.d.ts declares everything the package exports.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tablero, { newGame } from "./load.mjs";

const { Game, TableroError } = tablero;
const root = new URL("../../", import.meta.url);
const pkgDir = fileURLToPath(new URL("pkg/", root));

/** Asserts that `f` throws a TableroError whose .code is `code` and whose message matches `re`. */
function throwsCode(f, code, re) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof TableroError, `expected a TableroError, got ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, "TableroError");
    assert.equal(e.code, code, `expected code ${code}, got ${e.code}: ${e.message}`);
    if (re) assert.match(e.message, re);
    return true;
  });
}

test("npm pack lists README, both licenses, wasm, glue, entry, types and worker", () => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: pkgDir, encoding: "utf8" });
  const [info] = JSON.parse(out);
  assert.equal(info.name, "tablero-chess");
  const files = info.files.map((f) => f.path).sort();
  for (const f of [
    "README.md", "LICENSE-MIT", "LICENSE-APACHE", "package.json", "tablero_bg.wasm", "tablero_glue.js",
    "tablero.js", "tablero.d.ts", "games.d.ts", "squares.d.ts", "tablero-worker.js",
  ]) {
    assert.ok(files.includes(f), `${f} missing from the tarball: ${files.join(", ")}`);
  }
  const pkg = JSON.parse(readFileSync(new URL("package.json", `file://${pkgDir}`), "utf8"));
  assert.equal(pkg.license, "MIT OR Apache-2.0");
  assert.equal(pkg.exports["."].types, "./tablero.d.ts");
  assert.match(readFileSync(new URL("LICENSE-MIT", root), "utf8"), /Permission is hereby granted/);
  assert.match(readFileSync(new URL("LICENSE-APACHE", root), "utf8"), /Apache License\s+Version 2\.0/);
});

test("the README shows how to install under the published names", () => {
  const readme = readFileSync(new URL("README.md", root), "utf8");
  assert.match(readme, /npm install tablero-chess/);
  assert.match(readme, /cargo add tablero-chess/);
});

// A fresh process: the module of this one is initialised already.
function runFresh(code) {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: fileURLToPath(root), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test("calls before init() throw not-initialized and say to call init() first", () => {
  const got = runFresh(`
    import { newGame, Game, TableroError, games } from "./pkg/tablero.js";
    const out = [];
    for (const f of [() => newGame(), () => Game.fromJSON("{}"), () => games()]) {
      try { f(); out.push("no error"); } catch (e) { out.push([e instanceof TableroError, e.code, e.message]); }
    }
    console.log(JSON.stringify(out));
  `);
  for (const [isTablero, code, message] of got) {
    assert.equal(isTablero, true);
    assert.equal(code, "not-initialized");
    assert.match(message, /call init\(\) first/);
  }
});

test("a freed game throws freed on every member, and a second free() too", () => {
  const game = newGame();
  game.play("e4");
  game.free();
  throwsCode(() => game.play("e5"), "freed", /this game was freed: play\(\) cannot be used after free\(\)/);
  throwsCode(() => game.legalMoves(), "freed", /legalMoves\(\)/);
  throwsCode(() => game.ply, "freed", /ply cannot be used/);
  throwsCode(() => game.fen(), "freed");
  throwsCode(() => JSON.stringify(game), "freed", /toJSON/);
  throwsCode(() => game.free(), "freed", /already freed/);
});

test("new Game() throws and names newGame()", () => {
  throwsCode(() => new Game(), "invalid-argument", /use newGame\(options\) or Game\.fromJSON/);
  // The exported class is still the class of every game.
  const game = newGame();
  assert.ok(game instanceof Game);
  assert.ok(Game.fromJSON(game.toJSON()) instanceof Game);
  game.free();
});

test("errors thrown by the engine are TableroErrors with the engine's code", () => {
  const game = newGame();
  throwsCode(() => game.play("e5"), "illegal-move");
  throwsCode(() => newGame({ variant: "nope" }), "invalid-argument");
  throwsCode(() => Game.fromJSON("not json"), "invalid-argument");
  assert.equal(game.ply, 0, "the failed play changed nothing");
  game.free();
});

test("tablero.d.ts declares every export and every Game member", () => {
  const dts = readFileSync(new URL("js/tablero.d.ts", root), "utf8");
  for (const name of Object.keys(tablero)) {
    if (name === "default") continue;
    assert.match(dts, new RegExp(`export (declare )?(function|class|const) ${name}\\b`), `export ${name} undeclared`);
  }
  const members = new Set([
    ...Object.getOwnPropertyNames(Game.prototype),
    ...Object.getOwnPropertyNames(Game).filter((n) => typeof Game[n] === "function"),
  ]);
  for (const name of members) {
    if (name === "constructor" || name.startsWith("__")) continue;
    assert.match(dts, new RegExp(`^  (static |readonly )?${name}\\b`, "m"), `Game.${name} undeclared in tablero.d.ts`);
  }
});

test("the cheap forms name the same moves as the object forms and play them", () => {
  for (const options of [{}, { variant: "racingkings" }, { variant: "fourplayer" }]) {
    const game = newGame(options);
    const twin = newGame(options);
    for (let ply = 0; ply < 30; ply++) {
      const objects = game.legalMoves();
      const uci = game.legalMovesUci();
      assert.deepEqual(uci, objects.map((m) => m.uci));
      assert.deepEqual(game.legalMoves({ format: "uci" }), uci);
      assert.deepEqual(game.legalMoves({ from: objects[0].from, format: "uci" }), game.legalMovesUci(objects[0].from));
      if (uci.length === 0) break;
      const pick = uci[(ply * 7) % uci.length];
      assert.equal(game.playUci(pick), undefined);
      twin.play(pick);
      assert.equal(game.fen(), twin.fen());
    }
    const last = game.history().at(-1).uci;
    assert.equal(game.undoUci(), last);
    throwsCode(() => game.legalMoves({ format: "san" }), "invalid-argument", /"object" or "uci"/);
    throwsCode(() => game.legalMoves({ square: "e2" }), "invalid-argument", /unknown legalMoves option "square"/);
    throwsCode(() => game.playUci({ from: "e2" }), "invalid-argument", /as a string/);
    game.free();
    twin.free();
  }
  assert.equal(newGame().undoUci(), undefined);
});

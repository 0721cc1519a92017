#!/usr/bin/env node
// Completes the npm package in pkg/ after wasm-bindgen (what wasm-pack would otherwise do):
// copies the hand-written entry module, its types (and games.d.ts, generated from the table of
// games; squares.d.ts, from the boards) and the worker from js/, the types of the rules-only
// entry (js/rules.d.ts, to rules/tablero.d.ts), the README and both license texts, and writes
// package.json (name tablero-chess) with the metadata of the [package] table of Cargo.toml.
//
//   node scripts/pkg-json.mjs [pkg-dir]
import { copyFile, readFile, readdir, writeFile } from "node:fs/promises";

const repo = new URL("..", import.meta.url);
const outDir = new URL(`${process.argv[2] ?? "pkg"}/`, repo);

// Just enough TOML for `key = "string"` lines of the [package] table.
const cargoToml = await readFile(new URL("Cargo.toml", repo), "utf8");
const pkgTable = cargoToml.split(/^\[/m).find((t) => t.startsWith("package]")) ?? "";
const field = (key) => pkgTable.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, "m"))?.[1];

const version = field("version");
if (!version) throw new Error("no version in the [package] table of Cargo.toml");
const name = field("name");
if (name !== "tablero-chess") throw new Error(`Cargo.toml names the package ${name}, expected tablero-chess`);

for (const f of ["tablero.js", "tablero.d.ts", "games.d.ts", "squares.d.ts", "tablero.cjs", "tablero-worker.js", "tablero-online.js", "tablero-online.d.ts"]) {
  await copyFile(new URL(`js/${f}`, repo), new URL(f, outDir));
}
for (const f of ["README.md", "LICENSE-MIT", "LICENSE-APACHE"]) {
  await copyFile(new URL(f, repo), new URL(f, outDir));
}

// The rules-only entry (`tablero-chess/rules`): wasm-bindgen's output of the build without the
// four-player engine and the computer opponent, the same entry module (written by `make pkg`)
// and types of its own that reuse tablero.d.ts's.
await copyFile(new URL("js/rules.d.ts", repo), new URL("rules/tablero.d.ts", outDir));

const present = new Set(await readdir(outDir));
const rules = new Set(await readdir(new URL("rules/", outDir)));
for (const [dir, names] of [["", present], ["rules/", rules]]) {
  for (const f of ["tablero_bg.wasm", "tablero_glue.js"]) {
    if (!names.has(f)) throw new Error(`${dir}${f} missing from ${outDir.pathname}; run wasm-bindgen first`);
  }
}
const files = [
  "tablero.js", "tablero.d.ts", "games.d.ts", "squares.d.ts", "tablero.cjs", "tablero_glue.js", "tablero_bg.wasm", "tablero-worker.js",
  "tablero-online.js", "tablero-online.d.ts", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "rules",
  ...(present.has("snippets") ? ["snippets"] : []),
];

const pkg = {
  name,
  version,
  description: field("description"),
  license: field("license"),
  repository: field("repository") && { type: "git", url: field("repository") },
  keywords: ["chess", "chess-variants", "four-player-chess", "wasm", "webassembly", "chess-engine"],
  type: "module",
  main: "tablero.js",
  module: "tablero.js",
  types: "tablero.d.ts",
  exports: {
    ".": {
      types: "./tablero.d.ts",
      // CommonJS `require` gets a clear message (the package is an ES module).
      require: "./tablero.cjs",
      default: "./tablero.js",
    },
    "./tablero_bg.wasm": "./tablero_bg.wasm",
    "./tablero-worker.js": "./tablero-worker.js",
    "./package.json": "./package.json",
    // The online rooms client (docs/PROTOCOL.md), typed beside it.
    "./online": { types: "./tablero-online.d.ts", default: "./tablero-online.js" },
    "./tablero-online.js": { types: "./tablero-online.d.ts", default: "./tablero-online.js" },
    // Two-player rules alone: no four-player engine, no computer opponent; a wasm of its own,
    // a fraction of the full one (docs/BENCHMARKS.md, "Package size").
    "./rules": { types: "./rules/tablero.d.ts", default: "./rules/tablero.js" },
    "./rules/tablero_bg.wasm": "./rules/tablero_bg.wasm",
  },
  files,
  engines: { node: ">=20" },
  sideEffects: ["./tablero.js", "./tablero_glue.js", "./snippets/*", "./rules/tablero.js", "./rules/tablero_glue.js", "./rules/snippets/*"],
};

await writeFile(new URL("package.json", outDir), JSON.stringify(pkg, null, 2) + "\n");

#!/usr/bin/env node
// Completes the npm package in pkg/ after wasm-bindgen (what wasm-pack would otherwise do):
// copies the hand-written entry module, its types (and games.d.ts, generated from the table of
// games; squares.d.ts, from the boards) and the worker from js/, the README and
// both license texts, and writes package.json (name tablero-chess) with the metadata of the
// [package] table of Cargo.toml.
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

const present = new Set(await readdir(outDir));
for (const f of ["tablero_bg.wasm", "tablero_glue.js"]) {
  if (!present.has(f)) throw new Error(`${f} missing from ${outDir.pathname}; run wasm-bindgen first`);
}
const files = [
  "tablero.js", "tablero.d.ts", "games.d.ts", "squares.d.ts", "tablero.cjs", "tablero_glue.js", "tablero_bg.wasm", "tablero-worker.js",
  "tablero-online.js", "tablero-online.d.ts", "README.md", "LICENSE-MIT", "LICENSE-APACHE",
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
  },
  files,
  engines: { node: ">=20" },
  sideEffects: ["./tablero.js", "./tablero_glue.js", "./snippets/*"],
};

await writeFile(new URL("package.json", outDir), JSON.stringify(pkg, null, 2) + "\n");

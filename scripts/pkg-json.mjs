#!/usr/bin/env node
// Writes pkg/package.json for the wasm-bindgen output (what wasm-pack would otherwise do),
// taking name-independent metadata from the [package] table of Cargo.toml.
//
//   node scripts/pkg-json.mjs [pkg-dir]
import { readFile, readdir, writeFile } from "node:fs/promises";

const repo = new URL("..", import.meta.url);
const outDir = new URL(`${process.argv[2] ?? "pkg"}/`, repo);

// Just enough TOML for `key = "string"` lines of the [package] table.
const cargoToml = await readFile(new URL("Cargo.toml", repo), "utf8");
const pkgTable = cargoToml.split(/^\[/m).find((t) => t.startsWith("package]")) ?? "";
const field = (key) => pkgTable.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, "m"))?.[1];

const version = field("version");
if (!version) throw new Error("no version in the [package] table of Cargo.toml");

const present = new Set(await readdir(outDir));
const files = ["tablero_bg.wasm", "tablero.js", "tablero.d.ts", "tablero_bg.wasm.d.ts", "tablero-worker.js", "tablero-online.js", "tablero-online.d.ts", "snippets"]
  .filter((f) => present.has(f));
for (const f of ["tablero_bg.wasm", "tablero.js", "tablero.d.ts"]) {
  if (!present.has(f)) throw new Error(`${f} missing from ${outDir.pathname}; run wasm-bindgen first`);
}

const pkg = {
  name: "tablero",
  version,
  description: field("description"),
  license: field("license"),
  repository: field("repository") && { type: "git", url: field("repository") },
  type: "module",
  main: "tablero.js",
  module: "tablero.js",
  types: "tablero.d.ts",
  exports: {
    ".": { types: "./tablero.d.ts", default: "./tablero.js" },
    "./tablero_bg.wasm": "./tablero_bg.wasm",
    ...(present.has("tablero-worker.js") && { "./tablero-worker.js": "./tablero-worker.js" }),
    // The online rooms client (docs/PROTOCOL.md), typed beside it.
    ...(present.has("tablero-online.js") && {
      "./online": { types: "./tablero-online.d.ts", default: "./tablero-online.js" },
      "./tablero-online.js": { types: "./tablero-online.d.ts", default: "./tablero-online.js" },
    }),
  },
  files,
  sideEffects: ["./snippets/*"],
};

await writeFile(new URL("package.json", outDir), JSON.stringify(pkg, null, 2) + "\n");

// wasm-bindgen writes every parameter as required once its type is spelled out with
// `unchecked_param_type`, even for Rust `Option`s; mark the API's optional ones so that
// TypeScript callers may leave them out, as the documentation says they can.
const OPTIONAL = [
  ["newGame", "options"],
  ["legalMoves", "from"],
  ["resign", "player"],
  ["timeout", "player"],
  ["aiMove", "options"],
  ["analyse", "options"],
];
const dtsUrl = new URL("tablero.d.ts", outDir);
let dts = await readFile(dtsUrl, "utf8");
for (const [fn, param] of OPTIONAL) {
  const pattern = new RegExp(`\\b${fn}\\(${param}: `, "g");
  if (!pattern.test(dts)) throw new Error(`tablero.d.ts: no ${fn}(${param}: ...) to mark optional`);
  dts = dts.replace(pattern, `${fn}(${param}?: `);
}
await writeFile(dtsUrl, dts);

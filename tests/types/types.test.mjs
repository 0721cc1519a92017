// tablero-chess's hand-written types (js/tablero.d.ts) against a strict program that uses
// every public call (program.ts): type-checked with `strict` and `skipLibCheck: false` in a
// Node-only project (lib ES2022 + @types/node) and in a DOM project, then compiled and run in
// Node against the package in pkg/ (as `tablero-chess`, resolved through node_modules).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = join(root, "node_modules/typescript/bin/tsc");

function project() {
  const dir = mkdtempSync(join(tmpdir(), "tablero-types-"));
  for (const f of ["program.ts", "editor.ts", "rules.ts", "online.ts", "record.ts", "node-main.ts", "dom-main.ts", "tsconfig.node.json", "tsconfig.dom.json"]) {
    cpSync(join(here, f), join(dir, f));
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(root, "pkg"), join(dir, "node_modules/tablero-chess"), "dir");
  symlinkSync(join(root, "node_modules/@types"), join(dir, "node_modules/@types"), "dir");
  return dir;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  assert.equal(r.status, 0, `${[cmd, ...args].join(" ")}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test("the program type-checks in a Node-only project and runs", () => {
  const dir = project();
  try {
    run(process.execPath, [tsc, "-p", "tsconfig.node.json"], dir);
    const out = run(process.execPath, ["out/node-main.js"], dir);
    assert.match(out, /^3check turn=/m);
    assert.match(out, /^fourplayer turn=(red|blue|yellow|green) /m);
    // The issue 14 item 7 calls ran too (isLegal, boardRows, ascii, headers, splitPgn).
    assert.match(out, /^rows=8 legal=true games=2$/m);
    // The position editor and square queries (editor.ts) ran too.
    assert.match(out, /^setup 4k3\/8\/8\/8\/8\/8\/8\/4K2R b K - 2\+3 0 1$/m);
    assert.match(out, /^fourplayer-setup 12$/m);
    // The rules-only entry (rules.ts) ran on its own wasm: no aiMove, a PGN4 refused, the
    // position editor and square queries refused with a code.
    assert.match(out, /^rules white black pawn 1 invalid-pgn invalid-argument invalid-argument undefined$/m);
    // The online client's types (online.ts): what runs without a server.
    assert.match(out, /^online clock=null error=too-late$/m);
    // The game record (record.ts): the walk, the variation played, the main line left.
    assert.match(out, /^record 9 0,1,2 1\. e4 c5 2\. Nf3 d6 \*$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the program type-checks in a DOM project", () => {
  const dir = project();
  try {
    run(process.execPath, [tsc, "-p", "tsconfig.dom.json"], dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a cast-free misuse is a type error (the checks can fail)", () => {
  const dir = project();
  try {
    writeFileSync(
      join(dir, "program.ts"),
      'import { newGame, type Seat } from "tablero-chess";\nexport const s: Seat | null = newGame().status().turn;\nexport function twoPlayer(): string[] { return []; }\nexport function fourPlayer(): string[] { return []; }\n',
    );
    const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.dom.json"], { cwd: dir, encoding: "utf8" });
    assert.notEqual(r.status, 0);
    assert.match(r.stdout, /TS2322/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

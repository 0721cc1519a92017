// Runs the README's Node example exactly as written, so it cannot silently rot.
//
// The example is the first ```js block under the first heading that mentions "Node". It is
// written to a temporary .mjs file in the repository root, so its relative imports
// (./pkg/tablero.js, ...) resolve as they would for a reader, and run with `node`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../../", import.meta.url);
const readmeUrl = new URL("README.md", root);

/** The first ```js (or ```javascript / ```mjs) block after a heading containing "Node". */
export function nodeExample(markdown) {
  const lines = markdown.split(/\r?\n/);
  const heading = lines.findIndex((l) => /^#{1,6}\s.*\bNode/i.test(l));
  if (heading < 0) return { error: 'no heading mentioning "Node"' };
  let start = -1;
  for (let i = heading + 1; i < lines.length; i++) {
    if (/^```(js|javascript|mjs)\s*$/.test(lines[i])) {
      start = i + 1;
      break;
    }
  }
  if (start < 0) return { error: "no ```js block after the Node heading" };
  const end = lines.findIndex((l, i) => i >= start && /^```\s*$/.test(l));
  if (end < 0) return { error: "unterminated ```js block" };
  return { heading: lines[heading], code: lines.slice(start, end).join("\n") + "\n" };
}

/**
 * Every ```js block that is a whole Node program of the repository, with the heading above
 * it: it loads "./pkg/tablero.js" with the wasm bytes read from "./pkg/tablero_bg.wasm" (the
 * Node example, the table of games, the position editor). The online client's example is
 * left out: it needs a running server (tests/online/ covers the client).
 */
export function nodePrograms(markdown) {
  const lines = markdown.split(/\r?\n/);
  const out = [];
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6}\s/.test(lines[i])) heading = lines[i];
    if (!/^```(js|javascript|mjs)\s*$/.test(lines[i])) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) break;
    const code = lines.slice(i + 1, end).join("\n") + "\n";
    const node = /from "\.\/pkg\/tablero\.js"/.test(code) && /readFile\("\.\/pkg\/tablero_bg\.wasm"\)/.test(code);
    if (node && !/tablero-online/.test(code)) out.push({ heading, code });
    i = end;
  }
  return out;
}

/** Runs `code` as a .mjs file in the repository root, as a reader would. */
function runProgram({ heading, code }) {
  const file = new URL(`.readme-example-${process.pid}.mjs`, root);
  writeFileSync(file, code);
  try {
    const run = spawnSync(process.execPath, [fileURLToPath(file)], {
      cwd: fileURLToPath(root),
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(
      run.status,
      0,
      `README example under "${heading}" failed (status ${run.status}, signal ${run.signal}):\n` +
        `--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
    return run.stdout;
  } finally {
    rmSync(file, { force: true });
  }
}

test("README Node example runs as written", { skip: !existsSync(readmeUrl) && "no README.md yet" }, () => {
  const found = nodeExample(readFileSync(readmeUrl, "utf8"));
  assert.ok(found.code, `README.md: ${found.error}`);
  runProgram(found);
});

test("every README Node program runs as written, the position editor's with the values it shows", { skip: !existsSync(readmeUrl) && "no README.md yet" }, () => {
  const programs = nodePrograms(readFileSync(readmeUrl, "utf8"));
  const editor = programs.find((p) => /Setting up a position/.test(p.heading));
  assert.ok(editor, "the position editor's example is a Node program");
  // The annotated game and the walk of its tree are in the Node example.
  const example = programs.find((p) => /study\.annotate\(/.test(p.code) && /walk\(study\.tree\(\)\)/.test(p.code));
  assert.ok(example, "the README annotates a game and walks its tree");
  for (const p of programs) {
    const out = runProgram(p);
    if (p === editor) {
      // What the comments of the example say it prints.
      for (const shown of ['code: "king-count"', 'fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"', 'fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"', '[ "a7" ]']) {
        assert.ok(out.includes(shown.replace(/"/g, "'")), `${shown} in\n${out}`);
      }
    }
  }
});

test("the README example extractor", () => {
  const md = [
    "# tablero",
    "```js",
    "not this one",
    "```",
    "## Use from Node.js",
    "Some prose.",
    "```sh",
    "npm install tablero",
    "```",
    "```js",
    'import { newGame } from "./pkg/tablero.js";',
    "```",
  ].join("\n");
  assert.deepEqual(nodeExample(md), {
    heading: "## Use from Node.js",
    code: 'import { newGame } from "./pkg/tablero.js";\n',
  });
  assert.ok(nodeExample("# Browser\n```js\nx\n```\n").error);
});

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

test("README Node example runs as written", { skip: !existsSync(readmeUrl) && "no README.md yet" }, () => {
  const found = nodeExample(readFileSync(readmeUrl, "utf8"));
  assert.ok(found.code, `README.md: ${found.error}`);

  const file = new URL(`.readme-example-${process.pid}.mjs`, root);
  writeFileSync(file, found.code);
  try {
    const run = spawnSync(process.execPath, [fileURLToPath(file)], {
      cwd: fileURLToPath(root),
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(
      run.status,
      0,
      `README example under "${found.heading}" failed (status ${run.status}, signal ${run.signal}):\n` +
        `--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  } finally {
    rmSync(file, { force: true });
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

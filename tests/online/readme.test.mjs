// Runs the README's online client example exactly as written, against a server started here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startServer, REPO } from "./server.mjs";

test("the README's online client example runs as written", async () => {
  const lines = readFileSync(`${REPO}README.md`, "utf8").split("\n");
  const heading = lines.findIndex((l) => /^#{1,6} The online client/.test(l));
  assert.ok(heading >= 0, "no 'The online client' heading");
  const start = lines.findIndex((l, i) => i > heading && l.trim() === "```js") + 1;
  const end = lines.findIndex((l, i) => i >= start && l.trim() === "```");
  assert.ok(start > 0 && end > start);
  const file = fileURLToPath(new URL(`../../.readme-online-${process.pid}.mjs`, import.meta.url));
  writeFileSync(file, lines.slice(start, end).join("\n") + "\n");
  const server = await startServer({ args: ["--ai-nodes", "300"] });
  try {
    const run = spawnSync(process.execPath, [file], { cwd: REPO, encoding: "utf8", env: { ...process.env, TABLERO_SERVER: server.url }, timeout: 60000 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`invitation: ${server.url}/www/#room=[\\w-]{22}`));
    assert.match(run.stdout, /refused: illegal-move/);
    assert.match(run.stdout, /white played e4/);
    assert.match(run.stdout, /2 moves: e2e4 \w+/);
  } finally {
    rmSync(file, { force: true });
    await server.stop();
  }
});

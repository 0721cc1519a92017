// The demo shows the engine's import note (issue 14, item 10): a real chess.com record that goes
// on after the game ended under RULES.md is imported up to that end, and a line under the move
// list says where and why. A record read to its end shows no note.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { ROOT, importGame, newPage, startEnv } from "./helpers.mjs";

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

test("a chess.com record imported up to the end under our rules shows the note; it survives a reload", async () => {
  const page = await newPage(env);
  const record = await readFile(`${ROOT}tests/data/chesscom/thethirdone-ffa-2021.pgn4`, "utf8");
  await importGame(page, record);
  const note = page.locator("#import-note");
  await note.waitFor({ state: "visible" });
  const text = await note.textContent();
  assert.match(text, /^Import note: imported up to move 24: .*points-lead/);
  assert.equal(await page.evaluate(() => window.tablero.game.ply), 85);
  await page.evaluate(() => window.tableroSaved());
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await page.locator("#import-note").waitFor({ state: "visible" });
  assert.equal(await page.locator("#import-note").textContent(), text);
  // A game imported to its end has no note.
  await importGame(page, '[Variant "FFA"]\n\n1. h2-h4 .. b7-c7 .. g13-g12 .. m8-l8\n');
  assert.equal(await page.locator("#import-note").isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Saves written by an earlier release (tests/data/saves/, one per game, some finished, written
// before the save's variant was typed) load in the package and save back byte for byte: the
// JS side of tests/game/saves.rs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import tablero from "./load.mjs";

const { Game } = tablero;
const dir = new URL("../data/saves/", import.meta.url);
const names = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

test("every fixture save loads and saves back to the same text", () => {
  assert.ok(names.length >= 7, `only ${names.length} fixture saves`);
  const variants = new Set();
  for (const name of names) {
    const text = readFileSync(new URL(name, dir), "utf8").trimEnd();
    for (const saved of [text, JSON.parse(text)]) {
      const game = Game.fromJSON(saved);
      assert.equal(JSON.stringify(game.toJSON()), text, name);
      assert.equal(game.ply, JSON.parse(text).moves.length, name);
      variants.add(`${game.variant}/${game.rules ?? ""}`);
      game.free();
    }
  }
  assert.equal(variants.size, 8, [...variants].join(" "));
});

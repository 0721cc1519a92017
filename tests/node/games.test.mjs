// games(): the package's table of games (src/kind.rs, GAMES) as JavaScript sees it, checked
// against what the rest of the package and the page say independently: newGame takes each
// row's variant and rules and makes that game, a game's own players, facts and PGN agree with
// its row, and the demo page's i18n tables name the games.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tablero, { newGame } from "./load.mjs";

const { games } = tablero;
const root = new URL("../../", import.meta.url);

const TWO = ["white", "black"];
const FOUR = ["red", "blue", "yellow", "green"];

test("games() lists the eight games in the documented order, each id once", () => {
  const rows = games();
  assert.deepEqual(
    rows.map((g) => g.id),
    ["chess", "chess960", "3check", "kingofthehill", "racingkings", "ffa", "kingdoms", "teams"],
  );
  assert.equal(new Set(rows.map((g) => g.id)).size, rows.length);
  assert.equal(new Set(rows.map((g) => g.label)).size, rows.length);
  for (const g of rows) {
    const keys = ["id", "variant", ...(g.rules === undefined ? [] : ["rules"]), "players", "playOrder", "pgnVariant", "label", "online", "timesOut", "facts"];
    assert.deepEqual(Object.keys(g), keys, g.id);
  }
  // The four-player presets share a variant and differ by rules; two-player rows have none.
  assert.deepEqual(
    rows.map((g) => [g.variant, g.rules]),
    [["chess", undefined], ["chess960", undefined], ["3check", undefined], ["kingofthehill", undefined],
      ["racingkings", undefined], ["fourplayer", "ffa"], ["fourplayer", "kingdoms"], ["fourplayer", "teams"]],
  );
});

test("each row's variant and rules make that game, whose players and facts are the row's", () => {
  for (const g of games()) {
    const game = newGame(g.rules === undefined ? { variant: g.variant } : { variant: g.variant, rules: g.rules });
    assert.equal(game.variant, g.variant, g.id);
    assert.equal(game.rules, g.rules, g.id);
    assert.deepEqual(game.players, g.playOrder, g.id);
    assert.deepEqual(game.facts, g.facts, g.id);
    assert.deepEqual(g.players, g.variant === "fourplayer" ? FOUR : TWO, g.id);
    assert.deepEqual([...g.playOrder].sort(), [...g.players].sort(), g.id);
    // The turns go in playOrder.
    const turns = [];
    for (let i = 0; i < g.playOrder.length; i++) {
      turns.push(game.status().turn);
      game.play(game.legalMoves()[0]);
    }
    assert.deepEqual(turns, g.playOrder, g.id);
    game.free();
  }
  const kingdoms = games().find((g) => g.id === "kingdoms");
  assert.deepEqual(kingdoms.playOrder, ["red", "green", "yellow", "blue"]);
});

test("a game's PGN names its row's pgnVariant and imports as the same game", () => {
  for (const g of games()) {
    const game = newGame(g.rules === undefined ? { variant: g.variant } : { variant: g.variant, rules: g.rules });
    game.play(game.legalMoves()[0]);
    const pgn = game.pgn();
    // Standard chess writes no Variant tag; every other game writes its own.
    if (g.id === "chess") assert.doesNotMatch(pgn, /\[Variant /);
    else assert.match(pgn, new RegExp(`\\[Variant "${g.pgnVariant}"\\]`), g.id);
    const again = newGame({ pgn });
    assert.equal(again.variant, g.variant, g.id);
    assert.equal(again.rules, g.rules, g.id);
    game.free();
    again.free();
  }
});

test("online, timesOut and facts say what the rules say", () => {
  const by = Object.fromEntries(games().map((g) => [g.id, g]));
  // Rooms offer every game (Chess960 since issue 52, Teams since issue 53); only Four
  // Kingdoms eliminates on time (R6.4).
  assert.deepEqual(games().filter((g) => !g.online).map((g) => g.id), []);
  assert.deepEqual(games().filter((g) => g.timesOut).map((g) => g.id), ["kingdoms"]);
  assert.deepEqual(by.kingofthehill.facts.hill, ["d4", "e4", "d5", "e5"]);
  assert.equal(by.racingkings.facts.finishRank, 8);
  assert.equal(by["3check"].facts.countsChecks, true);
  assert.deepEqual(by.ffa.facts.promotions, ["q"]);
  assert.equal(by.kingdoms.facts.files, 14);
});

test("the i18n tables of the page name every online game in en, es and it, and no game in only some", async () => {
  const tables = {};
  for (const lang of ["en", "es", "it"]) {
    tables[lang] = (await import(new URL(`www/i18n/${lang}.js`, root))).default;
  }
  for (const g of games()) {
    const has = Object.entries(tables).filter(([, t]) => typeof t[g.label] === "string" && t[g.label] !== "").map(([l]) => l);
    if (g.online) assert.deepEqual(has, ["en", "es", "it"], `${g.label} (${g.id}) in ${has.join(", ") || "no table"}`);
    else assert.ok(has.length === 0 || has.length === 3, `${g.label} in ${has.join(", ")} only`);
  }
});

test("games() returns a new array each call: changing one changes no later answer", () => {
  const first = games();
  first[0].id = "changed";
  first[0].facts.files = 99;
  first.pop();
  const second = games();
  assert.equal(second.length, 8);
  assert.equal(second[0].id, "chess");
  assert.equal(second[0].facts.files, 8);
});

test("the README's table-of-games example runs as written", () => {
  const readme = readFileSync(new URL("README.md", root), "utf8");
  const lines = readme.split("\n");
  const heading = lines.findIndex((l) => /^#{2,4} The table of games/.test(l));
  assert.ok(heading >= 0, "no 'The table of games' section in the README");
  const start = lines.findIndex((l, i) => i > heading && l === "```js") + 1;
  const end = lines.findIndex((l, i) => i >= start && l === "```");
  assert.ok(start > 0 && end > start);
  const file = new URL(`.readme-games-${process.pid}.mjs`, root);
  writeFileSync(file, lines.slice(start, end).join("\n") + "\n");
  try {
    const run = spawnSync(process.execPath, [fileURLToPath(file)], { cwd: fileURLToPath(root), encoding: "utf8", timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const out = run.stdout.trim().split("\n");
    assert.equal(out[0], "chess g_chess white black 8");
    assert.equal(out[6], "kingdoms g_kingdoms red green yellow blue 14");
    assert.equal(out[7], "teams g_teams red blue yellow green 14");
    assert.equal(out[8], "chess chess960 3check kingofthehill racingkings ffa kingdoms teams");
  } finally {
    rmSync(file, { force: true });
  }
});

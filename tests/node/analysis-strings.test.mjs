// Issue 52: every string of the analysis board, the review and the editor exists in en, es and
// it, and the editor has a message for every code validateFen can answer (the codes read
// from the package's own types, js/tablero.d.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

const root = new URL("../../", import.meta.url);
const tables = {};
for (const lang of ["en", "es", "it"]) tables[lang] = (await import(new URL(`www/i18n/${lang}.js`, root))).default;

test("each validateFen code has a message in every language", async () => {
  const dts = await readFile(new URL("js/tablero.d.ts", root), "utf8");
  const union = dts.match(/export type FenProblem =([^;]+);/)[1];
  const codes = [...union.matchAll(/"([a-z0-9-]+)"/g)].map((m) => m[1]);
  assert.ok(codes.length >= 14, codes.join(" "));
  for (const lang of Object.keys(tables)) {
    for (const code of codes) assert.equal(typeof tables[lang][`fen_${code}`], "string", `${lang}: fen_${code}`);
  }
});

test("every key the analysis and editor views ask for exists in every language", async () => {
  // The analysis view's files (the board, its state, the bar, the tree, the engine, the review) and the editor.
  const files = ["analysis.js", "analysis-state.js", "evalbar.js", "analysis-tree.js", "analysis-engine.js", "review.js", "editor.js"];
  let text = "";
  for (const f of files) text += await readFile(new URL(`www/views/${f}`, root), "utf8");
  const keys = new Set([...text.matchAll(/\bt\("([A-Za-z0-9_-]+)"/g)].map((m) => m[1]));
  // Keys built from a prefix: the glyphs 1-6 and the review's classes.
  for (const n of [1, 2, 3, 4, 5, 6]) keys.add(`nag${n}`);
  for (const c of ["best", "good", "inaccuracy", "mistake", "blunder"]) keys.add(`cls_${c}`);
  for (const k of ["nag", "cls_", "p_", "c_", "fen_"]) keys.delete(k);
  assert.ok(keys.size > 40, `${keys.size} keys`);
  for (const lang of Object.keys(tables)) {
    // A text that depends on a count is its plural forms (`{one, other}`, i18n/index.js).
    for (const k of keys) assert.equal(typeof (tables[lang][k]?.other ?? tables[lang][k]), "string", `${lang}: ${k}`);
  }
});

test("each language's decimal mark (the analysis board's scores) is the one Intl gives that language", () => {
  for (const lang of Object.keys(tables)) {
    const mark = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === "decimal").value;
    assert.equal(tables[lang].decimalMark, mark, lang);
  }
});

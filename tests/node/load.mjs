// Loads pkg/ (wasm-bindgen --target web output) in Node: the web target fetches its .wasm by
// URL, which Node cannot do for file: URLs, so hand init() the bytes instead.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import init, * as tablero from "../../pkg/tablero.js";

await init({ module_or_path: await readFile(new URL("../../pkg/tablero_bg.wasm", import.meta.url)) });

export default tablero;
export const { newGame } = tablero;

/** One options object per game the package plays (the two four-player presets apart). */
export const GAMES = [
  { variant: "chess" },
  { variant: "3check" },
  { variant: "kingofthehill" },
  { variant: "racingkings" },
  { variant: "fourplayer" },
  { variant: "fourplayer", rules: "kingdoms" },
];

/** Asserts that `f` throws an Error whose `.code` is `code` (and whose message matches `re`). */
export function throwsCode(f, code, re) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${e}`);
    assert.equal(e.code, code, `expected code ${code}, got ${e.code}: ${e.message}`);
    if (re) assert.match(e.message, re);
    return true;
  });
}
